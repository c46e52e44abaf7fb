import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/language/parse';
import { validate } from '../../src/language/validate';
import { toDiagnostics } from '../../src/language/diagnostics';
import {
  applyFix,
  applyTextEdits,
  codeActions,
  FIX_ALL_KIND,
  FixAllData,
  formattingFor,
  rebase,
  resolveFixAll,
} from '../../src/language/codeActions';
import { bodyText, expandSnippet, SKELETON_SNIPPETS } from '../../src/language/snippets';
import { CheckPurpose, DocumentKind, Finding, RemoteState, WorkspaceSettings } from '../../src/model/types';
import { RULE_GROUPS } from '../../src/rules/catalog';
import type { CodeAction, TextEdit } from 'vscode-languageserver-types';
import { BUILT_IN_WORDS } from '../helpers/builtinWords';

/**
 * One test per quick fix: the document breaks a rule, the fix is offered on its diagnostic,
 * applying it gives the expected text, and that diagnostic is gone afterwards.
 */

type Obj = Record<string, any>;
const URI = 'file:///w/a.campaign.json';

function skeleton(name: string): Obj {
  const s = SKELETON_SNIPPETS.find(x => x.name === name);
  if (!s) throw new Error(`no skeleton ${name}`);
  return JSON.parse(expandSnippet(bodyText(s)));
}

const PUSH_ONE_TIME = () => skeleton('Push campaign: one-time');
const PUSH_EVENT = () => skeleton('Push campaign: event-triggered');
const PUSH_PERIODIC = () => skeleton('Push campaign: periodic');
const PUSH_LOCATION = () => skeleton('Push campaign: location-triggered');
const EMAIL_PROMO = () => skeleton('Email campaign: promotional');

interface Case {
  name: string;
  rule: string;
  /** The finding's pointer, when the rule reports more than one. */
  path?: string;
  doc: Obj | string;
  kind?: DocumentKind;
  settings?: Partial<WorkspaceSettings>;
  /** The fix's title. */
  title: RegExp;
  /** What the edited text must contain (JSON text fragments, whitespace-insensitive). */
  expect: Array<string | RegExp>;
  /** Fragments the edited text must no longer contain. */
  gone?: Array<string | RegExp>;
  preferred?: boolean;
}

const CITY = {
  filter_type: 'user_attributes',
  data_type: 'string',
  category: 'Tracked Standard Attribute',
  name: 'city',
  operator: 'in',
  value: ['Berlin'],
  project_name: 'shop',
};

function with_(base: Obj, edit: (d: Obj) => void): Obj {
  edit(base);
  return base;
}

