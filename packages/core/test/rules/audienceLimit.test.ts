import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleTests } from '../helpers/ruleTests';
import { lint, only } from '../helpers/lint';
import {
  Doc,
  emailEventTriggered,
  fixProblems,
  pushEventTriggered,
  pushOneTime,
  pushPeriodic,
  rangeOf,
  valueRangeOf,
} from '../helpers/ruleCampaigns';

const AL = '/campaign_audience_limit';
const ON = { features: { audienceLimit: true } };
const OFF = { features: { audienceLimit: false } };

function limited(al: unknown, base: Doc = pushOneTime): Doc {
  return { ...structuredClone(base), campaign_audience_limit: al };
}
const oneTimeLimit = limited({ is_campaign_audience_limit_enabled: true, limit: 50000 });
const periodicLimit = limited(
  { is_campaign_audience_limit_enabled: true, metric: 'SENT', frequency: 'INSTANCE', limit: 20000 },
  pushPeriodic,
);
const eventLimit = limited(
  { is_campaign_audience_limit_enabled: true, metric: 'SENT', frequency: 'TOTAL', limit: 100000 },
  emailEventTriggered,
);

// ---- L1 (flag-gated: true, false, unknown)
const sms = { ...limited({ is_campaign_audience_limit_enabled: true, limit: 10 }), channel: 'SMS', advanced: undefined };
const liveActivity = { ...structuredClone(oneTimeLimit), campaign_delivery_type: 'BROADCAST_LIVE_ACTIVITY' };
ruleTests('L1', {
  breaks: [
    {
      name: 'the workspace lacks the feature',
      document: oneTimeLimit,
      settings: OFF,
      expect: [
        {
          severity: 'error',
          path: AL,
          range: rangeOf(oneTimeLimit, '"campaign_audience_limit"'),
          message: /does not have the audience limit feature.*400/,
        },
      ],
    },
    {
      name: 'the feature is unknown: information',
      document: oneTimeLimit,
      expect: [
        { severity: 'information', path: AL, range: rangeOf(oneTimeLimit, '"campaign_audience_limit"'), message: /not configured here/ },
      ],
    },
    {
      name: 'an SMS campaign',
      document: sms,
      settings: ON,
      expect: [{ severity: 'error', path: AL, message: /Email and Push campaigns only/ }],
    },
    {
      name: 'a live activity broadcast',
      document: liveActivity,
      settings: ON,
      expect: [{ severity: 'error', path: AL, message: /`BROADCAST_LIVE_ACTIVITY`/ }],
    },
  ],
  satisfies: [
    { name: 'the workspace has the feature', document: oneTimeLimit, settings: ON },
    { name: 'Email with the feature', document: eventLimit, settings: ON },
    { name: 'no audience limit, feature off', document: pushOneTime, settings: OFF },
    { name: 'no audience limit, feature unknown', document: pushOneTime },
  ],
});

test('L1: with the feature off the component gets a preferred removal; unknown offers no fix', () => {
  const [off] = only(lint(oneTimeLimit, { settings: OFF }), 'L1');
  assert.deepEqual(off.fixes, [{ title: 'Remove `campaign_audience_limit`', edits: [{ kind: 'remove', path: AL }], isPreferred: true }]);
  const [unknown] = only(lint(oneTimeLimit), 'L1');
  assert.equal(unknown.fixes, undefined);
});

