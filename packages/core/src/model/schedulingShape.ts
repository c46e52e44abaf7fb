import * as l10n from '@vscode/l10n';
import { dequal } from 'dequal';
import { cloneJson, has, isObject, JsonObject, setMember } from './json';
import { code as c } from './strings';

/**
 * `scheduling_details` between the response shape (what get and search return: `delivery_type`
 * `SCHEDULED`, `schedule_time`, `time_zone`, and for periodic campaigns a time of day plus
 * `frequency`) and the request shape (what a file holds, and what create and patch accept).
 *
 * Shared by fetch (which converts a fetched campaign when that is exact) and by the rules (which
 * explain a component kept as the service returned it, rule H5, and compare a file with its base,
 * rules P1 and P2), so that the note fetch records and the diagnostic the rules show are one text.
 */

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const TIME_OF_DAY = /^\d{2}:\d{2}(:\d{2})?$/;
const RESPONSE_KEYS = ['schedule_time', 'time_zone', 'frequency'];

/** True when a `scheduling_details` value is in the response shape. */
export function isResponseScheduling(s: unknown): boolean {
  return isObject(s) && (s.delivery_type === 'SCHEDULED' || RESPONSE_KEYS.some(k => has(s, k)));
}

/** True for a time of day such as `09:30:00` (what the service returns for a periodic campaign). */
export function isTimeOfDay(v: unknown): v is string {
  return typeof v === 'string' && TIME_OF_DAY.test(v);
}

/**
 * The one text for a component that stays as the service returned it: why it could not be
 * converted, that it is not sent while unchanged, and how to write it to change it.
 */
export function keptMessage(why: string, how: string): string {
  return l10n.t(
    '`scheduling_details` is kept as the service returned it: {0}. It is not sent on push unless you change it; to change it, write it in request shape: {1}.',
    why,
    how,
  );
}

/** How to write the request shape, for the messages. */
function requestShape(periodic: boolean, deliveryType = 'AT_FIXED_TIME'): string {
  return `\`delivery_type\` ${c(deliveryType)}, \`start_time\` as a date-time (such as \`2026-06-01T09:30:00\`), \`timezone\`${periodic ? ', and the period in `periodic_details` (`sending_frequency`), without `frequency`' : ''}`;
}

export type SchedulingConversion =
  | { value: unknown; exact: true }
  | { value: unknown; exact: false; why: string; how: string; reason: string };

/**
 * The request form of a response `scheduling_details`, or why it cannot be made exactly.
 * `periodic`: the campaign is `PERIODIC` (its `schedule_time` is a time of day).
 */