const CASES: Case[] = [
  // Case fixes
  {
    name: 'F1: `AND` → `and`',
    rule: 'F1',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.segmentation_details = {
        included_filters: { filter_operator: 'AND', filters: [{ filter_type: 'custom_segments', name: 'Loyal', id: 'abc' }] },
      };
    }),
    title: /`and`/,
    expect: ['"filter_operator": "and"'],
    preferred: true,
  },
  {
    name: 'G3: `DWELL` → `dwell`',
    rule: 'G3',
    doc: with_(PUSH_LOCATION(), d => {
      Object.assign(d.basic_details.geofences[0], { triggered_at: 'DWELL', dwell_time_value: '5', dwell_time_granularity: 'MINUTES' });
    }),
    title: /`dwell`/,
    expect: ['"triggered_at": "dwell"'],
    preferred: true,
  },
  {
    name: 'G3: `entry` → `ENTRY`',
    rule: 'G3',
    doc: with_(PUSH_LOCATION(), d => {
      d.basic_details.geofences[0].triggered_at = 'entry';
    }),
    title: /`ENTRY`/,
    expect: ['"triggered_at": "ENTRY"'],
    preferred: true,
  },
  {
    name: 'G0a: goal data type to upper case',
    rule: 'G0a',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.conversion_goal_details = {
        goals: [
          {
            goal_name: 'Buy',
            goal_event_name: 'Purchase',
            is_primary_goal: true,
            goal_event_attribute: { name: 'price', condition: 'is', data_type: 'double', value: '10' },
          },
        ],
      };
    }),
    title: /`DOUBLE`/,
    expect: ['"data_type": "DOUBLE"'],
    preferred: true,
  },

  // Renames
  {
    name: 'H7: `no_of_occurrences` → `no_of_occurences`',
    rule: 'H7',
    doc: with_(PUSH_PERIODIC(), d => {
      const p = d.scheduling_details.periodic_details;
      p.no_of_occurrences = p.no_of_occurences;
      delete p.no_of_occurences;
    }),
    title: /Rename to `no_of_occurences`/,
    expect: ['"no_of_occurences": 12'],
    gone: ['no_of_occurrences'],
    preferred: true,
  },
  {
    name: 'L3: `metrics` → `metric`',
    rule: 'L3',
    settings: { features: { audienceLimit: true } },
    doc: with_(PUSH_PERIODIC(), d => {
      d.campaign_audience_limit = { is_campaign_audience_limit_enabled: true, metrics: 'SENT', frequency: 'TOTAL', limit: 100 };
    }),
    title: /`metric`/,
    expect: ['"metric": "SENT"'],
    gone: ['"metrics"'],
    preferred: true,
  },
  {
    name: "Q4: `max_time_to_show_message_of_same_campaign` → the spec's `camapign`",
    rule: 'Q4',
    path: '/delivery_controls/max_time_to_show_message_of_same_campaign',
    doc: with_(PUSH_EVENT(), d => {
      d.campaign_delivery_type = 'DEVICE_TRIGGERED';
      delete d.basic_details.send_to_triggered_platform_only;
      d.delivery_controls = { bypass_dnd: false, max_time_to_show_message_of_same_campaign: '24' };
    }),
    title: /Rename to `max_time_to_show_message_of_same_camapign`/,
    expect: ['"max_time_to_show_message_of_same_camapign": "24"'],
    gone: ['same_campaign'],
    preferred: true,
  },
  {
    name: 'H5: `schedule_time` → `start_time`',
    rule: 'H5',
    path: '/scheduling_details/schedule_time',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.scheduling_details = { delivery_type: 'AT_FIXED_TIME', schedule_time: '2030-01-15T09:00:00', timezone: 'UTC' };
    }),
    title: /Rename to `start_time`/,
    expect: ['"start_time": "2030-01-15T09:00:00"'],
    gone: ['schedule_time'],
    preferred: true,
  },
  {
    name: 'H5: `time_zone` → `timezone`',
    rule: 'H5',
    path: '/scheduling_details/time_zone',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.scheduling_details = { delivery_type: 'AT_FIXED_TIME', start_time: '2030-01-15T09:00:00', time_zone: 'Europe/Berlin' };
    }),
    title: /Rename to `timezone`/,
    expect: ['"timezone": "Europe/Berlin"'],
    gone: ['time_zone'],
    preferred: true,
  },
  {
    name: 'H5: `frequency` moves to `periodic_details.sending_frequency`',
    rule: 'H5',
    path: '/scheduling_details/frequency',
    doc: with_(PUSH_PERIODIC(), d => {
      d.scheduling_details.frequency = 'WEEKLY';
      delete d.scheduling_details.periodic_details.sending_frequency;
    }),
    title: /Move to `periodic_details.sending_frequency`/,
    expect: [/"periodic_details": \{[^}]*"sending_frequency": "WEEKLY"/],
    gone: ['"frequency"'],
    preferred: true,
  },
  {
    name: 'C3: `Default` → `default`',
    rule: 'C3',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.campaign_content = {
        locales: ['German'],
        content: { Default: { variation_1: { push: {} } }, German: { variation_1: { push: {} } } },
      };
    }),
    title: /Rename to `default`/,
    expect: ['"default": {'],
    gone: ['"Default"'],
    preferred: true,
  },
  {
    name: 'R1: V1 search `id` → `ids` (an array)',
    rule: 'R1',
    kind: 'search',
    doc: { campaign_fields: { id: '64f1c2a9e4b0a1b2c3d4e5f6' }, limit: 15, page: 1 },
    title: /ids/,
    expect: ['"ids": ["64f1c2a9e4b0a1b2c3d4e5f6"]'],
    gone: ['"id"'],
    preferred: true,
  },
  {
    name: 'R1: V1 search `delivery_type` → `campaign_delivery_type`',
    rule: 'R1',
    kind: 'search',
    doc: { campaign_fields: { delivery_type: ['ONE_TIME'] }, limit: 15, page: 1 },
    title: /`campaign_delivery_type`/,
    expect: ['"campaign_delivery_type": ["ONE_TIME"]'],
    gone: ['"delivery_type"'],
    preferred: true,
  },
  {
    name: 'U2: a custom UTM key gets the `utm_` prefix',
    rule: 'U2',
    doc: with_(EMAIL_PROMO(), d => {
      d.utm_params.source_page = 'home';
    }),
    title: /Rename to `utm_source_page`|utm_source_page/,
    expect: ['"utm_source_page": "home"'],
  },

  // Request forms and types
  {
    name: 'H1: `SCHEDULED` → the request form (`AT_FIXED_TIME` with a start time)',
    rule: 'H1',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.scheduling_details.delivery_type = 'SCHEDULED';
    }),
    title: /`AT_FIXED_TIME`/,
    expect: ['"delivery_type": "AT_FIXED_TIME"'],
    preferred: true,
  },
  {
    name: 'H1: `SCHEDULED` without a time → `ASAP`',
    rule: 'H1',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.scheduling_details = { delivery_type: 'SCHEDULED' };
    }),
    title: /`ASAP`/,
    expect: ['"delivery_type": "ASAP"'],
    preferred: true,
  },
  {
    name: 'A3: `apns_priority` number → string',
    rule: 'A3',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.advanced = { platform_level_priority: { ios_specific_priority: { apns_priority: 10 } } };
    }),
    title: /10/,
    expect: ['"apns_priority": "10"'],
    preferred: true,
  },
  {
    name: 'G2: a latitude number → string',
    rule: 'G2',
    doc: with_(PUSH_LOCATION(), d => {
      d.basic_details.geofences[0].latitude = 52.52;
    }),
    title: /string/,
    expect: ['"latitude": "52.52"'],
    preferred: true,
  },
  {
    name: 'H4: the response form of a date-time → ISO 8601',
    rule: 'H4',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.scheduling_details.start_time = '2030-01-15 09:00:00';
    }),
    title: /2030-01-15T09:00:00/,
    expect: ['"start_time": "2030-01-15T09:00:00"'],
  },
  {
    name: 'H3: a time zone in the wrong case',
    rule: 'H3',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.scheduling_details.timezone = 'europe/berlin';
    }),
    title: /Europe\/Berlin/,
    expect: ['"timezone": "Europe/Berlin"'],
  },
  {
    name: 'T4: `trigger_attr` as a string when `BEFORE` → `{ "name": … }`',
    rule: 'T4',
    doc: with_(PUSH_EVENT(), d => {
      Object.assign(d.trigger_condition, { trigger_relation: 'BEFORE', trigger_attr: 'Subscription end' });
    }),
    title: /name/,
    expect: [/"trigger_attr": \{\s*"name": "Subscription end"\s*\}/],
  },
  {
    name: 'B7: a subscription category near a configured one',
    rule: 'B7',
    settings: { subscriptionCategories: ['newsletters', 'offers'] },
    doc: with_(EMAIL_PROMO(), d => {
      d.basic_details.subscription_category = 'newsleters';
    }),
    title: /`newsletters`/,
    expect: ['"subscription_category": "newsletters"'],
  },
  {
    name: 'Q7: `queue_duration` 0 when queuing is off',
    rule: 'Q7',
    settings: { features: { queuing: true } },
    doc: with_(PUSH_ONE_TIME(), d => {
      Object.assign(d.delivery_controls, { queuing_enabled: false, queue_duration: 12 });
    }),
    title: /0/,
    expect: ['"queue_duration": 0'],
  },

  // Missing companions with placeholders
  {
    name: 'H2: add the missing `start_time`',
    rule: 'H2',
    doc: with_(PUSH_ONE_TIME(), d => {
      delete d.scheduling_details.start_time;
    }),
    title: /start_time/,
    expect: [/"start_time": "\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?Z?"/],
  },
  {
    name: 'H3: add the missing `timezone`',
    rule: 'H3',
    doc: with_(PUSH_ONE_TIME(), d => {
      delete d.scheduling_details.timezone;
    }),
    title: /timezone/,
    expect: [/"timezone": "[A-Za-z_]+(\/[A-Za-z_]+)*"/],
  },
  {
    name: 'H2: add `user_timezone_details` for `SEND_IN_USER_TIMEZONE`',
    rule: 'H2',
    path: '/scheduling_details/user_timezone_details',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.scheduling_details = { delivery_type: 'SEND_IN_USER_TIMEZONE', start_time: '2030-01-15T09:00:00' };
    }),
    title: /user_timezone_details/,
    expect: ['"user_timezone_details": {', '"send_in_user_timezone"'],
  },
  {
    name: 'T3: add the `DELAY` companions (granularity)',
    rule: 'T3',
    path: '/trigger_condition/trigger_delay_granularity',
    doc: with_(PUSH_EVENT(), d => {
      delete d.trigger_condition.trigger_delay_granularity;
    }),
    title: /trigger_delay_granularity/,
    expect: [/"trigger_delay_granularity": "(MINUTES|HOURS|DAYS)"/],
  },
  {
    name: 'G4: add `dwell_time_value` for `dwell`',
    rule: 'G4',
    path: '/basic_details/geofences/0/dwell_time_value',
    doc: with_(PUSH_LOCATION(), d => {
      Object.assign(d.basic_details.geofences[0], { triggered_at: 'dwell', dwell_time_granularity: 'MINUTES' });
    }),
    title: /dwell_time_value/,
    expect: [/"dwell_time_value": "\d+"/],
  },
  {
    name: 'B2: add `business_event`',
    rule: 'B2',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.campaign_delivery_type = 'BUSINESS_EVENT_TRIGGERED';
    }),
    title: /business_event/,
    expect: [/"business_event": "[^"]+"/],
  },
  {
    name: 'Q2: add `bypass_dnd` to an event-triggered campaign',
    rule: 'Q2',
    doc: with_(PUSH_EVENT(), d => {
      delete d.delivery_controls.bypass_dnd;
    }),
    title: /bypass_dnd/,
    expect: [/"bypass_dnd": (true|false)/],
  },
  {
    name: 'U1: add `utm_medium`',
    rule: 'U1',
    doc: with_(EMAIL_PROMO(), d => {
      delete d.utm_params.utm_medium;
    }),
    title: /utm_medium/,
    expect: [/"utm_medium": "[^"]*"/],
  },
  {
    name: "G1: add a geofence's `radius`",
    rule: 'G1',
    path: '/basic_details/geofences/0/radius',
    doc: with_(PUSH_LOCATION(), d => {
      delete d.basic_details.geofences[0].radius;
    }),
    title: /radius/,
    expect: [/"radius": "\d+"/],
  },
  {
    name: 'T1: add a `trigger_condition` to an event-triggered campaign',
    rule: 'T1',
    doc: with_(PUSH_EVENT(), d => {
      delete d.trigger_condition;
    }),
    title: /trigger_condition/,
    expect: ['"trigger_condition": {', '"trigger_delay_type"'],
  },
  {
    name: 'D2: add `channel`',
    rule: 'D2',
    doc: with_(PUSH_ONE_TIME(), d => {
      delete d.channel;
    }),
    title: /`PUSH`/,
    expect: ['"channel": "PUSH"'],
  },
  {
    name: 'S1: target all users',
    rule: 'S1',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.segmentation_details = { is_all_user_campaign: false };
    }),
    title: /all users/,
    expect: ['"is_all_user_campaign": true'],
  },
  {
    name: 'K1: add the control group percentage',
    rule: 'K1',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.control_group_details = { is_campaign_control_group_enabled: true };
    }),
    title: /campaign_control_group_percentage/,
    expect: [/"campaign_control_group_percentage": \d+/],
  },

  // Fields that do not apply
  {
    name: 'B4: remove `geofences` from a campaign that is not location-triggered',
    rule: 'B4',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.basic_details.geofences = PUSH_LOCATION().basic_details.geofences;
    }),
    title: /Remove `geofences`/,
    expect: ['"basic_details"'],
    gone: ['geofences'],
  },
  {
    name: 'Q3: remove `campaign_throttle_rpm` from an event-triggered campaign',
    rule: 'Q3',
    doc: with_(PUSH_EVENT(), d => {
      d.delivery_controls.campaign_throttle_rpm = 100;
    }),
    title: /Remove `campaign_throttle_rpm`/,
    expect: ['"delivery_controls"'],
    gone: ['campaign_throttle_rpm'],
  },
  {
    name: 'Q4: remove a device-triggered field from a one-time campaign',
    rule: 'Q4',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.delivery_controls.send_message_in_offline_mode = true;
    }),
    title: /Remove `send_message_in_offline_mode`/,
    expect: ['"delivery_controls"'],
    gone: ['send_message_in_offline_mode'],
  },
  {
    name: 'D9: remove `advanced` from an Email campaign',
    rule: 'D9',
    doc: with_(EMAIL_PROMO(), d => {
      d.advanced = { expiration_settings: { expire_notification_after_value: 1, expire_notification_after_type: 'DAY' } };
    }),
    title: /Remove `advanced`/,
    expect: ['"utm_params"'],
    gone: ['"advanced"'],
  },
  {
    name: 'T1: remove `trigger_condition` from a one-time campaign',
    rule: 'T1',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.trigger_condition = PUSH_EVENT().trigger_condition;
    }),
    title: /Remove `trigger_condition`/,
    expect: ['"scheduling_details"'],
    gone: ['trigger_condition'],
  },
  {
    name: "L3: remove `metric` from a one-time campaign's audience limit",
    rule: 'L3',
    path: '/campaign_audience_limit/metric',
    settings: { features: { audienceLimit: true } },
    doc: with_(PUSH_ONE_TIME(), d => {
      d.campaign_audience_limit = { is_campaign_audience_limit_enabled: true, limit: 100, metric: 'SENT' };
    }),
    title: /Remove `metric`/,
    expect: ['"limit": 100'],
    gone: ['"metric"'],
  },
  {
    name: 'H9: remove `geo_fence_timelimit` from a one-time campaign',
    rule: 'H9',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.scheduling_details.geo_fence_timelimit = { notification_schedule: 'ALWAYS' };
    }),
    title: /Remove `geo_fence_timelimit`/,
    expect: ['"scheduling_details"'],
    gone: ['geo_fence_timelimit'],
  },
  {
    name: 'B5: remove `send_to_triggered_platform_only` from a one-time campaign',
    rule: 'B5',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.basic_details.send_to_triggered_platform_only = true;
    }),
    title: /Remove `send_to_triggered_platform_only`/,
    expect: ['"basic_details"'],
    gone: ['send_to_triggered_platform_only'],
  },
  {
    name: 'L1: remove `campaign_audience_limit` in a workspace without the feature',
    rule: 'L1',
    settings: { features: { audienceLimit: false } },
    doc: with_(PUSH_ONE_TIME(), d => {
      d.campaign_audience_limit = { is_campaign_audience_limit_enabled: true, limit: 100 };
    }),
    title: /Remove `campaign_audience_limit`/,
    expect: ['"delivery_controls"'],
    gone: ['campaign_audience_limit'],
  },
  {
    name: 'Q5: remove queuing in a workspace without it',
    rule: 'Q5',
    path: '/delivery_controls/queuing_enabled',
    settings: { features: { queuing: false } },
    doc: with_(PUSH_ONE_TIME(), d => {
      Object.assign(d.delivery_controls, { queuing_enabled: true, queue_duration: 4 });
    }),
    title: /Remove `queuing_enabled`/,
    expect: ['"delivery_controls"'],
    gone: ['queuing_enabled'],
  },

  // Locales
  {
    name: 'C4: add an unlisted locale to `locales`',
    rule: 'C4',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.campaign_content = {
        locales: ['German'],
        content: { default: { variation_1: { push: {} } }, German: { variation_1: { push: {} } }, French: { variation_1: { push: {} } } },
      };
    }),
    title: /Add `French` to `locales`/,
    expect: [/"locales": \[\s*"German",\s*"French"\s*\]/],
    preferred: true,
  },
  {
    name: 'C1: remove `default` from `locales`',
    rule: 'C1',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.campaign_content = {
        locales: ['default', 'German'],
        content: { default: { variation_1: { push: {} } }, German: { variation_1: { push: {} } } },
      };
    }),
    title: /Remove `default` from `locales`/,
    expect: [/"locales": \[\s*"German"\s*\]/],
    preferred: true,
  },

  // User-attribute filters (F3)
  {
    name: 'F3: `String` → `string`',
    rule: 'F3',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.segmentation_details = { included_filters: { filter_operator: 'and', filters: [{ ...CITY, data_type: 'String' }] } };
    }),
    title: /Change to `string`/,
    expect: ['"data_type": "string"'],
    preferred: true,
  },
  {
    name: 'F3: `Boolean` → `bool`',
    rule: 'F3',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.segmentation_details = {
        included_filters: { filter_operator: 'and', filters: [{ ...CITY, data_type: 'Boolean', operator: 'is', value: true }] },
      };
    }),
    title: /Change to `bool`/,
    expect: ['"data_type": "bool"'],
    preferred: true,
  },
  {
    name: 'F3: an operator of another data type: change the data type (a choice, not preferred)',
    rule: 'F3',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.segmentation_details = { included_filters: { filter_operator: 'and', filters: [{ ...CITY, operator: 'greaterThan', value: 10 }] } };
    }),
    title: /Change `data_type` to `double`/,
    expect: ['"data_type": "double"', '"operator": "greaterThan"'],
    preferred: false,
  },
  {
    name: 'F3: an operator of another data type: change the operator (a choice, not preferred)',
    rule: 'F3',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.segmentation_details = { included_filters: { filter_operator: 'and', filters: [{ ...CITY, operator: 'greaterThan' }] } };
    }),
    title: /Change to `contains`/,
    expect: ['"data_type": "string"', '"operator": "contains"'],
    preferred: false,
  },

  // Unknown keys
  {
    name: 'D7: did you mean, for an unknown key',
    rule: 'D7',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.segmentation_details.is_all_users_campaign = d.segmentation_details.is_all_user_campaign;
      delete d.segmentation_details.is_all_user_campaign;
    }),
    title: /Rename to `is_all_user_campaign`/,
    expect: ['"is_all_user_campaign": true'],
    gone: ['is_all_users_campaign'],
    preferred: true,
  },
  {
    name: 'D7: remove an unknown key',
    rule: 'D7',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.basic_details.colour = 'blue';
    }),
    title: /Remove `colour`/,
    expect: ['"basic_details"'],
    gone: ['colour'],
  },

  // Fixes the rule documentation promises beside its example
  {
    name: 'D4: a Live Activity broadcast gets `IOS` added to `platforms`',
    rule: 'D4',
    doc: with_(PUSH_ONE_TIME(), d => {
      d.campaign_delivery_type = 'BROADCAST_LIVE_ACTIVITY';
      Object.assign(d.basic_details, { platforms: ['ANDROID'], broadcast_live_activity_id: 'match_final' });
    }),
    title: /Add `IOS` to `platforms`/,
    expect: [/"platforms": \[\s*"ANDROID",\s*"IOS"\s*\]/],
    preferred: true,
  },
  {
    name: 'G2: a latitude written as a number becomes the string',
    rule: 'G2',
    doc: with_(PUSH_LOCATION(), d => {
      d.basic_details.geofences[0].latitude = 52.5219;
    }),
    title: /Change to the string "52.5219"/,
    expect: ['"latitude": "52.5219"'],
    preferred: true,
  },
];

