import { cloneJson, has, isObject, jsonEqual, JsonObject } from './json';
import { orderCampaign } from './format';

/**
 * Between the response shape (what get and search return) and the request shape (what a file
 * holds, and what create and patch accept).
 *
 * The only component whose shape differs is `scheduling_details` (spec: "as returned in a
 * response"): `delivery_type` `SCHEDULED`, `schedule_time`, `time_zone`, and for periodic
 * campaigns a time of day plus `frequency`. It is converted back (`SCHEDULED` → `AT_FIXED_TIME`,
 * `schedule_time` → `start_time`, `time_zone` → `timezone`) only when that is exact, which is
 * checked by converting the result forward again and comparing with what came. When it is not
 * exact (a periodic time of day has lost its date) the component stays as it came, and a note
 * says why; the editor shows the note as an information diagnostic.
 *
 * Read-only metadata that the editor needs (`id`, `campaign_id`, `version_number`, `status`,
 * `updated_at`) stays in the document; the other response-only fields (`created_at`,
 * `created_by`, `updated_by`, `sent_time`, `flow_id`, `flow_name`, `parent_id`) are set aside,
 * kept in the base snapshot, so that `denormalizeCampaign` gives back exactly what came.
 */

/** Response-only fields the file keeps, so the editor knows the remote state. */
export const KEPT_METADATA = ['id', 'campaign_id', 'version_number', 'status', 'updated_at'] as const;

/** Response-only fields kept out of the file (in the base snapshot instead). */
export const SET_ASIDE = ['created_at', 'created_by', 'updated_by', 'sent_time', 'flow_id', 'flow_name', 'parent_id'] as const;

/** Every field that is never sent on push (rule D8, plus authorship that push fills itself). */
export const READ_ONLY_FIELDS: readonly string[] = [
  'id', 'campaign_id', 'version_number', 'status', 'created_at', 'updated_at', 'sent_time',
  'flow_id', 'flow_name', 'parent_id',
];

export interface NormalizationNote {
  /** JSON pointer of the component concerned. */
  path: string;
  message: string;
}

