import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import { ruleTests } from '../helpers/ruleTests';
import { lint, only } from '../helpers/lint';
import { fixProblems, rangeOf } from '../helpers/ruleCampaigns';
import { brokenSettingsFinding, settingsFromText, unreadableSettings } from '../../src/language/settings';

const RC = { kind: 'campaignrc' as const };

const good = {
  features: { audienceLimit: true, queuing: false, portfolio: false, versioning: false },
  subscriptionCategories: ['newsletters', 'offers'],
};
const malformed = '{\n  "features": {\n    "queuing": tru\n  }\n}';
const trailingComma = '{\n  "features": { "queuing": true, }\n}';
const wrongTypes = { features: { queuing: 'yes', audienceLimit: 1 }, subscriptionCategories: 'newsletters' };
const wrongItems = { subscriptionCategories: ['newsletters', 42, ''] };
const unknownFlag = { features: { audiencelimit: true } };
const unknownTop = { features: {}, flags: { queuing: true } };

ruleTests('W1', {
  breaks: [
    {
      name: 'malformed JSON',
      document: malformed,
      ...RC,
      expect: [
        { severity: 'error', path: '', range: [2, 15, 2, 18], message: /not valid JSON/ },
        { severity: 'error', path: '' },
      ],
    },
    {
      name: 'a trailing comma',
      document: trailingComma,
      ...RC,
      expect: [{ severity: 'error', path: '', range: [1, 31, 1, 32], message: /Trailing comma/ }],
    },
    {
      name: 'wrong types',
      document: wrongTypes,
      ...RC,
      expect: [
        {
          severity: 'error',
          path: '/features/queuing',
          range: rangeOf(wrongTypes, '"yes"'),
          message: /must be `true` or `false` \(leave it out when unknown\)/,
        },
        { severity: 'error', path: '/features/audienceLimit' },
        { severity: 'error', path: '/subscriptionCategories', message: /must be an array/ },
      ],
    },
    {
      name: 'categories that are not names',
      document: wrongItems,
      ...RC,
      expect: [
        { severity: 'error', path: '/subscriptionCategories/1' },
        { severity: 'error', path: '/subscriptionCategories/2', message: /must not be empty/ },
      ],
    },
    {
      name: 'a misspelt flag',
      document: unknownFlag,
      ...RC,
      expect: [
        {
          severity: 'error',
          path: '/features/audiencelimit',
          range: rangeOf(unknownFlag, '"audiencelimit"'),
          message: /did you mean `audienceLimit`/,
        },
      ],
    },
    {
      name: 'an unknown key',
      document: unknownTop,
      ...RC,
      expect: [{ severity: 'error', path: '/flags', range: rangeOf(unknownTop, '"flags"') }],
    },
    {
      name: 'an array instead of an object',
      document: '[]',
      ...RC,
      expect: [{ severity: 'error', path: '', range: [0, 0, 0, 1], message: /one JSON object/ }],
    },
  ],
  satisfies: [
    { name: 'every setting', document: good, ...RC },
    { name: 'an empty object: everything unknown', document: {}, ...RC },
    { name: 'only some flags', document: { features: { queuing: true } }, ...RC },
  ],
});

test('W1: a misspelt flag gets a preferred rename; a string category list gets wrapped', () => {
  const [flag] = only(lint(unknownFlag, RC), 'W1');
  assert.deepEqual((flag.fixes as unknown[])[0], {
    title: 'Rename to `audienceLimit`',
    edits: [{ kind: 'renameKey', path: '/features/audiencelimit', newKey: 'audienceLimit' }],
    isPreferred: true,
  });
  const cats = only(lint(wrongTypes, RC), 'W1').find(g => g.path === '/subscriptionCategories');
  assert.deepEqual(cats?.fixes, [
    {
      title: 'Wrap in an array',
      edits: [{ kind: 'replaceValue', path: '/subscriptionCategories', value: ['newsletters'] }],
      isPreferred: true,
    },
  ]);
});

test('W1: a category listed twice is one error on the list', () => {
  const got = only(lint({ subscriptionCategories: ['offers', 'newsletters', 'offers'] }, RC), 'W1');
  assert.equal(got.length, 1);
  assert.match(got[0].path, /^\/subscriptionCategories\/(0|2)$/);
  assert.equal(got[0].severity, 'error');
});

test('W1: a well-formed file gives its flags and categories, and no warning on campaign files', () => {
  const loaded = settingsFromText(JSON.stringify(good), '/ws/.campaignrc.json');
  assert.deepEqual(loaded.problems, []);
  assert.deepEqual(loaded.settings.features, good.features);
  assert.deepEqual(loaded.settings.subscriptionCategories, good.subscriptionCategories);
  assert.equal(brokenSettingsFinding(loaded, '/ws/spring.campaign.json'), undefined);
});

test('W1: a broken file keeps its well-formed parts; the rest reads as unknown', () => {
  const loaded = settingsFromText(JSON.stringify({ features: { queuing: true, audienceLimit: 'yes' } }), '/ws/.campaignrc.json');
  assert.deepEqual(loaded.settings.features, { queuing: true });
  assert.equal(loaded.problems.length, 1);
  const malformedFile = settingsFromText(malformed, '/ws/.campaignrc.json');
  assert.deepEqual(malformedFile.settings.features, {}, 'what cannot be read is unknown, never a guess');
});

test('W1: a campaign file whose settings file is broken shows a warning that says where and why', () => {
  const loaded = settingsFromText(malformed, '/ws/.campaignrc.json');
  const f = brokenSettingsFinding(loaded, '/ws/campaigns/spring.campaign.json');
  assert.ok(f, 'a finding on the campaign file');
  assert.equal(f.rule, 'W1');
  assert.equal(f.severity, 'warning');
  assert.equal(f.path, '');
  assert.match(f.message, /\.\.\/\.campaignrc\.json has errors/);
  assert.match(f.message, /line 3: Unexpected character/);
  assert.match(f.message, /treat those settings as unknown/);
  // And the flag-gated rules then say "unknown" (information), not "off" (error).
  const doc = {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 1000 },
  };
  const l1 = only(lint(doc, { settings: loaded.settings }), 'L1');
  assert.deepEqual(
    l1.map(g => g.severity),
    ['information'],
  );
});

test('W1: a settings file that cannot be read is reported, never ignored', () => {
  const dir = path.join(os.tmpdir(), 'campaignrc-unreadable');
  const loaded = unreadableSettings(path.join(dir, '.campaignrc.json'), 'EISDIR');
  assert.deepEqual(
    loaded.problems.map(p => [p.rule, p.severity]),
    [['W1', 'error']],
  );
  assert.match(loaded.problems[0].message, /could not be read \(it is a directory\)/);
  const f = brokenSettingsFinding(loaded, path.join(dir, 'a.campaign.json'));
  assert.equal(f?.severity, 'warning');
  assert.match(f?.message ?? '', /could not be read/);
});

test('W1: every fix gives valid JSON, and each preferred fix removes its finding', () => {
  assert.deepEqual(fixProblems(unknownFlag, 'W1', RC), []);
  assert.deepEqual(fixProblems(wrongTypes, 'W1', RC), []);
});
