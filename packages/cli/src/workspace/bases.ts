import * as fs from 'fs';
import * as path from 'path';
import { AncestorIndex, BASE_FOLDER, baseSnapshotPath, BaseSnapshotStore, isSafeId } from '@campaign-studio/sync';

/** Whether `dir` may hold base snapshots: anything at `.campaigns/base` (what it is, each lookup then tells). */
function mayHoldBases(dir: string): boolean {
  try {
    fs.statSync(path.join(dir, BASE_FOLDER));
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code !== 'ENOENT' && code !== 'ENOTDIR';
  }
}

/**
 * Base snapshots as the editor finds them (`.campaigns/base/<id>.json` in the file's folder or
 * the nearest parent), with the folders that have any found once per directory: a file then
 * looks only where a snapshot may be.
 */
export function baseSnapshotsByDirectory(): BaseSnapshotStore {
  const folders = new AncestorIndex(mayHoldBases);
  const candidates = (fileName: string, id: string): string[] =>
    isSafeId(id) ? folders.matching(path.dirname(path.resolve(fileName))).map(dir => baseSnapshotPath(dir, id)) : [];
  return new BaseSnapshotStore(undefined, candidates);
}
