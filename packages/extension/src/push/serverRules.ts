import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { PreflightRequest, WorkspaceSettings } from '@campaign-studio/core';
import type { LocalRules } from '@campaign-studio/sync';

/**
 * The rule set as the language server runs it (`campaign/preflight`): the same open documents and
 * settings as the Problems panel, an unsaved `.campaignrc.json` and the editor's overrides
 * included, so a write never checks differently from what the editor shows. `settings` replace
 * those of the document: a promotion checks with its target environment's.
 */
export function serverRules(client: LanguageClient, uri: vscode.Uri, settings?: WorkspaceSettings): LocalRules {
  return {
    check: async (text, options) => {
      const params: PreflightRequest.Params = {
        textDocument: { uri: uri.toString() },
        text,
        remote: options.remote,
        purpose: options.purpose,
        ...(settings ? { settings } : {}),
      };
      const result = await client.sendRequest(PreflightRequest.type, params);
      return result.findings.map(f => ({
        rule: f.rule,
        severity: f.severity,
        message: f.message,
        path: f.path,
        line: f.range.start.line + 1,
      }));
    },
  };
}
