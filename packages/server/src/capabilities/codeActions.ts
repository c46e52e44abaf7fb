import * as l10n from '@vscode/l10n';
import {
  CodeAction,
  CodeActionKind,
  CodeActionParams,
  LSPErrorCodes,
  ResponseError,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver/node';
import { codeActions, FixAllData, resolveFixAll, ruleDocActions } from '@campaign-studio/core';
import { RequestContext, ServerContext } from '../context';
import { Fixes, Indentation } from '../documentRegistry';

/**
 * Quick fixes and fix-all. A request computes the fixes of the diagnostics in its range only,
 * with the findings validation made for that version. Fix-all (the file's, and one rule's) costs
 * a fix of every finding in the file, so it is computed only when wanted: a client that resolves
 * code actions (`resolveSupport` with `edit`, as VS Code) gets it without its edit and asks for
 * the edit when the user picks it or saves; a client that cannot (Neovim, Emacs) gets the file's
 * fix-all only when it asks for source actions, which it does on a user's command, never at every
 * cursor move as quick fixes are. Fixes insert text in the editor's indentation for the resource
 * (the document's own indentation wins when it has one), asked once per document while it is open.
 */
export function registerCodeActions(ctx: ServerContext): void {
  ctx.connection.onCodeAction((params, token) =>
    ctx.safe<CodeAction[]>(
      'code actions',
      params.textDocument.uri,
      [],
      async req => {
        const version = req.doc.version;
        const formatting = await indentationFor(ctx, req.doc.uri);
        // The text moved on while the editor's settings were read: the editor asks again for the new one.
        if (req.doc.version !== version) return [];
        const fixes = ctx.registry.fixes(req.doc, req.settings);
        const actions = codeActions({
          ...fixInput(req, fixes, formatting),
          ranges: fixes.ranges,
          range: params.range,
          only: params.context.only,
          version,
          resolveLater: ctx.client.codeActionResolve,
        });
        return [
          ...actions.map(a =>
            a.edit?.changes ? { ...a, edit: versioned(ctx, { uri: req.doc.uri, version }, a.edit.changes[req.doc.uri]) } : a,
          ),
          ...docActions(ctx, params),
        ];
      },
      token,
    ),
  );

  ctx.connection.onCodeActionResolve((action, token) => {
    const data = fixAllData(action.data);
    if (!data) return action;
    refuseStale(ctx, data);
    return ctx.safe<CodeAction>(
      'code action resolve',
      data.uri,
      action,
      async req => {
        const formatting = await indentationFor(ctx, data.uri);
        refuseStale(ctx, data);
        const fixes = ctx.registry.fixes(req.doc, req.settings);
        const key = data.rule ?? '';
        let edits = fixes.fixAll.get(key);
        if (!edits) {
          edits = resolveFixAll(fixInput(req, fixes, formatting), data);
          fixes.fixAll.set(key, edits);
        }
        return { ...action, edit: versioned(ctx, data, edits) };
      },
      token,
    );
  });
}

/** The editor's indentation for the resource, asked once per open document (by the registry). */
function indentationFor(ctx: ServerContext, uri: string): Promise<Indentation> {
  if (!ctx.client.configuration) return Promise.resolve(undefined);
  return ctx.registry.indentation(uri, () =>
    ctx.connection.workspace.getConfiguration({ scopeUri: uri, section: 'editor' }).then(
      (e: { tabSize?: unknown; insertSpaces?: unknown; detectIndentation?: unknown } | null) => ({
        tabSize: typeof e?.tabSize === 'number' && e.tabSize > 0 ? e.tabSize : undefined,
        insertSpaces: typeof e?.insertSpaces === 'boolean' ? e.insertSpaces : undefined,
        detectIndentation: typeof e?.detectIndentation === 'boolean' ? e.detectIndentation : undefined,
      }),
      () => undefined,
    ),
  );
}

/** What the core's fixes are computed from: this version's text, findings and settings, and the editor's indentation. */
function fixInput(req: RequestContext, fixes: Fixes, formatting: Indentation) {
  return { uri: req.doc.uri, parsed: req.parsed, kind: req.kind, settings: req.settings.workspace, findings: fixes.findings, formatting };
}

function fixAllData(data: unknown): FixAllData | undefined {
  const d = data as Partial<FixAllData> | undefined;
  return typeof d?.uri === 'string' && typeof d.version === 'number' && (d.rule === undefined || typeof d.rule === 'string')
    ? (d as FixAllData)
    : undefined;
}

/**
 * A fix-all edit is made on the version it was offered for, or not at all: after an edit its
 * offsets would land in the wrong places. ContentModified tells the editor to drop the action
 * (VS Code does so silently) rather than apply anything.
 */
function refuseStale(ctx: ServerContext, data: FixAllData): void {
  const doc = ctx.documents.get(data.uri);
  if (doc?.version === data.version) return;
  throw new ResponseError(
    LSPErrorCodes.ContentModified,
    doc
      ? l10n.t(
          'The file changed (version {0}, now {1}) since this fix was offered; ask for the code actions again.',
          data.version,
          doc.version,
        )
      : l10n.t('The file was closed since this fix was offered; open it and ask for the code actions again.'),
  );
}

/** Ties the edits to the version they were computed on: the editor refuses them if the text moved on. */
function versioned(ctx: ServerContext, doc: { uri: string; version: number }, edits: TextEdit[]): WorkspaceEdit {
  return ctx.client.versionedWorkspaceEdits
    ? { documentChanges: [{ textDocument: { uri: doc.uri, version: doc.version }, edits }] }
    : { changes: { [doc.uri]: edits } };
}

/** The quick-fix menu's "Show documentation for rule X", for a client whose command shows it. */
function docActions(ctx: ServerContext, params: CodeActionParams): CodeAction[] {
  const command = ctx.client.ruleDocCommand;
  const wanted = !params.context.only || params.context.only.some(k => k === CodeActionKind.QuickFix);
  return command && wanted ? ruleDocActions(params.context.diagnostics, command) : [];
}
