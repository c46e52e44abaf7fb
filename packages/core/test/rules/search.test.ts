import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, only, LintOptions } from '../helpers/lint';
import { ruleTests } from '../helpers/ruleTests';
import { at, text, fixesOf } from '../helpers/campaigns';

/** Search request bodies, from the V1 reference examples, in V5 form. */
const SEARCH: LintOptions = { kind: 'search' };
const V5_ALL_FIELDS = {
  campaign_fields: {
    channels: ['PUSH'],
    created_by: ['abc@gmail.com'],
    created_date: { from_date: '2021-04-22', to_date: '2021-04-23' },
    ids: ['65f1c2a4b7e8d9f0a1b2c3d4'],
    name: 'push campaign',
    status: ['ACTIVE', 'DRAFT'],
    tags: ['tag1'],
    campaign_delivery_type: ['PERIODIC'],
  },
  limit: 15,
  page: 1,
  request_id: 'req_push_channel',
};
function search(change: (b: Record<string, any>) => void): string {
  const b = JSON.parse(JSON.stringify(V5_ALL_FIELDS));
  change(b);
  return text(b);
}

// R1: campaign_fields keys.
const V1_ID = search(b => {
  delete b.campaign_fields.ids;
  b.campaign_fields.id = '65f1c2a4b7e8d9f0a1b2c3d4';
});
const V1_TYPE = search(b => {
  delete b.campaign_fields.campaign_delivery_type;
  b.campaign_fields.delivery_type = ['PERIODIC'];
});
ruleTests('R1', {
  breaks: [
    {
      name: 'V1 `id`',
      document: V1_ID,
      ...SEARCH,
      expect: [{ severity: 'error', path: '/campaign_fields/id', range: at(V1_ID, '"id"'), message: /V5 filters by `ids`, an array/ }],
    },
    {
      name: 'V1 `delivery_type`',
      document: V1_TYPE,
      ...SEARCH,
      expect: [
        {
          severity: 'error',
          path: '/campaign_fields/delivery_type',
          range: at(V1_TYPE, '"delivery_type"'),
          message: /silently returns zero results/,
        },
      ],
    },
    {
      name: 'a channel in lower case',
      document: search(b => {
        b.campaign_fields.channels = ['push'];
      }),
      ...SEARCH,
      expect: [{ severity: 'error', path: '/campaign_fields/channels/0', message: /use `PUSH`/ }],
    },
    {
      name: '`ids` as one string',
      document: search(b => {
        b.campaign_fields.ids = '65f1c2a4b7e8d9f0a1b2c3d4';
      }),
      ...SEARCH,
      expect: [{ severity: 'error', path: '/campaign_fields/ids', message: /must be an array/ }],
    },
    {
      name: 'a date in another form',
      document: search(b => {
        b.campaign_fields.created_date.from_date = '22-11-2024';
      }),
      ...SEARCH,
      expect: [{ severity: 'error', path: '/campaign_fields/created_date/from_date', message: /YYYY-MM-DD/ }],
    },
    {
      name: 'version_number with versioning off',
      document: search(b => {
        b.campaign_fields.version_number = 3;
      }),
      kind: 'search',
      settings: { features: { versioning: false } },
      expect: [{ severity: 'error', path: '/campaign_fields/version_number' }],
    },
    {
      name: 'version_number with versioning unknown',
      document: search(b => {
        b.campaign_fields.version_number = [2, 3];
      }),
      ...SEARCH,
      expect: [{ severity: 'information', path: '/campaign_fields/version_number' }],
    },
  ],
  satisfies: [
    { name: 'every V5 field', document: text(V5_ALL_FIELDS), ...SEARCH },
    { name: 'by channel only', document: { campaign_fields: { channels: ['EMAIL'], status: ['DRAFT'] }, limit: 5, page: 1 }, ...SEARCH },
    {
      name: 'version_number with versioning on',
      document: search(b => {
        b.campaign_fields.version_number = 3;
      }),
      kind: 'search',
      settings: { features: { versioning: true } },
    },
  ],
});

