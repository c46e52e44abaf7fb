import * as l10n from '@vscode/l10n';
import { fileURLToPath } from 'url';

/**
 * The messages people read (rule findings, the server's words, the CLI's) are written in English
 * and go through `l10n.t` of `@vscode/l10n`; a translation bundle, when one is given, replaces them.
 * The language server and the CLI take the bundle's location from this variable, as VS Code's own
 * language servers do: a path, or a `file:` URI (what `vscode.l10n.uri` gives the extension).
 */
export const L10N_BUNDLE_VARIABLE = 'VSCODE_L10N_BUNDLE_LOCATION';

/**
 * Loads the translation bundle the environment names, if any. Returns why it could not be read
 * (the messages then stay in English), or undefined.
 */
export function loadL10nBundle(env: Record<string, string | undefined>): string | undefined {
  const location = env[L10N_BUNDLE_VARIABLE];
  if (!location) return undefined;
  try {
    l10n.config({ fsPath: location.startsWith('file:') ? fileURLToPath(location) : location });
    return undefined;
  } catch (e) {
    return l10n.t(
      '{0}: the translation bundle {1} could not be read ({2}); messages stay in English.',
      L10N_BUNDLE_VARIABLE,
      location,
      e instanceof Error ? e.message : String(e),
    );
  }
}
