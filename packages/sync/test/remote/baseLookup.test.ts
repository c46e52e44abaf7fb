import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  baseIdOf,
  baseSnapshotCandidates,
  BaseSnapshotError,
  checkBaseSnapshot,
  parseBaseSnapshot,
  remoteStateOf,
} from '../../src/remote/baseFormat';
import { findBaseSnapshot } from '../../src/remote/baseSnapshots';
import { BaseSnapshotStore } from '../../src/remote/baseLookup';
import { activePeriodicRecord, FETCHED_ID, rewriteAsVersion1, writeFetched } from '../helpers/fetchedProject';

/**
 * Which base snapshot belongs to a campaign file, decided by one shared rule that the extension,
 * the language server and campaign-lint all apply; and the server's cache of what it read.
 */

const ID = FETCHED_ID;

test("a file's campaign: its own `id`, else the id in a fetched file's name; an id that cannot name a file names none", () => {
  assert.equal(baseIdOf('/w/campaigns/x.campaign.json', { id: ID }), ID);
  assert.equal(baseIdOf(`/w/campaigns/weekly.${ID}.campaign.json`, { channel: 'PUSH' }), ID);
  assert.equal(baseIdOf(`/w/campaigns/weekly.${ID}.campaign.json`, undefined), ID);
  assert.equal(baseIdOf('/w/campaigns/x.campaign.json', { id: '../../etc/passwd' }), undefined);
  assert.equal(
    baseIdOf(`/w/campaigns/weekly.${ID}.campaign.json`, { id: '../x' }),
    undefined,
    'an unsafe own id is not replaced by the name',
  );
  assert.equal(baseIdOf('/w/campaigns/draft.campaign.json', {}), undefined);
});

test("the candidates: the file's folder, then each parent, up to the root", () => {
  const file = path.resolve('/w/team/campaigns/x.campaign.json');
  const got = baseSnapshotCandidates(file, ID);
  assert.deepEqual(got.slice(0, 3), [
    path.resolve(`/w/team/campaigns/.campaigns/base/${ID}.json`),
    path.resolve(`/w/team/.campaigns/base/${ID}.json`),
    path.resolve(`/w/.campaigns/base/${ID}.json`),
  ]);
  assert.equal(got[got.length - 1], path.join(path.parse(file).root, '.campaigns', 'base', `${ID}.json`));
  assert.deepEqual(baseSnapshotCandidates(file, 'a/b'), []);
});

