import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleTests } from '../helpers/ruleTests';
import { lint, only } from '../helpers/lint';
import { Doc, emailEventTriggered, fixProblems, pushOneTime, rangeOf } from '../helpers/ruleCampaigns';

const U = '/utm_params';

function utm(params: unknown, base: Doc = pushOneTime): Doc {
  return { ...structuredClone(base), utm_params: params };
}

// ---- U1
const noMedium = utm({ utm_source: 'push', utm_campaign: 'spring_sale' });
const misspelt = utm({ utm_sorce: 'push', utm_medium: 'mobile' });
ruleTests('U1', {
  breaks: [
    {
      name: 'utm_medium missing',
      document: noMedium,
      expect: [
        { severity: 'error', path: `${U}/utm_medium`, range: rangeOf(noMedium, '"utm_params"'), message: /`utm_medium` is required/ },
      ],
    },
    {
      name: 'both missing',
      document: utm({ utm_campaign: 'spring_sale' }),
      expect: [
        { severity: 'error', path: `${U}/utm_source` },
        { severity: 'error', path: `${U}/utm_medium` },
      ],
    },
    {
      name: 'utm_source misspelt',
      document: misspelt,
      expect: [{ severity: 'error', path: `${U}/utm_source`, message: /`utm_sorce` looks like a misspelling/ }],
    },
    {
      name: 'a number instead of a string',
      document: utm({ utm_source: 'push', utm_medium: 'mobile', utm_term: 2026 }),
      expect: [{ severity: 'error', path: `${U}/utm_term`, message: /must be a string/ }],
    },
    {
      name: 'an empty source',
      document: utm({ utm_source: '', utm_medium: 'mobile' }),
      expect: [{ severity: 'error', path: `${U}/utm_source`, message: /must not be empty/ }],
    },
  ],
  satisfies: [
    { name: 'source, medium and campaign', document: pushOneTime },
    {
      name: 'all standard keys',
      document: utm(
        {
          utm_source: 'email',
          utm_medium: 'crm',
          utm_campaign: 'cart',
          utm_term: 'shoes',
          utm_content: 'hero_button',
          utm_custom: 'ab_test_1',
        },
        emailEventTriggered,
      ),
    },
  ],
});

test('U1: a misspelt required key gets a preferred rename', () => {
  const [d] = only(lint(misspelt), 'U1');
  assert.deepEqual(d.fixes, [
    {
      title: 'Rename `utm_sorce` to `utm_source`',
      edits: [{ kind: 'renameKey', path: `${U}/utm_sorce`, newKey: 'utm_source' }],
      isPreferred: true,
    },
  ]);
});

// ---- U2
const noPrefix = utm({ utm_source: 'push', utm_medium: 'mobile', campaign_group: 'q1' });
const six = { utm_source: 'push', utm_medium: 'mobile', utm_a: '1', utm_b: '2', utm_c: '3', utm_d: '4', utm_e: '5', utm_f: '6' };
const tooMany = utm(six);
ruleTests('U2', {
  breaks: [
    {
      name: 'a custom key without the prefix',
      document: noPrefix,
      expect: [
        {
          severity: 'error',
          path: `${U}/campaign_group`,
          range: rangeOf(noPrefix, '"campaign_group"'),
          message: /does not start with `utm_`/,
        },
      ],
    },
    {
      name: 'six custom keys',
      document: tooMany,
      expect: [{ severity: 'error', path: `${U}/utm_f`, range: rangeOf(tooMany, '"utm_f"'), message: /at most 5 custom keys/ }],
    },
    {
      name: 'an upper-case prefix',
      document: utm({ utm_source: 'push', utm_medium: 'mobile', UTM_region: 'eu' }),
      expect: [{ severity: 'error', path: `${U}/UTM_region` }],
    },
    {
      name: 'a custom value that is not a string',
      document: utm({ utm_source: 'push', utm_medium: 'mobile', utm_region: ['eu'] }),
      expect: [{ severity: 'error', path: `${U}/utm_region`, message: /must be a string/ }],
    },
  ],
  satisfies: [
    { name: 'five custom keys', document: utm({ ...six, utm_f: undefined }) },
    { name: 'no custom keys', document: pushOneTime },
  ],
});

test('U2: keys without the prefix are renamed (preferred when the intent is plain) or removed', () => {
  const [d] = only(lint(noPrefix), 'U2');
  assert.deepEqual(d.fixes, [
    { title: 'Rename to `utm_campaign_group`', edits: [{ kind: 'renameKey', path: `${U}/campaign_group`, newKey: 'utm_campaign_group' }] },
    { title: 'Remove `campaign_group`', edits: [{ kind: 'remove', path: `${U}/campaign_group` }] },
  ]);
  const [upper] = only(lint(utm({ utm_source: 'push', utm_medium: 'mobile', UTM_region: 'eu' })), 'U2');
  assert.deepEqual((upper.fixes as unknown[])[0], {
    title: 'Rename to `utm_region`',
    edits: [{ kind: 'renameKey', path: `${U}/UTM_region`, newKey: 'utm_region' }],
    isPreferred: true,
  });
});

test('U1, U2: every fix gives valid JSON, and each preferred fix removes its finding', () => {
  assert.deepEqual(fixProblems(misspelt, 'U1'), []);
  assert.deepEqual(fixProblems(noPrefix, 'U2'), []);
  assert.deepEqual(fixProblems(tooMany, 'U2'), []);
  assert.deepEqual(fixProblems(utm({ utm_source: 'push', utm_medium: 'mobile', UTM_region: 'eu' }), 'U2'), []);
});
