import * as jsonc from 'jsonc-parser';
import { Finding } from './types';
import { didYouMean } from './strings';

/**
 * Parsing, once per document version.
 *
 * The fast path is one linear scan (depth, duplicate keys) plus `JSON.parse`. Only when the text is
 * not strict JSON do we run jsonc-parser's error-recovering parser, and the position tree is built
 * lazily, the first time something needs a range.
 */

/** Campaign documents nest about a dozen levels; anything past this is not a campaign. */
const MAX_DEPTH = 512;

export interface ParsedDocument {
  readonly text: string;
  /** 1 when the text starts with a byte order mark: tree offsets are shifted by it. */
  readonly bom: number;
  /** The value: JSON.parse's result, or jsonc-parser's recovery after a syntax error. */
  readonly value: unknown;
  /** True when the text is strict JSON (no syntax error, comment or trailing comma). */
  readonly strict: boolean;
  /** D1 findings: syntax errors, comments, trailing commas, duplicate keys, excessive depth. */
  readonly syntax: Finding[];
  /** True when the structure is too deep to validate safely; rules are skipped. */
  readonly tooDeep: boolean;
  /** The position tree, built on first use. */
  tree(): jsonc.Node | undefined;
  /** Whether the position tree exists already (building it is costly on large documents). */
  hasTree(): boolean;
  /** Offsets of each line start, built on first use. */
  lineStarts(): number[];
  /** About how many bytes this result holds now: the text, the value, and the position tree once built. */
  footprint(): number;
}

/**
 * Bytes held per character of text, measured on generated campaigns (bench/generate.ts): the text
 * and its value about 1.5, jsonc-parser's position tree about 12.5 more. Caches weigh entries by it.
 */
const VALUE_BYTES_PER_CHAR = 2;
const TREE_BYTES_PER_CHAR = 13;

interface ScanResult {
  maxDepth: number;
  /** Offset of the bracket that opens the first level past MAX_DEPTH, or -1. */
  deepAt: number;
  duplicates: Array<{ key: string; start: number; end: number }>;
}

/**
 * One pass over the text: maximum nesting depth and duplicate keys.
 * Tolerant of invalid text (it never throws); the results then are best effort.
 */
function scan(text: string): ScanResult {
  const duplicates: ScanResult['duplicates'] = [];
  // Per open container: null for arrays, the keys seen for objects.
  const stack: Array<Set<string> | null> = [];
  let expectKey = false;
  let maxDepth = 0;
  let deepAt = -1;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      let j = i + 1;
      let escaped = false;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) { j = n; break; }
        // Count the backslashes before the quote: an odd number escapes it.
        let b = q - 1;
        while (b > i && text.charCodeAt(b) === 92) b--;
        if ((q - 1 - b) % 2 === 1) { escaped = true; j = q + 1; continue; }
        j = q;
        break;
      }
      const top = stack.length > 0 ? stack[stack.length - 1] : null;
      if (expectKey && top) {
        let key = text.slice(i + 1, j);
        if (escaped || key.indexOf('\\') >= 0) {
          try { key = JSON.parse(text.slice(i, j + 1)); } catch { /* keep the raw form */ }
        }
        if (top.has(key)) duplicates.push({ key, start: i, end: Math.min(j + 1, n) });
        else top.add(key);
        expectKey = false;
      }
      i = j + 1;
      continue;
    }
    if (c === 123 /* { */) {
      stack.push(new Set());
      if (stack.length > maxDepth) maxDepth = stack.length;
      if (deepAt < 0 && stack.length > MAX_DEPTH) deepAt = i;
      expectKey = true;
    } else if (c === 91 /* [ */) {
      stack.push(null);
      if (stack.length > maxDepth) maxDepth = stack.length;
      if (deepAt < 0 && stack.length > MAX_DEPTH) deepAt = i;
      expectKey = false;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 44 /* , */) {
      expectKey = stack.length > 0 && stack[stack.length - 1] !== null;
    } else if (c === 47 /* / */ && i + 1 < n) {
      // Skip comments so that quotes inside them are not read as strings.
      const d = text.charCodeAt(i + 1);
      if (d === 47) { const e = text.indexOf('\n', i); i = e < 0 ? n : e; continue; }
      if (d === 42) { const e = text.indexOf('*/', i + 2); i = e < 0 ? n : e + 2; continue; }
    }
    i++;
  }
  return { maxDepth, deepAt, duplicates };
}

/** D1's message for two entries without a comma between them (its quick fix adds the comma). */
export const COMMA_EXPECTED = 'A comma `,` is expected between two entries.';

