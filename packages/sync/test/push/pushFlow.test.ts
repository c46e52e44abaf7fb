import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runPush } from '../../src/push/pushFlow';
import { rulesWithSettings } from '../../src/push/preflight';
import { CampaignDoc } from '../../src/push/model';
import { BaseStore, LocalFile, PushApi, RemoteCampaign, ServiceFailure } from '../../src/push/ports';
import { ScriptedUi } from './harness';

/**
 * The push flow's rarer paths, against an in-memory service whose behaviour each test sets:
 * a service that rewrites what it stores (the echo), lost answers that did not apply or that
 * cannot be checked, and a file edited while the push runs.
 */

const ID = '65f1a2b3c4d5e6f708192a3b';

class FakeService {
  record: CampaignDoc = {
    id: ID, status: 'DRAFT', updated_at: '2025-01-01 10:00:00', channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME',
    basic_details: { name: 'A', content_type: 'TRANSACTIONAL', user_attribute_identifier: 'Email (Standard)' },
    utm_params: { utm_source: 's', utm_medium: 'm' },
  };
  patches: CampaignDoc[] = [];
  /** What a PATCH does: apply and answer (default), or something else. */
  onPatch: (body: CampaignDoc) => void = body => this.apply(body);
  failGets = false;
  private tick = 0;

  apply(body: CampaignDoc, transform: (k: string, v: unknown) => unknown = (_k, v) => v): void {
    for (const [k, v] of Object.entries(body)) if (!['channel', 'campaign_delivery_type', 'updated_by'].includes(k)) this.record[k] = transform(k, structuredClone(v));
    this.record.updated_at = `2025-01-01 10:00:${String(++this.tick).padStart(2, '0')}`;
  }

  remote(): RemoteCampaign {
    return { raw: structuredClone(this.record), normalized: structuredClone(this.record), status: String(this.record.status) };
  }

  api(): PushApi {
    const none = async (): Promise<never> => { throw new Error('not used'); };
    return {
      getCampaign: async () => {
        if (this.failGets) throw new ServiceFailure('Could not reach the service.', 'unreachable');
        return this.remote();
      },
      updateCampaign: async (_id, body) => { this.patches.push(structuredClone(body)); this.onPatch(body); },
      validateCampaign: async () => ({ ok: true }),
      createCampaign: none, testCampaign: none, changeStatus: none, executions: none, findDrafts: none,
    };
  }
}

class MemoryBases implements BaseStore {
  base: CampaignDoc | undefined;
  writes = 0;
  async read(): Promise<CampaignDoc | undefined> { return this.base && structuredClone(this.base); }
  async write(_id: string, remote: RemoteCampaign): Promise<void> { this.base = structuredClone(remote.normalized); this.writes++; }
}

class MemoryFile implements LocalFile {
  readonly uri = 'file:///w/a.campaign.json';
  readonly name = 'a.campaign.json';
  constructor(public content: string) {}
  text(): string { return this.content; }
  async replace(expected: string, next: string): Promise<boolean> {
    if (this.content !== expected) return false;
    this.content = next;
    return true;
  }
  whenSaved(then: (savedText: string) => void): { cancel(): void } {
    then(this.content);
    return { cancel: () => undefined };
  }
}

function setup(edit: (d: CampaignDoc) => void) {
  const svc = new FakeService();
  const bases = new MemoryBases();
  bases.base = structuredClone(svc.record);
  const doc = structuredClone(svc.record);
  edit(doc);
  const file = new MemoryFile(JSON.stringify(doc, null, 2) + '\n');
  return { svc, bases, file };
}

function deps(svc: FakeService, bases: MemoryBases, ui: ScriptedUi) {
  return { api: svc.api(), bases, ui, env: { name: 'test', production: false, email: 'me@example.com' }, rules: rulesWithSettings({ features: {} }) };
}

test('the service stores something else than was sent: the file takes it only when the user says yes', async () => {
  for (const answer of [false, true]) {
    const { svc, bases, file } = setup(d => { (d.basic_details as any).name = 'new name'; });
    svc.onPatch = body => svc.apply(body, (k, v) => (k === 'basic_details' ? { ...(v as object), name: String((v as any).name).toUpperCase() } : v));
    const before = file.text();
    const ui = new ScriptedUi({ confirmPush: [true], offerRemoteVersion: [answer] });
    const r = await runPush(file, deps(svc, bases, ui));
    assert.equal(r.outcome, 'pushed', ui.text());
    assert.deepEqual(ui.offers, [['basic_details']]);
    assert.equal((bases.base!.basic_details as any).name, 'NEW NAME', 'the base is the service\'s copy');
    if (answer) assert.equal(JSON.parse(file.text()).basic_details.name, 'NEW NAME');
    else assert.equal(file.text(), before, 'without a yes the file is untouched');
  }
});

test('a lost answer, and the campaign is exactly as before: not applied, said so, nothing retried', async () => {
  const { svc, bases, file } = setup(d => { (d.basic_details as any).name = 'B'; });
  svc.onPatch = () => { throw new ServiceFailure('No answer within 30 s.', 'timeout'); };
  const before = file.text();
  const baseBefore = structuredClone(bases.base);
  const ui = new ScriptedUi({ confirmPush: [true] });
  const r = await runPush(file, deps(svc, bases, ui));
  assert.equal(r.outcome, 'failed');
  assert.match(r.message, /was not applied/);
  assert.equal(svc.patches.length, 1);
  assert.equal(file.text(), before);
  assert.deepEqual(bases.base, baseBefore);
  assert.equal(bases.writes, 0);
});

