import { after, before, describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RemoteWorld, startWorld } from './remoteHarness';
import { campaignFields, EMPTY_FILTER } from '../../src/remote/explorerModel';
import { denormalizeCampaign, isResponseScheduling, normalizeCampaign } from '../../src/remote/normalize';
import {
  campaignAsFetched,
  fetchIntoWorkspace,
  FetchChoice,
  FetchDecision,
  FetchPorts,
  findFetchedFile,
  readRemote,
} from '../../src/remote/fetch';
import { baseSnapshotPath, readBaseSnapshot, BaseSnapshotError, writeBaseSnapshot, makeBaseSnapshot } from '../../src/remote/baseSnapshots';
import { serializeCampaign } from '../../src/remote/format';
import { campaignFileName } from '../../src/remote/naming';
import { diffComponents } from '../../src/remote/componentDiff';
import { ServiceClient } from '../../src/remote/serviceClient';
import { lint } from '../../../core/test/helpers/lint';

/** Normalization round trips for the whole seed, and fetching into a workspace without losing work. */

let w: RemoteWorld;
before(async () => {
  w = await startWorld();
});
after(async () => {
  await w?.close();
});

async function allIds(client: ServiceClient): Promise<string[]> {
  const recs = await client.searchAll({ campaign_fields: campaignFields(EMPTY_FILTER), include_child_campaigns: true });
  return recs.map(r => String(r.id));
}

describe('normalization', () => {
  for (const i of [0, 1]) {
    test(`every seed campaign of workspace ${i}: fetch → request shape → back equals what came`, async () => {
      const client = w.client(i);
      const ids = await allIds(client);
      assert.ok(ids.length >= 10, `${ids.length} campaigns`);
      let periodicNotes = 0;
      for (const id of ids) {
        const record = await client.getCampaign(id);
        const n = normalizeCampaign(record);
        assert.deepEqual(denormalizeCampaign(n.document, n.aside), record, `round trip of ${id}`);
        // Read-only metadata the editor needs is in the file.
        for (const k of ['id', 'campaign_id', 'status', 'updated_at']) assert.ok(k in n.document, `${k} kept in ${id}`);
        if (i === 0) assert.ok('version_number' in n.document, 'version_number kept (versioning on)');
        // The file is in the request shape, except a component kept as it came, with a note.
        const sched = n.document.scheduling_details;
        if (sched !== undefined) {
          if (n.notes.length) {
            assert.ok(isResponseScheduling(sched));
            assert.equal(record.campaign_delivery_type, 'PERIODIC');
            periodicNotes++;
          } else {
            assert.ok(!isResponseScheduling(sched), `${id}: ${JSON.stringify(sched)}`);
          }
        }
        // Fetching the same text twice gives the same bytes.
        assert.equal(serializeCampaign(normalizeCampaign(record).document), serializeCampaign(n.document));
      }
      if (i === 0) assert.ok(periodicNotes > 0, 'the seed has periodic campaigns whose time of day cannot be converted');
    });
  }

  test('a fetched Push or Email campaign has no rule error outside the components kept as they came', async () => {
    const client = w.client(0);
    const recs = await client.searchAll({ campaign_fields: { ...campaignFields(EMPTY_FILTER), channels: ['PUSH', 'EMAIL'] } });
    let checked = 0;
    for (const r of recs) {
      const n = normalizeCampaign(await client.getCampaign(String(r.id)));
      const kept = n.notes.map(x => x.path);
      const errors = lint(serializeCampaign(n.document), {
        settings: {
          features: { audienceLimit: true, queuing: true, portfolio: true, versioning: true },
          subscriptionCategories: ['newsletters', 'product_updates', 'offers'],
        },
      }).filter(d => d.severity === 'error' && !kept.some(k => d.path === k || d.path.startsWith(`${k}/`)));
      assert.deepEqual(
        errors.map(e => `${e.rule} ${e.path} ${e.message}`),
        [],
        `campaign ${String(r.id)} (${String(r.campaign_delivery_type)})`,
      );
      checked++;
    }
    assert.ok(checked > 10);
  });
});

