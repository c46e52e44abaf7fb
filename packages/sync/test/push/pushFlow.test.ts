import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pushedText, runPush } from '../../src/push/pushFlow';
import { rulesWithSettings } from '../../src/push/preflight';
import { CampaignDoc, campaignTitle, componentsNamed } from '../../src/push/model';
import { BaseStore, PushApi, ReadBackOptions, RemoteCampaign } from '../../src/push/ports';
import { CancelledError, Clock } from '../../src/remote/clock';
import { ServiceError } from '../../src/remote/errors';
import { answeredWith, connectionRefused, lostAnswer } from '../helpers/failures';
import { VirtualClock } from '../helpers/virtualClock';
import { LockHolder, PushLockBusy } from '../../src/files/pushLock';
import { MemoryBases, MemoryFile, ScriptedUi } from './harness';
import { refreshMetadata } from '../../src/push/textEdits';

/**
 * The push flow's rarer paths, against an in-memory service whose behaviour each test sets:
 * a service that rewrites what it stores (the echo), lost answers checked by reading again while
 * the service does not answer (on a virtual clock, so no test waits), and a file edited while
 * the push runs.
 */

const ID = '65f1a2b3c4d5e6f708192a3b';

class FakeService {
  record: CampaignDoc = {
    id: ID,
    status: 'DRAFT',
    updated_at: '2025-01-01 10:00:00',
    channel: 'EMAIL',
    campaign_delivery_type: 'ONE_TIME',
    basic_details: { name: 'A', content_type: 'TRANSACTIONAL', user_attribute_identifier: 'Email (Standard)' },
    utm_params: { utm_source: 's', utm_medium: 'm' },
  };
  patches: CampaignDoc[] = [];
  /** What a PATCH does: apply and answer (default), or something else. */
  onPatch: (body: CampaignDoc) => void = body => this.apply(body);
  /** The service is down: every read fails with a refused connection. */
  failGets = false;
  /** Failures the next reads meet, one each, before reads answer again. */
  readFailures: ServiceError[] = [];
  /** When each read was made, on the clock. */
  readsAt: number[] = [];
  private tick = 0;

  constructor(private readonly clock: Clock = new VirtualClock()) {}

  apply(body: CampaignDoc, transform: (k: string, v: unknown) => unknown = (_k, v) => v): void {
    for (const [k, v] of Object.entries(body))
      if (!['channel', 'campaign_delivery_type', 'updated_by'].includes(k)) this.record[k] = transform(k, structuredClone(v));
    this.record.updated_at = `2025-01-01 10:00:${String(++this.tick).padStart(2, '0')}`;
  }

  remote(): RemoteCampaign {
    return { raw: structuredClone(this.record), normalized: structuredClone(this.record), status: String(this.record.status) };
  }

