/** A value on one line, cut at 80 characters, for diffs and plans in a terminal. */
export function shown(v: unknown): string {
  const s = JSON.stringify(v) ?? 'absent';
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}

/** The longest of `texts`, at least `least`: a column's width. Never a spread, which overflows the stack past some 100,000 rows. */
export function widest(texts: readonly string[], least = 0): number {
  return texts.reduce((w, t) => Math.max(w, t.length), least);
}

/** Every line of `text` after `prefix`, in one string: a body of 200,000 lines never becomes a spread of as many arguments. */
export function indented(text: string, prefix: string): string {
  return text.replace(/^/gm, prefix);
}
