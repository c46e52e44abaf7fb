import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import { loadExecutions, runRemoteValidate, runStatusAction, runTestSend } from '../../src/push/actionsFlow';
import { pushApi } from '../../src/push/serviceAdapter';
import { parse, rangeFor } from '@campaign-studio/core';
import {
  basePath,
  deps,
  editJson,
  eventCampaign,
  fetchedCampaign,
  makeCampaign,
  pushCampaign,
  readBase,
  requests,
  ScriptedUi,
  world,
} from './harness';

/** Validate remotely, test sends, pause / resume / stop and execution history, against the emulator. */

const emailCampaign = {
  channel: 'EMAIL',
  campaign_delivery_type: 'ONE_TIME',
  basic_details: {
    name: 'Welcome',
    content_type: 'PROMOTIONAL',
    subscription_category: 'newsletters',
    user_attribute_identifier: 'Email (Standard)',
  },
  campaign_content: { content: { email: { subject: 'Hello', html: '<p>Hi</p>', sender_name: 'Shop', from_address: 'shop@example.com' } } },
  connector: { connector_type: 'SENDGRID', connector_name: 'Primary SendGrid' },
};

test("validate remotely: problems land on the file's lines, nothing is saved; once fixed, it says so", async t => {
  const w = await world(t, { workspace: 1 });
  const { id, file } = await fetchedCampaign(w);
  const edited = editJson(file, d => {
    d.campaign_audience_limit = { is_campaign_audience_limit_enabled: true, limit: 10 };
  });
  const before = w.emu.admin.campaign(id)!.updated_at;
  const ui = new ScriptedUi();
  const r = await runRemoteValidate(file, deps(w, ui));
  assert.equal(r.outcome, 'invalid', ui.text());
  const shown = ui.findings.get(file.uri)!;
  assert.equal(shown[0].path, '/campaign_audience_limit');
  assert.match(file.text().split('\n')[rangeFor(parse(file.text()), shown[0]).start.line], /"campaign_audience_limit"/);
  assert.equal(w.emu.admin.campaign(id)!.updated_at, before, 'validation commits nothing');
  assert.equal(file.text(), edited);
  editJson(file, d => {
    delete d.campaign_audience_limit;
  });
  const ui2 = new ScriptedUi();
  const r2 = await runRemoteValidate(file, deps(w, ui2));
  assert.equal(r2.outcome, 'valid', ui2.text());
  assert.deepEqual(ui2.findings.get(file.uri), []);
});

test('test send, draft mode: by id, per-recipient results, unpushed edits pointed out', async t => {
  const w = await world(t);
  const { file } = await fetchedCampaign(w);
  const edited = editJson(file, d => {
    (d.basic_details as any).name = 'Unpushed';
  });
  const ui = new ScriptedUi();
  const r = await runTestSend(file, 'draft', ['user-1', 'unknown-user', 'no-device-7'], deps(w, ui));
  assert.equal(r.outcome, 'partial', ui.text());
  assert.deepEqual(r.results, [
    { recipient: 'user-1', ok: true, reason: undefined },
    { recipient: 'unknown-user', ok: false, reason: 'User not found' },
    { recipient: 'no-device-7', ok: false, reason: 'No push token for this user' },
  ]);
  assert.match(ui.text('info'), /changes that are not pushed/);
  assert.match(ui.text('warn'), /Test sent to 1 of 3 recipients; 2 failed/);
  assert.equal(file.text(), edited);
});

test('test send whose answer is lost: not sent again, and said as a warning, since it may have gone out', async t => {
  const w = await world(t, { timeoutMs: 1500 });
  const { file } = await fetchedCampaign(w);
  w.emu.admin.setFaults('write-drop');
  w.emu.admin.clearRequests();
  const ui = new ScriptedUi();
  const r = await runTestSend(file, 'draft', ['user-1'], deps(w, ui));
  w.emu.admin.clearFaults();
  assert.equal(r.outcome, 'unchecked', ui.text());
  assert.match(
    r.message,
    /^The test send's answer was lost \(.*\), and the service keeps no record of test sends to check: some recipients may have received it\. It was not sent again; check the inboxes before sending another\.$/,
  );
  assert.equal(ui.text('warn'), r.message);
  assert.equal(ui.text('error'), '');
  assert.equal(requests(w, 'POST').filter(q => q.path.endsWith('/test')).length, 1, 'sent once');
});

test("test send, inline: the file's content; rule B8 blocks an incomplete Email before sending", async t => {
  const w = await world(t);
  const path = `${w.root}/welcome.campaign.json`;
  const { DiskFile } = await import('./harness');
  const incomplete = {
    ...emailCampaign,
    basic_details: { name: 'Welcome', content_type: 'PROMOTIONAL', subscription_category: 'newsletters' },
  };
  fs.writeFileSync(path, JSON.stringify(incomplete, null, 2));
  const file = new DiskFile(path);
  w.emu.admin.clearRequests();
  const ui = new ScriptedUi();
  const blocked = await runTestSend(file, 'inline', ['a@example.com'], deps(w, ui));
  assert.equal(blocked.outcome, 'blocked');
  assert.match(blocked.message, /user_attribute_identifier/);
  assert.deepEqual(
    ui.findings.get(file.uri)!.map(f => [f.rule, f.path]),
    [['B8', '/basic_details/user_attribute_identifier']],
  );
  assert.equal(requests(w).length, 0);

  fs.writeFileSync(path, JSON.stringify(emailCampaign, null, 2));
  const ui2 = new ScriptedUi();
  const r = await runTestSend(file, 'inline', ['a@example.com', 'b@example.com'], deps(w, ui2));
  assert.equal(r.outcome, 'sent', ui2.text());
  assert.deepEqual(
    r.results!.map(x => x.ok),
    [true, true],
  );
  assert.match(ui2.text('info'), /Test sent to all 2 recipients/);
});

