import { Workspace } from './model';

/**
 * The small builders the seed's campaigns are written with (seedCampaigns.ts): filters,
 * audiences, content, schedules and delivery controls in the request shape.
 */

export type Obj = Record<string, unknown>;

export function userAttr(ws: Workspace, name: string, dataType: string, operator: string, value?: unknown): Obj {
  const f: Obj = { filter_type: 'user_attributes', data_type: dataType, category: 'Tracked Standard Attribute', name, operator };
  if (value !== undefined) f.value = value;
  f.case_sensitive = false;
  f.negate = false;
  if (ws.features.portfolio) f.project_name = 'Shopco Retail';
  return f;
}

export function action(name: string, count = 1, type = 'atleast'): Obj {
  return { filter_type: 'actions', action_name: name, executed: true, execution: { type, count } };
}

export function segment(name: string, id: string): Obj {
  return { filter_type: 'custom_segments', name, id };
}

export function audience(filters: Obj[], operator: 'and' | 'or' = 'and', excluded?: Obj[]): Obj {
  const s: Obj = { included_filters: { filter_operator: operator, filters } };
  if (excluded) s.excluded_filters = { filter_operator: 'or', filters: excluded };
  s.is_all_user_campaign = false;
  s.send_campaign_to_opt_out_users = false;
  return s;
}

export const ALL_USERS: Obj = { is_all_user_campaign: true, send_campaign_to_opt_out_users: false };

const android = (title: string, message: string, link: string): Obj => ({
  template_type: 'BASIC',
  basic_details: { notification_channel: 'general', title, message, default_click_action: 'DEEPLINKING', default_click_action_value: link },
});
const ios = (title: string, message: string, link: string): Obj => ({
  template_type: 'BASIC',
  basic_details: { title, message, default_click_action: 'DEEPLINKING', default_click_action_value: link },
});
const web = (title: string, message: string, link: string): Obj => ({
  template_type: 'BASIC',
  basic_details: { title, message, redirect_url: link },
  advanced: { icon_image_type: 'DEFAULT' },
});

function pushPayload(platforms: string[], title: string, message: string, link: string): Obj {
  const p: Obj = {};
  if (platforms.includes('ANDROID')) p.android = android(title, message, link);
  if (platforms.includes('IOS')) p.ios = ios(title, message, link);
  if (platforms.includes('WEB')) p.web = web(title, message, link);
  return p;
}

export function pushContent(platforms: string[], title: string, message: string, link = 'shopco://home'): Obj {
  return { content: { push: pushPayload(platforms, title, message, link) } };
}

/** Keyed content: locales and two A/B variations. */
export function pushContentLocalised(platforms: string[], texts: Record<string, [string, string]>, link: string): Obj {
  const locales = Object.keys(texts).filter(l => l !== 'default');
  const content: Obj = {};
  for (const [locale, [title, message]] of Object.entries(texts)) {
    content[locale] = {
      variation_1: { push: pushPayload(platforms, title, message, link) },
      variation_2: { push: pushPayload(platforms, `${title} ✨`, message, link) },
    };
  }
  return {
    locales,
    variation_details: {
      distribution_type: 'MANUAL',
      no_of_variations: 2,
      manual_distribution_percentage: { variation_1: '50', variation_2: '50' },
    },
    content,
  };
}

function email(subject: string, preview: string, body: string, from = 'hello@shopco.example'): Obj {
  return {
    subject,
    sender_name: 'Shopco',
    from_address: from,
    reply_to_address: 'support@shopco.example',
    preview_text: preview,
    html_content: `<!DOCTYPE html><html><body><h1>${subject}</h1><p>${body}</p><p>{{UserAttribute['First Name']}}, see you soon.</p></body></html>`,
  };
}

export function emailContent(subject: string, preview: string, body: string, from?: string): Obj {
  return { content: { email: email(subject, preview, body, from) } };
}

export function pushBasic(name: string, platforms: string[], team: string, tags: string[], extra: Obj = {}): Obj {
  const b: Obj = { name, team, tags, platforms };
  const psd: Obj = {};
  if (platforms.includes('ANDROID')) psd.android = { push_amp_plus_enabled: false };
  if (platforms.includes('IOS')) psd.ios = { send_to_all_eligible_device: true, exclude_provisional_push_devices: false };
  if (Object.keys(psd).length) b.platform_specific_details = psd;
  return { ...b, ...extra };
}

export function emailBasic(
  name: string,
  contentType: 'PROMOTIONAL' | 'TRANSACTIONAL',
  team: string,
  tags: string[],
  category?: string,
  extra: Obj = {},
): Obj {
  const b: Obj = { name, content_type: contentType };
  if (category) b.subscription_category = category;
  return { ...b, user_attribute_identifier: 'Email (Standard)', team, tags, ...extra };
}

