import { test } from 'node:test';
import assert from 'node:assert/strict';
import { applyCompletion, completions, head, labels, Opts, schemaKeys } from './editingHelpers';
import { BUILT_IN_WORDS } from '../helpers/builtinWords';
import { PLAIN_CLIENT } from '../../src/language/completion';
import { bodyText, expandSnippet, SKELETON_SNIPPETS } from '../../src/language/snippets';
import type { CompletionItem, MarkupContent } from 'vscode-languageserver-types';

/**
 * Completions at cursor positions (`|`) across every component: the names allowed for the
 * channel and delivery type (required first, present ones left out), values narrowed by context,
 * component snippets, and edits inside strings.
 */

interface Case extends Opts {
  name: string;
  doc: string;
  /** Labels that must be offered. */
  includes?: string[];
  /** Labels that must not be offered. */
  excludes?: string[];
  /** The enum/property labels offered, exactly (snippets and `{}`/`[]` aside). */
  exactly?: string[];
  /** Labels that must rank before every other property label. */
  first?: string[];
}

const PUSH1 = head('PUSH', 'ONE_TIME');
const PUSHP = head('PUSH', 'PERIODIC');
const PUSHE = head('PUSH', 'EVENT_TRIGGERED');
const PUSHL = head('PUSH', 'LOCATION_TRIGGERED');
const PUSHD = head('PUSH', 'DEVICE_TRIGGERED');
const EMAIL1 = head('EMAIL', 'ONE_TIME');
const EMAILE = head('EMAIL', 'EVENT_TRIGGERED');
const EMAILP = head('EMAIL', 'PERIODIC');
const PUSHB = head('PUSH', 'BUSINESS_EVENT_TRIGGERED');

const ua = (extra: string) => `{ "filter_type": "user_attributes", ${extra} }`;
const group = (filter: string) => `"included_filters": { "filter_operator": "and", "filters": [ ${filter} ] }`;

