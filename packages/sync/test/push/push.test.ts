import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import { runPush } from '../../src/push/pushFlow';
import { parse, rangeFor } from '@campaign-studio/core';
import {
  basePath,
  deps,
  DiskFile,
  editJson,
  fetchFile,
  fetchedCampaign,
  ME,
  pushCampaign,
  readBase,
  requests,
  ScriptedUi,
  twoPeople,
  UnsavedFile,
  world,
  World,
} from './harness';
import { CampaignDoc } from '../../src/push/model';
import { refreshMetadata } from '../../src/push/textEdits';

/**
 * Push against the emulator: what is sent, what happens when another client wrote in between,
 * refusals, the service's findings on the right lines, failures that leave everything as it was,
 * and a write whose answer is lost. Every test checks that no local edit is lost.
 */

test('a push sends the changed component whole, with channel, delivery type and updated_by, and nothing read-only', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  const edited = editJson(file, d => {
    (d.segmentation_details as any).included_filters.filters[0].name = 'Loyal VIPs';
    d.status = 'ACTIVE';
  });
  const ui = new ScriptedUi({ confirmPush: [true] });
  w.emu.admin.clearRequests();
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'pushed', ui.text());
  assert.deepEqual(r.sent, ['segmentation_details']);
  const body = ui.previews[0].preview.body;
  assert.deepEqual(Object.keys(body).sort(), ['campaign_delivery_type', 'channel', 'segmentation_details', 'updated_by']);
  assert.equal(body.updated_by, ME);
  assert.equal(ui.previews[0].preview.before.segmentation_details !== undefined, true, 'the preview shows what the service has now');
  // One PATCH, and the service holds the whole new component.
  assert.equal(requests(w, 'PATCH').length, 1);
  const stored = w.emu.admin.campaign(id)!;
  assert.equal((stored.components.segmentation_details as any).included_filters.filters[0].name, 'Loyal VIPs');
  assert.equal(stored.status, 'DRAFT', 'the read-only status edit had no effect');
  // The base is the service's copy after the push; the file is as the user left it, but for its
  // read-only metadata, which says what the service now has (the `status` edit did nothing).
  assert.equal(readBase(w, id).campaign.updated_at, (await w.client.getCampaign(id)).updated_at);
  assert.equal(file.text(), refreshMetadata(edited, readBase(w, id).campaign));
  assert.equal(JSON.parse(file.text()).status, 'DRAFT');
  assert.deepEqual(ui.findings.get(file.uri), [], 'remote findings are cleared after a successful push');
});

test('nothing to push: no request is written', async t => {
  const w = await world(t);
  const { file } = await fetchedCampaign(w);
  const before = file.text();
  w.emu.admin.clearRequests();
  const ui = new ScriptedUi();
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'nothing-to-push');
  assert.equal(requests(w, 'PATCH').length, 0);
  assert.equal(file.text(), before);
});

test('another client changed another component since the fetch: it merges by itself, nothing of theirs is overwritten', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  const edited = editJson(file, d => {
    (d.basic_details as any).name = 'Spring sale (mine)';
  });
  w.emu.admin.editCampaign(id, { utm_params: { utm_source: 'newsletter', utm_medium: 'push' } }, 'colleague@example.com');
  const ui = new ScriptedUi({ confirmPush: [true] });
  w.emu.admin.clearRequests();
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'pushed', ui.text());
  assert.equal(ui.conflictsAsked.length, 0, 'one-side changes need no question');
  assert.deepEqual(r.sent, ['basic_details']);
  assert.deepEqual(ui.previews[0].preview.takeFromRemote, ['utm_params']);
  assert.match(ui.previews[0].preview.notes.join(' '), /colleague@example\.com/);
  const stored = w.emu.admin.campaign(id)!;
  assert.equal((stored.components.basic_details as any).name, 'Spring sale (mine)');
  assert.deepEqual(stored.components.utm_params, { utm_source: 'newsletter', utm_medium: 'push' }, 'their change survives');
  // The file took their component and kept the user's edit, every other byte unchanged.
  const now = JSON.parse(file.text());
  assert.equal(now.basic_details.name, 'Spring sale (mine)');
  assert.deepEqual(now.utm_params, { utm_source: 'newsletter', utm_medium: 'push' });
  const before = edited.split('\n');
  const after = file.text().split('\n');
  const utmAt = before.findIndex(l => l.includes('"utm_params"'));
  const metadata = (l: string) => /^ {2}"(version_number|updated_at)"/.test(l);
  assert.deepEqual(
    after.slice(0, utmAt).filter(l => !metadata(l)),
    before.slice(0, utmAt).filter(l => !metadata(l)),
  );
  assert.equal(JSON.parse(file.text()).updated_at, readBase(w, id).campaign.updated_at, "the metadata is the service's");
  assert.deepEqual(r.fileTook, [], 'the merge was in the file before the review; nothing more to take after it');
});