test('a lost answer, and the campaign changed some other way: unknown, nothing retried, nothing touched', async () => {
  const { svc, bases, file } = setup(d => { (d.basic_details as any).name = 'B'; });
  svc.onPatch = body => { svc.apply({ ...body, basic_details: { name: 'Someone else' } }); throw new ServiceFailure('No answer within 30 s.', 'timeout'); };
  const before = file.text();
  const ui = new ScriptedUi({ confirmPush: [true] });
  const r = await runPush(file, deps(svc, bases, ui));
  assert.equal(r.outcome, 'unknown');
  assert.match(r.message, /does not match the push/);
  assert.equal(svc.patches.length, 1);
  assert.equal(file.text(), before);
  assert.equal(bases.writes, 0);
});

test('a lost answer, and the campaign cannot be read again: unknown, and it says what to do', async () => {
  const { svc, bases, file } = setup(d => { (d.basic_details as any).name = 'B'; });
  svc.onPatch = () => { svc.failGets = true; throw new ServiceFailure('No answer within 30 s.', 'timeout'); };
  const before = file.text();
  const ui = new ScriptedUi({ confirmPush: [true] });
  const r = await runPush(file, deps(svc, bases, ui));
  assert.equal(r.outcome, 'unknown');
  assert.match(r.message, /whether it applied is unknown.*Compare with Remote/);
  assert.equal(file.text(), before);
  assert.equal(bases.writes, 0);
});

test('a request that never left (connection refused): not sent, said so', async () => {
  const { svc, bases, file } = setup(d => { (d.basic_details as any).name = 'B'; });
  svc.onPatch = () => { throw new ServiceFailure('Could not reach http://127.0.0.1:1: ECONNREFUSED.', 'unreachable'); };
  const ui = new ScriptedUi({ confirmPush: [true] });
  const r = await runPush(file, deps(svc, bases, ui));
  assert.equal(r.outcome, 'failed');
  assert.match(r.message, /The update was not sent: .*ECONNREFUSED/);
  assert.equal(bases.writes, 0);
});

test('the merge is in the file before the review; what the user types during the review stays', async () => {
  const { svc, bases, file } = setup(d => { (d.basic_details as any).name = 'B'; });
  // Another client changed utm_params since the fetch: the file takes it before the review…
  svc.record.utm_params = { utm_source: 'theirs', utm_medium: 'm' };
  svc.record.updated_at = '2025-01-01 11:00:00';
  const ui = new ScriptedUi({ confirmPush: [true] });
  const original = ui.confirmPush.bind(ui);
  ui.confirmPush = async (p, round) => {
    const d = JSON.parse(file.content);
    assert.deepEqual(d.utm_params, { utm_source: 'theirs', utm_medium: 'm' }, 'the review comes after the merge is in the file');
    // …and the user edits utm_params in the file while the review is open.
    d.utm_params = { utm_source: 'typed meanwhile', utm_medium: 'm' };
    file.content = JSON.stringify(d, null, 2) + '\n';
    return original(p, round);
  };
  const r = await runPush(file, deps(svc, bases, ui));
  assert.equal(r.outcome, 'pushed', ui.text());
  assert.deepEqual(r.fileTook, []);
  assert.deepEqual(JSON.parse(file.text()).utm_params, { utm_source: 'typed meanwhile', utm_medium: 'm' });
});

test('a file edited between the conflict question and the merge: nothing is written or sent, and the user is told', async () => {
  const { svc, bases, file } = setup(d => { (d.basic_details as any).name = 'Mine'; });
  svc.record.basic_details = { ...(svc.record.basic_details as object), name: 'Theirs' };
  svc.record.updated_at = '2025-01-01 11:00:00';
  const ui = new ScriptedUi({ conflicts: [{ 'basic_details.name': 'remote' }] });
  const original = ui.resolveConflicts.bind(ui);
  ui.resolveConflicts = async q => {
    const answer = await original(q);
    file.content = file.content.replace('"Mine"', '"Typed while deciding"');
    return answer;
  };
  const before = svc.patches.length;
  const r = await runPush(file, deps(svc, bases, ui));
  assert.equal(r.outcome, 'cancelled');
  assert.match(r.message, /changed while the service's changes were being merged into it: nothing was sent/);
  assert.equal(svc.patches.length, before);
  assert.match(file.text(), /Typed while deciding/);
});

test('a base from another environment or a damaged one stops the push with its reason', async () => {
  const { svc, file } = setup(d => { (d.basic_details as any).name = 'B'; });
  const bases: BaseStore = { read: async () => { throw new Error('the base snapshot of campaign x was fetched from environment `staging`'); }, write: async () => undefined };
  const ui = new ScriptedUi();
  const r = await runPush(file, { api: svc.api(), bases, ui, env: { name: 'prod', production: true, email: 'me@example.com' }, rules: rulesWithSettings({ features: {} }) });
  assert.equal(r.outcome, 'blocked');
  assert.equal(r.stage, 'base');
  assert.match(r.message, /fetched from environment `staging`/);
  assert.equal(svc.patches.length, 0);
});

test('a file without an id, or not an object, is refused before any call', async () => {
  const svc = new FakeService();
  for (const [text, re] of [['{ "channel": "PUSH", "campaign_delivery_type": "ONE_TIME" }', /has no `id`.*Create Draft from File/], ['[1, 2]', /does not hold a JSON object/]] as const) {
    const ui = new ScriptedUi();
    const r = await runPush(new MemoryFile(text), deps(svc, new MemoryBases(), ui));
    assert.equal(r.outcome, 'blocked');
    assert.match(r.message, re);
  }
  assert.equal(svc.patches.length, 0);
});
