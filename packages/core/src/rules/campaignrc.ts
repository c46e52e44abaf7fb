import { RuleGroup } from './define';

/**
 * `.campaignrc.json` (rule W1, Campaign Studio's own): the campaignrc schema checks its shape,
 * and every syntax problem of the file is reported under W1 too (`validate.ts`).
 */

export const campaignrcRules: RuleGroup = {
  section: 'Workspace settings file',
  rules: [
    {
      id: 'W1',
      title: 'Workspace settings file',
      severity: 'E',
      summary:
        'A `.campaignrc.json` must be valid JSON shaped `{ "features": { "audienceLimit", "queuing", "portfolio", "versioning": booleans }, "subscriptionCategories": [strings] }`; a malformed one is reported, never silently ignored (Campaign Studio rule, not from the spec).',
      messages: {
        notAFlag: '`{property}` must be `true` or `false` (leave it out when unknown), not `{value}`.',
      },
      docs: {
        kind: 'campaignrc',
        text: '{\n  "features": { "queuing": "yes" },\n  "subscriptionCategories": ["newsletters"]\n}',
        fix: 'Write flags as `true` or `false`; remove a flag to say "unknown". A broken settings file is also reported on every campaign file it governs.',
      },
    },
  ],
  checks: [],
};