test("parsing a sidecar: what is wrong is said without the path too; another campaign's base is refused", () => {
  const ok = {
    format: 'campaign-studio-base',
    version: 2,
    environment: 'e',
    workspaceId: 'w',
    id: ID,
    fetchedAt: '2026-01-01T00:00:00Z',
    campaign: { id: ID, status: 'PAUSED' },
  };
  const snap = parseBaseSnapshot(JSON.stringify(ok), '/b.json', ID);
  assert.deepEqual([snap.aside, snap.notes, snap.baseUrl, 'migratedFrom' in snap], [{}, [], undefined, false]);
  assert.deepEqual(remoteStateOf(snap.campaign), { status: 'PAUSED', base: ok.campaign });
  assert.deepEqual(remoteStateOf({}).status, 'UNKNOWN');
  const reasonOf = (text: string): string => {
    try {
      parseBaseSnapshot(text, '/b.json', ID);
    } catch (e) {
      assert.ok(e instanceof BaseSnapshotError);
      assert.match(e.message, /^The base snapshot \/b\.json cannot be used: .*Fetch the campaign again to rebuild it\.$/);
      return e.reason;
    }
    throw new Error('no error');
  };
  assert.match(reasonOf('{'), /^it is not valid JSON \(/);
  assert.equal(reasonOf('{"format":"x"}'), 'it is damaged: `format` is not `campaign-studio-base`');
  assert.equal(reasonOf(JSON.stringify({ ...ok, id: 'other' })), `it is the base of campaign \`other\`, not of \`${ID}\``);
  assert.equal(reasonOf(JSON.stringify({ ...ok, version: 1 })), 'it is damaged: `baseUrl` is missing', 'version 1 always recorded the URL');
  assert.equal(reasonOf(JSON.stringify({ ...ok, baseUrl: 7 })), 'it is damaged: `baseUrl` is not a string');
  assert.equal(reasonOf(JSON.stringify({ ...ok, version: '2' })), 'it is damaged: `version` is `2`, not 1 or 2');
  assert.equal(reasonOf(JSON.stringify({ ...ok, version: undefined })), 'it is damaged: `version` is missing');
});

test('a version-1 sidecar reads as version 2 with every field kept, marked in memory only', () => {
  const v1 = {
    format: 'campaign-studio-base',
    version: 1,
    environment: 'e',
    baseUrl: 'https://x',
    workspaceId: 'w',
    id: ID,
    fetchedAt: '2026-01-01T00:00:00Z',
    campaign: { id: ID },
    aside: { created_at: '2026-01-01T00:00:00Z' },
    notes: [{ path: '/a', message: 'm' }],
  };
  assert.deepEqual(parseBaseSnapshot(JSON.stringify(v1), '/b.json', ID), { ...v1, version: 2, migratedFrom: 1 });
  const v2 = { ...v1, version: 2 };
  assert.deepEqual(parseBaseSnapshot(JSON.stringify(v2), '/b.json', ID), v2);
  assert.deepEqual(
    parseBaseSnapshot(JSON.stringify({ ...v2, migratedFrom: 1 }), '/b.json', ID),
    v2,
    'the in-memory mark is never taken from a file',
  );
});

test('a later version of the format: not supported, and what to do (update, or fetch again)', () => {
  const v3 = {
    format: 'campaign-studio-base',
    version: 3,
    environment: 'e',
    workspaceId: 'w',
    id: ID,
    fetchedAt: '2026-01-01T00:00:00Z',
    campaign: { id: ID },
  };
  assert.throws(
    () => parseBaseSnapshot(JSON.stringify(v3), '/b.json', ID),
    (e: unknown) =>
      e instanceof BaseSnapshotError &&
      e.reason === 'its format version `3` is not supported: a newer Campaign Studio wrote it (this one reads versions 1 and 2)' &&
      e.message ===
        `The base snapshot /b.json cannot be used: ${e.reason}. Update Campaign Studio to read it, or fetch the campaign again to rebuild it in version 2.`,
  );
  assert.equal(
    checkBaseSnapshot(v3),
    'its format version `3` is not supported: a newer Campaign Studio wrote it (this one reads versions 1 and 2)',
  );
});

test("the server's store: the nearest sidecar, read again only when it changes; problems said, never thrown", () => {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'base-lookup-')));
  try {
    const p = writeFetched(root);
    const store = new BaseSnapshotStore();
    const doc = JSON.parse(p.text);
    const first = store.lookup(p.file, doc);
    assert.equal(first.found?.file, p.sidecar);
    assert.equal(first.found?.remote.status, 'ACTIVE');
    assert.equal(store.lookup(p.file, doc), first, 'unchanged on disk: the same answer, not read again');
    // Fetched again as a draft (a new file, so a new time and size).
    writeFetched(root, { ...activePeriodicRecord('DRAFT'), version_number: 12345 });
    assert.equal(store.lookup(p.file, doc).found?.remote.status, 'DRAFT');
    // A nearer sidecar wins.
    const near = writeFetched(path.join(root, 'campaigns'), activePeriodicRecord('PAUSED'), '.');
    assert.equal(store.lookup(p.file, doc).found?.file, near.sidecar);
    // One that cannot be read is a problem, and the lookup stops there (it is the file's base).
    fs.rmSync(near.sidecar);
    fs.mkdirSync(near.sidecar);
    const broken = store.lookup(p.file, doc);
    assert.equal(broken.found, undefined);
    assert.deepEqual([broken.problem?.file, broken.problem?.reason], [near.sidecar, 'it is a directory']);
    // No id, no base.
    assert.deepEqual(store.lookup(path.join(root, 'campaigns', 'draft.campaign.json'), {}), {});
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the server and the extension read a version-1 sidecar as they read version 2, and leave it as it is', async () => {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'base-lookup-')));
  try {
    const p = writeFetched(root);
    const doc = JSON.parse(p.text);
    const v2 = new BaseSnapshotStore().lookup(p.file, doc).found;
    const v1Text = rewriteAsVersion1(p.sidecar);
    const v1 = new BaseSnapshotStore().lookup(p.file, doc).found;
    assert.equal(v2?.snapshot.version, 2);
    assert.deepEqual(v1?.remote, v2?.remote);
    assert.deepEqual(v1?.snapshot, { ...v2?.snapshot, migratedFrom: 1 });
    assert.deepEqual((await findBaseSnapshot(p.file, ID))?.snapshot, v1?.snapshot);
    assert.equal(fs.readFileSync(p.sidecar, 'utf8'), v1Text, 'reading never rewrites: only push migrates a base it uses');
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('the extension finds the same sidecar as the server', async () => {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'base-lookup-')));
  try {
    const p = writeFetched(root);
    const store = new BaseSnapshotStore();
    const doc = JSON.parse(p.text);
    assert.equal((await findBaseSnapshot(p.file, ID))?.file, store.lookup(p.file, doc).found?.file);
    const near = writeFetched(path.join(root, 'campaigns'), activePeriodicRecord('PAUSED'), '.');
    const fromClient = await findBaseSnapshot(p.file, ID);
    assert.equal(fromClient?.file, near.sidecar);
    assert.deepEqual(remoteStateOf(fromClient!.snapshot.campaign), store.lookup(p.file, doc).found?.remote);
    fs.writeFileSync(near.sidecar, '[]');
    await assert.rejects(findBaseSnapshot(p.file, ID), /cannot be used: it is damaged: it is not a JSON object/);
    assert.equal(await findBaseSnapshot(path.join(root, 'elsewhere', 'x.campaign.json'), '0123456789abcdef01234567'), undefined);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