const SYNTAX_MESSAGES: Record<number, string> = {
  [jsonc.ParseErrorCode.InvalidSymbol]: 'Unexpected character: this is not valid JSON here.',
  [jsonc.ParseErrorCode.InvalidNumberFormat]: 'Invalid number: use a plain decimal number such as `12` or `0.5`.',
  [jsonc.ParseErrorCode.PropertyNameExpected]: 'A property name in double quotes is expected here.',
  [jsonc.ParseErrorCode.ValueExpected]: 'A value is expected here (a string, number, object, array, `true`, `false` or `null`).',
  [jsonc.ParseErrorCode.ColonExpected]: 'A colon `:` is expected after the property name.',
  [jsonc.ParseErrorCode.CommaExpected]: COMMA_EXPECTED,
  [jsonc.ParseErrorCode.CloseBraceExpected]: 'A closing brace `}` is expected: an object is not closed.',
  [jsonc.ParseErrorCode.CloseBracketExpected]: 'A closing bracket `]` is expected: an array is not closed.',
  [jsonc.ParseErrorCode.EndOfFileExpected]: 'Unexpected text after the end of the JSON value: a document holds exactly one value.',
  [jsonc.ParseErrorCode.InvalidCommentToken]: 'Comments are not allowed: the service accepts strict JSON only. Remove the comment.',
  [jsonc.ParseErrorCode.UnexpectedEndOfComment]: 'A block comment is not closed with `*/`.',
  [jsonc.ParseErrorCode.UnexpectedEndOfString]: 'A string is not closed: add the closing double quote.',
  [jsonc.ParseErrorCode.UnexpectedEndOfNumber]: 'A number is cut off.',
  [jsonc.ParseErrorCode.InvalidUnicode]: 'Invalid `\\u` escape: it needs four hexadecimal digits.',
  [jsonc.ParseErrorCode.InvalidEscapeCharacter]: 'Invalid escape in a string: only \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX are allowed.',
  [jsonc.ParseErrorCode.InvalidCharacter]: 'Invalid character in a string: control characters such as tabs and new lines must be escaped.',
};

function d1(message: string, start: number, end: number): Finding {
  return { rule: 'D1', path: '', message, severity: 'error', range: { start, end } };
}

/**
 * The fast check after a successful JSON.parse: every `:` of strict JSON separates a key from
 * its value or sits inside a string, so when the colons of the text equal the keys plus the
 * colons inside strings, no key was dropped, i.e. there is no duplicate. Also measures depth,
 * iteratively (JSON.parse accepts nesting that would overflow a recursive walk).
 * Returns undefined when the counts differ (a duplicate, or a `\u003a` escape): then scan.
 */
function quickCheck(body: string, value: unknown): { maxDepth: number } | undefined {
  let keys = 0;
  let innerColons = 0;
  let maxDepth = 0;
  const countColons = (s: string): number => {
    let n = 0;
    for (let i = s.indexOf(':'); i >= 0; i = s.indexOf(':', i + 1)) n++;
    return n;
  };
  const stack: unknown[] = [value];
  const depths: number[] = [0];
  while (stack.length) {
    const v = stack.pop();
    const d = depths.pop()!;
    if (typeof v === 'string') {
      innerColons += countColons(v);
    } else if (v !== null && typeof v === 'object') {
      if (d + 1 > maxDepth) maxDepth = d + 1;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) { stack.push(v[i]); depths.push(d + 1); }
      } else {
        for (const k in v as Record<string, unknown>) {
          keys++;
          innerColons += countColons(k);
          stack.push((v as Record<string, unknown>)[k]);
          depths.push(d + 1);
        }
      }
    }
  }
  return countColons(body) === keys + innerColons ? { maxDepth } : undefined;
}

/** At the bracket that goes past MAX_DEPTH, so the editor shows where the nesting runs away. */
function tooDeepFinding(maxDepth: number, bom: number, at: number): Finding {
  const start = bom + Math.max(0, at);
  return d1(`The document nests ${maxDepth} levels deep (this bracket opens level ${MAX_DEPTH + 1}); campaign documents nest a few levels, and past ${MAX_DEPTH} the rules are not checked. Flatten the structure or check that this is the right file.`, start, start + 1);
}

function duplicateFinding(dup: { key: string; start: number; end: number }, bom: number): Finding {
  return d1(`Duplicate key \`${dup.key}\`: it is already set earlier in this object, and JSON keeps only the last one, so this entry silently replaces the earlier one. Keep a single \`${dup.key}\`.`, bom + dup.start, bom + dup.end);
}

const LITERALS: Record<string, string> = { true: 'true', false: 'false', none: 'null', null: 'null', nil: 'null' };

/** A clearer message for an unexpected character, from what is written there. */
function symbolMessage(body: string, offset: number): string | undefined {
  const say = (what: string): string => `Unexpected character: ${what}`;
  const ch = body.charAt(offset);
  if (ch === "'") return say('single quotes are not valid JSON; strings and property names need double quotes `"`.');
  const word = /^[A-Za-z_$][\w$]*/.exec(body.slice(offset, offset + 40))?.[0];
  if (!word) return undefined;
  const literal = LITERALS[word.toLowerCase()];
  if (literal && word !== literal) return say(`\`${word}\` is not valid JSON; write \`${literal}\` (lower case).`);
  if (word === 'NaN' || word === 'Infinity' || word === 'undefined') return say(`\`${word}\` is not valid JSON; use a number, or \`null\`.`);
  const near = didYouMean(word, ['true', 'false', 'null']);
  if (near) return say(`\`${word}\` is not valid JSON; did you mean \`${near}\`?`);
  return say(`\`${word}\` is not valid JSON here; strings and property names need double quotes, such as \`"${word}"\`.`);
}