export const CONNECTOR = { connector_type: 'SENDGRID', connector_name: 'Primary SendGrid' };

export const asap = (expiry?: string): Obj => (expiry ? { delivery_type: 'ASAP', expiry_time: expiry } : { delivery_type: 'ASAP' });
export const fixed = (start: string, tz: string, expiry?: string): Obj => ({
  delivery_type: 'AT_FIXED_TIME',
  start_time: start,
  timezone: tz,
  ...(expiry ? { expiry_time: expiry } : {}),
});
export const bts = (start: string, tz: string): Obj => ({
  delivery_type: 'SEND_IN_BTS',
  start_time: start,
  timezone: tz,
  bts_details: {
    send_in_bts: true,
    if_user_bts_is_not_available: 'SEND_AT_START_TIME',
    if_user_bts_outside_time_window: 'SEND_AT_WINDOW_END',
    window_end_time: '21:00',
  },
});
export const inUserTz = (start: string): Obj => ({
  delivery_type: 'SEND_IN_USER_TIMEZONE',
  start_time: start,
  user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: false },
});
export const periodic = (start: string, tz: string, details: Obj, expiry?: string): Obj => ({
  ...fixed(start, tz, expiry),
  periodic_details: details,
});

export const pushControls = (extra: Obj = {}): Obj => ({
  bypass_dnd: false,
  campaign_throttle_rpm: 60000,
  count_for_frequency_capping: true,
  ignore_frequency_capping: false,
  ...extra,
});
export const eventPushControls = (extra: Obj = {}): Obj => ({
  bypass_dnd: false,
  count_for_frequency_capping: true,
  ignore_frequency_capping: false,
  minimum_delay_between_two_notification_in_hour: 4,
  ignore_global_minimum_delay: false,
  ...extra,
});
/** Business-event campaigns: no throttle (rule Q3 reads "event-triggered" broadly). */
export const businessEventControls = (extra: Obj = {}): Obj => ({
  bypass_dnd: false,
  count_for_frequency_capping: true,
  ignore_frequency_capping: false,
  ...extra,
});
export const emailControls = (extra: Obj = {}): Obj => ({
  bypass_dnd: false,
  campaign_throttle_rpm: 30000,
  count_for_frequency_capping: true,
  ignore_frequency_capping: false,
  ...extra,
});
export const eventEmailControls = (extra: Obj = {}): Obj => ({
  bypass_dnd: false,
  count_for_frequency_capping: true,
  ignore_frequency_capping: false,
  minimum_delay_between_two_notification_in_hour: 24,
  ...extra,
});

export const ADVANCED: Obj = {
  expiration_settings: {
    expire_notification_after_value: 2,
    expire_notification_after_type: 'DAY',
    remove_from_inbox_after_value: 7,
    remove_from_inbox_after_type: 'DAY',
  },
  platform_level_priority: {
    android_specific_priority: { send_with_priority: true },
    ios_specific_priority: { apns_priority: '10', interruption_level: 'Active', relevance_score: 0.5 },
  },
};

export const GOALS: Obj = {
  attribution_window_in_hours: 36,
  goals: [
    {
      goal_name: 'Purchase',
      goal_event_name: 'Purchase Completed',
      is_primary_goal: true,
      revenue_attribute: 'order_value',
      revenue_currency: 'USD',
    },
    {
      goal_name: 'Viewed shoes',
      goal_event_name: 'Product Viewed',
      is_primary_goal: false,
      goal_event_attribute: {
        name: 'category',
        condition: 'is',
        data_type: 'STRING',
        value: 'shoes',
        negate: false,
        is_case_sensitive: false,
      },
    },
  ],
};

export const CONTROL_GROUP: Obj = {
  is_campaign_control_group_enabled: true,
  campaign_control_group_percentage: 10,
  is_global_control_group_enabled: true,
};

export const utm = (medium: string, campaign: string, extra: Obj = {}): Obj => ({
  utm_source: 'shopco',
  utm_medium: medium,
  utm_campaign: campaign,
  ...extra,
});

export function delayTrigger(filters: Obj[], value: number, granularity: string): Obj {
  return {
    included_filters: { filter_operator: 'and', filters },
    trigger_delay_type: 'DELAY',
    trigger_delay_value: value,
    trigger_delay_granularity: granularity,
    trigger_relation: 'AFTER',
    trigger_attr: 'ACTION_TRIGGER',
  };
}

export function asapTrigger(filters: Obj[], secondary?: Obj[]): Obj {
  const t: Obj = { included_filters: { filter_operator: 'and', filters } };
  if (secondary) t.secondary_included_filters = { filter_operator: 'or', filters: secondary };
  t.trigger_delay_type = 'ASAP';
  return t;
}
