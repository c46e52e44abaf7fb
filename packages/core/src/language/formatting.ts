import * as jsonc from 'jsonc-parser';
import * as l10n from '@vscode/l10n';
import type { TextEdit } from 'vscode-languageserver-types';
import { ParsedDocument } from './parse';
import { offsetAt, positionAt, Range } from './ranges';
import { formatHunks, Hunk } from './streamedFormat';

/**
 * Formatting of a whole document or a range, with jsonc-parser's formatting rules and the editor's
 * indentation (`FormattingOptions.tabSize` / `insertSpaces`), keeping the document's line ends.
 * The answer is the fewest edits that do it, and a formatting that would exhaust the server's
 * memory stops at a bound and is declined with the reason instead. This file is the language
 * feature (settings, ranges, the edits); `streamedFormat.ts` is the engine that computes the new text.
 */

export interface FormattingSettings {
  tabSize: number;
  insertSpaces: boolean;
  /** Line end for new lines; the document's own by default (the formatter always keeps a document's own). */
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
/** Bounds of one formatting: its new text (the edits, the response and its bytes each hold it) and its tokens (the scanner's work). */
export const MAX_FORMATTED_LENGTH = 48 * 1024 * 1024;
export const MAX_FORMATTED_TOKENS = 4_000_000;

/** The line ending a text uses (its first line's), for text inserted into it. */
export function eolOf(text: string): string {
  const i = text.indexOf('\n');
  return i > 0 && text[i - 1] === '\r' ? '\r\n' : '\n';
}

/** The editor's tab size as the formatter takes it: a whole number of 1 to MAX_TAB_SIZE, 2 when absent. */
export function tabSizeOf(tabSize: number): number {
  return Math.min(MAX_TAB_SIZE, Math.max(1, Math.floor(tabSize || 2)));
}

function declinedFor(exceeded: 'length' | 'tokens'): string {
  return exceeded === 'tokens'
    ? l10n.t(
        'Not formatted: the text to format has more than {0} million tokens, more than the formatter takes at once. Format a selection instead, or split the file.',
        MAX_FORMATTED_TOKENS / 1e6,
      )
    : l10n.t(
        'Not formatted: the formatted text would grow past {0} MB, more than the formatter takes at once. Format a selection, use a smaller tab size, or split the file.',
        MAX_FORMATTED_LENGTH / 1048576,
      );
}

/** One edit per run of changed lines, or a single one from the first change to the last when they touch most of the lines between. */
function minimalEdits(parsed: ParsedDocument, body: string, hunks: Hunk[]): TextEdit[] {
  if (hunks.length === 0) return [];
  const at = (offset: number) => positionAt(parsed, offset + parsed.bom);
  const edits = hunks.map(h => ({ range: { start: at(h.start), end: at(h.end) }, newText: h.newText }));
  const first = edits[0];
  const last = edits[edits.length - 1];
  const changedLines = edits.reduce((n, e) => n + e.range.end.line - e.range.start.line + 1, 0);
  if (edits.length === 1 || changedLines * 2 <= last.range.end.line - first.range.start.line + 1) return edits;
  const pieces: string[] = [];
  hunks.forEach((h, i) => {
    if (i > 0) pieces.push(body.slice(hunks[i - 1].end, h.start));
    pieces.push(h.newText);
  });
  return [{ range: { start: first.range.start, end: last.range.end }, newText: pieces.join('') }];
}

export function format(input: FormatInput): Formatting {
  const { parsed, options } = input;
  // Formatting a UTF-16 file read as UTF-8 would rewrite its NULs: it is saved as UTF-8 first (its D1 says so).
  if (parsed.utf16) return { edits: [] };
  if (parsed.tooDeep) {
    return {
      edits: [],
      declined: l10n.t(
        'Not formatted: the document nests too deep to be formatted safely (see its D1 problem). Flatten the structure, or check that this is the right file.',
      ),
    };
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
  const formatted = formatHunks(body, range, {
    tabSize,
    insertSpaces,
    eol: options.eol ?? '\n',
    insertFinalNewline: !input.range && (options.insertFinalNewline ?? false),
    maxLength: MAX_FORMATTED_LENGTH,
    maxTokens: MAX_FORMATTED_TOKENS,
  });
  if (formatted.exceeded) return { edits: [], declined: declinedFor(formatted.exceeded) };
  return { edits: minimalEdits(parsed, body, formatted.hunks) };
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
  for (const [step, n] of steps)
    if (n > count || (n === count && step < best)) {
      best = step;
      count = n;
    }
  return { tabSize: best, insertSpaces: true };
}
