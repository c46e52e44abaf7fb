import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import { code, isObject, JsonObject, nonEmptyString, parse } from '@campaign-studio/core';
import { holdPushLock, LockHolder, PushLockBusy } from '../files/pushLock';
import { baseOfEnvironment, BaseSnapshot, foreignBaseMessage } from '../remote/baseFormat';
import { makeBaseSnapshot, readBaseSnapshot, writeBaseSnapshot, writeFileAtomic } from '../remote/baseSnapshots';
import { Environment } from '../remote/environments';
import { normalizeCampaign } from '../remote/normalize';
import { describeFailure } from './errorMapping';
import { ConflictChoice, FieldConflict } from './merge';
import { CampaignDoc, campaignNameOf, list, sameContent } from './model';
import { PushApi, RemoteCampaign } from './ports';
import { conflictsOf, ResolvedField, resolveFields } from './resolve';
import { applyFieldChanges } from './textEdits';

/**
 * `campaign resolve`: the conflicts of a campaign file decided without a push. Under the push
 * lock of the campaign (no push of it moves the base meanwhile), it reads the file, its base
 * snapshot and the campaign on the service now, resolves the chosen conflicts (`resolve.ts`),
 * and writes the file's chosen fields, then the base, each atomically. Nothing is sent; when the
 * service cannot be read, nothing is written.
 */

/** Theirs (the service's value), ours (the file's), or the file's value as edited by hand: the same as ours, said so. */
export type ResolvePick = 'theirs' | 'ours' | 'file';

export interface ResolveTarget {
  /** The campaign file, absolute. */
  file: string;
  /** The folder the file may be written in: never through a link out of it. */
  workspaceRoot: string;
  /** The folder whose `.campaigns/` holds the file's base snapshot. */
  baseRoot: string;
  id: string;
}

export interface ResolveDeps {
  api: Pick<PushApi, 'getCampaign'>;
  environment: Environment;
  pick: ResolvePick;
  /** The conflicts to resolve, by path as shown (`basic_details.name`); every conflict when empty. */
  paths: readonly string[];
  /** Another push or resolve holds the campaign: the wait begins. */
  onWait(holder: LockHolder): void;
}

interface Said {
  message: string;
  campaignName?: string;
}

export type ResolveResult =
  | (Said & {
      outcome: 'resolved';
      fields: ResolvedField[];
      /** Conflicts not named by `paths`: still to be resolved. */
      left: FieldConflict[];
      /** Who last changed the campaign on the service. */
      updatedBy?: string;
    })
  /** The file has no conflict with the service. */
  | (Said & { outcome: 'none' })
  /** Nothing was written: a path not in conflict, a file or base that cannot be used, the file changed meanwhile. */
  | (Said & { outcome: 'refused'; conflicts: string[] })
  /** Nothing was written (or only the file, as the message says): the service or the disk failed. */
  | (Said & { outcome: 'failed' });

export async function resolveFile(t: ResolveTarget, deps: ResolveDeps): Promise<ResolveResult> {
  let release: () => Promise<void>;
  try {
    release = await holdPushLock(t.baseRoot, t.id, { onWait: deps.onWait });
  } catch (e) {
    if (!(e instanceof PushLockBusy)) throw e;
    return {
      outcome: 'failed',
      message: l10n.t(
        'Nothing was written: a push of campaign {0} was still running after {1} seconds. Resolve again once it is done.',
        t.id,
        Math.round(e.waitedMs / 1000),
      ),
    };
  }
  try {
    return await resolveHeld(t, deps);
  } finally {
    await release();
  }
}

