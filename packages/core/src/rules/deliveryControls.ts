import * as l10n from '@vscode/l10n';
import { Finding, Fix, RuleCheck, WorkspaceSettings } from '../model/types';
import { join } from '../model/pointer';
import { campaignKind, code as c, finding, fix, has, isObj, Obj } from './util';
import { deliveryTypeOf } from './scheduling';
import { FixContext, RuleGroup } from './define';
import { cartTrigger, email, push, queuing } from './examples';

/**
 * `delivery_controls` (rules Q1–Q7): the fields that belong to one channel or one delivery type,
 * the queuing feature flag, and the queue duration that goes with `queuing_enabled`.
 */

const DC = '/delivery_controls';

export const EMAIL_FIELDS = [
  'bypass_dnd',
  'campaign_throttle_rpm',
  'count_for_frequency_capping',
  'ignore_frequency_capping',
  'minimum_delay_between_two_notification_in_hour',
];

/** Push fields tied to delivery types (Q4); the schema's `x-delivery-types` says the same for hovers. */
export const TIED_FIELDS: Record<string, string[]> = {
  max_time_to_show_message_of_same_camapign: ['DEVICE_TRIGGERED'],
  expiry_time_of_sync_data_in_hour: ['DEVICE_TRIGGERED'],
  send_message_in_offline_mode: ['DEVICE_TRIGGERED'],
  send_limit_value: ['LOCATION_TRIGGERED'],
  send_limit_granularity_in_hours: ['LOCATION_TRIGGERED'],
  ignore_global_minimum_delay: ['EVENT_TRIGGERED'],
  minimum_delay_between_two_notification_in_hour: ['EVENT_TRIGGERED', 'DEVICE_TRIGGERED'],
};

/** The English spelling of the field the service spells `camapign`. */
const MISSPELT = 'max_time_to_show_message_of_same_campaign';
const SPELT = 'max_time_to_show_message_of_same_camapign';

const NO_THROTTLE = ['DEVICE_TRIGGERED', 'LOCATION_TRIGGERED', 'EVENT_TRIGGERED'];
const NO_QUEUING = ['DEVICE_TRIGGERED', 'LOCATION_TRIGGERED'];
const QUEUING_FIELDS = ['queuing_enabled', 'queue_duration'];

const TYPE_WORDS: Record<string, string> = {
  DEVICE_TRIGGERED: 'device-triggered',
  LOCATION_TRIGGERED: 'location-triggered',
  EVENT_TRIGGERED: 'event-triggered',
};

function remove(key: string, isPreferred = true): Fix {
  return fix(l10n.t`Remove \`${key}\``, [{ kind: 'remove', path: join(DC, key) }], isPreferred);
}

function words(types: string[]): string {
  return types.map(t => TYPE_WORDS[t] ?? t).join(' and ');
}

/** Q1: Email takes only five fields; the Push ones are reported with a fix. */
function checkEmailFields(dc: Obj): Finding[] {
  return Object.keys(dc)
    .filter(k => !EMAIL_FIELDS.includes(k) && (has(TIED_FIELDS, k) || QUEUING_FIELDS.includes(k) || k === MISSPELT))
    .map(k =>
      finding(
        'Q1',
        'error',
        join(DC, k),
        l10n.t('`{0}` is a Push delivery control; Email takes only {1}. Remove it.', k, EMAIL_FIELDS.map(c).join(', ')),
        { target: 'key', fixes: [remove(k)] },
      ),
    );
}

/** Q2: event-triggered campaigns say whether they bypass DND. */
function checkBypassDnd(dc: Obj, type: string | undefined): Finding[] {
  if (type !== 'EVENT_TRIGGERED' || has(dc, 'bypass_dnd')) return [];
  return [
    finding(
      'Q2',
      'error',
      join(DC, 'bypass_dnd'),
      l10n.t(
        "`bypass_dnd` is required for `EVENT_TRIGGERED` campaigns: say whether messages may be sent during the user's Do Not Disturb hours (`false` respects them).",
      ),
      { fixes: [fix(l10n.t('Add `"bypass_dnd": false`'), [{ kind: 'insert', path: join(DC, 'bypass_dnd'), value: false }])] },
    ),
  ];
}

