import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isChoice, mergeFields, mergeKept, MergeResult } from '../../src/push/merge';

/**
 * What the merge tells the person pushing, besides the merged content: which fields it took from
 * the service, which it kept from the file, where both sides agreed, and each conflict with its
 * three values. The push's summary and the conflict view show exactly these.
 */

const NONE: Omit<MergeResult, 'merged'> = { takenFromRemote: [], keptLocal: [], convergent: [], conflicts: [] };

const BASE = {
  basic_details: { name: 'Spring', tags: ['a'], platforms: ['IOS'] },
  utm_params: { utm_source: 'mail' },
  advanced: { ttl: 1 },
};

test('edits to different components: each named by its component', () => {
  const local = { ...structuredClone(BASE), advanced: { ttl: 2 } };
  const remote = { ...structuredClone(BASE), utm_params: { utm_source: 'web' } };
  assert.deepEqual(mergeFields(BASE, local, remote), {
    ...NONE,
    merged: { ...structuredClone(BASE), advanced: { ttl: 2 }, utm_params: { utm_source: 'web' } },
    takenFromRemote: ['utm_params'],
    keptLocal: ['advanced'],
  });
});

test('edits inside one component: named field by field, and the same edit on both sides is convergent', () => {
  const local = { ...structuredClone(BASE), basic_details: { name: 'Summer', tags: ['a'], platforms: ['ANDROID'] } };
  const remote = { ...structuredClone(BASE), basic_details: { name: 'Spring', tags: ['b'], platforms: ['ANDROID'] } };
  assert.deepEqual(mergeFields(BASE, local, remote), {
    ...NONE,
    merged: { ...structuredClone(BASE), basic_details: { name: 'Summer', tags: ['b'], platforms: ['ANDROID'] } },
    takenFromRemote: ['basic_details.tags'],
    keptLocal: ['basic_details.name'],
    convergent: ['basic_details.platforms'],
  });
});

test('a component deleted on the service and untouched in the file: the merge drops it', () => {
  const { utm_params: _gone, ...remote } = structuredClone(BASE);
  const m = mergeFields(BASE, structuredClone(BASE), remote);
  assert.deepEqual(m, { ...NONE, merged: remote, takenFromRemote: ['utm_params'] });
  assert.equal('utm_params' in m.merged, false);
});

test('a field deleted on the service and edited in the file: a conflict whose remote side is absent', () => {
  const local = { ...structuredClone(BASE), utm_params: { utm_source: 'app' } };
  const { utm_params: _gone, ...remote } = structuredClone(BASE);
  const conflict = {
    id: '["utm_params"]',
    path: 'utm_params',
    segments: ['utm_params'],
    base: { utm_source: 'mail' },
    local: { utm_source: 'app' },
    remote: undefined,
  };
  assert.deepEqual(
    mergeFields(BASE, local, remote),
    { ...NONE, merged: local, conflicts: [conflict] },
    "undecided: the file's value stays",
  );
  assert.deepEqual(
    mergeFields(BASE, local, remote, { '["utm_params"]': 'remote' }),
    { ...NONE, merged: remote, conflicts: [conflict] },
    'theirs: the deletion',
  );
  assert.deepEqual(mergeFields(BASE, local, remote, { '["utm_params"]': 'local' }), { ...NONE, merged: local, conflicts: [conflict] });
});

test('a conflict carries its id, path and three values; the choice decides the merged value', () => {
  const local = { ...structuredClone(BASE), basic_details: { ...BASE.basic_details, name: 'Summer' } };
  const remote = { ...structuredClone(BASE), basic_details: { ...BASE.basic_details, name: 'Autumn' } };
  const conflict = {
    id: '["basic_details","name"]',
    path: 'basic_details.name',
    segments: ['basic_details', 'name'],
    base: 'Spring',
    local: 'Summer',
    remote: 'Autumn',
  };
  const named = (name?: string) => ({
    ...structuredClone(BASE),
    basic_details: name === undefined ? { tags: ['a'], platforms: ['IOS'] } : { ...BASE.basic_details, name },
  });
  assert.deepEqual(mergeFields(BASE, local, remote), { ...NONE, merged: named('Summer'), conflicts: [conflict] });
  assert.deepEqual(mergeFields(BASE, local, remote, { [conflict.id]: 'remote' }).merged, named('Autumn'));
  assert.deepEqual(mergeFields(BASE, local, remote, { [conflict.id]: { value: 'Winter' } }).merged, named('Winter'));
  assert.deepEqual(
    mergeFields(BASE, local, remote, { [conflict.id]: { value: undefined } }).merged,
    named(undefined),
    'a value written as nothing removes the field',
  );
  assert.deepEqual(
    mergeFields(BASE, local, remote, { '["basic_details"]': 'remote' }).merged,
    named('Summer'),
    'a choice for another path decides nothing here',
  );
});

test('a component both sides added: merged field by field', () => {
  const base = { advanced: { ttl: 1 } };
  const local = { ...base, utm_params: { utm_source: 'mail' } };
  const remote = { ...base, utm_params: { utm_medium: 'email' } };
  assert.deepEqual(mergeFields(base, local, remote), {
    ...NONE,
    merged: { advanced: { ttl: 1 }, utm_params: { utm_source: 'mail', utm_medium: 'email' } },
    takenFromRemote: ['utm_params.utm_medium'],
    keptLocal: ['utm_params.utm_source'],
  });
});

test('a value that became an object on both sides, differently: one conflict, not a merge of the objects', () => {
  const base = { connector: 'none' };
  const local = { connector: { id: 'a' } };
  const remote = { connector: { id: 'b', name: 'B' } };
  const m = mergeFields(base, local, remote);
  assert.deepEqual(m.merged, local);
  assert.deepEqual(
    m.conflicts.map(c => c.path),
    ['connector'],
  );
});

