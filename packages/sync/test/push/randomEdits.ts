import fc from 'fast-check';
import { isObject } from '@campaign-studio/core';
import { CampaignDoc } from '../../src/push/model';

/** The keys random documents use at every level: few, so that edits meet. */
export const KEYS = ['a', 'b', 'c'];

const leaf = fc.oneof(
  fc.integer({ min: 0, max: 3 }),
  fc.constantFrom('x', 'y'),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }),
);

/** Any JSON value of a few small leaves and objects of `KEYS`, nested a little. */
export const { value: jsonValue } = fc.letrec<{ value: unknown }>(tie => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { maxKeys: 3, noNullPrototype: true }),
  ),
}));

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
