import * as vscode from 'vscode';

/** What the onboarding commands say: plain text, each saying what to do next. */
export const TEXT = {
  pickChannel: () => vscode.l10n.t('New campaign: which channel? (Esc cancels)'),
  pickDeliveryType: (channel: string) => vscode.l10n.t('New {0} campaign: how is it delivered? (Esc cancels)', channel),
  noSkeleton: (channel: string, deliveryType: string) =>
    vscode.l10n.t(
      'There is no skeleton for a {0} {1} campaign: the service cannot create one. Pick another delivery type.',
      channel,
      deliveryType,
    ),
  ruleIdPrompt: () => vscode.l10n.t("The rule whose documentation to show, such as H2 or D7 (a diagnostic's code)"),
  unknownRule: (id: string) => vscode.l10n.t('{0} is not a Campaign Studio rule. Give the code a diagnostic shows, such as H2 or D7.', id),
  allRules: () => vscode.l10n.t('All the rules'),
  ruleDocName: (id: string) =>
    vscode.l10n.t({
      message: 'Rule {0}',
      args: [id],
      comment: 'the name of the document that shows a rule\'s documentation, such as "Rule H2"',
    }),
} as const;