describe('fetch into the workspace', () => {
  let root: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-fetch-'));
  });
  after(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  function ports(
    client: ServiceClient,
    answer: FetchChoice | ((d: FetchDecision) => FetchChoice) = 'cancel',
    unsaved?: Record<string, string>,
  ) {
    const asked: FetchDecision[] = [];
    const p: FetchPorts = {
      client,
      workspaceRoot: root,
      folder: 'campaigns',
      unsavedText: f => unsaved?.[f],
      ask: async d => {
        asked.push(d);
        return typeof answer === 'function' ? answer(d) : answer;
      },
    };
    return { p, asked };
  }

  async function pickCampaign(client: ServiceClient, pred: (r: Record<string, unknown>) => boolean) {
    const recs = await client.searchAll({ campaign_fields: campaignFields(EMPTY_FILTER) });
    const r = recs.find(pred);
    assert.ok(r);
    return r;
  }

  test('a first fetch writes <folder>/<name-slug>.<id>.campaign.json and the base snapshot', async () => {
    const client = w.client(0);
    const rec = await pickCampaign(
      client,
      r =>
        r.channel === 'PUSH' &&
        r.campaign_delivery_type === 'ONE_TIME' &&
        (r.scheduling_details as { delivery_type?: string } | undefined)?.delivery_type === 'SCHEDULED',
    );
    const id = String(rec.id);
    const { p, asked } = ports(client);
    const res = await fetchIntoWorkspace(id, p);
    assert.equal(res.outcome, 'written');
    assert.equal(asked.length, 0);
    const name = (rec.basic_details as { name: string }).name;
    assert.equal(res.file, path.join(root, 'campaigns', campaignFileName(name, id)));
    const text = fs.readFileSync(res.file, 'utf8');
    assert.equal(text, res.text);
    const doc = JSON.parse(text);
    assert.equal(doc.id, id);
    assert.equal(doc.scheduling_details.delivery_type, 'AT_FIXED_TIME');
    assert.ok('start_time' in doc.scheduling_details && !('schedule_time' in doc.scheduling_details));
    const base = await readBaseSnapshot(root, id);
    assert.ok(base);
    assert.deepEqual(base.campaign, doc);
    assert.equal(base.environment, 'emu0');
    assert.equal(base.workspaceId, w.emu.workspaces[0].id);
    assert.equal(res.basePath, baseSnapshotPath(root, id));
    assert.equal(await findFetchedFile(root, id), res.file);
  });

  test('fetching again with no local edits takes the remote change without asking', async () => {
    const client = w.client(0);
    const rec = await pickCampaign(client, r => r.channel === 'EMAIL' && r.status === 'DRAFT');
    const id = String(rec.id);
    const { p, asked } = ports(client);
    const first = await fetchIntoWorkspace(id, p);
    const same = await fetchIntoWorkspace(id, p);
    assert.equal(same.outcome, 'unchanged');
    w.emu.admin.editCampaign(id, { utm_params: { utm_source: 'remote', utm_medium: 'edit' } }, 'other@example.com');
    const again = await fetchIntoWorkspace(id, p);
    assert.equal(again.outcome, 'written');
    assert.equal(asked.length, 0);
    assert.equal(again.file, first.file);
    assert.deepEqual(JSON.parse(fs.readFileSync(again.file, 'utf8')).utm_params, { utm_source: 'remote', utm_medium: 'edit' });
    assert.deepEqual((await readBaseSnapshot(root, id))?.campaign.utm_params, { utm_source: 'remote', utm_medium: 'edit' });
  });

  test('fetching over local edits asks; cancel and diff leave the file and the base untouched', async () => {
    const client = w.client(0);
    const rec = await pickCampaign(client, r => r.channel === 'PUSH' && r.status === 'DRAFT');
    const id = String(rec.id);
    const first = await fetchIntoWorkspace(id, ports(client).p);
    const local = JSON.parse(fs.readFileSync(first.file, 'utf8'));
    local.basic_details.name = 'My local rename';
    const localText = JSON.stringify(local, null, 4);
    fs.writeFileSync(first.file, localText);
    w.emu.admin.editCampaign(id, { utm_params: { utm_source: 'x', utm_medium: 'y' } });
    const baseBefore = fs.readFileSync(baseSnapshotPath(root, id), 'utf8');
    for (const choice of ['cancel', 'diff'] as const) {
      const { p, asked } = ports(client, choice);
      const res = await fetchIntoWorkspace(id, p);
      assert.equal(res.outcome, choice === 'cancel' ? 'cancelled' : 'diff');
      assert.equal(asked.length, 1);
      assert.equal(asked[0].action === 'ask' && asked[0].reason, 'local-edits');
      assert.deepEqual(asked[0].action === 'ask' && asked[0].localChanges?.changes.map(c => c.key), ['basic_details']);
      assert.equal(fs.readFileSync(first.file, 'utf8'), localText, `${choice} kept the local text`);
      assert.equal(fs.readFileSync(baseSnapshotPath(root, id), 'utf8'), baseBefore, `${choice} kept the base`);
      assert.deepEqual(
        diffComponents(JSON.parse(localText), JSON.parse(res.text)).changes.map(c => c.key),
        ['basic_details', 'utm_params'],
      );
      assert.deepEqual(res.record.utm_params, { utm_source: 'x', utm_medium: 'y' }, `${choice} still gives the record it read`);
    }
  });

  test('overwrite replaces the file and keeps the local text in .campaigns/backup/', async () => {
    const client = w.client(0);
    const rec = await pickCampaign(
      client,
      r => r.channel === 'PUSH' && r.status === 'ACTIVE' && r.campaign_delivery_type === 'EVENT_TRIGGERED',
    );
    const id = String(rec.id);
    const first = await fetchIntoWorkspace(id, ports(client).p);
    const edited = JSON.parse(first.text);
    edited.basic_details.team = 'edited locally';
    const localText = JSON.stringify(edited, null, 2);
    fs.writeFileSync(first.file, localText);
    const { p, asked } = ports(client, 'overwrite');
    const res = await fetchIntoWorkspace(id, p);
    assert.equal(asked.length, 1);
    assert.equal(res.outcome, 'written');
    assert.equal(fs.readFileSync(res.file, 'utf8'), res.text);
    assert.ok(res.backup && res.backup.startsWith(path.join(root, '.campaigns', 'backup')));
    assert.equal(fs.readFileSync(res.backup, 'utf8'), localText);
  });

  test('unsaved editor text counts as local edits, even when the file on disk is the base', async () => {
    const client = w.client(0);
    const rec = await pickCampaign(client, r => r.channel === 'EMAIL' && r.status === 'SCHEDULED');
    const id = String(rec.id);
    const first = await fetchIntoWorkspace(id, ports(client).p);
    const unsaved = first.text.replace(/"name": "[^"]*"/, '"name": "typing…"');
    let { p, asked } = ports(client, 'cancel', { [first.file]: unsaved });
    assert.equal((await fetchIntoWorkspace(id, p)).outcome, 'cancelled');
    assert.equal(asked[0].action === 'ask' && asked[0].reason, 'unsaved-edits');
    ({ p, asked } = ports(client, 'overwrite', { [first.file]: unsaved }));
    const res = await fetchIntoWorkspace(id, p);
    assert.equal(fs.readFileSync(res.backup!, 'utf8'), unsaved, 'the unsaved text is kept');
  });

  test('a file with the campaign id but no base (e.g. from a colleague) is not overwritten silently', async () => {
    const client = w.client(0);
    const rec = await pickCampaign(client, r => r.channel === 'PUSH' && r.status === 'PAUSED');
    const id = String(rec.id);
    const file = path.join(root, 'elsewhere', `renamed-by-hand.${id}.campaign.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '{ "channel": "PUSH" }\n');
    const { p, asked } = ports(client, 'cancel');
    const res = await fetchIntoWorkspace(id, p);
    assert.equal(res.file, file, 'the existing file is found by its id');
    assert.equal(asked[0].action === 'ask' && asked[0].reason, 'no-base');
    assert.equal(fs.readFileSync(file, 'utf8'), '{ "channel": "PUSH" }\n');
  });

  test('a periodic campaign: scheduling kept as it came, the note stored with the base', async () => {
    const client = w.client(0);
    const rec = await pickCampaign(client, r => r.campaign_delivery_type === 'PERIODIC' && r.channel === 'PUSH' && r.status === 'ACTIVE');
    const id = String(rec.id);
    const res = await fetchIntoWorkspace(id, ports(client).p);
    const doc = JSON.parse(fs.readFileSync(res.file, 'utf8'));
    assert.deepEqual(doc.scheduling_details, rec.scheduling_details);
    const base = await readBaseSnapshot(root, id);
    assert.equal(base?.notes.length, 1);
    assert.match(base!.notes[0].message, /time of day/);
  });

  test('a campaign that is gone: 404, and nothing is written', async () => {
    const client = w.client(0);
    const { p } = ports(client);
    await assert.rejects(fetchIntoWorkspace('0123456789abcdef01234567', p), { status: 404 });
    assert.equal(fs.existsSync(path.join(root, 'campaigns', 'campaign.0123456789abcdef01234567.campaign.json')), false);
  });

  test('readRemote gives exactly the text fetch writes: metadata first, bookkeeping aside, scheduling in the request shape', async () => {
    const client = w.client(1);
    const created = await client.createDraft({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: 'dev@example.com' });
    const id = String((created.body as { data: { id: string } }).data.id);
    const record = w.emu.admin.editCampaign(id, {
      basic_details: { name: 'Spring sale', team: 'growth' },
      scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2027-04-01T09:00:00Z' },
      utm_params: { utm_source: 'app', utm_medium: 'push' },
    });
    const expected = [
      '{',
      `  "id": "${id}",`,
      `  "campaign_id": "${id}",`,
      '  "status": "DRAFT",',
      `  "updated_at": "${String(record.updated_at)}",`,
      '  "channel": "PUSH",',
      '  "campaign_delivery_type": "ONE_TIME",',
      '  "basic_details": {',
      '    "name": "Spring sale",',
      '    "team": "growth"',
      '  },',
      '  "scheduling_details": {',
      '    "delivery_type": "AT_FIXED_TIME",',
      '    "start_time": "2027-04-01T09:00:00Z"',
      '  },',
      '  "utm_params": {',
      '    "utm_source": "app",',
      '    "utm_medium": "push"',
      '  }',
      '}',
      '',
    ].join('\n');
    const r = await readRemote(client, id);
    assert.equal(r.text, expected);
    assert.equal(campaignAsFetched(r.record).text, expected);
    const fetched = await fetchIntoWorkspace(id, ports(client).p);
    assert.equal(fs.readFileSync(fetched.file, 'utf8'), expected);
  });
});

describe('base snapshots', () => {
  test('damaged or foreign files are reported with what to do; missing ones are undefined', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-base-'));
    try {
      const id = 'abcdefabcdefabcdefabcdef';
      assert.equal(await readBaseSnapshot(root, id), undefined);
      const file = baseSnapshotPath(root, id);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, '{ nope');
      await assert.rejects(
        readBaseSnapshot(root, id),
        (e: unknown) => e instanceof BaseSnapshotError && /not valid JSON.*Fetch the campaign again/.test(e.message),
      );
      fs.writeFileSync(file, JSON.stringify({ format: 'other' }));
      await assert.rejects(readBaseSnapshot(root, id), /damaged: `format`/);
      const snap = makeBaseSnapshot({
        environment: 'e',
        baseUrl: 'https://x',
        workspaceId: 'w',
        id,
        campaign: { id },
        aside: {},
        notes: [],
      });
      await writeBaseSnapshot(root, snap);
      assert.deepEqual(await readBaseSnapshot(root, id), snap);
      assert.deepEqual(fs.readdirSync(path.dirname(file)), [`${id}.json`], 'no temporary file left behind');
      assert.throws(() => baseSnapshotPath(root, '../x'), /not a campaign id/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
