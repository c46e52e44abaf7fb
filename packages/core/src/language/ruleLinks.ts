import * as l10n from '@vscode/l10n';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { ruleHref } from '../rules/catalog';
import { DIAGNOSTIC_SOURCE } from './diagnostics';

/**
 * Where a rule's documentation opens. The host chooses: a `command:` URI for an editor that
 * shows the rule inside itself (VS Code, through the extension's command), a `file:` URI into the
 * copy of docs/rules.md installed with the language server (any editor, offline), or the
 * repository's web page (the CLI's SARIF, and a server run from source).
 */
export type RuleLink = (id: string) => string;

export const webRuleLink: RuleLink = ruleHref;

/** A link to the rule's section of a docs/rules.md on this machine (its `file:` URI). */
export function fileRuleLink(docsFileUri: string): RuleLink {
  return id => `${docsFileUri}#${id.toLowerCase()}`;
}

/** A link that runs an editor command with the rule id as its one argument. */
export function commandRuleLink(command: string): RuleLink {
  return id => `command:${command}?${encodeURIComponent(JSON.stringify([id]))}`;
}

/**
 * "Show documentation for rule X" for each rule among the diagnostics the quick-fix menu is
 * opened on, each once, running `command` with the rule id.
 */
export function ruleDocActions(diagnostics: readonly Diagnostic[], command: string): CodeAction[] {
  const rules = [
    ...new Set(diagnostics.filter(d => d.source === DIAGNOSTIC_SOURCE && typeof d.code === 'string').map(d => d.code as string)),
  ];
  return rules.map(rule => {
    const title = l10n.t('Show documentation for rule {0}', rule);
    return {
      title,
      kind: 'quickfix',
      diagnostics: diagnostics.filter(d => d.code === rule),
      command: { title, command, arguments: [rule] },
    };
  });
}