const CASES: Case[] = [
  // Top level
  {
    name: 'root of a one-time Push campaign: components, no trigger, no read-only fields',
    doc: `${PUSH1}  |\n}`,
    includes: [
      'basic_details',
      'campaign_content',
      'segmentation_details',
      'scheduling_details',
      'delivery_controls',
      'advanced',
      'created_by',
    ],
    excludes: [
      'channel',
      'campaign_delivery_type',
      'trigger_condition',
      'id',
      'status',
      'version_number',
      'updated_at',
      'connector',
      'sender_name',
    ],
  },
  {
    name: 'root of an Email campaign: a connector, no `advanced`',
    doc: `${EMAIL1}  |\n}`,
    includes: ['connector', 'basic_details', 'delivery_controls'],
    excludes: ['advanced', 'trigger_condition'],
  },
  {
    name: 'root of an event-triggered campaign offers `trigger_condition` first (required once it has components)',
    doc: `${PUSHE}  "basic_details": { "name": "Cart" },\n  |\n}`,
    includes: ['trigger_condition'],
    first: ['trigger_condition'],
  },
  {
    name: 'root without a delivery type: `campaign_delivery_type` first',
    doc: '{\n  "channel": "PUSH",\n  |\n}',
    first: ['campaign_delivery_type'],
  },
  {
    name: 'root of a workspace without the audience limit: no `campaign_audience_limit`',
    doc: `${PUSH1}  |\n}`,
    settings: { features: { audienceLimit: false } },
    excludes: ['campaign_audience_limit'],
  },
  { name: '`channel` values', doc: '{ "channel": "|" }', exactly: ['PUSH', 'EMAIL', 'SMS'] },
  {
    name: '`campaign_delivery_type` values inside a half-typed string',
    doc: '{ "channel": "PUSH", "campaign_delivery_type": "EV|" }',
    includes: ['EVENT_TRIGGERED', 'ONE_TIME', 'LOCATION_TRIGGERED'],
  },
  {
    name: 'component snippets at the root of a periodic campaign: the periodic schedules only',
    doc: `${PUSHP}  |\n}`,
    includes: ['scheduling_details: periodic (weekly)', 'scheduling_details: periodic (monthly)'],
    excludes: ['scheduling_details: as soon as possible', 'scheduling_details: location-triggered'],
  },
  {
    name: 'component snippets at the root of a one-time campaign: no periodic schedule',
    doc: `${PUSH1}  |\n}`,
    includes: ['scheduling_details: as soon as possible', 'scheduling_details: at a fixed time', 'scheduling_details: best time to send'],
    excludes: ['scheduling_details: periodic (weekly)'],
  },

  // basic_details
  {
    name: 'Push `basic_details` of a one-time campaign',
    doc: `${PUSH1}  "basic_details": { | }\n}`,
    includes: ['name', 'platforms', 'tags', 'team'],
    excludes: [
      'geofences',
      'business_event',
      'content_type',
      'subscription_category',
      'broadcast_live_activity_id',
      'send_to_triggered_platform_only',
    ],
  },
  {
    name: 'Push `basic_details` of a location-triggered campaign: `geofences` first',
    doc: `${PUSHL}  "basic_details": { | }\n}`,
    includes: ['geofences'],
    first: ['geofences'],
  },
  {
    name: 'Push `basic_details` of a business-event campaign: `business_event` first',
    doc: `${PUSHB}  "basic_details": { | }\n}`,
    first: ['business_event'],
  },
  {
    name: 'Push `basic_details` of an event-triggered campaign: `send_to_triggered_platform_only`',
    doc: `${PUSHE}  "basic_details": { | }\n}`,
    includes: ['send_to_triggered_platform_only'],
  },
  {
    name: 'Email `basic_details`',
    doc: `${EMAIL1}  "basic_details": { | }\n}`,
    includes: ['name', 'content_type', 'subscription_category', 'user_attribute_identifier'],
    excludes: ['platforms', 'geofences'],
  },
  {
    name: '`platforms` items, those present left out',
    doc: `${PUSH1}  "basic_details": { "platforms": ["ANDROID", |] }\n}`,
    exactly: ['IOS', 'WEB'],
  },
  {
    name: '`content_type` values',
    doc: `${EMAIL1}  "basic_details": { "content_type": "|" }\n}`,
    exactly: ['PROMOTIONAL', 'TRANSACTIONAL'],
  },
  {
    name: '`subscription_category` from the workspace settings',
    doc: `${EMAIL1}  "basic_details": { "content_type": "PROMOTIONAL", "subscription_category": "|" }\n}`,
    settings: { subscriptionCategories: ['newsletters', 'offers'] },
    exactly: ['newsletters', 'offers'],
  },
  {
    name: "a geofence's properties",
    doc: `${PUSHL}  "basic_details": { "geofences": [ { | } ] }\n}`,
    includes: ['name', 'latitude', 'longitude', 'radius', 'triggered_at', 'response_time_value', 'response_time_granularity'],
    first: ['name', 'latitude', 'longitude', 'radius', 'triggered_at', 'response_time_value', 'response_time_granularity'],
  },
  {
    name: '`triggered_at` values keep their case',
    doc: `${PUSHL}  "basic_details": { "geofences": [ { "triggered_at": "|" } ] }\n}`,
    exactly: ['ENTRY', 'EXIT', 'dwell'],
  },
  {
    name: 'a new geofence in the array: the geofence snippets',
    doc: `${PUSHL}  "basic_details": { "geofences": [ | ] }\n}`,
    includes: ['Geofence (entry or exit)', 'Geofence (dwell)'],
  },
  {
    name: "granularity of a geofence's response time",
    doc: `${PUSHL}  "basic_details": { "geofences": [ { "response_time_granularity": "|" } ] }\n}`,
    exactly: ['MINUTES', 'HOURS', 'DAYS'],
  },

  // campaign_content
  { name: '`campaign_content` properties', doc: `${PUSH1}  "campaign_content": { | }\n}`, includes: ['content', 'locales'] },
  {
    name: 'locale keys in keyed content: `default` and the listed locales',
    doc: `${PUSH1}  "campaign_content": { "locales": ["German", "French"], "content": { "German": {}, | } }\n}`,
    includes: ['default', 'French'],
    excludes: ['German'],
  },

  // trigger_condition
  {
    name: 'Push `trigger_condition` properties',
    doc: `${PUSHE}  "trigger_condition": { | }\n}`,
    includes: [
      'included_filters',
      'secondary_included_filters',
      'trigger_delay_type',
      'trigger_delay_value',
      'trigger_delay_granularity',
      'trigger_relation',
      'intelligent_delay_optimization',
    ],
  },
  {
    name: 'Email `trigger_condition`: no intelligent delay',
    doc: `${EMAILE}  "trigger_condition": { | }\n}`,
    includes: ['trigger_delay_type'],
    excludes: ['intelligent_delay_optimization'],
  },
  {
    name: '`trigger_delay_type` for Push',
    doc: `${PUSHE}  "trigger_condition": { "trigger_delay_type": "|" }\n}`,
    exactly: ['DELAY', 'ASAP', 'INTELLIGENT_DELAY'],
  },
  {
    name: '`trigger_delay_type` for Email: no `INTELLIGENT_DELAY`',
    doc: `${EMAILE}  "trigger_condition": { "trigger_delay_type": "|" }\n}`,
    exactly: ['DELAY', 'ASAP'],
  },
  {
    name: '`DELAY` puts its companions first',
    doc: `${PUSHE}  "trigger_condition": { "trigger_delay_type": "DELAY", | }\n}`,
    first: ['trigger_delay_value', 'trigger_delay_granularity', 'trigger_relation'],
  },
  { name: '`trigger_relation` values', doc: `${PUSHE}  "trigger_condition": { "trigger_relation": "|" }\n}`, exactly: ['BEFORE', 'AFTER'] },
  {
    name: '`min_delay_granularity` of the intelligent delay',
    doc: `${PUSHE}  "trigger_condition": { "trigger_delay_type": "INTELLIGENT_DELAY", "intelligent_delay_optimization": { "min_delay_granularity": "|" } }\n}`,
    exactly: ['MINUTES', 'HOURS'],
  },
  {
    name: 'trigger snippets at the root of an event-triggered campaign',
    doc: `${PUSHE}  |\n}`,
    includes: [
      'trigger_condition: on an event, at once',
      'trigger_condition: on an event, after a delay',
      'trigger_condition: intelligent delay (Push)',
    ],
  },

  // Filters
  {
    name: "a filter group's properties",
    doc: `${PUSH1}  "segmentation_details": { "included_filters": { | } }\n}`,
    includes: ['filter_operator', 'filters'],
  },
  {
    name: '`filter_operator` is lower case',
    doc: `${PUSH1}  "segmentation_details": { "included_filters": { "filter_operator": "|" } }\n}`,
    exactly: ['and', 'or'],
  },
  {
    name: 'a new filter: a snippet of each filter type',
    doc: `${PUSH1}  "segmentation_details": { "included_filters": { "filter_operator": "and", "filters": [ | ] } }\n}`,
    includes: ['Filter: user attribute (string)', 'Filter: user attribute exists', 'Filter: action (event)', 'Filter: custom segment'],
  },
  {
    name: '`filter_type` values',
    doc: `${PUSH1}  "segmentation_details": { "included_filters": { "filter_operator": "and", "filters": [ { "filter_type": "|" } ] } }\n}`,
    exactly: ['user_attributes', 'actions', 'custom_segments'],
  },
  {
    name: 'changing a chosen `filter_type`: every type still offered',
    doc: `${PUSH1}  "segmentation_details": { "included_filters": { "filter_operator": "and", "filters": [ { "filter_type": "act|ions", "action_name": "x" } ] } }\n}`,
    exactly: ['user_attributes', 'actions', 'custom_segments'],
  },
  {
    name: "a user-attribute filter's properties, not an action's",
    doc: `${PUSH1}  "segmentation_details": { "included_filters": { "filter_operator": "and", "filters": [ ${ua('|')} ] } }\n}`,
    includes: ['data_type', 'category', 'name', 'operator', 'value', 'case_sensitive', 'negate'],
    excludes: ['action_name', 'execution', 'executed'],
  },
  {
    name: "an action filter's properties, not a user attribute's",
    doc: `${PUSHE}  "trigger_condition": { ${group('{ "filter_type": "actions", | }')} }\n}`,
    includes: ['action_name', 'execution', 'executed', 'attributes'],
    excludes: ['data_type', 'operator'],
  },
  {
    name: 'operators of a `bool` attribute',
    doc: `${PUSH1}  "segmentation_details": { "included_filters": { "filter_operator": "and", "filters": [ ${ua('"data_type": "bool", "operator": "|"')} ] } }\n}`,
    exactly: ['is', 'exists'],
  },
  {
    name: 'operators of a `datetime` attribute',
    doc: `${PUSH1}  "segmentation_details": { ${group(ua('"data_type": "datetime", "operator": "|"'))} }\n}`,
    exactly: ['inTheLast', 'on', 'between', 'before', 'after', 'inTheNext', 'exists', 'today'],
  },
  {
    name: 'operators of a `double` attribute',
    doc: `${PUSH1}  "segmentation_details": { ${group(ua('"data_type": "double", "operator": "|"'))} }\n}`,
    exactly: ['in', 'between', 'lessThan', 'greaterThan', 'exists'],
  },
  {
    name: 'user-attribute `data_type` values',
    doc: `${PUSH1}  "segmentation_details": { ${group(ua('"data_type": "|"'))} }\n}`,
    exactly: ['string', 'double', 'datetime', 'bool'],
  },
  {
    name: '`execution.type` of an action filter',
    doc: `${PUSHE}  "trigger_condition": { ${group('{ "filter_type": "actions", "execution": { "type": "|" } }')} }\n}`,
    exactly: ['atleast', 'atmost', 'exactly'],
  },

  // segmentation_details
  {
    name: '`segmentation_details` properties',
    doc: `${PUSH1}  "segmentation_details": { | }\n}`,
    includes: ['included_filters', 'excluded_filters', 'is_all_user_campaign', 'send_campaign_to_opt_out_users'],
  },

  // scheduling_details
  {
    name: 'periodic schedule: `periodic_details` first',
    doc: `${PUSHP}  "scheduling_details": { "delivery_type": "AT_FIXED_TIME", "start_time": "2030-01-15T09:00:00", "timezone": "UTC", | }\n}`,
    first: ['periodic_details'],
    excludes: ['schedule_time', 'time_zone', 'frequency', 'geo_fence_timelimit'],
  },
  {
    name: 'one-time schedule: no periodic or geofence fields',
    doc: `${PUSH1}  "scheduling_details": { | }\n}`,
    includes: ['delivery_type', 'start_time', 'timezone', 'bts_details', 'user_timezone_details'],
    excludes: ['periodic_details', 'geo_fence_timelimit', 'schedule_time'],
  },
  {
    name: '`AT_FIXED_TIME` puts `start_time` and `timezone` first',
    doc: `${PUSH1}  "scheduling_details": { "delivery_type": "AT_FIXED_TIME", | }\n}`,
    first: ['start_time', 'timezone'],
  },
  { name: 'location schedule: `geo_fence_timelimit`', doc: `${PUSHL}  "scheduling_details": { | }\n}`, includes: ['geo_fence_timelimit'] },
  {
    name: '`delivery_type` values: the request forms only',
    doc: `${PUSH1}  "scheduling_details": { "delivery_type": "|" }\n}`,
    exactly: ['ASAP', 'AT_FIXED_TIME', 'SEND_IN_BTS', 'SEND_IN_USER_TIMEZONE'],
  },
  {
    name: '`timezone`: IANA zones',
    doc: `${PUSH1}  "scheduling_details": { "delivery_type": "AT_FIXED_TIME", "timezone": "Eur|" }\n}`,
    includes: ['Europe/Berlin', 'Asia/Kolkata', 'America/New_York', 'UTC'],
    excludes: ['Asia/Calcutta'],
  },
  {
    name: '`sending_frequency` values',
    doc: `${PUSHP}  "scheduling_details": { "periodic_details": { "sending_frequency": "|" } }\n}`,
    exactly: ['DAILY', 'WEEKLY', 'MONTHLY'],
  },
  {
    name: 'day names, those chosen left out',
    doc: `${PUSHP}  "scheduling_details": { "periodic_details": { "repeat_on_days_of_week": ["MONDAY", "|"] } }\n}`,
    exactly: ['TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'],
  },
  {
    name: '`week_granularity` values',
    doc: `${PUSHP}  "scheduling_details": { "periodic_details": { "repeat_on_days_of_week_for_month": [ { "week_granularity": "|" } ] } }\n}`,
    exactly: ['FIRST', 'SECOND', 'THIRD', 'FOURTH', 'LAST'],
  },
  {
    name: '`notification_schedule` values',
    doc: `${PUSHL}  "scheduling_details": { "geo_fence_timelimit": { "notification_schedule": "|" } }\n}`,
    exactly: ['ALWAYS', 'LIMITED_TIME'],
  },

  // delivery_controls
  {
    name: 'Push delivery controls of an event-triggered campaign: `bypass_dnd` first, no throttle',
    doc: `${PUSHE}  "delivery_controls": { | }\n}`,
    first: ['bypass_dnd'],
    includes: ['ignore_global_minimum_delay', 'minimum_delay_between_two_notification_in_hour'],
    excludes: ['campaign_throttle_rpm', 'send_limit_value', 'max_time_to_show_message_of_same_camapign'],
  },
  {
    name: 'Push delivery controls of a device-triggered campaign',
    doc: `${PUSHD}  "delivery_controls": { | }\n}`,
    includes: ['max_time_to_show_message_of_same_camapign', 'expiry_time_of_sync_data_in_hour', 'send_message_in_offline_mode'],
    excludes: ['max_time_to_show_message_of_same_campaign', 'queuing_enabled', 'queue_duration'],
  },
  {
    name: 'Push delivery controls of a location-triggered campaign',
    doc: `${PUSHL}  "delivery_controls": { | }\n}`,
    includes: ['send_limit_value', 'send_limit_granularity_in_hours'],
    excludes: ['campaign_throttle_rpm', 'queuing_enabled'],
  },
  {
    name: 'Email delivery controls: the five Email fields',
    doc: `${EMAIL1}  "delivery_controls": { | }\n}`,
    exactly: [
      'bypass_dnd',
      'campaign_throttle_rpm',
      'count_for_frequency_capping',
      'ignore_frequency_capping',
      'minimum_delay_between_two_notification_in_hour',
    ],
  },
  {
    name: 'queuing fields hidden when the workspace has no queuing',
    doc: `${PUSH1}  "delivery_controls": { | }\n}`,
    settings: { features: { queuing: false } },
    excludes: ['queuing_enabled', 'queue_duration'],
    includes: ['campaign_throttle_rpm'],
  },
  {
    name: 'queuing fields offered when the workspace has queuing',
    doc: `${PUSH1}  "delivery_controls": { | }\n}`,
    settings: { features: { queuing: true } },
    includes: ['queuing_enabled', 'queue_duration'],
  },

  // advanced
  { name: '`advanced` properties', doc: `${PUSH1}  "advanced": { | }\n}`, includes: ['expiration_settings', 'platform_level_priority'] },
  {
    name: '`expire_notification_after_type` values',
    doc: `${PUSH1}  "advanced": { "expiration_settings": { "expire_notification_after_type": "|" } }\n}`,
    exactly: ['HOUR', 'DAY'],
  },
  {
    name: '`remove_from_inbox_after_type`: `DAY` only',
    doc: `${PUSH1}  "advanced": { "expiration_settings": { "remove_from_inbox_after_type": "|" } }\n}`,
    exactly: ['DAY'],
  },
  {
    name: '`apns_priority` values are strings',
    doc: `${PUSH1}  "advanced": { "platform_level_priority": { "ios_specific_priority": { "apns_priority": | } } }\n}`,
    exactly: ['1', '5', '10'],
  },
  {
    name: '`interruption_level`: the request form first, the upper-case form too',
    doc: `${PUSH1}  "advanced": { "platform_level_priority": { "ios_specific_priority": { "interruption_level": "|" } } }\n}`,
    first: ['Passive', 'Active', 'Time sensitive', 'Critical'],
    includes: ['TIME_SENSITIVE'],
  },

  // Goals, control groups, UTM, audience limit
  {
    name: "a goal's properties",
    doc: `${PUSH1}  "conversion_goal_details": { "goals": [ { | } ] }\n}`,
    includes: ['goal_name', 'goal_event_name', 'goal_event_attribute', 'is_primary_goal', 'revenue_attribute', 'revenue_currency'],
  },
  {
    name: 'goal attribute `data_type` is upper case',
    doc: `${PUSH1}  "conversion_goal_details": { "goals": [ { "goal_event_attribute": { "data_type": "|" } } ] }\n}`,
    includes: ['STRING', 'DOUBLE', 'BOOL', 'NUMBER', 'GEOPOINT', 'DATETIME', 'ARRAY_DOUBLE', 'ARRAY_STRING', 'OBJECT', 'ARRAY_OBJECT'],
    excludes: ['string'],
  },
  {
    name: '`control_group_details` properties',
    doc: `${PUSH1}  "control_group_details": { | }\n}`,
    includes: ['is_campaign_control_group_enabled', 'campaign_control_group_percentage', 'is_global_control_group_enabled'],
  },
  {
    name: '`utm_params`: source and medium first',
    doc: `${EMAIL1}  "utm_params": { | }\n}`,
    first: ['utm_source', 'utm_medium'],
    includes: ['utm_campaign', 'utm_term', 'utm_content'],
  },
  {
    name: 'audience limit of a one-time campaign: no `metric` / `frequency`',
    doc: `${PUSH1}  "campaign_audience_limit": { | }\n}`,
    includes: ['is_campaign_audience_limit_enabled', 'limit'],
    excludes: ['metric', 'frequency', 'metrics'],
  },
  {
    name: 'audience limit `frequency` of a periodic Push campaign: `INSTANCE` too',
    doc: `${PUSHP}  "campaign_audience_limit": { "frequency": "|" }\n}`,
    exactly: ['TOTAL', 'INSTANCE'],
  },
  {
    name: 'audience limit `frequency` of a periodic Email campaign: `TOTAL` only',
    doc: `${EMAILP}  "campaign_audience_limit": { "frequency": "|" }\n}`,
    exactly: ['TOTAL'],
  },
  { name: 'audience limit `metric`', doc: `${PUSHP}  "campaign_audience_limit": { "metric": "|" }\n}`, exactly: ['SENT'] },

  // Search requests and workspace settings
  {
    name: "search: `campaign_fields` keys, not V1's `id` / `delivery_type`",
    kind: 'search',
    doc: '{ "campaign_fields": { | } }',
    includes: ['channels', 'created_by', 'created_date', 'name', 'status', 'tags', 'ids', 'campaign_delivery_type'],
    excludes: ['id', 'delivery_type'],
  },
  {
    name: 'search: `status` values include `DRAFT`',
    kind: 'search',
    doc: '{ "campaign_fields": { "status": ["|"] } }',
    includes: ['DRAFT', 'ACTIVE'],
  },
  { name: 'search: top-level keys', kind: 'search', doc: '{ | }', includes: ['campaign_fields', 'limit', 'page', 'request_id'] },
  {
    name: '.campaignrc.json: feature flags',
    kind: 'campaignrc',
    doc: '{ "features": { | } }',
    exactly: ['audienceLimit', 'queuing', 'portfolio', 'versioning'],
  },
  { name: '.campaignrc.json: top level', kind: 'campaignrc', doc: '{ | }', exactly: ['features', 'subscriptionCategories'] },
];

