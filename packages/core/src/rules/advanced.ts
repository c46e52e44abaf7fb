import { RuleGroup } from './define';
import { push } from './examples';

/**
 * `advanced` (rules A1–A3, Push only): expiration and platform priorities. The advanced schema
 * says all of it; the channel check (D9) is in `document.ts`.
 */

export const advancedRules: RuleGroup = {
  section: '`advanced` (Push only)',
  rules: [
    {
      id: 'A1',
      title: 'Expiration settings',
      severity: 'E',
      summary: '`expire_notification_after_type` `HOUR` / `DAY`; `remove_from_inbox_after_type` `DAY` only; the values are integers.',
      messages: {
        inboxUnitDayOnly:
          '`remove_from_inbox_after_type` takes only `DAY`, not `{value}`: the service rejects other units. Give `remove_from_inbox_after_value` in days.',
      },
      docs: {
        doc: push({ advanced: { expiration_settings: { remove_from_inbox_after_value: 2, remove_from_inbox_after_type: 'HOUR' } } }),
        fix: '`remove_from_inbox_after_type` takes `DAY` only; `expire_notification_after_type` takes `HOUR` or `DAY`.',
      },
    },
    {
      id: 'A2',
      title: 'Android priority',
      severity: 'E',
      summary: '`android_specific_priority.send_with_priority` boolean.',
      docs: {
        doc: push({ advanced: { platform_level_priority: { android_specific_priority: { send_with_priority: 'true' } } } }),
        fix: 'Write `true` or `false` without quotes.',
      },
    },
    {
      id: 'A3',
      title: 'iOS priority',
      severity: 'E',
      summary:
        '`apns_priority` is the string `"1"`, `"5"` or `"10"` (a number gets a fix to the string); `interruption_level` `Passive`, `Active`, `Time sensitive`, `Critical` (the upper-case forms are accepted too); `relevance_score` 0, 0.5 or 1.',
      messages: {
        notApnsPriority: '`{value}` is not an APNs priority: use the string `"1"`, `"5"` or `"10"`, in quotes.',
      },
      docs: {
        doc: push({ advanced: { platform_level_priority: { ios_specific_priority: { apns_priority: 10 } } } }),
        fix: 'Write the APNs priority as a string: `"10"` (quick fix), `"5"` or `"1"`.',
      },
    },
  ],
  checks: [],
};
