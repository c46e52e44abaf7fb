import { serviceTimeText } from '@campaign-studio/core';
import * as fs from 'fs';
import * as path from 'path';
import { dequal } from 'dequal';
import {
  ConflictQuestion,
  DraftResult,
  RemoteCampaign,
  remoteOfRead,
  Environment,
  LocalFile,
  normalizeBaseUrl,
  ProgressStep,
  PushPreview,
  PushResult,
  PushUi,
  refuseLinkOut,
  runCreateDraft,
  runPush,
  WriteDeps,
} from '@campaign-studio/sync';
import { CliIO, plain, unlessConfig } from '../io';
import { EnvironmentSet, environmentNamed } from '../service/environments';
import { failureText, Service } from '../service/session';
import { readCampaignFile } from '../workspace/files';
import { SettingsLookup } from '../workspace/settings';
import { remoteStamp, rulesFor } from './dryRun';
import { Plan, PlanEntry, sha256 } from './format';

/**
 * Applying a plan: each entry through the editor's own push (or create-draft) flow, which reads
 * the campaign again, merges, validates and writes once, and reads back a write whose answer was
 * lost instead of sending it again. The flow's question "send this?" is answered yes only when
 * what it would send is exactly the planned body, against the campaign as it was planned.
 */

export interface ApplyResult {
  file: string;
  campaignId?: string;
  environment?: string;
  action: 'update' | 'create';
  /** The flow's outcome: pushed, pushed-after-timeout, created, not-applied, unchecked, blocked, failed… */
  outcome: string;
  ok: boolean;
  message: string;
}

type PlannedEnvironment = Plan['environments'][number];

/**
 * Where the entries would go that the plan did not mean: each environment whose name now stands for
 * another address, workspace or production flag than when the plan was made (another folder's
 * campaign.environments.json, another CAMPAIGN_BASE_URL), or that the plan does not record.
 */
export function elsewhere(plan: Plan, todo: PlanEntry[], set: EnvironmentSet): string[] {
  const names = new Set(todo.map(e => e.environment).filter((n): n is string => !!n));
  return [...names].flatMap(name => {
    const planned = plan.environments.find(p => p.name.toLowerCase() === name.toLowerCase());
    const here = environmentNamed(set, name);
    if (planned && samePlace(planned, here)) return [];
    const made = planned ? placeOf(planned) : `${name}, which the plan does not describe`;
    return [`the plan was made for ${made}, and here ${set.source} defines ${placeOf(here)}`];
  });
}

function samePlace(planned: PlannedEnvironment, here: Environment): boolean {
  return (
    normalizeBaseUrl(String(planned.baseUrl)) === here.baseUrl &&
    planned.workspaceId === here.workspaceId &&
    planned.production === here.production
  );
}

function placeOf(e: PlannedEnvironment | Environment): string {
  return `${e.name} (${e.baseUrl}, workspace ${e.workspaceId}${e.production ? ', production' : ''})`;
}

/** Why an entry can no longer be applied as planned (its file or its campaign moved), or undefined. */
export async function staleness(e: PlanEntry, service: Service, io: CliIO): Promise<string | undefined> {
  const file = fileStaleness(e, io);
  if (file) return file;
  if (!checksRemote(e)) return undefined;
  return remoteStaleness(e, environmentNamed(service.environments(), e.environment), service);
}

/** An entry whose campaign is checked on the service before applying: an update planned against the campaign as read then. */
export type RemoteChecked = PlanEntry & Required<Pick<PlanEntry, 'campaignId' | 'environment' | 'remote'>>;

export function checksRemote(e: PlanEntry): e is RemoteChecked {
  return e.action === 'update' && !!e.campaignId && !!e.environment && !!e.remote;
}

/** Why an update's campaign is no longer the one planned (changed on `env`, or unreadable), or undefined. */
export async function remoteStaleness(e: RemoteChecked, env: Environment, service: Service): Promise<string | undefined> {
  let now;
  try {
    now = remoteStamp(await readNow(service, env, e.campaignId));
  } catch (err) {
    return `campaign ${e.campaignId} could not be read from ${env.name} to check it (${failureText(err)})`;
  }
  if (
    now.contentSha256 === e.remote.contentSha256 &&
    now.updatedAt === e.remote.updatedAt &&
    now.versionNumber === e.remote.versionNumber &&
    now.status === e.remote.status
  )
    return undefined;
  const by = now.updatedBy ? ` by ${now.updatedBy}` : '';
  return `campaign ${e.campaignId} changed on ${env.name} since the plan was made (${now.updatedAt ? `at ${serviceTimeText(now.updatedAt)}` : 'its content differs'}${by})`;
}

/** Why an entry's file is no longer the one planned (gone, changed), or undefined. */
export function fileStaleness(e: PlanEntry, io: CliIO): string | undefined {
  const text = readOrUndefined(path.resolve(io.cwd, e.file));
  if (text === undefined) return `${e.file} is gone since the plan was made`;
  if (sha256(text) !== e.fileSha256) return `${e.file} changed since the plan was made`;
  return undefined;
}

