// The few lines per rule that docs/rules.md shows beside the catalogue's sentence: a small
// document that breaks the rule, and how to fix it. `test/rules/docs.test.ts` lints every example
// and checks that it really reports its rule, so the documentation cannot drift from the rules.
//
// Each entry: `doc` (a JSON value, shown pretty-printed) or `text` (shown as written); optional
// `kind` ('campaign' by default, 'search', 'campaignrc'), `settings` (.campaignrc.json content),
// `remote` ({ status, base }: what the service holds), `purpose` ('inlineTest'), `context` (one
// sentence before the example); and `fix`, how to fix it (markdown).

const push = (o = {}) => ({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', ...o });
const email = (o = {}) => ({ channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME', ...o });
const filter = { filter_type: 'user_attributes', data_type: 'string', category: 'Tracked Standard Attribute', name: 'city', operator: 'is', value: 'Berlin' };
const group = (...filters) => ({ filter_operator: 'and', filters });
const geofence = { name: 'Alexanderplatz store', latitude: '52.5219', longitude: '13.4132', radius: '150', triggered_at: 'ENTRY', response_time_value: '0', response_time_granularity: 'MINUTES' };
const cartTrigger = { included_filters: group({ filter_type: 'actions', action_name: 'Added To Cart', execution: { type: 'atleast', count: 1 }, executed: true }) };
const fixedTime = { delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-20T09:00:00', timezone: 'Europe/Berlin' };
const queuing = { features: { queuing: true } };
const audience = { features: { audienceLimit: true } };

export const RULE_DOCS = {
  D1: {
    text: '{\n  "channel": "PUSH",\n  // sent every Monday\n  "campaign_delivery_type": "ONE_TIME",\n}',
    fix: 'Remove the comment and the trailing comma: the service takes strict JSON. The rest of the file is still checked while you fix it.',
  },
  D2: { doc: { campaign_delivery_type: 'ONE_TIME', basic_details: { name: 'Spring sale' } }, fix: 'Add `"channel": "PUSH"` or `"channel": "EMAIL"`. A wrong case (`"push"`) has a quick fix.' },
  D3: { doc: push({ campaign_delivery_type: 'ONETIME' }), fix: 'Use one of the seven delivery types: `ONE_TIME`, `PERIODIC`, `EVENT_TRIGGERED`, `BUSINESS_EVENT_TRIGGERED`, `DEVICE_TRIGGERED`, `LOCATION_TRIGGERED`, `BROADCAST_LIVE_ACTIVITY`.' },
  D4: { doc: email({ campaign_delivery_type: 'LOCATION_TRIGGERED' }), fix: 'Location- and device-triggered campaigns are Push campaigns: set `channel` to `PUSH`, or choose another delivery type. A Live Activity broadcast also needs `IOS` in `basic_details.platforms` (quick fix).' },
  D5: { doc: { channel: 'SMS', campaign_delivery_type: 'ONE_TIME', sender_name: 'SHOP' }, fix: 'Manage SMS campaigns (and create Live Activity broadcasts) in the dashboard or through V1. Campaign Studio can still show and check the file; it will not push it.' },
  D6: { doc: push({ created_by: 'jane' }), fix: 'Use the email address of the person creating (`created_by`) or changing (`updated_by`) the campaign, such as `jane.doe@example.com`. Campaign Studio fills `updated_by` from your environment on push.' },
  D7: { doc: push({ basic_details: { nmae: 'Spring sale', platforms: ['IOS'] } }), fix: 'Use the field the spec lists: here `name` (quick fix: rename). Keys that are not near misses can be removed (quick fix).' },
  D8: { doc: push({ id: '65f1c2a4b7e8d9f0a1b2c3d4', status: 'ACTIVE' }), fix: 'Nothing to fix: these fields come from the service when a campaign is fetched. They stay in the file for reference and are never sent.' },
  D9: { doc: email({ advanced: { expiration_settings: { expire_notification_after_value: 2, expire_notification_after_type: 'DAY' } } }), fix: 'Remove the component (quick fix): `advanced` is Push only, `connector` is for Email and SMS, `sender_name` is SMS only.' },

  B1: { doc: push({ basic_details: { name: 'Spring sale', platforms: ['ANDROID', 'IOS', 'ANDROID'] } }), fix: 'List each of `ANDROID`, `IOS`, `WEB` at most once (quick fix: remove the duplicate).' },
  B2: { doc: push({ campaign_delivery_type: 'BUSINESS_EVENT_TRIGGERED', basic_details: { name: 'Price drop alert', platforms: ['ANDROID'] } }), fix: 'Name the business event: `"business_event": "price_drop"`.' },
  B3: { doc: push({ campaign_delivery_type: 'BROADCAST_LIVE_ACTIVITY', basic_details: { name: 'Final score', platforms: ['IOS'] } }), fix: 'Add the id of the Live Activity: `"broadcast_live_activity_id": "match_2026_final"`.' },
  B4: { doc: push({ campaign_delivery_type: 'LOCATION_TRIGGERED', basic_details: { name: 'Store welcome', platforms: ['ANDROID'] } }), fix: 'Add the geofences (one object or an array of them, rules G1–G5). On other delivery types, geofences are ignored: remove them (quick fix).' },
  B5: { doc: push({ basic_details: { name: 'Spring sale', platforms: ['IOS'], send_to_triggered_platform_only: true } }), fix: 'Remove the field (quick fix), or make the campaign `EVENT_TRIGGERED` if it reacts to an event.' },
  B6: { doc: email({ basic_details: { name: 'March newsletter', content_type: 'MARKETING' } }), fix: 'Use `PROMOTIONAL` (marketing, needs a subscription category) or `TRANSACTIONAL`.' },
  B7: { doc: email({ basic_details: { name: 'March newsletter', content_type: 'PROMOTIONAL' } }), fix: 'Add the subscription category users can opt out of, one of `subscriptionCategories` in `.campaignrc.json` when that is configured (quick fixes offer them).' },
  B8: {
    purpose: 'inlineTest',
    context: 'Checked for an inline test send (the test command with inline content):',
    doc: email({ basic_details: { name: 'March newsletter', content_type: 'PROMOTIONAL', subscription_category: 'newsletters' } }),
    fix: 'Add `"user_attribute_identifier": "Email (Standard)"` (quick fix). Drafts and draft-mode tests do not need these four fields.',
  },
  B9: { doc: push({ basic_details: { name: 'Spring sale', tags: 'spring', platforms: ['IOS'] } }), fix: 'Write `tags` as an array of strings (`["spring"]`, quick fix); `name` and `team` are strings.' },

  C1: { doc: push({ campaign_content: { locales: ['default', 'German'], content: { default: { variation_1: { push: {} } }, German: { variation_1: { push: {} } } } } }), fix: 'Remove `default` from `locales` (quick fix): it is always present. List every other locale once.' },
  C2: { doc: push({ campaign_content: { locales: ['German'], content: { push: { android: { template_type: 'BASIC' } } } } }), fix: 'Use the keyed shape, `content.default.variation_1.push`, with one entry per locale (quick fix moves it), or drop `locales` and `variation_details`.' },
  C3: { doc: email({ campaign_content: { content: { Default: { variation_1: { email: { subject: 'Hello' } } } } } }), fix: 'Spell the default locale `default` (quick fix: rename). Every locale holds variations, and every variation one `push` or `email` object.' },
  C4: { doc: push({ campaign_content: { locales: [], content: { default: { variation_1: { push: {} } }, French: { variation_1: { push: {} } } } } }), fix: 'Add `French` to `locales` (quick fix), or rename a misspelt locale key to the listed one. A listed locale without content is a warning: add its content or unlist it.' },
  C5: { doc: push({ campaign_content: { content: { email: { subject: 'Spring sale' } } } }), fix: 'A Push campaign has `push` content, an Email campaign `email` content; never both (quick fix removes the extra one).' },
  C6: { doc: push({ campaign_content: { content: { push: { andriod: { template_type: 'BASIC' } } } } }), fix: 'Nothing is required: content internals are not checked. The hint offers the V1 reference name (`android`) in case it is a typo.' },

  T1: { doc: push({ campaign_delivery_type: 'EVENT_TRIGGERED', basic_details: { name: 'Cart reminder', platforms: ['ANDROID'] } }), fix: 'Add `trigger_condition` with the triggering event (`included_filters`) and `trigger_delay_type`. On `ONE_TIME`, `PERIODIC` and `BUSINESS_EVENT_TRIGGERED` campaigns a trigger is ignored: remove it (quick fix).' },
  T2: { doc: email({ campaign_delivery_type: 'EVENT_TRIGGERED', trigger_condition: { ...cartTrigger, trigger_delay_type: 'INTELLIGENT_DELAY' } }), fix: 'Email triggers take `ASAP` or `DELAY`; `INTELLIGENT_DELAY` is Push only.' },
  T3: { doc: push({ campaign_delivery_type: 'EVENT_TRIGGERED', trigger_condition: { ...cartTrigger, trigger_delay_type: 'DELAY', trigger_delay_value: 2, trigger_relation: 'AFTER' } }), fix: 'Give all three: `trigger_delay_value` (integer ≥ 0), `trigger_delay_granularity` (`MINUTES`, `HOURS`, `DAYS`) and `trigger_relation` (`BEFORE`, `AFTER`).' },
  T4: { doc: push({ campaign_delivery_type: 'EVENT_TRIGGERED', trigger_condition: { ...cartTrigger, trigger_delay_type: 'DELAY', trigger_delay_value: 1, trigger_delay_granularity: 'DAYS', trigger_relation: 'BEFORE', trigger_attr: 'Appointment Time' } }), fix: 'With `BEFORE`, name the time attribute in an object: `{ "name": "Appointment Time" }` (quick fix). Otherwise `trigger_attr` is a string.' },
  T5: { doc: push({ campaign_delivery_type: 'EVENT_TRIGGERED', trigger_condition: { ...cartTrigger, trigger_delay_type: 'INTELLIGENT_DELAY' } }), fix: 'Add `intelligent_delay_optimization` with `min_delay_value`, `min_delay_granularity` (`MINUTES`, `HOURS`), `max_delay_value` and `max_delay_granularity` (`HOURS`, `DAYS`); keep the minimum below the maximum.' },
  T6: { doc: push({ campaign_delivery_type: 'EVENT_TRIGGERED', trigger_condition: { included_filters: [{ filter_type: 'actions', action_name: 'Added To Cart' }], trigger_delay_type: 'ASAP' } }), fix: 'Wrap the filters in a filter group: `{ "filter_operator": "and", "filters": [ … ] }`.' },

  F1: { doc: push({ segmentation_details: { included_filters: { filter_operator: 'AND', filters: [filter] } } }), fix: 'Write `and` or `or` in lower case (quick fix), and give the group its `filters` array.' },
  F2: { doc: push({ segmentation_details: { included_filters: group({ filter_type: 'segment', name: 'Employees', id: '64b7f0c2a1e4d2b3c4d5e6f7' }) } }), fix: 'Use `user_attributes`, `actions` or `custom_segments`; the type decides which other fields the filter takes.' },
  F3: { doc: push({ segmentation_details: { included_filters: group({ ...filter, operator: 'greaterThan' }) } }), fix: 'Use an operator of the attribute\'s `data_type` (for `string`: `in`, `contains`, `containsInTheFollowing`, `startWithInTheFollowing`, `endsWithInTheFollowing`, `exists`, `is`), or correct the `data_type`.' },
  F4: { doc: push({ segmentation_details: { included_filters: group({ ...filter, value: undefined }) } }), fix: 'Give the `value` to compare with, or use the operator `exists`. `case_sensitive` and `negate` are `true` or `false`.' },
  F5: { settings: { features: { portfolio: true } }, doc: push({ segmentation_details: { included_filters: group(filter) } }), fix: 'Add `"project_name": "…"` to each user-attribute filter. With `features.portfolio` unknown, this is an information note; set it in `.campaignrc.json`.' },
  F6: { doc: push({ segmentation_details: { included_filters: group({ filter_type: 'actions', action_name: 'Purchased', execution: { type: 'more_than', count: 2 }, executed: true }) } }), fix: 'Use `atleast`, `atmost` or `exactly` with a whole `count` ≥ 0; `attributes` is a filter group.' },
  F7: { doc: push({ segmentation_details: { is_all_user_campaign: true, excluded_filters: group({ filter_type: 'custom_segments', name: 'Employees' }) } }), fix: 'Give both the segment\'s `name` and its `id` (strings).' },

  S1: { doc: push({ segmentation_details: { send_campaign_to_opt_out_users: false } }), fix: 'Add at least one filter under `included_filters`, or set `"is_all_user_campaign": true` (quick fix, not applied by fix-all: it widens the audience).' },
  S2: { doc: push({ segmentation_details: { is_all_user_campaign: 'true' } }), fix: 'Write `true` or `false` without quotes (quick fix); `included_filters` and `excluded_filters` are filter groups.' },

  H1: { doc: push({ scheduling_details: { delivery_type: 'SCHEDULED', start_time: '2026-03-20T09:00:00', timezone: 'Europe/Berlin' } }), fix: '`SCHEDULED` is how the service reports a schedule; a request says `AT_FIXED_TIME` (quick fix), `ASAP`, `SEND_IN_BTS` or `SEND_IN_USER_TIMEZONE`.' },
  H2: { doc: push({ scheduling_details: { delivery_type: 'AT_FIXED_TIME', timezone: 'Europe/Berlin' } }), fix: 'Add the companions of the delivery type: `start_time` for `AT_FIXED_TIME`; also `bts_details` for `SEND_IN_BTS` and `user_timezone_details` for `SEND_IN_USER_TIMEZONE`.' },
  H3: { doc: push({ scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-20T09:00:00' } }), fix: 'Add the IANA time zone the start time is read in, such as `"timezone": "Europe/Berlin"`.' },
  H4: { doc: push({ scheduling_details: { ...fixedTime, start_time: '20/03/2026 09:00' } }), fix: 'Write ISO 8601 date-times, such as `2026-03-20T09:00:00`, and keep `expiry_time` after `start_time`.' },
  H5: { doc: push({ scheduling_details: { delivery_type: 'AT_FIXED_TIME', schedule_time: '2026-03-20T09:00:00', timezone: 'Europe/Berlin' } }), fix: 'Use the request names: `start_time` and `timezone` (quick fixes rename `schedule_time` and `time_zone`).' },
  H6: { doc: push({ campaign_delivery_type: 'PERIODIC', scheduling_details: fixedTime }), fix: 'Add `periodic_details` (how often and how many times), with `delivery_type` `AT_FIXED_TIME`.' },
  H7: { doc: push({ campaign_delivery_type: 'PERIODIC', scheduling_details: { ...fixedTime, periodic_details: { sending_frequency: 'WEEKLY', repeat_frequency: 1, no_of_occurrences: 8, repeat_on_days_of_week: ['MONDAY'] } } }), fix: 'Use the spec\'s spelling `no_of_occurences` (quick fix), and the fields that fit the `sending_frequency`.' },
  H8: { doc: push({ scheduling_details: { delivery_type: 'SEND_IN_BTS', start_time: '2026-03-20T09:00:00', timezone: 'Europe/Berlin', bts_details: { send_in_bts: 'yes' } } }), fix: '`send_in_bts`, `send_in_user_timezone` and `send_if_user_timezone_has_passed` are `true` or `false`; the other fields are strings.' },
  H9: { doc: push({ scheduling_details: { delivery_type: 'ASAP', geo_fence_timelimit: { notification_schedule: 'ALWAYS' } } }), fix: 'Remove `geo_fence_timelimit` outside `LOCATION_TRIGGERED` campaigns; with `LIMITED_TIME`, give `timebounds`.' },

  Q1: { doc: email({ delivery_controls: { bypass_dnd: false, send_message_in_offline_mode: true } }), fix: 'Email delivery controls take only `bypass_dnd`, `campaign_throttle_rpm`, `count_for_frequency_capping`, `ignore_frequency_capping` and `minimum_delay_between_two_notification_in_hour`; Push fields have the types of the spec table.' },
  Q2: { doc: push({ campaign_delivery_type: 'EVENT_TRIGGERED', trigger_condition: { ...cartTrigger, trigger_delay_type: 'ASAP' }, delivery_controls: { count_for_frequency_capping: true } }), fix: 'Add `"bypass_dnd": false` (or `true` to send during do-not-disturb hours).' },
  Q3: { doc: push({ campaign_delivery_type: 'EVENT_TRIGGERED', trigger_condition: { ...cartTrigger, trigger_delay_type: 'ASAP' }, delivery_controls: { bypass_dnd: false, campaign_throttle_rpm: 5000 } }), fix: 'Remove `campaign_throttle_rpm`: triggered campaigns are not throttled by it.' },
  Q4: { doc: push({ delivery_controls: { bypass_dnd: false, send_message_in_offline_mode: true } }), fix: 'Remove fields of other delivery types (quick fix); spell `max_time_to_show_message_of_same_camapign` as the spec does.' },
  Q5: { settings: { features: { queuing: false } }, doc: push({ delivery_controls: { bypass_dnd: false, queuing_enabled: true, queue_duration: 12 } }), fix: 'Remove the queuing fields, or set `features.queuing` to `true` in `.campaignrc.json` if the workspace has queuing.' },
  Q6: { settings: queuing, doc: push({ campaign_delivery_type: 'DEVICE_TRIGGERED', trigger_condition: { ...cartTrigger, trigger_delay_type: 'ASAP' }, delivery_controls: { bypass_dnd: false, queuing_enabled: true, queue_duration: 12 } }), fix: 'Remove the queuing fields: device- and location-triggered campaigns cannot queue.' },
  Q7: { settings: queuing, doc: push({ delivery_controls: { bypass_dnd: false, queuing_enabled: true, queue_duration: 0 } }), fix: 'With queuing on, give 1 to 48 hours; with it off, `0`.' },

  A1: { doc: push({ advanced: { expiration_settings: { remove_from_inbox_after_value: 2, remove_from_inbox_after_type: 'HOUR' } } }), fix: '`remove_from_inbox_after_type` takes `DAY` only; `expire_notification_after_type` takes `HOUR` or `DAY`.' },
  A2: { doc: push({ advanced: { platform_level_priority: { android_specific_priority: { send_with_priority: 'true' } } } }), fix: 'Write `true` or `false` without quotes.' },
  A3: { doc: push({ advanced: { platform_level_priority: { ios_specific_priority: { apns_priority: 10 } } } }), fix: 'Write the APNs priority as a string: `"10"` (quick fix), `"5"` or `"1"`.' },

  G0: { doc: push({ conversion_goal_details: { attribution_window_in_hours: '36', goals: [{ goal_name: 'Purchase', goal_event_name: 'Purchased', is_primary_goal: true }] } }), fix: 'Write the attribution window as a whole number of hours, and mark at most one goal primary.' },
  G0a: { doc: push({ conversion_goal_details: { attribution_window_in_hours: 36, goals: [{ goal_name: 'Purchase', goal_event_name: 'Purchased', is_primary_goal: true, goal_event_attribute: { name: 'amount', condition: 'between', data_type: 'double', value: '10', value1: '50' } }] } }), fix: 'Goal attribute data types are upper case: `DOUBLE` (quick fix). `between` needs `value1`.' },
  K1: { doc: push({ control_group_details: { is_campaign_control_group_enabled: true } }), fix: 'Add `campaign_control_group_percentage`, a whole number from 0 to 100.' },
  U1: { doc: push({ utm_params: { utm_source: 'app', utm_campaign: 'spring_sale' } }), fix: 'Add `utm_medium` (and `utm_source`): both are required when UTM parameters are used.' },
  U2: { doc: push({ utm_params: { utm_source: 'app', utm_medium: 'push', source_campaign: 'spring' } }), fix: 'Start custom keys with `utm_` (`utm_source_campaign`), at most five of them.' },
  L1: { settings: { features: { audienceLimit: false } }, doc: push({ campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 5000 } }), fix: 'Remove `campaign_audience_limit`, or set `features.audienceLimit` to `true` in `.campaignrc.json` if the workspace has the feature.' },
  L2: { settings: audience, doc: push({ campaign_audience_limit: { is_campaign_audience_limit_enabled: true } }), fix: 'Add the `limit` (1 to 9999999999); periodic and event-triggered campaigns also need `metric` `SENT` and a `frequency`.' },
  L3: { settings: audience, doc: push({ campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 5000, metric: 'SENT', frequency: 'TOTAL' } }), fix: 'Remove `metric` and `frequency` from one-time campaigns; V1\'s `metrics` is now `metric` (quick fix).' },

  G1: { doc: push({ campaign_delivery_type: 'LOCATION_TRIGGERED', basic_details: { name: 'Store welcome', platforms: ['ANDROID'], geofences: [{ ...geofence, radius: undefined }] } }), fix: 'Give every geofence its `name` (unique), `latitude`, `longitude`, `radius`, `triggered_at`, `response_time_value` and `response_time_granularity`.' },
  G2: { doc: push({ campaign_delivery_type: 'LOCATION_TRIGGERED', basic_details: { name: 'Store welcome', platforms: ['ANDROID'], geofences: [{ ...geofence, latitude: '152.5219' }] } }), fix: 'Write coordinates as strings holding numbers: latitude −90..90, longitude −180..180, radius > 0 (a number gets a quick fix to the string).' },
  G3: { doc: push({ campaign_delivery_type: 'LOCATION_TRIGGERED', basic_details: { name: 'Store welcome', platforms: ['ANDROID'], geofences: [{ ...geofence, triggered_at: 'DWELL', dwell_time_value: '10', dwell_time_granularity: 'MINUTES' }] } }), fix: 'Write `ENTRY` and `EXIT` in upper case and `dwell` in lower case (quick fix).' },
  G4: { doc: push({ campaign_delivery_type: 'LOCATION_TRIGGERED', basic_details: { name: 'Store welcome', platforms: ['ANDROID'], geofences: [{ ...geofence, triggered_at: 'dwell' }] } }), fix: 'Add `dwell_time_value` and `dwell_time_granularity` (`MINUTES`, `HOURS`, `DAYS`).' },
  G5: { doc: push({ campaign_delivery_type: 'LOCATION_TRIGGERED', basic_details: { name: 'Store welcome', platforms: ['ANDROID'], geofences: [{ ...geofence, response_time_granularity: 'WEEKS' }] } }), fix: 'Use `MINUTES`, `HOURS` or `DAYS`.' },

  P1: {
    remote: { status: 'ACTIVE', base: push({ segmentation_details: { is_all_user_campaign: true } }) },
    context: 'Fetched while `ACTIVE`, with `"segmentation_details": { "is_all_user_campaign": true }`; the file narrows the audience:',
    doc: push({ segmentation_details: { included_filters: group(filter) } }),
    fix: 'Restore the fetched component (quick fix). To change the audience of a live campaign, create a new campaign.',
  },
  P2: {
    remote: { status: 'SCHEDULED', base: push({ scheduling_details: fixedTime }) },
    context: 'Fetched while `SCHEDULED` at a fixed time; the file switches to the user\'s time zone:',
    doc: push({ scheduling_details: { delivery_type: 'SEND_IN_USER_TIMEZONE', start_time: '2026-03-20T09:00:00', user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: false } } }),
    fix: 'Keep the scheduling `delivery_type` (quick fix restores it); other scheduling fields may change.',
  },
  P3: {
    remote: { status: 'STOPPED', base: push({ utm_params: { utm_source: 'app', utm_medium: 'push' } }) },
    context: 'Fetched while `STOPPED`; the file changes the UTM parameters:',
    doc: push({ utm_params: { utm_source: 'app', utm_medium: 'push', utm_campaign: 'spring' } }),
    fix: 'Nothing can be updated: restore the fetched values, or create a new campaign.',
  },
  P4: {
    remote: { status: 'PAUSED', base: push({ segmentation_details: { included_filters: group(filter) } }) },
    context: 'Fetched while `PAUSED`; the file changes one filter value:',
    doc: push({ segmentation_details: { included_filters: group({ ...filter, value: 'Hamburg' }) } }),
    fix: 'Nothing to fix: a push sends the whole `segmentation_details` component, as the service requires.',
  },
  P5: {
    remote: { status: 'ACTIVE', base: push({ campaign_delivery_type: 'EVENT_TRIGGERED', trigger_condition: { ...cartTrigger, trigger_delay_type: 'ASAP' }, campaign_content: { content: { push: { android: { template_type: 'BASIC' } } } } }) },
    context: 'Fetched while `ACTIVE`; the file changes the content of an event-triggered campaign:',
    doc: push({ campaign_delivery_type: 'EVENT_TRIGGERED', trigger_condition: { ...cartTrigger, trigger_delay_type: 'ASAP' }, campaign_content: { content: { push: { android: { template_type: 'STYLIZED_BASIC' } } } } }),
    fix: 'Nothing to fix: expect up to 30 minutes until users get the new version (periodic campaigns: from the next run).',
  },

  R1: { kind: 'search', doc: { campaign_fields: { channels: ['PUSH'], id: '65f1c2a4b7e8d9f0a1b2c3d4', status: ['ACTIVE'] }, limit: 15, page: 1 }, fix: 'Use `"ids": ["65f1c2a4b7e8d9f0a1b2c3d4"]` (quick fix); V1\'s `delivery_type` is now `campaign_delivery_type` (quick fix).' },
  R2: { kind: 'search', doc: { campaign_fields: { channels: ['EMAIL'], status: ['ACTIVE', 'DRAFT'] }, limit: 50, page: 1 }, fix: 'Ask for 1 to 15 campaigns per page (quick fix: 15) and page on until a page holds fewer than `limit`. To see drafts, add `DRAFT` to `status`.' },

  W1: { kind: 'campaignrc', text: '{\n  "features": { "queuing": "yes" },\n  "subscriptionCategories": ["newsletters"]\n}', fix: 'Write flags as `true` or `false`; remove a flag to say "unknown". A broken settings file is also reported on every campaign file it governs.' },
};
