import * as l10n from '@vscode/l10n';
import { fileURLToPath } from 'url';

/**
 * The messages people read (rule findings, the server's words, the CLI's) are written in English
 * and go through `l10n.t` of `@vscode/l10n`; a translation bundle, when one is given, replaces them.
 * The language server and the CLI take the bundle's location from this variable, as VS Code's own
 * language servers do: a path, or a `file:` URI (what `vscode.l10n.uri` gives the extension).
 */
export const L10N_BUNDLE_VARIABLE = 'VSCODE_L10N_BUNDLE_LOCATION';

/** Loads the translation bundle at `location`, if any; throws when it cannot be read as JSON. */
export function useL10nBundle(location: string | undefined): void {
  if (!location) return;
  l10n.config({ fsPath: location.startsWith('file:') ? fileURLToPath(location) : location });
}
