import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dequal } from 'dequal';
import { isObject } from '@campaign-studio/core';
import { ConflictChoice, mergeFields } from '../../src/push/merge';
import { fieldChanges, valueAt } from '../../src/push/fieldPaths';
import { resolveFields } from '../../src/push/resolve';
import { CampaignDoc } from '../../src/push/model';
import { applyEdits, Edit, jsonValue as value, KEYS } from './randomEdits';

/**
 * `resolveFields` over random base / local / remote triples (the base with random edits on each
 * side, as in merge.property.test.ts), geofences keyed by name among them: resolving then merging
 * is the editor's merge with the same choices, the resolved fields conflict no more, and nothing
 * else of the file or the base moves. `RESOLVE_SEED` explores other seeds.
 */

const SEED = Number(process.env.RESOLVE_SEED ?? 20261128);
const geofence = fc.record(
  { name: fc.constantFrom('Mall', 'Park', 'Gym'), radius: fc.integer({ min: 1, max: 3 }) },
  { requiredKeys: ['name'] },
);
const geofences = fc.uniqueArray(geofence, { selector: g => g.name, maxLength: 3 });
const doc = fc.record({
  a: value,
  basic_details: fc.record({ name: fc.constantFrom('x', 'y'), geofences }, { requiredKeys: [] }),
});

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ path: fc.array(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 3 }), set: fc.boolean(), value }),
  fc.record({ path: fc.constant(['basic_details', 'name']), set: fc.boolean(), value: fc.constantFrom('x', 'y', 'z') }),
  fc.record({ path: fc.constant(['basic_details', 'geofences']), set: fc.boolean(), value: geofences }),
);

const triple = fc
  .record({ base: doc, local: fc.array(edit, { maxLength: 4 }), remote: fc.array(edit, { maxLength: 4 }) })
  .map(t => ({ base: t.base as CampaignDoc, local: applyEdits(t.base, t.local), remote: applyEdits(t.base, t.remote) }));

/** Yours, theirs or no choice per conflict (what `campaign resolve` gives), drawn from a list as long as there can be conflicts. */
const picks = fc.array(fc.constantFrom<ConflictChoice | undefined>('local', 'remote', undefined), {
  minLength: 12,
  maxLength: 12,
});

/**
 * Geofences in name order: a geofence the file takes back from the service goes at the end of its
 * list, where the merge would put it after the service's own; elements are known by name.
 */
function byIdentity(doc: CampaignDoc): CampaignDoc {
  const bd = doc.basic_details;
  if (!isObject(bd) || !Array.isArray(bd.geofences)) return doc;
  const geofences = [...bd.geofences].sort((x, y) => String(x.name).localeCompare(String(y.name)));
  return { ...doc, basic_details: { ...bd, geofences } };
}

const options = { seed: SEED, numRuns: 3000 };

test('property: resolving then merging gives what the merge gives with the same choices, and leaves only the unchosen conflicts', () => {
  fc.assert(
    fc.property(triple, picks, ({ base, local, remote }, drawn) => {
      const conflicts = mergeFields(base, local, remote).conflicts;
      const choices: Record<string, ConflictChoice> = {};
      conflicts.forEach((c, i) => {
        const choice = drawn[i % drawn.length];
        if (choice !== undefined) choices[c.id] = choice;
      });
      const r = resolveFields(base, local, remote, choices);
      const after = mergeFields(r.base, r.local, remote);
      assert.deepEqual(
        after.conflicts.map(c => c.id),
        r.left.map(c => c.id),
        'only the conflicts without a choice are left',
      );
      const expected = mergeFields(base, local, remote, choices);
      const leftLocal = Object.fromEntries(r.left.map(c => [c.id, 'local' as const]));
      assert.ok(
        dequal(byIdentity(mergeFields(r.base, r.local, remote, leftLocal).merged), byIdentity(expected.merged)),
        'a push after resolve merges to what the conflict view would have',
      );
      for (const f of r.resolved) assert.ok(dequal(valueAt(r.local, f.conflict.segments), f.value), `${f.conflict.path} holds the choice`);
    }),
    options,
  );
});

test('property: only the resolved fields of the file and of the base change', () => {
  fc.assert(
    fc.property(triple, fc.constantFrom<ConflictChoice>('local', 'remote'), ({ base, local, remote }, choice) => {
      const conflicts = mergeFields(base, local, remote).conflicts;
      const chosen = conflicts.filter((_, i) => i % 2 === 0);
      const r = resolveFields(base, local, remote, Object.fromEntries(chosen.map(c => [c.id, choice])));
      // A field made where its parent was absent shows as the parent's change.
      const related = (a: unknown[], b: unknown[]) => a.slice(0, Math.min(a.length, b.length)).every((s, i) => dequal(s, b[i]));
      const onResolved = (p: unknown[]) => chosen.some(c => related(c.segments, p));
      for (const c of fieldChanges(local, r.local))
        assert.ok(onResolved(c.path), `the file changed only where resolved, not at ${JSON.stringify(c.path)}`);
      for (const c of fieldChanges(base, r.base))
        assert.ok(onResolved(c.path), `the base changed only where resolved, not at ${JSON.stringify(c.path)}`);
      for (const c of chosen) assert.ok(dequal(valueAt(r.base, c.segments), c.remote), `the base of ${c.path} is the service's value`);
    }),
    options,
  );
});
