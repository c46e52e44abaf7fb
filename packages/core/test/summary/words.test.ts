import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { audienceInWords, campaignTriggerInWords, groupWords, triggerInWords } from '../../src/summary/words';

/**
 * The audience and the trigger in words. Each row's sentence is written out by hand; together the
 * rows cover every filter type, every operator of every data type in the spec (plain and negated),
 * nesting, and the parts the words do not recognise.
 */

const attr = (data_type: string, name: string, operator: string, value?: unknown, more: Record<string, unknown> = {}) => ({
  filter_type: 'user_attributes',
  data_type,
  category: 'Tracked Standard Attribute',
  name,
  operator,
  ...(value === undefined ? {} : { value }),
  ...more,
});

/** One filter as the words of a one-filter group. */
function words(filter: unknown): string {
  return groupWords({ filter_operator: 'and', filters: [filter] }).text;
}

const OPERATOR_TABLE: Array<[filter: unknown, plain: string, negated: string]> = [
  // bool
  [attr('bool', 'subscribed', 'is', true), 'subscribed is true', 'subscribed is not true'],
  [attr('bool', 'subscribed', 'exists'), 'subscribed is set', 'subscribed is not set'],
  // double
  [attr('double', 'age', 'in', [18, 21]), 'age is one of 18, 21', 'age is none of 18, 21'],
  [attr('double', 'age', 'between', [18, 30]), 'age is between 18 and 30', 'age is not between 18 and 30'],
  [attr('double', 'age', 'lessThan', 18), 'age is less than 18', 'age is not less than 18'],
  [attr('double', 'age', 'greaterThan', 65), 'age is greater than 65', 'age is not greater than 65'],
  [attr('double', 'age', 'exists'), 'age is set', 'age is not set'],
  // string
  [attr('string', 'city', 'in', ['Berlin', 'Paris']), "city is one of 'Berlin', 'Paris'", "city is none of 'Berlin', 'Paris'"],
  [attr('string', 'city', 'contains', 'burg'), "city contains 'burg'", "city does not contain 'burg'"],
  [
    attr('string', 'city', 'containsInTheFollowing', ['burg', 'stadt']),
    "city contains any of 'burg', 'stadt'",
    "city contains none of 'burg', 'stadt'",
  ],
  [
    attr('string', 'city', 'startWithInTheFollowing', ['San', 'Los']),
    "city starts with any of 'San', 'Los'",
    "city starts with none of 'San', 'Los'",
  ],
  [attr('string', 'city', 'endsWithInTheFollowing', ['ville']), "city ends with any of 'ville'", "city ends with none of 'ville'"],
  [attr('string', 'city', 'exists'), 'city is set', 'city is not set'],
  [attr('string', 'city', 'is', 'Berlin'), "city is 'Berlin'", "city is not 'Berlin'"],
  // datetime
  [attr('datetime', 'last_seen', 'inTheLast', 7), 'last_seen is within the last 7 days', 'last_seen is not within the last 7 days'],
  [attr('datetime', 'last_seen', 'on', '2026-12-03'), "last_seen is on '2026-12-03'", "last_seen is not on '2026-12-03'"],
  [
    attr('datetime', 'last_seen', 'between', ['2026-01-01', '2026-02-01']),
    "last_seen is between '2026-01-01' and '2026-02-01'",
    "last_seen is not between '2026-01-01' and '2026-02-01'",
  ],
  [attr('datetime', 'last_seen', 'before', '2026-01-01'), "last_seen is before '2026-01-01'", "last_seen is not before '2026-01-01'"],
  [attr('datetime', 'last_seen', 'after', '2026-01-01'), "last_seen is after '2026-01-01'", "last_seen is not after '2026-01-01'"],
  [attr('datetime', 'last_seen', 'inTheNext', 1), 'last_seen is within the next 1 day', 'last_seen is not within the next 1 day'],
  [attr('datetime', 'last_seen', 'exists'), 'last_seen is set', 'last_seen is not set'],
  [attr('datetime', 'last_seen', 'today'), 'last_seen is today', 'last_seen is not today'],
];

test('every operator of every data type the spec lists, plain and negated', () => {
  for (const [filter, plain, negated] of OPERATOR_TABLE) {
    assert.equal(words(filter), plain);
    assert.equal(words({ ...(filter as object), negate: true }), negated);
  }
});

