import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atCursor, head, hoverText, Opts, schemaKeys, settingsOf } from './editingHelpers';
import { doHover } from '../../src/language/hover';
import { validate } from '../../src/language/validate';
import { rangesFor } from '../../src/language/ranges';
import { BUILT_IN_WORDS } from '../helpers/builtinWords';

/**
 * Hovers at cursor positions (`|`) over every component: what a property is, its type and
 * allowed values, where it applies, its limits and rules; enum values explained; read-only
 * fields said to be read-only.
 */

interface Case extends Opts {
  name: string;
  doc: string;
  /** Every pattern must match the hover's markdown. */
  has: RegExp[];
  /** No pattern may match. */
  hasNot?: RegExp[];
}

const PUSH1 = head('PUSH', 'ONE_TIME');
const PUSHP = head('PUSH', 'PERIODIC');
const PUSHE = head('PUSH', 'EVENT_TRIGGERED');
const PUSHL = head('PUSH', 'LOCATION_TRIGGERED');
const EMAIL1 = head('EMAIL', 'ONE_TIME');
const ua = (extra: string) =>
  `"segmentation_details": { "included_filters": { "filter_operator": "and", "filters": [ { "filter_type": "user_attributes", ${extra} } ] } }`;

const rule = (id: string) => new RegExp(`\\[${id}\\]\\(`);

