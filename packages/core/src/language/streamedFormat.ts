import * as jsonc from 'jsonc-parser';
import { SyntaxKind as K } from 'jsonc-parser';

/**
 * jsonc-parser's formatter (`format` with `keepLines: false`), rule for rule, streamed: instead of
 * an array with an edit object per gap between two tokens (a million of them for a 10 MB
 * document), each change goes straight into the run of changed lines it belongs to, so memory
 * holds the new text and little else. `streamedFormat.property.test.ts` checks that both give the same
 * text.
 */

export interface FormatterOptions {
  tabSize: number;
  insertSpaces: boolean;
  /** New lines' end when the text has none of its own (the formatter follows the text's first). */
  eol: string;
  insertFinalNewline: boolean;
  /** Past this many characters of new text, or this many tokens, formatting stops: `exceeded` says which. */
  maxLength: number;
  maxTokens: number;
}

export interface Formatted {
  hunks: Hunk[];
  exceeded?: 'length' | 'tokens';
}

/** A run of changed lines: `text[start, end)` becomes `newText`. */
export interface Hunk {
  start: number;
  end: number;
  newText: string;
}

/** A line break at the current indentation, as a gap between two tokens. */
const BREAK = Symbol('line break');
/** Pieces of a run's text are joined in batches of this many, so that no array holds a slice per token. */
const JOIN_BATCH = 8_192;

/** The line end the formatter writes: the text's first, as jsonc-parser picks it, else `fallback`. */
export function formatterEol(text: string, fallback: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13) return text.charCodeAt(i + 1) === 10 ? '\r\n' : '\r';
    if (c === 10) return '\n';
  }
  return fallback || '\n';
}

const isEol = (c: number): boolean => c === 10 || c === 13;

/** The whole lines a range touches: the text jsonc-parser formats for it. */
export function formattedRegion(text: string, range: jsonc.Range | undefined): { start: number; end: number } {
  if (!range) return { start: 0, end: text.length };
  let start = range.offset;
  while (start > 0 && !isEol(text.charCodeAt(start - 1))) start--;
  let end = range.offset + range.length;
  while (end < text.length && !isEol(text.charCodeAt(end))) end++;
  return { start, end };
}

/** The indentation levels a range's lines start at: whole steps of the first line's leading white space. */
export function initialIndentLevel(region: string, tabSize: number): number {
  let columns = 0;
  for (let i = 0; i < region.length && (region[i] === ' ' || region[i] === '\t'); i++) columns += region[i] === '\t' ? tabSize : 1;
  return Math.floor(columns / tabSize);
}

function hasLineBreak(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (isEol(text.charCodeAt(i))) return true;
  return false;
}

/** Collects edits, in order, into runs with no line break of the original text between them. */
class Hunks {
  readonly done: Hunk[] = [];
  /** Characters of new text so far. */
  newTextLength = 0;
  private start = -1;
  private end = -1;
  private batches: string[] = [];
  private parts: string[] = [];

  constructor(private readonly text: string) {}

  add(offset: number, length: number, content: string): void {
    this.newTextLength += content.length;
    if (this.start >= 0 && !hasLineBreak(this.text, this.end, offset)) {
      this.newTextLength += offset - this.end;
      this.parts.push(this.text.slice(this.end, offset), content);
      if (this.parts.length >= JOIN_BATCH) {
        this.batches.push(this.parts.join(''));
        this.parts = [];
      }
    } else {
      this.close();
      this.start = offset;
      this.parts = [content];
    }
    this.end = offset + length;
  }

  close(): Hunk[] {
    if (this.start >= 0) {
      this.batches.push(this.parts.join(''));
      this.done.push({ start: this.start, end: this.end, newText: this.batches.join('') });
    }
    this.start = -1;
    this.batches = [];
    this.parts = [];
    return this.done;
  }
}

/**
 * The runs of lines that formatting `text` (or the lines `range` touches) changes, with their new
 * text; nothing where the text is already formatted. Stops, with no runs, once past the limits.
 */