async function resolveHeld(t: ResolveTarget, deps: ResolveDeps): Promise<ResolveResult> {
  const text = await fs.promises.readFile(t.file, 'utf8');
  const local = parsedObject(text);
  if (!local) return refused(l10n.t('Nothing was written: the file is not a JSON object. Fix it, then resolve again.'));
  const snapshot = await readBaseSnapshot(t.baseRoot, t.id);
  if (!snapshot)
    return refused(
      l10n.t(
        'Nothing was written: campaign {0} has no base snapshot, so its conflicts cannot be told. {1} records one (your file is merged, never overwritten).',
        t.id,
        code(`campaign pull ${t.id}`),
      ),
    );
  const base = baseOfEnvironment(snapshot, deps.environment);
  if (!base) return refused(l10n.t('Nothing was written: {0}', foreignBaseMessage(t.id, snapshot, deps.environment)));
  let remote: RemoteCampaign;
  try {
    remote = await deps.api.getCampaign(t.id);
  } catch (e) {
    return {
      outcome: 'failed',
      campaignName: campaignNameOf(local),
      message: l10n.t(
        'Nothing was written: campaign {0} could not be read from {1} ({2}), and resolving needs its current version. Resolve again once the service answers.',
        t.id,
        deps.environment.name,
        describeFailure(e).replace(/\.$/, ''),
      ),
    };
  }
  const campaignName = campaignNameOf(remote.normalized) ?? campaignNameOf(local);
  const conflicts = conflictsOf(base.campaign, local, remote.normalized);
  const named = chosenConflicts(conflicts, deps.paths);
  if ('unknown' in named) return { ...refused(notInConflict(named.unknown, conflicts), conflicts), campaignName };
  if (!conflicts.length) return { outcome: 'none', campaignName, message: l10n.t('No conflict: nothing to resolve.') };
  const choice: ConflictChoice = deps.pick === 'theirs' ? 'remote' : 'local';
  const r = resolveFields(base.campaign, local, remote.normalized, Object.fromEntries(named.chosen.map(c => [c.id, choice])));
  const next = applyFieldChanges(text, local, r.local);
  const problem = await writeResolution(t, { read: text, next }, nextBase(base, r.base, remote, deps.environment));
  if (problem) return { ...problem, campaignName };
  return {
    outcome: 'resolved',
    campaignName,
    fields: r.resolved,
    left: r.left,
    updatedBy: nonEmptyString(remote.raw.updated_by),
    message: resolvedMessage(r.left),
  };
}

type Refused = Extract<ResolveResult, { outcome: 'refused' }>;
type Failed = Extract<ResolveResult, { outcome: 'failed' }>;

function refused(message: string, conflicts: FieldConflict[] = []): Refused {
  return { outcome: 'refused', conflicts: conflicts.map(c => c.path), message };
}

function parsedObject(text: string): CampaignDoc | undefined {
  const value = parse(text).value;
  return isObject(value) ? value : undefined;
}

/** The conflicts `paths` name (all when none is named), or the paths that name none. */
function chosenConflicts(conflicts: FieldConflict[], paths: readonly string[]): { chosen: FieldConflict[] } | { unknown: string[] } {
  const unknown = paths.filter(p => !conflicts.some(c => c.path === p));
  if (unknown.length) return { unknown };
  return { chosen: paths.length ? conflicts.filter(c => paths.includes(c.path)) : conflicts };
}

function notInConflict(unknown: string[], conflicts: FieldConflict[]): string {
  if (!conflicts.length)
    return l10n.t('Nothing was written: {0} is not in conflict, and the file has no conflict with the service.', list(unknown));
  return l10n.t(
    'Nothing was written: {0} is not in conflict. The fields in conflict are {1}.',
    list(unknown),
    list(conflicts.map(c => c.path)),
  );
}

/**
 * The base once resolved: the service's version itself when the resolved base holds all of its
 * content (as a pull would write it), else the old snapshot with the resolved fields changed, so
 * that the service's other changes still show as theirs.
 */
function nextBase(snapshot: BaseSnapshot, campaign: CampaignDoc, remote: RemoteCampaign, env: Environment): BaseSnapshot {
  if (!sameContent(campaign, remote.normalized)) return { ...snapshot, campaign: campaign as JsonObject };
  const n = normalizeCampaign(remote.raw);
  return makeBaseSnapshot({
    environment: env.name,
    baseUrl: env.baseUrl,
    workspaceId: env.workspaceId,
    id: snapshot.id,
    campaign: n.document,
    aside: n.aside,
    notes: n.notes,
  });
}

/**
 * The file first, then the base: a base that took the service's value while the file did not
 * take theirs would make the file's old value look like an edit, which a push would send over
 * theirs. The other way round, a failed base write leaves the field as a conflict, or as the same
 * value on both sides. Nothing is written when the file changed since it was read.
 */
async function writeResolution(
  t: ResolveTarget,
  file: { read: string; next: string },
  base: BaseSnapshot,
): Promise<Refused | Failed | undefined> {
  if ((await fs.promises.readFile(t.file, 'utf8')) !== file.read)
    return refused(l10n.t('Nothing was written: the file changed while its conflicts were being resolved. Resolve again.'));
  if (file.next !== file.read) await writeFileAtomic(t.workspaceRoot, t.file, file.next);
  try {
    await writeBaseSnapshot(t.baseRoot, base);
    return undefined;
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return {
      outcome: 'failed',
      message:
        file.next === file.read
          ? l10n.t('Nothing was written: the base snapshot could not be written ({0}).', why)
          : l10n.t('The file took the chosen values, but its base snapshot could not be written ({0}): resolve again to finish.', why),
    };
  }
}

function resolvedMessage(left: FieldConflict[]): string {
  if (left.length) return l10n.t('Still in conflict: {0}. Resolve them too before pushing.', list(left.map(c => c.path)));
  return l10n.t('Nothing was sent yet: {0} shows what {1} would send now.', code('campaign plan'), code('campaign push'));
}