const CASES: Case[] = [
  // Top level
  {
    name: '`channel`: description, values, rule D2',
    doc: '{ "cha|nnel": "PUSH" }',
    has: [/\*\*`channel`\*\*/, /`PUSH`, `EMAIL`, `SMS`/, rule('D2')],
  },
  { name: '`PUSH`: the value explained', doc: '{ "channel": "PU|SH" }', has: [/`PUSH`: a value of `channel`/, /Push notification/i] },
  {
    name: '`campaign_delivery_type` value `LOCATION_TRIGGERED`',
    doc: '{ "channel": "PUSH", "campaign_delivery_type": "LOCATION_TRIG|GERED" }',
    has: [/a value of `campaign_delivery_type`/, /geofence/i],
  },
  { name: 'read-only `status` says so', doc: `${PUSH1}  "sta|tus": "ACTIVE"\n}`, has: [/read-only/i, /never sent on push/i, rule('D8')] },
  { name: 'read-only `id` says so', doc: `${PUSH1}  "i|d": "64f1c2a9e4b0a1b2c3d4e5f6"\n}`, has: [/\*\*Read-only\*\*/] },
  { name: '`advanced` applies to Push only', doc: `${PUSH1}  "adva|nced": {}\n}`, has: [/Applies to:\* Push/, rule('A1')] },
  { name: '`connector` applies to Email and SMS', doc: `${EMAIL1}  "conn|ector": {}\n}`, has: [/Applies to:\* Email, SMS/, rule('D9')] },
  {
    name: '`trigger_condition` applies to triggered delivery types',
    doc: `${PUSHE}  "trigger_cond|ition": {}\n}`,
    has: [/`EVENT_TRIGGERED`/, /`LOCATION_TRIGGERED`/, rule('T1')],
  },
  {
    name: 'an unknown key: did you mean',
    doc: `${PUSH1}  "schedulng_details|": {}\n}`,
    has: [/not a property/, /did you mean `scheduling_details`/i],
  },

  // basic_details
  {
    name: 'Push `platforms`: array of the three platforms, rule B1',
    doc: `${PUSH1}  "basic_details": { "platf|orms": ["IOS"] }\n}`,
    has: [/array/, /`ANDROID`, `IOS`, `WEB`/, rule('B1')],
  },
  { name: 'a platform value', doc: `${PUSH1}  "basic_details": { "platforms": ["I|OS"] }\n}`, has: [/`IOS`: a value of `platforms`/] },
  {
    name: '`geofences`: location-triggered only',
    doc: `${PUSHL}  "basic_details": { "geofe|nces": [] }\n}`,
    has: [/`LOCATION_TRIGGERED`/, rule('B4')],
  },
  {
    name: '`business_event`: rule B2',
    doc: `${head('PUSH', 'BUSINESS_EVENT_TRIGGERED')}  "basic_details": { "business_e|vent": "x" }\n}`,
    has: [rule('B2'), /`BUSINESS_EVENT_TRIGGERED`/],
  },
  {
    name: 'Email `subscription_category` shows the workspace categories',
    doc: `${EMAIL1}  "basic_details": { "subscription_cat|egory": "news" }\n}`,
    settings: { subscriptionCategories: ['news', 'offers'] },
    has: [/Workspace categories:\* `news`, `offers`/, rule('B7')],
  },
  {
    name: '`subscription_category` without configured categories says how to configure them',
    doc: `${EMAIL1}  "basic_details": { "subscription_cat|egory": "news" }\n}`,
    has: [/not configured/, /\.campaignrc\.json/],
  },
  {
    name: '`content_type` values',
    doc: `${EMAIL1}  "basic_details": { "content_t|ype": "PROMOTIONAL" }\n}`,
    has: [/`PROMOTIONAL`, `TRANSACTIONAL`/, rule('B6')],
  },
  {
    name: 'geofence `latitude`: limits −90..90',
    doc: `${PUSHL}  "basic_details": { "geofences": [ { "lati|tude": "52.5" } ] }\n}`,
    has: [/-90 to 90/, rule('G2')],
  },
  {
    name: 'geofence `triggered_at` value `dwell`',
    doc: `${PUSHL}  "basic_details": { "geofences": [ { "triggered_at": "dw|ell" } ] }\n}`,
    has: [/`dwell`: a value of `triggered_at`/],
  },

  // campaign_content
  { name: '`locales`: rule C1', doc: `${PUSH1}  "campaign_content": { "loca|les": ["German"] }\n}`, has: [/`locales`/, rule('C1')] },
  { name: '`campaign_content`: description', doc: `${PUSH1}  "campaign_con|tent": {}\n}`, has: [/\*\*`campaign_content`\*\*/, /content/i] },

  // trigger_condition
  {
    name: '`trigger_delay_type`: per-channel values',
    doc: `${PUSHE}  "trigger_condition": { "trigger_delay_t|ype": "DELAY" }\n}`,
    has: [/`DELAY`, `ASAP`, `INTELLIGENT_DELAY`/, rule('T2')],
  },
  {
    name: 'Email `trigger_delay_type`: no intelligent delay',
    doc: `${head('EMAIL', 'EVENT_TRIGGERED')}  "trigger_condition": { "trigger_delay_t|ype": "DELAY" }\n}`,
    has: [/`DELAY`, `ASAP`/],
    hasNot: [/`INTELLIGENT_DELAY`,/],
  },
  {
    name: '`trigger_delay_value`: at least 0',
    doc: `${PUSHE}  "trigger_condition": { "trigger_delay_va|lue": 5 }\n}`,
    has: [/integer/, /at least 0/, rule('T3')],
  },
  {
    name: '`intelligent_delay_optimization`: rule T5',
    doc: `${PUSHE}  "trigger_condition": { "intelligent_delay_optimiz|ation": {} }\n}`,
    has: [rule('T5')],
  },

  // Filters
  {
    name: '`filter_operator`: lower case',
    doc: `${PUSH1}  "segmentation_details": { "included_filters": { "filter_oper|ator": "and" } }\n}`,
    has: [/`and`, `or`/, rule('F1')],
  },
  {
    name: '`filter_type` value `actions`',
    doc: `${PUSHE}  "trigger_condition": { "included_filters": { "filter_operator": "and", "filters": [ { "filter_type": "acti|ons" } ] } }\n}`,
    has: [/`actions`: a value of `filter_type`/],
  },
  {
    name: 'user-attribute `operator` for `bool`: the operators of that type',
    doc: `${PUSH1}  ${ua('"data_type": "bool", "oper|ator": "is"')}\n}`,
    has: [/\*Allowed:\* `is`, `exists`$/m, rule('F3')],
  },
  {
    name: 'user-attribute `data_type`',
    doc: `${PUSH1}  ${ua('"data_t|ype": "string"')}\n}`,
    has: [/`string`, `double`, `datetime`, `bool`/],
  },
  {
    name: 'user-attribute `value`: rule F4',
    doc: `${PUSH1}  ${ua('"data_type": "string", "operator": "in", "val|ue": ["x"]')}\n}`,
    has: [rule('F4')],
  },
  { name: 'user-attribute `project_name`: rule F5', doc: `${PUSH1}  ${ua('"project_na|me": "p"')}\n}`, has: [rule('F5')] },

  // segmentation
  {
    name: '`is_all_user_campaign`: rule S1',
    doc: `${PUSH1}  "segmentation_details": { "is_all_user_camp|aign": true }\n}`,
    has: [/boolean/, rule('S1')],
  },

  // scheduling
  {
    name: '`delivery_type` value `SEND_IN_BTS` and its companions',
    doc: `${PUSH1}  "scheduling_details": { "delivery_type": "SEND_IN_B|TS" }\n}`,
    has: [/`SEND_IN_BTS`: a value of `delivery_type`/, /bts_details/, rule('H2')],
  },
  { name: '`timezone`: rule H3', doc: `${PUSH1}  "scheduling_details": { "timez|one": "UTC" }\n}`, has: [/IANA/, rule('H3')] },
  {
    name: 'a valid zone that is not among the suggestions is not called wrong',
    doc: `${PUSH1}  "scheduling_details": { "timezone": "Asia/Calc|utta" }\n}`,
    has: [/\*\*`timezone`\*\*/],
    hasNot: [/not one of/],
  },
  {
    name: '`filter_type` of a chosen branch still lists every type',
    doc: `${PUSH1}  ${ua('"filter_ty|pe": "user_attributes"').replace('"filter_type": "user_attributes", ', '')}\n}`,
    has: [/\*Allowed:\* `user_attributes`, `actions`, `custom_segments`/],
  },
  {
    name: '`periodic_details`: periodic only',
    doc: `${PUSHP}  "scheduling_details": { "periodic_det|ails": {} }\n}`,
    has: [/`PERIODIC`/, rule('H7')],
  },
  {
    name: "`no_of_occurences`: the spec's spelling",
    doc: `${PUSHP}  "scheduling_details": { "periodic_details": { "no_of_occur|ences": 3 } }\n}`,
    has: [rule('H7')],
  },
  {
    name: 'response-shaped `schedule_time`: rule H5',
    doc: `${PUSH1}  "scheduling_details": { "schedule_t|ime": "x" }\n}`,
    has: [/start_time/, rule('H5')],
  },
  {
    name: '`repeat_on_date_of_month`: 1 to 31',
    doc: `${PUSHP}  "scheduling_details": { "periodic_details": { "repeat_on_date_of_mo|nth": [1] } }\n}`,
    has: [/1 to 31/],
  },

  // delivery controls
  {
    name: '`queue_duration`: 0 to 48 hours, queuing feature, rules Q5 Q7',
    doc: `${PUSH1}  "delivery_controls": { "queue_dura|tion": 4 }\n}`,
    has: [/0 to 48 hours/, /`queuing` feature/, rule('Q5'), rule('Q7')],
  },
  {
    name: '`campaign_throttle_rpm`: scheduled delivery types, rule Q3',
    doc: `${PUSH1}  "delivery_controls": { "campaign_throttle_r|pm": 100 }\n}`,
    has: [rule('Q3')],
    hasNot: [/`EVENT_TRIGGERED`/],
  },
  { name: '`bypass_dnd`: rule Q2', doc: `${PUSHE}  "delivery_controls": { "bypass_d|nd": true }\n}`, has: [/boolean/, rule('Q2')] },
  {
    name: '`max_time_to_show_message_of_same_camapign`: device-triggered',
    doc: `${head('PUSH', 'DEVICE_TRIGGERED')}  "delivery_controls": { "max_time_to_show_message_of_same_cama|pign": "2" }\n}`,
    has: [/`DEVICE_TRIGGERED`/, rule('Q4')],
  },

  // advanced
  {
    name: '`apns_priority`: the strings',
    doc: `${PUSH1}  "advanced": { "platform_level_priority": { "ios_specific_priority": { "apns_prio|rity": "10" } } }\n}`,
    has: [/`"1"`|`1`/, rule('A3')],
  },
  {
    name: '`interruption_level` value `Time sensitive`',
    doc: `${PUSH1}  "advanced": { "platform_level_priority": { "ios_specific_priority": { "interruption_level": "Time sens|itive" } } }\n}`,
    has: [/`Time sensitive`: a value of `interruption_level`/],
  },
  {
    name: '`remove_from_inbox_after_type`: `DAY` only',
    doc: `${PUSH1}  "advanced": { "expiration_settings": { "remove_from_inbox_after_t|ype": "DAY" } }\n}`,
    has: [/`DAY`/, rule('A1')],
  },

  // goals, control group, UTM, audience limit
  {
    name: 'goal attribute `data_type`: upper case, rule G0a',
    doc: `${PUSH1}  "conversion_goal_details": { "goals": [ { "goal_event_attribute": { "data_t|ype": "STRING" } } ] }\n}`,
    has: [/`STRING`/, rule('G0a')],
  },
  {
    name: '`is_primary_goal`: rule G0',
    doc: `${PUSH1}  "conversion_goal_details": { "goals": [ { "is_primary_g|oal": true } ] }\n}`,
    has: [rule('G0')],
  },
  {
    name: '`campaign_control_group_percentage`: 0 to 100 percent',
    doc: `${PUSH1}  "control_group_details": { "campaign_control_group_perc|entage": 5 }\n}`,
    has: [/0 to 100 percent/, rule('K1')],
  },
  { name: '`utm_source`: rule U1', doc: `${EMAIL1}  "utm_params": { "utm_sou|rce": "x" }\n}`, has: [rule('U1')] },
  { name: '`utm_params`: at most 5 custom keys', doc: `${EMAIL1}  "utm_par|ams": {}\n}`, has: [/at most 5 custom keys/, rule('U2')] },
  {
    name: 'audience `limit`: 1 to 9999999999 users',
    doc: `${PUSH1}  "campaign_audience_limit": { "lim|it": 5 }\n}`,
    has: [/1 to 9999999999 users/, rule('L2')],
  },
  {
    name: 'audience `frequency` value `INSTANCE`',
    doc: `${PUSHP}  "campaign_audience_limit": { "frequency": "INST|ANCE" }\n}`,
    has: [/`INSTANCE`: a value of `frequency`/, /periodic/i],
  },

  // search and settings files
  { name: 'search `limit`: 1 to 15', kind: 'search', doc: '{ "lim|it": 15 }', has: [/1 to 15/, rule('R2')] },
  {
    name: 'search `campaign_fields.ids`',
    kind: 'search',
    doc: '{ "campaign_fields": { "i|ds": ["x"] } }',
    has: [/\*\*`ids`\*\*/, rule('R1')],
  },
  { name: '.campaignrc.json `queuing`', kind: 'campaignrc', doc: '{ "features": { "queu|ing": true } }', has: [/queuing/, /boolean/] },
];