const MALL = { name: 'Mall', radius: 100 };
const PARK = { name: 'Park', radius: 50 };
const ZOO = { name: 'Zoo', radius: 70 };
const withGeofences = (geofences?: unknown[]) => ({ basic_details: geofences === undefined ? { name: 'G' } : { name: 'G', geofences } });

test('geofences merge by name: an edit in the file, an addition and a removal on the service', () => {
  const local = withGeofences([{ ...MALL, radius: 150 }, PARK]);
  const remote = withGeofences([MALL, ZOO]);
  assert.deepEqual(mergeFields(withGeofences([MALL, PARK]), local, remote), {
    ...NONE,
    merged: withGeofences([{ ...MALL, radius: 150 }, ZOO]),
    takenFromRemote: ['basic_details.geofences[name="Park"]', 'basic_details.geofences[name="Zoo"]'],
    keptLocal: ['basic_details.geofences[name="Mall"]'],
  });
});

test("geofences reordered only on the service: the service's order, with the file's edits", () => {
  const local = withGeofences([{ ...MALL, radius: 150 }, PARK, ZOO]);
  const remote = withGeofences([ZOO, PARK, MALL]);
  assert.deepEqual(
    mergeFields(withGeofences([MALL, PARK, ZOO]), local, remote).merged,
    withGeofences([ZOO, PARK, { ...MALL, radius: 150 }]),
  );
});

test("a geofence removed in the file while the service reordered the rest: the service's order, without it", () => {
  const local = withGeofences([MALL, ZOO]);
  const remote = withGeofences([ZOO, PARK, MALL]);
  assert.deepEqual(mergeFields(withGeofences([MALL, PARK, ZOO]), local, remote).merged, withGeofences([ZOO, MALL]));
});

test("geofences reordered in the file: the file's order, with the service's edits", () => {
  const local = withGeofences([ZOO, MALL, PARK]);
  const remote = withGeofences([MALL, { ...PARK, radius: 10 }, ZOO]);
  assert.deepEqual(
    mergeFields(withGeofences([MALL, PARK, ZOO]), local, remote).merged,
    withGeofences([ZOO, MALL, { ...PARK, radius: 10 }]),
  );
});

test("geofences reordered on both sides: the file's order wins", () => {
  const local = withGeofences([PARK, MALL, { ...ZOO, radius: 1 }]);
  const remote = withGeofences([ZOO, MALL, PARK]);
  assert.deepEqual(mergeFields(withGeofences([MALL, PARK, ZOO]), local, remote).merged, withGeofences([PARK, MALL, { ...ZOO, radius: 1 }]));
});

test("geofences added on both sides where the base had none: the file's first, then the service's", () => {
  const m = mergeFields(withGeofences(), withGeofences([MALL]), withGeofences([PARK]));
  assert.deepEqual(m.merged, withGeofences([MALL, PARK]));
  assert.deepEqual([m.keptLocal, m.takenFromRemote], [['basic_details.geofences[name="Mall"]'], ['basic_details.geofences[name="Park"]']]);
});

test('geofences whose names repeat cannot be told apart: the list is one value, in conflict', () => {
  const local = withGeofences([MALL, { ...MALL, radius: 1 }]);
  const remote = withGeofences([PARK]);
  const m = mergeFields(withGeofences([MALL]), local, remote);
  assert.deepEqual(m.merged, local);
  assert.deepEqual(
    m.conflicts.map(c => c.path),
    ['basic_details.geofences'],
  );
});

test('other arrays are values: a different edit on each side is a conflict', () => {
  const local = { ...structuredClone(BASE), basic_details: { ...BASE.basic_details, tags: ['a', 'b'] } };
  const remote = { ...structuredClone(BASE), basic_details: { ...BASE.basic_details, tags: ['c'] } };
  assert.deepEqual(
    mergeFields(BASE, local, remote).conflicts.map(c => c.path),
    ['basic_details.tags'],
  );
});

test('a key named __proto__ is a field like any other', () => {
  const base = JSON.parse('{"advanced": {"__proto__": {"x": 1}, "ttl": 1}}');
  const local = JSON.parse('{"advanced": {"ttl": 1}}');
  const remote = JSON.parse('{"advanced": {"__proto__": {"x": 1}, "ttl": 2}}');
  const m = mergeFields(base, local, remote);
  assert.deepEqual(JSON.stringify(m.merged), '{"advanced":{"ttl":2}}');
  assert.deepEqual([m.keptLocal, m.takenFromRemote], [['advanced.__proto__'], ['advanced.ttl']]);
});

test('isChoice: mine, theirs, or a value written by hand', () => {
  for (const c of ['local', 'remote', { value: 1 }, { value: undefined }]) assert.equal(isChoice(c), true, JSON.stringify(c));
  for (const c of ['mine', {}, { val: 1 }, null, undefined, 1]) assert.equal(isChoice(c), false, JSON.stringify(c));
});

test('mergeKept: the base may move only while the saved file still holds what was taken from the service', () => {
  const remote = { ...structuredClone(BASE), utm_params: { utm_source: 'web' } };
  const merged = { ...structuredClone(BASE), utm_params: { utm_source: 'web' }, advanced: { ttl: 2 } };
  assert.equal(mergeKept(BASE, remote, merged, merged), true);
  assert.equal(
    mergeKept(BASE, remote, merged, { ...merged, advanced: { ttl: 5 } }),
    true,
    'a later edit of a field the service did not change',
  );
  assert.equal(mergeKept(BASE, remote, merged, { ...merged, utm_params: { utm_source: 'mail' } }), false, 'the merged field undone');
  assert.equal(mergeKept(BASE, BASE, merged, BASE), true, 'nothing was taken');
});
