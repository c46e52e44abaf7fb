import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { runCreateDraft } from '../../src/push/draftFlow';
import { runPush } from '../../src/push/pushFlow';
import { deps, DiskFile, editJson, ME, pushCampaign, readBase, requests, ScriptedUi, world } from './harness';

/** A new draft from a local file without an id, against the emulator. */

function newFile(root: string, name: string, text: string): DiskFile {
  const file = path.join(root, name);
  fs.writeFileSync(file, text);
  return new DiskFile(file);
}

test('create: POST with the three fields, one PATCH per component, the id written back, the base recorded', async t => {
  const w = await world(t);
  const text = JSON.stringify(pushCampaign('Brand new'), null, 2) + '\n';
  const file = newFile(w.root, 'brand-new.campaign.json', text);
  w.emu.admin.clearRequests();
  const ui = new ScriptedUi({ confirm: [true] });
  const r = await runCreateDraft(file, deps(w, ui));
  assert.equal(r.outcome, 'created', ui.text());
  const id = r.id!;
  assert.match(id, /^[0-9a-f]{24}$/);
  assert.deepEqual(
    r.components.map(c => [c.component, c.outcome]),
    [
      ['basic_details', 'ok'],
      ['campaign_content', 'ok'],
      ['segmentation_details', 'ok'],
      ['scheduling_details', 'ok'],
      ['delivery_controls', 'ok'],
      ['utm_params', 'ok'],
    ],
  );
  const posts = requests(w, 'POST').filter(q => q.path === '/v5/campaigns');
  assert.equal(posts.length, 1);
  assert.equal(requests(w, 'PATCH').length, 6);
  const stored = w.emu.admin.campaign(id)!;
  assert.equal(stored.created_by, ME);
  assert.equal(stored.status, 'DRAFT');
  assert.deepEqual(stored.components.utm_params, { utm_source: 'app', utm_medium: 'push' });
  // The file: the id and status at the top, every other byte as written.
  const now = file.text();
  assert.ok(now.startsWith(`{\n  "id": "${id}",\n  "status": "DRAFT",\n  "channel"`), now.slice(0, 120));
  assert.equal(now.replace(`  "id": "${id}",\n  "status": "DRAFT",\n`, ''), text);
  assert.equal(readBase(w, id).campaign.id, id);
  // Right after, a push has nothing to send.
  const ui2 = new ScriptedUi();
  assert.equal((await runPush(file, deps(w, ui2))).outcome, 'nothing-to-push', ui2.text());
});

test('create: a component the service refuses is reported, the others are created, and it stays in the file to push later', async t => {
  const w = await world(t, { workspace: 1 });
  const doc = { ...pushCampaign('Partly'), campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 100 } };
  const text = JSON.stringify(doc, null, 2) + '\n';
  const file = newFile(w.root, 'partly.campaign.json', text);
  const ui = new ScriptedUi({ confirm: [true] });
  const r = await runCreateDraft(file, deps(w, ui));
  assert.equal(r.outcome, 'created', ui.text());
  const failed = r.components.filter(c => c.outcome !== 'ok');
  assert.deepEqual(
    failed.map(c => c.component),
    ['campaign_audience_limit'],
  );
  assert.match(failed[0].message!, /VALIDATION_FAILED/);
  assert.match(ui.text('warn'), /Not sent: `campaign_audience_limit`/);
  assert.deepEqual(
    ui.findings.get(file.uri)!.map(f => f.path),
    ['/campaign_audience_limit'],
  );
  const stored = w.emu.admin.campaign(r.id!)!;
  assert.equal(stored.components.campaign_audience_limit, undefined);
  assert.ok(stored.components.basic_details);
  assert.deepEqual(JSON.parse(file.text()).campaign_audience_limit, doc.campaign_audience_limit, 'the refused component stays in the file');
  // The refused component now shows as a local change: the next push would send it.
  editJson(file, d => {
    delete d.campaign_audience_limit;
  });
  const ui2 = new ScriptedUi();
  assert.equal((await runPush(file, deps(w, ui2))).outcome, 'nothing-to-push', ui2.text());
});

test('create: refused for SMS, BROADCAST_LIVE_ACTIVITY, a file that already has an id, and rule errors; nothing sent', async t => {
  const w = await world(t);
  const cases: Array<[string, object, RegExp]> = [
    ['sms', { channel: 'SMS', campaign_delivery_type: 'ONE_TIME' }, /SMS campaigns .* not created/],
    [
      'bla',
      {
        channel: 'PUSH',
        campaign_delivery_type: 'BROADCAST_LIVE_ACTIVITY',
        basic_details: { platforms: ['IOS'], broadcast_live_activity_id: 'x' },
      },
      /cannot be created through `POST \/v5\/campaigns`/,
    ],
    ['has-id', { id: '6b00e8374f38f6966a000001', channel: 'PUSH', campaign_delivery_type: 'ONE_TIME' }, /already names campaign/],
    ['errors', { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', scheduling_details: { delivery_type: 'AT_FIXED_TIME' } }, /H2/],
  ];
  for (const [name, doc, expected] of cases) {
    const text = JSON.stringify(doc, null, 2);
    const file = newFile(w.root, `${name}.campaign.json`, text);
    w.emu.admin.clearRequests();
    const ui = new ScriptedUi();
    const r = await runCreateDraft(file, deps(w, ui));
    assert.equal(r.outcome, 'blocked', name);
    assert.match(r.message, expected, name);
    assert.equal(requests(w).filter(q => q.method !== 'GET').length, 0, name);
    assert.equal(file.text(), text, name);
  }
});

test('create: the answer to the create call is lost; the draft is found by looking, never created twice', async t => {
  const w = await world(t, { timeoutMs: 1500 });
  const doc = {
    channel: 'EMAIL',
    campaign_delivery_type: 'ONE_TIME',
    basic_details: { name: 'Lost answer', content_type: 'TRANSACTIONAL' },
  };
  const text = JSON.stringify(doc, null, 2) + '\n';
  const file = newFile(w.root, 'lost.campaign.json', text);
  w.emu.admin.setFaults('write-delay=4000');
  const ui = new ScriptedUi({ confirm: [true] });
  // Patches are delayed too: each one's answer is lost, and each is checked by reading.
  const r = await runCreateDraft(file, deps(w, ui));
  w.emu.admin.clearFaults();
  assert.equal(r.outcome, 'created', ui.text());
  assert.match(ui.text('warn'), /answer to the create call was lost \(.*\), but a new draft by you appeared/);
  assert.deepEqual(
    r.components.map(c => [c.component, c.outcome]),
    [['basic_details', 'ok']],
  );
  assert.match(r.components[0].message!, /reading the draft showed it applied/);
  assert.equal(requests(w, 'POST').filter(q => q.path === '/v5/campaigns').length, 1, 'created once');
  assert.ok(file.text().includes(`"id": "${r.id}"`));
});
