import { cloneJson, COMPONENTS, isObject } from '@campaign-studio/core';
import { CampaignDoc, Workspace } from './model';
import { instantOf, isoSeconds, parseServiceTimestamp, timeOfDay } from './time';

/**
 * From the stored request shape to what the service returns: the campaign record (`data` of
 * get, items of search) and the metadata record of the legacy listing.
 *
 * Written from the spec on purpose, apart from the extension's own conversion
 * (core's schedulingShape.ts): the round-trip tests of fetch compare the two, which they
 * could not do if both sides ran the same code.
 */

/**
 * `scheduling_details` as a response shows it (spec: "as returned in a response"):
 * - `AT_FIXED_TIME` becomes `SCHEDULED` (so the request form is recoverable exactly);
 * - `start_time` becomes `schedule_time`, `timezone` becomes `time_zone`;
 * - periodic campaigns: `schedule_time` holds the time of day only, and `frequency` repeats
 *   `periodic_details.sending_frequency` (the date part is not returned, so this one cannot be
 *   turned back into the request form exactly).
 * Every other field is returned as stored.
 */
function responseScheduling(s: unknown, periodic: boolean): unknown {
  if (!isObject(s)) return cloneJson(s);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === 'delivery_type') out.delivery_type = v === 'AT_FIXED_TIME' ? 'SCHEDULED' : v;
    else if (k === 'start_time') out.schedule_time = periodic && typeof v === 'string' ? (timeOfDay(v) ?? v) : v;
    else if (k === 'timezone') out.time_zone = v;
    else out[k] = cloneJson(v);
  }
  const pd = s.periodic_details;
  if (periodic && isObject(pd) && typeof pd.sending_frequency === 'string') out.frequency = pd.sending_frequency;
  return out;
}

export interface RecordOptions {
  /** Search results carry `parent_id` / `flow_id` / `flow_name` only with the child-inclusion flag. */
  relations: boolean;
}

/** The campaign record (`data` of Get Campaign, an item of search results). */
export function toRecord(doc: CampaignDoc, ws: Workspace, opts: RecordOptions = { relations: true }): Record<string, unknown> {
  const r: Record<string, unknown> = { id: doc.id, campaign_id: doc.campaign_id };
  if (ws.features.versioning) r.version_number = doc.version_number;
  r.status = doc.status;
  r.channel = doc.channel;
  r.campaign_delivery_type = doc.campaign_delivery_type;
  r.created_by = doc.created_by;
  r.updated_by = doc.updated_by;
  r.created_at = doc.created_at;
  r.updated_at = doc.updated_at;
  if (doc.sent_time) r.sent_time = doc.sent_time;
  if (opts.relations) {
    if (doc.flow_id) {
      r.flow_id = doc.flow_id;
      r.flow_name = doc.flow_name;
    }
    if (doc.parent_id) r.parent_id = doc.parent_id;
  }
  for (const c of COMPONENTS) {
    if (!(c in doc.components)) continue;
    const v = doc.components[c];
    r[c] = c === 'scheduling_details' ? responseScheduling(v, doc.campaign_delivery_type === 'PERIODIC') : cloneJson(v);
  }
  return r;
}

/** The status the metadata listing shows (its enum has no `DRAFT` and no `SENDING`, and adds `RETIRED`). */
export function metaStatus(doc: CampaignDoc): string {
  switch (doc.status) {
    case 'SENDING':
      return 'ACTIVE';
    case 'SENT':
      return doc.campaign_delivery_type === 'ONE_TIME' || doc.campaign_delivery_type === 'BROADCAST_LIVE_ACTIVITY' ? 'SENT' : 'RETIRED';
    default:
      return doc.status;
  }
}

/** `ACTIVE` → `Active`, as in the spec's sample output. */
export function capitalise(s: string): string {
  return s.charAt(0) + s.slice(1).toLowerCase();
}

/** When the campaign starts (or started), UTC, `YYYY-MM-DDTHH:MM:SS`. */
export function startTimeUtc(doc: CampaignDoc): string {
  const s = doc.components.scheduling_details;
  if (isObject(s) && typeof s.start_time === 'string') {
    const ms = instantOf(s.start_time, typeof s.timezone === 'string' ? s.timezone : undefined);
    if (!Number.isNaN(ms)) return isoSeconds(ms);
  }
  const fallback = doc.sent_time ?? doc.published_at ?? doc.created_at;
  const ms = parseServiceTimestamp(fallback);
  return Number.isNaN(ms) ? fallback : isoSeconds(ms);
}

export function basic(doc: CampaignDoc): Record<string, unknown> {
  const b = doc.components.basic_details;
  return isObject(b) ? b : {};
}

export function campaignName(doc: CampaignDoc): string {
  const n = basic(doc).name;
  return typeof n === 'string' ? n : '';
}

export function campaignTags(doc: CampaignDoc): string[] {
  const t = basic(doc).tags;
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : [];
}
