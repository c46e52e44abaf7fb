import {
  CancellationToken,
  DocumentFormattingParams,
  MessageType,
  Range,
  ShowMessageNotification,
  TextEdit,
} from 'vscode-languageserver/node';
import { format } from '@campaign-studio/core';
import { ServerContext } from '../context';

/**
 * The edits for the editor, of the whole document or of `range`; a declined formatting is shown
 * to the user, with the reason, instead of doing nothing silently.
 */
function formatEdits(
  ctx: ServerContext,
  what: string,
  params: DocumentFormattingParams & { range?: Range },
  token: CancellationToken,
): Promise<TextEdit[]> {
  return ctx.safe<TextEdit[]>(
    what,
    params.textDocument.uri,
    [],
    req => {
      const formatting = format({ parsed: req.parsed, options: params.options, range: params.range });
      if (formatting.declined)
        void ctx.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: formatting.declined });
      return formatting.edits;
    },
    token,
  );
}

export function registerFormatting(ctx: ServerContext): void {
  ctx.connection.onDocumentFormatting((params, token) => formatEdits(ctx, 'formatting', params, token));
  ctx.connection.onDocumentRangeFormatting((params, token) => formatEdits(ctx, 'range formatting', params, token));
}
