import * as l10n from '@vscode/l10n';
import { code, JsonObject, nonEmptyString, serviceTimeText } from '@campaign-studio/core';
import { CampaignRead, readCampaigns, ReadManyOptions } from './batchRead';
import { adviceFor, refusedWith } from './errors';
import { normalizeCampaign } from './normalize';
import { ServiceClient } from './serviceClient';
import { compareWithBase, PathChange, SyncState } from './syncState';

/**
 * Where each campaign file of a workspace stands against the service, as `campaign status` tells
 * it, for many files at once: every campaign read in one batched read (`readCampaigns`), then
 * each file compared with its base snapshot and the campaign as read. The comparison of one file
 * with a campaign already read is pure, so the editor can tell a file's state again after a save
 * without reading anything.
 */

export type FileState = SyncState | 'not-on-service' | 'error';

export interface FileToCheck {
  /** The file (a path or a URI): what the answer is keyed by. */
  file: string;
  /** Its campaign: its `id`, else the id in its name. */
  id: string;
  /** Its content now; undefined when it is not a JSON object. */
  doc?: JsonObject;
  /** Its base snapshot's campaign, in the environment checked. */
  base: JsonObject;
}

export interface FileCheck {
  file: string;
  id: string;
  state: FileState;
  /** Base → file, by JSON path. */
  local: PathChange[];
  /** Base → service, by JSON path. */
  remote: PathChange[];
  /** Paths changed on both sides differently. */
  conflicts: string[];
  /** Who last changed the campaign on the service, and when, as it says. */
  remoteUpdatedBy?: string;
  remoteUpdatedAt?: string;
  /** Why the state is `not-on-service` or `error`, with what to do. */
  reason?: string;
}

/** One file against the campaign as read (or the failure to read it). */
export function stateOfFile(f: FileToCheck, read: CampaignRead | undefined, environment: string): FileCheck {
  const out = (state: FileState, reason?: string): FileCheck => ({
    file: f.file,
    id: f.id,
    state,
    local: [],
    remote: [],
    conflicts: [],
    reason,
  });
  if (!read) return out('error', l10n.t('campaign {0} was not read', code(f.id)));
  if ('error' in read) {
    if (refusedWith(read.error, 404))
      return out('not-on-service', l10n.t("campaign {0} is not on {1}: deleted, or another workspace's", code(f.id), code(environment)));
    return out('error', adviceFor(read.error, { environment }).message);
  }
  if (!f.doc) return out('error', l10n.t('the file is not a JSON object: fix it first'));
  const remote = normalizeCampaign(read.record).document;
  const c = compareWithBase(f.base, f.doc, remote);
  return {
    ...out(c.state),
    local: c.local,
    remote: c.remote,
    conflicts: c.conflicts,
    remoteUpdatedBy: nonEmptyString(read.record.updated_by),
    remoteUpdatedAt: nonEmptyString(read.record.updated_at),
  };
}

/** Every file's state, its campaigns read in one batched read (15 a search). */
export async function checkFiles(
  client: ServiceClient,
  files: readonly FileToCheck[],
  o: ReadManyOptions = {},
): Promise<{ checks: FileCheck[]; reads: Map<string, CampaignRead> }> {
  const reads = await readCampaigns(
    client,
    files.map(f => f.id),
    o,
  );
  return { checks: files.map(f => stateOfFile(f, reads.get(f.id), client.environment.name)), reads };
}

/** How many checks are in each state. */
function fileStateCounts(checks: readonly FileCheck[]): Record<FileState, number> {
  const counts: Record<FileState, number> = { unchanged: 0, modified: 0, behind: 0, diverged: 0, 'not-on-service': 0, error: 0 };
  for (const c of checks) counts[c.state]++;
  return counts;
}

/** The state's name, as a list of files shows it beside each. */
export function fileStateName(state: FileState): string {
  switch (state) {
    case 'unchanged':
      return l10n.t({ message: 'unchanged', comment: "a campaign file's state: the same as its base and as the service" });
    case 'modified':
      return l10n.t({ message: 'modified', comment: "a campaign file's state: changed in the workspace since it was fetched" });
    case 'behind':
      return l10n.t({ message: 'behind', comment: "a campaign file's state: the campaign changed on the service since it was fetched" });
    case 'diverged':
      return l10n.t({ message: 'diverged', comment: "a campaign file's state: changed both in the workspace and on the service" });
    case 'not-on-service':
      return l10n.t({ message: 'not on the service', comment: "a campaign file's state: its campaign is not on the service" });
    case 'error':
      return l10n.t({ message: 'not checked', comment: "a campaign file's state: it could not be checked" });
  }
}