const SNIPPET_KIND = 15;

for (const c of CASES) {
  test(`completion: ${c.name}`, () => {
    const items = completions(c.doc, c);
    const all = labels(items);
    const plain = labels(items.filter(i => i.kind !== SNIPPET_KIND && i.label !== '{}' && i.label !== '[]'));
    for (const l of c.includes ?? []) assert.ok(all.includes(l), `expected ${JSON.stringify(l)} among ${JSON.stringify(all)}`);
    for (const l of c.excludes ?? []) assert.ok(!all.includes(l), `did not expect ${JSON.stringify(l)} among ${JSON.stringify(all)}`);
    if (c.exactly) assert.deepEqual([...plain].sort(), [...c.exactly].sort());
    if (c.first) {
      const head = plain.slice(0, c.first.length);
      assert.deepEqual([...head].sort(), [...c.first].sort(), `expected ${JSON.stringify(c.first)} first, got ${JSON.stringify(plain)}`);
    }
  });
}

test('inside every object component the schema defines, completion offers properties, each one the schema defines there', () => {
  let components = 0;
  for (const [channel, type] of [
    ['PUSH', 'ONE_TIME'],
    ['PUSH', 'EVENT_TRIGGERED'],
    ['EMAIL', 'PERIODIC'],
  ]) {
    const h = head(channel, type);
    const keys = schemaKeys(`${h}  "x": 1\n}`);
    for (const [k] of keys.filter(x => x.length === 1)) {
      const defined = keys.filter(x => x.length === 2 && x[0] === k).map(x => x[1]);
      if (defined.length === 0) continue;
      const offered = completions(`${h}  "${k}": { | }\n}`)
        .filter(i => i.kind !== SNIPPET_KIND && i.label !== '{}' && i.label !== '[]')
        .map(i => i.label);
      assert.ok(offered.length > 0, `${channel} ${type}: nothing offered inside ${k}`);
      assert.deepEqual(
        offered.filter(l => !defined.includes(l)),
        [],
        `${channel} ${type}: offered inside ${k} but not defined there`,
      );
      components++;
    }
  }
  assert.ok(components >= 25, `${components} components`);
});