test("the table covers the spec's operators of each data type", () => {
  const SPEC: Record<string, string[]> = {
    bool: ['is', 'exists'],
    double: ['in', 'between', 'lessThan', 'greaterThan', 'exists'],
    string: ['in', 'contains', 'containsInTheFollowing', 'startWithInTheFollowing', 'endsWithInTheFollowing', 'exists', 'is'],
    datetime: ['inTheLast', 'on', 'between', 'before', 'after', 'inTheNext', 'exists', 'today'],
  };
  for (const [dataType, operators] of Object.entries(SPEC)) {
    const covered = OPERATOR_TABLE.map(([f]) => f as Record<string, string>)
      .filter(f => f.data_type === dataType)
      .map(f => f.operator);
    assert.deepEqual(covered.sort(), [...operators].sort(), dataType);
  }
});

test('a case-sensitive comparison says so', () => {
  assert.equal(words(attr('string', 'city', 'is', 'Berlin', { case_sensitive: true })), "city is 'Berlin' (case-sensitive)");
});

const ACTION_TABLE: Array<[filter: unknown, expected: string]> = [
  [
    { filter_type: 'actions', action_name: 'purchase', execution: { type: 'atleast', count: 2 }, executed: true },
    "has done 'purchase' at least 2 times",
  ],
  [
    { filter_type: 'actions', action_name: 'purchase', execution: { type: 'atmost', count: 1 }, executed: true },
    "has done 'purchase' at most 1 time",
  ],
  [{ filter_type: 'actions', action_name: 'purchase', execution: { type: 'exactly', count: 3 } }, "has done 'purchase' exactly 3 times"],
  [{ filter_type: 'actions', action_name: 'purchase', executed: false }, "has not done 'purchase'"],
  [{ filter_type: 'actions', action_name: 'purchase', condition: 'big spender' }, "has done 'purchase' (condition 'big spender')"],
  [
    { filter_type: 'actions', action_name: 'purchase', execution: { type: 'often', count: 2 } },
    "has done 'purchase' 2 times (an unrecognised execution type 'often')",
  ],
  [
    {
      filter_type: 'actions',
      action_name: 'Added To Cart',
      execution: { type: 'atleast', count: 1 },
      executed: true,
      attributes: {
        filter_operator: 'and',
        filters: [attr('double', 'cart_value', 'greaterThan', 20), attr('string', 'currency', 'is', 'EUR')],
      },
    },
    "has done 'Added To Cart' at least 1 time where (cart_value is greater than 20 AND currency is 'EUR')",
  ],
  [
    {
      filter_type: 'actions',
      action_name: 'Added To Cart',
      attributes: { filter_operator: 'or', filters: [attr('double', 'cart_value', 'greaterThan', 20)] },
    },
    "has done 'Added To Cart' where cart_value is greater than 20",
  ],
  [{ filter_type: 'custom_segments', name: 'Employees', id: '64b7f0c2a1e4d2b3c4d5e6f7' }, "custom segment is 'Employees'"],
  [{ filter_type: 'custom_segments', id: '64b7f0c2a1e4d2b3c4d5e6f7' }, "custom segment is '64b7f0c2a1e4d2b3c4d5e6f7'"],
];

test('action filters (execution, executed, condition, event attributes) and custom segments', () => {
  for (const [filter, expected] of ACTION_TABLE) assert.equal(words(filter), expected);
});

test("the issue's example: AND with a nested OR in parentheses", () => {
  const included = {
    filter_operator: 'and',
    filters: [
      attr('string', 'city', 'in', ['Berlin', 'Paris']),
      {
        filter_type: 'actions',
        action_name: 'purchase',
        execution: { type: 'atleast', count: 2 },
        executed: true,
        attributes: {
          filter_operator: 'or',
          filters: [attr('double', 'amount', 'greaterThan', 50), attr('string', 'store', 'is', 'online')],
        },
      },
    ],
  };
  const audience = audienceInWords({ included_filters: included });
  assert.equal(
    audience.text,
    "Users where city is one of 'Berlin', 'Paris' AND has done 'purchase' at least 2 times where (amount is greater than 50 OR store is 'online'). Opted-out users are left out.",
  );
  const [users] = audience.parts;
  assert.equal(users.label, 'Included');
  assert.equal(users.operator, 'AND');
  assert.deepEqual(
    users.items?.map(i => i.text),
    ["city is one of 'Berlin', 'Paris'", "has done 'purchase' at least 2 times where (amount is greater than 50 OR store is 'online')"],
  );
  const eventAttributes = users.items?.[1].items?.[0];
  assert.equal(eventAttributes?.operator, 'OR');
  assert.deepEqual(
    eventAttributes?.items?.map(i => i.text),
    ['amount is greater than 50', "store is 'online'"],
  );
});

