import { CompletionList } from 'vscode-languageserver/node';
import { doComplete } from '@campaign-studio/core';
import { ServerContext } from '../context';

export function registerCompletion(ctx: ServerContext): void {
  ctx.connection.onCompletion((params, token) => ctx.safe<CompletionList | null>('completion', params.textDocument.uri, null, req => doComplete({
    parsed: req.parsed, kind: req.kind, settings: req.settings.workspace, position: params.position,
    triggerSuggest: ctx.client.vscode, client: ctx.client.completion, ruleLink: ctx.client.ruleLink,
    findings: () => ctx.service.findings(req.doc, req.settings),
  }), token));
}
