import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WORKSPACES } from '@campaign-studio/emulator';
import { RemoteWorld, startWorld } from './remoteHarness';
import { campaignFields, EMPTY_FILTER } from '../../src/remote/explorerModel';
import { fetchIntoWorkspace } from '../../src/remote/fetch';
import { pullIntoWorkspace } from '../../src/remote/pull';
import { readBaseSnapshot } from '../../src/remote/baseSnapshots';
import { runPush } from '../../src/push/pushFlow';
import { lint } from '../../../core/test/helpers/lint';
import { deps, DiskFile, editJson, eventCampaign, fetchedCampaign, ScriptedUi, world } from '../push/harness';
import { runStatusAction } from '../../src/push/actionsFlow';
import { refreshMetadata } from '../../src/push/textEdits';

/**
 * A file fresh from the service is clean: the real rules, with the workspace's settings and the
 * base snapshot fetch wrote, find nothing in any seed campaign. And it stays current: push and
 * pull bring the file's read-only metadata in step with the service's answer.
 */

let w: RemoteWorld;
let root: string;
before(async () => {
  w = await startWorld();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-files-'));
});
after(async () => {
  await w?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

for (const i of [0, 1]) {
  test(`every seed campaign of workspace ${i}, just fetched, has no finding of any severity`, async () => {
    const client = w.client(i);
    const recs = await client.searchAll({ campaign_fields: campaignFields(EMPTY_FILTER), include_child_campaigns: true });
    assert.ok(recs.length >= 10, `${recs.length} campaigns`);
    const workspaceRoot = path.join(root, `ws${i}`);
    const { features, subscriptionCategories } = WORKSPACES[i];
    const found: string[] = [];
    for (const rec of recs) {
      const id = String(rec.id);
      const r = await fetchIntoWorkspace(id, { client, workspaceRoot, folder: 'campaigns', ask: async () => 'cancel' });
      assert.equal(r.outcome, 'written', id);
      const base = await readBaseSnapshot(workspaceRoot, id);
      assert.ok(base, id);
      const got = lint(fs.readFileSync(r.file, 'utf8'), {
        settings: { features, subscriptionCategories },
        remote: { status: String(rec.status), base: base.campaign },
      });
      found.push(...got.map(g => `${id} ${String(rec.channel)} ${String(rec.campaign_delivery_type)}: ${g.rule}@${g.path} ${g.message}`));
    }
    assert.deepEqual(found, []);
  });
}

test('the same files without their base (copied elsewhere): D8 says the read-only fields are read-only', async () => {
  const client = w.client(0);
  const [rec] = await client.searchAll({ campaign_fields: { ...campaignFields(EMPTY_FILTER), channels: ['PUSH'] } });
  const r = await fetchIntoWorkspace(String(rec.id), {
    client,
    workspaceRoot: path.join(root, 'nobase'),
    folder: '.',
    ask: async () => 'cancel',
  });
  const got = lint(fs.readFileSync(r.file, 'utf8'), { settings: WORKSPACES[0] }).filter(g => g.rule === 'D8');
  assert.deepEqual(
    got.map(g => g.path),
    ['/id', '/campaign_id', '/version_number', '/status', '/updated_at'],
  );
});

/** The read-only metadata of a file and of the service's copy. */
function stamp(doc: Record<string, unknown>): Record<string, unknown> {
  return { version_number: doc.version_number, updated_at: doc.updated_at, status: doc.status };
}

test("push: the file's `version_number` and `updated_at` follow the service's answer, every other byte kept", async t => {
  const pw = await world(t);
  const { id, file } = await fetchedCampaign(pw);
  for (const name of ['Spring sale, take 2', 'Spring sale, take 3']) {
    editJson(file, d => {
      (d.basic_details as Record<string, unknown>).name = name;
    });
    const before = file.text();
    const r = await runPush(file, deps(pw, new ScriptedUi({ confirmPush: [true] })));
    assert.equal(r.outcome, 'pushed', r.message);
    const remote = (await pw.client.getCampaign(id)) as Record<string, unknown>;
    const doc = JSON.parse(file.text());
    assert.deepEqual(stamp(doc), stamp(remote), 'the file says what the service says');
    assert.equal((doc.basic_details as Record<string, unknown>).name, name);
    // Only the metadata lines changed.
    const changed = file
      .text()
      .split('\n')
      .filter((l, n) => l !== before.split('\n')[n]);
    assert.ok(
      changed.every(l => /"(version_number|updated_at)"/.test(l)),
      changed.join('\n'),
    );
    const base = await readBaseSnapshot(pw.root, id);
    assert.deepEqual(
      lint(file.text(), { settings: pw.settings, remote: { status: String(remote.status), base: base!.campaign } }).filter(
        g => g.rule === 'D8',
      ),
      [],
      'no D8 after the push',
    );
  }
});

test('pull: a file with edits takes the service’s changes and its metadata, and keeps the edits', async t => {
  const pw = await world(t);
  const { id, file } = await fetchedCampaign(pw);
  editJson(file, d => {
    (d.basic_details as Record<string, unknown>).tags = ['mine'];
  });
  pw.emu.admin.editCampaign(id, { utm_params: { utm_source: 'theirs', utm_medium: 'push' } }, 'colleague@example.com');
  const r = await pullIntoWorkspace(id, { client: pw.client, workspaceRoot: pw.root, folder: 'campaigns' });
  assert.equal(r.decision.action, 'merge');
  const doc = JSON.parse(new DiskFile(file.path).text());
  const remote = (await pw.client.getCampaign(id)) as Record<string, unknown>;
  assert.deepEqual(stamp(doc), stamp(remote));
  assert.deepEqual((doc.basic_details as Record<string, unknown>).tags, ['mine']);
  assert.equal((doc.utm_params as Record<string, unknown>).utm_source, 'theirs');
});

test('pull: a file whose only difference from its base is stale metadata is updated, not treated as edited', async t => {
  const pw = await world(t);
  const { id, file } = await fetchedCampaign(pw);
  const stale = editJson(file, d => {
    d.version_number = 0;
    d.updated_at = '2020-01-01 00:00:00';
  });
  pw.emu.admin.editCampaign(id, { utm_params: { utm_source: 'theirs', utm_medium: 'push' } }, 'colleague@example.com');
  const r = await pullIntoWorkspace(id, { client: pw.client, workspaceRoot: pw.root, folder: 'campaigns' });
  assert.equal(r.decision.action, 'write', JSON.stringify(r.decision));
  const doc = JSON.parse(file.text());
  assert.notEqual(file.text(), stale);
  assert.deepEqual(stamp(doc), stamp((await pw.client.getCampaign(id)) as Record<string, unknown>));
});

test("pause from the campaign's file: the file's `status` follows, so it never says what the service no longer has", async t => {
  const pw = await world(t);
  const { id, file } = await fetchedCampaign(pw, eventCampaign(), 'ACTIVE');
  const before = file.text();
  const paused = await runStatusAction(id, 'PAUSE', { ...deps(pw, new ScriptedUi({ confirm: [true] })), file });
  assert.equal(paused.outcome, 'done', paused.message);
  assert.equal(JSON.parse(file.text()).status, 'PAUSED');
  assert.equal(file.text(), refreshMetadata(before, (await readBaseSnapshot(pw.root, id))!.campaign));
});
