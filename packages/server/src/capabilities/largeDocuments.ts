import * as l10n from '@vscode/l10n';
import { Diagnostic, DiagnosticSeverity, MessageType, ShowMessageNotification } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { code, isFileUri, uriToFileName } from '@campaign-studio/core';
import { MAX_DOCUMENT_CHARS, oversized, ServerContext } from '../context';

/**
 * Documents past MAX_DOCUMENT_CHARS, which no feature reads. The editor is told once, when such a
 * document opens or an edit makes one, by a warning naming the file, its size, the limit and what
 * to do; and the file's one diagnostic says it where the user looks for problems, where no
 * diagnostic at all would read as a clean file.
 */
export function registerLargeDocuments(ctx: ServerContext): void {
  ctx.documents.onDidChangeContent(({ document }) => {
    if (!ctx.registry.newlyOversized(document.uri, oversized(document))) return;
    void ctx.connection.sendNotification(ShowMessageNotification.type, {
      type: MessageType.Warning,
      message: tooLarge(document.uri, document.getText().length),
    });
  });
}

/** What the user is told about a document of `chars` characters, past the limit. */
export function tooLarge(uri: string, chars: number): string {
  const file = isFileUri(uri) ? uriToFileName(uri) : uri;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return l10n.t(
    '{0} is {1} MB, over the {2} MB the language server checks as you type: it gives this file no diagnostics, completions, hovers or formatting. Check it with campaign lint {3}.',
    code(file),
    mb(chars),
    mb(MAX_DOCUMENT_CHARS),
    code(file),
  );
}

/** The one diagnostic of an oversized document, at its start. */
export function tooLargeDiagnostic(doc: TextDocument): Diagnostic {
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Warning,
    source: 'campaign-studio',
    message: tooLarge(doc.uri, doc.getText().length),
  };
}