/** Who changed the campaign on the service, as far as it says. */
function changedBy(c: FileCheck): string {
  if (c.remoteUpdatedBy && c.remoteUpdatedAt) return l10n.t('by {0} at {1}', c.remoteUpdatedBy, serviceTimeText(c.remoteUpdatedAt));
  if (c.remoteUpdatedBy) return l10n.t('by {0}', c.remoteUpdatedBy);
  return l10n.t({ message: 'by someone', comment: 'who changed a campaign on the service, when the service does not say' });
}

/** Field paths as a short list: the first few, and how many more. */
function fieldList(paths: readonly string[]): string {
  const shown = paths
    .slice(0, 4)
    .map(p => code(p))
    .join(', ');
  return paths.length > 4 ? l10n.t('{0} and {1} more', shown, paths.length - 4) : shown;
}

/** One or two sentences on a file's state: what changed where, and who changed it on the service. */
export function describeFileState(c: FileCheck, environment: string): string {
  const env = code(environment);
  switch (c.state) {
    case 'unchanged':
      return l10n.t('Unchanged: the file is as fetched, and the campaign on {0} is too.', env);
    case 'modified':
      return l10n.t(
        'Modified: you changed {0} since the fetch; the campaign on {1} has not changed.',
        fieldList(c.local.map(x => x.path)),
        env,
      );
    case 'behind':
      return l10n.t(
        'Behind: the campaign changed on {0} since the fetch ({1}), {2}; the file is as fetched. Fetch it to take the changes.',
        env,
        fieldList(c.remote.map(x => x.path)),
        changedBy(c),
      );
    case 'diverged':
      return c.conflicts.length
        ? l10n.t(
            'Diverged: you changed {0}, and the campaign changed on {1} ({2}), {3}. Both changed {4} differently: a push asks which to keep.',
            fieldList(c.local.map(x => x.path)),
            env,
            fieldList(c.remote.map(x => x.path)),
            changedBy(c),
            fieldList(c.conflicts),
          )
        : l10n.t(
            'Diverged: you changed {0}, and the campaign changed on {1} ({2}), {3}. No field changed differently on both sides: a push merges them.',
            fieldList(c.local.map(x => x.path)),
            env,
            fieldList(c.remote.map(x => x.path)),
            changedBy(c),
          );
    case 'not-on-service':
      return l10n.t('Not on the service: {0}.', c.reason ?? '');
    case 'error':
      return l10n.t('Not checked: {0}', c.reason ?? '');
  }
}

/** What a check found, in one sentence: how many files, then each state that has any. */
export function describeFileChecks(checks: readonly FileCheck[], environment: string): string {
  const n = fileStateCounts(checks);
  const parts = [
    n.modified &&
      l10n.t({ message: '{0} modified', args: [n.modified], comment: 'how many campaign files were changed in the workspace only' }),
    n.behind &&
      l10n.t({ message: '{0} behind', args: [n.behind], comment: "how many campaign files' campaigns changed on the service only" }),
    n.diverged &&
      l10n.t({
        message: '{0} diverged',
        args: [n.diverged],
        comment: 'how many campaign files changed both in the workspace and on the service',
      }),
    n['not-on-service'] &&
      l10n.t({
        message: '{0} not on the service',
        args: [n['not-on-service']],
        comment: "how many campaign files' campaigns are not on the service",
      }),
    n.error && l10n.t({ message: '{0} not checked', args: [n.error], comment: 'how many campaign files could not be checked' }),
    n.unchanged &&
      l10n.t({
        message: '{0} unchanged',
        args: [n.unchanged],
        comment: 'how many campaign files are the same as their base and the service',
      }),
  ]
    .filter((p): p is string => !!p)
    .join(', ');
  return checks.length === 1
    ? l10n.t('Checked 1 campaign file against {0}: {1}.', code(environment), parts)
    : l10n.t('Checked {0} campaign files against {1}: {2}.', checks.length, code(environment), parts);
}