for (const c of CASES) {
  test(`hover: ${c.name}`, () => {
    const text = hoverText(c.doc, c);
    assert.ok(text, 'a hover');
    for (const re of c.has) assert.match(text!, re);
    for (const re of c.hasNot ?? []) assert.doesNotMatch(text!, re);
  });
}

test('every key the schema defines, at the top level and in each component, has a hover naming it and where it sits', () => {
  let answered = 0;
  for (const [channel, type] of [
    ['PUSH', 'ONE_TIME'],
    ['EMAIL', 'PERIODIC'],
    ['SMS', 'EVENT_TRIGGERED'],
  ]) {
    const h = head(channel, type);
    for (const [k, j] of schemaKeys(`${h}  "x": 1\n}`)) {
      const doc = j === undefined ? `${h}  "${k}|": null\n}` : `${h}  "${k}": { "${j}|": null }\n}`;
      const heading = j === undefined ? `**\`${k}\`**` : `**\`${j}\`** in \`${k}\``;
      const where = `${channel} ${type} ${[k, j].filter(Boolean).join('/')}`;
      const text = hoverText(doc) ?? '';
      assert.ok(text.startsWith(heading), `${where}: ${JSON.stringify(text.slice(0, 80))}`);
      assert.ok(text.includes('\n\n'), `${where} says more than its name: ${JSON.stringify(text)}`);
      answered++;
    }
  }
  assert.ok(answered >= 120, `${answered} hovers`);
});