export function schedulingToRequest(s: unknown, periodic: boolean): SchedulingConversion {
  if (!isResponseScheduling(s)) return { value: cloneJson(s), exact: true };
  const src = s as JsonObject;
  const st = src.schedule_time;
  const kept = (why: string, how: string): SchedulingConversion => ({
    value: cloneJson(s),
    exact: false,
    why,
    how,
    reason: keptMessage(why, how),
  });
  if ((has(src, 'schedule_time') && has(src, 'start_time')) || (has(src, 'time_zone') && has(src, 'timezone'))) {
    return kept(
      l10n.t(
        'it holds both the response and the request form of a field (`schedule_time` and `start_time`, or `time_zone` and `timezone`), so which one holds is unclear',
      ),
      l10n.t`keep one of each, in the request form: ${requestShape(periodic)}`,
    );
  }
  if (isTimeOfDay(st)) {
    const freq = typeof src.frequency === 'string' ? ` and \`frequency\` ${c(src.frequency)}` : '';
    return kept(
      l10n.t(
        'for {0} campaign the service returns only the time of day (`schedule_time` {1}{2}), not the `start_time` date that the request shape needs, so it cannot be converted exactly',
        periodic ? 'a periodic' : 'this',
        c(st),
        freq,
      ),
      requestShape(periodic),
    );
  }
  if (st !== undefined && (typeof st !== 'string' || !ISO_DATE_TIME.test(st))) {
    return kept(
      l10n.t`\`schedule_time\` ${c(String(st))} is not an ISO 8601 date-time, so it cannot become \`start_time\` exactly`,
      requestShape(periodic),
    );
  }
  if (src.delivery_type === 'SCHEDULED' && (has(src, 'bts_details') || has(src, 'user_timezone_details'))) {
    const [field, other] = has(src, 'bts_details') ? ['bts_details', 'SEND_IN_BTS'] : ['user_timezone_details', 'SEND_IN_USER_TIMEZONE'];
    return kept(
      l10n.t('`delivery_type` `SCHEDULED` with `{0}` could stand for `AT_FIXED_TIME` or `{1}`', field, other),
      l10n.t`choose the request \`delivery_type\` yourself (\`AT_FIXED_TIME\` or \`${other}\`), with \`start_time\` as a date-time and \`timezone\``,
    );
  }
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === 'delivery_type') out.delivery_type = v === 'SCHEDULED' ? 'AT_FIXED_TIME' : cloneJson(v);
    else if (k === 'schedule_time') out.start_time = v;
    else if (k === 'time_zone') out.timezone = v;
    // Response-only: it repeats `periodic_details.sending_frequency` (checked just below).
    else if (k === 'frequency') continue;
    else setMember(out, k, cloneJson(v));
  }
  if (!dequal(schedulingToResponse(out, periodic), s)) {
    return has(src, 'frequency')
      ? kept(
          l10n.t`\`frequency\` ${c(String(src.frequency))} does not match \`periodic_details.sending_frequency\`, so the request form cannot be recovered exactly`,
          requestShape(periodic),
        )
      : kept(l10n.t('its request form could not be recovered exactly'), requestShape(periodic));
  }
  return { value: out, exact: true };
}

/** The response form of a request `scheduling_details` (what the service returns for it). */
export function schedulingToResponse(s: unknown, periodic: boolean): unknown {
  if (!isObject(s) || isResponseScheduling(s)) return cloneJson(s);
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'delivery_type') out.delivery_type = v === 'AT_FIXED_TIME' ? 'SCHEDULED' : cloneJson(v);
    else if (k === 'start_time') out.schedule_time = periodic && typeof v === 'string' ? (timeOfDay(v) ?? v) : v;
    else if (k === 'timezone') out.time_zone = v;
    else setMember(out, k, cloneJson(v));
  }
  const pd = s.periodic_details;
  if (periodic && isObject(pd) && typeof pd.sending_frequency === 'string') out.frequency = pd.sending_frequency;
  return out;
}

/**
 * The request `delivery_type` values a scheduling component may stand for: `SCHEDULED` is the
 * response form of `AT_FIXED_TIME`, and, beside `bts_details` or `user_timezone_details`, possibly
 * of `SEND_IN_BTS` or `SEND_IN_USER_TIMEZONE`. Any other value stands for itself.
 */
export function requestDeliveryTypes(s: unknown): unknown[] {
  if (!isObject(s)) return [undefined];
  const dt = s.delivery_type;
  if (dt !== 'SCHEDULED') return [dt];
  const out: unknown[] = ['AT_FIXED_TIME'];
  if (has(s, 'bts_details')) out.push('SEND_IN_BTS');
  if (has(s, 'user_timezone_details')) out.push('SEND_IN_USER_TIMEZONE');
  return out;
}

/** The start time a scheduling component holds, in either shape (`start_time`, else `schedule_time`). */
export function startTimeOf(s: unknown): { key: 'start_time' | 'schedule_time'; value: unknown } | undefined {
  if (!isObject(s)) return undefined;
  if (has(s, 'start_time')) return { key: 'start_time', value: s.start_time };
  if (has(s, 'schedule_time')) return { key: 'schedule_time', value: s.schedule_time };
  return undefined;
}

function timeOfDay(startTime: string): string | undefined {
  const m = /T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(startTime);
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : undefined;
}
