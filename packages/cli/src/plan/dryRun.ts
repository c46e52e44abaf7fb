import * as l10n from '@vscode/l10n';
import * as path from 'path';
import { documentSettings } from '@campaign-studio/core';
import {
  BaseStore,
  compareWithBase,
  ConflictQuestion,
  draftRequests,
  Environment,
  LocalFile,
  LocalRules,
  ProgressStep,
  PushApi,
  PushPreview,
  PushUi,
  RemoteCampaign,
  RemoteFinding,
  rulesWithSettings,
  runCreateDraft,
  runPush,
  sameContent,
  stampOf,
  WriteDeps,
} from '@campaign-studio/sync';
import { CliError, CliIO, plain, unlessConfig } from '../io';
import { failureText, Service } from '../service/session';
import { CampaignFile } from '../workspace/files';
import { SettingsLookup } from '../workspace/settings';
import { resolveWayOut } from '../commands/resolve';
import { contentHash, PlanEntry, PlanProblem, RemoteStampRecord, sha256 } from './format';

/**
 * `campaign plan` runs the editor's own push (and create-draft) flow against the service, with
 * ports that never write: the file is a copy in memory, base snapshots are read but not written,
 * every write call throws, and the one question that would lead to a write is answered "no"
 * after recording what it showed. So the plan is what a push would send, checked by the same
 * preflight: local rules, refusals, state rules against the campaign's status now, the merge
 * with the service's changes, and the service's own validation.
 */

/** The questions a flow asked, and what they showed; every answer is "no". */
export class RecordingUi implements PushUi {
  preview?: PushPreview;
  conflicts?: ConflictQuestion;
  /** The question a push asks when only the service changed (it is the update flow's only `confirm`). */
  behind?: string;
  /** The create flow asked to go ahead (its first `confirm`): its checks passed. */
  createAsked = false;
  findings: Array<RemoteFinding> = [];

  constructor(private readonly flow: 'update' | 'create') {}

  async confirmPush(preview: PushPreview): Promise<boolean> {
    this.preview = preview;
    return false;
  }
  async resolveConflicts(question: ConflictQuestion): Promise<undefined> {
    this.conflicts = question;
    return undefined;
  }
  async offerRemoteVersion(): Promise<boolean> {
    return false;
  }
  async confirm(message: string): Promise<boolean> {
    if (this.flow === 'create') this.createAsked = true;
    else this.behind = message;
    return false;
  }
  info(): void {
    /* the plan entry says it */
  }
  warn(): void {
    /* the plan entry says it */
  }
  error(): void {
    /* the plan entry says it */
  }
  showFindings(_uri: string, findings: RemoteFinding[]): void {
    this.findings = findings;
  }
  progress<T>(_title: string, task: (step: ProgressStep) => Promise<T>): Promise<T> {
    return task({ report: () => undefined, signal: new AbortController().signal });
  }
}

/** The file as a buffer in memory: the merge a push would write into it stays there. */
function memoryFile(f: CampaignFile): LocalFile {
  let text = f.text;
  return {
    uri: `file://${f.file}`,
    name: path.basename(f.file),
    text: () => text,
    replace: async (expected, next) => {
      if (text !== expected) return false;
      text = next;
      return true;
    },
    whenSaved: () => ({ cancel: () => undefined }),
  };
}

function refuseWrite(): never {
  throw new Error('a plan never writes to the service');
}

/** Reads as usual, records the last campaign read; every write refused. */
export function readOnlyApi(api: PushApi, seen: { remote?: RemoteCampaign }): PushApi {
  return {
    ...api,
    getCampaign: async (id, signal) => (seen.remote = await api.getCampaign(id, signal)),
    updateCampaign: refuseWrite,
    createCampaign: refuseWrite,
    changeStatus: refuseWrite,
    testCampaign: refuseWrite,
  };
}

function readOnlyBases(bases: BaseStore): BaseStore {
  return { read: id => bases.read(id), write: async () => undefined };
}

export function remoteStamp(remote: RemoteCampaign): RemoteStampRecord {
  const s = stampOf(remote.raw);
  const updatedBy = remote.raw.updated_by;
  return {
    status: remote.status,
    ...(s.updated_at !== undefined ? { updatedAt: String(s.updated_at) } : {}),
    ...(typeof updatedBy === 'string' && updatedBy ? { updatedBy } : {}),
    ...(typeof s.version_number === 'number' ? { versionNumber: s.version_number } : {}),
    contentSha256: contentHash(remote.normalized),
  };
}

/** The rules with the settings of the file's nearest `.campaignrc.json`, as lint checks it. */
export function rulesFor(settings: SettingsLookup, file: string): LocalRules {
  return rulesWithSettings(documentSettings(settings.for(file)).workspace);
}

export interface PlanContext {
  service: Service;
  io: CliIO;
  settings: SettingsLookup;
}

/** A file's entry before anything is planned: nothing to send yet. */
export function entryOf(f: CampaignFile, cwd: string): PlanEntry {
  return {
    file: path.relative(cwd, f.file).split(path.sep).join('/'),
    fileSha256: sha256(f.text),
    action: 'none',
    requests: [],
    changes: [],
    fileTakes: [],
    conflicts: [],
    problems: [],
    notes: [],
  };
}

