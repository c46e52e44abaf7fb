import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dequal } from 'dequal';
import { isObject } from '@campaign-studio/core';
import { ConflictChoice, mergeFields } from '../../src/push/merge';
import { PathSegment, valueAt } from '../../src/push/fieldPaths';
import { CampaignDoc } from '../../src/push/model';
import { applyEdits, Edit, jsonValue as value, KEYS } from './randomEdits';

/**
 * The merge's promises over random base / local / remote triples: local and remote are the base
 * with random edits (set or delete at random paths), so they overlap the way two people's edits
 * do. The seed is fixed so a failure reproduces; `MERGE_SEED` explores others.
 */

const SEED = Number(process.env.MERGE_SEED ?? 20261124);
const doc = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 3, noNullPrototype: true });

const edit: fc.Arbitrary<Edit> = fc.record({
  path: fc.array(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 3 }),
  set: fc.boolean(),
  value,
});

const triple = fc
  .record({ base: doc, local: fc.array(edit, { maxLength: 4 }), remote: fc.array(edit, { maxLength: 4 }) })
  .map(t => ({ base: t.base, local: applyEdits(t.base, t.local), remote: applyEdits(t.base, t.remote) }));

/** Paths to every value that is not an object (an empty object adds nothing a merge could drop). */
function leaves(v: unknown, path: PathSegment[] = []): PathSegment[][] {
  if (isObject(v)) return Object.keys(v).flatMap(k => leaves(v[k], [...path, k]));
  return [path];
}

/** The leaves that differ between `base` and `side`. */
function changed(base: unknown, side: unknown): PathSegment[][] {
  const all = [...leaves(base), ...leaves(side)];
  const unique = [...new Map(all.map(p => [JSON.stringify(p), p])).values()];
  return unique.filter(p => !dequal(valueAt(base, p), valueAt(side, p)));
}

const related = (a: PathSegment[], b: PathSegment[]) => {
  const n = Math.min(a.length, b.length);
  return a.slice(0, n).every((s, i) => s === b[i]);
};

const options = { seed: SEED, numRuns: 3000 };

test('property: every change that does not conflict, from either side, is in the result', () => {
  fc.assert(
    fc.property(triple, ({ base, local, remote }) => {
      const m = mergeFields(base, local, remote);
      for (const [side, doc] of [
        ['local', local],
        ['remote', remote],
      ] as const) {
        for (const p of changed(base, doc)) {
          if (m.conflicts.some(c => related(c.segments, p))) continue;
          assert.deepEqual(valueAt(m.merged, p), valueAt(doc, p), `${side}'s change at ${JSON.stringify(p)} is in the result`);
        }
      }
    }),
    options,
  );
});

test('property: conflicts are exactly the paths both sides changed differently', () => {
  fc.assert(
    fc.property(triple, ({ base, local, remote }) => {
      const m = mergeFields(base, local, remote);
      for (const c of m.conflicts) {
        const [b, l, r] = [valueAt(base, c.segments), valueAt(local, c.segments), valueAt(remote, c.segments)];
        assert.deepEqual([b, l, r], [c.base, c.local, c.remote]);
        assert.ok(!dequal(b, l) && !dequal(b, r) && !dequal(l, r), `${c.path}: both sides changed it, differently`);
        assert.ok(!(isObject(l) && isObject(r) && (b === undefined || isObject(b))), `${c.path}: two objects merge deeper, key by key`);
      }
      // Every leaf both sides changed to different values lies on a conflict.
      const both = changed(base, local).filter(p => changed(base, remote).some(q => dequal(p, q)));
      for (const p of both) {
        if (dequal(valueAt(local, p), valueAt(remote, p))) continue;
        assert.ok(
          m.conflicts.some(c => related(c.segments, p)),
          `the leaf ${JSON.stringify(p)} changed differently on both sides is a conflict`,
        );
      }
    }),
    options,
  );
});

test('property: a choice puts exactly the chosen side at each conflict, and without conflicts the sides commute', () => {
  fc.assert(
    fc.property(triple, fc.constantFrom<ConflictChoice>('local', 'remote'), ({ base, local, remote }, choice) => {
      const first = mergeFields(base, local, remote);
      const chosen = mergeFields(base, local, remote, Object.fromEntries(first.conflicts.map(c => [c.id, choice])));
      for (const c of first.conflicts) assert.deepEqual(valueAt(chosen.merged, c.segments), choice === 'local' ? c.local : c.remote);
      if (!first.conflicts.length)
        assert.ok(dequal(first.merged, mergeFields(base, remote, local).merged), 'merging the other way round gives the same result');
    }),
    options,
  );
});