/** Q3: no throttle for triggered campaigns. */
function checkThrottle(dc: Obj, type: string | undefined): Finding[] {
  if (!type || !NO_THROTTLE.includes(type) || !has(dc, 'campaign_throttle_rpm')) return [];
  return [
    finding(
      'Q3',
      'warning',
      join(DC, 'campaign_throttle_rpm'),
      l10n.t`\`campaign_throttle_rpm\` does not apply to ${TYPE_WORDS[type]} campaigns: they send as users trigger them, so the throttle is ignored. Remove it.`,
      { target: 'key', fixes: [remove('campaign_throttle_rpm')] },
    ),
  ];
}

/** Q4: Push fields that belong to one delivery type, and the service's spelling `camapign`. */
function checkTiedFields(dc: Obj, type: string | undefined): Finding[] {
  const out: Finding[] = [];
  for (const [key, types] of Object.entries(TIED_FIELDS)) {
    if (!has(dc, key) || !type || types.includes(type)) continue;
    out.push(
      finding(
        'Q4',
        'warning',
        join(DC, key),
        l10n.t('`{0}` applies to {1} campaigns only; this one is {2}, so it is ignored. Remove it.', key, words(types), c(type)),
        { target: 'key', fixes: [remove(key)] },
      ),
    );
  }
  if (has(dc, MISSPELT)) {
    const path = join(DC, MISSPELT);
    const clash = has(dc, SPELT);
    const elsewhere =
      type && type !== 'DEVICE_TRIGGERED' ? l10n.t` It applies to device-triggered campaigns only, and this one is ${c(type)}.` : '';
    const rename = (preferred: boolean): Fix =>
      fix(l10n.t`Rename to \`${SPELT}\``, [{ kind: 'renameKey', path, newKey: SPELT }], preferred);
    // Already spelt the service's way: drop the copy. On another delivery type: dropping it is right.
    const fixes = clash ? [remove(MISSPELT)] : elsewhere ? [remove(MISSPELT), rename(false)] : [rename(true)];
    out.push(
      finding(
        'Q4',
        'warning',
        path,
        l10n.t('The service spells this field `{0}` (`camapign`) and ignores `{1}`.', SPELT, MISSPELT) +
          (clash ? l10n.t` \`${SPELT}\` is already there: remove this one.` : l10n.t(' Rename it.')) +
          elsewhere,
        { target: 'key', fixes },
      ),
    );
  }
  return out;
}

/** Q5, Q6: queuing needs the workspace feature and a delivery type that supports it. */
function checkQueuingAllowed(dc: Obj, type: string | undefined, settings: WorkspaceSettings): Finding[] {
  const present = QUEUING_FIELDS.filter(k => has(dc, k));
  if (!present.length) return [];
  if (type && NO_QUEUING.includes(type)) {
    return present.map(k =>
      finding(
        'Q6',
        'error',
        join(DC, k),
        l10n.t('Queuing is not supported for {0} campaigns: the service rejects `{1}`. Remove it.', c(type), k),
        { target: 'key', fixes: [remove(k)] },
      ),
    );
  }
  const flag = settings.features.queuing;
  if (flag === true) return [];
  if (flag === false) {
    return present.map(k =>
      finding(
        'Q5',
        'error',
        join(DC, k),
        l10n.t`This workspace does not have the queuing feature (the workspace settings say \`features.queuing\` is \`false\`), so the service rejects \`${k}\`. Remove it, or have queuing enabled for the workspace.`,
        { target: 'key', fixes: [remove(k)] },
      ),
    );
  }
  return present.map(k =>
    finding(
      'Q5',
      'information',
      join(DC, k),
      l10n.t`\`${k}\` needs the workspace's queuing feature, which is not configured here: the service rejects it on a workspace without queuing. Set \`features.queuing\` in \`.campaignrc.json\` to check it.`,
      { target: 'key' },
    ),
  );
}

