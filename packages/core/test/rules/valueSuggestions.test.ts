import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, LintOptions } from '../helpers/lint';
import {
  Doc,
  emailEventTriggered,
  pushEventTriggered,
  pushLocationTriggered,
  pushOneTime,
  pushPeriodic,
  withPatch,
} from '../helpers/ruleCampaigns';
import { applyFix, Fix, formattingFor } from '../../src/index';

/**
 * Every enum-like value, checked by the schema or by a rule, gets what a wrong key gets: a "did
 * you mean" in the message when one allowed value is close, and a preferred quick fix to it.
 */

interface Case {
  name: string;
  rule: string;
  document: Doc;
  path: string;
  meant: string;
  opts?: LintOptions;
}

const filterAt = (f: Doc): Doc => ({ segmentation_details: { included_filters: { filter_operator: 'and', filters: [f] } } });
const CITY = (pushOneTime.segmentation_details as { included_filters: { filters: Doc[] } }).included_filters.filters[0];
const FILTER = '/segmentation_details/included_filters/filters/0';

const CASES: Case[] = [
  { name: 'channel', rule: 'D2', document: withPatch(pushOneTime, { channel: 'PUHS' }), path: '/channel', meant: 'PUSH' },
  {
    name: 'delivery type',
    rule: 'D3',
    document: withPatch(pushOneTime, { campaign_delivery_type: 'ONE_TIM' }),
    path: '/campaign_delivery_type',
    meant: 'ONE_TIME',
  },
  {
    name: 'a platform',
    rule: 'B1',
    document: withPatch(pushOneTime, { basic_details: { platforms: ['ANDRIOD', 'IOS'] } }),
    path: '/basic_details/platforms/0',
    meant: 'ANDROID',
  },
  {
    name: 'an Email content type',
    rule: 'B6',
    document: withPatch(emailEventTriggered, { basic_details: { content_type: 'PROMOTINAL' } }),
    path: '/basic_details/content_type',
    meant: 'PROMOTIONAL',
  },
  {
    name: "a subscription category of the workspace's `.campaignrc.json`",
    rule: 'B7',
    document: withPatch(emailEventTriggered, { basic_details: { subscription_category: 'newsleters' } }),
    path: '/basic_details/subscription_category',
    meant: 'newsletters',
    opts: { settings: { subscriptionCategories: ['newsletters', 'offers'] } },
  },
  {
    name: 'a scheduling delivery type',
    rule: 'H1',
    document: withPatch(pushOneTime, { scheduling_details: { delivery_type: 'AT_FIXED_TIM' } }),
    path: '/scheduling_details/delivery_type',
    meant: 'AT_FIXED_TIME',
  },
  {
    name: 'a time zone',
    rule: 'H3',
    document: withPatch(pushOneTime, { scheduling_details: { timezone: 'Europe/Berln' } }),
    path: '/scheduling_details/timezone',
    meant: 'Europe/Berlin',
  },
  {
    name: 'a sending frequency',
    rule: 'H7',
    document: withPatch(pushPeriodic, { scheduling_details: { periodic_details: { sending_frequency: 'WEEKLIE' } } }),
    path: '/scheduling_details/periodic_details/sending_frequency',
    meant: 'WEEKLY',
  },
  {
    name: "a day of the week (the rule's own message)",
    rule: 'H7',
    document: withPatch(pushPeriodic, {
      scheduling_details: { periodic_details: { sending_frequency: 'WEEKLY', repeat_on_days_of_week: ['MONDY'] } },
    }),
    path: '/scheduling_details/periodic_details/repeat_on_days_of_week/0',
    meant: 'MONDAY',
  },
  {
    name: 'a filter type',
    rule: 'F2',
    document: withPatch(pushOneTime, filterAt({ ...CITY, filter_type: 'user_atributes' })),
    path: `${FILTER}/filter_type`,
    meant: 'user_attributes',
  },
  {
    name: 'a data type',
    rule: 'F3',
    document: withPatch(pushOneTime, filterAt({ ...CITY, data_type: 'strng' })),
    path: `${FILTER}/data_type`,
    meant: 'string',
  },
  {
    name: "an operator of the data type (the rule's own message)",
    rule: 'F3',
    document: withPatch(pushOneTime, filterAt({ ...CITY, operator: 'contans', value: 'Ber' })),
    path: `${FILTER}/operator`,
    meant: 'contains',
  },
  {
    name: 'a trigger delay granularity',
    rule: 'T3',
    document: withPatch(pushEventTriggered, { trigger_condition: { trigger_delay_granularity: 'HOUSR' } }),
    path: '/trigger_condition/trigger_delay_granularity',
    meant: 'HOURS',
  },
  {
    name: 'a trigger relation',
    rule: 'T3',
    document: withPatch(pushEventTriggered, { trigger_condition: { trigger_relation: 'AFTR' } }),
    path: '/trigger_condition/trigger_relation',
    meant: 'AFTER',
  },
  {
    name: 'a geofence trigger',
    rule: 'G3',
    document: (() => {
      const d = structuredClone(pushLocationTriggered);
      const fences = (d.basic_details as { geofences: Doc | Doc[] }).geofences;
      (Array.isArray(fences) ? fences[0] : fences).triggered_at = 'ENTRYY';
      return d;
    })(),
    path: Array.isArray((pushLocationTriggered.basic_details as Doc).geofences)
      ? '/basic_details/geofences/0/triggered_at'
      : '/basic_details/geofences/triggered_at',
    meant: 'ENTRY',
  },
];

for (const c of CASES) {
  test(`${c.rule}: ${c.name}: "did you mean", and a preferred fix to the value meant`, () => {
    const got = lint(c.document, c.opts).filter(g => g.path === c.path);
    assert.equal(got.length, 1, JSON.stringify(got));
    const [d] = got;
    assert.equal(d.rule, c.rule);
    assert.ok(d.message.toLowerCase().includes(`did you mean \`${c.meant.toLowerCase()}\`?`), d.message);
    const fixes = (d.fixes ?? []) as Fix[];
    const preferred = fixes.filter(f => f.isPreferred);
    assert.deepEqual(preferred, [
      { title: `Change to \`${c.meant}\``, edits: [{ kind: 'replaceValue', path: c.path, value: c.meant }], isPreferred: true },
    ]);
    const text = JSON.stringify(c.document, null, 2);
    const fixed = JSON.parse(applyFix(text, preferred[0].edits, formattingFor(text)));
    assert.deepEqual(
      lint(fixed, c.opts).filter(g => g.path === c.path),
      [],
      'the fix removes the problem',
    );
  });
}

test('a value close to none of the allowed ones gets no guess and no fix', () => {
  const [d] = lint(withPatch(pushOneTime, { basic_details: { platforms: ['TOASTER'] } })).filter(
    g => g.path === '/basic_details/platforms/0',
  );
  assert.doesNotMatch(d.message, /did you mean/i);
  assert.deepEqual(d.fixes ?? [], []);
});
