import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { lint } from '../helpers/lint';
import { bodyText, COMPONENT_SNIPPETS, expandSnippet, SKELETON_SNIPPETS, SnippetEntry, splitBody } from '../../src/language/snippets';
import { WorkspaceSettings } from '../../src/model/types';

/**
 * The skeletons and component snippets in `snippets/` are valid under the whole rule set as
 * inserted: each body, with every placeholder at its default, has no error and no warning.
 */

const ROOT = path.resolve(__dirname, '../../../..');
const ALL_FEATURES: WorkspaceSettings = { features: { audienceLimit: true, queuing: true, portfolio: false, versioning: false } };

function expanded(s: SnippetEntry): string {
  return expandSnippet(bodyText(s));
}

const REQUIRED_SKELETONS: Array<[string, string, string]> = [
  ['campaign-push-one-time', 'PUSH', 'ONE_TIME'],
  ['campaign-push-event-triggered', 'PUSH', 'EVENT_TRIGGERED'],
  ['campaign-push-periodic', 'PUSH', 'PERIODIC'],
  ['campaign-push-location-triggered', 'PUSH', 'LOCATION_TRIGGERED'],
  ['campaign-email-promotional', 'EMAIL', 'ONE_TIME'],
  ['campaign-email-transactional', 'EMAIL', 'EVENT_TRIGGERED'],
  ['campaign-email-business-event', 'EMAIL', 'BUSINESS_EVENT_TRIGGERED'],
];

test('the seven skeletons exist, each for its channel and delivery type', () => {
  for (const [prefix, channel, type] of REQUIRED_SKELETONS) {
    const s = SKELETON_SNIPPETS.find(x => (Array.isArray(x.prefix) ? x.prefix : [x.prefix]).includes(prefix));
    assert.ok(s, `a skeleton with prefix ${prefix}`);
    const doc = JSON.parse(expanded(s));
    assert.equal(doc.channel, channel, prefix);
    assert.equal(doc.campaign_delivery_type, type, prefix);
  }
  const email = JSON.parse(expanded(SKELETON_SNIPPETS.find(s => s.name === 'Email campaign: promotional')!));
  assert.equal(email.basic_details.content_type, 'PROMOTIONAL');
  const tx = JSON.parse(expanded(SKELETON_SNIPPETS.find(s => s.name === 'Email campaign: transactional')!));
  assert.equal(tx.basic_details.content_type, 'TRANSACTIONAL');
});

for (const s of SKELETON_SNIPPETS) {
  test(`skeleton "${s.name}" has no error and no warning as inserted`, () => {
    const got = lint(expanded(s)).filter(g => g.severity === 'error' || g.severity === 'warning');
    assert.deepEqual(
      got.map(g => `${g.rule}@${g.path}: ${g.message}`),
      [],
    );
  });
}

/** The first concrete place a component snippet's `x-at` pattern names, in a document built for it. */
function placeFor(pattern: string, doc: Record<string, any>): string[] {
  const segs = pattern.split('/');
  if (segs[0] === '**') {
    // A filter or filter group: under the audience of the document.
    doc.segmentation_details = { included_filters: { filter_operator: 'and', filters: [] } };
    const rest = segs.slice(1);
    if (rest.join('/') === 'filters/*') return ['segmentation_details', 'included_filters', 'filters', '0'];
    // `**/filters/*/attributes`: an action filter's attribute group.
    doc.segmentation_details.included_filters.filters = [
      { filter_type: 'actions', action_name: 'Bought', execution: { type: 'atleast', count: 1 }, executed: true },
    ];
    return ['segmentation_details', 'included_filters', 'filters', '0', 'attributes'];
  }
  return segs.map(x => (x === '*' ? '0' : x));
}

function setAt(doc: Record<string, any>, segs: string[], value: unknown): void {
  let cur: any = doc;
  for (let i = 0; i < segs.length - 1; i++) {
    const s = segs[i];
    if (cur[s] === undefined) cur[s] = /^\d+$/.test(segs[i + 1]) ? [] : {};
    cur = cur[s];
  }
  const last = segs[segs.length - 1];
  if (Array.isArray(cur)) cur.splice(Number(last), 1, value);
  else cur[last] = value;
}