/** The campaign as read ahead (left for the push that follows, which takes it as its first read), else read now. */
async function readNow(service: Service, env: Environment, id: string): Promise<RemoteCampaign> {
  const read = service.readAheadOf(env, id);
  return read ? remoteOfRead(read) : service.api(env).getCampaign(id);
}

function readOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Says yes to exactly the planned write; says what happened on stderr as it goes. */
export class ApplyUi implements PushUi {
  /** Warnings said on the way (the service changed during the push, a write checked by reading). */
  readonly warnings: string[] = [];
  /** Why the flow was stopped before writing. */
  refusal?: string;

  constructor(
    private readonly entry: PlanEntry,
    private readonly progressOut: (s: string) => void,
  ) {}

  /** What the flow ended with, after the warnings said on the way; or why nothing was sent, and `again`, the command to run again. */
  outcomeText(flowMessage: string, again: string): string {
    const said = plain(flowMessage);
    return this.refusal
      ? `nothing was sent: ${this.refusal}. Run ${again} again.`
      : [...this.warnings.filter(w => w !== said), said].join(' ');
  }

  async confirmPush(preview: PushPreview, round: 1 | 2): Promise<boolean> {
    if (round === 2) return true; // production was confirmed with --yes --env NAME, or typed
    if (!dequal(preview.body, this.entry.requests[0]?.body)) this.refusal = 'what a push would send now differs from the plan';
    else if (preview.remoteUpdatedAt !== this.entry.remote?.updatedAt)
      this.refusal = 'the campaign changed on the service since the plan was made';
    return !this.refusal;
  }
  async resolveConflicts(q: ConflictQuestion): Promise<undefined> {
    this.refusal = `fields changed on both sides since the plan was made: ${q.conflicts.map(c => c.path).join(', ')}`;
    return undefined;
  }
  async offerRemoteVersion(): Promise<boolean> {
    return false; // the authored file never takes the service's echo of a push
  }
  async confirm(): Promise<boolean> {
    if (this.entry.action === 'create') return true;
    this.refusal = 'only the service changed since the plan was made';
    return false;
  }
  info(): void {
    /* the flow's result says it */
  }
  warn(m: string): void {
    this.warnings.push(plain(m));
  }
  error(): void {
    /* the flow's result says it */
  }
  showFindings(): void {
    /* the flow's message names them */
  }
  progress<T>(title: string, task: (step: ProgressStep) => Promise<T>): Promise<T> {
    this.progressOut(`${this.entry.file}: ${plain(title)}`);
    return task({ report: m => this.progressOut(`${this.entry.file}: ${plain(m)}`), signal: new AbortController().signal });
  }
}

/** The file on disk: replaced only while it still holds what the flow read, and never through a link out of the working folder. */
function diskFile(file: string, cwd: string): LocalFile {
  const text = () => fs.readFileSync(file, 'utf8');
  return {
    uri: `file://${file}`,
    name: path.basename(file),
    text,
    replace: async (expected, next) => {
      if (text() !== expected) return false;
      refuseLinkOut(cwd, file);
      fs.writeFileSync(file, next);
      return true;
    },
    whenSaved: then => {
      then(text());
      return { cancel: () => undefined };
    },
  };
}

export async function applyEntry(e: PlanEntry, service: Service, io: CliIO, settings: SettingsLookup): Promise<ApplyResult> {
  const result = { file: e.file, campaignId: e.campaignId, environment: e.environment, action: e.action as ApplyResult['action'] };
  const abs = path.resolve(io.cwd, e.file);
  const ui = new ApplyUi(e, s => io.stderr(`campaign push: ${s}\n`));
  try {
    const f = readCampaignFile({ file: abs, shown: e.file });
    const env = environmentNamed(service.environments(), e.environment ?? '');
    const deps: WriteDeps = {
      api: service.api(env),
      bases: service.bases(env, f),
      ui,
      env: { name: env.name, production: env.production, email: env.email ?? '' },
      rules: rulesFor(settings, abs),
    };
    const r: PushResult | DraftResult =
      e.action === 'create' ? await runCreateDraft(diskFile(abs, io.cwd), deps) : await runPush(diskFile(abs, io.cwd), deps);
    const ok = r.outcome === 'pushed' || r.outcome === 'pushed-after-timeout' || r.outcome === 'created';
    const message = ui.outcomeText(r.message, 'campaign plan');
    return {
      ...result,
      campaignId: 'id' in r && r.id ? r.id : result.campaignId,
      outcome: ui.refusal ? 'refused' : r.outcome,
      ok,
      message,
    };
  } catch (err) {
    return { ...result, outcome: 'failed', ok: false, message: failureText(unlessConfig(err)) };
  }
}