function textOf(doc: Obj | string): string {
  return typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2);
}

function findingsOf(text: string, kind: DocumentKind, settings: WorkspaceSettings): Finding[] {
  return validate(parse(text), {
    kind,
    settings,
    onRuleError: (ids, e) => {
      throw new Error(`rule ${ids.join('/')} threw: ${String(e)}`);
    },
  });
}

const squash = (s: string) => s.replace(/\s+/g, '');

for (const c of CASES) {
  test(`quick fix ${c.name}`, () => {
    const kind = c.kind ?? 'campaign';
    const settings = { features: {}, ...c.settings } as WorkspaceSettings;
    const text = textOf(c.doc);
    const parsed = parse(text);
    const findings = findingsOf(text, kind, settings);
    const target = findings.find(f => f.rule === c.rule && (c.path === undefined || f.path === c.path));
    assert.ok(
      target,
      `expected a ${c.rule} finding${c.path ? ' at ' + c.path : ''}; got ${JSON.stringify(findings.map(f => `${f.rule}@${f.path}`))}`,
    );
    const diagnostic = toDiagnostics(parsed, [target])[0];
    const actions = codeActions({ uri: URI, parsed, kind, settings, findings, range: diagnostic.range });
    const mine = actions.filter(a =>
      a.diagnostics?.some(d => d.code === c.rule && JSON.stringify(d.range) === JSON.stringify(diagnostic.range)),
    );
    const action = mine.find(a => c.title.test(a.title));
    assert.ok(action, `expected a fix titled ${c.title} on ${c.rule}@${target.path}; got ${JSON.stringify(mine.map(a => a.title))}`);
    if (c.preferred !== undefined)
      assert.equal(action.isPreferred ?? false, c.preferred, c.preferred ? 'the preferred fix' : 'a choice is never preferred');
    const after = applyTextEdits(parsed, action.edit!.changes![URI]);
    for (const e of c.expect) {
      if (typeof e === 'string') assert.ok(squash(after).includes(squash(e)), `expected ${JSON.stringify(e)} in:\n${after}`);
      else assert.match(after, e);
    }
    for (const g of c.gone ?? []) {
      if (typeof g === 'string') assert.ok(!after.includes(g), `${JSON.stringify(g)} should be gone from:\n${after}`);
      else assert.doesNotMatch(after, g);
    }
    assert.doesNotThrow(() => JSON.parse(after), 'the edited document is still JSON');
    const again = findingsOf(after, kind, settings).filter(
      f => f.rule === c.rule && f.path === target.path && f.message === target.message,
    );
    assert.deepEqual(
      again.map(f => f.message),
      [],
      'its diagnostic is gone afterwards',
    );
  });
}

