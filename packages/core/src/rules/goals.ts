import * as l10n from '@vscode/l10n';
import { Finding, RuleCheck } from '../model/types';
import { join } from '../model/pointer';
import { code, finding, has, isObj } from './util';
import { RuleGroup } from './define';
import { push } from './examples';

/** `conversion_goal_details` (rules G0, G0a): one primary goal, and both bounds of `between`. */

const GOALS = '/conversion_goal_details/goals';

function checkPrimaryGoals(goals: unknown[]): Finding[] {
  const primary = goals.map((g, i) => (isObj(g) && g.is_primary_goal === true ? i : -1)).filter(i => i >= 0);
  if (primary.length < 2) return [];
  const first = goals[primary[0]] as Record<string, unknown>;
  const firstName = typeof first.goal_name === 'string' ? code(first.goal_name) : `goal ${primary[0] + 1}`;
  return primary.slice(1).map(i => {
    const path = join(GOALS, i, 'is_primary_goal');
    return finding(
      'G0',
      'warning',
      path,
      l10n.t`More than one goal is primary: ${firstName} already is. Keep one primary goal, so that the campaign's results are measured against it; set this one to \`false\`.`,
      { fixes: [{ title: l10n.t('Set `is_primary_goal` to `false`'), edits: [{ kind: 'replaceValue', path, value: false }] }] },
    );
  });
}

function checkBetween(goals: unknown[]): Finding[] {
  const out: Finding[] = [];
  goals.forEach((g, i) => {
    if (!isObj(g) || !isObj(g.goal_event_attribute)) return;
    const a = g.goal_event_attribute;
    if (typeof a.condition !== 'string' || a.condition.toLowerCase() !== 'between' || has(a, 'value1')) return;
    out.push(
      finding(
        'G0a',
        'error',
        join(GOALS, i, 'goal_event_attribute', 'value1'),
        l10n.t('`value1` is required when `condition` is `between`: `value` is the lower bound and `value1` the upper one.'),
      ),
    );
  });
  return out;
}

const checks: RuleCheck[] = [
  {
    ids: ['G0', 'G0a'],
    kinds: ['campaign'],
    check({ doc }) {
      if (!isObj(doc) || !isObj(doc.conversion_goal_details)) return [];
      const goals = doc.conversion_goal_details.goals;
      if (!Array.isArray(goals)) return [];
      return [...checkPrimaryGoals(goals), ...checkBetween(goals)];
    },
  },
];

export const goalRules: RuleGroup = {
  section: 'Goals, control groups, UTM, audience limit',
  rules: [
    {
      id: 'G0',
      title: 'Conversion goals',
      severity: 'E / W',
      summary:
        '`conversion_goal_details`: `attribution_window_in_hours` integer; `goals` items with string `goal_name`, `goal_event_name`, `revenue_attribute`, `revenue_currency`, boolean `is_primary_goal`. More than one primary goal is a warning.',
      docs: {
        doc: push({
          conversion_goal_details: {
            attribution_window_in_hours: '36',
            goals: [{ goal_name: 'Purchase', goal_event_name: 'Purchased', is_primary_goal: true }],
          },
        }),
        fix: 'Write the attribution window as a whole number of hours, and mark at most one goal primary.',
      },
    },
    {
      id: 'G0a',
      title: 'Goal attribute',
      severity: 'E',
      summary:
        '`goal_event_attribute.data_type` is upper case (`STRING`, `DOUBLE`, `BOOL`, `NUMBER`, `GEOPOINT`, `DATETIME`, `ARRAY_DOUBLE`, `ARRAY_STRING`, `OBJECT`, `ARRAY_OBJECT`): lower case gets a fix. `value1` is required for `between`.',
      docs: {
        doc: push({
          conversion_goal_details: {
            attribution_window_in_hours: 36,
            goals: [
              {
                goal_name: 'Purchase',
                goal_event_name: 'Purchased',
                is_primary_goal: true,
                goal_event_attribute: { name: 'amount', condition: 'between', data_type: 'double', value: '10', value1: '50' },
              },
            ],
          },
        }),
        fix: 'Goal attribute data types are upper case: `DOUBLE` (quick fix). `between` needs `value1`.',
      },
    },
  ],
  checks,
};
