import * as fs from 'fs';
import * as path from 'path';
import { isObject, JsonObject } from './json';
import { isSafeId } from './naming';
import { NormalizationNote } from './normalize';

/**
 * Base snapshots: the normalized remote campaign as it was last fetched (or pushed), kept beside
 * the workspace in `.campaigns/base/<id>.json`. Diffs against the base show the user's own edits;
 * push compares the base with the file (what changed locally) and with a fresh remote read (what
 * changed remotely). The folder may be committed or ignored; nothing else reads it.
 *
 * File format (version 1):
 * ```json
 * { "format": "campaign-studio-base", "version": 1,
 *   "environment": "staging", "baseUrl": "https://…", "workspaceId": "…",
 *   "id": "…", "fetchedAt": "2025-01-01T10:00:00.000Z",
 *   "campaign": { …request shape, as written to the file… },
 *   "aside": { "created_at": "…", … }, "notes": [ { "path": "/scheduling_details", "message": "…" } ] }
 * ```
 */

export const BASE_FOLDER = '.campaigns/base';
export const BACKUP_FOLDER = '.campaigns/backup';

export interface BaseSnapshot {
  format: 'campaign-studio-base';
  version: 1;
  environment: string;
  baseUrl: string;
  workspaceId: string;
  /** The campaign id (the file name's id). */
  id: string;
  /** ISO 8601, when the remote was read. */
  fetchedAt: string;
  /** The normalized remote: exactly what fetch wrote into the file. */
  campaign: JsonObject;
  /** Response-only fields set aside by normalization. */
  aside: JsonObject;
  notes: NormalizationNote[];
}

export class BaseSnapshotError extends Error {}

/** Where the base of campaign `id` lives under a workspace folder. */
export function baseSnapshotPath(workspaceRoot: string, id: string): string {
  if (!isSafeId(id)) throw new BaseSnapshotError(`\`${id}\` is not a campaign id that can name a file.`);
  return path.join(workspaceRoot, ...BASE_FOLDER.split('/'), `${id}.json`);
}

/** Checks a parsed snapshot; a sentence about what is wrong, or undefined. */
export function checkBaseSnapshot(v: unknown): string | undefined {
  if (!isObject(v)) return 'it is not a JSON object';
  if (v.format !== 'campaign-studio-base') return '`format` is not `campaign-studio-base`';
  if (v.version !== 1) return `version \`${String(v.version)}\` is not supported (only 1)`;
  for (const k of ['environment', 'baseUrl', 'workspaceId', 'id', 'fetchedAt']) {
    if (typeof v[k] !== 'string' || !(v[k] as string)) return `\`${k}\` is missing`;
  }
  if (!isObject(v.campaign)) return '`campaign` is not an object';
  if (v.aside !== undefined && !isObject(v.aside)) return '`aside` is not an object';
  if (v.notes !== undefined && !Array.isArray(v.notes)) return '`notes` is not a list';
  return undefined;
}

/** Reads the base of `id`; undefined when there is none. A damaged file throws a `BaseSnapshotError`. */
export async function readBaseSnapshot(workspaceRoot: string, id: string): Promise<BaseSnapshot | undefined> {
  const file = baseSnapshotPath(workspaceRoot, id);
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new BaseSnapshotError(`The base snapshot ${file} cannot be read: ${(e as Error).message}.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new BaseSnapshotError(`The base snapshot ${file} is not valid JSON (${(e as Error).message}). Fetch the campaign again to rebuild it.`);
  }
  const problem = checkBaseSnapshot(parsed);
  if (problem) throw new BaseSnapshotError(`The base snapshot ${file} is damaged: ${problem}. Fetch the campaign again to rebuild it.`);
  const snap = parsed as BaseSnapshot;
  return { ...snap, aside: snap.aside ?? {}, notes: (snap.notes ?? []).filter(n => isObject(n) && typeof n.path === 'string' && typeof n.message === 'string') };
}

/** Writes the base of `snapshot.id` atomically (a temporary file, then a rename). */
export async function writeBaseSnapshot(workspaceRoot: string, snapshot: BaseSnapshot): Promise<string> {
  const file = baseSnapshotPath(workspaceRoot, snapshot.id);
  await writeFileAtomic(file, `${JSON.stringify(snapshot, null, 2)}\n`);
  return file;
}

export async function deleteBaseSnapshot(workspaceRoot: string, id: string): Promise<void> {
  await fs.promises.rm(baseSnapshotPath(workspaceRoot, id), { force: true });
}

/** Writes text so that a reader sees the old or the new file, never half of one. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}.tmp`;
  try {
    await fs.promises.writeFile(tmp, text, 'utf8');
    await fs.promises.rename(tmp, file);
  } catch (e) {
    await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
    throw e;
  }
}

/**
 * Keeps a copy of text that is about to be replaced (local edits the user chose to overwrite),
 * as `.campaigns/backup/<id>.<timestamp>.json`. Returns the copy's path.
 */
export async function backupLocalText(workspaceRoot: string, id: string, text: string, now = new Date()): Promise<string> {
  if (!isSafeId(id)) throw new BaseSnapshotError(`\`${id}\` is not a campaign id that can name a file.`);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const file = path.join(workspaceRoot, ...BACKUP_FOLDER.split('/'), `${id}.${stamp}.json`);
  await writeFileAtomic(file, text);
  return file;
}

export function makeBaseSnapshot(init: Omit<BaseSnapshot, 'format' | 'version' | 'fetchedAt'> & { fetchedAt?: string }): BaseSnapshot {
  return {
    format: 'campaign-studio-base',
    version: 1,
    environment: init.environment,
    baseUrl: init.baseUrl,
    workspaceId: init.workspaceId,
    id: init.id,
    fetchedAt: init.fetchedAt ?? new Date().toISOString(),
    campaign: init.campaign,
    aside: init.aside,
    notes: init.notes,
  };
}
