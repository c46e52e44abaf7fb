import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { mapValues, parseValues, pathSegments, ValuesFile, ValuesFileError } from '../../src/promote/values';

/** Per-environment values: paths, substitution with and without a guard, and what is refused. */

const doc = () => ({
  channel: 'EMAIL',
  basic_details: { name: 'Welcome', subscription_category: 'news-test' },
  segmentation_details: { included_filters: { filters: [{ id: 'seg-stg-1' }, { id: 'seg-shared' }, { id: 'seg-stg-1' }] } },
  utm_params: { utm_source: 'mail', utm_campaign: 'stg-welcome' },
});

const file = (values: ValuesFile['values']): ValuesFile => ({ version: 1, values });

test('paths: dots, an element, every element, an optional $.', () => {
  assert.deepEqual(pathSegments('$.a.b[2].c[*]'), ['a', 'b', 2, 'c', '*']);
  assert.deepEqual(pathSegments('basic_details.subscription_category'), ['basic_details', 'subscription_category']);
  for (const bad of ['', '$', '.a', 'a..b', 'a[', 'a[x]', '[0]', 'a b']) assert.equal(pathSegments(bad), undefined, bad);
});

test('without a guard the target value replaces the source value wherever the path exists; with one, only where it matches', () => {
  const r = mapValues(
    doc(),
    file([
      { path: 'basic_details.subscription_category', values: { staging: 'news-test', production: 'news' } },
      { path: 'segmentation_details.included_filters.filters[*].id', when: 'seg-stg-1', values: { Production: 'seg-prd-9' } },
      { path: 'trigger_condition.segment', values: { production: 'absent paths stay absent' } },
    ]),
    'staging',
    'production',
  );
  assert.deepEqual(r.refused, []);
  assert.equal((r.doc.basic_details as any).subscription_category, 'news');
  assert.deepEqual(
    (r.doc.segmentation_details as any).included_filters.filters.map((f: { id: string }) => f.id),
    ['seg-prd-9', 'seg-shared', 'seg-prd-9'],
  );
  assert.equal(r.doc.trigger_condition, undefined);
  assert.deepEqual(
    r.substituted.map(s => s.path),
    [
      'basic_details.subscription_category',
      'segmentation_details.included_filters.filters[0].id',
      'segmentation_details.included_filters.filters[2].id',
    ],
  );
  assert.equal((doc().basic_details as any).subscription_category, 'news-test', 'the source is not changed');
});

test("a value declared without the target's is refused at its path; a source value left anywhere else is refused too", () => {
  const r = mapValues(
    doc(),
    file([
      { path: 'utm_params.utm_campaign', values: { staging: 'stg-welcome' } },
      { path: 'basic_details.subscription_category', values: { staging: 'seg-shared', production: 'news' } },
    ]),
    'staging',
    'production',
    'values.json',
  );
  assert.deepEqual(
    r.refused.map(x => x.path),
    ['utm_params.utm_campaign', 'segmentation_details.included_filters.filters[1].id'],
  );
  assert.match(r.refused[0].message, /values\.json declares per environment \(`values\[0\]`\) without a value for production/);
  assert.match(
    r.refused[1].message,
    /would carry `seg-shared` into production, and values\.json declares it as staging's own \(`values\[1\]`\)/,
  );
});

test('a value the same in both environments is not refused', () => {
  const r = mapValues(
    doc(),
    file([{ path: 'utm_params.utm_source', values: { staging: 'mail', production: 'mail' } }]),
    'staging',
    'production',
  );
  assert.deepEqual(r.refused, []);
  assert.deepEqual(r.substituted, []);
});

test('the values file: what is wrong is said, with what to write', () => {
  assert.throws(() => parseValues('{', 'v.json'), ValuesFileError);
  assert.throws(() => parseValues('{"version": 2, "values": []}', 'v.json'), /must say `"version": 1`/);
  assert.throws(
    () => parseValues('{"version": 1, "values": [{"path": "a..b", "values": {"x": 1}}]}', 'v.json'),
    /`values\[0\]`\.path must be a JSON path/,
  );
  assert.throws(() => parseValues('{"version": 1, "values": [{"path": "a", "values": {}}]}', 'v.json'), /must map environment names/);
  assert.deepEqual(parseValues('{"version": 1, "values": []}', 'v.json').values, []);
});

test('property: mapping with no entry for the target environment never changes the campaign, and the result never holds a refused value unsaid', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), (a, b) => {
      const source = { basic_details: { name: a, team: b } };
      const r = mapValues(source, file([{ path: 'basic_details.name', values: { staging: a } }]), 'staging', 'production');
      assert.deepEqual(r.doc, source);
      assert.equal(r.refused.length > 0, true, 'the staging value at its own path is refused');
    }),
  );
});
