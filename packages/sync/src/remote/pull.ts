import * as l10n from '@vscode/l10n';
import { isObject, JsonObject, nonEmptyString } from '@campaign-studio/core';
import { contentOf, sameContent } from '../push/model';
import { FieldConflict, mergeFields } from '../push/merge';
import { applyFieldChanges, refreshMetadata } from '../push/textEdits';
import { findBaseSnapshot, readBaseSnapshot, writeBaseSnapshot } from './baseSnapshots';
import { baseOfEnvironment, foreignBaseMessage, workspaceOfBase } from './baseFormat';
import {
  decideFetch,
  existingFile,
  FetchDecision,
  fileFor,
  readIfExists,
  refuseLinksOut,
  remoteFor,
  snapshotFor,
  writeFileCreatingFolders,
} from './fetch';
import { CampaignRecord, ServiceClient } from './serviceClient';

/**
 * Pull: fetch for scripts and CI, where nobody can be asked. It writes what fetch writes (the
 * file and its base snapshot, in the same places and formats), and never loses a local edit: a
 * file with edits since its base is merged field by field with the service's changes, and when
 * the same field changed on both sides, nothing is written and the fields are listed.
 */

export type PullDecision =
  /** As fetch decides: a new file, a file without edits since its base, or one already holding the service's version. */
  | Exclude<FetchDecision, { action: 'ask' }>
  /** The service did not change since the base: the edits stay, only the base is refreshed. */
  | { action: 'base-only'; reason: 'remote-unchanged' }
  /** Both changed, in different fields: the file takes the service's fields, keeps its own. */
  | { action: 'merge'; local: JsonObject; merged: JsonObject; takenFromRemote: string[]; keptLocal: string[] }
  /** The same fields changed on both sides: nothing is written. */
  | { action: 'conflict'; conflicts: FieldConflict[] }
  /** The file cannot be compared safely: nothing is written. */
  | { action: 'refuse'; reason: 'unparsable' | 'no-base'; message: string };

/**
 * Fetch's decision, and where fetch would ask the person (local edits), the merge: the file
 * keeps its edits and takes the service's changes, or nothing is written when they conflict.
 */
export function decidePull(diskText: string | undefined, base: JsonObject | undefined, remote: JsonObject): PullDecision {
  const fetched = decideFetch({ diskText, base }, remote);
  if (fetched.action !== 'ask') return fetched;
  if (!isObject(fetched.local))
    return {
      action: 'refuse',
      reason: 'unparsable',
      message: l10n.t("the file is not a JSON object, so its edits cannot be merged with the service's: fix it, then pull again"),
    };
  if (!base)
    return {
      action: 'refuse',
      reason: 'no-base',
      message: l10n.t(
        "the file differs from the service and has no base snapshot, so its edits cannot be told from the service's changes: move it aside to pull the service's version, or fetch it in VS Code, which asks",
      ),
    };
  if (sameContent(base, remote)) return { action: 'base-only', reason: 'remote-unchanged' };
  const local = fetched.local;
  const m = mergeFields(contentOf(base), contentOf(local), contentOf(remote));
  if (m.conflicts.length) return { action: 'conflict', conflicts: m.conflicts };
  return { action: 'merge', local, merged: m.merged, takenFromRemote: m.takenFromRemote, keptLocal: m.keptLocal };
}

export interface PullPorts {
  client: ServiceClient;
  /** Where `.campaigns/` is for a campaign seen for the first time. */
  workspaceRoot: string;
  /** The folder new files go to, relative to the workspace root. */
  folder: string;
  signal?: AbortSignal;
  now?(): Date;
  /** The campaign as already read (many in one search, `readCampaigns`): not read again. */
  record?: CampaignRecord;
  /** The existing file of a campaign (a pull of many looks it up in `fetchedFileIndex`); by default, a walk of the workspace. */
  findExisting?(id: string): Promise<string | undefined>;
}

export interface PullResult {
  id: string;
  file: string;
  decision: PullDecision;
  /** The base snapshot written; absent when nothing was written. */
  basePath?: string;
  /** Who last changed the campaign on the service, and when. */
  updatedBy?: string;
  updatedAt?: string;
}

/** Pulls campaign `id`: the file (existing one found by its id, else a new one) and its base. */
export async function pullIntoWorkspace(id: string, ports: PullPorts): Promise<PullResult> {
  const remote = await remoteFor(id, ports);
  const existing = await existingFile(id, ports);
  const file = existing ?? fileFor(id, remote.normalized.document, ports);
  const found = existing ? await findBaseSnapshot(existing, id) : undefined;
  const root = found ? workspaceOfBase(found.file) : ports.workspaceRoot;
  refuseLinksOut(ports.workspaceRoot, file, root, id);
  const snapshot = found?.snapshot ?? (await readBaseSnapshot(root, id));
  if (snapshot && !baseOfEnvironment(snapshot, ports.client.environment))
    throw new Error(foreignBaseMessage(id, snapshot, ports.client.environment));
  const diskText = await readIfExists(file);
  const decision = decidePull(diskText, snapshot?.campaign, remote.normalized.document);
  const who = { updatedBy: nonEmptyString(remote.record.updated_by), updatedAt: nonEmptyString(remote.record.updated_at) };
  if (decision.action === 'conflict' || decision.action === 'refuse') return { id, file, decision, ...who };
  if (decision.action === 'write') await writeFileCreatingFolders(ports.workspaceRoot, file, remote.text);
  if (decision.action === 'merge' || decision.action === 'base-only') {
    // The edits stay; the metadata follows the base this pull writes.
    const kept = decision.action === 'merge' ? applyFieldChanges(diskText!, contentOf(decision.local), decision.merged) : diskText!;
    const next = refreshMetadata(kept, remote.normalized.document);
    if (next !== diskText) await writeFileCreatingFolders(ports.workspaceRoot, file, next);
  }
  const basePath = await writeBaseSnapshot(root, snapshotFor(ports.client, id, remote.normalized, ports.now?.() ?? new Date()));
  return { id, file, decision, basePath, ...who };
}
