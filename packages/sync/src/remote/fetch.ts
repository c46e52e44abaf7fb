import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import * as path from 'path';
import { BaseSnapshot, backupLocalText, baseSnapshotPath, makeBaseSnapshot, readBaseSnapshot, writeBaseSnapshot } from './baseSnapshots';
import { ComponentSummary, diffComponents } from './componentDiff';
import { serializeCampaign } from './format';
import { dequal } from 'dequal';
import { isObject, JsonObject } from '@campaign-studio/core';
import { campaignFileName, campaignName, cleanFolder, idFromFileName } from './naming';
import { refuseLinkOut } from '../files/insideFolder';
import { normalizeCampaign, NormalizedCampaign } from './normalize';
import { sameContent } from '../push/model';
import { CallOptions, CampaignRecord, ServiceClient } from './serviceClient';

/**
 * Fetching a remote campaign into the workspace, and the one decision that matters: may the file
 * be written without asking? Only when that loses nothing: there is no file yet, or the file is
 * exactly the base snapshot (no local edits since the last fetch), or it already equals the
 * remote. Unsaved edits in an editor, local edits against the base, a file with no base, or a
 * file that does not parse: the user is asked (overwrite / diff / cancel). Overwriting keeps a
 * copy of the replaced text under `.campaigns/backup/`.
 */

export interface LocalState {
  /** The file's text on disk; undefined when there is no file. */
  diskText?: string;
  /** The text of an open editor with unsaved changes; undefined when none is dirty. */
  unsavedText?: string;
  /** The base snapshot's document, when there is one. */
  base?: JsonObject;
}

export type FetchDecision =
  | { action: 'write'; reason: 'new-file' | 'no-local-edits' }
  /** The file already holds the remote (by value): only the base is refreshed. */
  | { action: 'base-only'; reason: 'same-as-remote' }
  | {
      action: 'ask';
      reason: 'unsaved-edits' | 'local-edits' | 'no-base' | 'unparsable';
      message: string;
      localChanges?: ComponentSummary;
      local?: unknown;
    };

export function decideFetch(local: LocalState, remote: JsonObject): FetchDecision {
  if (local.unsavedText !== undefined) {
    return { action: 'ask', reason: 'unsaved-edits', message: l10n.t('The file has unsaved changes in an editor.') };
  }
  if (local.diskText === undefined) return { action: 'write', reason: 'new-file' };
  let doc: unknown;
  try {
    doc = JSON.parse(local.diskText);
  } catch {
    return {
      action: 'ask',
      reason: 'unparsable',
      message: l10n.t('The file is not valid JSON, so its local edits cannot be compared with the remote.'),
    };
  }
  if (dequal(doc, remote)) return { action: 'base-only', reason: 'same-as-remote' };
  if (local.base) {
    // Metadata alone (a file from before push kept it in step) is no edit of the user's.
    if (isObject(doc) && sameContent(doc, local.base)) return { action: 'write', reason: 'no-local-edits' };
    const localChanges = diffComponents(local.base, doc);
    const message = localChanges.changes.length
      ? l10n.t('The file has local edits since it was fetched ({0}).', localChanges.changes.map(c => `\`${c.key}\``).join(', '))
      : l10n.t('The file has local edits since it was fetched.');
    return { action: 'ask', reason: 'local-edits', message, localChanges, local: doc };
  }
  return {
    action: 'ask',
    reason: 'no-base',
    message: l10n.t('The file differs from the remote, and there is no base snapshot to tell local edits from remote changes.'),
    localChanges: diffComponents(remote, doc),
    local: doc,
  };
}

export type FetchChoice = 'overwrite' | 'diff' | 'cancel';