/** A skeleton of the snippet's channel and delivery type (the first that fits), as an object. */
function baseFor(s: SnippetEntry, at: string): Record<string, any> {
  const channels = s['x-channels'] ?? ['PUSH', 'EMAIL'];
  // A place inside `trigger_condition` needs a triggered campaign.
  const types = s['x-delivery-types'] ?? (at.startsWith('trigger_condition') ? ['EVENT_TRIGGERED'] : undefined);
  const fits = (d: any) => channels.includes(d.channel) && (!types || types.includes(d.campaign_delivery_type));
  const docs = SKELETON_SNIPPETS.map(x => JSON.parse(expanded(x)));
  const exact = docs.find(fits);
  if (exact) return exact;
  // No skeleton of that delivery type (device-triggered): the event-triggered one of the channel, retyped.
  const base = docs.find(d => channels.includes(d.channel) && d.campaign_delivery_type === 'EVENT_TRIGGERED')!;
  base.campaign_delivery_type = types![0];
  delete base.basic_details.send_to_triggered_platform_only;
  delete base.delivery_controls;
  return base;
}

for (const s of COMPONENT_SNIPPETS) {
  for (const at of s['x-at'] ?? []) {
    test(`component snippet "${s.name}" at ${at} has no error and no warning as inserted`, () => {
      const doc = baseFor(s, at);
      const segs = placeFor(at, doc);
      const { key, value } = splitBody(s);
      if (key) assert.equal(key, segs[segs.length - 1], 'the key the snippet names is the key of its place');
      setAt(doc, segs, JSON.parse(expandSnippet(value)));
      const got = lint(JSON.stringify(doc, null, 2), { settings: ALL_FEATURES }).filter(
        g => g.severity === 'error' || g.severity === 'warning',
      );
      assert.deepEqual(
        got.map(g => `${g.rule}@${g.path}: ${g.message}`),
        [],
      );
    });
  }
}

test('every component snippet says where it belongs and what it applies to', () => {
  const channels = ['PUSH', 'EMAIL'];
  const types = ['ONE_TIME', 'PERIODIC', 'EVENT_TRIGGERED', 'BUSINESS_EVENT_TRIGGERED', 'DEVICE_TRIGGERED', 'LOCATION_TRIGGERED'];
  for (const s of COMPONENT_SNIPPETS) {
    assert.ok(s['x-at']?.length, `${s.name}: x-at`);
    for (const c of s['x-channels'] ?? []) assert.ok(channels.includes(c), `${s.name}: channel ${c}`);
    for (const t of s['x-delivery-types'] ?? []) assert.ok(types.includes(t), `${s.name}: delivery type ${t}`);
    assert.ok(s.description && s.description.length > 20, `${s.name}: a description`);
  }
  const scheduling = COMPONENT_SNIPPETS.filter(s => s['x-at']?.includes('scheduling_details'));
  for (const t of types)
    assert.ok(
      scheduling.some(s => !s['x-delivery-types'] || s['x-delivery-types'].includes(t)),
      `a scheduling snippet for ${t}`,
    );
  for (const f of ['user_attributes', 'actions', 'custom_segments']) {
    assert.ok(
      COMPONENT_SNIPPETS.some(s => s['x-at']?.includes('**/filters/*') && s.body.join('\n').includes(`"filter_type": "${f}"`)),
      `a filter snippet of type ${f}`,
    );
  }
  assert.ok(
    COMPONENT_SNIPPETS.some(s => s['x-at']?.includes('basic_details/geofences/*')),
    'a geofence snippet',
  );
});

test('the snippet files are VS Code snippet files, which the language server offers and VS Code does not contribute', () => {
  // VS Code would list a contributed snippet everywhere (inside strings too, where a tab through a
  // skeleton's placeholders accepts it), and again beside the server's item for the same snippet.
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  assert.equal(manifest.contributes.snippets, undefined);
  for (const name of ['components.json', 'skeletons.json']) {
    const file = JSON.parse(fs.readFileSync(path.join(ROOT, 'snippets', name), 'utf8'));
    for (const [key, s] of Object.entries<any>(file)) {
      assert.ok(
        typeof s.prefix === 'string' || (Array.isArray(s.prefix) && s.prefix.every((p: unknown) => typeof p === 'string')),
        `${key}: prefix`,
      );
      assert.ok(Array.isArray(s.body) && s.body.every((l: unknown) => typeof l === 'string'), `${key}: body lines`);
      assert.equal(typeof s.description, 'string', `${key}: description`);
    }
  }
});

test('snippet placeholders expand to their defaults', () => {
  assert.equal(expandSnippet('"${1:a}" ${2|x,y|} $3 ${4} \\$5 ${6:outer ${7:inner}} $0'), '"a" x   $5 outer inner ');
  assert.equal(expandSnippet('${1:a\\}b}'), 'a}b');
  assert.equal(expandSnippet('${TM_FILENAME/(.*)/$1/} ${VAR:def}'), ' def');
});