test('completion inside a string replaces the whole string', () => {
  const doc = `${PUSH1}  "scheduling_details": { "delivery_type": "AT_F|IX" }\n}`;
  const item = completions(doc).find(i => i.label === 'AT_FIXED_TIME')!;
  assert.ok(item, 'AT_FIXED_TIME offered');
  assert.match(applyCompletion(doc, item), /"delivery_type": "AT_FIXED_TIME" \}/);
  assert.equal(item.filterText, '"AT_FIXED_TIME"');
});

test('completing a half-typed key that has its colon inserts the key only', () => {
  const doc = `${PUSH1}  "scheduling_details": { "deliv|": "ASAP" }\n}`;
  const item = completions(doc).find(i => i.label === 'delivery_type')!;
  assert.match(applyCompletion(doc, item), /\{ "delivery_type": "ASAP" \}/);
});

test('completing a key adds a value placeholder and a comma when a property follows', () => {
  const doc = `${PUSH1}  "scheduling_details": { | "delivery_type": "ASAP" }\n}`;
  const item = completions(doc).find(i => i.label === 'timezone')!;
  assert.equal((item.textEdit as { newText: string }).newText, '"timezone": "$1",');
  const bool = completions(`${PUSH1}  "segmentation_details": { | }\n}`).find(i => i.label === 'is_all_user_campaign')!;
  assert.equal((bool.textEdit as { newText: string }).newText, '"is_all_user_campaign": ${1|true,false|}');
});