test("a hover's range is the key or the value under the cursor", () => {
  const c = atCursor('{ "channel": "PU|SH" }');
  const h = doHover({ parsed: c.parsed, kind: 'campaign', settings: settingsOf({}), position: c.position })!;
  assert.deepEqual(h.range, { start: { line: 0, character: 13 }, end: { line: 0, character: 19 } });
});

test('no hover on punctuation or whitespace between properties', () => {
  assert.equal(hoverText('{ "channel": "PUSH",|  "campaign_delivery_type": "ONE_TIME" }'), undefined);
});

test('hover on a broken document still answers', () => {
  assert.match(hoverText(`${PUSH1}  "scheduling_details": { "timez|one": \n`) ?? '', /IANA/);
});

function scheduleHover(withBar: string, viewerZone?: string): string {
  const c = atCursor(withBar);
  const h = doHover({ parsed: c.parsed, kind: 'campaign', settings: settingsOf({}), position: c.position, viewerZone });
  return (h?.contents as { value: string } | undefined)?.value ?? '';
}

const TIMES: Array<{ name: string; doc: string; viewer?: string; has: RegExp[]; hasNot?: RegExp[] }> = [
  {
    name: '`start_time` value: the instant in the campaign zone, UTC and the viewer zone',
    doc: `${PUSH1}  "scheduling_details": { "delivery_type": "AT_FIXED_TIME", "start_time": "2024-12-03T09:|00:00", "timezone": "Europe/Berlin" }\n}`,
    viewer: 'Asia/Kolkata',
    has: [
      /\*\*Tue 3 Dec 2024, 09:00 Europe\/Berlin\*\*/,
      /Tue 3 Dec 2024, 08:00 UTC \(UTC\)/,
      /Tue 3 Dec 2024, 13:30 Asia\/Kolkata \(your time\)/,
      rule('H4'),
    ],
  },
  {
    name: '`expiry_time` key: read in the campaign zone, in summer time',
    doc: `${PUSH1}  "scheduling_details": { "delivery_type": "AT_FIXED_TIME", "start_time": "2025-06-01T09:00:00", "exp|iry_time": "2025-07-01T23:30:00", "timezone": "America/New_York" }\n}`,
    viewer: 'Asia/Kathmandu',
    has: [
      /\*\*Tue 1 Jul 2025, 23:30 America\/New_York\*\*/,
      /Wed 2 Jul 2025, 03:30 UTC/,
      /Wed 2 Jul 2025, 09:15 Asia\/Kathmandu \(your time\)/,
    ],
  },
  {
    name: 'no `timezone`: read in UTC, the viewer zone UTC when not given',
    doc: `${PUSH1}  "scheduling_details": { "delivery_type": "ASAP", "start_time": "2025-06-01T09:|00:00" }\n}`,
    has: [/\*\*Sun 1 Jun 2025, 09:00 UTC\*\*/, /09:00 UTC \(your time\)/],
  },
  {
    name: 'SEND_IN_USER_TIMEZONE: each user local time, from UTC+14 to UTC-12',
    doc: `${PUSH1}  "scheduling_details": { "delivery_type": "SEND_IN_USER_TIMEZONE", "start_time": "2025-06-01T09:|00:00", "user_timezone_details": { "send_in_user_timezone": true, "send_if_user_timezone_has_passed": true } }\n}`,
    has: [
      /09:00 local time: first at UTC\+14 \(Sat 31 May 2025, 19:00 UTC\), last at UTC-12 \(Sun 1 Jun 2025, 21:00 UTC\), 26 hours apart/,
    ],
  },
  {
    name: 'a start_time that is not ISO: no instant, the property still explained',
    doc: `${PUSH1}  "scheduling_details": { "delivery_type": "AT_FIXED_TIME", "start_time": "tomor|row", "timezone": "UTC" }\n}`,
    has: [/\*\*`start_time`\*\*/],
    hasNot: [/your time/],
  },
];

