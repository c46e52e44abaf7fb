import * as l10n from '@vscode/l10n';
import { CancellationToken, CodeLens, ExecuteCommandParams, MessageType, ShowMessageNotification } from 'vscode-languageserver/node';
import { localZone, scheduleLens, sendTimeline, timelineLines } from '@campaign-studio/core';
import { ServerContext } from '../context';

/**
 * The server's own command behind the lens, for a client without a campaign preview (Neovim,
 * Emacs): it shows the next sends as a message and returns the same text.
 */
export const SHOW_SCHEDULE_COMMAND = 'campaign.showSchedule';

/**
 * "next send: …" above `scheduling_details`, from the cached parse. A click opens the client's
 * preview (`initializationOptions.previewCommand`, which the VS Code extension passes), else runs
 * {@link SHOW_SCHEDULE_COMMAND}.
 */
export function registerCodeLens(ctx: ServerContext): void {
  ctx.connection.onCodeLens((params, token) =>
    ctx.safe<CodeLens[]>(
      'code lens',
      params.textDocument.uri,
      [],
      req => {
        if (req.kind !== 'campaign') return [];
        const lens = scheduleLens({ parsed: req.parsed, now: Date.now(), viewerZone: localZone() });
        const command = ctx.client.previewCommand ?? SHOW_SCHEDULE_COMMAND;
        return lens ? [{ range: lens.range, command: { title: lens.title, command, arguments: [params.textDocument.uri] } }] : [];
      },
      token,
    ),
  );
  ctx.connection.onExecuteCommand((params, token) => (params.command === SHOW_SCHEDULE_COMMAND ? showSchedule(ctx, params, token) : null));
}

function showSchedule(ctx: ServerContext, params: ExecuteCommandParams, token: CancellationToken): Promise<string | null> | null {
  const [uri] = params.arguments ?? [];
  if (typeof uri !== 'string') {
    show(ctx, MessageType.Error, l10n.t('{0} needs the URI of an open campaign file as its argument.', SHOW_SCHEDULE_COMMAND));
    return null;
  }
  return ctx.safe<string | null>(
    'show schedule',
    uri,
    null,
    req => {
      const text = timelineLines(sendTimeline(req.parsed.value, { now: Date.now(), viewerZone: localZone() }))
        .map(line => line.slice(2))
        .join('\n');
      show(ctx, MessageType.Info, text);
      return text;
    },
    token,
  );
}

/** `window/showMessage`: a notification, not the request that waits for the user to close it. */
function show(ctx: ServerContext, type: MessageType, message: string): void {
  void ctx.connection.sendNotification(ShowMessageNotification.type, { type, message });
}
