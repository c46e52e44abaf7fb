import { CHANNELS } from '@campaign-studio/core';
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import {
  campaignContextValue,
  campaignDescription,
  escapeMarkdown,
  metaFor,
  nameOf,
  plainText,
  campaignFields,
  campaignIcon,
  campaignTooltipLines,
  describeFilter,
  EMPTY_FILTER,
  GroupPager,
  groupCountText,
  groupKey,
  isExpanded,
  sanitizeExpanded,
  withExpansion,
  groupIcon,
  groupsFor,
  hasChildren,
  isFiltered,
  ListedGroup,
  listedAsRead,
  parseList,
  reachabilityOf,
  sanitizeFilter,
  searchQuery,
  STATUSES,
  withCampaignRead,
} from '../../src/remote/explorerModel';
import { CampaignRecord } from '../../src/remote/serviceClient';
import { ServiceClient } from '../../src/remote/serviceClient';

test('groups follow the grouping and the filter; every group asks for drafts and SMS explicitly', () => {
  assert.deepEqual(
    groupsFor('status', EMPTY_FILTER).map(g => g.value),
    [...STATUSES],
  );
  assert.deepEqual(
    groupsFor('channel', EMPTY_FILTER).map(g => g.value),
    [...CHANNELS],
  );
  const f = sanitizeFilter({ statuses: ['ACTIVE', 'DRAFT'], channels: ['EMAIL'] });
  assert.deepEqual(
    groupsFor('status', f).map(g => g.value),
    ['DRAFT', 'ACTIVE'],
  );
  assert.deepEqual(campaignFields(EMPTY_FILTER, { by: 'status', value: 'DRAFT' }), {
    channels: ['PUSH', 'EMAIL', 'SMS'],
    status: ['DRAFT'],
  });
  assert.deepEqual(campaignFields(EMPTY_FILTER, { by: 'channel', value: 'SMS' }), { channels: ['SMS'], status: [...STATUSES] });
});

test('every filter becomes the spec key of campaign_fields', () => {
  const f = sanitizeFilter({
    channels: ['PUSH'],
    statuses: ['DRAFT'],
    deliveryTypes: ['PERIODIC'],
    name: ' sale ',
    tags: ['a', 'a', 'b'],
    createdBy: ['x@y.co'],
    ids: ['1', '2'],
  });
  assert.deepEqual(campaignFields(f), {
    channels: ['PUSH'],
    status: ['DRAFT'],
    campaign_delivery_type: ['PERIODIC'],
    name: 'sale',
    tags: ['a', 'b'],
    created_by: ['x@y.co'],
    ids: ['1', '2'],
  });
  assert.equal(describeFilter(f), 'channel PUSH · status DRAFT · type PERIODIC · name "sale" · tags a, b · by x@y.co · ids ×2');
  assert.ok(isFiltered(f) && !isFiltered(EMPTY_FILTER));
  assert.equal(searchQuery(f, undefined, 2).include_child_campaigns, undefined);
  const kids = sanitizeFilter({ includeChildren: true });
  assert.deepEqual(searchQuery(kids, { by: 'status', value: 'ACTIVE' }, 3), {
    campaign_fields: { channels: ['PUSH', 'EMAIL', 'SMS'], status: ['ACTIVE'] },
    page: 3,
    limit: 15,
    include_child_campaigns: true,
  });
  assert.ok(isFiltered(kids));
  assert.equal(describeFilter(kids), 'with child campaigns');
});

test('stored filters are sanitized: unknown values and wrong types dropped', () => {
  assert.deepEqual(sanitizeFilter({ channels: ['PUSH', 'FAX', 3], statuses: 'ACTIVE', name: 5, includeChildren: 'yes' }), {
    ...EMPTY_FILTER,
    channels: ['PUSH'],
    name: undefined,
    includeChildren: undefined,
  });
  assert.deepEqual(sanitizeFilter(null), { ...EMPTY_FILTER, name: undefined, includeChildren: undefined });
  assert.deepEqual(parseList(' a, b;c  d,, '), ['a', 'b', 'c', 'd']);
});

