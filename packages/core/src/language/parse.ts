import * as l10n from '@vscode/l10n';
import * as jsonc from 'jsonc-parser';
import { Finding } from '../model/types';
import { code, didYouMean } from '../model/strings';
import { Utf16, utf16Finding, utf16OfText } from './encoding';
import { own } from '../model/json';
import { carryEnds, stringValueAt } from './nodeAt';

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
  /** Set when the text is UTF-16 read as UTF-8 or Latin-1: its one finding says so, nothing else is checked. */
  readonly utf16?: Utf16;
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
 * Where jsonc-parser's scanner ends the string that opens at `start`: after its closing quote, or
 * at the line break or end of text that cuts it off (a backslash escapes whatever follows it, a
 * line break included). The formatter and the recovering parser read the text this way, so the
 * nesting measured here is the nesting they meet.
 */
function stringEnd(text: string, start: number): { end: number; closed: boolean; escaped: boolean } {
  let escaped = false;
  for (let j = start + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 34 /* " */) return { end: j + 1, closed: true, escaped };
    if (c === 92 /* \ */) {
      escaped = true;
      j++;
      continue;
    }
    if (c === 10 || c === 13) return { end: j, closed: false, escaped };
  }
  return { end: text.length, closed: false, escaped };
}

/** Where a `//` comment ends: at the next line break, `\r` or `\n`, as jsonc-parser's scanner ends it. */
function lineCommentEnd(text: string, start: number): number {
  let j = start + 2;
  while (j < text.length && text.charCodeAt(j) !== 10 && text.charCodeAt(j) !== 13) j++;
  return j;
}

/**
 * One pass over the text: maximum nesting depth and duplicate keys, with the tokens of
 * jsonc-parser's scanner (strings and comments end where it ends them).
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
      const { end, closed, escaped } = stringEnd(text, i);
      const top = stack.length > 0 ? stack[stack.length - 1] : null;
      if (expectKey && top) {
        let key = text.slice(i + 1, closed ? end - 1 : end);
        if (escaped && closed) {
          try {
            key = JSON.parse(text.slice(i, end));
          } catch {
            /* keep the raw form */
          }
        }
        if (top.has(key)) duplicates.push({ key, start: i, end });
        else top.add(key);
        expectKey = false;
      }
      i = end;
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
      if (d === 47) {
        i = lineCommentEnd(text, i);
        continue;
      }
      if (d === 42) {
        const e = text.indexOf('*/', i + 2);
        i = e < 0 ? n : e + 2;
        continue;
      }
    }
    i++;
  }
  return { maxDepth, deepAt, duplicates };
}

/** D1's message for two entries without a comma between them (its quick fix adds the comma). */
export function commaExpected(): string {
  return l10n.t('A comma `,` is expected between two entries.');
}

/** D1's message for a comma before a closing bracket (its quick fix removes the comma). */
export function trailingComma(): string {
  return l10n.t('Trailing comma: the service accepts strict JSON only. Remove the comma.');
}