test('F3: a data type that names a built-in property (constructor, __proto__, …) gets the fixes any other unknown data type gets', () => {
  const settings = { features: {} } as WorkspaceSettings;
  const titles = (word: string) => {
    const text = textOf(
      with_(PUSH_ONE_TIME(), d => {
        d.segmentation_details = { included_filters: { filter_operator: 'and', filters: [{ ...CITY, data_type: word }] } };
      }),
    );
    const parsed = parse(text);
    const findings = findingsOf(text, 'campaign', settings);
    return toDiagnostics(
      parsed,
      findings.filter(f => f.rule === 'F3'),
    ).flatMap(d =>
      codeActions({ uri: URI, parsed, kind: 'campaign', settings, findings, range: d.range }).map(a => a.title.split(word).join('WORD')),
    );
  };
  // A built-in name close to a data type (`toString`) is offered that data type, as any near miss is.
  const nearMiss = /^Change to `(string|double|datetime|bool)`$/;
  for (const word of BUILT_IN_WORDS)
    assert.deepEqual(
      titles(word).filter(t => !nearMiss.test(t)),
      titles('q'.repeat(word.length)),
      word,
    );
});

/** The rules that get a code action somewhere in `text`. */
function rulesWithActions(
  text: string,
  kind: DocumentKind,
  settings: WorkspaceSettings,
  remote?: RemoteState,
  purpose?: CheckPurpose,
): string[] {
  const parsed = parse(text);
  const findings = validate(parsed, { kind, settings, remote, purpose });
  return toDiagnostics(parsed, findings).flatMap(d =>
    codeActions({ uri: URI, parsed, kind, settings, findings, range: d.range })
      .flatMap(a => a.diagnostics ?? [])
      .map(x => String(x.code)),
  );
}

