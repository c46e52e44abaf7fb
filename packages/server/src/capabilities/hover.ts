import { Hover } from 'vscode-languageserver/node';
import { doHover, HoverProblem, localZone } from '@campaign-studio/core';
import { RequestContext, ServerContext } from '../context';

/** Hovers, with the problems at the position (the findings diagnostics show) before the documentation. */
export function registerHover(ctx: ServerContext): void {
  ctx.connection.onHover((params, token) =>
    ctx.safe<Hover | null>(
      'hover',
      params.textDocument.uri,
      null,
      req => {
        return doHover({
          parsed: req.parsed,
          kind: req.kind,
          settings: req.settings.workspace,
          position: params.position,
          ruleLink: ctx.client.ruleLink,
          viewerZone: localZone(),
          problems: ctx.client.problemsInHover ? problemsOf(ctx, req) : undefined,
        });
      },
      token,
    ),
  );
}

/** The findings the diagnostics show, with their ranges, for a hover to lead with. */
function problemsOf(ctx: ServerContext, req: RequestContext): HoverProblem[] {
  const { findings, ranges } = ctx.registry.fixes(req.doc, req.settings);
  return findings.map((f, i) => ({ rule: f.rule, severity: f.severity, message: f.message, range: ranges[i] }));
}