test('pause, resume, stop: checked against the current status, confirmed, verified; the base keeps in step', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w, eventCampaign(), 'ACTIVE');
  const text = file.text();

  // Resume an ACTIVE campaign: refused before any write.
  w.emu.admin.clearRequests();
  const refused = await runStatusAction(id, 'RESUME', deps(w, new ScriptedUi()));
  assert.equal(refused.outcome, 'blocked');
  assert.match(refused.message, /Only a paused campaign can be resumed/);
  assert.equal(requests(w, 'POST').length, 0);

  // Declined confirmation: nothing sent.
  const declined = await runStatusAction(id, 'PAUSE', deps(w, new ScriptedUi({ confirm: [false] })));
  assert.equal(declined.outcome, 'cancelled');
  assert.equal(requests(w, 'POST').length, 0);

  const paused = await runStatusAction(id, 'PAUSE', deps(w, new ScriptedUi({ confirm: [true] })));
  assert.equal(paused.outcome, 'done', paused.message);
  assert.equal(paused.status, 'PAUSED');
  assert.equal(readBase(w, id).campaign.status, 'PAUSED', 'the base follows a status-only change');
  const resumed = await runStatusAction(id, 'RESUME', deps(w, new ScriptedUi({ confirm: [true] })));
  assert.equal(resumed.status, 'ACTIVE');
  const ui = new ScriptedUi({ confirm: [true] });
  const stopped = await runStatusAction(id, 'STOP', deps(w, ui));
  assert.equal(stopped.status, 'STOPPED');
  assert.match(ui.questions[0], /Stop campaign/);
  assert.deepEqual(ui.confirmHows, [{ irreversible: true }], 'stopping is final: its yes is never the default answer');
  assert.equal(w.emu.admin.campaign(id)!.status, 'STOPPED');
  assert.equal(file.text(), text, 'the file is not touched by status changes');
  // A stopped campaign cannot be resumed or pushed.
  assert.equal((await runStatusAction(id, 'RESUME', deps(w, new ScriptedUi()))).outcome, 'blocked');
});

test('pause: a refusal by the service is reported, nothing changes', async t => {
  const w = await world(t);
  // The emulator does not pause one-time campaigns; the client lets the service decide that.
  const id = await makeCampaign(w, pushCampaign(), 'SCHEDULED');
  const ui = new ScriptedUi({ confirm: [true] });
  const r = await runStatusAction(id, 'PAUSE', deps(w, ui));
  assert.equal(r.outcome, 'failed');
  assert.match(r.message, /cannot be paused/);
  assert.equal(w.emu.admin.campaign(id)!.status, 'SCHEDULED');
  assert.ok(!fs.existsSync(basePath(w, id)));
});

test('execution history of a periodic parent, paged to the end', async t => {
  const w = await world(t);
  const parents = (
    await w.client.search({ campaign_fields: { campaign_delivery_type: ['PERIODIC'], status: ['ACTIVE'], channels: ['PUSH'] }, limit: 15 })
  ).items;
  assert.ok(parents.length > 0);
  const api = pushApi(w.client);
  let found = false;
  for (const p of parents) {
    const h = await loadExecutions(api, String(p.id), 'PERIODIC');
    if (h.executions.length === 0) continue;
    found = true;
    assert.equal(h.total, h.executions.length);
    assert.ok(h.executions.every(e => /^[0-9a-f]{24}$/.test(e.campaign_id)));
  }
  assert.ok(found, 'a periodic parent of the seed has executions');
  await assert.rejects(loadExecutions(api, 'x', 'ONE_TIME'), /only for periodic and business-event/);
});

test("stop in production: asked twice, the second time by typing the campaign's name; pause is never marked irreversible", async t => {
  const w = await world(t);
  const { id } = await fetchedCampaign(w, eventCampaign(), 'ACTIVE');
  const name = (w.emu.admin.campaign(id)!.components.basic_details as { name: string }).name;
  const prod = (ui: ScriptedUi) => ({ ...deps(w, ui), env: { ...w.env, production: true } });
  const paused = new ScriptedUi({ confirm: [true, true] });
  assert.equal((await runStatusAction(id, 'PAUSE', prod(paused))).outcome, 'done');
  assert.deepEqual(paused.confirmHows, [{ irreversible: false }, {}]);
  const declined = new ScriptedUi({ confirm: [true, false] });
  assert.equal((await runStatusAction(id, 'STOP', prod(declined))).outcome, 'cancelled');
  assert.deepEqual(declined.confirmHows, [{ irreversible: true }, { irreversible: true, typed: name }]);
  assert.match(declined.questions[1], /production environment: type the campaign's name/);
  assert.equal(w.emu.admin.campaign(id)!.status, 'PAUSED', 'nothing was stopped');
});
