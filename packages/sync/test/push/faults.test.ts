import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { runCreateDraft } from '../../src/push/draftFlow';
import { runPush } from '../../src/push/pushFlow';
import { runStatusAction } from '../../src/push/actionsFlow';
import type { RequestLogEntry, RunningEmulator } from '@campaign-studio/emulator';
import {
  deps,
  DiskFile,
  editJson,
  eventCampaign,
  fetchedCampaign,
  makeCampaign,
  ME,
  readBase,
  requests,
  ScriptedUi,
  startAgain,
  twoPeople,
  World,
  world,
} from './harness';
import { refreshMetadata } from '../../src/push/textEdits';

/**
 * The write side of faults, with two people at work: the emulator applies each write and then
 * loses its answer (`write-drop` closes the connection, `write-delay` answers after the client
 * gave up). Every run must end with both people's edits on the service, exactly one write of
 * each kind, and a message that says whether it applied.
 */

const FAULTS = ['write-drop', 'write-delay=3000'];

for (const fault of FAULTS) {
  test(`${fault}: a merged push of two people's edits is settled by reading back — applied once, nothing lost`, async t => {
    const w = await world(t, { timeoutMs: 1500 });
    const { id, file } = await twoPeople(
      w,
      d => {
        (d.basic_details as any).name = 'Mine';
      },
      { tags: ['spring', 'theirs'] },
    );
    w.emu.admin.setFaults(fault);
    w.emu.admin.clearRequests();
    const ui = new ScriptedUi({ confirmPush: [true] });
    const r = await runPush(file, deps(w, ui));
    w.emu.admin.clearFaults();
    assert.equal(r.outcome, 'pushed-after-timeout', ui.text());
    assert.match(
      ui.text('info'),
      /Pushed Basic details of “.*” to emu: the answer was lost, but reading the campaign again confirmed it applied/,
    );
    // Logged on arrival: once the push has returned, every request it sent is in the log.
    assert.equal(requests(w, 'PATCH').length, 1, 'sent once, never retried');
    const stored = w.emu.admin.campaign(id)!.components.basic_details as any;
    assert.equal(stored.name, 'Mine', 'my edit is on the service');
    assert.deepEqual(stored.tags, ['spring', 'theirs'], "the colleague's edit is on the service");
    assert.deepEqual(JSON.parse(file.text()).basic_details, stored, 'the file holds both');
    assert.equal((readBase(w, id).campaign.basic_details as any).name, 'Mine', 'the base is the campaign read back');
  });

  test(`${fault}: a draft whose create answer is lost is found, not created twice`, async t => {
    const w = await world(t, { timeoutMs: 1500 });
    const doc = {
      channel: 'PUSH',
      campaign_delivery_type: 'ONE_TIME',
      basic_details: { name: `Lost answer (${fault})`, platforms: ['ANDROID'] },
    };
    const filePath = path.join(w.root, 'lost.campaign.json');
    fs.writeFileSync(filePath, JSON.stringify(doc, null, 2) + '\n');
    const file = new DiskFile(filePath);
    w.emu.admin.setFaults(fault);
    const ui = new ScriptedUi({ confirm: [true] });
    const r = await runCreateDraft(file, deps(w, ui));
    w.emu.admin.clearFaults();
    assert.equal(r.outcome, 'created', ui.text());
    assert.match(ui.text('warn'), /answer to the create call was lost \(.*\), but a new draft by you appeared/);
    assert.equal(requests(w, 'POST').filter(q => q.path === '/v5/campaigns').length, 1, 'created once');
    const mine = (await w.client.searchAll({ campaign_fields: { status: ['DRAFT'], created_by: [ME] } }, { maxPages: 5 })).filter(
      c => (c.basic_details as any)?.name === doc.basic_details.name,
    );
    assert.equal(mine.length, 1, 'exactly one draft on the service');
    assert.ok(file.text().includes(`"id": "${r.id}"`), 'the file names the one draft');
  });
}

/**
 * The emulator dies while a write is in flight and comes back on the same port with its data
 * (as the sandbox restarts it): the check after the lost answer waits for it, saying why, and
 * then says what the service holds.
 */

function patchesOn(emu: RunningEmulator): unknown[] {
  return emu.admin.requests().filter(r => r.method === 'PATCH');
}

/** A check that fails the test within seconds, rather than minutes, if the emulator never comes back. */
const SHORT_CHECK = { budgetMs: 20_000 };

/** Stops the emulator once it has logged a request `match` accepts, then starts it again once the check says the service is not answering. */
async function dieAndComeBack(w: World, ui: ScriptedUi, match: (e: RequestLogEntry) => boolean, what: string): Promise<void> {
  await w.emu.admin.whenRequest(match, what);
  await w.emu.close();
  await ui.whenReport(/service not answering: .*ECONNREFUSED.*; trying again in \d+ s$/, 'the check to say the service is not answering');
  await startAgain(w);
}