/** The message for a syntax error of the parser, asked for when it is reported (after the bundle is loaded). */
function syntaxMessage(error: jsonc.ParseErrorCode): string | undefined {
  switch (error) {
    case jsonc.ParseErrorCode.InvalidSymbol:
      return l10n.t('Unexpected character: this is not valid JSON here.');
    case jsonc.ParseErrorCode.InvalidNumberFormat:
      return l10n.t('Invalid number: use a plain decimal number such as `12` or `0.5`.');
    case jsonc.ParseErrorCode.PropertyNameExpected:
      return l10n.t('A property name in double quotes is expected here.');
    case jsonc.ParseErrorCode.ValueExpected:
      return l10n.t('A value is expected here (a string, number, object, array, `true`, `false` or `null`).');
    case jsonc.ParseErrorCode.ColonExpected:
      return l10n.t('A colon `:` is expected after the property name.');
    case jsonc.ParseErrorCode.CommaExpected:
      return commaExpected();
    case jsonc.ParseErrorCode.CloseBraceExpected:
      return l10n.t('A closing brace `}` is expected: an object is not closed.');
    case jsonc.ParseErrorCode.CloseBracketExpected:
      return l10n.t('A closing bracket `]` is expected: an array is not closed.');
    case jsonc.ParseErrorCode.EndOfFileExpected:
      return l10n.t('Unexpected text after the end of the JSON value: a document holds exactly one value.');
    case jsonc.ParseErrorCode.InvalidCommentToken:
      return l10n.t('Comments are not allowed: the service accepts strict JSON only. Remove the comment.');
    case jsonc.ParseErrorCode.UnexpectedEndOfComment:
      return l10n.t('A block comment is not closed with `*/`.');
    case jsonc.ParseErrorCode.UnexpectedEndOfString:
      return l10n.t('A string is not closed: add the closing double quote.');
    case jsonc.ParseErrorCode.UnexpectedEndOfNumber:
      return l10n.t('A number is cut off.');
    case jsonc.ParseErrorCode.InvalidUnicode:
      return l10n.t('Invalid `\\u` escape: it needs four hexadecimal digits.');
    case jsonc.ParseErrorCode.InvalidEscapeCharacter:
      return l10n.t('Invalid escape in a string: only \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX are allowed.');
    case jsonc.ParseErrorCode.InvalidCharacter:
      return l10n.t('Invalid character in a string: control characters such as tabs and new lines must be escaped.');
    default:
      return undefined;
  }
}

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
        for (let i = 0; i < v.length; i++) {
          stack.push(v[i]);
          depths.push(d + 1);
        }
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
  return d1(
    l10n.t(
      'The document nests {0} levels deep (this bracket opens level {1}); campaign documents nest a few levels, and past {2} the rules are not checked. Flatten the structure or check that this is the right file.',
      maxDepth,
      MAX_DEPTH + 1,
      MAX_DEPTH,
    ),
    start,
    start + 1,
  );
}

function duplicateFinding(dup: { key: string; start: number; end: number }, bom: number): Finding {
  return d1(
    l10n.t(
      'Duplicate key {0}: it is already set earlier in this object, and JSON keeps only the last one, so this entry silently replaces the earlier one. Keep a single {0}.',
      code(dup.key),
    ),
    bom + dup.start,
    bom + dup.end,
  );
}

const LITERALS: Record<string, string> = { true: 'true', false: 'false', none: 'null', null: 'null', nil: 'null' };

/** A clearer message for an unexpected character, from what is written there. */
function symbolMessage(body: string, offset: number): string | undefined {
  const ch = body.charAt(offset);
  if (ch === "'")
    return l10n.t('Unexpected character: single quotes are not valid JSON; strings and property names need double quotes `"`.');
  const word = /^[A-Za-z_$][\w$]*/.exec(body.slice(offset, offset + 40))?.[0];
  if (!word) return undefined;
  const literal = own(LITERALS, word.toLowerCase());
  if (literal && word !== literal)
    return l10n.t('Unexpected character: {0} is not valid JSON; write {1} (lower case).', code(word), code(literal));
  if (word === 'NaN' || word === 'Infinity' || word === 'undefined')
    return l10n.t('Unexpected character: {0} is not valid JSON; use a number, or `null`.', code(word));
  const near = didYouMean(word, ['true', 'false', 'null']);
  if (near) return l10n.t('Unexpected character: {0} is not valid JSON; did you mean {1}?', code(word), code(near));
  return l10n.t(
    'Unexpected character: {0} is not valid JSON here; strings and property names need double quotes, such as {1}.',
    code(word),
    code(`"${word}"`),
  );
}

/** Where the text before `offset` ends, skipping white space backwards. */
function lastNonSpace(body: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(body.charAt(i))) i--;
  return i;
}

export function parse(text: string): ParsedDocument {
  const utf16 = utf16OfText(text);
  if (utf16) return utf16Document(text, utf16);
  // A BOM is not part of the JSON text; editors show it as nothing, so we ignore it silently.
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = bom ? text.slice(1) : text;
  const syntax: Finding[] = [];
  const lineStarts = lineStartsOnce(text);

  let value: unknown = undefined;
  let strict = false;
  let tooDeep = false;

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
    value = recoverSyntax(body, bom, syntax, lineStarts);
  }
  if (!tooDeep) for (const dup of duplicates) syntax.push(duplicateFinding(dup, bom));
  return lazyDocument(text, body, bom, value, strict, syntax, tooDeep, lineStarts);
}

/**
 * The parse of `text`, the next version of `previous`'s. When the change lies inside one string
 * value of strict JSON (typing in a name or a message), it is the previous value with that string
 * replaced, copied along its path and never changed in place: the text is read only up to the
 * change, not parsed again. Otherwise `parse(text)`.
 */