test('the pager asks 15 at a time until a short page, once per request, without duplicates', async () => {
  const pages = [Array.from({ length: 15 }, (_, i) => ({ id: `a${i}` })), [{ id: 'a14' }, { id: 'b1' }]];
  const asked: unknown[] = [];
  const fake = {
    search: async (q: { page: number }) => {
      asked.push(q);
      const items = pages[q.page - 1] ?? [];
      return { items, page: q.page, limit: 15, hasMore: items.length === 15 };
    },
  } as unknown as ServiceClient;
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
  const fake = {
    search: async () => {
      if (fail) throw new Error('down');
      return { items: [], page: 1, limit: 15, hasMore: false };
    },
  } as unknown as ServiceClient;
  const p = new GroupPager(EMPTY_FILTER, undefined);
  await assert.rejects(p.loadMore(fake), /down/);
  assert.match(String(p.error), /down/);
  fail = false;
  await p.loadMore(fake);
  assert.equal(p.error, undefined);
  assert.equal(p.done, true);
});

test('a channel or status that names a built-in property gets the icon of an unknown one', () => {
  for (const word of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
    assert.deepEqual(campaignIcon({ id: 'i', channel: word, status: word }), { id: 'symbol-event', color: undefined });
    assert.equal(groupIcon({ by: 'status', value: word }), 'circle-outline');
    assert.equal(groupIcon({ by: 'channel', value: word }), 'symbol-event');
  }
});

