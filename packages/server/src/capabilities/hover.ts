import { Hover } from 'vscode-languageserver/node';
import { doHover, localZone } from '@campaign-studio/core';
import { ServerContext } from '../context';

export function registerHover(ctx: ServerContext): void {
  ctx.connection.onHover((params, token) =>
    ctx.safe<Hover | null>(
      'hover',
      params.textDocument.uri,
      null,
      req =>
        doHover({
          parsed: req.parsed,
          kind: req.kind,
          settings: req.settings.workspace,
          position: params.position,
          ruleLink: ctx.client.ruleLink,
          viewerZone: localZone(),
        }),
      token,
    ),
  );
}