export function reparse(previous: ParsedDocument, text: string): ParsedDocument {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!previous.strict || previous.tooDeep || previous.utf16 || bom !== previous.bom) return parse(text);
  const change = changedSpan(previous.text, text);
  const body = bom ? text.slice(1) : text;
  const oldBody = bom ? previous.text.slice(1) : previous.text;
  const from = change.start - bom;
  if (
    !plainStringText(oldBody, from, change.oldEnd - bom) ||
    !plainStringText(body, from, change.newEnd - bom) ||
    oldBody.charCodeAt(from - 1) === 92
  )
    return parse(text);
  const target = stringValueAt(oldBody, from);
  if (!target || change.oldEnd - bom >= target.end) return parse(text);
  const string = stringToken(body.slice(target.start, target.end + change.newEnd - change.oldEnd));
  if (string === undefined) return parse(text);
  const value = withValueAt(previous.value, target.path, string.value);
  const next = lazyDocument(
    text,
    body,
    bom,
    value,
    true,
    [],
    false,
    shiftedLineStarts(previous, change.oldEnd, change.newEnd - change.oldEnd),
  );
  carryEnds(previous, next, from, change.oldEnd - bom, change.newEnd - change.oldEnd);
  return next;
}

/** The line starts of a version whose edit (before `at`, `delta` characters longer) holds no line break: the previous ones, shifted. */
function shiftedLineStarts(previous: ParsedDocument, at: number, delta: number): () => number[] {
  const before = previous.lineStarts();
  let starts: number[] | undefined;
  return () => (starts ??= delta === 0 ? before : before.map(s => (s >= at ? s + delta : s)));
}

/** A string token's value, or undefined when the edit broke one of its escapes (`\\u00` then a letter typed). */
function stringToken(token: string): { value: string } | undefined {
  try {
    return { value: JSON.parse(token) as string };
  } catch {
    return undefined;
  }
}

/** Where two texts differ: from `start` to `oldEnd` in the first, to `newEnd` in the second (one span, the common ends left out). */
function changedSpan(a: string, b: string): { start: number; oldEnd: number; newEnd: number } {
  const n = Math.min(a.length, b.length);
  let start = 0;
  // Long runs compared as slices (a memory comparison), then shorter, then one by one.
  for (const step of [65_536, 1_024, 32, 1])
    while (start + step <= n && a.slice(start, start + step) === b.slice(start, start + step)) start += step;
  let tail = 0;
  const room = n - start;
  for (const step of [65_536, 1_024, 32, 1])
    while (tail + step <= room && a.slice(a.length - tail - step, a.length - tail) === b.slice(b.length - tail - step, b.length - tail))
      tail += step;
  return { start, oldEnd: a.length - tail, newEnd: b.length - tail };
}

/** Whether text[from, to) can sit inside a JSON string as it is: no quote, backslash or control character. */
function plainStringText(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 92 || c < 32) return false;
  }
  return true;
}

/** `root` with the value at `path` replaced: each container on the path copied, the rest shared. */
function withValueAt(root: unknown, path: ReadonlyArray<string | number>, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? root.slice() : { ...(root as Record<string, unknown>) }) as Record<string | number, unknown>;
  // Defined, not assigned: a key named `__proto__` is an own property of a parsed object.
  Object.defineProperty(copy, head, {
    value: withValueAt((root as Record<string | number, unknown>)[head], rest, value),
    writable: true,
    enumerable: true,
    configurable: true,
  });
  return copy;
}

/** The text's line starts, computed once, the first time they are asked for (by the D1 findings or a range). */
function lineStartsOnce(text: string): () => number[] {
  let starts: number[] | undefined;
  return () => (starts ??= computeLineStarts(text));
}

/** Text that is not strict JSON: adds its D1 findings to `syntax` and returns the value jsonc-parser recovers. */
function recoverSyntax(body: string, bom: number, syntax: Finding[], lineStarts: () => number[]): unknown {
  // The errors come from a visit that builds nothing: the position tree, about thirteen bytes
  // per character, waits until a range is needed (tree() in lazyDocument).
  const errors: jsonc.ParseError[] = [];
  jsonc.visit(
    body,
    { onError: (error, offset, length) => errors.push({ error, offset, length }) },
    { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false },
  );
  // Not the tree's getNodeValue: it makes objects without a prototype, which the validators' deep
  // comparison cannot handle. jsonc.parse recovers the same value with plain objects.
  const value = jsonc.parse(body, [], { allowTrailingComma: true, disallowComments: false });
  addErrorFindings(body, bom, errors, syntax, lineStarts);
  if (body.trim() === '') {
    syntax.length = 0;
    syntax.push(
      d1(
        l10n.t('The file is empty: a campaign document is one JSON object. Start with {0} or insert a skeleton snippet.', '`{`'),
        bom,
        bom,
      ),
    );
  }
  return value;
}

