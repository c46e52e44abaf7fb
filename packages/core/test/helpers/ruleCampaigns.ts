/**
 * Realistic campaign documents for the rule tables, shaped like the V5 request bodies (and the
 * example payloads of the public V1 reference), plus a way to name the range a rule should mark.
 */

import { lint, LintOptions } from './lint';
import { applyFix, formattingFor } from '../../src/language/codeActions';
import { Fix } from '../../src/model/types';
import { isObject } from '../../src/model/json';

export type Doc = Record<string, unknown>;

/** A deep copy of `base` with `patch` merged in (objects merged, anything else replaced; `undefined` deletes). */
export function withPatch(base: Doc, patch: Doc): Doc {
  const out: Doc = structuredClone(base);
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete out[k];
    else if (isObject(v) && isObject(out[k])) out[k] = withPatch(out[k] as Doc, v as Doc);
    else out[k] = structuredClone(v);
  }
  return out;
}

/** The text `lint` sees for a document given as an object. */
export function textOf(doc: string | object): string {
  return typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2);
}

/**
 * The 0-based range [line, ch, line, ch] of the `occurrence`-th `needle` in the document's text:
 * `'"timezone"'` for a key, `'"IST"'` for a string value.
 */
export function rangeOf(doc: string | object, needle: string, occurrence = 0): [number, number, number, number] {
  const text = textOf(doc);
  let i = -1;
  for (let n = 0; n <= occurrence; n++) {
    i = text.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`"${needle}" (occurrence ${occurrence}) is not in the document`);
  }
  const before = text.slice(0, i).split('\n');
  const line = before.length - 1;
  const ch = before[line].length;
  return [line, ch, line, ch + needle.length];
}

export const CREATED_BY = 'jane.doe@example.com';

/** A one-time Push campaign at a fixed time, as created with `POST /v5/campaigns`. */
export const pushOneTime: Doc = {
  channel: 'PUSH',
  campaign_delivery_type: 'ONE_TIME',
  created_by: CREATED_BY,
  basic_details: { name: 'Spring sale reminder', team: 'growth', tags: ['promo', 'spring'], platforms: ['ANDROID', 'IOS'] },
  campaign_content: {
    content: {
      push: {
        android: {
          template_type: 'BASIC',
          basic_details: {
            notification_channel: 'general',
            title: 'Spring sale!',
            message: 'Up to 40% off today only.',
            default_click_action: 'DEEPLINKING',
            default_click_action_value: 'https://shop.example.com/sale',
          },
        },
      },
    },
  },
  segmentation_details: {
    included_filters: {
      filter_operator: 'and',
      filters: [
        {
          filter_type: 'user_attributes',
          data_type: 'string',
          category: 'Tracked Standard Attribute',
          name: 'City',
          operator: 'in',
          value: ['Berlin', 'Munich'],
          case_sensitive: false,
          negate: false,
        },
      ],
    },
    is_all_user_campaign: false,
  },
  scheduling_details: {
    delivery_type: 'AT_FIXED_TIME',
    start_time: '2026-03-01T10:00:00',
    expiry_time: '2026-03-02T10:00:00',
    timezone: 'Europe/Berlin',
  },
  delivery_controls: { bypass_dnd: false, campaign_throttle_rpm: 5000, count_for_frequency_capping: true, ignore_frequency_capping: false },
  advanced: {
    expiration_settings: {
      expire_notification_after_value: 1,
      expire_notification_after_type: 'DAY',
      remove_from_inbox_after_value: 7,
      remove_from_inbox_after_type: 'DAY',
    },
    platform_level_priority: {
      android_specific_priority: { send_with_priority: true },
      ios_specific_priority: { apns_priority: '10', interruption_level: 'Active', relevance_score: 0.5 },
    },
  },
  conversion_goal_details: {
    attribution_window_in_hours: 36,
    goals: [
      {
        goal_name: 'Purchase',
        goal_event_name: 'Purchase Completed',
        is_primary_goal: true,
        revenue_attribute: 'amount',
        revenue_currency: 'EUR',
      },
    ],
  },
  control_group_details: {
    is_campaign_control_group_enabled: true,
    campaign_control_group_percentage: 10,
    is_global_control_group_enabled: false,
  },
  utm_params: { utm_source: 'push', utm_medium: 'mobile', utm_campaign: 'spring_sale' },
};

/** A periodic Push campaign: `AT_FIXED_TIME` with `periodic_details`. */
export const pushPeriodic: Doc = withPatch(pushOneTime, {
  campaign_delivery_type: 'PERIODIC',
  basic_details: { name: 'Weekly digest' },
  scheduling_details: {
    delivery_type: 'AT_FIXED_TIME',
    start_time: '2026-03-02T09:00:00',
    timezone: 'Asia/Kolkata',
    expiry_time: undefined,
    periodic_details: { sending_frequency: 'WEEKLY', repeat_frequency: 1, no_of_occurences: 12, repeat_on_days_of_week: ['MONDAY'] },
  },
});