test('two people change different fields of one component: both edits reach the service, and no question is asked', async t => {
  const w = await world(t);
  const { id, file } = await twoPeople(
    w,
    d => {
      (d.basic_details as any).name = 'Mine';
    },
    { tags: ['spring', 'theirs'] },
  );
  const ui = new ScriptedUi({ confirmPush: [true] });
  w.emu.admin.clearRequests();
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'pushed', ui.text());
  assert.equal(ui.conflictsAsked.length, 0);
  assert.deepEqual(ui.previews[0].preview.takeFromRemote, ['basic_details.tags']);
  assert.deepEqual(ui.previews[0].preview.changes, [
    { path: 'basic_details.name', before: 'Spring sale', after: 'Mine', overridesRemote: false },
  ]);
  assert.equal(requests(w, 'PATCH').length, 1);
  assert.deepEqual(ui.previews[0].preview.body, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: ME,
    basic_details: { name: 'Mine', platforms: ['ANDROID', 'IOS'], tags: ['spring', 'theirs'], team: 'Growth' },
  });
  const stored = w.emu.admin.campaign(id)!.components.basic_details as any;
  assert.equal(stored.name, 'Mine');
  assert.deepEqual(stored.tags, ['spring', 'theirs'], 'their tags survive');
  assert.deepEqual(JSON.parse(file.text()).basic_details.tags, ['spring', 'theirs'], 'the file holds both edits');
});

test('a real conflict asks about that field only; "keep mine" sends mine and keeps their other field', async t => {
  const w = await world(t);
  const { id, file } = await twoPeople(
    w,
    d => {
      (d.basic_details as any).name = 'Mine';
    },
    { name: 'Theirs', tags: ['spring', 'theirs'] },
  );
  const ui = new ScriptedUi({ conflicts: [{ 'basic_details.name': 'local' }], confirmPush: [true] });
  w.emu.admin.clearRequests();
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'pushed', ui.text());
  const asked = ui.conflictsAsked[0];
  assert.deepEqual(
    asked.conflicts.map(c => [c.path, c.base, c.local, c.remote]),
    [['basic_details.name', 'Spring sale', 'Mine', 'Theirs']],
  );
  assert.equal(asked.remoteUpdatedBy, 'colleague@example.com');
  assert.equal(ui.previews[0].preview.before.updated_by, 'colleague@example.com', 'the review shows whose `updated_by` the push replaces');
  assert.deepEqual(ui.previews[0].preview.changes, [
    { path: 'basic_details.name', before: 'Theirs', after: 'Mine', overridesRemote: true },
  ]);
  assert.deepEqual(ui.previews[0].preview.body.basic_details, {
    name: 'Mine',
    platforms: ['ANDROID', 'IOS'],
    tags: ['spring', 'theirs'],
    team: 'Growth',
  });
  const stored = w.emu.admin.campaign(id)!.components.basic_details as any;
  assert.equal(stored.name, 'Mine');
  assert.deepEqual(stored.tags, ['spring', 'theirs']);
  assert.deepEqual(JSON.parse(file.text()).basic_details, stored);
});

test('a real conflict; "take theirs" sends nothing of that field and the file takes theirs', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  editJson(file, d => {
    (d.basic_details as any).name = 'Mine';
    (d.delivery_controls as any).campaign_throttle_rpm = 500;
  });
  w.emu.admin.editCampaign(id, { basic_details: { name: 'Theirs', platforms: ['ANDROID'] } }, 'colleague@example.com');
  const ui = new ScriptedUi({ conflicts: [{ 'basic_details.name': 'remote' }], confirmPush: [true] });
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'pushed', ui.text());
  assert.deepEqual(r.sent, ['delivery_controls']);
  const stored = w.emu.admin.campaign(id)!;
  assert.equal((stored.components.basic_details as any).name, 'Theirs');
  assert.equal((stored.components.delivery_controls as any).campaign_throttle_rpm, 500);
  const now = JSON.parse(file.text());
  assert.deepEqual(now.basic_details, { name: 'Theirs', platforms: ['ANDROID'] });
  assert.equal(now.delivery_controls.campaign_throttle_rpm, 500, 'the other local edit stays');
});

