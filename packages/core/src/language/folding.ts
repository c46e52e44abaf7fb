import * as jsonc from 'jsonc-parser';
import type { FoldingRange } from 'vscode-languageserver-types';
import { ParsedDocument } from './parse';
import { positionAt } from './ranges';

/**
 * Folding ranges: objects and arrays that span lines (the closing bracket stays visible), block
 * comments, and `// #region` … `// #endregion` markers. Past `rangeLimit`, the outermost win.
 */

// Read once: each access through the module namespace costs a getter call, per token.
const OpenBraceToken = jsonc.SyntaxKind.OpenBraceToken;
const OpenBracketToken = jsonc.SyntaxKind.OpenBracketToken;
const CloseBraceToken = jsonc.SyntaxKind.CloseBraceToken;
const CloseBracketToken = jsonc.SyntaxKind.CloseBracketToken;
const BlockCommentTrivia = jsonc.SyntaxKind.BlockCommentTrivia;
const LineCommentTrivia = jsonc.SyntaxKind.LineCommentTrivia;
const EOF = jsonc.SyntaxKind.EOF;

export interface FoldingInput {
  parsed: ParsedDocument;
  /** The client's `foldingRange.rangeLimit`. */
  rangeLimit?: number;
}

export function foldingRanges(input: FoldingInput): FoldingRange[] {
  const { parsed } = input;
  const bom = parsed.bom;
  const body = bom ? parsed.text.slice(1) : parsed.text;
  const lineOf = (offset: number) => positionAt(parsed, offset + bom).line;
  const scanner = jsonc.createScanner(body, false);
  const ranges: Array<FoldingRange & { depth: number }> = [];
  const stack: Array<{ startLine: number; kind: 'object' | 'array' }> = [];
  const regions: number[] = [];
  let token = scanner.scan();
  while (token !== EOF) {
    switch (token) {
      case OpenBraceToken:
      case OpenBracketToken:
        stack.push({ startLine: lineOf(scanner.getTokenOffset()), kind: token === OpenBraceToken ? 'object' : 'array' });
        break;
      case CloseBraceToken:
      case CloseBracketToken: {
        const kind = token === CloseBraceToken ? 'object' : 'array';
        if (stack.length && stack[stack.length - 1].kind === kind) {
          const open = stack.pop()!;
          const line = lineOf(scanner.getTokenOffset());
          // A bracket on a line of its own stays visible; one after content folds with its line.
          const endLine = closesLine(body, scanner.getTokenOffset()) ? line - 1 : line;
          if (endLine > open.startLine) ranges.push({ startLine: open.startLine, endLine, depth: stack.length });
        }
        break;
      }
      case BlockCommentTrivia: {
        const start = lineOf(scanner.getTokenOffset());
        const end = lineOf(scanner.getTokenOffset() + scanner.getTokenLength());
        if (start < end) ranges.push({ startLine: start, endLine: end, kind: 'comment', depth: stack.length });
        break;
      }
      case LineCommentTrivia: {
        const text = body.substr(scanner.getTokenOffset(), scanner.getTokenLength());
        const line = lineOf(scanner.getTokenOffset());
        if (/^\/\/\s*#?region\b/.test(text)) regions.push(line);
        else if (/^\/\/\s*#?endregion\b/.test(text) && regions.length) {
          const start = regions.pop()!;
          if (line > start) ranges.push({ startLine: start, endLine: line, kind: 'region', depth: 0 });
        }
        break;
      }
    }
    token = scanner.scan();
  }
  let out = ranges;
  const limit = input.rangeLimit;
  if (typeof limit === 'number' && limit >= 0 && out.length > limit) {
    out = [...out].sort((a, b) => a.depth - b.depth || a.startLine - b.startLine).slice(0, limit);
  }
  return out.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine).map(({ depth: _depth, ...r }) => r);
}

/** Whether only whitespace precedes `offset` on its line (a closing bracket on a line of its own). */
function closesLine(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0; i--) {
    const c = text[i];
    if (c === '\n') return true;
    if (c !== ' ' && c !== '\t' && c !== '\r') return false;
  }
  return true;
}