test('every rule whose documentation promises a quick fix offers one, on its documented example or a case above', () => {
  const definitions = RULE_GROUPS.flatMap(g => g.rules);
  const offered = new Set([
    ...definitions.flatMap(r =>
      rulesWithActions(
        r.docs.text ?? textOf(r.docs.doc as Obj),
        r.docs.kind ?? 'campaign',
        { features: {}, ...r.docs.settings } as WorkspaceSettings,
        r.docs.remote,
        r.docs.purpose,
      ),
    ),
    ...CASES.flatMap(c => rulesWithActions(textOf(c.doc), c.kind ?? 'campaign', { features: {}, ...c.settings } as WorkspaceSettings)),
  ]);
  const promised = definitions.filter(r => /quick fix/i.test(r.docs.fix)).map(r => r.id);
  assert.ok(promised.length >= 30, `${promised.length} rules promise a quick fix`);
  assert.deepEqual(
    promised.filter(id => !offered.has(id)),
    [],
    'rules whose documentation promises a quick fix the product does not offer',
  );
});

// ---------------------------------------------------------------------------------------------

/** A campaign without a timezone, written by `write`, with the H3 fix that adds one applied. */
function withTimezoneFix(write: (doc: object) => string): string {
  const doc = PUSH_ONE_TIME();
  delete doc.scheduling_details.timezone;
  const text = write(doc);
  const parsed = parse(text);
  const settings = { features: {} } as WorkspaceSettings;
  const findings = findingsOf(text, 'campaign', settings);
  const h3 = findings.find(f => f.rule === 'H3')!;
  const action = codeActions({ uri: URI, parsed, kind: 'campaign', settings, findings, range: toDiagnostics(parsed, [h3])[0].range }).find(
    a => /timezone/.test(a.title),
  )!;
  return applyTextEdits(parsed, action.edit!.changes![URI]);
}

