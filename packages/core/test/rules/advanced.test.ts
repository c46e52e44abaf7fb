import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleTests } from '../helpers/ruleTests';
import { lint, only } from '../helpers/lint';
import { Doc, fixProblems, pushOneTime, rangeOf, valueRangeOf, withPatch } from '../helpers/ruleCampaigns';

const EXP = '/advanced/expiration_settings';
const IOS = '/advanced/platform_level_priority/ios_specific_priority';
const ANDROID = '/advanced/platform_level_priority/android_specific_priority';

function advanced(patch: Doc): Doc {
  return withPatch(pushOneTime, { advanced: patch });
}

// ---- A1
const hourInbox = advanced({ expiration_settings: { remove_from_inbox_after_type: 'HOUR', remove_from_inbox_after_value: 12 } });
const week = advanced({ expiration_settings: { expire_notification_after_type: 'WEEK' } });
ruleTests('A1', {
  breaks: [
    {
      name: 'remove_from_inbox_after_type HOUR',
      document: hourInbox,
      expect: [
        {
          severity: 'error',
          path: `${EXP}/remove_from_inbox_after_type`,
          range: rangeOf(hourInbox, '"HOUR"'),
          message: /takes only `DAY`/,
        },
      ],
    },
    {
      name: 'an unknown expiry unit',
      document: week,
      expect: [
        { severity: 'error', path: `${EXP}/expire_notification_after_type`, range: rangeOf(week, '"WEEK"'), message: /`HOUR`, `DAY`/ },
      ],
    },
    {
      name: 'a value that is a string',
      document: advanced({ expiration_settings: { expire_notification_after_value: '2' } }),
      expect: [{ severity: 'error', path: `${EXP}/expire_notification_after_value`, message: /whole number/ }],
    },
    {
      name: 'a decimal value',
      document: advanced({ expiration_settings: { remove_from_inbox_after_value: 1.5 } }),
      expect: [{ severity: 'error', path: `${EXP}/remove_from_inbox_after_value` }],
    },
    {
      name: 'expiration_settings not an object',
      document: advanced({ expiration_settings: 'DAY' }),
      expect: [{ severity: 'error', path: EXP }],
    },
  ],
  satisfies: [
    { name: 'days and days', document: pushOneTime },
    {
      name: 'hours for the notification',
      document: advanced({ expiration_settings: { expire_notification_after_value: 6, expire_notification_after_type: 'HOUR' } }),
    },
  ],
});

test('A1: a lower-case unit gets the case fix; a string number gets the number fix', () => {
  const [d] = only(lint(advanced({ expiration_settings: { remove_from_inbox_after_type: 'day' } })), 'A1');
  assert.deepEqual(d.fixes, [
    {
      title: 'Change to `DAY`',
      edits: [{ kind: 'replaceValue', path: `${EXP}/remove_from_inbox_after_type`, value: 'DAY' }],
      isPreferred: true,
    },
  ]);
  const [n] = only(lint(advanced({ expiration_settings: { expire_notification_after_value: '2' } })), 'A1');
  assert.deepEqual((n.fixes as Array<{ edits: unknown[] }>)[0].edits, [
    { kind: 'replaceValue', path: `${EXP}/expire_notification_after_value`, value: 2 },
  ]);
});

// ---- A2
const stringPriority = advanced({ platform_level_priority: { android_specific_priority: { send_with_priority: 'high' } } });
ruleTests('A2', {
  breaks: [
    {
      name: 'send_with_priority is a string',
      document: stringPriority,
      expect: [
        {
          severity: 'error',
          path: `${ANDROID}/send_with_priority`,
          range: rangeOf(stringPriority, '"high"'),
          message: /`true` or `false`/,
        },
      ],
    },
    {
      name: 'android_specific_priority not an object',
      document: advanced({ platform_level_priority: { android_specific_priority: true } }),
      expect: [{ severity: 'error', path: ANDROID }],
    },
  ],
  satisfies: [
    { name: 'true', document: pushOneTime },
    { name: 'false', document: advanced({ platform_level_priority: { android_specific_priority: { send_with_priority: false } } }) },
  ],
});

// ---- A3
const numberPriority = advanced({ platform_level_priority: { ios_specific_priority: { apns_priority: 10 } } });
const ios = (p: Doc): Doc => advanced({ platform_level_priority: { ios_specific_priority: p } });
ruleTests('A3', {
  breaks: [
    {
      name: 'apns_priority as a number',
      document: numberPriority,
      expect: [
        {
          severity: 'error',
          path: `${IOS}/apns_priority`,
          range: valueRangeOf(numberPriority, 'apns_priority'),
          message: /use the string `"1"`, `"5"` or `"10"`/,
        },
      ],
    },
    { name: 'apns_priority 7', document: ios({ apns_priority: '7' }), expect: [{ severity: 'error', path: `${IOS}/apns_priority` }] },
    {
      name: 'an unknown interruption level',
      document: ios({ interruption_level: 'Loud' }),
      expect: [{ severity: 'error', path: `${IOS}/interruption_level` }],
    },
    {
      name: 'an interruption level in lower case',
      document: ios({ interruption_level: 'time sensitive' }),
      expect: [{ severity: 'error', path: `${IOS}/interruption_level`, message: /use `Time sensitive`/ }],
    },
    {
      name: 'relevance_score 0.7',
      document: ios({ relevance_score: 0.7 }),
      expect: [{ severity: 'error', path: `${IOS}/relevance_score` }],
    },
    {
      name: 'relevance_score as a string',
      document: ios({ relevance_score: '1' }),
      expect: [{ severity: 'error', path: `${IOS}/relevance_score` }],
    },
  ],
  satisfies: [
    { name: 'the request form', document: pushOneTime },
    { name: 'the upper-case forms', document: ios({ apns_priority: '5', interruption_level: 'TIME_SENSITIVE', relevance_score: 1 }) },
    { name: 'Passive, priority 1, relevance 0', document: ios({ apns_priority: '1', interruption_level: 'Passive', relevance_score: 0 }) },
    { name: 'Critical and CRITICAL', document: ios({ interruption_level: 'Critical' }) },
  ],
});

test('A3: a numeric apns_priority gets a preferred fix to the string', () => {
  const [d] = only(lint(numberPriority), 'A3');
  assert.deepEqual(
    (d.fixes as Array<{ edits: unknown[]; isPreferred?: boolean }>).map(f => [f.edits, f.isPreferred]),
    [[[{ kind: 'replaceValue', path: `${IOS}/apns_priority`, value: '10' }], true]],
  );
});

test('advanced: unknown keys are D7 warnings with a did-you-mean', () => {
  const got = lint(ios({ apns_prority: '10' })).filter(g => g.path === `${IOS}/apns_prority`);
  assert.deepEqual(
    got.map(g => [g.rule, g.severity]),
    [['D7', 'warning']],
  );
  assert.match(got[0].message, /did you mean `apns_priority`/);
});

test('A1–A3: every fix gives valid JSON, and each preferred fix removes its finding', () => {
  const cases: Array<[string, Doc]> = [
    ['A1', advanced({ expiration_settings: { remove_from_inbox_after_type: 'day', expire_notification_after_value: '2' } })],
    ['A2', advanced({ platform_level_priority: { android_specific_priority: { send_with_priority: 'true' } } })],
    ['A3', numberPriority],
    ['A3', ios({ interruption_level: 'time sensitive', apns_priority: 5 })],
  ];
  for (const [rule, doc] of cases) assert.deepEqual(fixProblems(doc, rule), [], rule);
});
