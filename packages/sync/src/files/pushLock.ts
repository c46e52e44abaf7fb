import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import * as path from 'path';
import * as lockfile from 'proper-lockfile';
import { refuseLinkOut } from './insideFolder';

/**
 * One push of a campaign at a time from one folder, across processes (two `campaign push`, or
 * the CLI and the editor): the read before writing, the PATCH and the base move run under a lock
 * on `.campaigns/locks/<id>`. A second push waits for it, then reads the campaign again and finds
 * nothing left to send; when the wait is too long, it sends nothing. A lock left by a process that
 * died is no longer renewed and is taken over once it is stale.
 */

export const LOCK_FOLDER = '.campaigns/locks';
/** A holder renews its lock every half of this; one not renewed for this long is stale. */
const STALE_MS = 10_000;
/** Longer than `STALE_MS`, so that a dead holder's lock is taken over within the wait. */
export const PUSH_LOCK_WAIT_MS = 20_000;
const RETRY_MS = 250;

/** Who holds the lock, as its holder wrote it; empty when that cannot be read. */
export interface LockHolder {
  pid?: number;
}

/** The lock stayed held for the whole wait. */
export class PushLockBusy extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly waitedMs: number,
  ) {
    super(l10n.t('another push still holds the campaign after {0} seconds', Math.round(waitedMs / 1000)));
  }
}

export interface HoldOptions {
  /** Called once, when the lock is held by another push and the wait begins. */
  onWait(holder: LockHolder): void;
  waitMs?: number;
}

/** Takes the push lock of campaign `id` in `workspaceRoot`, waiting for another holder; resolves to its release. */
export async function holdPushLock(workspaceRoot: string, id: string, o: HoldOptions): Promise<() => Promise<void>> {
  const target = await lockTarget(workspaceRoot, id);
  try {
    return await acquire(target, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
  }
  o.onWait(holderOf(target));
  const waitMs = o.waitMs ?? PUSH_LOCK_WAIT_MS;
  try {
    return await acquire(target, Math.ceil(waitMs / RETRY_MS));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOCKED') throw new PushLockBusy(holderOf(target), waitMs);
    throw e;
  }
}

/** The locked path (it holds the holder's pid); its folder made, ignored by git, never through a link out. */
async function lockTarget(workspaceRoot: string, id: string): Promise<string> {
  const folder = path.join(workspaceRoot, ...LOCK_FOLDER.split('/'));
  const target = path.join(folder, id);
  refuseLinkOut(workspaceRoot, target);
  await fs.promises.mkdir(folder, { recursive: true });
  // Locks are of this machine: never committed with the rest of `.campaigns/`. `wx`: written once.
  await fs.promises.writeFile(path.join(folder, '.gitignore'), '*\n', { flag: 'wx' }).catch(() => undefined);
  return target;
}

async function acquire(target: string, retries: number): Promise<() => Promise<void>> {
  const release = await lockfile.lock(target, {
    realpath: false,
    stale: STALE_MS,
    retries: { retries, factor: 1, minTimeout: RETRY_MS, maxTimeout: RETRY_MS },
    // Renewing failed (the process stalled past STALE_MS): the push goes on, it read again before writing.
    onCompromised: () => undefined,
  });
  await fs.promises.writeFile(target, `${JSON.stringify({ pid: process.pid })}\n`);
  return async () => {
    await fs.promises.rm(target, { force: true });
    // A lock taken over as stale is no longer ours to remove.
    await release().catch(() => undefined);
  };
}

function holderOf(target: string): LockHolder {
  try {
    const pid = (JSON.parse(fs.readFileSync(target, 'utf8')) as { pid?: unknown }).pid;
    return typeof pid === 'number' ? { pid } : {};
  } catch {
    return {};
  }
}
