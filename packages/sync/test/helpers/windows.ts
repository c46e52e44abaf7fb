/** The most events found in any window of `ms` among sorted times (half-open: (t - ms, t]). */
export function maxInWindow(times: number[], ms: number): number {
  let max = 0;
  let lo = 0;
  for (let hi = 0; hi < times.length; hi++) {
    while (times[lo] <= times[hi] - ms) lo++;
    max = Math.max(max, hi - lo + 1);
  }
  return max;
}

/**
 * When the last of `n` requests could go at the earliest under rolling limits, sending each at
 * the first instant every window allows (milliseconds after the first).
 */
export function fastestSchedule(n: number, limits: ReadonlyArray<{ limit: number; windowMs: number }>): number {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    let t = times.length ? times[times.length - 1] : 0;
    for (const l of limits) if (times.length >= l.limit) t = Math.max(t, times[times.length - l.limit] + l.windowMs);
    times.push(t);
  }
  return times[n - 1];
}
