import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ServiceFailure } from '../../src/push/ports';
import { readUntilAnswered } from '../../src/push/readBack';
import { VirtualClock } from '../helpers/virtualClock';
import { ScriptedUi } from './harness';

/** The check after a lost answer on its own: a read cut at the deadline, a cancel before it starts. */

const refused = () => new ServiceFailure('Could not reach http://svc: ECONNREFUSED', 'unreachable');

test('a read still running at the deadline is stopped there: unchecked, within the budget', async () => {
  const clock = new VirtualClock();
  const ui = new ScriptedUi();
  let reads = 0;
  const hanging = (signal: AbortSignal) => new Promise<never>((_resolve, reject) => {
    reads++;
    signal.addEventListener('abort', () => reject(new ServiceFailure('Cancelled.', 'cancelled')), { once: true });
  });
  const r = await readUntilAnswered(ui, 'Checking…', hanging, { clock, budgetMs: 30_000 });
  assert.deepEqual(r, { answered: false, reason: 'budget', lastError: undefined, budgetMs: 30_000 });
  assert.equal(reads, 1);
  assert.equal(clock.advanced, 30_000);
});

test('a check cancelled before its first read ends at once, unchecked', async () => {
  const ui = new ScriptedUi({ cancelWhen: /./ });
  const r = await readUntilAnswered(ui, 'Checking…', async () => { throw refused(); }, { clock: new VirtualClock() });
  assert.equal(r.answered, false);
  assert.equal(!r.answered && r.reason, 'cancelled');
});