/** An event-triggered Email campaign. */
export const emailEventTriggered: Doc = {
  channel: 'EMAIL',
  campaign_delivery_type: 'EVENT_TRIGGERED',
  created_by: CREATED_BY,
  basic_details: {
    name: 'Cart abandonment',
    content_type: 'PROMOTIONAL',
    subscription_category: 'newsletters',
    user_attribute_identifier: 'Email (Standard)',
    team: 'lifecycle',
    tags: ['cart'],
  },
  trigger_condition: {
    included_filters: {
      filter_operator: 'and',
      filters: [{ filter_type: 'actions', action_name: 'Added To Cart', execution: { type: 'atleast', count: 1 }, executed: true }],
    },
    trigger_delay_type: 'DELAY',
    trigger_delay_value: 2,
    trigger_delay_granularity: 'HOURS',
    trigger_relation: 'AFTER',
    trigger_attr: 'Added To Cart',
  },
  scheduling_details: { delivery_type: 'ASAP', expiry_time: '2026-12-31T23:59:00Z' },
  delivery_controls: {
    bypass_dnd: false,
    count_for_frequency_capping: true,
    ignore_frequency_capping: false,
    minimum_delay_between_two_notification_in_hour: 24,
  },
  utm_params: { utm_source: 'email', utm_medium: 'crm', utm_campaign: 'cart_abandonment' },
};

/** An event-triggered Push campaign. */
export const pushEventTriggered: Doc = withPatch(emailEventTriggered, {
  channel: 'PUSH',
  basic_details: {
    name: 'Cart abandonment push',
    content_type: undefined,
    subscription_category: undefined,
    user_attribute_identifier: undefined,
    platforms: ['ANDROID'],
  },
  delivery_controls: { ignore_global_minimum_delay: false },
});

/** A device-triggered Push campaign. */
export const pushDeviceTriggered: Doc = withPatch(pushEventTriggered, {
  campaign_delivery_type: 'DEVICE_TRIGGERED',
  basic_details: { name: 'Offline reminder' },
  delivery_controls: {
    bypass_dnd: false,
    count_for_frequency_capping: true,
    ignore_global_minimum_delay: undefined,
    max_time_to_show_message_of_same_camapign: '24',
    expiry_time_of_sync_data_in_hour: '48',
    send_message_in_offline_mode: true,
    minimum_delay_between_two_notification_in_hour: 6,
  },
});

/** A location-triggered Push campaign (geofence). */
export const pushLocationTriggered: Doc = withPatch(pushEventTriggered, {
  campaign_delivery_type: 'LOCATION_TRIGGERED',
  basic_details: {
    name: 'Store nearby',
    geofences: [
      {
        name: 'Alexanderplatz store',
        latitude: '52.5219',
        longitude: '13.4132',
        radius: '200',
        response_time_value: '0',
        response_time_granularity: 'MINUTES',
        triggered_at: 'ENTRY',
      },
    ],
  },
  scheduling_details: { delivery_type: 'ASAP', geo_fence_timelimit: { notification_schedule: 'ALWAYS' } },
  delivery_controls: {
    bypass_dnd: false,
    ignore_global_minimum_delay: undefined,
    minimum_delay_between_two_notification_in_hour: undefined,
    send_limit_value: '3',
    send_limit_granularity_in_hours: '24',
  },
});

/** The range of the scalar value of the `occurrence`-th property `key` (as `JSON.stringify(…, null, 2)` writes it). */
export function valueRangeOf(doc: string | object, key: string, occurrence = 0): [number, number, number, number] {
  const text = textOf(doc);
  const [line, ch] = rangeOf(doc, `"${key}": `, occurrence);
  const rest = text.split('\n')[line].slice(ch + key.length + 4);
  const token = /^("(?:[^"\\]|\\.)*"|[^,\s\]}]+)/.exec(rest);
  if (!token) throw new Error(`"${key}" has no scalar value`);
  const start = ch + key.length + 4;
  return [line, start, line, start + token[1].length];
}

/**
 * Applies every fix that `rule` offers on `doc`, the way the editor's quick fix does, and returns
 * what went wrong: a fix whose result is not strict JSON, or a preferred fix after which the same
 * finding is still reported.
 */
export function fixProblems(doc: string | object, rule: string, opts: LintOptions = {}): string[] {
  const text = textOf(doc);
  const problems: string[] = [];
  const got = lint(text, opts).filter(g => g.rule === rule);
  if (!got.length) return [`${rule} reports nothing to fix`];
  for (const g of got) {
    for (const f of (g.fixes ?? []) as Fix[]) {
      const after = applyFix(text, f.edits, formattingFor(text));
      try {
        JSON.parse(after);
      } catch {
        problems.push(`${g.path} "${f.title}": the result is not JSON:\n${after}`);
        continue;
      }
      if (f.isPreferred && lint(after, opts).some(a => a.rule === rule && a.path === g.path && a.message === g.message)) {
        problems.push(`${g.path} "${f.title}": the finding is still there`);
      }
    }
  }
  return problems;
}
