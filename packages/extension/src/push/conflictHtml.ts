import * as l10n from '@vscode/l10n';
import { PageParts, webviewPage } from '../webviewPage';
import type { ConflictViewTexts } from './conflictMessages';

/**
 * The page of the "Resolve conflicts" webview (`webviewPage`): `dist/webview/conflicts.js` fills
 * it from the state the controller posts.
 */

/** The words of the view that no state changes; the script draws them (its own strings would stay English). */
export function conflictViewTexts(): ConflictViewTexts {
  const yours = l10n.t('Yours');
  return {
    heading: l10n.t('Resolve conflicts'),
    sides: { base: l10n.t('Base, as fetched'), local: yours, remote: l10n.t('Theirs, on the service') },
    who: { base: l10n.t('when you fetched it'), local: l10n.t('in your file') },
    choices: { local: yours, remote: l10n.t('Theirs'), edit: l10n.t('Edit') },
    keep: l10n.t('Keep:'),
    removeField: l10n.t('Remove the field'),
    compare: { local: l10n.t('Compare base ↔ yours'), remote: l10n.t('Compare base ↔ theirs') },
    preview: l10n.t('Preview result'),
    continue: l10n.t('Continue'),
    cancel: l10n.t('Cancel push'),
  };
}

export function conflictsPage(p: PageParts): string {
  const texts = conflictViewTexts();
  return webviewPage(p, { title: texts.heading, styles: STYLES, texts, loading: l10n.t('Loading the conflicts…') });
}

const STYLES = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0 16px 16px; }
h1 { font-size: 1.3em; font-weight: 600; margin: 14px 0 6px; }
.intro { color: var(--vscode-descriptionForeground); margin: 0 0 12px; line-height: 1.4; }
code { font-family: var(--vscode-editor-font-family); }
.conflict { border: 1px solid var(--vscode-widget-border, var(--vscode-panel-border)); border-radius: 4px; padding: 10px 12px; margin: 0 0 12px; }
.conflict h2 { font-family: var(--vscode-editor-font-family); font-size: 1.05em; font-weight: 600; margin: 0 0 8px; }
.sides { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px; }
.side { border: 1px solid var(--vscode-widget-border, var(--vscode-panel-border)); border-radius: 3px; padding: 6px 8px; min-width: 0; }
.side.chosen { border-color: var(--vscode-focusBorder); box-shadow: inset 0 0 0 1px var(--vscode-focusBorder); }
.side h3 { font-size: 0.9em; font-weight: 600; margin: 0 0 2px; }
.side .who { color: var(--vscode-descriptionForeground); font-size: 0.85em; margin: 0 0 4px; overflow-wrap: anywhere; }
.side pre { font-family: var(--vscode-editor-font-family); font-size: var(--vscode-editor-font-size); margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.choose { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 16px; margin: 10px 0 0; }
.choose .label { font-weight: 600; }
.diffs { display: flex; flex-wrap: wrap; gap: 6px; margin-left: auto; }
.edit { margin: 8px 0 0; }
.edit[hidden] { display: none; }
.edit vscode-textarea { width: 100%; }
.error { color: var(--vscode-errorForeground); margin: 4px 0 0; }
.error:empty { display: none; }
footer { position: sticky; bottom: 0; background: var(--vscode-editor-background); border-top: 1px solid var(--vscode-widget-border, var(--vscode-panel-border)); padding: 10px 0; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
footer .status { color: var(--vscode-descriptionForeground); margin-right: auto; }
`;