test('undo after "take theirs": the base followed the saved merge, so the next push shows the revert as a change, with who made theirs', async t => {
  const w = await world(t);
  const { id, file, mine } = await twoPeople(
    w,
    d => {
      (d.basic_details as any).name = 'Mine';
    },
    { name: 'Theirs' },
  );
  const first = await runPush(file, deps(w, new ScriptedUi({ conflicts: [{ 'basic_details.name': 'remote' }] })));
  assert.equal(first.outcome, 'file-updated', first.message);
  assert.equal(JSON.parse(file.text()).basic_details.name, 'Theirs');
  assert.equal((readBase(w, id).campaign.basic_details as any).name, 'Theirs', 'the saved merge moved the base');
  // Ctrl+Z, saved: the file says "Mine" again.
  fs.writeFileSync(file.path, mine);
  const ui = new ScriptedUi({ confirmPush: [false] });
  const again = await runPush(file, deps(w, ui));
  assert.equal(again.outcome, 'cancelled');
  const review = ui.previews[0].preview;
  assert.deepEqual(review.changes, [{ path: 'basic_details.name', before: 'Theirs', after: 'Mine', overridesRemote: false }]);
  assert.equal(review.remoteUpdatedBy, 'colleague@example.com', 'the review names who last changed it on the service');
});

test('undo of the merge before it was saved: the base stays, and the next push asks about the conflict again', async t => {
  const w = await world(t);
  const { id, file, mine } = await twoPeople(
    w,
    d => {
      (d.basic_details as any).name = 'Mine';
    },
    { name: 'Theirs' },
  );
  const baseBefore = readBase(w, id);
  // An editor buffer: the merge is written but the user undoes it and saves the undone text.
  const unsaved = new UnsavedFile(file.path);
  const first = await runPush(unsaved, deps(w, new ScriptedUi({ conflicts: [{ 'basic_details.name': 'remote' }] })));
  assert.equal(first.outcome, 'file-updated', first.message);
  unsaved.undoAndSave(mine);
  assert.deepEqual(readBase(w, id), baseBefore, 'the base did not follow an undone merge');
  const ui = new ScriptedUi({ conflicts: [undefined] });
  const again = await runPush(file, deps(w, ui));
  assert.equal(again.outcome, 'cancelled');
  assert.deepEqual(
    ui.conflictsAsked[0].conflicts.map(c => c.path),
    ['basic_details.name'],
  );
});

test('a real conflict, cancelled: nothing sent, file and base byte for byte as they were', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  const edited = editJson(file, d => {
    (d.basic_details as any).name = 'Mine';
  });
  const baseBefore = fs.readFileSync(basePath(w, id), 'utf8');
  w.emu.admin.editCampaign(id, { basic_details: { name: 'Theirs' } }, 'colleague@example.com');
  w.emu.admin.clearRequests();
  const ui = new ScriptedUi({ conflicts: [undefined] });
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'cancelled');
  assert.equal(requests(w, 'PATCH').length, 0);
  assert.equal(file.text(), edited);
  assert.equal(fs.readFileSync(basePath(w, id), 'utf8'), baseBefore);
});

test('the remote changes while the preview is open: nothing is written, the push starts over against the new version', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  const edited = editJson(file, d => {
    (d.basic_details as any).name = 'Mine';
  });
  const ui = new ScriptedUi({ confirmPush: [true, true] });
  const original = ui.confirmPush.bind(ui);
  let first = true;
  ui.confirmPush = async (p, round) => {
    if (first) {
      first = false;
      w.emu.admin.editCampaign(id, { utm_params: { utm_source: 'late', utm_medium: 'push' } }, 'colleague@example.com');
    }
    return original(p, round);
  };
  w.emu.admin.clearRequests();
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'pushed', ui.text());
  assert.equal(ui.previews.length, 2, 'the preview is shown again for the new remote');
  assert.deepEqual(ui.previews[1].preview.takeFromRemote, ['utm_params']);
  assert.equal(requests(w, 'PATCH').length, 1);
  assert.deepEqual(w.emu.admin.campaign(id)!.components.utm_params, { utm_source: 'late', utm_medium: 'push' });
  assert.equal(JSON.parse(file.text()).basic_details.name, 'Mine');
  assert.notEqual(file.text(), edited, 'the file took their late change');
});