/** Where the text before `offset` ends, skipping white space backwards. */
function lastNonSpace(body: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(body.charAt(i))) i--;
  return i;
}

export function parse(text: string): ParsedDocument {
  // A BOM is not part of the JSON text; editors show it as nothing, so we ignore it silently.
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = bom ? text.slice(1) : text;
  const syntax: Finding[] = [];

  let value: unknown = undefined;
  let strict = false;
  let tooDeep = false;
  let tree: jsonc.Node | undefined;
  let treeBuilt = false;

  let parsedOk = false;
  try {
    value = JSON.parse(body);
    parsedOk = true;
  } catch {
    // Not strict JSON (or too deep for the engine): the recovering path below.
  }

  const quick = parsedOk ? quickCheck(body, value) : undefined;
  const scanned = quick ? undefined : scan(body);
  const { maxDepth, duplicates } = scanned ?? { maxDepth: quick!.maxDepth, duplicates: [] };
  if (maxDepth > MAX_DEPTH) {
    tooDeep = true;
    value = undefined;
    syntax.push(tooDeepFinding(maxDepth, bom, (scanned ?? scan(body)).deepAt));
  } else if (parsedOk) {
    strict = duplicates.length === 0;
  } else {
    // The errors come from a visit that builds nothing: the position tree, about thirteen bytes
    // per character, waits until a range is needed (tree() below).
    const errors: jsonc.ParseError[] = [];
    jsonc.visit(body, { onError: (error, offset, length) => errors.push({ error, offset, length }) }, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
    // Not the tree's getNodeValue: it makes objects without a prototype, which the validators' deep
    // comparison cannot handle. jsonc.parse recovers the same value with plain objects.
    value = jsonc.parse(body, [], { allowTrailingComma: true, disallowComments: false });
    const seenOffsets = new Set<number>();
    // After a real syntax error the parser often stumbles over the rest of the line: one
    // diagnostic per line is the one that helps. Comments and trailing commas are each their own.
    const linesWithError = new Set<number>();
    const bodyLines = errors.length > 1 ? computeLineStarts(body) : [0];
    const lineOf = (offset: number): number => {
      let lo = 0;
      let hi = bodyLines.length - 1;
      while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (bodyLines[mid] <= offset) lo = mid; else hi = mid - 1; }
      return lo;
    };
    for (const e of errors) {
      // jsonc-parser may report several errors at one place (a trailing comma gives two).
      if (seenOffsets.has(e.offset)) continue;
      seenOffsets.add(e.offset);
      let message = SYNTAX_MESSAGES[e.error] ?? 'Invalid JSON.';
      if (e.error === jsonc.ParseErrorCode.InvalidSymbol) message = symbolMessage(body, e.offset) ?? message;
      if (e.error === jsonc.ParseErrorCode.PropertyNameExpected || e.error === jsonc.ParseErrorCode.ValueExpected) {
        // A comma right before a closing bracket: a trailing comma, which strict JSON forbids.
        const at = lastNonSpace(body, e.offset);
        const next = body.charAt(e.offset);
        if (at >= 0 && body.charAt(at) === ',' && (next === '}' || next === ']')) {
          message = 'Trailing comma: the service accepts strict JSON only. Remove the comma.';
          syntax.push(d1(message, bom + at, bom + at + 1));
          continue;
        }
      }
      if (e.error !== jsonc.ParseErrorCode.InvalidCommentToken) {
        const line = lineOf(e.offset);
        if (linesWithError.has(line)) continue;
        linesWithError.add(line);
      }
      syntax.push(d1(message, bom + e.offset, bom + e.offset + Math.max(1, e.length)));
    }
    if (body.trim() === '') {
      syntax.length = 0;
      syntax.push(d1('The file is empty: a campaign document is one JSON object. Start with `{` or insert a skeleton snippet.', bom, bom));
    }
  }
  if (!tooDeep) for (const dup of duplicates) syntax.push(duplicateFinding(dup, bom));

  let starts: number[] | undefined;
  return {
    text,
    bom,
    value,
    strict,
    syntax,
    tooDeep,
    hasTree() {
      return treeBuilt;
    },
    tree() {
      if (!treeBuilt) {
        treeBuilt = true;
        tree = tooDeep ? undefined : jsonc.parseTree(body, [], { allowTrailingComma: true, disallowComments: false });
      }
      return tree;
    },
    lineStarts() {
      if (!starts) starts = computeLineStarts(text);
      return starts;
    },
    footprint() {
      return text.length * (VALUE_BYTES_PER_CHAR + (tree ? TREE_BYTES_PER_CHAR : 0));
    },
  };
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  if (text.indexOf('\r') < 0) {
    // The common case, LF only: let indexOf do the scanning.
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (c === 10) {
      starts.push(i + 1);
    }
  }
  return starts;
}