export async function planFile(f: CampaignFile, ctx: PlanContext): Promise<PlanEntry> {
  const entry: PlanEntry = { ...entryOf(f, ctx.io.cwd), campaignId: f.id };
  if (!f.doc)
    return { ...entry, action: 'blocked', message: f.unreadable ?? `${f.shown} does not hold a JSON object: fix the file first.` };
  try {
    const env = f.id ? ctx.service.environmentOf(f) : ctx.service.defaultEnvironment();
    const planned = f.id ? await planUpdate(f, env, ctx) : await planCreate(f, env, ctx);
    return { ...entry, environment: env.name, ...planned };
  } catch (e) {
    return { ...entry, action: 'error', message: failureText(unlessConfig(e)) };
  }
}

function writeDeps(f: CampaignFile, env: Environment, ctx: PlanContext, ui: PushUi, seen: { remote?: RemoteCampaign }): WriteDeps {
  if (!env.email)
    throw new CliError(
      l10n.t`environment "${env.name}" has no email, which every write puts in created_by / updated_by: add "email" to it, or give --email ADDRESS (or CAMPAIGN_EMAIL).`,
    );
  return {
    api: readOnlyApi(ctx.service.api(env), seen),
    bases: readOnlyBases(ctx.service.bases(env, f)),
    ui,
    env: { name: env.name, production: env.production, email: env.email },
    rules: rulesFor(ctx.settings, f.file),
  };
}

async function planUpdate(f: CampaignFile, env: Environment, ctx: PlanContext): Promise<Partial<PlanEntry>> {
  const ui = new RecordingUi('update');
  const seen: { remote?: RemoteCampaign } = {};
  const deps = writeDeps(f, env, ctx, ui, seen);
  const unedited = await withoutLocalEdits(f, deps);
  if (unedited) return unedited;
  const result = await runPush(memoryFile(f), deps);
  const remote = seen.remote ? { remote: remoteStamp(seen.remote) } : {};
  if (ui.preview) {
    const p = ui.preview;
    return {
      ...remote,
      action: 'update',
      campaignName: p.campaignName,
      requests: [{ method: p.request.method, path: p.request.path, body: p.body }],
      changes: p.changes,
      fileTakes: p.takeFromRemote,
      notes: p.notes.map(n => plain(n).replace(' (shown in the file)', ' (listed above)')),
      problems: ui.findings.map(problemOf),
    };
  }
  if (ui.conflicts) {
    const conflicts = ui.conflicts.conflicts.map(c => ({ path: c.path, base: c.base, local: c.local, remote: c.remote }));
    const by = ui.conflicts.remoteUpdatedBy ? ` (by ${ui.conflicts.remoteUpdatedBy})` : '';
    return {
      ...remote,
      action: 'conflict',
      conflicts,
      message: `changed both in the file and on the service${by}: ${conflicts.map(c => c.path).join(', ')}. ${resolveWayOut(entryOf(f, ctx.io.cwd).file)}`,
    };
  }
  if (ui.behind) return { ...remote, action: 'behind', message: `${plain(ui.behind)} campaign pull takes it.` };
  if (result.outcome === 'nothing-to-push') return { ...remote, action: 'none' };
  const problems = (result.problems ?? []).map(problemOf);
  return { ...remote, action: result.outcome === 'blocked' ? 'blocked' : 'error', problems, message: plain(result.message) };
}

/** A campaign file with something of its own to send: it differs from its base snapshot, or has none. Planning it costs one validation call. */
export function hasLocalEdits(f: CampaignFile): boolean {
  return !!f.doc && !(f.base && sameContent(f.base.snapshot.campaign, f.doc));
}

/**
 * A file without edits since its base has nothing to send, whatever it is (an SMS campaign, which
 * V5 cannot update, included): it is `none`, or `behind` when the service changed since.
 */
async function withoutLocalEdits(f: CampaignFile, deps: WriteDeps): Promise<Partial<PlanEntry> | undefined> {
  const base = f.base?.snapshot.campaign;
  if (!base || !f.doc || hasLocalEdits(f)) return undefined;
  const now = await deps.api.getCampaign(f.id!);
  const remote = { remote: remoteStamp(now) };
  if (sameContent(base, now.normalized)) return { ...remote, action: 'none' };
  const changed = compareWithBase(base, f.doc, now.normalized).remote.map(c => c.path);
  return {
    ...remote,
    action: 'behind',
    message: `nothing of yours to send; the service changed ${changed.join(', ')} since the pull: campaign pull takes it.`,
  };
}

async function planCreate(f: CampaignFile, env: Environment, ctx: PlanContext): Promise<Partial<PlanEntry>> {
  const ui = new RecordingUi('create');
  const deps = writeDeps(f, env, ctx, ui, {});
  const result = await runCreateDraft(memoryFile(f), deps);
  if (ui.createAsked)
    return {
      action: 'create',
      requests: draftRequests(f.doc!, deps.env.email),
      notes: ['A new draft: the service assigns its id, which the push writes into the file.'],
    };
  return {
    action: result.outcome === 'blocked' ? 'blocked' : 'error',
    problems: ui.findings.map(problemOf),
    message: plain(result.message),
  };
}

export function problemOf(p: { rule?: string; severity?: string; path: string; message: string }): PlanProblem {
  return { ...(p.rule ? { rule: p.rule } : {}), severity: p.severity ?? 'error', path: p.path, message: plain(p.message) };
}
