/**
 * Edit distance with adjacent transpositions counted as one edit (optimal string alignment:
 * `nmae` is one edit from `name`, the commonest typo), bounded: returns `max + 1` as soon as the
 * distance exceeds `max`.
 */
function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        cur[j] = Math.min(cur[j], before[j - 2] + 1);
      }
      if (cur[j] < rowMin) rowMin = cur[j];
    }
    if (rowMin > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length];
}

/** Whether `short`'s letters are all in `long`, in order (`tm` in `team`). */
function lettersIn(short: string, long: string): boolean {
  let i = 0;
  for (let j = 0; j < long.length && i < short.length; j++) if (long[j] === short[i]) i++;
  return i === short.length;
}

/**
 * The closest candidate within edit distance 2, case-insensitive (rule D7). Two edits turn any
 * two-letter word into another, so a short word is allowed fewer, unless the edits only drop or
 * add letters (`tm` for `team`, `lmt` for `limit`). The intended word ranks first: the smallest
 * distance, then a word whose letters the other's are, in order, then the same first letter, then
 * the first listed.
 */
export function didYouMean(word: string, candidates: readonly string[], max = 2): string | undefined {
  const w = word.toLowerCase();
  let best: string | undefined;
  let bestRank: number[] = [max + 1];
  for (const c of candidates) {
    const lc = c.toLowerCase();
    if (Math.abs(w.length - lc.length) > max) continue;
    const dropped = w.length >= 2 && (lettersIn(w, lc) || lettersIn(lc, w));
    // The bound also lets editDistance give up early, which matters against long lists (time zones).
    const limit = Math.min(dropped ? max : Math.floor(Math.max(w.length, lc.length) / 3), max, bestRank[0]);
    const d = editDistance(w, lc, limit);
    if (d > limit) continue;
    const rank = [d, dropped ? 0 : 1, lc[0] === w[0] ? 0 : 1];
    if (before(rank, bestRank)) {
      best = c;
      bestRank = rank;
    }
  }
  return best;
}

/**
 * The allowed value a wrong one was meant to be: the same text in another case, else the closest
 * by `didYouMean` (`ANDRIOD` → `ANDROID`). Undefined when none is close, or the value is no string.
 */
export function closestValue(value: unknown, allowed: readonly unknown[]): string | undefined {
  if (typeof value !== 'string') return undefined;
  const words = allowed.filter((a): a is string => typeof a === 'string' && a !== value);
  return words.find(a => a.toLowerCase() === value.toLowerCase()) ?? didYouMean(value, words);
}

function before(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== (b[i] ?? Infinity)) return a[i] < (b[i] ?? Infinity);
  return false;
}

/**
 * Markdown as plain text, for editors that show documentation as it is: code fences and inline
 * code marks go, emphasis marks go, a link keeps its text and its address.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^```\w*\n?/gm, '')
    .replace(/\[([^\]]*)\]\(([^)]*)\)/g, '$1 ($2)')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.*?)\1/g, '$2')
    .replace(/^#+\s*/gm, '');
}

/**
 * Characters a terminal, a log view or a text renderer acts on instead of showing: the C0 and C1
 * controls (but the tab and the line feed, which text keeps), DEL, and the bidi embeddings,
 * overrides and isolates, which reorder the text after them. A key holding `ESC ] 0 ;` retitles
 * a terminal; one holding U+202E shows reversed.
 */
const UNSEEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

function escaped(c: string): string {
  return '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0');
}

/**
 * Text with each control or bidi character written out as `\u001b`: a value from a file or the
 * service quoted into a message, and every line a terminal, a log or a notification shows.
 */
export function visible(text: string): string {
  return text.replace(UNSEEN, escaped);
}

/** A value as inline code in a message or a fix title, its control characters written out. */
export function code(value: unknown): string {
  return '`' + visible(typeof value === 'string' ? value : JSON.stringify(value)) + '`';
}
