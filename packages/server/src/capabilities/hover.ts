import { Hover } from 'vscode-languageserver/node';
import { doHover, localZone } from '@campaign-studio/core';
import { ServerContext } from '../context';

/** Hovers, with the problems at the position (the findings diagnostics show) before the documentation. */
export function registerHover(ctx: ServerContext): void {
  ctx.connection.onHover((params, token) =>
    ctx.safe<Hover | null>(
      'hover',
      params.textDocument.uri,
      null,
      req => {
        const { findings, ranges } = ctx.registry.fixes(req.doc, req.settings);
        return doHover({
          parsed: req.parsed,
          kind: req.kind,
          settings: req.settings.workspace,
          position: params.position,
          ruleLink: ctx.client.ruleLink,
          viewerZone: localZone(),
          problems: findings.map((f, i) => ({ rule: f.rule, severity: f.severity, message: f.message, range: ranges[i] })),
        });
      },
      token,
    ),
  );
}
