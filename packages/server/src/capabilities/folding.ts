import { FoldingRange } from 'vscode-languageserver/node';
import { foldingRanges } from '@campaign-studio/core';
import { ServerContext } from '../context';

export function registerFolding(ctx: ServerContext): void {
  ctx.connection.onFoldingRanges((params, token) =>
    ctx.safe<FoldingRange[]>(
      'folding ranges',
      params.textDocument.uri,
      [],
      req =>
        foldingRanges({
          parsed: req.parsed,
          rangeLimit: ctx.client.foldingRangeLimit,
        }),
      token,
    ),
  );
}
