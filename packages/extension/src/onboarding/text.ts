/** What the onboarding commands say: plain text, each saying what to do next. */
export const TEXT = {
  pickChannel: 'New campaign: which channel? (Esc cancels)',
  pickDeliveryType: (channel: string) => `New ${channel} campaign: how is it delivered? (Esc cancels)`,
  noSkeleton: (channel: string, deliveryType: string) =>
    `There is no skeleton for a ${channel} ${deliveryType} campaign: the service cannot create one. Pick another delivery type.`,
  ruleIdPrompt: 'The rule whose documentation to show, such as H2 or D7 (a diagnostic\'s code)',
  unknownRule: (id: string) => `${id} is not a Campaign Studio rule. Give the code a diagnostic shows, such as H2 or D7.`,
  allRules: 'All the rules',
} as const;