test('ACTIVE: changes to locked components are refused before sending, on the right pointer (P1)', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w, pushCampaign(), 'ACTIVE');
  const edited = editJson(file, d => {
    (d.segmentation_details as any).included_filters.filters[0].name = 'Other';
    (d.scheduling_details as any).delivery_type = 'AT_FIXED_TIME';
    (d.scheduling_details as any).start_time = '2031-01-01T10:00:00';
    (d.scheduling_details as any).timezone = 'UTC';
  });
  const baseBefore = fs.readFileSync(basePath(w, id), 'utf8');
  w.emu.admin.clearRequests();
  const ui = new ScriptedUi();
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'blocked');
  assert.equal(r.stage, 'state');
  assert.deepEqual(
    r.problems!.map(p => [p.rule, p.path]),
    [
      ['P1', '/segmentation_details'],
      ['P1', '/scheduling_details/delivery_type'],
      ['P1', '/scheduling_details/start_time'],
    ],
  );
  const shown = ui.findings.get(file.uri)!;
  const parsed = parse(file.text());
  const lines = file.text().split('\n');
  assert.match(lines[rangeFor(parsed, shown[0]).start.line], /"segmentation_details"/);
  assert.match(lines[rangeFor(parsed, shown[2]).start.line], /"start_time"/);
  assert.equal(requests(w).filter(q => q.method !== 'GET').length, 0, 'nothing but reads');
  assert.equal(file.text(), edited);
  assert.equal(fs.readFileSync(basePath(w, id), 'utf8'), baseBefore);
});

test('ACTIVE: an allowed change (content) goes through; STOPPED: everything is refused (P3)', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w, pushCampaign(), 'ACTIVE');
  editJson(file, d => {
    (d.campaign_content as any).content.push.android.title = 'Spring!!';
  });
  const ui = new ScriptedUi({ confirmPush: [true] });
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'pushed', ui.text());

  w.emu.admin.editCampaign(id, { status: 'STOPPED' }, 'colleague@example.com');
  const edited = editJson(file, d => {
    (d.campaign_content as any).content.push.android.title = 'Too late';
  });
  w.emu.admin.clearRequests();
  const ui2 = new ScriptedUi();
  const r2 = await runPush(file, deps(w, ui2));
  assert.equal(r2.outcome, 'blocked');
  assert.equal(r2.problems![0].rule, 'P3');
  assert.match(ui2.text('error'), /STOPPED.*accepts no update/);
  assert.equal(requests(w, 'PATCH').length, 0);
  assert.equal(file.text(), edited);
});

test('SMS and BROADCAST_LIVE_ACTIVITY are refused with the reason, nothing sent', async t => {
  const w = await world(t);
  const sms = (await w.client.search({ campaign_fields: { channels: ['SMS'] }, limit: 1 })).items[0];
  assert.ok(sms, 'the seed has SMS campaigns');
  const file = await fetchFile(w, String(sms.id));
  await blockedBeforeAnyCall(
    w,
    file,
    d => {
      (d.basic_details as any).name = 'x';
    },
    'refusal',
    /SMS campaigns can be read through V5 but not updated/,
  );
});

