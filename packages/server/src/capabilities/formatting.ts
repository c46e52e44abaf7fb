import { MessageType, ShowMessageNotification, TextEdit } from 'vscode-languageserver/node';
import { format, Formatting } from '@campaign-studio/core';
import { ServerContext } from '../context';

/** The edits for the editor; a declined formatting is shown to the user, with the reason, instead of doing nothing silently. */
function answer(ctx: ServerContext, formatting: Formatting): TextEdit[] {
  if (formatting.declined)
    void ctx.connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: formatting.declined });
  return formatting.edits;
}

export function registerFormatting(ctx: ServerContext): void {
  ctx.connection.onDocumentFormatting((params, token) =>
    ctx.safe<TextEdit[]>(
      'formatting',
      params.textDocument.uri,
      [],
      req =>
        answer(
          ctx,
          format({
            parsed: req.parsed,
            options: params.options,
          }),
        ),
      token,
    ),
  );

  ctx.connection.onDocumentRangeFormatting((params, token) =>
    ctx.safe<TextEdit[]>(
      'range formatting',
      params.textDocument.uri,
      [],
      req =>
        answer(
          ctx,
          format({
            parsed: req.parsed,
            options: params.options,
            range: params.range,
          }),
        ),
      token,
    ),
  );
}
