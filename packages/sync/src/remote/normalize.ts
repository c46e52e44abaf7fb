import * as l10n from '@vscode/l10n';
import { cloneJson, isObject, JsonObject, schedulingToRequest, schedulingToResponse, setMember } from '@campaign-studio/core';
import { orderCampaign } from './format';
import type { NormalizationNote } from './baseFormat';

export { isResponseScheduling, schedulingToRequest, schedulingToResponse } from '@campaign-studio/core';
export type { NormalizationNote } from './baseFormat';

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
 * says why. The conversion itself lives in core (`schedulingShape.ts`), shared with the rules:
 * while the component is unchanged from the base, rule H5 shows the same text as an information
 * diagnostic instead of the response-shape errors.
 *
 * Read-only metadata that the editor needs (`id`, `campaign_id`, `version_number`, `status`,
 * `updated_at`) stays in the document; the other response-only fields (`created_at`,
 * `created_by`, `updated_by`, `sent_time`, `flow_id`, `flow_name`, `parent_id`) are set aside,
 * kept in the base snapshot, so that `denormalizeCampaign` gives back exactly what came.
 */

/** Response-only fields kept out of the file (in the base snapshot instead). */
const SET_ASIDE = ['created_at', 'created_by', 'updated_by', 'sent_time', 'flow_id', 'flow_name', 'parent_id'] as const;

export interface NormalizedCampaign {
  /** Request shape, read-only metadata kept; top-level keys in the canonical order. */
  document: JsonObject;
  /** Response-only fields set aside (for the base snapshot and an exact round trip). */
  aside: JsonObject;
  /** What could not be converted exactly, and why. */
  notes: NormalizationNote[];
}

/** A record as get or search returned it → the document a file holds. Never throws on odd input. */
export function normalizeCampaign(record: unknown): NormalizedCampaign {
  if (!isObject(record)) throw new Error(l10n.t('The service returned a campaign that is not a JSON object.'));
  const document: JsonObject = {};
  const aside: JsonObject = {};
  const notes: NormalizationNote[] = [];
  const periodic = record.campaign_delivery_type === 'PERIODIC';
  for (const [k, v] of Object.entries(record)) {
    if ((SET_ASIDE as readonly string[]).includes(k)) {
      setMember(aside, k, cloneJson(v));
    } else if (k === 'scheduling_details') {
      const r = schedulingToRequest(v, periodic);
      setMember(document, k, r.value);
      if (!r.exact) notes.push({ path: '/scheduling_details', message: r.reason });
    } else {
      setMember(document, k, cloneJson(v));
    }
  }
  return { document: orderCampaign(document), aside, notes };
}

/** The inverse of `normalizeCampaign`: the record the service returned. */
export function denormalizeCampaign(document: unknown, aside: JsonObject = {}): JsonObject {
  if (!isObject(document)) throw new Error(l10n.t('A campaign document must be a JSON object.'));
  const out: JsonObject = {};
  const periodic = document.campaign_delivery_type === 'PERIODIC';
  for (const [k, v] of Object.entries(document)) {
    setMember(out, k, k === 'scheduling_details' ? schedulingToResponse(v, periodic) : cloneJson(v));
  }
  for (const [k, v] of Object.entries(aside)) setMember(out, k, cloneJson(v));
  return out;
}