test('flag-gated failures from the service land on the right lines, block the push, and clear once fixed', async t => {
  // The workspace has neither the audience limit nor queuing; the local settings do not know it.
  const w = await world(t, { workspace: 1 });
  const { id, file } = await fetchedCampaign(w);
  const edited = editJson(file, d => {
    d.campaign_audience_limit = { is_campaign_audience_limit_enabled: true, limit: 5000 };
    (d.delivery_controls as any).queuing_enabled = true;
    (d.delivery_controls as any).queue_duration = 6;
  });
  const baseBefore = fs.readFileSync(basePath(w, id), 'utf8');
  w.emu.admin.clearRequests();
  const lineOf = (text: string, finding: { path: string }) => text.split('\n')[rangeFor(parse(text), finding).start.line];

  // First the audience limit (the service answers 400 with target `campaign_audience_limit`).
  const ui = new ScriptedUi();
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'blocked', ui.text());
  assert.equal(r.stage, 'remote-validate');
  const shown = ui.findings.get(file.uri)!;
  assert.deepEqual(
    shown.map(f => [f.rule, f.path, f.severity]),
    [['VALIDATION_FAILED', '/campaign_audience_limit', 'error']],
  );
  assert.match(lineOf(file.text(), shown[0]), /"campaign_audience_limit"/);
  assert.equal(requests(w, 'PATCH').length, 0);
  assert.equal(file.text(), edited);
  assert.equal(fs.readFileSync(basePath(w, id), 'utf8'), baseBefore);

  // Removed: that finding no longer holds; now queuing is named, on its own line.
  editJson(file, d => {
    delete d.campaign_audience_limit;
  });
  const ui2 = new ScriptedUi();
  const r2 = await runPush(file, deps(w, ui2));
  assert.equal(r2.outcome, 'blocked', ui2.text());
  const shown2 = ui2.findings.get(file.uri)!;
  assert.ok(shown2.length >= 1 && shown2.every(f => f.path.startsWith('/delivery_controls')), JSON.stringify(shown2));
  assert.ok(
    shown2.some(f => /"queuing_enabled"|"queue_duration"/.test(lineOf(file.text(), f))),
    JSON.stringify(shown2),
  );
  assert.equal(requests(w, 'PATCH').length, 0);

  // Fixed: the push goes through and the service's findings are cleared.
  editJson(file, d => {
    delete (d.delivery_controls as any).queuing_enabled;
    delete (d.delivery_controls as any).queue_duration;
    (d.basic_details as any).name = 'Fixed';
  });
  const ui3 = new ScriptedUi({ confirmPush: [true] });
  const r3 = await runPush(file, deps(w, ui3));
  assert.equal(r3.outcome, 'pushed', ui3.text());
  assert.deepEqual(ui3.findings.get(file.uri), []);
});

test('a PATCH that fails on the server is checked by reading: not applied, file and base unchanged, not retried', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  const edited = editJson(file, d => {
    (d.basic_details as any).name = 'Will fail';
  });
  const baseBefore = fs.readFileSync(basePath(w, id), 'utf8');
  w.emu.admin.setFaults(`fail=PATCH:/v5/campaigns/${id}`);
  w.emu.admin.clearRequests();
  const ui = new ScriptedUi({ confirmPush: [true] });
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'not-applied');
  assert.equal(r.stage, 'write');
  assert.match(r.message, /failed while handling the update \(INTERNAL_ERROR/);
  assert.match(
    r.message,
    /shows that it was not applied: the service still has `basic_details` as before the push\. Nothing was sent again; .* and its base are unchanged\. Push again to send it\./,
  );
  assert.equal(requests(w, 'PATCH').length, 1, 'a write is never retried');
  assert.equal(file.text(), edited);
  assert.equal(fs.readFileSync(basePath(w, id), 'utf8'), baseBefore);
  assert.equal((w.emu.admin.campaign(id)!.components.basic_details as any).name, 'Spring sale');
});

test('a write that times out but applied: the remote is read again, and the push counts as done (no second PATCH)', async t => {
  const w = await world(t, { timeoutMs: 1500 });
  const { id, file } = await fetchedCampaign(w);
  const { r, edited } = await pushReadBack(
    w,
    file,
    d => {
      (d.basic_details as any).name = 'Slow but sure';
    },
    'write-delay=4000',
  );
  assert.match(r.message, /confirmed it applied/);
  // Logged on arrival, marked applied before its answer was held back.
  const patches = requests(w, 'PATCH');
  assert.equal(patches.length, 1);
  assert.equal(patches[0].applied, true);
  assert.equal(
    readBase(w, id).campaign.basic_details !== undefined && (readBase(w, id).campaign.basic_details as any).name,
    'Slow but sure',
  );
  assert.equal(file.text(), refreshMetadata(edited, readBase(w, id).campaign));
});

test('a write whose connection drops after it applied: reconciled the same way', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  const { edited } = await pushReadBack(
    w,
    file,
    d => {
      (d.utm_params as any).utm_campaign = 'spring';
    },
    'write-drop',
  );
  assert.equal(requests(w, 'PATCH').length, 1);
  assert.equal(file.text(), refreshMetadata(edited, readBase(w, id).campaign));
});

