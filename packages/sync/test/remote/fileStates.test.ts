import { after, before, describe, test } from 'node:test';
import { serviceTimeText } from '@campaign-studio/core';
import * as assert from 'node:assert/strict';
import { RemoteWorld, startWorld } from './remoteHarness';
import { campaignFields, EMPTY_FILTER } from '../../src/remote/explorerModel';
import { campaignAsFetched } from '../../src/remote/fetch';
import { ServiceError } from '../../src/remote/errors';
import { CampaignRead } from '../../src/remote/batchRead';
import { checkFiles, describeFileChecks, describeFileState, FileToCheck, stateOfFile } from '../../src/remote/fileStates';

/**
 * Where a campaign file stands against the service: the pure comparison of one file with the
 * campaign as read, and many files checked in one batched read.
 */

const base = {
  id: 'c1',
  campaign_id: 'c1',
  status: 'DRAFT',
  channel: 'PUSH',
  campaign_delivery_type: 'ONE_TIME',
  updated_at: '2027-01-01 10:00:00',
  basic_details: { name: 'Sale', tags: ['spring'] },
  utm_params: { utm_source: 'news', utm_medium: 'push' },
};
const file = (doc: Record<string, unknown> | undefined): FileToCheck => ({
  file: '/w/campaigns/sale.c1.campaign.json',
  id: 'c1',
  doc,
  base,
});
const read = (record: Record<string, unknown>): CampaignRead => ({ id: 'c1', record, via: 'search' });
/** The service's record: the base, changed by someone, with `changes` on top. */
const remote = (changes: Record<string, unknown> = {}) => ({
  ...base,
  updated_at: '2027-02-02 09:30:00',
  updated_by: 'ana@example.com',
  created_by: 'me@example.com',
  ...changes,
});
const notFound = new ServiceError({
  status: 404,
  code: 'NOT_FOUND',
  failure: { kind: 'http', status: 404 },
  message: 'No such campaign.',
  method: 'GET',
  path: '/v5/campaigns/c1',
  requestId: 'r1',
});
const failing = new ServiceError({
  status: 503,
  code: 'INTERNAL_ERROR',
  failure: { kind: 'http', status: 503 },
  message: 'Down.',
  method: 'POST',
  path: '/v5/campaigns/search',
  requestId: 'r2',
});

