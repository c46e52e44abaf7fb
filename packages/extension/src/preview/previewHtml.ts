import * as l10n from '@vscode/l10n';
import { PageParts, webviewPage } from '../webviewPage';
import type { PreviewTexts } from './messages';

/**
 * The page of the campaign preview (`webviewPage`): `dist/webview/preview.js` fills it from the
 * model the panel posts.
 */

export function previewTexts(): PreviewTexts {
  return {
    loading: l10n.t('Reading the campaign…'),
    headings: {
      schedule: l10n.t('Send timeline'),
      audience: l10n.t('Audience'),
      trigger: l10n.t('Trigger'),
      limits: l10n.t('Limits'),
      controlGroup: l10n.t('Control group'),
      goals: l10n.t('Conversion goals'),
      utm: l10n.t('UTM parameters'),
      problems: l10n.t('Problems'),
    },
    columns: { campaignTime: l10n.t('Campaign time'), utc: l10n.t('UTC'), viewerTime: l10n.t('Your time'), note: l10n.t('Note') },
    none: l10n.t('Not set in this file.'),
    noProblems: l10n.t('No problems in this file.'),
    noSends: l10n.t('No upcoming sends.'),
    chart: l10n.t('Upcoming sends on a timeline'),
    asList: l10n.t('As a list'),
    allOf: l10n.t('All of these'),
    anyOf: l10n.t('Any of these'),
  };
}

export function previewPage(p: PageParts): string {
  const texts = previewTexts();
  return webviewPage(p, { title: l10n.t('Campaign preview'), styles: STYLES, texts, loading: texts.loading });
}

const STYLES = `
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); color: var(--vscode-foreground); padding: 0 16px 16px; line-height: 1.4; }
h1 { font-size: 1.4em; font-weight: 600; margin: 14px 0 6px; }
h2 { font-size: 1.1em; font-weight: 600; margin: 18px 0 6px; border-bottom: 1px solid var(--vscode-widget-border, var(--vscode-panel-border)); padding-bottom: 2px; }
.facts { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
.facts li { display: inline-flex; gap: 4px; align-items: center; }
.unreadable, .empty { color: var(--vscode-descriptionForeground); }
dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 12px; margin: 0; }
dt { color: var(--vscode-descriptionForeground); font-family: var(--vscode-editor-font-family); }
dd { margin: 0; overflow-wrap: anywhere; }
ul.lines { margin: 0; padding-left: 18px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 2px 8px 2px 0; vertical-align: top; }
th { font-weight: 600; color: var(--vscode-descriptionForeground); }
.chart { position: relative; height: 24px; margin: 8px 0 0; }
.chart::before { content: ''; position: absolute; left: 0; right: 0; top: 50%; border-top: 1px solid var(--vscode-widget-border, var(--vscode-panel-border, currentColor)); }
.chart .dot { position: absolute; top: 50%; width: 10px; height: 10px; margin: -6px 0 0 -6px; border-radius: 50%; background: var(--vscode-charts-blue, var(--vscode-focusBorder)); border: 1px solid var(--vscode-editor-background); }
.chart-ends { display: flex; justify-content: space-between; margin: 0 0 6px; color: var(--vscode-descriptionForeground); font-size: 0.9em; }
.chart-ends.single { justify-content: center; }
ul.problems { list-style: none; margin: 0; padding: 0; }
ul.problems li { display: flex; gap: 8px; align-items: baseline; margin: 2px 0; }
a { color: var(--vscode-textLink-foreground); }
a:hover { color: var(--vscode-textLink-activeForeground); }
a:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 2px; }
.code { color: var(--vscode-descriptionForeground); font-family: var(--vscode-editor-font-family); }
.sev-error { color: var(--vscode-errorForeground); }
.sev-warning { color: var(--vscode-editorWarning-foreground); }
.sev-information, .sev-hint { color: var(--vscode-editorInfo-foreground); }
`;