export interface FetchPorts {
  client: ServiceClient;
  /** Absolute path of the workspace folder: the fetch folder and `.campaigns/` are inside it. */
  workspaceRoot: string;
  /** The fetch folder, relative to the workspace root. */
  folder: string;
  /** An existing file of this campaign (found by the id in its name), if any. */
  findExisting?(id: string): Promise<string | undefined>;
  /** Unsaved editor text of a file, if an editor holds unsaved changes. */
  unsavedText?(file: string): string | undefined;
  /** Writes the file; the editor writes through an open document so nothing unsaved is lost. */
  writeFile?(file: string, text: string): Promise<void>;
  /** Asked when writing could lose work. */
  ask(
    decision: Extract<FetchDecision, { action: 'ask' }>,
    file: string,
    incoming: { text: string; normalized: NormalizedCampaign },
  ): Promise<FetchChoice>;
  signal?: AbortSignal;
  now?(): Date;
  /** The campaign as already read (several in one search, `readCampaigns`): not read again. */
  record?: CampaignRecord;
}

export interface FetchResult {
  outcome: 'written' | 'unchanged' | 'diff' | 'cancelled';
  file: string;
  /** Path of the base snapshot written (not when cancelled or diffed). */
  basePath?: string;
  /** Copy of the overwritten local text. */
  backup?: string;
  decision: FetchDecision;
  /** The campaign as the service returned it (every outcome read it). */
  record: JsonObject;
  normalized: NormalizedCampaign;
  text: string;
}

/** A campaign record as fetch writes it and its read-only view shows it: normalized, and that text. */
export function campaignAsFetched(record: JsonObject): { normalized: NormalizedCampaign; text: string } {
  const normalized = normalizeCampaign(record);
  return { normalized, text: serializeCampaign(normalized.document) };
}

/** The remote campaign, normalized, with the text fetch would write. */
export function readRemote(
  client: ServiceClient,
  id: string,
  o: Pick<CallOptions, 'signal'> = {},
): Promise<{ record: JsonObject; normalized: NormalizedCampaign; text: string }> {
  return remoteFor(id, { client, signal: o.signal });
}

/** The base snapshot of a campaign just read from `client`'s environment. */
export function snapshotFor(client: ServiceClient, id: string, n: NormalizedCampaign, now = new Date()): BaseSnapshot {
  return makeBaseSnapshot({
    environment: client.environment.name,
    baseUrl: client.environment.baseUrl,
    workspaceId: client.environment.workspaceId,
    id,
    fetchedAt: now.toISOString(),
    campaign: n.document,
    aside: n.aside,
    notes: n.notes,
  });
}

/** The campaign as fetch and pull write it: the record already read (a batched read), else read now. */
export async function remoteFor(
  id: string,
  ports: { client: ServiceClient; record?: CampaignRecord; signal?: AbortSignal },
): Promise<{ record: JsonObject; normalized: NormalizedCampaign; text: string }> {
  const record = ports.record ?? (await ports.client.getCampaign(id, { signal: ports.signal }));
  return { record, ...campaignAsFetched(record) };
}

/** The file a campaign was fetched into before: the caller's lookup (an index, the editor's search), else a walk of the workspace. */
export function existingFile(
  id: string,
  ports: { workspaceRoot: string; findExisting?(id: string): Promise<string | undefined> },
): Promise<string | undefined> {
  return ports.findExisting ? ports.findExisting(id) : findFetchedFile(ports.workspaceRoot, id);
}

/** The new file of a campaign not in the workspace yet: `<folder>/<name-slug>.<id>.campaign.json`. */
export function fileFor(id: string, doc: JsonObject, ports: { workspaceRoot: string; folder: string }): string {
  const folder = cleanFolder(ports.folder, ports.workspaceRoot);
  return path.join(ports.workspaceRoot, ...folder.split('/').filter(Boolean), campaignFileName(campaignName(doc), id));
}

