import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleTests } from '../helpers/ruleTests';
import { lint, only } from '../helpers/lint';
import { Doc, fixProblems, pushOneTime, rangeOf, valueRangeOf } from '../helpers/ruleCampaigns';

const G = '/conversion_goal_details';

function goals(cg: unknown): Doc {
  return { ...structuredClone(pushOneTime), conversion_goal_details: cg };
}
const purchase = {
  goal_name: 'Purchase',
  goal_event_name: 'Purchase Completed',
  is_primary_goal: true,
  revenue_attribute: 'amount',
  revenue_currency: 'EUR',
};
const signup = { goal_name: 'Sign up', goal_event_name: 'Sign Up', is_primary_goal: false };

// ---- G0
const twoPrimary = goals({ attribution_window_in_hours: 36, goals: [purchase, { ...signup, is_primary_goal: true }] });
const windowString = goals({ attribution_window_in_hours: '36', goals: [purchase] });
ruleTests('G0', {
  breaks: [
    {
      name: 'two primary goals',
      document: twoPrimary,
      expect: [
        {
          severity: 'warning',
          path: `${G}/goals/1/is_primary_goal`,
          range: valueRangeOf(twoPrimary, 'is_primary_goal', 1),
          message: /`Purchase` already is/,
        },
      ],
    },
    {
      name: 'three primary goals',
      document: goals({
        goals: [
          purchase,
          { ...signup, is_primary_goal: true },
          { goal_name: 'Visit', goal_event_name: 'Screen Viewed', is_primary_goal: true },
        ],
      }),
      expect: [
        { severity: 'warning', path: `${G}/goals/1/is_primary_goal` },
        { severity: 'warning', path: `${G}/goals/2/is_primary_goal` },
      ],
    },
    {
      name: 'the window as a string',
      document: windowString,
      expect: [
        { severity: 'error', path: `${G}/attribution_window_in_hours`, range: rangeOf(windowString, '"36"'), message: /whole number/ },
      ],
    },
    {
      name: 'a goal name that is not a string',
      document: goals({ goals: [{ ...purchase, goal_name: 42 }] }),
      expect: [{ severity: 'error', path: `${G}/goals/0/goal_name` }],
    },
    {
      name: 'is_primary_goal as a string',
      document: goals({ goals: [{ ...purchase, is_primary_goal: 'yes' }] }),
      expect: [{ severity: 'error', path: `${G}/goals/0/is_primary_goal` }],
    },
    { name: 'goals not an array', document: goals({ goals: purchase }), expect: [{ severity: 'error', path: `${G}/goals` }] },
  ],
  satisfies: [
    { name: 'one primary goal', document: pushOneTime },
    { name: 'one primary and one secondary goal', document: goals({ attribution_window_in_hours: 24, goals: [purchase, signup] }) },
    { name: 'no primary goal', document: goals({ attribution_window_in_hours: 24, goals: [signup] }) },
  ],
});

test('G0: the extra primary goal can be set to false', () => {
  const [d] = only(lint(twoPrimary), 'G0');
  assert.deepEqual(d.fixes, [
    { title: 'Set `is_primary_goal` to `false`', edits: [{ kind: 'replaceValue', path: `${G}/goals/1/is_primary_goal`, value: false }] },
  ]);
});

// ---- G0a
const attr = (a: Doc): Doc => goals({ attribution_window_in_hours: 36, goals: [{ ...purchase, goal_event_attribute: a }] });
const GA = `${G}/goals/0/goal_event_attribute`;
const lower = attr({ name: 'amount', condition: 'between', data_type: 'double', value: '10', value1: '100' });
const noUpper = attr({ name: 'amount', condition: 'between', data_type: 'DOUBLE', value: '10' });
ruleTests('G0a', {
  breaks: [
    {
      name: 'a lower-case data_type',
      document: lower,
      expect: [{ severity: 'error', path: `${GA}/data_type`, range: rangeOf(lower, '"double"'), message: /use `DOUBLE`/ }],
    },
    {
      name: 'between without value1',
      document: noUpper,
      expect: [
        {
          severity: 'error',
          path: `${GA}/value1`,
          range: rangeOf(noUpper, '"goal_event_attribute"'),
          message: /`value1` is required when `condition` is `between`/,
        },
      ],
    },
    {
      name: 'an unknown data_type',
      document: attr({ name: 'amount', condition: 'is', data_type: 'INTEGER', value: '1' }),
      expect: [{ severity: 'error', path: `${GA}/data_type` }],
    },
    {
      name: 'negate as a string',
      document: attr({ name: 'plan', condition: 'is', data_type: 'STRING', value: 'gold', negate: 'no' }),
      expect: [{ severity: 'error', path: `${GA}/negate` }],
    },
    {
      name: 'filters not an array',
      document: attr({ name: 'items', condition: 'contains', data_type: 'ARRAY_OBJECT', filters: {} }),
      expect: [{ severity: 'error', path: `${GA}/filters` }],
    },
  ],
  satisfies: [
    {
      name: 'between with both bounds',
      document: attr({ name: 'amount', condition: 'between', data_type: 'DOUBLE', value: '10', value1: '100', is_case_sensitive: false }),
    },
    {
      name: 'a string condition',
      document: attr({ name: 'plan', condition: 'is', data_type: 'STRING', value: 'gold', negate: false, is_case_sensitive: true }),
    },
    {
      name: 'an object with filters',
      document: attr({
        name: 'items',
        condition: 'contains',
        data_type: 'ARRAY_OBJECT',
        array_filter_type: 'any',
        filters: [{ name: 'sku', value: 'A1' }],
      }),
    },
  ],
});

test('G0a: a lower-case data_type gets a preferred upper-case fix', () => {
  const [d] = only(lint(lower), 'G0a');
  assert.deepEqual(d.fixes, [
    { title: 'Change to `DOUBLE`', edits: [{ kind: 'replaceValue', path: `${GA}/data_type`, value: 'DOUBLE' }], isPreferred: true },
  ]);
});

test('G0, G0a: every fix gives valid JSON, and each preferred fix removes its finding', () => {
  assert.deepEqual(fixProblems(twoPrimary, 'G0'), []);
  assert.deepEqual(fixProblems(windowString, 'G0'), []);
  assert.deepEqual(fixProblems(lower, 'G0a'), []);
});