test("fixes keep the document's indentation (tabs)", () => {
  const after = withTimezoneFix(doc => JSON.stringify(doc, null, '\t'));
  assert.match(after, /\n\t\t"timezone": "/);
});

test("fixes use the editor's indentation when the document has none of its own", () => {
  assert.deepEqual(formattingFor('{"a":1}', { tabSize: 4, insertSpaces: true }), { tabSize: 4, insertSpaces: true, eol: '\n' });
  assert.deepEqual(formattingFor('{\n    "a": {\n        "b": 1\n    }\n}', { tabSize: 2, insertSpaces: true }).tabSize, 4);
  const out = applyFix('{"a":{}}', [{ kind: 'insert', path: '/a/b', value: { c: 1 } }], { tabSize: 3, insertSpaces: true });
  assert.equal(JSON.parse(out).a.b.c, 1);
});

test("a fix's paths name the document before the fix: a rename, then its value", () => {
  const out = applyFix(
    '{ "campaign_fields": { "id": "x" } }',
    [
      { kind: 'renameKey', path: '/campaign_fields/id', newKey: 'ids' },
      { kind: 'replaceValue', path: '/campaign_fields/id', value: ['x'] },
    ],
    { tabSize: 2, insertSpaces: true },
  );
  assert.deepEqual(JSON.parse(out), { campaign_fields: { ids: ['x'] } });
  assert.equal(rebase('/a/2/b', { kind: 'remove', path: '/a/0' }), '/a/1/b');
  assert.equal(rebase('/a/0/b', { kind: 'remove', path: '/a/0' }), undefined);
  assert.equal(rebase('/x/old/y', { kind: 'renameKey', path: '/x/old', newKey: 'new' }), '/x/new/y');
});

test('fixes keep CRLF line ends and a BOM', () => {
  const after = withTimezoneFix(doc => '\ufeff' + JSON.stringify(doc, null, 2).replace(/\n/g, '\r\n'));
  assert.ok(after.startsWith('\ufeff{'));
  assert.ok(!/[^\r]\n/.test(after), 'only CRLF line ends');
  assert.ok(after.includes('"timezone"'));
});

function fixAllAction(
  text: string,
  kind: DocumentKind = 'campaign',
  settings = { features: {} } as WorkspaceSettings,
): { action?: CodeAction; parsed: ReturnType<typeof parse> } {
  const parsed = parse(text);
  const findings = findingsOf(text, kind, settings);
  const action = codeActions({
    uri: URI,
    parsed,
    kind,
    settings,
    findings,
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    only: ['source.fixAll'],
  })[0];
  return { action, parsed };
}

test('source.fixAll applies every preferred fix of the file in one edit', () => {
  const doc = PUSH_ONE_TIME();
  doc.segmentation_details = {
    included_filters: { filter_operator: 'AND', filters: [{ filter_type: 'custom_segments', name: 'A', id: '1' }] },
    excluded_filters: { filter_operator: 'OR', filters: [{ filter_type: 'custom_segments', name: 'B', id: '2' }] },
  };
  doc.scheduling_details = { delivery_type: 'AT_FIXED_TIME', schedule_time: '2030-01-15T09:00:00', time_zone: 'UTC' };
  doc.advanced = { platform_level_priority: { ios_specific_priority: { apns_priority: 5 } } };
  const text = JSON.stringify(doc, null, 2);
  const { action, parsed } = fixAllAction(text);
  assert.ok(action, 'a fix-all action');
  assert.equal(action.kind, FIX_ALL_KIND);
  const after = applyTextEdits(parsed, action.edit!.changes![URI] as TextEdit[]);
  const fixed = JSON.parse(after);
  assert.equal(fixed.segmentation_details.included_filters.filter_operator, 'and');
  assert.equal(fixed.segmentation_details.excluded_filters.filter_operator, 'or');
  assert.deepEqual(fixed.scheduling_details, { delivery_type: 'AT_FIXED_TIME', start_time: '2030-01-15T09:00:00', timezone: 'UTC' });
  assert.equal(fixed.advanced.platform_level_priority.ios_specific_priority.apns_priority, '5');
  const left = findingsOf(after, 'campaign', { features: {} } as WorkspaceSettings).filter(f => f.severity === 'error');
  assert.deepEqual(
    left.map(f => `${f.rule}@${f.path}`),
    [],
  );
});

test('source.fixAll never invents a value: a missing time zone and an operator that does not fit stay for the author', () => {
  const doc = PUSH_ONE_TIME();
  delete doc.scheduling_details.timezone;
  doc.segmentation_details = { included_filters: { filter_operator: 'AND', filters: [{ ...CITY, operator: 'greaterThan' }] } };
  const text = JSON.stringify(doc, null, 2);
  const { action, parsed } = fixAllAction(text);
  const fixed = JSON.parse(applyTextEdits(parsed, action!.edit!.changes![URI] as TextEdit[]));
  assert.equal(fixed.segmentation_details.included_filters.filter_operator, 'and', 'a fix without a choice is applied');
  assert.equal(fixed.scheduling_details.timezone, undefined, 'no time zone is made up');
  assert.deepEqual(fixed.segmentation_details.included_filters.filters[0], doc.segmentation_details.included_filters.filters[0]);
});

test('a missing time zone is offered as one fix per zone, none preferred', () => {
  const doc = PUSH_ONE_TIME();
  delete doc.scheduling_details.timezone;
  const text = JSON.stringify(doc, null, 2);
  const parsed = parse(text);
  const settings = { features: {} } as WorkspaceSettings;
  const findings = findingsOf(text, 'campaign', settings);
  const h3 = findings.find(f => f.rule === 'H3')!;
  const actions = codeActions({
    uri: URI,
    parsed,
    kind: 'campaign',
    settings,
    findings,
    range: toDiagnostics(parsed, [h3])[0].range,
  }).filter(a => a.diagnostics?.[0].code === 'H3');
  assert.ok(
    actions.some(a => a.title === 'Add `"timezone": "UTC"`'),
    JSON.stringify(actions.map(a => a.title)),
  );
  assert.ok(
    actions.every(a => !a.isPreferred),
    "the zone is the author's choice",
  );
});

test('source.fixAll is offered only when asked for, and not when nothing is fixable', () => {
  const text = JSON.stringify(PUSH_ONE_TIME(), null, 2);
  assert.equal(fixAllAction(text).action, undefined);
  const parsed = parse(text);
  const quick = codeActions({
    uri: URI,
    parsed,
    kind: 'campaign',
    settings: { features: {} } as WorkspaceSettings,
    findings: [],
    range: { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } },
  });
  assert.deepEqual(quick, []);
});

test('several diagnostics of one rule get a "fix all of this rule" quick fix', () => {
  const doc = PUSH_ONE_TIME();
  doc.segmentation_details = {
    included_filters: { filter_operator: 'AND', filters: [{ filter_type: 'custom_segments', name: 'A', id: '1' }] },
    excluded_filters: { filter_operator: 'OR', filters: [{ filter_type: 'custom_segments', name: 'B', id: '2' }] },
  };
  const text = JSON.stringify(doc, null, 2);
  const parsed = parse(text);
  const settings = { features: {} } as WorkspaceSettings;
  const findings = findingsOf(text, 'campaign', settings);
  const f1 = findings.find(f => f.rule === 'F1')!;
  const all = codeActions({
    uri: URI,
    parsed,
    kind: 'campaign',
    settings,
    findings,
    range: toDiagnostics(parsed, [f1])[0].range,
    resolveLater: true,
  }).find(a => a.title === 'Fix all F1 problems in this file');
  assert.ok(all);
  assert.equal(all.edit, undefined, 'its edit is made on resolve');
  const after = JSON.parse(
    applyTextEdits(parsed, resolveFixAll({ uri: URI, parsed, kind: 'campaign', settings, findings }, all.data as FixAllData)),
  );
  assert.equal(after.segmentation_details.included_filters.filter_operator, 'and');
  assert.equal(after.segmentation_details.excluded_filters.filter_operator, 'or');
});