test('production asks twice; a "no" the second time sends nothing', async t => {
  const w = await world(t, { production: true });
  const { file } = await fetchedCampaign(w);
  const edited = editJson(file, d => {
    (d.basic_details as any).name = 'Prod change';
  });
  w.emu.admin.clearRequests();
  const ui = new ScriptedUi({ confirmPush: [true, false] });
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'cancelled');
  assert.deepEqual(
    ui.previews.map(p => p.round),
    [1, 2],
  );
  assert.equal(requests(w, 'PATCH').length, 0);
  assert.equal(file.text(), edited);
  const ui2 = new ScriptedUi({ confirmPush: [true, true] });
  assert.equal((await runPush(file, deps(w, ui2))).outcome, 'pushed');
});

test('local rule errors block the push before any call', async t => {
  const w = await world(t);
  const { file } = await fetchedCampaign(w);
  await blockedBeforeAnyCall(
    w,
    file,
    d => {
      (d.scheduling_details as any).delivery_type = 'AT_FIXED_TIME';
    },
    'local-rules',
    /line \d+ \(H2\)/,
  );
});

/** The person's edit pushed while `fault` loses the write's answer: the push reads the campaign back and counts as done. */
async function pushReadBack(w: World, file: DiskFile, edit: (d: CampaignDoc) => void, fault: string) {
  const edited = editJson(file, edit);
  w.emu.admin.setFaults(fault);
  w.emu.admin.clearRequests();
  const ui = new ScriptedUi({ confirmPush: [true] });
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'pushed-after-timeout', ui.text());
  return { r, edited };
}

/** The person's edit makes the push stop at `stage` with `message`, before any call, and the file stays as edited. */
async function blockedBeforeAnyCall(
  w: World,
  file: DiskFile,
  edit: (d: CampaignDoc) => void,
  stage: string,
  message: RegExp,
): Promise<void> {
  const edited = editJson(file, edit);
  w.emu.admin.clearRequests();
  const r = await runPush(file, deps(w, new ScriptedUi()));
  assert.equal(r.outcome, 'blocked');
  assert.equal(r.stage, stage);
  assert.match(r.message, message);
  assert.equal(requests(w).length, 0);
  assert.equal(file.text(), edited);
}

test('without a base snapshot the push refuses rather than guess', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  fs.rmSync(basePath(w, id));
  const edited = editJson(file, d => {
    (d.basic_details as any).name = 'x';
  });
  const ui = new ScriptedUi();
  const r = await runPush(file, deps(w, ui));
  assert.equal(r.outcome, 'blocked');
  assert.equal(r.stage, 'base');
  assert.match(r.message, /Fetch the campaign first/);
  assert.equal(file.text(), edited);
});

test('another client changes a component between the write and its read-back: the next push brings theirs into the file, never sends the old value back', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  editJson(file, d => {
    (d.basic_details as any).team = 'Retention';
  });
  const theirs = { utm_source: 'newsletter', utm_medium: 'email' };
  const real = deps(w, new ScriptedUi({ confirmPush: [true] }));
  // Right after our update lands, a colleague edits another component, before our read-back.
  const first = await runPush(file, {
    ...real,
    api: {
      ...real.api,
      updateCampaign: async (cid, body) => {
        await real.api.updateCampaign(cid, body);
        w.emu.admin.editCampaign(cid, { utm_params: theirs }, 'colleague@example.com');
      },
    },
  });
  assert.equal(first.outcome, 'pushed');
  assert.deepEqual(
    readBase(w, id).campaign.utm_params,
    pushCampaign().utm_params,
    'the base keeps the version the file was merged against',
  );

  w.emu.admin.clearRequests();
  const ui = new ScriptedUi({ confirm: [true] });
  const second = await runPush(file, deps(w, ui));
  assert.match(ui.text(), /took `utm_params` from the service; nothing needed to be sent/);
  assert.equal(requests(w, 'PATCH').length, 0, `nothing is sent: ${ui.text()}`);
  assert.equal(second.outcome, 'file-updated', ui.text());
  assert.deepEqual(JSON.parse(file.text()).utm_params, theirs, 'the file took their change');
  assert.deepEqual(w.emu.admin.campaign(id)!.components.utm_params, theirs, 'their change is still on the service');
});
