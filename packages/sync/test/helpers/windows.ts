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
