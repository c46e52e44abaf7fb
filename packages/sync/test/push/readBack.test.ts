import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runStatusAction } from '../../src/push/actionsFlow';
import { runCreateDraft } from '../../src/push/draftFlow';
import { CampaignDoc } from '../../src/push/model';
import { PushApi, RemoteCampaign } from '../../src/push/ports';
import { CancelledError } from '../../src/remote/clock';
import { answeredWith, connectionRefused, lostAnswer } from '../helpers/failures';
import { rulesWithSettings } from '../../src/push/preflight';
import { readUntilAnswered } from '../../src/push/readBack';
import { VirtualClock } from '../helpers/virtualClock';
import { MemoryBases, MemoryFile, ScriptedUi } from './harness';

/**
 * The check after a lost answer on its own (a read cut at the deadline, a cancel before it
 * starts), and in the flows besides push: a new draft (the create call and each component) and
 * a status change, against an in-memory service on a virtual clock.
 */

const ID = '65f1a2b3c4d5e6f708192a3b';
const lost = () => lostAnswer('No answer within 30 s');
const refused = () => connectionRefused('Could not reach http://svc: ECONNREFUSED');

test('a read still running at the deadline is stopped there: unchecked, within the budget', async () => {
  const clock = new VirtualClock();
  const ui = new ScriptedUi();
  let reads = 0;
  const hanging = (signal: AbortSignal) =>
    new Promise<never>((_resolve, reject) => {
      reads++;
      signal.addEventListener('abort', () => reject(new CancelledError(undefined, true)), { once: true });
    });
  const r = await readUntilAnswered(ui, 'Checking…', hanging, { clock, budgetMs: 30_000 });
  assert.deepEqual(r, { answered: false, reason: 'budget', lastError: undefined, budgetMs: 30_000 });
  assert.equal(reads, 1);
  assert.equal(clock.advanced, 30_000);
});

test('a check cancelled before its first read ends at once, unchecked', async () => {
  const ui = new ScriptedUi({ cancelWhen: /./ });
  const r = await readUntilAnswered(
    ui,
    'Checking…',
    async () => {
      throw refused();
    },
    { clock: new VirtualClock() },
  );
  assert.equal(r.answered, false);
  assert.equal(!r.answered && r.reason, 'cancelled');
});

/** A service in memory: one campaign with a status, drafts to list, and calls that fail as each test says. */
class Service {
  record: CampaignDoc = {
    id: ID,
    status: 'ACTIVE',
    updated_at: '2025-01-01 10:00:00',
    channel: 'PUSH',
    campaign_delivery_type: 'EVENT_TRIGGERED',
    basic_details: { name: 'A' },
  };
  drafts: Array<{ id: string; created_at?: string }> = [];
  down = false;
  calls: string[] = [];
  onStatus: (action: string) => void = () => undefined;
  onCreate: () => { id: string } = () => ({ id: ID });
  onUpdate: (body: CampaignDoc) => void = body => Object.assign(this.record, body);

  api(): PushApi {
    const none = async (): Promise<never> => {
      throw new Error('not used');
    };
    const up =
      <T>(call: string, answer: () => T) =>
      async () => {
        this.calls.push(call);
        if (this.down) throw refused();
        return answer();
      };
    return {
      getCampaign: () => up('get', () => this.remote())(),
      findDrafts: () => up('find', () => this.drafts)(),
      changeStatus: async action => {
        this.calls.push(action);
        this.onStatus(action);
      },
      createCampaign: async () => {
        this.calls.push('create');
        return this.onCreate();
      },
      updateCampaign: async (_id, body) => {
        this.calls.push('update');
        this.onUpdate(body);
      },
      validateCampaign: none,
      testCampaign: none,
      executions: none,
    };
  }

  remote(): RemoteCampaign {
    return { raw: structuredClone(this.record), normalized: structuredClone(this.record), status: String(this.record.status) };
  }
}

function deps(svc: Service, ui: ScriptedUi, clock: VirtualClock, budgetMs = 20_000) {
  return {
    api: svc.api(),
    bases: new MemoryBases(),
    ui,
    env: { name: 'test', production: false, email: 'me@example.com' },
    rules: rulesWithSettings({ features: {} }),
    readBack: { clock, budgetMs },
  };
}

test('status: a lost pause, and the campaign is still active: not applied, not sent again', async () => {
  const svc = new Service();
  svc.onStatus = () => {
    throw lost();
  };
  const ui = new ScriptedUi({ confirm: [true] });
  const r = await runStatusAction(ID, 'PAUSE', deps(svc, ui, new VirtualClock()));
  assert.equal(r.outcome, 'not-applied', r.message);
  assert.match(
    r.message,
    /^The answer to the pause request was lost \(TIMEOUT: No answer within 30 s\)\. Reading campaign \w+ again shows it was not paused: it is still ACTIVE\. It was not sent again; pause it again to retry\.$/,
  );
  assert.deepEqual(svc.calls, ['get', 'PAUSE', 'get']);
});

test('status: a lost pause, and another client stopped the campaign: not applied, and said why', async () => {
  const svc = new Service();
  svc.onStatus = () => {
    svc.record.status = 'STOPPED';
    throw lost();
  };
  const r = await runStatusAction(ID, 'PAUSE', deps(svc, new ScriptedUi({ confirm: [true] }), new VirtualClock()));
  assert.equal(r.outcome, 'not-applied', r.message);
  assert.match(r.message, /it was not paused: it is STOPPED now \(it was ACTIVE\), so another client changed its status\./);
});