test('R1: fixes: `id` becomes `ids` (an array); `delivery_type` is renamed', () => {
  assert.deepEqual(only(lint(V1_ID, SEARCH), 'R1')[0].fixes, [
    {
      title: 'Change to `"ids": ["65f1c2a4b7e8d9f0a1b2c3d4"]`',
      edits: [
        { kind: 'renameKey', path: '/campaign_fields/id', newKey: 'ids' },
        { kind: 'replaceValue', path: '/campaign_fields/id', value: ['65f1c2a4b7e8d9f0a1b2c3d4'] },
      ],
      isPreferred: true,
    },
  ]);
  const both = search(b => {
    b.campaign_fields.id = 'abc';
  });
  assert.deepEqual(fixesOf(only(lint(both, SEARCH), 'R1')[0])[0].edits, [
    { kind: 'replaceValue', path: '/campaign_fields/ids', value: ['65f1c2a4b7e8d9f0a1b2c3d4', 'abc'] },
    { kind: 'remove', path: '/campaign_fields/id' },
  ]);
  assert.deepEqual(only(lint(V1_TYPE, SEARCH), 'R1')[0].fixes, [
    {
      title: 'Rename to `campaign_delivery_type`',
      edits: [{ kind: 'renameKey', path: '/campaign_fields/delivery_type', newKey: 'campaign_delivery_type' }],
      isPreferred: true,
    },
  ]);
});

test('R1: the V1 example body gives exactly the V1 diagnostics', () => {
  const v1 = {
    campaign_fields: {
      channels: ['PUSH'],
      created_by: ['abc@gmail.com'],
      created_date: { from_date: '2021-04-22', to_date: '2021-04-23' },
      id: '{{campaign_id}}',
      name: 'push campaign',
      status: ['ACTIVE'],
      tags: ['tag1'],
    },
    limit: 15,
    page: 1,
    request_id: '{{request_id}}',
  };
  const got = lint(v1, SEARCH);
  assert.deepEqual(got.map(g => `${g.rule}@${g.path} ${g.severity}`).sort(), [
    'R1@/campaign_fields/id error',
    'R2@/campaign_fields/status information',
  ]);
});

// R2: paging and drafts.
const LIMIT_50 = search(b => {
  b.limit = 50;
});
const NO_DRAFTS = search(b => {
  b.campaign_fields.status = ['ACTIVE'];
});
ruleTests('R2', {
  breaks: [
    {
      name: 'a limit above 15',
      document: LIMIT_50,
      ...SEARCH,
      expect: [{ severity: 'error', path: '/limit', range: at(LIMIT_50, '50'), message: /1 to 15 campaigns: use 15/ }],
    },
    {
      name: 'a limit of 0',
      document: search(b => {
        b.limit = 0;
      }),
      ...SEARCH,
      expect: [{ severity: 'error', path: '/limit' }],
    },
    {
      name: 'page 0',
      document: search(b => {
        b.page = 0;
      }),
      ...SEARCH,
      expect: [{ severity: 'error', path: '/page', message: /pages count from 1/ }],
    },
    {
      name: 'a limit as a string',
      document: search(b => {
        b.limit = '15';
      }),
      ...SEARCH,
      expect: [{ severity: 'error', path: '/limit', message: /whole number/ }],
    },
    {
      name: 'drafts not asked for',
      document: NO_DRAFTS,
      ...SEARCH,
      expect: [
        { severity: 'information', path: '/campaign_fields/status', range: at(NO_DRAFTS, '"status"'), message: /Drafts are not returned/ },
      ],
    },
    {
      name: 'no status at all',
      document: { campaign_fields: { channels: ['SMS'] }, limit: 15, page: 1 },
      ...SEARCH,
      expect: [{ severity: 'information', path: '/campaign_fields/status' }],
    },
  ],
  satisfies: [
    { name: 'limit 15, page 1, drafts included', document: text(V5_ALL_FIELDS), ...SEARCH },
    {
      name: 'limit 1, page 40',
      document: search(b => {
        b.limit = 1;
        b.page = 40;
      }),
      ...SEARCH,
    },
  ],
});

test('R2: fixes: the limit is clamped to 15 (preferred); drafts can be added (not preferred)', () => {
  assert.deepEqual(only(lint(LIMIT_50, SEARCH), 'R2')[0].fixes, [
    { title: 'Change to 15', edits: [{ kind: 'replaceValue', path: '/limit', value: 15 }], isPreferred: true },
  ]);
  const drafts = only(lint(NO_DRAFTS, SEARCH), 'R2')[0];
  assert.deepEqual(drafts.fixes, [
    { title: 'Include drafts (add `DRAFT` to `status`)', edits: [{ kind: 'insert', path: '/campaign_fields/status/-', value: 'DRAFT' }] },
  ]);
});

test('search requests: unknown keys are D7 with did-you-mean; a non-object body is one clear error', () => {
  const got = lint({ campaign_fields: { chanels: ['PUSH'], status: ['DRAFT'] } }, SEARCH);
  assert.deepEqual(
    got.map(g => `${g.rule}@${g.path}`),
    ['D7@/campaign_fields/chanels'],
  );
  assert.match(got[0].message, /did you mean `channels`\?/);
  const arr = lint([], SEARCH);
  assert.equal(arr.length, 1);
  assert.match(arr[0].message, /search request is one JSON object/);
});