test('audience: all users, exclusions and opted-out users', () => {
  assert.equal(
    audienceInWords({ is_all_user_campaign: true, send_campaign_to_opt_out_users: true }).text,
    'All users. Opted-out users are included too.',
  );
  assert.equal(
    audienceInWords({
      is_all_user_campaign: true,
      excluded_filters: {
        filter_operator: 'or',
        filters: [{ filter_type: 'custom_segments', name: 'Employees', id: 'x' }, attr('bool', 'test_user', 'is', true)],
      },
    }).text,
    "All users. Except users where custom segment is 'Employees' OR test_user is true. Opted-out users are left out.",
  );
  assert.equal(
    audienceInWords({
      is_all_user_campaign: true,
      included_filters: { filter_operator: 'and', filters: [attr('string', 'city', 'is', 'Berlin')] },
    }).text,
    "All users. Of those, users where city is 'Berlin'. Opted-out users are left out.",
  );
  assert.equal(audienceInWords({}).text, 'No users: set is_all_user_campaign or add included_filters. Opted-out users are left out.');
  assert.equal(audienceInWords(undefined).text, 'No audience is set: add segmentation_details.');
});

const UNKNOWN_TABLE: Array<[group: unknown, expected: string]> = [
  [{ filter_operator: 'and', filters: [{ filter_type: 'segment', name: 'x' }] }, "an unrecognised filter (filter_type 'segment')"],
  [{ filter_operator: 'and', filters: [{ name: 'x' }] }, 'an unrecognised filter (it has no filter_type)'],
  [{ filter_operator: 'and', filters: ['city'] }, "an unrecognised filter ('city')"],
  [
    { filter_operator: 'and', filters: [attr('string', 'city', 'equals', 'Berlin')] },
    "city has an unrecognised operator 'equals' with 'Berlin'",
  ],
  [{ filter_operator: 'and', filters: [{ filter_type: 'user_attributes', operator: 'exists' }] }, 'an unnamed attribute is set'],
  [
    { filter_operator: 'xor', filters: [attr('bool', 'a', 'exists'), attr('bool', 'b', 'exists')] },
    "a is set; b is set (combined by an unrecognised filter_operator 'xor')",
  ],
  [{ filter_operator: 'and', filters: [] }, 'no filters'],
  [{ filter_operator: 'and' }, 'no filters'],
  [[1, 2], 'an unrecognised filter group (1, 2)'],
  [{ filter_operator: 'and', filters: [{ filter_type: 'actions' }] }, 'has done an unnamed event'],
];

test('unknown or invalid parts are named in words', () => {
  for (const [group, expected] of UNKNOWN_TABLE) assert.equal(groupWords(group).text, expected);
});

test('values are shown as they are, long values cut: each renderer writes out control characters', () => {
  assert.equal(words(attr('string', 'city', 'is', 'Ber\u001b]0;x\u202Elin')), "city is 'Ber\u001b]0;x\u202Elin'");
  const long = 'a'.repeat(100);
  assert.equal(words(attr('string', 'city', 'is', long)), `city is '${'a'.repeat(59)}…'`);
  assert.equal(words(attr('string', 'city', 'is', { nested: true })), 'city is {"nested":true}');
});

const TRIGGER = {
  included_filters: {
    filter_operator: 'and',
    filters: [
      {
        filter_type: 'actions',
        action_name: 'Added To Cart',
        execution: { type: 'atleast', count: 1 },
        executed: true,
        attributes: { filter_operator: 'and', filters: [attr('double', 'cart_value', 'greaterThan', 20)] },
      },
    ],
  },
  secondary_included_filters: { filter_operator: 'and', filters: [{ filter_type: 'actions', action_name: 'Purchased', executed: false }] },
  trigger_delay_type: 'DELAY',
  trigger_delay_value: 2,
  trigger_delay_granularity: 'HOURS',
  trigger_relation: 'AFTER',
  trigger_attr: 'Added To Cart',
};