test('"fix all of this rule" is not offered when no other finding of the rule has a fix that fix-all makes', () => {
  const doc = PUSH_ONE_TIME();
  doc.segmentation_details = {
    included_filters: { filter_operator: 'AND', filters: [{ filter_type: 'custom_segments', name: 'A', id: '1' }] },
    excluded_filters: { filter_operator: 'or' },
  };
  const text = JSON.stringify(doc, null, 2);
  const parsed = parse(text);
  const settings = { features: {} } as WorkspaceSettings;
  const findings = findingsOf(text, 'campaign', settings);
  const f1s = findings.filter(f => f.rule === 'F1');
  assert.equal(f1s.length, 2, JSON.stringify(f1s.map(f => f.message)));
  const upper = f1s.find(f => f.path.endsWith('/filter_operator'))!;
  const titles = codeActions({
    uri: URI,
    parsed,
    kind: 'campaign',
    settings,
    findings,
    range: toDiagnostics(parsed, [upper])[0].range,
    resolveLater: true,
  }).map(a => a.title);
  assert.ok(titles.includes('Change to `and`'), JSON.stringify(titles));
  assert.ok(!titles.includes('Fix all F1 problems in this file'), 'the other F1 (a group without filters) has nothing fix-all would do');
});

function syntaxFix(text: string, title: RegExp): string {
  const parsed = parse(text);
  const settings = { features: {} } as WorkspaceSettings;
  const findings = findingsOf(text, 'campaign', settings);
  const d1 = findings.find(f => f.rule === 'D1');
  assert.ok(d1, 'a D1 finding');
  const action = codeActions({ uri: URI, parsed, kind: 'campaign', settings, findings, range: toDiagnostics(parsed, [d1])[0].range }).find(
    a => title.test(a.title),
  );
  assert.ok(action, `a fix titled ${title}`);
  const after = applyTextEdits(parsed, action.edit!.changes![URI]);
  assert.deepEqual(
    findingsOf(after, 'campaign', settings)
      .filter(f => f.rule === 'D1')
      .map(f => f.message),
    [],
    'the D1 diagnostic is gone',
  );
  return after;
}

test('quick fix D1: remove a trailing comma', () => {
  const after = syntaxFix('{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n}', /trailing comma/);
  assert.equal(after, '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME"\n}');
});

test('quick fix D1: add a missing comma between two members, and between two items', () => {
  assert.equal(
    syntaxFix('{\n  "channel": "PUSH"\n  "campaign_delivery_type": "ONE_TIME"\n}', /Add the missing comma/),
    '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME"\n}',
  );
  const items =
    '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "basic_details": { "name": "A", "platforms": ["ANDROID" "IOS"] }\n}';
  assert.match(syntaxFix(items, /Add the missing comma/), /\["ANDROID", "IOS"\]/);
  const { action, parsed } = fixAllAction('{\n  "channel": "PUSH"\n  "campaign_delivery_type": "ONE_TIME"\n}');
  assert.equal(
    applyTextEdits(parsed, action!.edit!.changes![URI] as TextEdit[]),
    '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME"\n}',
    'fix all adds it too: nothing to choose',
  );
});

test('quick fix D1: remove a comment, with its line when it has one of its own', () => {
  assert.equal(syntaxFix('{\n  // the channel\n  "channel": "PUSH"\n}', /Remove the comment/), '{\n  "channel": "PUSH"\n}');
  assert.equal(syntaxFix('{\n  "channel": "PUSH" /* push */\n}', /Remove the comment/), '{\n  "channel": "PUSH"\n}');
});

test('code actions on a document with a syntax error still answer', () => {
  const text =
    '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "segmentation_details": { "included_filters": { "filter_operator": "AND", "filters": [] } },\n}';
  const parsed = parse(text);
  const settings = { features: {} } as WorkspaceSettings;
  const findings = findingsOf(text, 'campaign', settings);
  const actions = codeActions({
    uri: URI,
    parsed,
    kind: 'campaign',
    settings,
    findings,
    range: { start: { line: 3, character: 0 }, end: { line: 3, character: 90 } },
  });
  assert.ok(actions.some(a => /`and`/.test(a.title)));
});

// ---------------------------------------------------------------------------------------------
// The fix table stands in when a finding comes without its fix: each entry, on a bare finding.

interface Bare {
  name: string;
  finding: Pick<Finding, 'rule' | 'path'> & Partial<Finding>;
  doc: Obj;
  kind?: DocumentKind;
  title: RegExp;
  after: (d: any) => void;
}

