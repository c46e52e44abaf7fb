import { isObject } from '@campaign-studio/core';
import { CampaignDoc } from '../../src/push/model';

/** One random edit of a document: set or delete the value at a path (the merge properties' input). */
export type Edit = { path: readonly string[]; set: boolean; value: unknown };

/** `base` with `edits` applied in order, objects made on the way as needed; `base` is unchanged. */
export function applyEdits(base: CampaignDoc, edits: readonly Edit[]): CampaignDoc {
  const out = structuredClone(base);
  for (const e of edits) {
    let cur: Record<string, unknown> = out;
    for (const k of e.path.slice(0, -1)) {
      if (!isObject(cur[k])) cur[k] = {};
      cur = cur[k] as Record<string, unknown>;
    }
    const last = e.path[e.path.length - 1];
    if (e.set) cur[last] = structuredClone(e.value);
    else delete cur[last];
  }
  return out;
}
