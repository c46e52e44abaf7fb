/**
 * Deterministic campaign documents of a chosen size, valid or with mistakes sprinkled through,
 * for the benchmark and the fuzz tests. Size grows through the audience filters, the part of a
 * real campaign that grows without bound.
 */

export function userAttributeFilter(i: number, broken: boolean): Record<string, unknown> {
  const f: Record<string, unknown> = {
    filter_type: 'user_attributes',
    data_type: 'string',
    category: 'Tracked Standard Attribute',
    name: `city_${i}`,
    operator: 'in',
    value: ['Berlin', 'Paris', `Town ${i}`],
    case_sensitive: false,
    negate: i % 7 === 0,
  };
  if (broken) {
    // F3: an operator that `string` does not allow.
    f.operator = 'lessThan';
  }
  return f;
}

export function actionFilter(i: number, broken: boolean): Record<string, unknown> {
  return {
    filter_type: 'actions',
    action_name: `Purchased_${i}`,
    execution: { type: 'atleast', count: 1 + (i % 3) },
    executed: true,
    attributes: {
      // F1: the operator must be lower case.
      filter_operator: broken ? 'AND' : 'and',
      filters: [
        {
          filter_type: 'user_attributes',
          data_type: 'double',
          category: 'Event Attribute',
          name: 'amount',
          operator: 'greaterThan',
          value: 10 + i,
          case_sensitive: false,
          negate: false,
        },
      ],
    },
  };
}

export interface GenerateOptions {
  /** Approximate size of the pretty-printed document in bytes. */
  bytes: number;
  /** Sprinkle mistakes: about one filter in 40, plus a few top-level ones. */
  errors?: boolean;
}

export function generateCampaign(opts: GenerateOptions): string {
  const base: Record<string, unknown> = {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    created_by: 'bench@example.com',
    basic_details: {
      name: 'Winter sale reminder',
      platforms: ['ANDROID', 'IOS'],
      tags: ['sale', 'winter'],
      team: 'growth',
    },
    campaign_content: {
      content: {
        push: {
          android: {
            title: 'Winter sale',
            message: 'Up to 50% off until Sunday',
            default_click_action: 'DEEPLINK',
            default_click_action_value: 'shop://sale',
          },
          ios: { title: 'Winter sale', message: 'Up to 50% off until Sunday' },
        },
      },
    },
    segmentation_details: {
      included_filters: { filter_operator: 'and', filters: [] as unknown[] },
      is_all_user_campaign: false,
      send_campaign_to_opt_out_users: false,
    },
    scheduling_details: {
      delivery_type: 'AT_FIXED_TIME',
      start_time: '2027-01-15T10:00:00',
      timezone: opts.errors ? 'Mars/Olympus' : 'Europe/Berlin',
    },
    delivery_controls: {
      bypass_dnd: false,
      campaign_throttle_rpm: 1000,
      count_for_frequency_capping: true,
      ignore_frequency_capping: false,
    },
    advanced: {
      expiration_settings: {
        expire_notification_after_value: 2,
        expire_notification_after_type: 'DAY',
        remove_from_inbox_after_value: 7,
        remove_from_inbox_after_type: opts.errors ? 'HOUR' : 'DAY',
      },
      platform_level_priority: {
        android_specific_priority: { send_with_priority: true },
        ios_specific_priority: { apns_priority: opts.errors ? 10 : '10', interruption_level: 'Active', relevance_score: 0.5 },
      },
    },
    control_group_details: {
      is_campaign_control_group_enabled: true,
      campaign_control_group_percentage: 10,
      is_global_control_group_enabled: false,
    },
    utm_params: { utm_source: 'push', utm_medium: 'mobile', utm_campaign: 'winter_sale' },
  };
  const filters = (base.segmentation_details as { included_filters: { filters: unknown[] } }).included_filters.filters;
  const fill = (count: number): void => {
    filters.length = 0;
    for (let i = 0; i < count; i++) {
      const broken = !!opts.errors && i % 40 === 39;
      filters.push(i % 2 === 0 ? userAttributeFilter(i, broken) : actionFilter(i, broken));
    }
  };
  // Measure a small sample at its real indentation, then size the list in one go.
  const skeleton = JSON.stringify(base, null, 2).length;
  fill(10);
  const per = (JSON.stringify(base, null, 2).length - skeleton) / 10;
  fill(Math.max(1, Math.round((opts.bytes - skeleton) / per)));
  return JSON.stringify(base, null, 2) + '\n';
}

/**
 * A campaign that is not strict JSON: a trailing comma before the last brace, after a key named
 * by `n` (so that documents differ). Its ranges need the position tree, the heaviest thing a
 * parse can hold.
 */
export function brokenCampaign(opts: { bytes: number; errors?: boolean; n: number }): string {
  return generateCampaign(opts).replace(/\n}\s*$/, `,\n  "note_${opts.n}": ${opts.n},\n}\n`);
}
