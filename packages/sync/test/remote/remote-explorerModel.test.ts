import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  campaignContextValue, campaignDescription, campaignFields, campaignIcon, campaignTooltipLines, describeFilter, EMPTY_FILTER, GroupPager,
  groupsFor, hasChildren, isFiltered, parseList, reachabilityOf, sanitizeFilter, searchQuery, STATUSES, CHANNELS,
} from '../../src/remote/explorerModel';
import { ServiceClient } from '../../src/remote/serviceClient';

test('groups follow the grouping and the filter; every group asks for drafts and SMS explicitly', () => {
  assert.deepEqual(groupsFor('status', EMPTY_FILTER).map(g => g.value), [...STATUSES]);
  assert.deepEqual(groupsFor('channel', EMPTY_FILTER).map(g => g.value), [...CHANNELS]);
  const f = sanitizeFilter({ statuses: ['ACTIVE', 'DRAFT'], channels: ['EMAIL'] });
  assert.deepEqual(groupsFor('status', f).map(g => g.value), ['DRAFT', 'ACTIVE']);
  assert.deepEqual(campaignFields(EMPTY_FILTER, { by: 'status', value: 'DRAFT' }), { channels: ['PUSH', 'EMAIL', 'SMS'], status: ['DRAFT'] });
  assert.deepEqual(campaignFields(EMPTY_FILTER, { by: 'channel', value: 'SMS' }), { channels: ['SMS'], status: [...STATUSES] });
});

test('every filter becomes the spec key of campaign_fields', () => {
  const f = sanitizeFilter({ channels: ['PUSH'], statuses: ['DRAFT'], deliveryTypes: ['PERIODIC'], name: ' sale ', tags: ['a', 'a', 'b'], createdBy: ['x@y.co'], ids: ['1', '2'] });
  assert.deepEqual(campaignFields(f), { channels: ['PUSH'], status: ['DRAFT'], campaign_delivery_type: ['PERIODIC'], name: 'sale', tags: ['a', 'b'], created_by: ['x@y.co'], ids: ['1', '2'] });
  assert.equal(describeFilter(f), 'channel PUSH · status DRAFT · type PERIODIC · name "sale" · tags a, b · by x@y.co · ids ×2');
  assert.ok(isFiltered(f) && !isFiltered(EMPTY_FILTER));
  assert.equal(searchQuery(f, undefined, 2).include_child_campaigns, undefined);
  const kids = sanitizeFilter({ includeChildren: true });
  assert.deepEqual(searchQuery(kids, { by: 'status', value: 'ACTIVE' }, 3), { campaign_fields: { channels: ['PUSH', 'EMAIL', 'SMS'], status: ['ACTIVE'] }, page: 3, limit: 15, include_child_campaigns: true });
  assert.ok(isFiltered(kids));
  assert.equal(describeFilter(kids), 'with child campaigns');
});

test('stored filters are sanitized: unknown values and wrong types dropped', () => {
  assert.deepEqual(sanitizeFilter({ channels: ['PUSH', 'FAX', 3], statuses: 'ACTIVE', name: 5, includeChildren: 'yes' }), { ...EMPTY_FILTER, channels: ['PUSH'], name: undefined, includeChildren: undefined });
  assert.deepEqual(sanitizeFilter(null), { ...EMPTY_FILTER, name: undefined, includeChildren: undefined });
  assert.deepEqual(parseList(' a, b;c  d,, '), ['a', 'b', 'c', 'd']);
});

test('the pager asks 15 at a time until a short page, once per request, without duplicates', async () => {
  const pages = [Array.from({ length: 15 }, (_, i) => ({ id: `a${i}` })), [{ id: 'a14' }, { id: 'b1' }]];
  const asked: unknown[] = [];
  const fake = { search: async (q: { page: number }) => { asked.push(q); const items = pages[q.page - 1] ?? []; return { items, page: q.page, limit: 15, hasMore: items.length === 15 }; } } as unknown as ServiceClient;
  const p = new GroupPager(EMPTY_FILTER, { by: 'status', value: 'ACTIVE' });
  assert.equal(p.loaded, false);
  const [a, b] = await Promise.all([p.loadMore(fake), p.loadMore(fake)]);
  assert.equal(a, b);
  assert.equal(asked.length, 1);
  assert.equal(p.done, false);
  await p.loadMore(fake);
  assert.equal(p.done, true);
  assert.equal(p.items.length, 16);
  assert.deepEqual(await p.loadMore(fake), []);
  assert.equal(asked.length, 2);
});

test('a failed page is kept as the pager error and can be retried', async () => {
  let fail = true;
  const fake = { search: async () => { if (fail) throw new Error('down'); return { items: [], page: 1, limit: 15, hasMore: false }; } } as unknown as ServiceClient;
  const p = new GroupPager(EMPTY_FILTER, undefined);
  await assert.rejects(p.loadMore(fake), /down/);
  assert.match(String(p.error), /down/);
  fail = false;
  await p.loadMore(fake);
  assert.equal(p.error, undefined);
  assert.equal(p.done, true);
});

test('labels, icons, context values and tooltips', () => {
  const r = { id: 'i', campaign_id: 'i', channel: 'EMAIL', status: 'PAUSED', campaign_delivery_type: 'PERIODIC', basic_details: { name: 'Weekly *news*' } };
  assert.equal(campaignDescription(r, 'status'), 'Email · Periodic');
  assert.equal(campaignDescription(r, 'channel'), 'Paused · Periodic');
  assert.equal(campaignDescription({ ...r, channel: 'SMS', campaign_delivery_type: 'EVENT_TRIGGERED' }, 'status'), 'SMS · Event triggered');
  assert.deepEqual(campaignIcon(r), { id: 'mail', color: 'charts.yellow' });
  assert.equal(campaignContextValue(r), 'campaign.parent');
  assert.equal(campaignContextValue({ ...r, channel: 'SMS', campaign_delivery_type: 'ONE_TIME' }), 'campaign.sms');
  assert.equal(campaignContextValue({ ...r, campaign_delivery_type: 'ONE_TIME', flow_id: 'f' }), 'campaign.flow');
  assert.equal(campaignDescription({ ...r, flow_id: 'f1', flow_name: 'Welcome' }, 'status'), 'Email · Periodic · flow Welcome');
  assert.equal(campaignDescription({ ...r, parent_id: 'p' }, 'status'), 'Email · Periodic · child');
  assert.ok(hasChildren(r) && !hasChildren({ ...r, parent_id: 'p' }));
  const meta = { campaign_id: 'i', reachability_details: { count: 18182, last_updated_time: '2024-11-27T09:05:42.661000' } };
  assert.deepEqual(reachabilityOf(meta), { count: 18182, updated: '2024-11-27T09:05:42.661000' });
  assert.equal(reachabilityOf({ campaign_id: 'i' }), undefined);
  const lines = campaignTooltipLines(r, meta).join('\n');
  assert.match(lines, /Weekly \\\*news\\\*/);
  assert.match(lines, /about \*\*18,182\*\* users/);
});
