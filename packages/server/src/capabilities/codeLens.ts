import { CodeLens } from 'vscode-languageserver/node';
import { scheduleLens } from '@campaign-studio/core';
import { ServerContext } from '../context';

/** The command the lens runs: the extension's campaign preview, for this document. */
export const SHOW_PREVIEW_COMMAND = 'campaignStudio.showPreview';

/** "next send: …" above `scheduling_details`, from the cached parse; a click opens the preview. */
export function registerCodeLens(ctx: ServerContext): void {
  ctx.connection.onCodeLens((params, token) => ctx.safe<CodeLens[]>('code lens', params.textDocument.uri, [], req => {
    if (req.kind !== 'campaign') return [];
    const lens = scheduleLens({ parsed: req.parsed, now: Date.now(), viewerZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
    return lens ? [{ range: lens.range, command: { title: lens.title, command: SHOW_PREVIEW_COMMAND, arguments: [params.textDocument.uri] } }] : [];
  }, token));
}