test('the emulator dies after storing the update, before answering, and comes back: the push waits and says applied', async t => {
  const w = await world(t, { timeoutMs: 30_000, persist: true });
  const { id, file } = await fetchedCampaign(w);
  const edited = editJson(file, d => {
    (d.basic_details as any).name = 'Stored, then the service died';
  });
  const dying = w.emu;
  dying.admin.setFaults('write-delay=60000');
  dying.admin.clearRequests();
  const ui = new ScriptedUi({ confirmPush: [true] });
  const pushing = runPush(file, { ...deps(w, ui), readBack: SHORT_CHECK });
  await dieAndComeBack(w, ui, e => e.method === 'PATCH' && e.applied === true, 'the update to be stored');
  const r = await pushing;
  assert.equal(r.outcome, 'pushed-after-timeout', r.message);
  assert.match(
    r.message,
    /^Pushed Basic details of “[^”]+” to emu: the answer was lost, but reading the campaign again confirmed it applied\.$/,
  );
  assert.match(ui.reports[0], /^The answer to the update was lost; checking whether it reached the service…: service not answering: /);
  assert.equal(patchesOn(dying).length, 1, 'sent once');
  assert.equal(requests(w, 'PATCH').length, 0, 'never sent again');
  assert.equal(
    (readBase(w, id).campaign.basic_details as any).name,
    'Stored, then the service died',
    'the base is the campaign as read back',
  );
  assert.equal(file.text(), refreshMetadata(edited, readBase(w, id).campaign), 'as edited, with the metadata read back');
});

test('the emulator dies before handling the update, and comes back: the push waits and says not applied', async t => {
  const w = await world(t, { timeoutMs: 30_000, persist: true });
  const { id, file } = await fetchedCampaign(w);
  const edited = editJson(file, d => {
    (d.basic_details as any).name = 'Never stored';
  });
  const baseBefore = JSON.stringify(readBase(w, id));
  const dying = w.emu;
  dying.admin.clearRequests();
  const d = deps(w, new ScriptedUi());
  const ui = new ScriptedUi({ confirmPush: [true] });
  // The update waits in the service, unhandled, until the service dies.
  const updateCampaign = d.api.updateCampaign;
  d.api = {
    ...d.api,
    updateCampaign: (cid, body) => {
      dying.admin.setFaults('latency=60000');
      return updateCampaign(cid, body);
    },
  };
  const pushing = runPush(file, { ...d, ui, readBack: SHORT_CHECK });
  await dieAndComeBack(w, ui, e => e.method === 'PATCH', 'the update to reach the service');
  const r = await pushing;
  assert.equal(r.outcome, 'not-applied', r.message);
  assert.match(
    r.message,
    /^The answer to the update was lost \(.*\)\. Reading campaign \w+ again shows that it was not applied: the service still has `basic_details` as before the push\. Nothing was sent again; .* and its base are unchanged\. Push again to send it\.$/,
  );
  assert.equal(requests(w, 'PATCH').length, 0, 'never sent again');
  assert.equal((w.emu.admin.campaign(id)!.components.basic_details as any).name, 'Spring sale');
  assert.equal(JSON.stringify(readBase(w, id)), baseBefore);
  assert.equal(file.text(), edited);
});

test('the emulator dies after creating the draft, before answering, and comes back: the draft is found, not created twice', async t => {
  const w = await world(t, { timeoutMs: 30_000, persist: true });
  const doc = { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME' };
  const filePath = path.join(w.root, 'restart.campaign.json');
  fs.writeFileSync(filePath, JSON.stringify(doc, null, 2) + '\n');
  const file = new DiskFile(filePath);
  const dying = w.emu;
  dying.admin.setFaults('write-delay=60000');
  const ui = new ScriptedUi({ confirm: [true] });
  const creating = runCreateDraft(file, { ...deps(w, ui), readBack: SHORT_CHECK });
  await dieAndComeBack(w, ui, e => e.method === 'POST' && e.path === '/v5/campaigns' && e.applied === true, 'the draft to be created');
  const r = await creating;
  assert.equal(r.outcome, 'created', r.message);
  assert.match(ui.text('warn'), /^The answer to the create call was lost \(.*\), but a new draft by you appeared on the service/);
  assert.equal(requests(w, 'POST').filter(q => q.path === '/v5/campaigns').length, 0, 'not created again');
  assert.ok(file.text().includes(`"id": "${r.id}"`));
});

test('write-drop on a pause: the status is read back, and the pause counts as done', async t => {
  const w = await world(t);
  const id = await makeCampaign(w, eventCampaign(), 'ACTIVE');
  w.emu.admin.setFaults('write-drop');
  w.emu.admin.clearRequests();
  const ui = new ScriptedUi({ confirm: [true] });
  const r = await runStatusAction(id, 'PAUSE', deps(w, ui));
  assert.equal(r.outcome, 'done', r.message);
  assert.match(r.message, /^Campaign \w+ is now PAUSED \(the answer was lost; reading it again confirmed the change\)\.$/);
  assert.equal(ui.text(), r.message, 'said once, as a note');
  assert.equal(requests(w, 'POST').filter(q => q.path === '/v5/campaigns/status').length, 1, 'sent once');
});
