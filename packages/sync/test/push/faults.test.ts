import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { runCreateDraft } from '../../src/push/draftFlow';
import { runPush } from '../../src/push/pushFlow';
import { deps, DiskFile, ME, readBase, requests, ScriptedUi, twoPeople, waitFor, world } from './harness';

/**
 * The write side of faults, with two people at work: the emulator applies each write and then
 * loses its answer (`write-drop` closes the connection, `write-delay` answers after the client
 * gave up). Every run must end with both people's edits on the service, exactly one write of
 * each kind, and a message that says whether it applied.
 */

const FAULTS = ['write-drop', 'write-delay=3000'];

for (const fault of FAULTS) {
  test(`${fault}: a merged push of two people's edits is settled by reading back — applied once, nothing lost`, async () => {
    const w = await world({ timeoutMs: 1500 });
    try {
      const { id, file } = await twoPeople(w, d => { (d.basic_details as any).name = 'Mine'; }, { tags: ['spring', 'theirs'] });
      w.emu.admin.setFaults(fault);
      w.emu.admin.clearRequests();
      const ui = new ScriptedUi({ confirmPush: [true] });
      const r = await runPush(file, deps(w, ui));
      w.emu.admin.clearFaults();
      assert.equal(r.outcome, 'pushed-after-timeout', ui.text());
      assert.match(ui.text('info'), /Pushed `basic_details` to campaign .* \(the answer was lost; reading the campaign again confirmed it applied\)/);
      const patches = await waitFor(() => { const p = requests(w, 'PATCH'); return p.length ? p : undefined; }, 10_000, 'the PATCH in the request log');
      assert.equal(patches.length, 1, 'sent once, never retried');
      const stored = w.emu.admin.campaign(id)!.components.basic_details as any;
      assert.equal(stored.name, 'Mine', 'my edit is on the service');
      assert.deepEqual(stored.tags, ['spring', 'theirs'], "the colleague's edit is on the service");
      assert.deepEqual(JSON.parse(file.text()).basic_details, stored, 'the file holds both');
      assert.equal((readBase(w, id).campaign.basic_details as any).name, 'Mine', 'the base is the campaign read back');
    } finally {
      await w.close();
    }
  });

  test(`${fault}: a draft whose create answer is lost is found, not created twice`, async () => {
    const w = await world({ timeoutMs: 1500 });
    try {
      const doc = { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', basic_details: { name: `Lost answer (${fault})`, platforms: ['ANDROID'] } };
      const filePath = path.join(w.root, 'lost.campaign.json');
      fs.writeFileSync(filePath, JSON.stringify(doc, null, 2) + '\n');
      const file = new DiskFile(filePath);
      w.emu.admin.setFaults(fault);
      const ui = new ScriptedUi({ confirm: [true] });
      const r = await runCreateDraft(file, deps(w, ui));
      w.emu.admin.clearFaults();
      assert.equal(r.outcome, 'created', ui.text());
      assert.match(ui.text('warn'), /answer to the create call was lost, but a new draft by you appeared/);
      const creates = await waitFor(() => { const c = requests(w, 'POST').filter(q => q.path === '/v5/campaigns'); return c.length ? c : undefined; }, 10_000, 'the create in the log');
      assert.equal(creates.length, 1, 'created once');
      const mine = (await w.client.searchAll({ campaign_fields: { status: ['DRAFT'], created_by: [ME] } }, { maxPages: 5 })).filter(c => (c.basic_details as any)?.name === doc.basic_details.name);
      assert.equal(mine.length, 1, 'exactly one draft on the service');
      assert.ok(file.text().includes(`"id": "${r.id}"`), 'the file names the one draft');
    } finally {
      await w.close();
    }
  });
}
