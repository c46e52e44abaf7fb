import * as l10n from '@vscode/l10n';
import { Finding, RemoteState, RuleCheck } from '../model/types';
import { join } from '../model/pointer';
import { SEARCH_YEARS, scheduleInstants, skippedUsersText } from '../summary/timeline';
import { code, finding, fix, isObj, Obj } from './util';
import { RuleGroup } from './define';
import { push } from './examples';
import { instantOf, IsoDateTime, parseIsoDateTime, wallOrder } from '../model/dateTime';
import { checkZone } from './time';

/**
 * When a campaign sends (rules N1–N3): what the send timeline shows that the schema and H1–H9
 * cannot, namely a schedule with no send at all, and start times already past when the campaign
 * is still to be pushed. N2 and N3 depend on the current instant, which the caller passes in the
 * rule context (`now`); without it they do not run.
 */

const SD = '/scheduling_details';
const TRIGGERED = ['EVENT_TRIGGERED', 'BUSINESS_EVENT_TRIGGERED', 'DEVICE_TRIGGERED', 'LOCATION_TRIGGERED'];

/** A campaign still to be pushed: not on the service yet, or a draft there. */
function notLiveYet(remote: RemoteState | undefined): boolean {
  return !remote || String(remote.status).toUpperCase() === 'DRAFT';
}

function schedulingOf(doc: unknown): Obj | undefined {
  return isObj(doc) && isObj(doc.scheduling_details) ? doc.scheduling_details : undefined;
}

/** N1: a periodic schedule with no send between its start and its expiry (or within the search). */
function neverSends(doc: unknown, sd: Obj): Finding[] {
  if (!isObj(doc) || doc.campaign_delivery_type !== 'PERIODIC') return [];
  const t = scheduleInstants(doc, { now: 0, limit: 1 });
  if (t.kind !== 'periodic' || !t.never) return [];
  const byExpiry = t.expiryMs !== undefined && typeof sd.expiry_time === 'string';
  return [
    finding(
      'N1',
      'warning',
      join(SD, byExpiry ? 'expiry_time' : 'periodic_details'),
      byExpiry
        ? l10n.t(
            'The schedule never sends: `expiry_time` comes before the first day the schedule allows (a month without the chosen day is skipped). Set a later `expiry_time`, or choose days that occur before it.',
          )
        : l10n.t(
            'The schedule never sends: no day within {0} years of the start matches `periodic_details` (such as the 30th of February). Choose days of the month or of the week that occur.',
            SEARCH_YEARS,
          ),
    ),
  ];
}

/** Whether the start comes before `now`: a start days away needs no zone (and no time-zone data loaded). */
function startsBefore(start: IsoDateTime, timezone: unknown, now: number): boolean {
  const far = start.offset === undefined ? wallOrder(start.wall, now) : undefined;
  if (far !== undefined) return far < 0;
  const zone = typeof timezone === 'string' && checkZone(timezone).ok ? timezone : undefined;
  return instantOf(start, zone) < now;
}

/** N2: a fixed start time already past, for a campaign still to be pushed. */
function startInPast(doc: unknown, sd: Obj, now: number, remote: RemoteState | undefined): Finding[] {
  if (!isObj(doc) || !notLiveYet(remote) || TRIGGERED.includes(String(doc.campaign_delivery_type))) return [];
  if (sd.delivery_type !== 'AT_FIXED_TIME' && sd.delivery_type !== 'SEND_IN_BTS') return [];
  const parsed = typeof sd.start_time === 'string' ? parseIsoDateTime(sd.start_time) : undefined;
  if (!parsed || !startsBefore(parsed, sd.timezone, now)) return [];
  return [
    finding(
      'N2',
      'warning',
      join(SD, 'start_time'),
      l10n.t(
        '`start_time` {0} is already in the past for a campaign still to be pushed. The spec does not say what the service does with a past start time (send at once, or refuse), so this warns before you push: set a start time in the future, or use `ASAP` to send at once.',
        code(sd.start_time),
      ),
    ),
  ];
}

