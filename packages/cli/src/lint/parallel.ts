import { availableParallelism } from 'os';
import { parentPort, Worker } from 'worker_threads';
import { FileChecker, FileResult } from './fileCheck';
import { Problems } from './problems';
import { loadConfig, SettingsLookup } from './settings';
import { Target } from './targets';

/**
 * Checking files on more than one thread. Each thread (this one included) claims the next chunk
 * of files from a shared counter until none is left, so a slow chunk never holds the others up;
 * the results come back in chunks and are reported in the order of the files. A thread starts
 * in about the time this one checks a few hundred files, so small runs stay on one thread.
 */

/** From how many files checking threads are started. */
export const PARALLEL_FROM = 500;
/** How many files a thread claims at a time. */
const CHUNK = 32;
/** Threads besides this one. */
const MAX_THREADS = 3;

/** What a checking thread needs: the files, the shared counter, and how to find their settings. */
export interface CheckThreadData {
  campaignLintCheck: { targets: Target[]; counter: Int32Array; cwd: string; config?: string };
}

/** How many checking threads to start for `count` files: none on one core or for a small run. */
export function checkingThreads(count: number): number {
  return count < PARALLEL_FROM ? 0 : Math.min(availableParallelism() - 1, MAX_THREADS);
}

/** Claims chunks of `targets` until none is left, handing each chunk's results to `deliver`. */
function checkChunks(checker: FileChecker, targets: Target[], counter: Int32Array, deliver: (start: number, results: FileResult[]) => void): void {
  for (;;) {
    const start = Atomics.add(counter, 0, CHUNK);
    if (start >= targets.length) return;
    deliver(start, targets.slice(start, start + CHUNK).map(t => checker.checkFile(t)));
  }
}

/** Puts a chunk's results where its files are. */
function store(results: FileResult[], start: number, chunk: FileResult[]): void {
  for (const [k, r] of chunk.entries()) results[start + k] = r;
}

/** Waits for a thread's results. */
function collect(worker: Worker, results: FileResult[]): Promise<void> {
  return new Promise((resolve, reject) => {
    worker.on('message', (m: { start: number; results: FileResult[] }) => store(results, m.start, m.results));
    worker.on('error', reject);
    worker.on('exit', code => (code === 0 ? resolve() : reject(new Error(`a checking thread stopped with status ${code}`))));
  });
}

/**
 * Every file's result, checked on this thread and `threads` more, each started from `script`
 * (the bin that is running: it knows to check when started as a thread).
 */
export async function checkInParallel(targets: Target[], here: FileChecker, setup: { script: string; threads: number; cwd: string; config?: string }): Promise<FileResult[]> {
  const counter = new Int32Array(new SharedArrayBuffer(4));
  const results: FileResult[] = new Array<FileResult>(targets.length);
  const data: CheckThreadData = { campaignLintCheck: { targets, counter, cwd: setup.cwd, config: setup.config } };
  const workers = Array.from({ length: setup.threads }, () => new Worker(setup.script, { workerData: data }));
  const done = workers.map(w => collect(w, results));
  checkChunks(here, targets, counter, (start, chunk) => store(results, start, chunk));
  await Promise.all(done);
  return results;
}

/** A checking thread: its own checker, the same settings, results sent back chunk by chunk. */
export function runCheckThread({ campaignLintCheck: d }: CheckThreadData): void {
  // What cannot be read is said once, by the thread that reports; here it only makes a file's settings unknown.
  const quiet = new Problems(() => undefined, '');
  const config = d.config === undefined ? undefined : loadConfig(d.config, d.cwd, quiet);
  const checker = new FileChecker(new SettingsLookup(d.cwd, quiet, config));
  checkChunks(checker, d.targets, d.counter, (start, results) => parentPort!.postMessage({ start, results }));
}

export function isCheckThread(data: unknown): data is CheckThreadData {
  return typeof data === 'object' && data !== null && 'campaignLintCheck' in data;
}