const TRIGGER_TABLE: Array<[trigger: unknown, deliveryType: unknown, basicDetails: unknown, expected: string]> = [
  [
    TRIGGER,
    'EVENT_TRIGGERED',
    undefined,
    "Sent when the user has done 'Added To Cart' at least 1 time where cart_value is greater than 20. And only if the user has not done 'Purchased'. Sent 2 hour(s) after 'Added To Cart'.",
  ],
  [
    { ...TRIGGER, secondary_included_filters: undefined, trigger_delay_type: 'ASAP' },
    'EVENT_TRIGGERED',
    undefined,
    "Sent when the user has done 'Added To Cart' at least 1 time where cart_value is greater than 20. Sent as soon as the condition is met.",
  ],
  [
    {
      ...TRIGGER,
      secondary_included_filters: undefined,
      trigger_delay_granularity: 'DAYS',
      trigger_delay_value: 1,
      trigger_relation: 'BEFORE',
      trigger_attr: { name: 'subscription_end' },
    },
    'EVENT_TRIGGERED',
    undefined,
    "Sent when the user has done 'Added To Cart' at least 1 time where cart_value is greater than 20. Sent 1 day(s) before the time in 'subscription_end'.",
  ],
  [
    {
      ...TRIGGER,
      secondary_included_filters: undefined,
      trigger_delay_type: 'INTELLIGENT_DELAY',
      intelligent_delay_optimization: {
        min_delay_value: 30,
        min_delay_granularity: 'MINUTES',
        max_delay_value: 2,
        max_delay_granularity: 'DAYS',
      },
    },
    'EVENT_TRIGGERED',
    undefined,
    "Sent when the user has done 'Added To Cart' at least 1 time where cart_value is greater than 20. Sent at the best time for each user, between 30 minute(s) and 2 day(s) after the condition is met.",
  ],
  [
    { ...TRIGGER, secondary_included_filters: undefined, trigger_delay_granularity: 'WEEKS', trigger_relation: 'SOMETIME' },
    'EVENT_TRIGGERED',
    undefined,
    "Sent when the user has done 'Added To Cart' at least 1 time where cart_value is greater than 20. Sent 2 (an unrecognised unit 'WEEKS') from the trigger (an unrecognised trigger_relation 'SOMETIME').",
  ],
  [
    { ...TRIGGER, secondary_included_filters: undefined, trigger_delay_type: 'LATER' },
    'EVENT_TRIGGERED',
    undefined,
    "Sent when the user has done 'Added To Cart' at least 1 time where cart_value is greater than 20. Sent after an unrecognised delay (trigger_delay_type 'LATER').",
  ],
  [
    { trigger_delay_type: 'ASAP' },
    'EVENT_TRIGGERED',
    undefined,
    'No trigger condition: add included_filters. Sent as soon as the condition is met.',
  ],
  [undefined, 'EVENT_TRIGGERED', undefined, 'No trigger_condition: add one.'],
  [
    { included_filters: { filter_operator: 'and', filters: [{ filter_type: 'actions', action_name: 'App Opened' }] } },
    'DEVICE_TRIGGERED',
    undefined,
    "Shown by the device when the user has done 'App Opened'. Sent as soon as the condition is met.",
  ],
  [undefined, 'BUSINESS_EVENT_TRIGGERED', { business_event: 'price_drop' }, "Sent when the business event 'price_drop' happens."],
  [undefined, 'BUSINESS_EVENT_TRIGGERED', {}, 'No business event: set basic_details.business_event.'],
  [undefined, 'ONE_TIME', undefined, 'None: one-time campaigns are sent at their scheduled time.'],
  [undefined, 'PERIODIC', undefined, 'None: periodic campaigns are sent at each scheduled run.'],
  [undefined, 'BROADCAST_LIVE_ACTIVITY', undefined, 'None: the campaign is sent on its schedule.'],
  [undefined, 'SOMETIMES', undefined, "An unrecognised campaign_delivery_type 'SOMETIMES': the trigger cannot be described."],
  [
    { trigger_delay_type: 'ASAP' },
    'LOCATION_TRIGGERED',
    {
      geofences: [
        {
          name: 'Store',
          latitude: '52.52',
          longitude: '13.40',
          radius: '200',
          triggered_at: 'ENTRY',
          response_time_value: '5',
          response_time_granularity: 'MINUTES',
        },
        {
          name: 'Station',
          latitude: '52.53',
          longitude: '13.37',
          radius: '100',
          triggered_at: 'dwell',
          dwell_time_value: '10',
          dwell_time_granularity: 'MINUTES',
          response_time_value: '0',
          response_time_granularity: 'MINUTES',
        },
      ],
    },
    'When a user enters Store (200 m around 52.52, 13.40); sent 5 minute(s) later, or stays in Station (100 m around 52.53, 13.37) for 10 minute(s); sent 0 minute(s) later. No trigger condition: add included_filters. Sent as soon as the condition is met.',
  ],
  [
    undefined,
    'LOCATION_TRIGGERED',
    {
      geofences: {
        name: 'Store',
        latitude: '1',
        longitude: '2',
        radius: '50',
        triggered_at: 'EXIT',
        response_time_value: '1',
        response_time_granularity: 'HOURS',
      },
    },
    'When a user exits Store (50 m around 1, 2); sent 1 hour(s) later.',
  ],
  [
    undefined,
    'LOCATION_TRIGGERED',
    { geofences: { name: 'Store', triggered_at: 'near' } },
    "When a user is at Store (no value m around no value, no value) (an unrecognised triggered_at 'near'); sent no value (an unrecognised unit no value) later.",
  ],
  [undefined, 'LOCATION_TRIGGERED', {}, 'No geofences: add basic_details.geofences.'],
];

