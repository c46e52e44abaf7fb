import { TextEdit } from 'vscode-languageserver/node';
import { format } from '@campaign-studio/core';
import { ServerContext } from '../context';

export function registerFormatting(ctx: ServerContext): void {
  ctx.connection.onDocumentFormatting((params, token) => ctx.safe<TextEdit[]>('formatting', params.textDocument.uri, [], req => format({
    parsed: req.parsed, options: params.options,
  }), token));

  ctx.connection.onDocumentRangeFormatting((params, token) => ctx.safe<TextEdit[]>('range formatting', params.textDocument.uri, [], req => format({
    parsed: req.parsed, options: params.options, range: params.range,
  }), token));
}
