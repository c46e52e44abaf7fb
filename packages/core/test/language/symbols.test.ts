import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/language/parse';
import { documentSymbols, flattenSymbols } from '../../src/language/symbols';
import { BUILT_IN_WORDS } from '../helpers/builtinWords';
import { bodyText, expandSnippet, SKELETON_SNIPPETS } from '../../src/language/snippets';
import type { DocumentSymbol } from 'vscode-languageserver-types';

/** The outline and breadcrumbs: components by readable name, filters, geofences and goals by what they are. */

function skeletonText(name: string): string {
  return expandSnippet(bodyText(SKELETON_SNIPPETS.find(s => s.name === name)!)).replace(/\t/g, '  ');
}

function find(symbols: DocumentSymbol[], name: string): DocumentSymbol | undefined {
  for (const s of symbols) {
    if (s.name === name) return s;
    const hit = find(s.children ?? [], name);
    if (hit) return hit;
  }
  return undefined;
}

test('components appear under readable names, with their key and facts as detail', () => {
  const text = skeletonText('Push campaign: periodic');
  const symbols = documentSymbols({ parsed: parse(text), kind: 'campaign' });
  const names = symbols.map(s => s.name);
  assert.deepEqual(names, [
    'channel',
    'campaign_delivery_type',
    'created_by',
    'Basic details',
    'Content',
    'Audience',
    'Schedule',
    'Delivery controls',
  ]);
  const schedule = symbols.find(s => s.name === 'Schedule')!;
  assert.equal(schedule.detail, 'scheduling_details · AT_FIXED_TIME · Europe/Berlin');
  assert.equal(schedule.kind, 2 /* Module */);
  assert.equal(symbols.find(s => s.name === 'channel')!.detail, 'PUSH');
  assert.equal(symbols.find(s => s.name === 'Basic details')!.detail, 'basic_details · Weekly digest · ANDROID, IOS');
  // The selection is the key; the range the whole property.
  const line = text.split('\n').findIndex(l => l.includes('"scheduling_details"'));
  assert.equal(schedule.selectionRange.start.line, line);
  assert.equal(schedule.selectionRange.start.character, 2);
  assert.ok(schedule.range.end.line > line);
  assert.ok(find(symbols, 'periodic_details'), 'nested objects are children');
});

test('filters are named by what they test, groups by operator and count', () => {
  const doc = {
    channel: 'PUSH',
    campaign_delivery_type: 'EVENT_TRIGGERED',
    trigger_condition: {
      included_filters: {
        filter_operator: 'and',
        filters: [
          { filter_type: 'actions', action_name: 'Added to cart', execution: { type: 'atleast', count: 2 }, executed: true },
          { filter_type: 'user_attributes', data_type: 'string', name: 'City', operator: 'in', value: ['Berlin'] },
          { filter_type: 'custom_segments', name: 'Loyal', id: '1' },
        ],
      },
      trigger_delay_type: 'ASAP',
    },
  };
  const symbols = documentSymbols({ parsed: parse(JSON.stringify(doc, null, 2)), kind: 'campaign' });
  const trigger = symbols.find(s => s.name === 'Trigger')!;
  assert.equal(trigger.kind, 24 /* Event */);
  const group = find(symbols, 'included_filters')!;
  assert.equal(group.detail, 'and · 3 filters');
  const filters = find(symbols, 'filters')!.children!.map(s => `${s.name} (${s.detail})`);
  assert.deepEqual(filters, [
    'did Added to cart atleast 2 (action)',
    'City in Berlin (user attribute · string)',
    'segment Loyal (custom segment)',
  ]);
});

test('geofences, goals and keyed content by name', () => {
  const doc = {
    channel: 'PUSH',
    campaign_delivery_type: 'LOCATION_TRIGGERED',
    basic_details: { geofences: [{ name: 'Berlin store', triggered_at: 'ENTRY', radius: '500' }] },
    campaign_content: { locales: ['German'], content: { default: { variation_1: { push: {} } }, German: { variation_1: { push: {} } } } },
    conversion_goal_details: { goals: [{ goal_name: 'Purchase', goal_event_name: 'Bought', is_primary_goal: true }] },
  };
  const symbols = documentSymbols({ parsed: parse(JSON.stringify(doc, null, 2)), kind: 'campaign' });
  assert.equal(find(symbols, 'Berlin store')!.detail, 'ENTRY · 500 m');
  assert.equal(find(symbols, 'Purchase')!.detail, 'primary · Bought');
  const content = find(symbols.find(s => s.name === 'Content')!.children!, 'content')!;
  assert.deepEqual(
    content.children!.map(s => `${s.name} (${s.detail})`),
    ['default (default locale)', 'German (locale)'],
  );
  assert.equal(find(content.children!, 'variation_1')!.detail, 'variation');
  assert.equal(find(symbols, 'locales')!.children![0].name, 'German');
  assert.equal(symbols.find(s => s.name === 'Content')!.detail, 'campaign_content · locales: German');
});

test('search files and settings files have an outline too', () => {
  const search = documentSymbols({ parsed: parse('{ "campaign_fields": { "status": ["DRAFT"] }, "limit": 15 }'), kind: 'search' });
  assert.deepEqual(
    search.map(s => s.name),
    ['Campaign fields', 'limit'],
  );
  const rc = documentSymbols({ parsed: parse('{ "features": { "queuing": true } }'), kind: 'campaignrc' });
  assert.deepEqual(
    rc.map(s => `${s.name} (${s.detail})`),
    ['Feature flags (features)'],
  );
  assert.equal(rc[0].children![0].name, 'queuing');
});

test('a broken document still has an outline; a huge one is bounded', () => {
  const broken = documentSymbols({
    parsed: parse('{ "channel": "PUSH", "scheduling_details": { "delivery_type": "ASAP", '),
    kind: 'campaign',
  });
  assert.ok(broken.some(s => s.name === 'Schedule'));
  const many = JSON.stringify({ tags: Array.from({ length: 20000 }, (_, i) => `t${i}`) });
  const bounded = documentSymbols({ parsed: parse(many), kind: 'campaign', limit: 100 });
  let count = 0;
  const walk = (l: DocumentSymbol[]) => {
    for (const s of l) {
      count++;
      walk(s.children ?? []);
    }
  };
  walk(bounded);
  assert.ok(count <= 100, `${count} symbols`);
  assert.deepEqual(documentSymbols({ parsed: parse(''), kind: 'campaign' }), []);
  assert.deepEqual(documentSymbols({ parsed: parse('[1, 2]'), kind: 'campaign' }), []);
});

test('flat symbols name their container', () => {
  const symbols = documentSymbols({ parsed: parse('{ "scheduling_details": { "delivery_type": "ASAP" } }'), kind: 'campaign' });
  const flat = flattenSymbols(symbols, 'file:///a.campaign.json');
  assert.deepEqual(
    flat.map(s => `${s.containerName ?? ''}>${s.name}`),
    ['>Schedule', 'Schedule>delivery_type'],
  );
});

test('a top-level key that names a built-in property (constructor, __proto__, …) is a plain property in the outline, not a component', () => {
  for (const word of BUILT_IN_WORDS) {
    const [symbol] = documentSymbols({ parsed: parse(`{\n  "${word}": { "a": 1 }\n}`), kind: 'campaign' });
    assert.equal(symbol.name, word);
    assert.equal(typeof symbol.kind, 'number', word);
  }
});
