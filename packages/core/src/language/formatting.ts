import * as jsonc from 'jsonc-parser';
import type { TextEdit } from 'vscode-languageserver-types';
import { ParsedDocument } from './parse';
import { offsetAt, positionAt, Range } from './ranges';

/**
 * Formatting of a whole document or a range, with jsonc-parser's formatter and the editor's
 * indentation (`FormattingOptions.tabSize` / `insertSpaces`), keeping the document's line ends.
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

/** The line ending a text uses (its first line's), for text inserted into it. */
export function eolOf(text: string): string {
  const i = text.indexOf('\n');
  return i > 0 && text[i - 1] === '\r' ? '\r\n' : '\n';
}

export function format(input: FormatInput): TextEdit[] {
  const { parsed, options } = input;
  // Formatting a UTF-16 file read as UTF-8 would rewrite its NULs: it is saved as UTF-8 first.
  if (parsed.tooDeep || parsed.utf16) return [];
  const bom = parsed.bom;
  const body = bom ? parsed.text.slice(1) : parsed.text;
  let range: jsonc.Range | undefined;
  if (input.range) {
    const start = Math.max(0, offsetAt(parsed, input.range.start) - bom);
    const end = Math.max(start, offsetAt(parsed, input.range.end) - bom);
    range = { offset: start, length: end - start };
  }
  const edits = jsonc.format(body, range, {
    tabSize: Math.max(1, Math.floor(options.tabSize || 2)),
    insertSpaces: options.insertSpaces !== false,
    eol: options.eol ?? eolOf(body),
    insertFinalNewline: !input.range && (options.insertFinalNewline ?? false),
    keepLines: false,
  });
  return edits.map(e => ({
    range: { start: positionAt(parsed, e.offset + bom), end: positionAt(parsed, e.offset + e.length + bom) },
    newText: e.content,
  }));
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
