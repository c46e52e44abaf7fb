/** Every rule of rules.md: id, default severity, and one sentence. Generated once from rules.md; keep in step with it. */
export interface RuleInfo { id: string; severity: 'error' | 'warning' | 'information' | 'hint'; sev: string; summary: string }

export const RULES: RuleInfo[] = [
  { id: "D1", severity: 'error', sev: "E", summary: "The file must parse as JSON; JSONC comments and trailing commas are reported (the service takes strict JSON) but do not stop validation. Duplicate keys are reported." },
  { id: "D2", severity: 'error', sev: "E", summary: "`channel` is required and is one of `PUSH`, `EMAIL`, `SMS`." },
  { id: "D3", severity: 'error', sev: "E", summary: "`campaign_delivery_type` is required and is one of the seven delivery types." },
  { id: "D4", severity: 'error', sev: "E", summary: "`DEVICE_TRIGGERED` and `LOCATION_TRIGGERED` are Push only; `BROADCAST_LIVE_ACTIVITY` is iOS Push only (`basic_details.platforms` must contain `IOS`)." },
  { id: "D5", severity: 'warning', sev: "W", summary: "`BROADCAST_LIVE_ACTIVITY` cannot be created through `POST /v5/campaigns`; `SMS` campaigns cannot be created or updated through V5 (retrieval only). Reported on the file, and refused by push." },
  { id: "D6", severity: 'error', sev: "E", summary: "`created_by` / `updated_by` are email addresses. A create body carries `created_by`; an update body carries `channel`, `campaign_delivery_type`, `updated_by`." },
  { id: "D7", severity: 'warning', sev: "W", summary: "Unknown keys at any level whose fields the spec lists are reported, with a \"did you mean\" for near misses (edit distance \u2264 2, case-insensitive)." },
  { id: "D8", severity: 'information', sev: "I", summary: "Response-only fields (`id`, `campaign_id`, `version_number`, `status`, `created_at`, `updated_at`, `sent_time`, `flow_id`, `flow_name`, `parent_id`) are read-only metadata: never sent on push; editing them has no effect." },
  { id: "D9", severity: 'error', sev: "E", summary: "Components that do not apply to the channel: `advanced` is Push only; `connector` is Email and SMS only; `sender_name` is SMS only." },
  { id: "B1", severity: 'error', sev: "E", summary: "Push: `platforms` items are `ANDROID`, `IOS`, `WEB`, no duplicates." },
  { id: "B2", severity: 'error', sev: "E", summary: "`business_event` is required for `BUSINESS_EVENT_TRIGGERED`." },
  { id: "B3", severity: 'error', sev: "E", summary: "`broadcast_live_activity_id` is required when `platforms` contains `IOS` and the type is `BROADCAST_LIVE_ACTIVITY`." },
  { id: "B4", severity: 'error', sev: "E / W", summary: "`geofences` is required for `LOCATION_TRIGGERED` (rules G1\u2013G5), and meaningless otherwise." },
  { id: "B5", severity: 'warning', sev: "W", summary: "`send_to_triggered_platform_only` applies to event-triggered campaigns only." },
  { id: "B6", severity: 'error', sev: "E", summary: "Email: `content_type` is `PROMOTIONAL` or `TRANSACTIONAL`." },
  { id: "B7", severity: 'error', sev: "E", summary: "Email: `subscription_category` is required for `PROMOTIONAL`; when the workspace's categories are configured it must be one of them." },
  { id: "B8", severity: 'error', sev: "E", summary: "Email inline test (`/v5/campaigns/test` with inline content): `name`, `content_type`, `user_attribute_identifier` and `subscription_category` are all required. Not required for drafts or draft-mode tests. `user_attribute_identifier` defaults to `Email (Standard)`." },
  { id: "B9", severity: 'error', sev: "E", summary: "`tags` is an array of strings; `name`, `team` are strings." },
  { id: "C1", severity: 'error', sev: "E", summary: "`locales` lists non-default locale names only: `default` must not be listed; no duplicates." },
  { id: "C2", severity: 'error', sev: "E", summary: "Flat shape (a single `push` / `email` object directly under `content`) is valid only when no `locales` and no A/B `variation_details` are configured." },
  { id: "C3", severity: 'error', sev: "E", summary: "Keyed shape: `content[locale][variation] = { push: {...} }` or `{ email: {...} }`. The `default` locale key is always required (a case variant such as `Default` is an error with a rename fix)." },
  { id: "C4", severity: 'error', sev: "E / W", summary: "Every locale key other than `default` must be listed in `locales`; a listed locale with no content is a warning." },
  { id: "C5", severity: 'error', sev: "E", summary: "The content object must match the channel: `push` for `PUSH`, `email` for `EMAIL`; never both." },
  { id: "C6", severity: 'information', sev: "I", summary: "Internals of push/email content, `variation_details` and `platform_specific_details` are not given by the spec: they are not errors. Completions and hovers may offer the public V1 reference shapes (`../reference/`), as hints only." },
  { id: "T1", severity: 'error', sev: "E / W", summary: "Required for `EVENT_TRIGGERED`, `DEVICE_TRIGGERED`, `LOCATION_TRIGGERED`. Not used by `BUSINESS_EVENT_TRIGGERED`, not applicable to `ONE_TIME` / `PERIODIC`." },
  { id: "T2", severity: 'error', sev: "E", summary: "`trigger_delay_type`: Push `DELAY`, `ASAP`, `INTELLIGENT_DELAY`; Email `DELAY`, `ASAP`." },
  { id: "T3", severity: 'error', sev: "E", summary: "`DELAY` requires `trigger_delay_value` (integer \u2265 0), `trigger_delay_granularity` (`MINUTES`, `HOURS`, `DAYS`) and `trigger_relation` (`BEFORE`, `AFTER`)." },
  { id: "T4", severity: 'error', sev: "E", summary: "`trigger_attr`: a string, except when `trigger_relation` is `BEFORE`: then an object whose `name` is the anchoring time attribute." },
  { id: "T5", severity: 'error', sev: "E / W", summary: "`INTELLIGENT_DELAY` (Push only) requires `intelligent_delay_optimization` with `min_delay_value`, `min_delay_granularity` (`MINUTES`, `HOURS`), `max_delay_value`, `max_delay_granularity` (`HOURS`, `DAYS`). A minimum that exceeds the maximum is a warning." },
  { id: "T6", severity: 'error', sev: "E", summary: "`included_filters` and `secondary_included_filters` are filter groups (F1\u2013F7)." },
  { id: "F1", severity: 'error', sev: "E", summary: "A filter group has `filter_operator` (`and` / `or`, lower case: `AND` is an error with a fix) and `filters` (array)." },
  { id: "F2", severity: 'error', sev: "E", summary: "`filter_type` is `user_attributes`, `actions` or `custom_segments`; it selects which fields apply." },
  { id: "F3", severity: 'error', sev: "E", summary: "User attribute: `data_type` is `string`, `double`, `datetime`, `bool` (lower case); `category`, `name` strings; `operator` allowed per `data_type` (spec table)." },
  { id: "F4", severity: 'error', sev: "E", summary: "User attribute: `value` is required unless `operator` is `exists`. `case_sensitive`, `negate` are booleans." },
  { id: "F5", severity: 'error', sev: "E", summary: "User attribute: `project_name` is required when the workspace has the portfolio feature." },
  { id: "F6", severity: 'error', sev: "E", summary: "Action: `action_name` string; `execution.type` `atleast` / `atmost` / `exactly`; `execution.count` integer \u2265 0; `executed` boolean; `attributes` a filter group; `condition` string." },
  { id: "F7", severity: 'error', sev: "E", summary: "Custom segment: `name` and `id` strings, both required." },
  { id: "S1", severity: 'error', sev: "E", summary: "Minimum audience: `is_all_user_campaign` true, or at least one filter under `included_filters`." },
  { id: "S2", severity: 'error', sev: "E", summary: "`included_filters` / `excluded_filters` are filter groups; `is_all_user_campaign`, `send_campaign_to_opt_out_users` booleans." },
  { id: "H1", severity: 'error', sev: "E", summary: "`delivery_type` is `ASAP`, `AT_FIXED_TIME`, `SEND_IN_BTS`, `SEND_IN_USER_TIMEZONE`. `SCHEDULED` is response-only: error, with a fix to the request form." },
  { id: "H2", severity: 'error', sev: "E", summary: "Companions: `AT_FIXED_TIME` needs `start_time`; `SEND_IN_BTS` needs `start_time` and `bts_details`; `SEND_IN_USER_TIMEZONE` needs `start_time` and `user_timezone_details`." },
  { id: "H3", severity: 'error', sev: "E", summary: "`timezone` is required for `AT_FIXED_TIME` and `SEND_IN_BTS`, optional for `SEND_IN_USER_TIMEZONE`, and must be a real IANA zone." },
  { id: "H4", severity: 'error', sev: "E / W", summary: "`start_time` / `expiry_time` are ISO 8601 date-times. An `expiry_time` not after `start_time` is a warning." },
  { id: "H5", severity: 'error', sev: "E", summary: "Response-shaped names in a request (`schedule_time`, `time_zone`, `frequency`) are errors, with fixes to `start_time` / `timezone`." },
  { id: "H6", severity: 'error', sev: "E / W", summary: "`PERIODIC` needs `periodic_details` and `delivery_type` `AT_FIXED_TIME`; `periodic_details` on another type is a warning." },
  { id: "H7", severity: 'error', sev: "E", summary: "`periodic_details`: `sending_frequency` `DAILY`/`WEEKLY`/`MONTHLY`; `repeat_frequency`, `no_of_occurences` integers \u2265 1 (the spec spells it `occurences`: `no_of_occurrences` gets a rename fix); `repeat_on_date_of_month` 1\u201331, `MONTHLY` only; `repeat_on_days_of_week` `MONDAY`\u2013`SUNDAY`, `WEEKLY` or `MONTHLY`; `repeat_on_days_of_week_for_month` items `{week_granularity: FIRST..LAST, repeat_on_days_of_week}`, `MONTHLY` only." },
  { id: "H8", severity: 'error', sev: "E", summary: "`bts_details` fields: `send_in_bts` boolean, `if_user_bts_is_not_available`, `if_user_bts_outside_time_window`, `window_end_time` strings. `user_timezone_details`: `send_in_user_timezone`, `send_if_user_timezone_has_passed` booleans." },
  { id: "H9", severity: 'error', sev: "E", summary: "`geo_fence_timelimit` is for `LOCATION_TRIGGERED` only; `notification_schedule` `ALWAYS` / `LIMITED_TIME`; `timebounds` (items with ISO `start_time`, `end_time`) required for `LIMITED_TIME`." },
  { id: "Q1", severity: 'error', sev: "E", summary: "Push fields and types as in the spec table; Email takes only `bypass_dnd`, `campaign_throttle_rpm`, `count_for_frequency_capping`, `ignore_frequency_capping`, `minimum_delay_between_two_notification_in_hour`." },
  { id: "Q2", severity: 'error', sev: "E", summary: "`bypass_dnd` is required for event-triggered campaigns." },
  { id: "Q3", severity: 'warning', sev: "W", summary: "`campaign_throttle_rpm` does not apply to device-, location- and event-triggered campaigns." },
  { id: "Q4", severity: 'warning', sev: "W", summary: "Fields tied to one delivery type are warnings elsewhere: device-triggered (`max_time_to_show_message_of_same_camapign`, `expiry_time_of_sync_data_in_hour`, `send_message_in_offline_mode`), location-triggered (`send_limit_value`, `send_limit_granularity_in_hours`), event-triggered (`ignore_global_minimum_delay`), event- and device-triggered (`minimum_delay_between_two_notification_in_hour`, Push). The spec spells `camapign`: the correct English spelling gets a rename fix." },
  { id: "Q5", severity: 'error', sev: "E", summary: "`queuing_enabled` / `queue_duration` are flag-gated: an error when the workspace lacks queuing." },
  { id: "Q6", severity: 'error', sev: "E", summary: "Queuing is not supported for `DEVICE_TRIGGERED` or `LOCATION_TRIGGERED`." },
  { id: "Q7", severity: 'error', sev: "E", summary: "`queue_duration` is an integer 0\u201348: 1\u201348 when `queuing_enabled` is true, 0 when false." },
  { id: "A1", severity: 'error', sev: "E", summary: "`expire_notification_after_type` `HOUR` / `DAY`; `remove_from_inbox_after_type` `DAY` only; the values are integers." },
  { id: "A2", severity: 'error', sev: "E", summary: "`android_specific_priority.send_with_priority` boolean." },
  { id: "A3", severity: 'error', sev: "E", summary: "`apns_priority` is the string `\"1\"`, `\"5\"` or `\"10\"` (a number gets a fix to the string); `interruption_level` `Passive`, `Active`, `Time sensitive`, `Critical` (the upper-case forms are accepted too); `relevance_score` 0, 0.5 or 1." },
  { id: "G0", severity: 'error', sev: "E / W", summary: "`conversion_goal_details`: `attribution_window_in_hours` integer; `goals` items with string `goal_name`, `goal_event_name`, `revenue_attribute`, `revenue_currency`, boolean `is_primary_goal`. More than one primary goal is a warning." },
  { id: "G0a", severity: 'error', sev: "E", summary: "`goal_event_attribute.data_type` is upper case (`STRING`, `DOUBLE`, `BOOL`, `NUMBER`, `GEOPOINT`, `DATETIME`, `ARRAY_DOUBLE`, `ARRAY_STRING`, `OBJECT`, `ARRAY_OBJECT`): lower case gets a fix. `value1` is required for `between`." },
  { id: "K1", severity: 'error', sev: "E", summary: "`control_group_details.campaign_control_group_percentage` is an integer 0\u2013100, required when `is_campaign_control_group_enabled` is true." },
  { id: "U1", severity: 'error', sev: "E", summary: "`utm_params`: `utm_source` and `utm_medium` required; the other standard keys (`utm_campaign`, `utm_term`, `utm_content`, `utm_custom`) optional strings." },
  { id: "U2", severity: 'error', sev: "E", summary: "At most 5 additional custom keys, each starting with `utm_`; a key without the prefix is rejected." },
  { id: "L1", severity: 'error', sev: "E", summary: "`campaign_audience_limit` is flag-gated: an error when the workspace lacks it (the service answers 400, target `campaign_audience_limit`). Email and Push only; not for `BROADCAST_LIVE_ACTIVITY`." },
  { id: "L2", severity: 'error', sev: "E", summary: "With `is_campaign_audience_limit_enabled` true, `limit` (integer 1\u20139999999999) is required, and for `PERIODIC` / `EVENT_TRIGGERED` so are `metric` (`SENT`) and `frequency`. With it false, none of the three may be sent." },
  { id: "L3", severity: 'error', sev: "E", summary: "`metric` and `frequency` are valid only for `PERIODIC` and `EVENT_TRIGGERED` (sending them for `ONE_TIME` fails). `frequency` `INSTANCE` is for Periodic Push only. V1's `metrics` gets a rename fix to `metric`." },
  { id: "G1", severity: 'error', sev: "E", summary: "`name`, `latitude`, `longitude`, `radius`, `response_time_value`, `response_time_granularity`, `triggered_at` are required; names unique." },
  { id: "G2", severity: 'error', sev: "E", summary: "`latitude`, `longitude`, `radius` are strings holding numbers: latitude \u221290..90, longitude \u2212180..180, radius > 0." },
  { id: "G3", severity: 'error', sev: "E", summary: "`triggered_at` is `ENTRY`, `EXIT` (upper case) or `dwell` (lower case); wrong case gets a fix." },
  { id: "G4", severity: 'error', sev: "E", summary: "`dwell` requires `dwell_time_value` and `dwell_time_granularity` (`MINUTES`, `HOURS`, `DAYS`)." },
  { id: "G5", severity: 'error', sev: "E", summary: "`response_time_granularity` is `MINUTES`, `HOURS`, `DAYS`." },
  { id: "P1", severity: 'error', sev: "E", summary: "`ACTIVE`: changes to `trigger_condition`, `segmentation_details`, `conversion_goal_details`, `scheduling_details.delivery_type` and `scheduling_details.start_time` are refused." },
  { id: "P2", severity: 'error', sev: "E", summary: "`SCHEDULED`: the scheduling `delivery_type` cannot change." },
  { id: "P3", severity: 'error', sev: "E", summary: "`STOPPED`, `ARCHIVED`: no update is accepted." },
  { id: "P4", severity: 'information', sev: "\u2014", summary: "A change inside a nested object sends the complete parent component." },
  { id: "P5", severity: 'information', sev: "I", summary: "Changes to `trigger_condition` / `campaign_content` of a live event-triggered campaign take up to 30 minutes to reach users; periodic campaigns apply changes from the next run." },
  { id: "R1", severity: 'error', sev: "E", summary: "`campaign_fields` keys: `channels`, `created_by`, `created_date`, `name`, `status`, `tags`, `ids`, `campaign_delivery_type`. V1's `id` gets a fix to `ids` (array); V1's `delivery_type` is an error: it silently returns zero results." },
  { id: "R2", severity: 'error', sev: "E / I", summary: "`limit` 1\u201315, `page` \u2265 1. Drafts are returned only when `DRAFT` is in `status`." },
  { id: 'W1', severity: 'error', sev: 'E', summary: 'A `.campaignrc.json` must be valid JSON shaped `{ "features": { "audienceLimit", "queuing", "portfolio", "versioning": booleans }, "subscriptionCategories": [strings] }`; a malformed one is reported, never silently ignored (Campaign Studio rule, not from the spec).' },
];

const BY_ID = new Map(RULES.map(r => [r.id, r]));

export function ruleInfo(id: string): RuleInfo | undefined {
  return BY_ID.get(id);
}

/** The default severity of a rule; rules marked "E / W" pass the severity of each finding. */
export function ruleSeverity(id: string, fallback: RuleInfo['severity']): RuleInfo['severity'] {
  const r = BY_ID.get(id);
  if (!r) return fallback;
  return r.sev.includes('/') ? fallback : r.severity;
}

/** Where each rule is documented in the repository (diagnostic `codeDescription.href`). */
export const RULES_DOC_URL = 'https://github.com/campaign-studio/campaign-studio/blob/main/docs/rules.md';

export function ruleHref(id: string): string {
  return `${RULES_DOC_URL}#${id.toLowerCase()}`;
}
