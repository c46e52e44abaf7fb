import { test } from 'node:test';
import assert from 'node:assert/strict';
import { holdPushLock } from '@campaign-studio/sync';
import { pushCampaign, requests } from '../../../sync/test/push/harness';
import { cliWorld, edit, fileOf, onService } from './harness';

/**
 * One push of a campaign at a time from a folder: a push that finds another one holding the
 * campaign says so on stderr and waits; it then reads the campaign again, so one change is sent
 * once however many pushes were started.
 */

const WAITING =
  /campaign push: campaigns\/spring-sale\.[0-9a-f]+\.campaign\.json: Waiting for another push of spring-sale\.[0-9a-f]+\.campaign\.json \(pid \d+\) to finish…\n/;

test('two pushes of one file at once: each waits for the lock, one sends the PATCH, the other finds nothing left to send', async t => {
  const w = await cliWorld(t);
  const id = await onService(w, pushCampaign());
  assert.equal((await w.run(['pull', id])).code, 0);
  edit(fileOf(w, id), d => {
    d.basic_details.name = 'Edited once';
  });
  w.emu.admin.clearRequests();

  const release = await holdPushLock(w.root, id, { onWait: () => assert.fail('the lock is free') });
  let said = 0;
  let bothWaiting!: () => void;
  const waiting = new Promise<void>(resolve => (bothWaiting = resolve));
  const stderr = (s: string) => {
    if (WAITING.test(s) && ++said === 2) bothWaiting();
  };
  const pushes = Promise.all([
    w.run(['push', '--yes', '--format', 'json'], { stderr }),
    w.run(['push', '--yes', '--format', 'json'], { stderr }),
  ]);
  await Promise.race([
    waiting,
    pushes.then(runs => assert.fail(`the pushes ended without waiting for the lock:\n${runs.map(r => r.stderr).join('\n')}`)),
  ]);
  assert.equal(requests(w, 'PATCH').length, 0, 'nothing is sent while the lock is held');
  await release();

  const runs = await pushes;
  assert.equal(requests(w, 'PATCH').length, 1, 'one PATCH for one change');
  const outcomes = runs
    .map(r =>
      w
        .json<{ results: Array<{ outcome: string }> }>(r, 'push')
        .results.map(x => x.outcome)
        .join(),
    )
    .sort();
  assert.deepEqual(outcomes, ['nothing-to-push', 'pushed']);
  assert.deepEqual(
    runs.map(r => r.code).sort(),
    [0, 1],
    'the one that sent nothing did not apply its plan: exit 1, as any push that did not send its change',
  );
  for (const r of runs) assert.match(r.stderr, WAITING);
  assert.equal((w.emu.admin.campaign(id)!.components.basic_details as { name: string }).name, 'Edited once');
});
