import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHANNELS, DELIVERY_TYPES, OBJECT_ID, STATUSES, Workspace } from '../src/model';
import { ruleFindings } from '../src/ruleBridge';
import { seedState, WORKSPACES } from '../src/seed';
import { useEmulator, searchAll } from './helpers';

const state = seedState();
const byWs = (ws: Workspace) => state.campaigns.filter(c => c.workspace === ws.id);
const topLevel = state.campaigns.filter(c => c.current && !c.parent_id && !c.flow_id);

test('the seed holds at least 40 campaigns across every channel, delivery type and status', () => {
  assert.ok(topLevel.length >= 40, `${topLevel.length} top-level campaigns`);
  for (const ch of CHANNELS)
    assert.ok(
      state.campaigns.some(c => c.channel === ch),
      `a ${ch} campaign`,
    );
  for (const t of DELIVERY_TYPES)
    assert.ok(
      state.campaigns.some(c => c.campaign_delivery_type === t),
      `a ${t} campaign`,
    );
  for (const s of STATUSES)
    assert.ok(
      topLevel.some(c => c.status === s),
      `a ${s} campaign`,
    );
  for (const ch of ['PUSH', 'EMAIL']) {
    for (const s of ['DRAFT', 'ACTIVE', 'SCHEDULED', 'PAUSED', 'SENT', 'STOPPED', 'ARCHIVED', 'SENDING']) {
      assert.ok(
        state.campaigns.some(c => c.channel === ch && c.status === s),
        `a ${ch} campaign in ${s}`,
      );
    }
  }
  assert.ok(
    state.campaigns.some(c => c.channel === 'SMS' && c.status === 'DRAFT'),
    'an SMS draft',
  );
});

test('periodic and business-event parents have children, and a flow has several nodes', () => {
  for (const type of ['PERIODIC', 'BUSINESS_EVENT_TRIGGERED']) {
    const parents = topLevel.filter(c => c.campaign_delivery_type === type && state.campaigns.some(k => k.parent_id === c.campaign_id));
    assert.ok(parents.length >= 1, `a ${type} parent with children`);
  }
  assert.ok(
    topLevel.filter(c => c.campaign_delivery_type === 'PERIODIC' && state.campaigns.some(k => k.parent_id === c.campaign_id)).length >= 3,
  );
  for (const child of state.campaigns.filter(c => c.parent_id)) {
    assert.equal(child.status, 'SENT');
    assert.ok(child.sent_time, 'a child has a sent time');
    assert.ok(
      state.campaigns.some(p => p.campaign_id === child.parent_id && p.workspace === child.workspace),
      'its parent exists',
    );
  }
  const flows = new Map<string, number>();
  for (const c of state.campaigns) if (c.flow_id) flows.set(c.flow_id, (flows.get(c.flow_id) ?? 0) + 1);
  assert.ok(
    [...flows.values()].some(n => n >= 3),
    'a flow of three nodes',
  );
  assert.ok(
    state.campaigns.every(c => !c.flow_id || c.flow_name),
    'flow nodes carry the flow name',
  );
});

test('the seed is deterministic and its ids are unique 24-character object ids', () => {
  assert.deepEqual(seedState(), state);
  const ids = state.campaigns.map(c => c.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const c of state.campaigns) {
    assert.match(c.id, OBJECT_ID);
    assert.match(c.campaign_id, OBJECT_ID);
  }
});

test('two workspaces: one with every feature on, one with none', () => {
  assert.equal(WORKSPACES.length, 2);
  assert.deepEqual(WORKSPACES[0].features, { audienceLimit: true, queuing: true, portfolio: true, versioning: true });
  assert.deepEqual(WORKSPACES[1].features, { audienceLimit: false, queuing: false, portfolio: false, versioning: false });
  // Without versioning, `campaign_id` equals `id`; with it, the campaign id is shared by revisions.
  for (const c of byWs(WORKSPACES[1])) assert.equal(c.campaign_id, c.id);
  for (const c of byWs(WORKSPACES[0])) assert.notEqual(c.campaign_id, c.id);
  const revisions = byWs(WORKSPACES[0]).filter(c => !c.current);
  assert.ok(revisions.length >= 1, 'a campaign with an earlier version');
  for (const old of revisions) {
    const cur = state.campaigns.find(c => c.campaign_id === old.campaign_id && c.current)!;
    assert.ok(cur.version_number > old.version_number);
  }
});

test('every Push and Email seed campaign is valid under the shared rule set, with its workspace settings', () => {
  for (const ws of WORKSPACES) {
    for (const c of byWs(ws)) {
      if (c.channel === 'SMS') continue;
      const doc = { channel: c.channel, campaign_delivery_type: c.campaign_delivery_type, created_by: c.created_by, ...c.components };
      const errors = ruleFindings(doc, ws).filter(f => f.severity === 'error');
      const name = (c.components.basic_details as { name?: string } | undefined)?.name ?? c.id;
      assert.deepEqual(
        errors.map(e => `${e.rule} ${e.path}: ${e.message}`),
        [],
        `${ws.id} "${name}"`,
      );
    }
  }
});

test('the workspace without features uses none of the flag-gated fields', () => {
  for (const c of byWs(WORKSPACES[1])) {
    assert.equal(c.components.campaign_audience_limit, undefined);
    const dc = c.components.delivery_controls as Record<string, unknown> | undefined;
    assert.ok(!dc || !('queuing_enabled' in dc || 'queue_duration' in dc));
    assert.ok(!JSON.stringify(c.components).includes('project_name'));
  }
});

const t = useEmulator();

test('a started emulator serves exactly the seed: the same ids from run to run', async () => {
  const got = await searchAll(t, t.all, {
    campaign_fields: { status: [...STATUSES], channels: [...CHANNELS] },
    include_child_campaigns: true,
  });
  const expected = byWs(WORKSPACES[0])
    .filter(c => c.current)
    .map(c => c.id)
    .sort();
  assert.deepEqual(got.map(r => r.id).sort(), expected);
});
