import { CodeAction, CodeActionKind, CodeActionParams } from 'vscode-languageserver/node';
import { codeActions, ruleDocActions } from '@campaign-studio/core';
import { ServerContext } from '../context';

type Indentation = { tabSize?: number; insertSpaces?: boolean; detectIndentation?: boolean } | undefined;

/**
 * Quick fixes and fix-all. Fixes insert text in the editor's indentation for the resource (the
 * document's own indentation wins when it has one), asked once per document while it is open.
 */
export function registerCodeActions(ctx: ServerContext): void {
  const indentation = new Map<string, Promise<Indentation>>();
  ctx.documents.onDidClose(e => indentation.delete(e.document.uri));

  function indentationFor(uri: string): Promise<Indentation> {
    if (!ctx.client.configuration) return Promise.resolve(undefined);
    let hit = indentation.get(uri);
    if (!hit) {
      hit = ctx.connection.workspace.getConfiguration({ scopeUri: uri, section: 'editor' }).then(
        (e: { tabSize?: unknown; insertSpaces?: unknown; detectIndentation?: unknown } | null) => ({
          tabSize: typeof e?.tabSize === 'number' && e.tabSize > 0 ? e.tabSize : undefined,
          insertSpaces: typeof e?.insertSpaces === 'boolean' ? e.insertSpaces : undefined,
          detectIndentation: typeof e?.detectIndentation === 'boolean' ? e.detectIndentation : undefined,
        }),
        () => undefined);
      indentation.set(uri, hit);
    }
    return hit;
  }

  ctx.connection.onCodeAction((params, token) => ctx.safe<CodeAction[]>('code actions', params.textDocument.uri, [], async req => {
    const formatting = await indentationFor(req.doc.uri);
    const actions = codeActions({
      uri: req.doc.uri, parsed: req.parsed, kind: req.kind, settings: req.settings.workspace,
      findings: ctx.service.findings(req.doc, req.settings), range: params.range, only: params.context.only, formatting,
    });
    return [...versioned(ctx, req.doc, actions), ...docActions(ctx, params)];
  }, token));
}

/** Ties each edit to the version it was computed on: the editor refuses it if the text moved on. */
function versioned(ctx: ServerContext, doc: { uri: string; version: number }, actions: CodeAction[]): CodeAction[] {
  if (!ctx.client.versionedWorkspaceEdits) return actions;
  return actions.map(a => {
    const edits = a.edit?.changes?.[doc.uri];
    return edits ? { ...a, edit: { documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits }] } } : a;
  });
}

/** The quick-fix menu's "Show documentation for rule X", for a client whose command shows it. */
function docActions(ctx: ServerContext, params: CodeActionParams): CodeAction[] {
  const command = ctx.client.ruleDocCommand;
  const wanted = !params.context.only || params.context.only.some(k => k === CodeActionKind.QuickFix);
  return command && wanted ? ruleDocActions(params.context.diagnostics, command) : [];
}