export interface NormalizedCampaign {
  /** Request shape, read-only metadata kept; top-level keys in the canonical order. */
  document: JsonObject;
  /** Response-only fields set aside (for the base snapshot and an exact round trip). */
  aside: JsonObject;
  /** What could not be converted exactly, and why. */
  notes: NormalizationNote[];
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const TIME_OF_DAY = /^\d{2}:\d{2}(:\d{2})?$/;
const RESPONSE_KEYS = ['schedule_time', 'time_zone', 'frequency'];

/** True when a `scheduling_details` value is in the response shape. */
export function isResponseScheduling(s: unknown): boolean {
  return isObject(s) && (s.delivery_type === 'SCHEDULED' || RESPONSE_KEYS.some(k => has(s, k)));
}

/**
 * The request form of a response `scheduling_details`, or the reason it cannot be made exactly.
 * `periodic`: the campaign is `PERIODIC` (its `schedule_time` is a time of day).
 */
export function schedulingToRequest(s: unknown, periodic: boolean): { value: unknown; exact: true } | { value: unknown; exact: false; reason: string } {
  if (!isResponseScheduling(s)) return { value: cloneJson(s), exact: true };
  const src = s as JsonObject;
  const st = src.schedule_time;
  const kept = (reason: string) => ({ value: cloneJson(s), exact: false as const, reason: `\`scheduling_details\` is kept as the service returned it: ${reason}` });
  if ((has(src, 'schedule_time') && has(src, 'start_time')) || (has(src, 'time_zone') && has(src, 'timezone'))) {
    return kept('it holds both the response and the request form of a field (`schedule_time` and `start_time`, or `time_zone` and `timezone`), so which one holds is unclear. Keep one, in the request form (`start_time`, `timezone`).');
  }
  if (typeof st === 'string' && TIME_OF_DAY.test(st)) {
    const freq = typeof src.frequency === 'string' ? ` and \`frequency\` \`${src.frequency}\`` : '';
    return kept(`for ${periodic ? 'a periodic' : 'this'} campaign the service returns only the time of day (\`schedule_time\` \`${st}\`${freq}), not the \`start_time\` date that the request shape needs, so it cannot be converted exactly. Left unchanged, it is not sent on push; to change the schedule, rewrite it in the request shape (\`delivery_type\` \`AT_FIXED_TIME\`, \`start_time\` as a date-time, \`timezone\`${periodic ? ', `periodic_details`' : ''}).`);
  }
  if (st !== undefined && (typeof st !== 'string' || !ISO_DATE_TIME.test(st))) {
    return kept(`\`schedule_time\` \`${String(st)}\` is not an ISO 8601 date-time, so it cannot become \`start_time\` exactly. Rewrite it as \`start_time\` (such as \`2025-06-01T09:30:00\`) to change the schedule.`);
  }
  if (src.delivery_type === 'SCHEDULED' && (has(src, 'bts_details') || has(src, 'user_timezone_details'))) {
    const which = has(src, 'bts_details') ? ['bts_details', 'SEND_IN_BTS'] : ['user_timezone_details', 'SEND_IN_USER_TIMEZONE'];
    return kept(`\`delivery_type\` \`SCHEDULED\` with \`${which[0]}\` could stand for \`AT_FIXED_TIME\` or \`${which[1]}\`. Set the request \`delivery_type\` yourself to change the schedule.`);
  }
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === 'delivery_type') out.delivery_type = v === 'SCHEDULED' ? 'AT_FIXED_TIME' : cloneJson(v);
    else if (k === 'schedule_time') out.start_time = v;
    else if (k === 'time_zone') out.timezone = v;
    // Response-only: it repeats `periodic_details.sending_frequency` (checked just below).
    else if (k === 'frequency') continue;
    else out[k] = cloneJson(v);
  }
  if (!jsonEqual(schedulingToResponse(out, periodic), s)) {
    return kept(has(src, 'frequency')
      ? `\`frequency\` \`${String(src.frequency)}\` does not match \`periodic_details.sending_frequency\`, so the request form cannot be recovered exactly.`
      : 'its request form could not be recovered exactly.');
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
    else out[k] = cloneJson(v);
  }
  const pd = s.periodic_details;
  if (periodic && isObject(pd) && typeof pd.sending_frequency === 'string') out.frequency = pd.sending_frequency;
  return out;
}

function timeOfDay(startTime: string): string | undefined {
  const m = /T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(startTime);
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : undefined;
}

/** A record as get or search returned it → the document a file holds. Never throws on odd input. */
export function normalizeCampaign(record: unknown): NormalizedCampaign {
  if (!isObject(record)) throw new Error('The service returned a campaign that is not a JSON object.');
  const document: JsonObject = {};
  const aside: JsonObject = {};
  const notes: NormalizationNote[] = [];
  const periodic = record.campaign_delivery_type === 'PERIODIC';
  for (const [k, v] of Object.entries(record)) {
    if ((SET_ASIDE as readonly string[]).includes(k)) {
      aside[k] = cloneJson(v);
    } else if (k === 'scheduling_details') {
      const r = schedulingToRequest(v, periodic);
      document[k] = r.value;
      if (!r.exact) notes.push({ path: '/scheduling_details', message: r.reason });
    } else {
      document[k] = cloneJson(v);
    }
  }
  return { document: orderCampaign(document), aside, notes };
}

/** The inverse of `normalizeCampaign`: the record the service returned. */
export function denormalizeCampaign(document: unknown, aside: JsonObject = {}): JsonObject {
  if (!isObject(document)) throw new Error('A campaign document must be a JSON object.');
  const out: JsonObject = {};
  const periodic = document.campaign_delivery_type === 'PERIODIC';
  for (const [k, v] of Object.entries(document)) {
    out[k] = k === 'scheduling_details' ? schedulingToResponse(v, periodic) : cloneJson(v);
  }
  for (const [k, v] of Object.entries(aside)) out[k] = cloneJson(v);
  return out;
}

/** The notes that still apply to a document: a note holds while its component is unchanged. */
export function notesStillApplying(document: unknown, base: unknown, notes: readonly NormalizationNote[]): NormalizationNote[] {
  if (!isObject(document) || !isObject(base)) return [];
  return notes.filter(n => {
    const key = n.path.split('/')[1];
    return key !== undefined && has(document, key) && jsonEqual(document[key], base[key]);
  });
}