// ---- L2
const noLimit = limited({ is_campaign_audience_limit_enabled: true }, pushPeriodic);
const disabledWithLimit = limited({ is_campaign_audience_limit_enabled: false, limit: 1000 });
ruleTests('L2', {
  breaks: [
    {
      name: 'enabled on a periodic campaign without limit, metric, frequency',
      document: noLimit,
      settings: ON,
      expect: [
        { severity: 'error', path: `${AL}/limit`, range: rangeOf(noLimit, '"campaign_audience_limit"'), message: /`limit` is required/ },
        { severity: 'error', path: `${AL}/metric`, message: /`metric` is required/ },
        { severity: 'error', path: `${AL}/frequency`, message: /`frequency` is required/ },
      ],
    },
    {
      name: 'enabled on a one-time campaign without limit',
      document: limited({ is_campaign_audience_limit_enabled: true }),
      settings: ON,
      expect: [{ severity: 'error', path: `${AL}/limit` }],
    },
    {
      name: 'disabled with a limit',
      document: disabledWithLimit,
      settings: ON,
      expect: [{ severity: 'error', path: `${AL}/limit`, range: rangeOf(disabledWithLimit, '"limit"'), message: /must not be sent while/ }],
    },
    {
      name: 'disabled on an event-triggered campaign with everything',
      document: limited({ is_campaign_audience_limit_enabled: false, metric: 'SENT', frequency: 'TOTAL', limit: 5 }, pushEventTriggered),
      settings: ON,
      expect: [
        { severity: 'error', path: `${AL}/limit` },
        { severity: 'error', path: `${AL}/metric` },
        { severity: 'error', path: `${AL}/frequency` },
      ],
    },
    {
      name: 'a limit of 0',
      document: limited({ is_campaign_audience_limit_enabled: true, limit: 0 }),
      settings: ON,
      expect: [{ severity: 'error', path: `${AL}/limit`, message: /at least 1/ }],
    },
    {
      name: 'a limit above 9999999999',
      document: limited({ is_campaign_audience_limit_enabled: true, limit: 10000000000 }),
      settings: ON,
      expect: [{ severity: 'error', path: `${AL}/limit`, message: /at most 9999999999/ }],
    },
    {
      name: 'enabled as a string',
      document: limited({ is_campaign_audience_limit_enabled: 'true', limit: 10 }),
      settings: ON,
      expect: [{ severity: 'error', path: `${AL}/is_campaign_audience_limit_enabled` }],
    },
  ],
  satisfies: [
    { name: 'one-time: enabled with a limit', document: oneTimeLimit, settings: ON },
    { name: 'periodic: all three', document: periodicLimit, settings: ON },
    { name: 'event-triggered Email: all three', document: eventLimit, settings: ON },
    { name: 'disabled alone', document: limited({ is_campaign_audience_limit_enabled: false }), settings: ON },
    { name: 'the highest limit', document: limited({ is_campaign_audience_limit_enabled: true, limit: 9999999999 }), settings: ON },
  ],
});

test('L2: metric SENT is inserted (preferred); frequency TOTAL is preferred only where INSTANCE is impossible', () => {
  const got = only(lint(noLimit, { settings: ON }), 'L2');
  const byPath = Object.fromEntries(got.map(g => [g.path, g.fixes as Array<{ edits: unknown[]; isPreferred?: boolean }>]));
  assert.deepEqual(byPath[`${AL}/metric`], [
    { title: 'Add `"metric": "SENT"`', edits: [{ kind: 'insert', path: `${AL}/metric`, value: 'SENT' }], isPreferred: true },
  ]);
  assert.equal(byPath[`${AL}/frequency`][0].isPreferred, undefined, 'Periodic Push may also use INSTANCE');
  const email = only(
    lint(limited({ is_campaign_audience_limit_enabled: true, limit: 5, metric: 'SENT' }, emailEventTriggered), { settings: ON }),
    'L2',
  );
  assert.equal((email[0].fixes as Array<{ isPreferred?: boolean }>)[0].isPreferred, true);
  const [off] = only(lint(disabledWithLimit, { settings: ON }), 'L2');
  assert.deepEqual((off.fixes as Array<{ edits: unknown[]; isPreferred?: boolean }>)[0], {
    title: 'Remove `limit`',
    edits: [{ kind: 'remove', path: `${AL}/limit` }],
    isPreferred: true,
  });
});

