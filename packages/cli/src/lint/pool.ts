import * as os from 'os';
import { MessagePort, parentPort, Worker, workerData } from 'worker_threads';
import { LoadedSettings } from '@campaign-studio/core';
import { loadCampaignrc } from '@campaign-studio/sync';
import { FileChecker, FileResult } from './fileCheck';
import { Target } from '../workspace/targets';

/**
 * Checking many files on every core. Each file is checked alone (its text, its settings, its base
 * snapshot), so worker threads running the bin's own bundle check them in chunks while the main
 * thread hands out the next chunk and keeps the results in the files' order: the output is the
 * same whatever the number of threads.
 */

/** One file to check, and the settings file that governs it (read again in the worker). */
export interface FileWork {
  target: Target;
  settingsFile?: string;
}

/** Below this many files, starting threads (each loads the bundle) costs more than it saves. */
export const PARALLEL_FROM = 200;
/** The most threads `--jobs` asks for: more than any machine's cores would only add bundles to load. */
export const MAX_JOBS = 64;
/** Files sent to a thread at a time: enough to make a message cheap, few enough to share the end of the run out. */
const CHUNK = 64;
/** What a bundle started as a lint worker finds in `workerData`. */
const LINT_WORKER = 'campaign-lint-worker';

/** The threads for `count` files: `--jobs` when given, else one per core once there are enough files. */
export function jobsFor(count: number, requested: number | undefined): number {
  if (requested !== undefined) return Math.max(1, Math.min(requested, count));
  return count >= PARALLEL_FROM ? Math.max(1, Math.min(os.availableParallelism(), Math.ceil(count / CHUNK))) : 1;
}

/** Whether this thread was started to check files for another (see {@link serveLintWorker}). */
export function isLintWorker(): boolean {
  return parentPort !== null && (workerData as { kind?: string } | null)?.kind === LINT_WORKER;
}

/**
 * Checks `work` on `jobs` threads started from `script` (the running bin's bundle), and returns
 * the results in the order of `work`. A thread that fails ends the run with its error.
 */
export async function checkInParallel(work: FileWork[], jobs: number, script: string): Promise<FileResult[]> {
  const results: FileResult[] = new Array(work.length);
  let next = 0;
  const workers = Array.from({ length: jobs }, () => new Worker(script, { workerData: { kind: LINT_WORKER } }));
  const serve = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      let from = 0;
      const send = () => {
        if (next >= work.length) return resolve();
        from = next;
        next = Math.min(work.length, next + CHUNK);
        worker.postMessage(work.slice(from, next));
      };
      worker.on('message', (chunk: FileResult[]) => {
        chunk.forEach((r, i) => (results[from + i] = r));
        send();
      });
      worker.on('error', reject);
      worker.on('exit', code => (next < work.length || code !== 0 ? reject(new Error(`a lint thread stopped (exit ${code})`)) : resolve()));
      send();
    });
  try {
    await Promise.all(workers.map(serve));
    return results;
  } finally {
    await Promise.all(workers.map(w => w.terminate()));
  }
}

/** The worker's side: checks each chunk it is sent with one checker, and sends the results back. */
export function serveLintWorker(port: MessagePort = parentPort!): void {
  const files = new FileChecker();
  const settings = new Map<string, LoadedSettings>();
  const settingsOf = (file: string | undefined): LoadedSettings | undefined => {
    if (file === undefined) return undefined;
    let s = settings.get(file);
    if (!s) settings.set(file, (s = loadCampaignrc(file)));
    return s;
  };
  port.on('message', (chunk: FileWork[]) => port.postMessage(chunk.map(w => files.checkFile(w.target, settingsOf(w.settingsFile)))));
}