describe('one file against the campaign as read', () => {
  test('unchanged: the file is its base, and the service only moved its read-only fields', () => {
    const c = stateOfFile(file({ ...base }), read(remote()), 'staging');
    assert.equal(c.state, 'unchanged');
    assert.equal(describeFileState(c, 'staging'), 'Unchanged: the file is as fetched, and the campaign on `staging` is too.');
  });

  test('modified: changed here only, by field', () => {
    const c = stateOfFile(file({ ...base, basic_details: { name: 'Spring sale', tags: ['spring'] } }), read(remote()), 'staging');
    assert.equal(c.state, 'modified');
    assert.deepEqual(
      c.local.map(x => x.path),
      ['basic_details.name'],
    );
    assert.deepEqual(c.remote, []);
    assert.equal(
      describeFileState(c, 'staging'),
      'Modified: you changed `basic_details.name` since the fetch; the campaign on `staging` has not changed.',
    );
  });

  test('behind: changed on the service only, saying who changed it and when', () => {
    const c = stateOfFile(file({ ...base }), read(remote({ utm_params: { utm_source: 'news', utm_medium: 'email' } })), 'staging');
    assert.equal(c.state, 'behind');
    assert.deepEqual([c.remoteUpdatedBy, c.remoteUpdatedAt], ['ana@example.com', '2027-02-02 09:30:00']);
    assert.equal(
      describeFileState(c, 'staging'),
      `Behind: the campaign changed on \`staging\` since the fetch (\`utm_params.utm_medium\`), by ana@example.com at ${serviceTimeText('2027-02-02 09:30:00')}; the file is as fetched. Fetch it to take the changes.`,
    );
  });

  test('diverged: both sides changed; the same field differently is a conflict', () => {
    const local = { ...base, basic_details: { name: 'Mine', tags: ['spring'] } };
    const merged = stateOfFile(file(local), read(remote({ utm_params: { utm_source: 'x', utm_medium: 'push' } })), 'staging');
    assert.equal(merged.state, 'diverged');
    assert.deepEqual(merged.conflicts, []);
    assert.match(
      describeFileState(merged, 'staging'),
      /^Diverged: you changed `basic_details.name`, and the campaign changed on `staging` \(`utm_params.utm_source`\), by ana@example.com at .*No field changed differently on both sides: a push merges them\.$/,
    );
    const clash = stateOfFile(file(local), read(remote({ basic_details: { name: 'Theirs', tags: ['spring'] } })), 'staging');
    assert.equal(clash.state, 'diverged');
    assert.deepEqual(clash.conflicts, ['basic_details.name']);
    assert.match(describeFileState(clash, 'staging'), /Both changed `basic_details.name` differently: a push asks which to keep\.$/);
  });

  test('not on the service (404), and a read that failed otherwise, with the advice', () => {
    const gone = stateOfFile(file({ ...base }), { id: 'c1', error: notFound }, 'staging');
    assert.equal(gone.state, 'not-on-service');
    assert.equal(
      describeFileState(gone, 'staging'),
      "Not on the service: campaign `c1` is not on `staging`: deleted, or another workspace's.",
    );
    const down = stateOfFile(file({ ...base }), { id: 'c1', error: failing }, 'staging');
    assert.equal(down.state, 'error');
    assert.match(describeFileState(down, 'staging'), /^Not checked: .*The service failed internally/);
  });

  test('a file that is not a JSON object is not compared', () => {
    const c = stateOfFile(file(undefined), read(remote()), 'staging');
    assert.equal(c.state, 'error');
    assert.equal(c.reason, 'the file is not a JSON object: fix it first');
  });

  test('the summary counts each state that has files', () => {
    const checks = [
      stateOfFile(file({ ...base }), read(remote()), 'staging'),
      stateOfFile(file({ ...base, utm_params: {} }), read(remote()), 'staging'),
      stateOfFile(file({ ...base }), { id: 'c1', error: notFound }, 'staging'),
    ];
    assert.equal(
      describeFileChecks(checks, 'staging'),
      'Checked 3 campaign files against `staging`: 1 modified, 1 not on the service, 1 unchanged.',
    );
    assert.equal(describeFileChecks(checks.slice(0, 1), 'staging'), 'Checked 1 campaign file against `staging`: 1 unchanged.');
  });
});

describe('many files checked against the service', () => {
  let w: RemoteWorld;
  before(async () => {
    w = await startWorld();
  });
  after(async () => {
    await w?.close();
  });

  test('17 files in one batched read: two searches, and a GET only for the id search did not answer', async () => {
    const client = w.client(0);
    const recs = (await client.searchAll({ campaign_fields: campaignFields(EMPTY_FILTER) })).slice(0, 16);
    const files: FileToCheck[] = recs.map(r => {
      const doc = campaignAsFetched(r).normalized.document;
      return { file: `/w/${String(r.id)}.campaign.json`, id: String(r.id), doc, base: doc };
    });
    const edited = files[3];
    edited.doc = { ...edited.doc, utm_params: { utm_source: 'mine', utm_medium: 'push' } };
    w.emu.admin.editCampaign(files[5].id, { utm_params: { utm_source: 'theirs', utm_medium: 'push' } }, 'colleague@example.com');
    const gone = { file: '/w/gone.campaign.json', id: '0123456789abcdef01234567', doc: files[0].doc, base: files[0].base };
    w.logs.length = 0;
    const { checks } = await checkFiles(client, [...files, gone]);
    assert.deepEqual(w.logs.map(l => `${l.method} ${l.path}`).sort(), [
      'GET /v5/campaigns/0123456789abcdef01234567',
      'POST /v5/campaigns/search',
      'POST /v5/campaigns/search',
    ]);
    const states = Object.fromEntries(checks.map(c => [c.file, c.state]));
    assert.equal(states[edited.file], 'modified');
    assert.equal(states[files[5].file], 'behind');
    assert.equal(checks.find(c => c.file === files[5].file)?.remoteUpdatedBy, 'colleague@example.com');
    assert.equal(states[gone.file], 'not-on-service');
    assert.equal(checks.filter(c => c.state === 'unchanged').length, 14);
  });
});