// ---- L3
const oneTimeMetric = limited({ is_campaign_audience_limit_enabled: true, metric: 'SENT', frequency: 'TOTAL', limit: 100 });
const v1Name = limited({ is_campaign_audience_limit_enabled: true, metrics: 'SENT', frequency: 'TOTAL', limit: 100 }, pushPeriodic);
const emailInstance = limited(
  { is_campaign_audience_limit_enabled: true, metric: 'SENT', frequency: 'INSTANCE', limit: 100 },
  emailEventTriggered,
);
// Periodic, so only the channel makes INSTANCE wrong.
const emailPeriodicInstance = limited(
  { is_campaign_audience_limit_enabled: true, metric: 'SENT', frequency: 'INSTANCE', limit: 100 },
  {
    ...structuredClone(emailEventTriggered),
    campaign_delivery_type: 'PERIODIC',
    trigger_condition: undefined,
    scheduling_details: structuredClone(pushPeriodic.scheduling_details),
  },
);
ruleTests('L3', {
  breaks: [
    {
      name: 'metric and frequency on a one-time campaign',
      document: oneTimeMetric,
      settings: ON,
      expect: [
        {
          severity: 'error',
          path: `${AL}/metric`,
          range: rangeOf(oneTimeMetric, '"metric"'),
          message: /valid only for `PERIODIC` and `EVENT_TRIGGERED`/,
        },
        { severity: 'error', path: `${AL}/frequency` },
      ],
    },
    {
      name: "V1's metrics",
      document: v1Name,
      settings: ON,
      expect: [{ severity: 'error', path: `${AL}/metrics`, range: rangeOf(v1Name, '"metrics"'), message: /V5 calls it `metric`/ }],
    },
    {
      name: 'INSTANCE on an Email campaign',
      document: emailInstance,
      settings: ON,
      expect: [
        {
          severity: 'error',
          path: `${AL}/frequency`,
          range: valueRangeOf(emailInstance, 'frequency'),
          message: /Periodic Push campaigns only/,
        },
      ],
    },
    {
      name: 'INSTANCE on a periodic Email campaign: periodic, but not Push',
      document: emailPeriodicInstance,
      settings: ON,
      expect: [
        {
          severity: 'error',
          path: `${AL}/frequency`,
          range: valueRangeOf(emailPeriodicInstance, 'frequency'),
          message: /Periodic Push campaigns only; this one is an Email `PERIODIC` campaign/,
        },
      ],
    },
    {
      name: 'INSTANCE on an event-triggered Push campaign',
      document: limited(
        { is_campaign_audience_limit_enabled: true, metric: 'SENT', frequency: 'INSTANCE', limit: 100 },
        pushEventTriggered,
      ),
      settings: ON,
      expect: [{ severity: 'error', path: `${AL}/frequency` }],
    },
    {
      name: 'a lower-case metric',
      document: limited({ is_campaign_audience_limit_enabled: true, metric: 'sent', frequency: 'TOTAL', limit: 100 }, pushPeriodic),
      settings: ON,
      expect: [{ severity: 'error', path: `${AL}/metric`, message: /use `SENT`/ }],
    },
    {
      name: 'an unknown frequency',
      document: limited({ is_campaign_audience_limit_enabled: true, metric: 'SENT', frequency: 'DAILY', limit: 100 }, pushPeriodic),
      settings: ON,
      expect: [{ severity: 'error', path: `${AL}/frequency` }],
    },
  ],
  satisfies: [
    { name: 'INSTANCE on Periodic Push', document: periodicLimit, settings: ON },
    { name: 'TOTAL on event-triggered Email', document: eventLimit, settings: ON },
    { name: 'one-time with only the limit', document: oneTimeLimit, settings: ON },
  ],
});

test('L3: metrics is renamed (preferred); INSTANCE becomes TOTAL (preferred); misplaced fields are removed', () => {
  const [m] = only(lint(v1Name, { settings: ON }), 'L3');
  assert.deepEqual(m.fixes, [
    { title: 'Rename to `metric`', edits: [{ kind: 'renameKey', path: `${AL}/metrics`, newKey: 'metric' }], isPreferred: true },
  ]);
  const [i] = only(lint(emailInstance, { settings: ON }), 'L3');
  assert.deepEqual(i.fixes, [
    { title: 'Change to `TOTAL`', edits: [{ kind: 'replaceValue', path: `${AL}/frequency`, value: 'TOTAL' }], isPreferred: true },
  ]);
  const one = only(lint(oneTimeMetric, { settings: ON }), 'L3');
  assert.deepEqual(
    one.map(g => (g.fixes as Array<{ edits: Array<{ kind: string }> }>)[0].edits[0].kind),
    ['remove', 'remove'],
  );
  const [both] = only(
    lint(
      limited({ is_campaign_audience_limit_enabled: true, metric: 'SENT', metrics: 'SENT', frequency: 'TOTAL', limit: 1 }, pushPeriodic),
      { settings: ON },
    ),
    'L3',
  );
  assert.deepEqual(both.fixes, [{ title: 'Remove `metrics`', edits: [{ kind: 'remove', path: `${AL}/metrics` }], isPreferred: true }]);
});

test('L1–L3: every fix gives valid JSON, and each preferred fix removes its finding', () => {
  const cases: Array<[string, Doc, object]> = [
    ['L1', oneTimeLimit, { features: { audienceLimit: false } }],
    ['L1', sms, ON],
    ['L1', liveActivity, ON],
    ['L2', noLimit, ON],
    ['L2', disabledWithLimit, ON],
    ['L2', limited({ is_campaign_audience_limit_enabled: true, limit: 5, metrics: 'SENT', frequency: 'TOTAL' }, emailEventTriggered), ON],
    ['L3', oneTimeMetric, ON],
    ['L3', v1Name, ON],
    ['L3', emailInstance, ON],
  ];
  for (const [rule, doc, settings] of cases)
    assert.deepEqual(fixProblems(doc, rule, { settings }), [], `${rule}: ${JSON.stringify(doc.campaign_audience_limit)}`);
});
