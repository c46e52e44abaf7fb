import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import { BaseSnapshot, baseIdOf, baseSnapshotCandidates, BaseSnapshotError, parseBaseSnapshot, remoteStateOf } from './baseFormat';
import { BaseProblem, BaseSnapshotSource, RemoteState } from '@campaign-studio/core';

/**
 * The remote state of a fetched campaign file, found from the file itself: its `id` (else the id
 * in its name) names the sidecar `.campaigns/base/<id>.json`, looked for in the file's folder and
 * then in each parent (`baseFormat.ts` holds the format and that rule, shared with
 * the extension). The language server uses it for a file the extension has not described, and
 * `campaign-lint` for every file, so the update rules (P1–P5) and the kept-as-returned schedule
 * (H5) read the same base in CI as in the editor.
 */

export interface FoundBase {
  /** The sidecar that was read. */
  file: string;
  snapshot: BaseSnapshot;
  remote: RemoteState;
}

export type { BaseProblem } from '@campaign-studio/core';

export interface BaseLookup {
  /** The base found, if any. */
  found?: FoundBase;
  /** The sidecar that exists but cannot be used: `message` says why and what to do, `reason` only why. */
  problem?: BaseProblem;
}

/** When and how big a file was last written; a change means it must be read again. */
function stampOf(file: string): string | undefined {
  try {
    const st = fs.statSync(file);
    return st.isFile() ? `${st.mtimeMs}:${st.size}:${st.ino}` : `other:${st.mtimeMs}`;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // Nothing there (or a folder on the way is a file): look further up.
    return code === 'ENOENT' || code === 'ENOTDIR' ? undefined : `unreadable:${code ?? ''}`;
  }
}

/**
 * Sidecars read from disk, each read again only when its time or size changed, so a base written
 * by a fetch or a push is seen on the next check without any notification.
 */
export class BaseSnapshotStore implements BaseSnapshotSource {
  private readonly read = new Map<string, { stamp: string; lookup: BaseLookup }>();

  /**
   * `size`: how many sidecars to keep (the least recently used goes first). `candidates`: where
   * the sidecars of a file may be, nearest first (a one-shot run such as campaign-lint caches
   * which folders have any).
   */
  constructor(
    private readonly size = 256,
    private readonly candidates: (fileName: string, id: string) => string[] = baseSnapshotCandidates,
  ) {}

  /** The base of the campaign file `fileName` whose parsed content is `doc`. Never throws. */
  lookup(fileName: string, doc: unknown): BaseLookup {
    const id = baseIdOf(fileName, doc);
    if (!id) return {};
    for (const file of this.candidates(fileName, id)) {
      const stamp = stampOf(file);
      if (stamp === undefined) continue;
      const hit = this.read.get(file);
      this.read.delete(file);
      const lookup = hit && hit.stamp === stamp ? hit.lookup : readSidecar(file, id);
      this.read.set(file, { stamp, lookup });
      if (this.read.size > this.size) this.read.delete(this.read.keys().next().value as string);
      return lookup;
    }
    return {};
  }

  /** Forgets what was read (a sidecar changed on disk). */
  clear(): void {
    this.read.clear();
  }
}

function readSidecar(file: string, id: string): BaseLookup {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'EISDIR'
        ? l10n.t('it is a directory')
        : code === 'EACCES' || code === 'EPERM'
          ? l10n.t('permission denied')
          : (code ?? String(e));
    return {
      problem: {
        file,
        reason: why,
        message: l10n.t(
          'The base snapshot {0} cannot be read ({1}). Make it a readable file, or fetch the campaign again to rebuild it.',
          file,
          why,
        ),
      },
    };
  }
  try {
    const snapshot = parseBaseSnapshot(text, file, id);
    return { found: { file, snapshot, remote: remoteStateOf(snapshot.campaign) } };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { problem: { file, message, reason: e instanceof BaseSnapshotError ? e.reason : message } };
  }
}
