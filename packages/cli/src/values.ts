/** A value on one line, cut at 80 characters, for diffs and plans in a terminal. */
export function shown(v: unknown): string {
  const s = JSON.stringify(v) ?? 'absent';
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}
