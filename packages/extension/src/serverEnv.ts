import { L10N_BUNDLE_VARIABLE } from '@campaign-studio/core';

/**
 * The language server's environment: the extension's own, plus where the translation bundle the
 * editor chose is (`vscode.l10n.uri`), so that diagnostics, quick-fix titles and hovers, which the
 * server words, speak the editor's language as the extension's own texts do. No bundle (English):
 * the variable is left out.
 */
export function serverEnvironment(base: NodeJS.ProcessEnv, bundle: string | undefined): NodeJS.ProcessEnv {
  return bundle ? { ...base, [L10N_BUNDLE_VARIABLE]: bundle } : { ...base };
}
