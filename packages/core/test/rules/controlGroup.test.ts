import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleTests } from '../helpers/ruleTests';
import { lint, only } from '../helpers/lint';
import { Doc, fixProblems, pushOneTime, rangeOf, valueRangeOf } from '../helpers/ruleCampaigns';
import { applyFix, formattingFor } from '../../src/language/codeActions';

const CG = '/control_group_details';

function group(cg: unknown): Doc {
  return { ...structuredClone(pushOneTime), control_group_details: cg };
}

const noPercentage = group({ is_campaign_control_group_enabled: true, is_global_control_group_enabled: true });
const tooLarge = group({ is_campaign_control_group_enabled: true, campaign_control_group_percentage: 120 });
ruleTests('K1', {
  breaks: [
    {
      name: 'enabled without a percentage',
      document: noPercentage,
      expect: [
        {
          severity: 'error',
          path: `${CG}/campaign_control_group_percentage`,
          range: rangeOf(noPercentage, '"control_group_details"'),
          message: /required when `is_campaign_control_group_enabled` is `true`/,
        },
      ],
    },
    {
      name: 'more than 100',
      document: tooLarge,
      expect: [
        {
          severity: 'error',
          path: `${CG}/campaign_control_group_percentage`,
          range: valueRangeOf(tooLarge, 'campaign_control_group_percentage'),
          message: /at most 100/,
        },
      ],
    },
    {
      name: 'negative',
      document: group({ is_campaign_control_group_enabled: true, campaign_control_group_percentage: -5 }),
      expect: [{ severity: 'error', path: `${CG}/campaign_control_group_percentage` }],
    },
    {
      name: 'a decimal',
      document: group({ is_campaign_control_group_enabled: true, campaign_control_group_percentage: 12.5 }),
      expect: [{ severity: 'error', path: `${CG}/campaign_control_group_percentage` }],
    },
    {
      name: 'enabled as a string',
      document: group({ is_campaign_control_group_enabled: 'true', campaign_control_group_percentage: 10 }),
      expect: [{ severity: 'error', path: `${CG}/is_campaign_control_group_enabled` }],
    },
  ],
  satisfies: [
    { name: 'enabled with 10 %', document: pushOneTime },
    { name: 'enabled with 0 %', document: group({ is_campaign_control_group_enabled: true, campaign_control_group_percentage: 0 }) },
    { name: 'enabled with 100 %', document: group({ is_campaign_control_group_enabled: true, campaign_control_group_percentage: 100 }) },
    {
      name: 'disabled without a percentage',
      document: group({ is_campaign_control_group_enabled: false, is_global_control_group_enabled: true }),
    },
  ],
});

test('K1: the missing percentage is inserted as a placeholder, or the group disabled', () => {
  const [d] = only(lint(noPercentage), 'K1');
  assert.deepEqual(
    (d.fixes as Array<{ edits: unknown[] }>).map(f => f.edits),
    [
      [{ kind: 'insert', path: `${CG}/campaign_control_group_percentage`, value: 10 }],
      [{ kind: 'replaceValue', path: `${CG}/is_campaign_control_group_enabled`, value: false }],
    ],
  );
});

test('K1: every fix gives valid JSON and removes the finding', () => {
  assert.deepEqual(fixProblems(noPercentage, 'K1'), []);
  for (const f of only(lint(noPercentage), 'K1')[0].fixes as Array<{ edits: Parameters<typeof applyFix>[1] }>) {
    const after = applyFix(JSON.stringify(noPercentage, null, 2), f.edits, formattingFor(''));
    assert.deepEqual(only(lint(after), 'K1'), []);
  }
});
