/**
 * A figure of the bench as it is judged: its value, the anchor measured in the same run (VS Code's
 * JSON engine, JSON.parse, ajv-cli, Node's own start-up, an idle server), the ratio between them,
 * the goal, and whether the value meets it. Absolute times on a shared machine move with its
 * load; the anchor moves with them, so the ratio is what compares two runs.
 */
export interface Figure {
  /** The goal in words, naming the figure: "3 KB with errors ≥ 8× faster than …". */
  goal: string;
  met: boolean;
  value: string;
  /** The anchor and its value in this run, or undefined for a figure with no anchor (a file size). */
  anchor?: string;
  /** The value against the anchor, as the goal reads it. */
  ratio?: string;
}

export const ms = (x: number): string => (x < 1 ? x.toFixed(3) : x < 10 ? x.toFixed(2) : x.toFixed(1));

export const times = (x: number): string => `${x.toFixed(x < 10 ? 2 : 1)}×`;

export function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

/** One line per figure: result, value, anchor, ratio, goal. */
export function figuresTable(figures: readonly Figure[]): string[] {
  const width = (pick: (f: Figure) => string, min: number): number => Math.max(min, ...figures.map(f => pick(f).length)) + 2;
  const value = width(f => f.value, 5);
  const anchor = width(f => f.anchor ?? '—', 6);
  const ratio = width(f => f.ratio ?? '—', 5);
  return [
    `  ${pad('result', 9)}${pad('value', value)}${pad('anchor (this run)', anchor)}${pad('ratio', ratio)}goal`,
    ...figures.map(
      f =>
        `  ${pad(f.met ? 'met' : 'NOT MET', 9)}${pad(f.value, value)}${pad(f.anchor ?? '—', anchor)}${pad(f.ratio ?? '—', ratio)}${f.goal}`,
    ),
  ];
}

/** The same figures as a Markdown table, for CONTRIBUTING.md. */
export function figuresMarkdown(figures: readonly Figure[]): string[] {
  return [
    '| goal | value | anchor (same run) | ratio | result |',
    '| --- | --- | --- | --- | --- |',
    ...figures.map(f => `| ${f.goal} | ${f.value} | ${f.anchor ?? '—'} | ${f.ratio ?? '—'} | ${f.met ? 'met' : '**not met**'} |`),
  ];
}
