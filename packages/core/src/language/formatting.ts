import * as jsonc from 'jsonc-parser';
import * as l10n from '@vscode/l10n';
import type { TextEdit } from 'vscode-languageserver-types';
import { ParsedDocument } from './parse';
import { offsetAt, positionAt, Range } from './ranges';

/**
 * Formatting of a whole document or a range, with jsonc-parser's formatter and the editor's
 * indentation (`FormattingOptions.tabSize` / `insertSpaces`), keeping the document's line ends.
 * The answer is the fewest edits that do it, and a document whose formatting could exhaust the
 * server's memory is declined with the reason instead.
 */

export interface FormattingSettings {
  tabSize: number;
  insertSpaces: boolean;
  /** Line end for new lines; the document's own by default. */
  eol?: string;
  insertFinalNewline?: boolean;
}

export interface FormatInput {
  parsed: ParsedDocument;
  options: FormattingSettings;
  /** Only this range (range formatting); the whole document when absent. */
  range?: Range;
}

/** The edits, or none and why, in words for the user. */
export interface Formatting {
  edits: TextEdit[];
  declined?: string;
}

/** The widest indentation step an editor may ask for; wider ones are taken as this. */
export const MAX_TAB_SIZE = 16;
/** Bounds of one formatting: its text (a string, the edit and the response each hold it) and its tokens (jsonc-parser makes an edit object per gap between two). */
export const MAX_FORMATTED_LENGTH = 48 * 1024 * 1024;
export const MAX_FORMATTED_TOKENS = 4_000_000;
/** Edits are joined in batches of this many pieces, so that a document's thousands of edits never sit in one array of slices. */
const JOIN_BATCH = 8_192;

/** The line ending a text uses (its first line's), for text inserted into it. */
export function eolOf(text: string): string {
  const i = text.indexOf('\n');
  return i > 0 && text[i - 1] === '\r' ? '\r\n' : '\n';
}

/** The editor's tab size as the formatter takes it: a whole number of 1 to MAX_TAB_SIZE, 2 when absent. */
export function tabSizeOf(tabSize: number): number {
  return Math.min(MAX_TAB_SIZE, Math.max(1, Math.floor(tabSize || 2)));
}

const isEol = (c: number): boolean => c === 10 || c === 13;

/** The text jsonc-parser formats for a range: the whole lines it touches. */
function regionOf(body: string, range: jsonc.Range | undefined): { start: number; end: number } {
  if (!range) return { start: 0, end: body.length };
  let start = range.offset;
  while (start > 0 && !isEol(body.charCodeAt(start - 1))) start--;
  let end = range.offset + range.length;
  while (end < body.length && !isEol(body.charCodeAt(end))) end++;
  return { start, end };
}

/** The indentation jsonc-parser gives a range's lines before their own nesting: whole steps of the first line's leading white space, in characters. */
function initialIndent(region: string, tabSize: number, step: number): number {
  let columns = 0;
  for (let i = 0; i < region.length && (region[i] === ' ' || region[i] === '\t'); i++) columns += region[i] === '\t' ? tabSize : 1;
  return Math.floor(columns / tabSize) * step;
}

const OPENS = new Set([jsonc.SyntaxKind.OpenBraceToken, jsonc.SyntaxKind.OpenBracketToken]);
const CLOSES = new Set([jsonc.SyntaxKind.CloseBraceToken, jsonc.SyntaxKind.CloseBracketToken]);
const BREAKS_AFTER = new Set([jsonc.SyntaxKind.CommaToken, jsonc.SyntaxKind.LineCommentTrivia, jsonc.SyntaxKind.BlockCommentTrivia]);

/**
 * An upper bound of the formatted region's length, and its token count, from the formatter's
 * own scanner: every line break it may insert (after `{`, `[`, `,` and comments, before `}` and
 * `]`) at the deepest indentation it can have there, a space anywhere else. Stops counting once
 * past the limits.
 */
function formattedSize(region: string, step: number, initial: number, eolLength: number): { length: number; tokens: number } {
  const scanner = jsonc.createScanner(region, false);
  let level = 0;
  let length = region.length;
  let tokens = 0;
  for (let t = scanner.scan(); t !== jsonc.SyntaxKind.EOF; t = scanner.scan()) {
    if (t === jsonc.SyntaxKind.Trivia || t === jsonc.SyntaxKind.LineBreakTrivia) continue;
    tokens++;
    if (OPENS.has(t)) level++;
    const breaks = OPENS.has(t) || CLOSES.has(t) || BREAKS_AFTER.has(t);
    length += breaks ? eolLength + initial + step * Math.max(0, level) : 1;
    if (CLOSES.has(t)) level--;
    if (length > MAX_FORMATTED_LENGTH || tokens > MAX_FORMATTED_TOKENS) break;
  }
  return { length, tokens };
}

function declinedFor(size: { length: number; tokens: number }): string | undefined {
  if (size.tokens > MAX_FORMATTED_TOKENS) {
    return l10n.t('Not formatted: the text to format has more than {0} million tokens, more than the formatter takes at once. Format a selection instead, or split the file.', MAX_FORMATTED_TOKENS / 1e6);
  }
  if (size.length > MAX_FORMATTED_LENGTH) {
    return l10n.t('Not formatted: the formatted text could grow past {0} MB, more than the formatter takes at once. Format a selection, use a smaller tab size, or split the file.', MAX_FORMATTED_LENGTH / 1048576);
  }
  return undefined;
}