export function formatHunks(text: string, range: jsonc.Range | undefined, options: FormatterOptions): Formatted {
  const region = formattedRegion(text, range);
  const rangeStart = range ? range.offset : 0;
  const rangeEnd = range ? range.offset + range.length : text.length;
  const initialLevel = range ? initialIndentLevel(text.slice(region.start, region.end), options.tabSize) : 0;
  const eol = formatterEol(text, options.eol);
  const indentValue = options.insertSpaces ? ' '.repeat(options.tabSize) : '\t';
  const breaks: string[] = [];
  const newLineAndIndent = (level: number): string => {
    const n = Math.max(0, initialLevel + level);
    return (breaks[n] ??= eol + indentValue.repeat(n));
  };
  const scanner = jsonc.createScanner(text.slice(region.start, region.end), false);
  const hunks = new Hunks(text);
  let lineBreaks = 0;
  let hasError = false;
  let level = 0;
  let tokens = 0;
  const scanNext = (): K => {
    let token = scanner.scan();
    tokens++;
    lineBreaks = 0;
    while (token === K.Trivia || token === K.LineBreakTrivia) {
      if (token === K.LineBreakTrivia) lineBreaks = 1;
      token = scanner.scan();
    }
    hasError = token === K.Unknown || scanner.getTokenError() !== jsonc.ScanError.None;
    return token;
  };
  const addEdit = (content: string, start: number, end: number): void => {
    if (!hasError && (!range || (start < rangeEnd && end > rangeStart)) && !sameText(text, start, end, content))
      hunks.add(start, end - start, content);
  };
  const tokenEnd = (): number => region.start + scanner.getTokenOffset() + scanner.getTokenLength();
  const tokenStart = (): number => region.start + scanner.getTokenOffset();

  let first = scanNext();
  if (first !== K.EOF) addEdit(indentValue.repeat(initialLevel), region.start, tokenStart());
  while (first !== K.EOF) {
    if (tokens > options.maxTokens) return { hunks: [], exceeded: 'tokens' };
    if (hunks.newTextLength > options.maxLength) return { hunks: [], exceeded: 'length' };
    let firstEnd = tokenEnd();
    let second = scanNext();
    let replace = '';
    let needsLineBreak = false;
    while (lineBreaks === 0 && (second === K.LineCommentTrivia || second === K.BlockCommentTrivia)) {
      addEdit(' ', firstEnd, tokenStart());
      firstEnd = tokenEnd();
      needsLineBreak = second === K.LineCommentTrivia;
      replace = needsLineBreak ? newLineAndIndent(level) : '';
      second = scanNext();
    }
    if (second === K.CloseBraceToken || second === K.CloseBracketToken) {
      const open = second === K.CloseBraceToken ? K.OpenBraceToken : K.OpenBracketToken;
      if (first !== open) {
        level--;
        replace = newLineAndIndent(level);
      }
    } else {
      const next = gapAfter(first, second, { lineBreaks, needsLineBreak });
      if (next.open) level++;
      if (next.error) hasError = true;
      if (next.gap === BREAK) replace = newLineAndIndent(level);
      else if (next.gap !== undefined) replace = next.gap;
      if (lineBreaks > 0 && (second === K.LineCommentTrivia || second === K.BlockCommentTrivia)) replace = newLineAndIndent(level);
    }
    if (second === K.EOF) replace = options.insertFinalNewline ? eol : '';
    addEdit(replace, firstEnd, tokenStart());
    first = second;
  }
  return { hunks: hunks.close() };
}

function sameText(text: string, start: number, end: number, content: string): boolean {
  return end - start === content.length && text.startsWith(content, start);
}

/**
 * What goes between two tokens when the second does not close a container: a line break at the
 * current level, a given text, or what is there already (undefined); whether the first opens a
 * level; whether the pair is not JSON (the formatter then leaves that gap alone).
 */
function gapAfter(
  first: K,
  second: K,
  at: { lineBreaks: number; needsLineBreak: boolean },
): { gap?: string | typeof BREAK; open?: boolean; error?: boolean } {
  const comment = second === K.LineCommentTrivia || second === K.BlockCommentTrivia;
  switch (first) {
    case K.OpenBracketToken:
    case K.OpenBraceToken:
      return { gap: BREAK, open: true };
    case K.CommaToken:
    case K.LineCommentTrivia:
      return { gap: BREAK };
    case K.BlockCommentTrivia:
      return at.lineBreaks > 0 ? { gap: BREAK } : at.needsLineBreak ? {} : { gap: ' ' };
    case K.ColonToken:
      return at.needsLineBreak ? {} : { gap: ' ' };
    case K.StringLiteral:
      return second === K.ColonToken && !at.needsLineBreak ? { gap: '' } : {};
    case K.NullKeyword:
    case K.TrueKeyword:
    case K.FalseKeyword:
    case K.NumericLiteral:
    case K.CloseBraceToken:
    case K.CloseBracketToken:
      if (comment && !at.needsLineBreak) return { gap: ' ' };
      return second !== K.CommaToken && second !== K.EOF ? { error: true } : {};
    case K.Unknown:
      return { error: true };
    default:
      return {};
  }
}
