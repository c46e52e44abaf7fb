import { CompletionList } from 'vscode-languageserver/node';
import { doComplete } from '@campaign-studio/core';
import { ServerContext } from '../context';

/**
 * Completion from the parse of the current version. The findings that mark missing properties
 * required are the last ones validation made, of whatever version: after an edit, completion
 * never waits for the new version's validation (a second on a 10 MB file). Only a document never
 * validated yet has its findings computed here, once, and the diagnostics then reuse them.
 */
export function registerCompletion(ctx: ServerContext): void {
  ctx.connection.onCompletion((params, token) =>
    ctx.safe<CompletionList | null>(
      'completion',
      params.textDocument.uri,
      null,
      req =>
        doComplete({
          parsed: req.parsed,
          kind: req.kind,
          settings: req.settings.workspace,
          position: params.position,
          triggerSuggest: ctx.client.vscode,
          client: ctx.client.completion,
          ruleLink: ctx.client.ruleLink,
          findings: () => ctx.registry.lastFindings(req.doc.uri) ?? ctx.registry.findings(req.doc, req.settings),
        }),
      token,
    ),
  );
}