/** One D1 finding per place the parser reports an error, and one per line, except for comments and trailing commas. */
function addErrorFindings(body: string, bom: number, errors: jsonc.ParseError[], syntax: Finding[], lineStarts: () => number[]): void {
  const seenOffsets = new Set<number>();
  // After a real syntax error the parser often stumbles over the rest of the line: one
  // diagnostic per line is the one that helps. Comments and trailing commas are each their own.
  const linesWithError = new Set<number>();
  // The text's line starts, which the ranges need anyway; with a single error there is nothing to group.
  const textLines = errors.length > 1 ? lineStarts() : [0];
  for (const e of errors) {
    // jsonc-parser may report several errors at one place (a trailing comma gives two).
    if (seenOffsets.has(e.offset)) continue;
    seenOffsets.add(e.offset);
    const comma = trailingCommaAt(body, e);
    if (comma >= 0) {
      syntax.push(d1(trailingComma(), bom + comma, bom + comma + 1));
      continue;
    }
    if (e.error !== jsonc.ParseErrorCode.InvalidCommentToken) {
      const line = lineIndex(textLines, bom + e.offset);
      if (linesWithError.has(line)) continue;
      linesWithError.add(line);
    }
    syntax.push(d1(errorMessage(body, e), bom + e.offset, bom + e.offset + Math.max(1, e.length)));
  }
}

/** Where the comma is when the parser's error is a closing bracket right after one (a trailing comma), or -1. */
function trailingCommaAt(body: string, e: jsonc.ParseError): number {
  if (e.error !== jsonc.ParseErrorCode.PropertyNameExpected && e.error !== jsonc.ParseErrorCode.ValueExpected) return -1;
  // A comma right before a closing bracket: a trailing comma, which strict JSON forbids.
  const at = lastNonSpace(body, e.offset);
  const next = body.charAt(e.offset);
  return at >= 0 && body.charAt(at) === ',' && (next === '}' || next === ']') ? at : -1;
}

/** The message for one of the parser's errors; an unexpected character's says what is written there. */
function errorMessage(body: string, e: jsonc.ParseError): string {
  const message = syntaxMessage(e.error) ?? l10n.t('Invalid JSON.');
  if (e.error === jsonc.ParseErrorCode.InvalidSymbol) return symbolMessage(body, e.offset) ?? message;
  return message;
}

/** The number of the line that holds `offset`, by binary search in the line starts. */
export function lineIndex(lineStarts: number[], offset: number): number {
  let lo = 0;
  // past the last line start `lineStarts[mid]` is undefined and `undefined <= offset` is false, so a
  // higher bound ends on the same line
  // Stryker disable next-line ArithmeticOperator
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The parse result, with the position tree and the line starts built the first time they are asked for. */
function lazyDocument(
  text: string,
  body: string,
  bom: number,
  value: unknown,
  strict: boolean,
  syntax: Finding[],
  tooDeep: boolean,
  lineStarts: () => number[],
): ParsedDocument {
  let tree: jsonc.Node | undefined;
  let treeBuilt = false;
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
    lineStarts,
    footprint() {
      return text.length * (VALUE_BYTES_PER_CHAR + (tree ? TREE_BYTES_PER_CHAR : 0));
    },
  };
}

/** A UTF-16 file read as UTF-8 or Latin-1: no value, no tree, one finding. */
function utf16Document(text: string, utf16: Utf16): ParsedDocument {
  let starts: number[] | undefined;
  return {
    text,
    bom: 0,
    value: undefined,
    strict: false,
    syntax: [utf16Finding(utf16)],
    tooDeep: false,
    utf16,
    hasTree: () => true,
    tree: () => undefined,
    lineStarts: () => (starts ??= computeLineStarts(text)),
    footprint: () => text.length * VALUE_BYTES_PER_CHAR,
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