/** N3: SEND_IN_USER_TIMEZONE whose local start has passed in some zones, which are then skipped. */
function passedInSomeZones(doc: unknown, sd: Obj, now: number, remote: RemoteState | undefined): Finding[] {
  if (sd.delivery_type !== 'SEND_IN_USER_TIMEZONE' || !notLiveYet(remote)) return [];
  const details = sd.user_timezone_details;
  if (!isObj(details) || details.send_if_user_timezone_has_passed !== false) return [];
  const spread = scheduleInstants(doc, { now, limit: 1 }).userTimezone;
  if (!spread?.skippedOffsets.length) return [];
  const path = join(SD, 'user_timezone_details', 'send_if_user_timezone_has_passed');
  return [
    finding(
      'N3',
      'warning',
      path,
      l10n.t(
        '{0} Move `start_time` later, or set `send_if_user_timezone_has_passed` to true to send to them late instead.',
        skippedUsersText(spread) ?? '',
      ),
      { fixes: [fix(l10n.t('Set `send_if_user_timezone_has_passed` to true'), [{ kind: 'replaceValue', path, value: true }])] },
    ),
  ];
}

const checks: RuleCheck[] = [
  {
    ids: ['N1', 'N2', 'N3'],
    kinds: ['campaign'],
    check({ doc, now, remote }) {
      const sd = schedulingOf(doc);
      if (!sd) return [];
      return [
        ...neverSends(doc, sd),
        ...(now === undefined ? [] : [...startInPast(doc, sd, now, remote), ...passedInSomeZones(doc, sd, now, remote)]),
      ];
    },
  },
];

/** The instant the documentation's examples are checked at. */
const DOCS_NOW = Date.parse('2026-03-20T12:00:00Z');

export const sendTimeRules: RuleGroup = {
  section: 'When it sends',
  rules: [
    {
      id: 'N1',
      title: 'Schedule never sends',
      severity: 'W',
      summary:
        'A `PERIODIC` schedule with no send: `expiry_time` before the first day it allows, or days of the month that never occur (searched 10 years ahead). A month without the chosen day (the 31st in April) is skipped: an assumption, the spec is silent.',
      docs: {
        doc: push({
          campaign_delivery_type: 'PERIODIC',
          scheduling_details: {
            delivery_type: 'AT_FIXED_TIME',
            start_time: '2026-04-01T09:00:00',
            expiry_time: '2026-04-30T00:00:00',
            timezone: 'Europe/Berlin',
            periodic_details: { sending_frequency: 'MONTHLY', repeat_frequency: 1, repeat_on_date_of_month: [31] },
          },
        }),
        fix: 'Set an `expiry_time` after the first send, or choose days that occur within the window.',
      },
    },
    {
      id: 'N2',
      title: 'Start time in the past',
      severity: 'W',
      summary:
        'A fixed `start_time` (`AT_FIXED_TIME`, `SEND_IN_BTS`) already past, in a campaign still to be pushed (not on the service, or a `DRAFT` there): in the editor, `campaign lint` and push preflight. The spec does not say what the service does with it, hence a warning.',
      docs: {
        doc: push({ scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-01T09:00:00', timezone: 'Europe/Berlin' } }),
        now: DOCS_NOW,
        context: 'Checked on 20 March 2026.',
        fix: 'Set a `start_time` in the future, or use `ASAP` to send at once.',
      },
    },
    {
      id: 'N3',
      title: 'User time zones already passed',
      severity: 'W',
      summary:
        '`SEND_IN_USER_TIMEZONE` with `send_if_user_timezone_has_passed` false, whose local start time has already passed in some zones (the first is UTC+14) for a campaign still to be pushed: users there are skipped.',
      docs: {
        doc: push({
          scheduling_details: {
            delivery_type: 'SEND_IN_USER_TIMEZONE',
            start_time: '2026-03-20T18:00:00',
            user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: false },
          },
        }),
        now: DOCS_NOW,
        context: 'Checked on 20 March 2026 at 12:00 UTC.',
        fix: 'Move `start_time` later, or set `send_if_user_timezone_has_passed` to `true`.',
      },
    },
  ],
  checks,
};