test('the trigger in words, per delivery type', () => {
  for (const [trigger, deliveryType, basicDetails, expected] of TRIGGER_TABLE) {
    assert.equal(triggerInWords(trigger, deliveryType, basicDetails).text, expected, String(deliveryType));
  }
});

test("the trigger's parts carry labels and the filter structure", () => {
  const { parts } = triggerInWords(TRIGGER, 'EVENT_TRIGGERED');
  assert.deepEqual(
    parts.map(p => p.label),
    ['Trigger', 'Also required', 'Delay'],
  );
  assert.equal(parts[0].items?.[0].items?.[0].items?.[0].text, 'cart_value is greater than 20');
});

const SEED = Number(process.env.WORDS_SEED ?? 20261127);
const RUNS = 500;

test(`any JSON at all gives words, never a throw, and plain JSON back (seed ${SEED}, ${RUNS} runs)`, () => {
  const types = fc.constantFrom(
    'ONE_TIME',
    'PERIODIC',
    'EVENT_TRIGGERED',
    'BUSINESS_EVENT_TRIGGERED',
    'DEVICE_TRIGGERED',
    'LOCATION_TRIGGERED',
    undefined,
    42,
  );
  fc.assert(
    fc.property(fc.jsonValue(), fc.jsonValue(), types, (a, b, type) => {
      for (const result of [audienceInWords(a), triggerInWords(a, type, b), groupWords(a)]) {
        assert.deepEqual(JSON.parse(JSON.stringify(result)), result);
      }
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test('a campaign file says "none" for the trigger of a one-time or periodic campaign, never leaves it unset', () => {
  const said = (doc: Record<string, unknown>) => campaignTriggerInWords(doc)?.parts.map(p => p.text);
  assert.deepEqual(said({ campaign_delivery_type: 'ONE_TIME' }), ['None: one-time campaigns are sent at their scheduled time.']);
  assert.deepEqual(said({ campaign_delivery_type: 'PERIODIC' }), ['None: periodic campaigns are sent at each scheduled run.']);
  assert.equal(said({ campaign_delivery_type: 'EVENT_TRIGGERED' }), undefined, 'a triggered campaign whose file leaves its trigger out');
  assert.deepEqual(said({ campaign_delivery_type: 'BUSINESS_EVENT_TRIGGERED', basic_details: { business_event: 'sale' } }), [
    "Sent when the business event 'sale' happens.",
  ]);
});