test('status: a lost pause, the service down past the budget: unchecked, and what to do', async () => {
  const svc = new Service();
  svc.onStatus = () => {
    svc.record.status = 'PAUSED';
    svc.down = true;
    throw lost();
  };
  const ui = new ScriptedUi({ confirm: [true] });
  const r = await runStatusAction(ID, 'PAUSE', deps(svc, ui, new VirtualClock()));
  assert.equal(r.outcome, 'unchecked', r.message);
  assert.match(
    r.message,
    /^The answer to the pause request was lost \(TIMEOUT: No answer within 30 s\), and the service did not answer during 20 s of checking \(last: NETWORK: Could not reach http:\/\/svc: ECONNREFUSED\): whether campaign \w+ was paused could not be checked yet\. It was not sent again\. Refresh the Campaigns view once the service answers, and pause it again only if it is still ACTIVE\.$/,
  );
  assert.match(ui.text('warn'), /could not be checked yet/);
  assert.equal(svc.calls.filter(c => c === 'PAUSE').length, 1);
});

test('status: a 5xx on a pause that applied: read back, done', async () => {
  const svc = new Service();
  svc.onStatus = () => {
    svc.record.status = 'PAUSED';
    throw answeredWith(500, 'INTERNAL_ERROR', 'Internal error.');
  };
  const ui = new ScriptedUi({ confirm: [true] });
  const r = await runStatusAction(ID, 'PAUSE', deps(svc, ui, new VirtualClock()));
  assert.equal(r.outcome, 'done', r.message);
  assert.match(r.message, /\(the service reported a failure; reading it again confirmed the change\)/);
  assert.deepEqual(ui.messages, [{ level: 'info', text: r.message }]);
});

const draftFile = () =>
  new MemoryFile(
    JSON.stringify(
      {
        channel: 'PUSH',
        campaign_delivery_type: 'ONE_TIME',
        basic_details: { name: 'New', platforms: ['ANDROID'] },
        utm_params: { utm_source: 'app', utm_medium: 'push' },
      },
      null,
      2,
    ) + '\n',
  );

test('draft: the create answer is lost and the drafts cannot be listed within the budget: unchecked, nothing else sent', async () => {
  const svc = new Service();
  svc.onCreate = () => {
    svc.down = true;
    throw lost();
  };
  const file = draftFile();
  const before = file.text();
  const ui = new ScriptedUi({ confirm: [true] });
  const r = await runCreateDraft(file, deps(svc, ui, new VirtualClock()));
  assert.equal(r.outcome, 'unchecked', r.message);
  assert.match(
    r.message,
    /^The answer to the create call was lost \(TIMEOUT: No answer within 30 s\), and the service did not answer during 20 s of checking .*: whether the draft was created could not be checked yet\. Nothing else was sent and a\.campaign\.json is unchanged\. Before creating again, look in the Campaigns view/,
  );
  assert.equal(file.text(), before);
  assert.deepEqual(
    svc.calls.filter(c => c === 'create' || c === 'update'),
    ['create'],
  );
});

test('draft: the create answer is lost and two new drafts appeared: ambiguous, said so', async () => {
  const svc = new Service();
  const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
  svc.onCreate = () => {
    svc.drafts = [
      { id: 'a'.repeat(24), created_at: now },
      { id: 'b'.repeat(24), created_at: now },
    ];
    throw lost();
  };
  const r = await runCreateDraft(draftFile(), deps(svc, new ScriptedUi({ confirm: [true] }), new VirtualClock()));
  assert.equal(r.outcome, 'ambiguous', r.message);
  assert.match(r.message, /2 new drafts by you appeared since .*: one of them is this file's, and which one cannot be told/);
});

test('draft: a component whose answer is lost while the service goes down is unchecked; the rest is not sent', async () => {
  const svc = new Service();
  svc.onUpdate = () => {
    svc.down = true;
    throw lost();
  };
  const ui = new ScriptedUi({ confirm: [true] });
  const r = await runCreateDraft(draftFile(), deps(svc, ui, new VirtualClock()));
  assert.equal(r.outcome, 'created', r.message);
  assert.deepEqual(
    r.components.map(c => [c.component, c.outcome]),
    [
      ['basic_details', 'unchecked'],
      ['utm_params', 'not-sent'],
    ],
  );
  assert.match(
    r.message,
    /Not sent: `utm_params` \(since whether `basic_details` arrived could not be checked\)\. Not checked: `basic_details` \(the answer was lost \(TIMEOUT: No answer within 30 s\), and the service did not answer during 20 s of checking/,
  );
  assert.equal(svc.calls.filter(c => c === 'update').length, 1, 'nothing sent twice, nothing sent into a service that does not answer');
});

test('draft: a component whose answer is lost and that the draft does not hold: not applied, not sent again', async () => {
  const svc = new Service();
  svc.onUpdate = body => {
    if (body.basic_details) throw lost();
  };
  const r = await runCreateDraft(draftFile(), deps(svc, new ScriptedUi({ confirm: [true] }), new VirtualClock()));
  assert.deepEqual(
    r.components.map(c => [c.component, c.outcome]),
    [
      ['basic_details', 'not-applied'],
      ['utm_params', 'ok'],
    ],
  );
  assert.match(
    r.message,
    /Not applied: `basic_details` \(the answer was lost \(TIMEOUT: No answer within 30 s\), and reading the draft showed it was not applied; it was not sent again\)\. Push: the file still holds it/,
  );
});
