import { AUTHOR_FIELDS, COMPONENTS, IDENTITY_FIELDS, isObject, JsonObject, setMember } from '@campaign-studio/core';

/**
 * How a campaign document is written to a file: read-only metadata first (so the remote state is
 * visible at a glance), then the identity fields, then the components in the spec's order, then
 * anything else in the order the service sent it. Nested objects keep the service's order.
 */

const METADATA_ORDER = ['id', 'campaign_id', 'version_number', 'status', 'updated_at'];
const ORDER = [...METADATA_ORDER, ...IDENTITY_FIELDS, ...AUTHOR_FIELDS, ...COMPONENTS];

/** The same members, top-level keys in the canonical order. */
export function orderCampaign(doc: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const k of ORDER) if (Object.prototype.hasOwnProperty.call(doc, k) && doc[k] !== undefined) out[k] = doc[k];
  // Any other key is defined, not assigned: a `__proto__` member stays a member.
  for (const k of Object.keys(doc)) if (!Object.prototype.hasOwnProperty.call(out, k) && doc[k] !== undefined) setMember(out, k, doc[k]);
  return out;
}

/** The text of a campaign file: two-space indentation, a final newline. */
export function serializeCampaign(doc: unknown, indent: number | string = 2): string {
  return `${JSON.stringify(isObject(doc) ? orderCampaign(doc) : doc, null, indent)}\n`;
}