test('a component snippet inserts key and value; at a value it inserts the value only', () => {
  const doc = `${PUSHP}  |\n}`;
  const item = completions(doc).find(i => i.label === 'scheduling_details: periodic (weekly)')!;
  const text = (item.textEdit as { newText: string }).newText;
  assert.match(text, /^"scheduling_details": \{\n\t"delivery_type": "AT_FIXED_TIME"/);
  assert.equal(item.insertTextFormat, 2);
  const asValue = completions(`${PUSHP}  "scheduling_details": |\n}`).find(i => i.label === 'scheduling_details: periodic (weekly)')!;
  assert.match((asValue.textEdit as { newText: string }).newText, /^\{\n\t"delivery_type"/);
});

test('skeletons in an empty file, for every editor, each once', () => {
  for (const empty of ['|', '  |\n', '{|}']) {
    const skeletons = completions(empty).filter(i => i.detail === 'campaign skeleton');
    assert.equal(skeletons.length, 10, JSON.stringify(empty));
    assert.equal(new Set(skeletons.map(i => i.label)).size, 10);
    assert.ok(skeletons.every(i => i.kind === SNIPPET_KIND));
    assert.ok(skeletons.some(i => i.filterText === 'campaign-push-periodic'));
  }
  assert.ok(labels(completions('{|}')).includes('channel'), 'an empty object still gets its property names');
  assert.ok(!completions('{ "channel": "PUSH", | }').some(i => i.detail === 'campaign skeleton'), 'not in a file with content');
});

test('no completions inside a comment', () => {
  assert.deepEqual(completions('{\n  // a comm|ent\n  "channel": "PUSH"\n}'), []);
});

test('completion on a broken document still answers', () => {
  const items = completions(`${PUSH1}  "scheduling_details": { "delivery_type": "ASAP", |\n`);
  assert.ok(labels(items).includes('start_time'));
});

// ---------------------------------------------------------------------------------------------
// What the editor takes, keys already there, and where snippets go

const newText = (i: CompletionItem): string => (i.textEdit as { newText: string }).newText;

test('without snippet support: plain text with a plain value, no `$1` markers, plain documentation', () => {
  const doc = `${PUSH1}  "scheduling_details": { | "delivery_type": "AT_FIXED_TIME" }\n}`;
  const items = completions(doc, { client: PLAIN_CLIENT });
  const timezone = items.find(i => i.label === 'timezone')!;
  assert.equal(timezone.insertTextFormat, 1);
  assert.equal(newText(timezone), '"timezone": "",');
  for (const i of items) assert.doesNotMatch(newText(i), /\$\d|\$\{/, `${i.label} inserts snippet syntax: ${newText(i)}`);
  assert.equal(typeof timezone.documentation, 'string');
  assert.doesNotMatch(timezone.documentation as string, /`/);
  assert.equal(timezone.labelDetails, undefined);
});

test('without snippet support a component snippet is plain JSON, indented like the file', () => {
  const doc = `${PUSH1}  |\n}`;
  const item = completions(doc, { client: PLAIN_CLIENT }).find(i => i.label === 'scheduling_details: at a fixed time')!;
  assert.equal(item.insertTextFormat, 1);
  const after = applyCompletion(doc, item);
  assert.match(after, /\n  "scheduling_details": \{\n    "delivery_type": "AT_FIXED_TIME",/);
  assert.doesNotThrow(() => JSON.parse(after));
});

test('with snippet support, markdown and label details: snippets, markdown, whether a key is required beside it', () => {
  const doc = `${PUSH1}  "scheduling_details": { | "delivery_type": "AT_FIXED_TIME" }\n}`;
  const timezone = completions(doc).find(i => i.label === 'timezone')!;
  assert.equal(timezone.insertTextFormat, 2);
  assert.equal(newText(timezone), '"timezone": "$1",');
  assert.equal((timezone.documentation as MarkupContent).kind, 'markdown');
  assert.match(timezone.labelDetails?.description ?? '', /^required/);
});

test('no key already in the object, also when a new key is typed above one before its comma', () => {
  for (const doc of [
    '{\n  "channel": "PUSH",\n  "|"\n  "campaign_delivery_type": "ONE_TIME"\n}',
    '{\n  "channel": "PUSH",\n  "camp|"\n  "campaign_delivery_type": "ONE_TIME"\n}',
    '{\n  "|"\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME"\n}',
  ]) {
    const all = labels(completions(doc));
    for (const present of ['channel', 'campaign_delivery_type'])
      assert.ok(!all.includes(present), `${present} offered again in ${JSON.stringify(doc)}: ${JSON.stringify(all.slice(0, 8))}`);
    assert.ok(all.includes('basic_details'));
  }
});

test("no snippets inside a string, so none in a skeleton's placeholders", () => {
  const skeleton = expandSnippet(bodyText(SKELETON_SNIPPETS[0]));
  for (const placeholder of ['jane@example.com', 'Spring sale', 'Europe/Berlin']) {
    const at = skeleton.indexOf(placeholder);
    const doc = skeleton.slice(0, at) + '|' + skeleton.slice(at);
    const snippets = completions(doc).filter(i => i.kind === SNIPPET_KIND || i.insertTextFormat === 2);
    assert.deepEqual(
      snippets.map(i => i.label),
      [],
      `inside "${placeholder}"`,
    );
  }
  assert.deepEqual(
    completions(`${PUSH1}  "scheduling_details": "|"\n}`)
      .filter(i => i.kind === SNIPPET_KIND)
      .map(i => i.label),
    [],
  );
});

test("each snippet once where its value goes: the component's, not the schema's copy too", () => {
  const items = completions(`${PUSH1}  "scheduling_details": |\n}`).filter(i => i.kind === SNIPPET_KIND);
  assert.ok(items.some(i => i.label === 'scheduling_details: at a fixed time'));
  const bodies = items.map(i => JSON.stringify(JSON.parse(expandSnippet(newText(i)))));
  assert.equal(new Set(bodies).size, bodies.length, `a snippet listed twice: ${JSON.stringify(items.map(i => i.label))}`);
  assert.ok(!items.some(i => i.label === 'At a fixed time'), "the schema's copy of a component snippet");
});

/** A trigger delay with `channel` set to `word`, and a user-attribute filter whose `data_type` is `word`, the cursor in the value of `at`. */
function builtInContext(word: string, at: 'trigger_delay_type' | 'operator'): string {
  const delay = at === 'trigger_delay_type' ? '"|"' : '"ASAP"';
  const operator = at === 'operator' ? '"|"' : '"is"';
  return `{\n  "channel": "${word}",\n  "campaign_delivery_type": "EVENT_TRIGGERED",\n  "trigger_condition": { "trigger_delay_type": ${delay} },\n  "segmentation_details": { "included_filters": { "filter_operator": "and", "filters": [ { "filter_type": "user_attributes", "data_type": "${word}", "operator": ${operator} } ] } }\n}`;
}

test('a channel or a data type that names a built-in property (constructor, __proto__, …) narrows nothing: the values any unknown word gets', () => {
  const values = (word: string, at: 'trigger_delay_type' | 'operator') =>
    completions(builtInContext(word, at)).map(i => `${i.label} ${JSON.stringify(i.documentation)}`.split(word).join('WORD'));
  for (const word of BUILT_IN_WORDS) {
    for (const at of ['trigger_delay_type', 'operator'] as const)
      assert.deepEqual(values(word, at), values('q'.repeat(word.length), at), `${at} with ${word}`);
  }
});