for (const c of TIMES) {
  test(`hover: ${c.name}`, () => {
    const text = scheduleHover(c.doc, c.viewer);
    for (const re of c.has) assert.match(text, re);
    for (const re of c.hasNot ?? []) assert.doesNotMatch(text, re);
  });
}

test('hovering a value whose channel or data type names a built-in property (constructor, __proto__, …) says what it says for any unknown word', () => {
  const doc = (word: string, at: string) =>
    `{\n  "channel": "${word}",\n  "campaign_delivery_type": "EVENT_TRIGGERED",\n  "trigger_condition": { "trigger_delay_type": "${at === 'delay' ? 'AS|AP' : 'ASAP'}" },\n  "segmentation_details": { "included_filters": { "filter_operator": "and", "filters": [ { "filter_type": "user_attributes", "data_type": "${word}", "operator": "${at === 'delay' ? 'is' : 'i|s'}" } ] } }\n}`;
  const hover = (word: string, at: string) => hoverText(doc(word, at))?.split(word).join('WORD');
  for (const word of BUILT_IN_WORDS) {
    for (const at of ['delay', 'operator']) assert.equal(hover(word, at), hover('q'.repeat(word.length), at), `${at} with ${word}`);
  }
});

/** The hover at the cursor with the problems validation found, as the server passes them. */
function hoverWithProblems(withBar: string): { value: string; range: unknown } | null {
  const c = atCursor(withBar);
  const settings = settingsOf({});
  const findings = validate(c.parsed, { kind: 'campaign', settings });
  const ranges = rangesFor(c.parsed, findings);
  const h = doHover({
    parsed: c.parsed,
    kind: 'campaign',
    settings,
    position: c.position,
    problems: findings.map((f, i) => ({ rule: f.rule, severity: f.severity, message: f.message, range: ranges[i] })),
  });
  return h && { value: (h.contents as { value: string }).value, range: h.range };
}

