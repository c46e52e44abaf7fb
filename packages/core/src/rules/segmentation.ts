import * as l10n from '@vscode/l10n';
import { Fix, RuleCheck } from '../model/types';
import { get } from '../model/pointer';
import { finding, fix, isObj } from './util';
import { FixContext, RuleGroup } from './define';
import { push } from './examples';

/** S1: a campaign reaches all users, or the users of at least one included filter. */

/** S1: target every user (never applied by fix-all: it widens the audience). */
function allUsersFix(f: FixContext): Fix[] {
  const seg = get(f.doc, '/segmentation_details');
  return isObj(seg) && seg.is_all_user_campaign !== true
    ? [
        fix(l10n.t('Target all users (`"is_all_user_campaign": true`)'), [
          { kind: 'insert', path: '/segmentation_details/is_all_user_campaign', value: true },
        ]),
      ]
    : [];
}

const checks: RuleCheck[] = [
  {
    ids: ['S1'],
    kinds: ['campaign'],
    check({ doc }) {
      if (!isObj(doc) || !isObj(doc.segmentation_details)) return [];
      const sd = doc.segmentation_details;
      if (sd.is_all_user_campaign === true) return [];
      // A flag that is not a boolean is the schema's to report (S2): it may well mean "all users".
      if (sd.is_all_user_campaign !== undefined && typeof sd.is_all_user_campaign !== 'boolean') return [];
      const inc = sd.included_filters;
      if (isObj(inc) && Array.isArray(inc.filters) && inc.filters.length > 0) return [];
      // A malformed group is the schema's to report (S2, F1); S1 is about a missing audience.
      if (inc !== undefined && (!isObj(inc) || (inc.filters !== undefined && !Array.isArray(inc.filters)))) return [];
      const path =
        isObj(inc) && Array.isArray(inc.filters)
          ? '/segmentation_details/included_filters/filters'
          : '/segmentation_details/included_filters';
      const allUsers =
        sd.is_all_user_campaign === false
          ? { kind: 'replaceValue' as const, path: '/segmentation_details/is_all_user_campaign', value: true }
          : { kind: 'insert' as const, path: '/segmentation_details/is_all_user_campaign', value: true };
      return [
        finding(
          'S1',
          'error',
          path,
          l10n.t(
            'The campaign has no audience: set `is_all_user_campaign` to `true`, or add at least one filter under `included_filters`.',
          ),
          { fixes: [{ title: l10n.t('Target all users (`"is_all_user_campaign": true`)'), edits: [allUsers] }] },
        ),
      ];
    },
  },
];

export const segmentationRules: RuleGroup = {
  section: '`segmentation_details`',
  rules: [
    {
      id: 'S1',
      title: 'Minimum audience',
      severity: 'E',
      summary: 'Minimum audience: `is_all_user_campaign` true, or at least one filter under `included_filters`.',
      docs: {
        doc: push({ segmentation_details: { send_campaign_to_opt_out_users: false } }),
        fix: 'Add at least one filter under `included_filters`, or set `"is_all_user_campaign": true` (quick fix, not applied by fix-all: it widens the audience).',
      },
      fix: allUsersFix,
    },
    {
      id: 'S2',
      title: 'Segmentation fields',
      severity: 'E',
      summary:
        '`included_filters` / `excluded_filters` are filter groups; `is_all_user_campaign`, `send_campaign_to_opt_out_users` booleans.',
      docs: {
        doc: push({ segmentation_details: { is_all_user_campaign: 'true' } }),
        fix: 'Write `true` or `false` without quotes (quick fix); `included_filters` and `excluded_filters` are filter groups.',
      },
    },
  ],
  checks,
};