export async function fetchIntoWorkspace(id: string, ports: FetchPorts): Promise<FetchResult> {
  const remote = await remoteFor(id, ports);
  cleanFolder(ports.folder, ports.workspaceRoot); // a fetch folder leaving the workspace is refused even when the file exists
  const file = (await existingFile(id, ports)) ?? fileFor(id, remote.normalized.document, ports);
  refuseLinksOut(ports.workspaceRoot, file, ports.workspaceRoot, id);
  const diskText = await readIfExists(file);
  const unsaved = ports.unsavedText?.(file);
  const base = await readBaseSnapshot(ports.workspaceRoot, id).catch(() => undefined);
  const decision = decideFetch({ diskText, unsavedText: unsaved, base: base?.campaign }, remote.normalized.document);
  const now = ports.now?.() ?? new Date();
  const write = ports.writeFile ?? ((f: string, t: string) => writeFileCreatingFolders(ports.workspaceRoot, f, t));
  const result = (outcome: FetchResult['outcome'], extra: Partial<FetchResult> = {}): FetchResult => ({
    outcome,
    file,
    decision,
    record: remote.record,
    normalized: remote.normalized,
    text: remote.text,
    ...extra,
  });

  let backup: string | undefined;
  if (decision.action === 'ask') {
    const choice = await ports.ask(decision, file, { text: remote.text, normalized: remote.normalized });
    if (choice === 'cancel') return result('cancelled');
    if (choice === 'diff') return result('diff');
    const replaced = unsaved ?? diskText;
    if (replaced !== undefined) backup = await backupLocalText(ports.workspaceRoot, id, replaced, now);
  }
  if (ports.signal?.aborted) return result('cancelled');
  if (decision.action !== 'base-only') await write(file, remote.text);
  const basePath = await writeBaseSnapshot(ports.workspaceRoot, snapshotFor(ports.client, id, remote.normalized, now));
  return result(decision.action === 'base-only' ? 'unchanged' : 'written', { basePath, backup });
}

export async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await fs.promises.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/**
 * Before a campaign's file and base are read to be written again: neither may lead out of its
 * folder through a link (the file out of `workspaceRoot`, the base out of `baseRoot`).
 */
export function refuseLinksOut(workspaceRoot: string, file: string, baseRoot: string, id: string): void {
  refuseLinkOut(workspaceRoot, file);
  refuseLinkOut(baseRoot, baseSnapshotPath(baseRoot, id));
}

/** Writes a campaign file of the folder `workspaceRoot`, never through a link out of it. */
export async function writeFileCreatingFolders(workspaceRoot: string, file: string, text: string): Promise<void> {
  refuseLinkOut(workspaceRoot, file);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  await fs.promises.writeFile(file, text, 'utf8');
}

const SKIP = new Set(['node_modules', '.git', '.campaigns', '.vscode-test', 'dist', 'out']);

/** A file `*.<id>.campaign.json` anywhere under the root (the editor uses its own file search). */
export async function findFetchedFile(root: string, id: string, depth = 8): Promise<string | undefined> {
  for await (const f of fetchedFiles(root, depth)) if (f.id === id) return f.file;
  return undefined;
}

/**
 * Every fetched file under the root by its campaign id, from one walk: a command that pulls many
 * campaigns looks each up here instead of walking the folder once per campaign. The first file
 * found for an id wins, as `findFetchedFile` finds it.
 */
export async function fetchedFileIndex(root: string, depth = 8): Promise<Map<string, string>> {
  const index = new Map<string, string>();
  for await (const f of fetchedFiles(root, depth)) if (!index.has(f.id)) index.set(f.id, f.file);
  return index;
}

/** The files named `*.<id>.campaign.json` under the root: a folder's files before its subfolders. */
async function* fetchedFiles(dir: string, depth: number): AsyncGenerator<{ id: string; file: string }> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const id = e.isFile() ? idFromFileName(e.name) : undefined;
    if (id) yield { id, file: path.join(dir, e.name) };
  }
  if (depth <= 0) return;
  for (const e of entries) {
    if (e.isDirectory() && !SKIP.has(e.name)) yield* fetchedFiles(path.join(dir, e.name), depth - 1);
  }
}

/** The id a campaign file belongs to: the `id` inside it, else the one in its name. */
export function campaignIdOfFile(fileName: string, text: string | undefined): string | undefined {
  if (text !== undefined) {
    try {
      const doc = JSON.parse(text);
      if (isObject(doc) && typeof doc.id === 'string' && doc.id) return doc.id;
    } catch {
      // fall back to the name
    }
  }
  return idFromFileName(fileName);
}