test('labels, icons, context values and tooltips', () => {
  const r = {
    id: 'i',
    campaign_id: 'i',
    channel: 'EMAIL',
    status: 'PAUSED',
    campaign_delivery_type: 'PERIODIC',
    basic_details: { name: 'Weekly *news*' },
  };
  assert.equal(campaignDescription(r, 'status'), 'Email · Periodic');
  assert.equal(campaignDescription(r, 'channel'), 'Paused · Periodic');
  assert.equal(campaignDescription({ ...r, channel: 'SMS', campaign_delivery_type: 'EVENT_TRIGGERED' }, 'status'), 'SMS · Event triggered');
  assert.deepEqual(campaignIcon(r), { id: 'mail', color: 'charts.yellow' });
  assert.equal(campaignContextValue(r), 'campaign.parent status-PAUSED can-resume can-stop');
  assert.equal(campaignContextValue({ ...r, channel: 'SMS', campaign_delivery_type: 'ONE_TIME' }), 'campaign.sms status-PAUSED');
  assert.equal(
    campaignContextValue({ ...r, campaign_delivery_type: 'ONE_TIME', flow_id: 'f' }),
    'campaign.flow status-PAUSED can-resume can-stop',
  );
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

describe('a campaign read fresh updates the listed groups, without asking the service again', () => {
  const rec = (id: string, status: string, extra: Record<string, unknown> = {}): CampaignRecord => ({
    id,
    campaign_id: id,
    channel: 'PUSH',
    status,
    campaign_delivery_type: 'ONE_TIME',
    updated_at: '2026-01-01T00:00:00.000000',
    basic_details: { name: id },
    ...extra,
  });
  const listed = (value: string, items: CampaignRecord[], loaded = true, by: 'status' | 'channel' = 'status'): ListedGroup => ({
    group: { by, value },
    loaded,
    items,
  });
  const pushed = rec('b', 'DRAFT', { updated_at: '2026-01-02T00:00:00.000000', basic_details: { name: 'b, renamed' } });

  const cases: Array<{ name: string; groups: ListedGroup[]; read: CampaignRecord; expected: Array<CampaignRecord[] | undefined> }> = [
    {
      name: 'in place: its new name and updated_at, the order kept, other groups untouched',
      groups: [listed('DRAFT', [rec('a', 'DRAFT'), rec('b', 'DRAFT'), rec('c', 'DRAFT')]), listed('ACTIVE', [rec('d', 'ACTIVE')])],
      read: pushed,
      expected: [[rec('a', 'DRAFT'), pushed, rec('c', 'DRAFT')], undefined],
    },
    {
      name: 'read as listed: nothing to redraw',
      groups: [listed('DRAFT', [rec('a', 'DRAFT'), rec('b', 'DRAFT')])],
      read: rec('b', 'DRAFT'),
      expected: [undefined],
    },
    {
      name: 'not listed: stays unlisted, even in a loaded group of its status',
      groups: [listed('DRAFT', [rec('a', 'DRAFT')])],
      read: rec('z', 'DRAFT'),
      expected: [undefined],
    },
    {
      name: 'a record without an id changes nothing',
      groups: [listed('DRAFT', [{ status: 'DRAFT' }])],
      read: { status: 'DRAFT', updated_at: 'later' },
      expected: [undefined],
    },
    {
      name: 'grouped by status, a new status: out of its group, at the head of the loaded group of its status',
      groups: [
        listed('DRAFT', [rec('a', 'DRAFT'), rec('b', 'DRAFT')]),
        listed('ACTIVE', [rec('d', 'ACTIVE')]),
        listed('PAUSED', [rec('e', 'PAUSED')]),
      ],
      read: rec('a', 'ACTIVE'),
      expected: [[rec('b', 'DRAFT')], [rec('a', 'ACTIVE'), rec('d', 'ACTIVE')], undefined],
    },
    {
      name: 'grouped by status, a new status whose group is not loaded: that group lists it when it loads',
      groups: [listed('DRAFT', [rec('a', 'DRAFT')]), listed('ACTIVE', [], false)],
      read: rec('a', 'ACTIVE'),
      expected: [[], undefined],
    },
    {
      name: 'grouped by status, a status the filter leaves out (no group): no longer listed',
      groups: [listed('DRAFT', [rec('a', 'DRAFT')])],
      read: rec('a', 'STOPPED'),
      expected: [[]],
    },
    {
      name: 'grouped by channel, a new status: in place',
      groups: [listed('PUSH', [rec('a', 'DRAFT'), rec('b', 'DRAFT')], true, 'channel'), listed('EMAIL', [], true, 'channel')],
      read: rec('a', 'ACTIVE'),
      expected: [[rec('a', 'ACTIVE'), rec('b', 'DRAFT')], undefined],
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const before = structuredClone(c.groups);
      assert.deepEqual(withCampaignRead(c.groups, c.read), c.expected);
      assert.deepEqual(c.groups, before, 'the listed groups are not changed in place');
    });
  }

  test('the relations are as the listing had them: search returns them only with child campaigns included', () => {
    const read = rec('a', 'DRAFT', { flow_id: 'f1', flow_name: 'Welcome', parent_id: 'p' });
    assert.deepEqual(listedAsRead(rec('a', 'DRAFT'), read), rec('a', 'DRAFT'));
    assert.deepEqual(
      listedAsRead(rec('a', 'DRAFT', { flow_id: 'f1', flow_name: 'Welcome' }), read),
      rec('a', 'DRAFT', { flow_id: 'f1', flow_name: 'Welcome' }),
    );
  });

  test('a pager shows the new list and keeps its paging state', async () => {
    const fake = {
      search: async () => ({ items: [rec('a', 'DRAFT'), rec('b', 'DRAFT')], page: 1, limit: 15, hasMore: true }),
    } as unknown as ServiceClient;
    const p = new GroupPager(EMPTY_FILTER, { by: 'status', value: 'DRAFT' });
    await p.loadMore(fake);
    const [next] = withCampaignRead([{ group: p.group!, loaded: p.loaded, items: p.items }], pushed);
    p.show(next!);
    assert.deepEqual(p.items, [rec('a', 'DRAFT'), pushed]);
    assert.deepEqual([p.loaded, p.done], [true, false]);
  });
});

test('context values carry the status and the status actions that apply to it (the menus match can-*)', () => {
  const of = (status: string, type = 'EVENT_TRIGGERED', channel = 'PUSH') =>
    campaignContextValue({ id: 'i', channel, status, campaign_delivery_type: type }).split(' ').slice(1).join(' ');
  assert.equal(of('ACTIVE'), 'status-ACTIVE can-pause can-stop', 'an ACTIVE campaign is never offered Resume');
  assert.equal(of('Active'), 'status-ACTIVE can-pause can-stop', "the metadata listing's capitalized status");
  assert.equal(of('SCHEDULED'), 'status-SCHEDULED can-pause can-stop');
  assert.equal(of('PAUSED'), 'status-PAUSED can-resume can-stop');
  assert.equal(of('ACTIVE', 'ONE_TIME'), 'status-ACTIVE', 'a one-time campaign is neither paused nor stopped once sending');
  assert.equal(of('SCHEDULED', 'ONE_TIME'), 'status-SCHEDULED can-stop');
  assert.equal(of('DRAFT'), 'status-DRAFT can-publish');
  for (const ended of ['SENT', 'SENDING', 'STOPPED', 'ARCHIVED']) assert.equal(of(ended), `status-${ended}`);
  assert.equal(of('ACTIVE', 'EVENT_TRIGGERED', 'SMS'), 'status-ACTIVE', 'V5 writes no SMS campaign');
  assert.equal(of('DRAFT', 'ONE_TIME', 'SMS'), 'status-DRAFT');
});

test('plainText: a notification shows code spans as their text, without backticks', () => {
  assert.equal(
    plainText('The campaign is `DRAFT` on the service: publish it first.'),
    'The campaign is DRAFT on the service: publish it first.',
  );
  assert.equal(plainText('Add `"email"` to `campaignStudio.environments`.'), 'Add "email" to campaignStudio.environments.');
  assert.equal(plainText('no spans'), 'no spans');
});

test('nameOf: a campaign named with control or bidi characters shows them written out; its metadata is still found by that name', async () => {
  const record: CampaignRecord = { id: 'c1', channel: 'PUSH', basic_details: { name: 'Sale \u202eevil\u001b[2J' } };
  assert.equal(nameOf(record), 'Sale \\u202eevil\\u001b[2J');
  const meta = { campaign_id: 'other', campaign_name: 'Sale \u202eevil\u001b[2J', reachability: 1 };
  const client = { meta: async () => [meta] } as unknown as ServiceClient;
  assert.equal(await metaFor(client, record), meta);
});

test('plainText and escapeMarkdown: a name or a message from the service shows its control characters written out', () => {
  const name = 'Sale\u001b]0;pwned\u0007\u001b[2J\u202e';
  assert.equal(
    plainText(`Campaign \`${name}\` was pushed.\nDone.`),
    'Campaign Sale\\u001b]0;pwned\\u0007\\u001b[2J\\u202e was pushed.\nDone.',
  );
  assert.equal(escapeMarkdown(name), 'Sale\\\\u001b\\]0;pwned\\\\u0007\\\\u001b\\[2J\\\\u202e');
});

describe("a group's count before it is expanded", () => {
  const pager = (n: number, done: boolean) => ({ loaded: true, done, items: Array.from({ length: n }, (_, i) => ({ id: String(i) })) });
  test('unknown until the first page is in: nothing rather than a wrong number', () => {
    assert.equal(groupCountText({ loaded: false, done: false, items: [] }, false), undefined);
    assert.equal(groupCountText({ loaded: false, done: false, items: [] }, true), undefined);
  });
  test('the first page alone: its length, "15+" when full (the search has no total)', () => {
    assert.equal(groupCountText(pager(7, true), false), '7');
    assert.equal(groupCountText(pager(15, false), false), '15+');
    assert.equal(groupCountText(pager(0, true), false), '0');
  });
  test('under a filter: how many match, and "no match" where none does', () => {
    assert.equal(groupCountText(pager(3, true), true), '3 match');
    assert.equal(groupCountText(pager(15, false), true), '15+ match');
    assert.equal(groupCountText(pager(0, true), true), 'no match');
  });
});

describe('expanded groups, remembered per environment', () => {
  const active = groupKey({ by: 'status', value: 'ACTIVE' });
  test('a group expanded in one environment is not expanded in another', () => {
    const s = withExpansion({}, 'staging', active, true);
    assert.equal(isExpanded(s, 'staging', active), true);
    assert.equal(isExpanded(s, 'production', active), false);
    assert.equal(isExpanded(s, 'staging', groupKey({ by: 'channel', value: 'ACTIVE' })), false);
  });
  test('collapsing forgets it; an environment with nothing expanded is dropped; no change, the same object', () => {
    const s = withExpansion(withExpansion({}, 'staging', active, true), 'staging', 'status/SENT', true);
    assert.equal(withExpansion(s, 'staging', active, true), s);
    assert.deepEqual(withExpansion(s, 'staging', active, false), { staging: ['status/SENT'] });
    assert.deepEqual(withExpansion(withExpansion(s, 'staging', active, false), 'staging', 'status/SENT', false), {});
  });
  test('read back from storage: malformed entries dropped', () => {
    assert.deepEqual(sanitizeExpanded(undefined), {});
    assert.deepEqual(sanitizeExpanded({ a: ['status/ACTIVE', 3, '', 'status/ACTIVE'], b: 'x' }), { a: ['status/ACTIVE'] });
  });
  test('a key such as __proto__ is an environment like any other', () => {
    assert.equal(isExpanded({}, '__proto__', active), false);
    assert.equal(isExpanded({}, 'constructor', active), false);
  });
});

test('a pager is loading while its page is asked for, and one read answers concurrent asks', async () => {
  let calls = 0;
  let release: () => void = () => undefined;
  const gate = new Promise<void>(r => (release = r));
  const client = {
    search: async () => {
      calls++;
      await gate;
      return { items: [{ id: 'a' }], hasMore: false };
    },
  } as unknown as ServiceClient;
  const p = new GroupPager(EMPTY_FILTER, { by: 'status', value: 'ACTIVE' });
  const first = p.loadMore(client);
  assert.equal(p.loading, true);
  const second = p.loadMore(client);
  release();
  await Promise.all([first, second]);
  assert.equal(calls, 1);
  assert.equal(p.loading, false);
  assert.equal(groupCountText(p, false), '1');
});
