import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import * as path from 'path';
import {
  BACKUP_FOLDER,
  BASE_FORMAT_VERSION,
  BaseSnapshot,
  baseSnapshotCandidates,
  BaseSnapshotError,
  baseSnapshotPath,
  isSafeId,
  parseBaseSnapshot,
} from './baseFormat';
import { refuseLinkOut } from '../files/insideFolder';

/**
 * Base snapshots on disk: reading, writing and backups. The format, its checks and the rule for
 * which sidecar belongs to a file are shared with the language server and the CLI
 * (`baseFormat.ts`). Diffs against the base show the user's own edits; push compares
 * the base with the file (what changed locally) and with a fresh remote read (what changed
 * remotely). The `.campaigns/` folder may be committed or ignored.
 */

export {
  BACKUP_FOLDER,
  BASE_FOLDER,
  BaseSnapshotError,
  baseSnapshotPath,
  checkBaseSnapshot,
} from './baseFormat';
export type { BaseSnapshot } from './baseFormat';

/** Reads the base of `id` under a workspace folder; undefined when there is none. A damaged file throws a `BaseSnapshotError`. */
export async function readBaseSnapshot(workspaceRoot: string, id: string): Promise<BaseSnapshot | undefined> {
  return readBaseSnapshotFile(baseSnapshotPath(workspaceRoot, id), id);
}

/**
 * The base of a campaign file, found as the language server and `campaign-lint` find it: the
 * sidecar of its id in its own folder or the nearest parent folder that has one.
 */
export async function findBaseSnapshot(fileName: string, id: string): Promise<{ file: string; snapshot: BaseSnapshot } | undefined> {
  for (const file of baseSnapshotCandidates(fileName, id)) {
    const snapshot = await readBaseSnapshotFile(file, id);
    if (snapshot) return { file, snapshot };
  }
  return undefined;
}

async function readBaseSnapshotFile(file: string, id: string): Promise<BaseSnapshot | undefined> {
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new BaseSnapshotError(l10n.t('The base snapshot {0} cannot be read: {1}.', file, (e as Error).message));
  }
  return parseBaseSnapshot(text, file, id);
}

/**
 * Writes the base of `snapshot.id` atomically (a temporary file, then a rename), in version 2: a
 * snapshot read from a version-1 sidecar is written without its in-memory `migratedFrom`.
 */
export async function writeBaseSnapshot(workspaceRoot: string, snapshot: BaseSnapshot): Promise<string> {
  const file = baseSnapshotPath(workspaceRoot, snapshot.id);
  const { migratedFrom: _inMemoryOnly, ...onDisk } = snapshot;
  await writeFileAtomic(workspaceRoot, file, `${JSON.stringify(onDisk, null, 2)}\n`);
  return file;
}

/** Writes text so that a reader sees the old or the new file, never half of one; never through a link out of `workspaceRoot`. */
export async function writeFileAtomic(workspaceRoot: string, file: string, text: string): Promise<void> {
  refuseLinkOut(workspaceRoot, file);
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
  if (!isSafeId(id)) throw new BaseSnapshotError(l10n.t`\`${id}\` is not a campaign id that can name a file.`);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const file = path.join(workspaceRoot, ...BACKUP_FOLDER.split('/'), `${id}.${stamp}.json`);
  await writeFileAtomic(workspaceRoot, file, text);
  return file;
}

export function makeBaseSnapshot(
  init: Omit<BaseSnapshot, 'format' | 'version' | 'fetchedAt' | 'migratedFrom'> & { fetchedAt?: string },
): BaseSnapshot {
  return {
    format: 'campaign-studio-base',
    version: BASE_FORMAT_VERSION,
    environment: init.environment,
    workspaceId: init.workspaceId,
    ...(init.baseUrl ? { baseUrl: init.baseUrl } : {}),
    id: init.id,
    fetchedAt: init.fetchedAt ?? new Date().toISOString(),
    campaign: init.campaign,
    aside: init.aside,
    notes: init.notes,
  };
}