/** Q7: `queue_duration` 1–48 with queuing on, 0 with it off. */
function checkQueueDuration(dc: Obj): Finding[] {
  const on = dc.queuing_enabled;
  const d = dc.queue_duration;
  const path = join(DC, 'queue_duration');
  if (on === true) {
    if (!has(dc, 'queue_duration')) {
      return [
        finding(
          'Q7',
          'error',
          path,
          l10n.t(
            '`queue_duration` is required when `queuing_enabled` is `true`: the hours (1–48) a queued message is retried before it is dropped.',
          ),
          { fixes: [fix(l10n.t('Add `"queue_duration": 24`'), [{ kind: 'insert', path, value: 24 }])] },
        ),
      ];
    }
    if (d === 0) {
      return [
        finding(
          'Q7',
          'error',
          path,
          l10n.t('`queue_duration` must be 1–48 hours when `queuing_enabled` is `true`: with 0 a queued message would be dropped at once.'),
          { fixes: [fix(l10n.t('Change to 24 hours'), [{ kind: 'replaceValue', path, value: 24 }])] },
        ),
      ];
    }
  } else if (on === false && typeof d === 'number' && Number.isInteger(d) && d > 0 && d <= 48) {
    return [
      finding(
        'Q7',
        'error',
        path,
        l10n.t`\`queue_duration\` must be 0 when \`queuing_enabled\` is \`false\`, not ${d}. Set it to 0, or turn queuing on.`,
        {
          fixes: [
            fix(l10n.t('Change to 0'), [{ kind: 'replaceValue', path, value: 0 }]),
            fix(l10n.t('Set `queuing_enabled` to `true`'), [{ kind: 'replaceValue', path: join(DC, 'queuing_enabled'), value: true }]),
          ],
        },
      ),
    ];
  }
  return [];
}

/** Q4: the spec spells it `camapign`. */
function camapignSpellingFix(f: FixContext): Fix[] {
  return f.key === 'max_time_to_show_message_of_same_campaign' && f.value !== undefined
    ? [
        fix(
          l10n.t("Rename to `max_time_to_show_message_of_same_camapign` (the service's spelling)"),
          [{ kind: 'renameKey', path: f.finding.path, newKey: 'max_time_to_show_message_of_same_camapign' }],
          true,
        ),
      ]
    : [];
}

/** Q7: a queue duration inside the range that `queuing_enabled` allows. */
function queueDurationFix(f: FixContext): Fix[] {
  if (f.key !== 'queue_duration' || typeof f.value !== 'number' || !isObj(f.parent)) return [];
  const enabled = f.parent.queuing_enabled === true;
  const to = !enabled ? 0 : f.value > 48 ? 48 : f.value < 1 ? 1 : undefined;
  return to === undefined || to === f.value
    ? []
    : [fix(l10n.t`Change to ${to}`, [{ kind: 'replaceValue', path: f.finding.path, value: to }], !enabled || f.value > 48)];
}

const checks: RuleCheck[] = [
  {
    ids: ['Q1', 'Q2', 'Q3', 'Q4', 'Q5', 'Q6', 'Q7'],
    kinds: ['campaign'],
    check({ doc, settings }) {
      if (!isObj(doc) || !isObj(doc.delivery_controls)) return [];
      const dc = doc.delivery_controls;
      const { channel } = campaignKind(doc);
      const type = deliveryTypeOf(doc);
      const out = [...checkBypassDnd(dc, type), ...checkThrottle(dc, type)];
      if (channel === 'EMAIL') return [...out, ...checkEmailFields(dc)];
      if (channel !== 'PUSH') return out;
      return [...out, ...checkTiedFields(dc, type), ...checkQueuingAllowed(dc, type, settings), ...checkQueueDuration(dc)];
    },
  },
];

