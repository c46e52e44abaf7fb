import * as l10n from '@vscode/l10n';
import { ErrorCodes, LSPErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { PreflightRequest, rangeFor } from '@campaign-studio/core';
import { describe, MAX_DOCUMENT_CHARS, ServerContext } from '../context';
import { tooLarge } from './largeDocuments';

/**
 * `campaign/preflight`: the rule set's findings for a document before a write, from the same
 * documents and settings the Problems panel shows. A failure is an error for the client, never
 * an empty answer: a write must not go ahead on a check that did not run.
 */
export function registerPreflight(ctx: ServerContext): void {
  ctx.connection.onRequest(PreflightRequest.type, async (params, token) => {
    const uri = params?.textDocument?.uri;
    if (typeof uri !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, `${PreflightRequest.method} needs textDocument.uri`);
    const open = ctx.documents.get(uri);
    if (!open && typeof params.text !== 'string') {
      throw new ResponseError(ErrorCodes.InvalidParams, `${uri} is not open in the language server; send its text to check it.`);
    }
    const chars = (open?.getText() ?? params.text ?? '').length;
    if (chars > MAX_DOCUMENT_CHARS) throw new ResponseError(LSPErrorCodes.RequestFailed, tooLarge(uri, chars));
    try {
      const settings = params.settings ? { workspace: params.settings, editor: {} } : await ctx.settings.get(uri);
      if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, `${PreflightRequest.method} cancelled`);
      const doc = ctx.documents.get(uri) ?? TextDocument.create(uri, 'campaign-json', 0, params.text ?? '');
      // A closed file's text is checked and not kept.
      const { parsed, findings } = ctx.registry.transient(doc, () => ({
        parsed: ctx.registry.parsed(doc),
        findings: ctx.service.check(doc, settings, { remote: params.remote, purpose: params.purpose }),
      }));
      return {
        version: ctx.documents.get(uri) ? doc.version : null,
        findings: findings.map(f => ({ rule: f.rule, severity: f.severity, message: f.message, path: f.path, range: rangeFor(parsed, f) })),
      };
    } catch (e) {
      if (e instanceof ResponseError) throw e;
      ctx.log.error(l10n.t`${PreflightRequest.method} failed for ${uri}: ${describe(e)}`);
      throw new ResponseError(ErrorCodes.InternalError, `The rules could not check ${uri}: ${e instanceof Error ? e.message : String(e)}`);
    }
  });
}