  api(): PushApi {
    const none = async (): Promise<never> => {
      throw new Error('not used');
    };
    return {
      getCampaign: async (_id, signal) => {
        this.readsAt.push(this.clock.now());
        if (signal?.aborted) throw new CancelledError();
        const failure = this.failGets ? refused() : this.readFailures.shift();
        if (failure) throw failure;
        return this.remote();
      },
      updateCampaign: async (_id, body) => {
        this.patches.push(structuredClone(body));
        this.onPatch(body);
      },
      validateCampaign: async () => ({ ok: true }),
      createCampaign: none,
      testCampaign: none,
      changeStatus: none,
      executions: none,
      findDrafts: none,
    };
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

function deps(svc: FakeService, bases: MemoryBases, ui: ScriptedUi, readBack?: ReadBackOptions) {
  return {
    api: svc.api(),
    bases,
    ui,
    env: { name: 'test', production: false, email: 'me@example.com' },
    rules: rulesWithSettings({ features: {} }),
    readBack,
  };
}

const lost = () => lostAnswer('No answer from http://svc within 30 s; the change may or may not have been applied.');
const refused = () => connectionRefused('Could not reach http://svc: ECONNREFUSED (connect ECONNREFUSED 127.0.0.1:9).');
const serverError = (status = 500) => answeredWith(status, 'INTERNAL_ERROR', 'Internal error.');
const rateLimited = (ms: number) => answeredWith(429, 'RATE_LIMITED', 'Rate limit reached.', ms);

test('the service stores something else than was sent: the file takes it only when the user says yes', async () => {
  for (const answer of [false, true]) {
    const { svc, bases, file } = setup(d => {
      (d.basic_details as any).name = 'new name';
    });
    svc.onPatch = body =>
      svc.apply(body, (k, v) => (k === 'basic_details' ? { ...(v as object), name: String((v as any).name).toUpperCase() } : v));
    const before = file.text();
    const ui = new ScriptedUi({ confirmPush: [true], offerRemoteVersion: [answer] });
    const r = await runPush(file, deps(svc, bases, ui));
    assert.equal(r.outcome, 'pushed', ui.text());
    assert.deepEqual(ui.offers, [['basic_details']]);
    assert.equal((bases.base!.basic_details as any).name, 'NEW NAME', "the base is the service's copy");
    if (answer) assert.equal(JSON.parse(file.text()).basic_details.name, 'NEW NAME');
    else assert.equal(file.text(), refreshMetadata(before, bases.base!), 'without a yes the file takes only the metadata');
  }
});

/**
 * A write whose answer is lost (or that fails on the server) is checked by reading the campaign
 * again, for as long as the service does not answer, within the budget; never sent again.
 */
interface LostAnswerCase {
  name: string;
  /** What the PATCH does: it may apply, and its answer is lost or a failure. */
  onPatch(svc: FakeService, body: CampaignDoc): void;
  /** The failures the reads after it meet before the service answers again. */
  reads?: () => ServiceError[];
  /** The service stays down. */
  down?: boolean;
  cancelWhen?: RegExp;
  budgetMs?: number;
  outcome: string;
  message: RegExp;
  /** What the progress said while the check waited. */
  reports?: RegExp[];
  /** The virtual time between each read and the next, in ms. */
  waits?: number[];
}

const LOST_ANSWERS: LostAnswerCase[] = [
  {
    name: 'answer lost, and applied: pushed',
    onPatch: (svc, body) => {
      svc.apply(body);
      throw lost();
    },
    outcome: 'pushed-after-timeout',
    message: /^Pushed Basic details of “[^”]+” to test: the answer was lost, but reading the campaign again confirmed it applied\.$/,
    waits: [],
  },
  {
    name: 'answer lost, and not applied: said so',
    onPatch: () => {
      throw lost();
    },
    outcome: 'not-applied',
    message:
      /^The answer to the update was lost \(TIMEOUT: No answer .* applied\)\. Reading campaign \w+ again shows that it was not applied: the service still has `basic_details` as before the push\. Nothing was sent again; a\.campaign\.json and its base are unchanged\. Push again to send it\.$/,
  },
  {
    name: 'answer lost, service unreachable for three reads, then back: applied',
    onPatch: (svc, body) => {
      svc.apply(body);
      throw lost();
    },
    reads: () => [refused(), refused(), refused()],
    outcome: 'pushed-after-timeout',
    message: /reading the campaign again confirmed it applied/,
    reports: [
      /^The answer to the update was lost; checking whether it reached the service…: service not answering: NETWORK: Could not reach http:\/\/svc: ECONNREFUSED \(connect ECONNREFUSED 127\.0\.0\.1:9\); trying again in 1 s$/,
      /trying again in 2 s$/,
    ],
    waits: [500, 1000, 2000],
  },
  {
    name: 'answer lost, service unreachable for three reads, then back: not applied',
    onPatch: () => {
      throw lost();
    },
    reads: () => [refused(), refused(), refused()],
    outcome: 'not-applied',
    message: /it was not applied/,
    waits: [500, 1000, 2000],
  },
  {
    name: 'the waits double up to 5 s',
    onPatch: (svc, body) => {
      svc.apply(body);
      throw lost();
    },
    reads: () => Array.from({ length: 6 }, refused),
    outcome: 'pushed-after-timeout',
    message: /confirmed it applied/,
    waits: [500, 1000, 2000, 4000, 5000, 5000],
  },
  {
    name: 'answer lost, service down past the budget: unchecked, and what to do',
    onPatch: (svc, body) => {
      svc.apply(body);
      throw lost();
    },
    down: true,
    budgetMs: 20_000,
    outcome: 'unchecked',
    message:
      /^The answer to the update was lost \(.*\), and the service did not answer during 20 s of checking \(last: NETWORK: Could not reach http:\/\/svc: ECONNREFUSED .*\): whether the update reached campaign \w+ could not be checked yet\. Nothing was sent again; a\.campaign\.json and its base are unchanged\. Push again once the service answers: the push reads the campaign first, so it sends only what the service does not hold yet \(nothing, if the update arrived\)\.$/,
    reports: [/service not answering/],
  },
  {
    name: 'answer lost, the person cancels the check: unchecked, said plainly',
    onPatch: (svc, body) => {
      svc.apply(body);
      throw lost();
    },
    down: true,
    cancelWhen: /trying again in/,
    outcome: 'unchecked',
    message:
      /, and you stopped the check before the service answered \(last: NETWORK: Could not reach .*\): whether the update reached campaign \w+ could not be checked yet\./,
    waits: [],
  },
  {
    name: 'a 5xx that applied, and a 503 on the first read: pushed',
    onPatch: (svc, body) => {
      svc.apply(body);
      throw serverError();
    },
    reads: () => [serverError(503)],
    outcome: 'pushed-after-timeout',
    message: /: the service reported a failure, but reading the campaign again confirmed it applied\./,
    reports: [
      /^The service failed while handling the update; checking whether it was applied…: service not answering: INTERNAL_ERROR: Internal error; trying again in 1 s$/,
    ],
    waits: [500],
  },
  {
    name: 'a 5xx that did not apply: not applied',
    onPatch: () => {
      throw serverError();
    },
    outcome: 'not-applied',
    message:
      /^The service failed while handling the update \(INTERNAL_ERROR: Internal error\)\. Reading campaign \w+ again shows that it was not applied/,
  },
  {
    name: 'answer lost while another client changed the same component: not applied as sent, and by whom',
    onPatch: (svc, body) => {
      svc.apply({ ...body, basic_details: { name: 'Someone else' } });
      svc.record.updated_by = 'colleague@example.com';
      throw lost();
    },
    outcome: 'not-applied',
    message:
      /Reading campaign \w+ again shows that the update is not applied as sent: another client changed `basic_details` \(by colleague@example\.com\)\. Nothing was sent again; a\.campaign\.json and its base are unchanged\. Push again to merge their change with yours \(the push asks about each field you both changed\), or compare first with "Campaign Studio: Compare with Remote"\.$/,
  },
  {
    name: 'answer lost, applied, and another client changed another component: pushed, and said so',
    onPatch: (svc, body) => {
      svc.apply({ ...body, utm_params: { utm_source: 'theirs', utm_medium: 'm' } });
      svc.record.updated_by = 'colleague@example.com';
      throw lost();
    },
    outcome: 'pushed-after-timeout',
    message:
      /confirmed it applied\. Meanwhile another client changed `utm_params` \(by colleague@example\.com\), which your file does not have yet: the next push brings it into your file \(it is kept as theirs, never sent back over\)\.$/,
  },
  {
    name: 'a 429 during the check: the next read waits as long as Retry-After says',
    onPatch: (svc, body) => {
      svc.apply(body);
      throw lost();
    },
    reads: () => [rateLimited(7000)],
    outcome: 'pushed-after-timeout',
    message: /confirmed it applied/,
    reports: [/: the service's rate limit was reached and it asks to wait 7 s; trying again in 7 s$/, /trying again in 1 s$/],
    waits: [7000],
  },
  {
    name: 'a 429 asking to wait past the budget: unchecked at once',
    onPatch: (svc, body) => {
      svc.apply(body);
      throw lost();
    },
    reads: () => [rateLimited(300_000)],
    outcome: 'unchecked',
    message:
      /, and the service's rate limit asks to wait 5 min, longer than the 2 min the check may take: whether the update reached campaign/,
    waits: [],
  },
  {
    name: 'the read after a lost answer is refused (404): unchecked, with the reason',
    onPatch: (svc, body) => {
      svc.apply(body);
      throw lost();
    },
    reads: () => [answeredWith(404, 'NOT_FOUND', 'No campaign with this id.')],
    outcome: 'unchecked',
    message:
      /, and the service refused the read that checks it \(NOT_FOUND: No campaign with this id\): whether the update reached campaign .* Push again once that is fixed:/,
    waits: [],
  },
];

for (const c of LOST_ANSWERS) {
  test(`lost answers: ${c.name}`, async () => {
    const clock = new VirtualClock();
    const svc = new FakeService(clock);
    const bases = new MemoryBases();
    bases.base = structuredClone(svc.record);
    const doc = structuredClone(svc.record);
    (doc.basic_details as any).name = 'B';
    const file = new MemoryFile(JSON.stringify(doc, null, 2) + '\n');
    const before = file.text();
    svc.onPatch = body => {
      svc.readsAt = [];
      svc.failGets = !!c.down;
      svc.readFailures = c.reads?.() ?? [];
      c.onPatch(svc, body);
    };
    const ui = new ScriptedUi({ confirmPush: [true], cancelWhen: c.cancelWhen });
    const r = await runPush(file, deps(svc, bases, ui, { clock, budgetMs: c.budgetMs }));
    assert.equal(r.outcome, c.outcome, r.message);
    assert.match(r.message, c.message);
    assert.doesNotMatch(r.message, /unknown/i);
    assert.equal(svc.patches.length, 1, 'the update is sent once, never again');
    for (const re of c.reports ?? [])
      assert.ok(
        ui.reports.some(t => re.test(t)),
        `no progress report matches ${re}:\n${ui.reports.join('\n')}`,
      );
    // The last read is the push's, or the check's when it applied; each wait is between two reads.
    if (c.waits)
      assert.deepEqual(
        svc.readsAt
          .slice(1)
          .map((t, i) => t - svc.readsAt[i])
          .slice(0, c.waits.length),
        c.waits,
      );
    if (c.budgetMs) assert.ok(clock.advanced <= c.budgetMs, `the check took ${clock.advanced} ms of a ${c.budgetMs} ms budget`);
    if (r.outcome !== 'pushed-after-timeout') {
      assert.equal(file.text(), before, 'the file is unchanged');
      assert.equal(bases.writes, 0, 'the base is unchanged');
    } else {
      assert.equal((bases.base!.basic_details as any).name, 'B', 'the base is the campaign as the check read it');
    }
  });
}

test('a request that never left (connection refused): not sent, said so', async () => {
  const { svc, bases, file } = setup(d => {
    (d.basic_details as any).name = 'B';
  });
  svc.onPatch = () => {
    throw connectionRefused('Could not reach http://127.0.0.1:1: ECONNREFUSED.');
  };
  const ui = new ScriptedUi({ confirmPush: [true] });
  const r = await runPush(file, deps(svc, bases, ui));
  assert.equal(r.outcome, 'failed');
  assert.match(r.message, /The update was not sent: .*ECONNREFUSED/);
  assert.equal(bases.writes, 0);
});

test('the service down before anything is sent: the campaign by its name, what failed and what to do', async () => {
  const { svc, bases, file } = setup(d => {
    (d.basic_details as any).name = 'Spring sale';
  });
  svc.failGets = true;
  const r = await runPush(file, deps(svc, bases, new ScriptedUi({})));
  assert.equal(r.outcome, 'failed');
  assert.equal(svc.patches.length, 0);
  assert.match(r.message, /^Nothing was sent: “Spring sale” could not be read from test, and a push compares with its version there\. /);
  assert.match(r.message, /ECONNREFUSED/, 'what failed');
  assert.match(r.message, /Check that the base URL of environment `test` is right and that the service is running, then try again\.$/);
});

test('the merge is in the file before the review; what the user types during the review stays', async () => {
  const { svc, bases, file } = setup(d => {
    (d.basic_details as any).name = 'B';
  });
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
  const { svc, bases, file } = setup(d => {
    (d.basic_details as any).name = 'Mine';
  });
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
  const { svc, file } = setup(d => {
    (d.basic_details as any).name = 'B';
  });
  const bases: BaseStore = {
    read: async () => {
      throw new Error('the base snapshot of campaign x was fetched from environment `staging`');
    },
    write: async () => undefined,
  };
  const ui = new ScriptedUi();
  const r = await runPush(file, {
    api: svc.api(),
    bases,
    ui,
    env: { name: 'prod', production: true, email: 'me@example.com' },
    rules: rulesWithSettings({ features: {} }),
  });
  assert.equal(r.outcome, 'blocked');
  assert.equal(r.stage, 'base');
  assert.match(r.message, /fetched from environment `staging`/);
  assert.equal(svc.patches.length, 0);
});

test('another push holding the campaign past the wait: nothing is sent, the wait and the holder are said', async () => {
  const { svc, bases, file } = setup(d => {
    (d.basic_details as any).name = 'B';
  });
  const busy: BaseStore = {
    read: bases.read.bind(bases),
    write: bases.write.bind(bases),
    hold: async (_id: string, onWait: (h: LockHolder) => void) => {
      onWait({ pid: 4242 });
      throw new PushLockBusy({ pid: 4242 }, 20_000);
    },
  };
  const ui = new ScriptedUi({ confirmPush: [true] });
  const titles: string[] = [];
  const progress = ui.progress.bind(ui);
  ui.progress = (title, task) => {
    titles.push(title);
    return progress(title, task);
  };
  const r = await runPush(file, { ...deps(svc, bases, ui), bases: busy });
  assert.deepEqual([r.outcome, r.stage], ['blocked', 'write']);
  assert.match(
    r.message,
    /^Nothing was sent: another push of .* \(pid 4242\) was still running after 20 seconds\. Push again once it is done/,
  );
  assert.ok(
    titles.some(t => /^Waiting for another push of .* \(pid 4242\) to finish…$/.test(t)),
    titles.join('\n'),
  );
  assert.equal(svc.patches.length, 0);
});

test('a file without an id, or not an object, is refused before any call', async () => {
  const svc = new FakeService();
  for (const [text, re] of [
    ['{ "channel": "PUSH", "campaign_delivery_type": "ONE_TIME" }', /has no `id`.*Create Draft from File/],
    ['[1, 2]', /does not hold a JSON object/],
  ] as const) {
    const ui = new ScriptedUi();
    const r = await runPush(new MemoryFile(text), deps(svc, new MemoryBases(), ui));
    assert.equal(r.outcome, 'blocked');
    assert.match(r.message, re);
  }
  assert.equal(svc.patches.length, 0);
});

test('the last read before the PATCH asks the rate limit for room for both, and nothing is asked or read between them', async () => {
  const { svc, bases, file } = setup(d => {
    (d.basic_details as any).name = 'new name';
  });
  const steps: string[] = [];
  const api = svc.api();
  const ui = new ScriptedUi({ confirmPush: [true] });
  const confirmPush = ui.confirmPush.bind(ui);
  ui.confirmPush = async (p, round) => {
    steps.push('confirm');
    return confirmPush(p, round);
  };
  const r = await runPush(file, {
    ...deps(svc, bases, ui),
    api: {
      ...api,
      getCampaign: (id, signal, o) => {
        steps.push(o?.thenWrite ? 'read, then write' : 'read');
        return api.getCampaign(id, signal, o);
      },
      updateCampaign: (id, body) => {
        steps.push('PATCH');
        return api.updateCampaign(id, body);
      },
    },
  });
  assert.equal(r.outcome, 'pushed', ui.text());
  assert.deepEqual(steps, ['read', 'confirm', 'read, then write', 'PATCH', 'read']);
});

test("a colleague's write landing between the last read and the PATCH: the read-back shows the fields it changed, with a warning", async () => {
  const { svc, bases, file } = setup(d => {
    (d.basic_details as any).name = 'new name';
  });
  svc.onPatch = body => {
    svc.record.utm_params = { utm_source: 'theirs', utm_medium: 'm' };
    svc.record.updated_by = 'colleague@example.com';
    svc.apply(body);
  };
  const ui = new ScriptedUi({ confirmPush: [true] });
  const r = await runPush(file, deps(svc, bases, ui));
  assert.equal(r.outcome, 'pushed', ui.text());
  const warnings = ui.messages.filter(m => m.level === 'warn').map(m => m.text);
  assert.equal(warnings.length, 1, ui.text());
  assert.match(
    warnings[0],
    new RegExp(
      `another client changed campaign ${ID} \\(last by colleague@example\\.com\\) outside it: \`/utm_params/utm_source\` now differ from the version your push was merged against`,
    ),
  );
  assert.match(warnings[0], /if that client also changed `basic_details` in the same moment, yours replaced it/);
  assert.match(r.message, /\/utm_params\/utm_source/);
  assert.deepEqual(
    bases.base!.utm_params,
    { utm_source: 's', utm_medium: 'm' },
    'the base keeps the version merged against, so the next push brings theirs in',
  );
});

test('a read-back that holds exactly what was merged warns of nothing', async () => {
  const { svc, bases, file } = setup(d => {
    (d.basic_details as any).name = 'new name';
  });
  const ui = new ScriptedUi({ confirmPush: [true] });
  assert.equal((await runPush(file, deps(svc, bases, ui))).outcome, 'pushed');
  assert.deepEqual(
    ui.messages.filter(m => m.level === 'warn'),
    [],
  );
});

test('what a push says names the components and the campaign as people read them, short enough for a notification', () => {
  const cases: Array<{ name: string; got: string; expected: string }> = [
    {
      name: 'by its name',
      got: pushedText('', componentsNamed(['basic_details']), campaignTitle('Spring Sale', '6a4e1514a1c0ffee01000001'), 'shopco'),
      expected: 'Pushed Basic details of “Spring Sale” to shopco.',
    },
    {
      name: 'two components',
      got: pushedText('', componentsNamed(['basic_details', 'campaign_content']), campaignTitle('Spring Sale', 'x'), 'shopco'),
      expected: 'Pushed Basic details and Content of “Spring Sale” to shopco.',
    },
    {
      name: 'a campaign without a name, by its id',
      got: pushedText('', componentsNamed(['utm_params']), campaignTitle(undefined, '6a4e1514a1c0ffee01000001'), 'staging'),
      expected: 'Pushed UTM parameters of campaign 6a4e1514a1c0ffee01000001 to staging.',
    },
    {
      name: 'the answer lost',
      got: pushedText('lost', componentsNamed(['basic_details']), campaignTitle('Spring Sale', 'x'), 'shopco'),
      expected:
        'Pushed Basic details of “Spring Sale” to shopco: the answer was lost, but reading the campaign again confirmed it applied.',
    },
  ];
  for (const c of cases) assert.equal(c.got, c.expected, c.name);
  assert.ok(cases[0].got.length <= 60, 'a one-component push fits a notification line');
});