export const deliveryControlRules: RuleGroup = {
  section: '`delivery_controls`',
  rules: [
    {
      id: 'Q1',
      title: 'Delivery controls of the channel',
      severity: 'E',
      summary:
        'Push fields and types as in the spec table; Email takes only `bypass_dnd`, `campaign_throttle_rpm`, `count_for_frequency_capping`, `ignore_frequency_capping`, `minimum_delay_between_two_notification_in_hour`.',
      messages: {
        hoursAsDigits: '`{value}` is not a number of hours: write it as a string of digits, such as `"24"`.',
        countAsDigits: '`{value}` is not a count: write it as a string of digits, such as `"3"`.',
      },
      docs: {
        doc: email({ delivery_controls: { bypass_dnd: false, send_message_in_offline_mode: true } }),
        fix: 'Email delivery controls take only `bypass_dnd`, `campaign_throttle_rpm`, `count_for_frequency_capping`, `ignore_frequency_capping` and `minimum_delay_between_two_notification_in_hour`; Push fields have the types of the spec table.',
      },
    },
    {
      id: 'Q2',
      title: 'Do-not-disturb for event triggers',
      severity: 'E',
      summary: '`bypass_dnd` is required for event-triggered campaigns.',
      docs: {
        doc: push({
          campaign_delivery_type: 'EVENT_TRIGGERED',
          trigger_condition: { ...cartTrigger, trigger_delay_type: 'ASAP' },
          delivery_controls: { count_for_frequency_capping: true },
        }),
        fix: 'Add `"bypass_dnd": false` (or `true` to send during do-not-disturb hours).',
      },
    },
    {
      id: 'Q3',
      title: 'Throttle for scheduled campaigns',
      severity: 'W',
      summary: '`campaign_throttle_rpm` does not apply to device-, location- and event-triggered campaigns.',
      docs: {
        doc: push({
          campaign_delivery_type: 'EVENT_TRIGGERED',
          trigger_condition: { ...cartTrigger, trigger_delay_type: 'ASAP' },
          delivery_controls: { bypass_dnd: false, campaign_throttle_rpm: 5000 },
        }),
        fix: 'Remove `campaign_throttle_rpm`: triggered campaigns are not throttled by it.',
      },
      removesInapplicable: true,
    },
    {
      id: 'Q4',
      title: 'Fields of one delivery type',
      severity: 'W',
      summary:
        'Fields tied to one delivery type are warnings elsewhere: device-triggered (`max_time_to_show_message_of_same_camapign`, `expiry_time_of_sync_data_in_hour`, `send_message_in_offline_mode`), location-triggered (`send_limit_value`, `send_limit_granularity_in_hours`), event-triggered (`ignore_global_minimum_delay`), event- and device-triggered (`minimum_delay_between_two_notification_in_hour`, Push). The spec spells `camapign`: the correct English spelling gets a rename fix.',
      docs: {
        doc: push({ delivery_controls: { bypass_dnd: false, send_message_in_offline_mode: true } }),
        fix: 'Remove fields of other delivery types (quick fix); spell `max_time_to_show_message_of_same_camapign` as the spec does.',
      },
      fix: camapignSpellingFix,
      removesInapplicable: true,
    },
    {
      id: 'Q5',
      title: 'Queuing feature',
      severity: 'E',
      summary: '`queuing_enabled` / `queue_duration` are flag-gated: an error when the workspace lacks queuing.',
      docs: {
        settings: { features: { queuing: false } },
        doc: push({ delivery_controls: { bypass_dnd: false, queuing_enabled: true, queue_duration: 12 } }),
        fix: 'Remove the queuing fields, or set `features.queuing` to `true` in `.campaignrc.json` if the workspace has queuing.',
      },
      removesInapplicable: true,
    },
    {
      id: 'Q6',
      title: 'No queuing for device and location triggers',
      severity: 'E',
      summary: 'Queuing is not supported for `DEVICE_TRIGGERED` or `LOCATION_TRIGGERED`.',
      docs: {
        settings: queuing,
        doc: push({
          campaign_delivery_type: 'DEVICE_TRIGGERED',
          trigger_condition: { ...cartTrigger, trigger_delay_type: 'ASAP' },
          delivery_controls: { bypass_dnd: false, queuing_enabled: true, queue_duration: 12 },
        }),
        fix: 'Remove the queuing fields: device- and location-triggered campaigns cannot queue.',
      },
      removesInapplicable: true,
    },
    {
      id: 'Q7',
      title: 'Queue duration',
      severity: 'E',
      summary: '`queue_duration` is an integer 0–48: 1–48 when `queuing_enabled` is true, 0 when false.',
      messages: {
        belowMinimum: '`queue_duration` is 0–48 hours, not {value}.',
        aboveMaximum: '`queue_duration` is at most 48 hours, not {value}.',
      },
      docs: {
        settings: queuing,
        doc: push({ delivery_controls: { bypass_dnd: false, queuing_enabled: true, queue_duration: 0 } }),
        fix: 'With queuing on, give 1 to 48 hours; with it off, `0`.',
      },
      fix: queueDurationFix,
    },
  ],
  checks,
};
