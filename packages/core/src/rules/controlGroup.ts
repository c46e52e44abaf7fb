import * as l10n from '@vscode/l10n';
import { Fix, RuleCheck } from '../model/types';
import { finding, fix, has, isObj } from './util';
import { FixContext, RuleGroup } from './define';
import { push } from './examples';

/** `control_group_details` (rule K1): an enabled campaign control group says how large it is. */

const PATH = '/control_group_details/campaign_control_group_percentage';

/** K1: a percentage rounded into 0–100. */
function percentageInRangeFix(f: FixContext): Fix[] {
  if (f.key !== 'campaign_control_group_percentage' || typeof f.value !== 'number') return [];
  const to = Math.min(100, Math.max(0, Math.round(f.value)));
  return to === f.value ? [] : [fix(l10n.t`Change to ${to}`, [{ kind: 'replaceValue', path: f.finding.path, value: to }])];
}

const checks: RuleCheck[] = [
  {
    ids: ['K1'],
    kinds: ['campaign'],
    check({ doc }) {
      if (!isObj(doc) || !isObj(doc.control_group_details)) return [];
      const cg = doc.control_group_details;
      if (cg.is_campaign_control_group_enabled !== true || has(cg, 'campaign_control_group_percentage')) return [];
      return [
        finding(
          'K1',
          'error',
          PATH,
          l10n.t(
            '`campaign_control_group_percentage` is required when `is_campaign_control_group_enabled` is `true`: the share of the audience (0–100 %) held back to measure the campaign.',
          ),
          {
            fixes: [
              {
                title: l10n.t('Add `"campaign_control_group_percentage": 10` (adjust it)'),
                edits: [{ kind: 'insert', path: PATH, value: 10 }],
              },
              {
                title: l10n.t('Disable the campaign control group'),
                edits: [{ kind: 'replaceValue', path: '/control_group_details/is_campaign_control_group_enabled', value: false }],
              },
            ],
          },
        ),
      ];
    },
  },
];

export const controlGroupRules: RuleGroup = {
  section: 'Goals, control groups, UTM, audience limit',
  rules: [
    {
      id: 'K1',
      title: 'Control group size',
      severity: 'E',
      summary:
        '`control_group_details.campaign_control_group_percentage` is an integer 0–100, required when `is_campaign_control_group_enabled` is true.',
      docs: {
        doc: push({ control_group_details: { is_campaign_control_group_enabled: true } }),
        fix: 'Add `campaign_control_group_percentage`, a whole number from 0 to 100.',
      },
      fix: percentageInRangeFix,
    },
  ],
  checks,
};
