import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runPush } from '../../src/push/pushFlow';
import { runRemoteValidate } from '../../src/push/actionsFlow';
import { isResponseScheduling } from '../../src/remote/normalize';
import { deps, editJson, fetchFile, readBase, requests, ScriptedUi, world, World } from './harness';

/**
 * A periodic campaign keeps its schedule as the service returned it (a time of day cannot become
 * a `start_time`). Unchanged, it is not sent and does not stop a push of other components: the
 * push runs the rules with the base, as the editor and `campaign-lint` do (no finding while unchanged).
 * Edited without being rewritten in request shape, it blocks, as the editor shows.
 */

async function activePeriodic(w: World): Promise<string> {
  const found = await w.client.search({
    campaign_fields: { channels: ['PUSH'], status: ['ACTIVE'], campaign_delivery_type: ['PERIODIC'] },
    limit: 15,
  });
  const rec = found.items[0];
  assert.ok(rec, 'the seed has an active periodic Push campaign');
  return String(rec.id);
}

test('an ACTIVE periodic campaign fetched with its kept schedule: a content change is pushed, the schedule is not sent', async t => {
  const w = await world(t);
  const id = await activePeriodic(w);
  const file = await fetchFile(w, id);
  assert.ok(isResponseScheduling(JSON.parse(file.text()).scheduling_details), 'the schedule is kept as the service returned it');
  const storedBefore = structuredClone(w.emu.admin.campaign(id)!.components.scheduling_details);
  editJson(file, d => {
    (d.basic_details as Record<string, unknown>).name = 'Weekly picks, refreshed';
  });
  const ui = new ScriptedUi({ confirmPush: [true] });
  w.emu.admin.clearRequests();
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'pushed', ui.text());
  assert.deepEqual(r.sent, ['basic_details']);
  assert.equal(requests(w, 'PATCH').length, 1);
  assert.deepEqual(w.emu.admin.campaign(id)!.components.scheduling_details, storedBefore, 'the schedule on the service is untouched');
  assert.equal((readBase(w, id).campaign.basic_details as Record<string, unknown>).name, 'Weekly picks, refreshed');
});

test('the kept schedule edited but still in response shape: the push stops at the local rules (H1, H5), nothing is written', async t => {
  const w = await world(t);
  const id = await activePeriodic(w);
  const file = await fetchFile(w, id);
  const edited = editJson(file, d => {
    (d.scheduling_details as Record<string, unknown>).expiry_time = '2027-12-31T23:59:00';
  });
  const ui = new ScriptedUi({ confirmPush: [true] });
  w.emu.admin.clearRequests();
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'blocked');
  assert.equal(r.outcome === 'blocked' && r.stage, 'local-rules');
  assert.deepEqual([...new Set((r.problems ?? []).map(p => p.rule))].sort(), ['H1', 'H5']);
  assert.equal(requests(w, 'PATCH').length, 0);
  assert.equal(file.text(), edited);
});

test('remote validation of a fetched periodic file: the kept schedule is no local error', async t => {
  const w = await world(t);
  const id = await activePeriodic(w);
  const file = await fetchFile(w, id);
  const ui = new ScriptedUi();
  const r = await runRemoteValidate(file, deps(w, ui));
  assert.equal(r.outcome, 'valid', ui.text());
  assert.doesNotMatch(r.message, /local rules still report/);
});