const BARE: Bare[] = [
  {
    name: 'H1 SCHEDULED with user time zone details → SEND_IN_USER_TIMEZONE',
    finding: { rule: 'H1', path: '/scheduling_details/delivery_type' },
    doc: { scheduling_details: { delivery_type: 'SCHEDULED', user_timezone_details: {} } },
    title: /SEND_IN_USER_TIMEZONE/,
    after: d => assert.equal(d.scheduling_details.delivery_type, 'SEND_IN_USER_TIMEZONE'),
  },
  {
    name: 'H5 schedule_time',
    finding: { rule: 'H5', path: '/scheduling_details/schedule_time' },
    doc: { scheduling_details: { schedule_time: 'x' } },
    title: /start_time/,
    after: d => assert.deepEqual(d.scheduling_details, { start_time: 'x' }),
  },
  {
    name: 'H5 time_zone when timezone is set: remove it',
    finding: { rule: 'H5', path: '/scheduling_details/time_zone' },
    doc: { scheduling_details: { time_zone: 'UTC', timezone: 'UTC' } },
    title: /Remove/,
    after: d => assert.deepEqual(d.scheduling_details, { timezone: 'UTC' }),
  },
  {
    name: 'H5 frequency',
    finding: { rule: 'H5', path: '/scheduling_details/frequency' },
    doc: { scheduling_details: { frequency: 'DAILY', periodic_details: {} } },
    title: /sending_frequency/,
    after: d => assert.deepEqual(d.scheduling_details, { periodic_details: { sending_frequency: 'DAILY' } }),
  },
  {
    name: 'H7 no_of_occurrences',
    finding: { rule: 'H7', path: '/scheduling_details/periodic_details/no_of_occurrences' },
    doc: { scheduling_details: { periodic_details: { no_of_occurrences: 3 } } },
    title: /no_of_occurences/,
    after: d => assert.equal(d.scheduling_details.periodic_details.no_of_occurences, 3),
  },
  {
    name: 'H3 zone case',
    finding: { rule: 'H3', path: '/scheduling_details/timezone' },
    doc: { scheduling_details: { timezone: 'america/new york' } },
    title: /America\/New_York/,
    after: d => assert.equal(d.scheduling_details.timezone, 'America/New_York'),
  },
  {
    name: 'H4 response date form',
    finding: { rule: 'H4', path: '/scheduling_details/expiry_time' },
    doc: { scheduling_details: { expiry_time: '2030-02-01 10:00' } },
    title: /2030-02-01T10:00/,
    after: d => assert.equal(d.scheduling_details.expiry_time, '2030-02-01T10:00'),
  },
  {
    name: 'Q4 camapign',
    finding: { rule: 'Q4', path: '/delivery_controls/max_time_to_show_message_of_same_campaign' },
    doc: { delivery_controls: { max_time_to_show_message_of_same_campaign: '2' } },
    title: /camapign/,
    after: d => assert.equal(d.delivery_controls.max_time_to_show_message_of_same_camapign, '2'),
  },
  {
    name: 'Q7 above 48',
    finding: { rule: 'Q7', path: '/delivery_controls/queue_duration' },
    doc: { delivery_controls: { queuing_enabled: true, queue_duration: 72 } },
    title: /48/,
    after: d => assert.equal(d.delivery_controls.queue_duration, 48),
  },
  {
    name: 'K1 above 100',
    finding: { rule: 'K1', path: '/control_group_details/campaign_control_group_percentage' },
    doc: { control_group_details: { campaign_control_group_percentage: 140 } },
    title: /100/,
    after: d => assert.equal(d.control_group_details.campaign_control_group_percentage, 100),
  },
  {
    name: 'L3 metrics',
    finding: { rule: 'L3', path: '/campaign_audience_limit/metrics' },
    doc: { campaign_audience_limit: { metrics: 'SENT' } },
    title: /`metric`/,
    after: d => assert.deepEqual(d.campaign_audience_limit, { metric: 'SENT' }),
  },
  {
    name: 'C1 default listed',
    finding: { rule: 'C1', path: '/campaign_content/locales/0' },
    doc: { campaign_content: { locales: ['default', 'German'] } },
    title: /Remove/,
    after: d => assert.deepEqual(d.campaign_content.locales, ['German']),
  },
  {
    name: 'C3 Default',
    finding: { rule: 'C3', path: '/campaign_content/content/default' },
    doc: { campaign_content: { content: { Default: {} } } },
    title: /`default`/,
    after: d => assert.deepEqual(Object.keys(d.campaign_content.content), ['default']),
  },
  {
    name: 'C4 unlisted locale, no locales yet',
    finding: { rule: 'C4', path: '/campaign_content/content/French' },
    doc: { campaign_content: { content: { default: {}, French: {} } } },
    title: /locales/,
    after: d => assert.deepEqual(d.campaign_content.locales, ['French']),
  },
  {
    name: 'T4 BEFORE',
    finding: { rule: 'T4', path: '/trigger_condition/trigger_attr' },
    doc: { trigger_condition: { trigger_relation: 'BEFORE', trigger_attr: 'Renewal' } },
    title: /name/,
    after: d => assert.deepEqual(d.trigger_condition.trigger_attr, { name: 'Renewal' }),
  },
  {
    name: 'S1 minimum audience',
    finding: { rule: 'S1', path: '/segmentation_details' },
    doc: { segmentation_details: {} },
    title: /all users/,
    after: d => assert.equal(d.segmentation_details.is_all_user_campaign, true),
  },
  {
    name: 'U2 prefix',
    finding: { rule: 'U2', path: '/utm_params/page' },
    doc: { utm_params: { page: 'x' } },
    title: /utm_page/,
    after: d => assert.deepEqual(d.utm_params, { utm_page: 'x' }),
  },
  {
    name: 'R1 id',
    kind: 'search',
    finding: { rule: 'R1', path: '/campaign_fields/id' },
    doc: { campaign_fields: { id: 'a' } },
    title: /ids/,
    after: d => assert.deepEqual(d.campaign_fields, { ids: ['a'] }),
  },
  {
    name: 'R1 delivery_type',
    kind: 'search',
    finding: { rule: 'R1', path: '/campaign_fields/delivery_type' },
    doc: { campaign_fields: { delivery_type: ['ONE_TIME'] } },
    title: /campaign_delivery_type/,
    after: d => assert.deepEqual(d.campaign_fields, { campaign_delivery_type: ['ONE_TIME'] }),
  },
  {
    name: 'x-fix renameTo from the schema (any rule)',
    finding: { rule: 'X9', path: '/scheduling_details/time_zone' },
    doc: { channel: 'PUSH', scheduling_details: { time_zone: 'UTC' } },
    title: /Rename to `timezone`/,
    after: d => assert.deepEqual(d.scheduling_details, { timezone: 'UTC' }),
  },
  {
    name: 'a missing property gets a placeholder that fits',
    finding: { rule: 'X9', path: '/scheduling_details/start_time' },
    doc: { channel: 'PUSH', scheduling_details: { delivery_type: 'AT_FIXED_TIME' } },
    title: /start_time/,
    after: d => assert.match(d.scheduling_details.start_time, /^\d{4}-\d{2}-\d{2}T/),
  },
  {
    name: 'a missing component gets the snippet for this campaign',
    finding: { rule: 'X9', path: '/scheduling_details' },
    doc: { channel: 'PUSH', campaign_delivery_type: 'PERIODIC' },
    title: /scheduling_details/,
    after: d => assert.ok(d.scheduling_details.periodic_details),
  },
  {
    name: 'a field that does not apply can be removed',
    finding: { rule: 'Q3', path: '/delivery_controls/campaign_throttle_rpm', target: 'key' },
    doc: { delivery_controls: { campaign_throttle_rpm: 5, bypass_dnd: true } },
    title: /Remove/,
    after: d => assert.deepEqual(d.delivery_controls, { bypass_dnd: true }),
  },
];

for (const b of BARE) {
  test(`fix table: ${b.name}`, async () => {
    const { fixesFor } = await import('../../src/language/codeActions');
    const f: Finding = { message: 'x', severity: 'error', ...b.finding };
    const fixes = fixesFor(f, b.doc, b.kind ?? 'campaign', { features: {} });
    const fix = fixes.find(x => b.title.test(x.title));
    assert.ok(fix, `a fix titled ${b.title}; got ${JSON.stringify(fixes.map(x => x.title))}`);
    b.after(JSON.parse(applyFix(JSON.stringify(b.doc, null, 2), fix.edits, { tabSize: 2, insertSpaces: true })));
  });
}