test('hovering a wrong value shows its problem first, then the documentation', () => {
  const h = hoverWithProblems(`${PUSH1}  "basic_details": { "name": "n", "platforms": ["ANDR|IOD"] }\n}`);
  assert.ok(h);
  const [problem, docs] = h.value.split('\n\n---\n\n');
  assert.match(problem, /^\*\*Error B1:\*\* `ANDRIOD` is not allowed in `platforms`: did you mean `ANDROID`\?/);
  assert.match(docs, /`platforms`/);
});

test('a value without a problem hovers as before: the documentation alone', () => {
  const h = hoverWithProblems(`${PUSH1}  "basic_details": { "name": "n", "platforms": ["AND|ROID"] }\n}`);
  assert.ok(h);
  assert.doesNotMatch(h.value, /\*\*(Error|Warning|Note|Hint) /);
  assert.equal(h.value, hoverText(`${PUSH1}  "basic_details": { "name": "n", "platforms": ["AND|ROID"] }\n}`));
});

test('a problem where the schema has nothing to say is still shown', () => {
  const h = hoverWithProblems(`${PUSH1}  "nonsen|se_key": 1\n}`);
  assert.ok(h);
  assert.match(h.value, /^\*\*Warning D7:\*\* `nonsense_key` is not a property/);
});
