import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { ProgressHandle, ProgressUi, withDelayedProgress } from '../../src/remote/progress';
import { WaitNotice } from '../../src/remote/waits';

/** Progress for a user action: nothing for a quick one, at once for a wait, until it settles. */

const WAIT: WaitNotice = { reason: 'rateLimit', ms: 42_000, at: 0, why: "the service's rate limit of 100 calls a minute" };

/** A progress display that records what it is asked to show. */
function recordingUi() {
  const shown: Array<{ title: string; cancel(): void; done: Promise<unknown>; waits: WaitNotice[] }> = [];
  const ui: ProgressUi = {
    show(title, cancel, done): ProgressHandle {
      const entry = { title, cancel, done, waits: [] as WaitNotice[] };
      shown.push(entry);
      return { waiting: wait => entry.waits.push(wait) };
    },
  };
  return { ui, shown };
}

/** Whether `p` has settled, once what is already queued has run. */
async function hasSettled(p: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void p.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise(resolve => setImmediate(resolve));
  return settled;
}

test('an action that finishes before the delay shows nothing', async () => {
  const { ui, shown } = recordingUi();
  assert.equal(await withDelayedProgress('Reading', async () => 'read', ui, { delayMs: 60_000 }), 'read');
  assert.equal(shown.length, 0);
});

test('a wait announced before the operation first awaits shows at once, and the progress stays until the operation settles', async () => {
  const { ui, shown } = recordingUi();
  let finish!: (value: string) => void;
  const running = withDelayedProgress(
    'Reading',
    action => {
      action.onWait(WAIT);
      return new Promise<string>(resolve => (finish = resolve));
    },
    ui,
    { delayMs: 60_000 },
  );
  assert.equal(shown.length, 1, 'shown without waiting for the delay');
  assert.deepEqual(shown[0].waits, [WAIT]);
  assert.equal(await hasSettled(shown[0].done), false, 'open while the operation runs');
  finish('read');
  assert.equal(await running, 'read');
  assert.equal(await hasSettled(shown[0].done), true, 'closed once it settled');
  assert.equal(shown.length, 1, 'shown once');
});

test('a longer action shows after the delay, and its Cancel aborts the operation', async () => {
  let appear!: (shown: { title: string; cancel(): void; done: Promise<unknown> }) => void;
  const appeared = new Promise<{ title: string; cancel(): void; done: Promise<unknown> }>(resolve => (appear = resolve));
  const ui: ProgressUi = {
    show: (title, cancel, done) => {
      appear({ title, cancel, done });
      return { waiting: () => undefined };
    },
  };
  const running = withDelayedProgress(
    'Pushing',
    action =>
      new Promise<never>((_, reject) => {
        action.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      }),
    ui,
    { delayMs: 1 },
  );
  const shown = await appeared;
  assert.equal(shown.title, 'Pushing');
  shown.cancel();
  await assert.rejects(running, /aborted/);
  assert.equal(await hasSettled(shown.done), true);
});