/** `body[start, end)` with the edits that lie inside it applied, joined in batches. */
function spliced(body: string, edits: jsonc.Edit[], from: number, to: number, start: number, end: number): string {
  const batches: string[] = [];
  let parts: string[] = [];
  let at = start;
  for (let i = from; i < to; i++) {
    const e = edits[i];
    parts.push(body.slice(at, e.offset), e.content);
    at = e.offset + e.length;
    if (parts.length >= JOIN_BATCH) { batches.push(parts.join('')); parts = []; }
  }
  parts.push(body.slice(at, end));
  batches.push(parts.join(''));
  return batches.join('');
}

function hasLineBreak(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (isEol(text.charCodeAt(i))) return true;
  return false;
}

interface Hunk { from: number; to: number; start: number; end: number }

/** Runs of edits with no line break between them: one edit per changed stretch of a line. */
function hunksOf(body: string, edits: jsonc.Edit[]): Hunk[] {
  const hunks: Hunk[] = [];
  for (let i = 0; i < edits.length; i++) {
    const e = edits[i];
    const last = hunks[hunks.length - 1];
    if (last && !hasLineBreak(body, last.end, e.offset)) {
      last.to = i + 1;
      last.end = e.offset + e.length;
    } else {
      hunks.push({ from: i, to: i + 1, start: e.offset, end: e.offset + e.length });
    }
  }
  return hunks;
}

/**
 * The fewest edits for jsonc-parser's: one per changed stretch of a line, and a single replace
 * from the first change to the last when they touch most of the lines between.
 */
function minimalEdits(parsed: ParsedDocument, body: string, edits: jsonc.Edit[]): TextEdit[] {
  if (edits.length === 0) return [];
  const bom = parsed.bom;
  const at = (offset: number) => positionAt(parsed, offset + bom);
  let hunks = hunksOf(body, edits);
  const first = hunks[0];
  const last = hunks[hunks.length - 1];
  const lines = at(last.end).line - at(first.start).line + 1;
  if (hunks.length > 1 && hunks.length * 2 > lines) hunks = [{ from: 0, to: edits.length, start: first.start, end: last.end }];
  return hunks.map(h => ({
    range: { start: at(h.start), end: at(h.end) },
    newText: spliced(body, edits, h.from, h.to, h.start, h.end),
  }));
}

export function format(input: FormatInput): Formatting {
  const { parsed, options } = input;
  if (parsed.tooDeep) {
    return { edits: [], declined: l10n.t('Not formatted: the document nests too deep to be formatted safely (see its D1 problem). Flatten the structure, or check that this is the right file.') };
  }
  const bom = parsed.bom;
  const body = bom ? parsed.text.slice(1) : parsed.text;
  let range: jsonc.Range | undefined;
  if (input.range) {
    const start = Math.max(0, offsetAt(parsed, input.range.start) - bom);
    const end = Math.max(start, offsetAt(parsed, input.range.end) - bom);
    range = { offset: start, length: end - start };
  }
  const tabSize = tabSizeOf(options.tabSize);
  const insertSpaces = options.insertSpaces !== false;
  const eol = options.eol ?? eolOf(body);
  const step = insertSpaces ? tabSize : 1;
  const { start, end } = regionOf(body, range);
  const region = body.slice(start, end);
  const declined = declinedFor(formattedSize(region, step, initialIndent(region, tabSize, step), eol.length));
  if (declined) return { edits: [], declined };
  const edits = jsonc.format(body, range, {
    tabSize,
    insertSpaces,
    eol,
    insertFinalNewline: !input.range && (options.insertFinalNewline ?? false),
    keepLines: false,
  });
  return { edits: minimalEdits(parsed, body, edits) };
}

/**
 * The indentation a document already uses, as VS Code's `editor.detectIndentation` would find
 * it: tabs when indented lines mostly start with a tab, else the most common step between the
 * indentation of consecutive lines. Undefined when no line is indented.
 */
export function detectIndentation(text: string): { tabSize: number; insertSpaces: boolean } | undefined {
  let tabs = 0;
  let spaces = 0;
  const steps = new Map<number, number>();
  let previous = 0;
  const limit = Math.min(text.length, 100_000);
  let lineStart = 0;
  while (lineStart < limit) {
    let end = text.indexOf('\n', lineStart);
    if (end < 0) end = text.length;
    let i = lineStart;
    while (i < end && text[i] === ' ') i++;
    const spaceCount = i - lineStart;
    if (text[lineStart] === '\t') tabs++;
    else if (spaceCount > 0 && i < end && text[i] !== '\r') {
      spaces++;
      const step = Math.abs(spaceCount - previous);
      if (step > 0 && step <= 8) steps.set(step, (steps.get(step) ?? 0) + 1);
    }
    if (i < end && text[i] !== '\r') previous = text[lineStart] === '\t' ? previous : spaceCount;
    lineStart = end + 1;
  }
  if (tabs === 0 && spaces === 0) return undefined;
  if (tabs > spaces) return { tabSize: 4, insertSpaces: false };
  let best = 2;
  let count = -1;
  for (const [step, n] of steps) if (n > count || (n === count && step < best)) { best = step; count = n; }
  return { tabSize: best, insertSpaces: true };
}
