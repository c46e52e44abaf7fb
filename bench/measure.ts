/** Timing of in-process work for the bench: samples in the steady state, summed up as median and p95. */
import { performance } from 'perf_hooks';

export interface Stats {
  median: number;
  p95: number;
  n: number;
}

export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number): number => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { median: at(0.5), p95: at(0.95), n: s.length };
}

/**
 * Runs `fn` until `minMs` have passed and at least `minRuns` runs, after a warm-up of a third of
 * that time, so that both engines are measured in the steady state an editor session runs in
 * (the optimizing compiler needs thousands of calls on small documents).
 */
export function measure(fn: () => void, minRuns: number, minMs: number): Stats {
  const warm = performance.now();
  for (let i = 0; i < 3 || performance.now() - warm < minMs / 3; i++) fn();
  const samples: number[] = [];
  const start = performance.now();
  while (samples.length < minRuns || performance.now() - start < minMs) {
    const t = performance.now();
    fn();
    samples.push(performance.now() - t);
    if (samples.length >= 50_000) break;
  }
  return stats(samples);
}
