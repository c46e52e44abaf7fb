import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { holdPushLock, LOCK_FOLDER, LockHolder, PushLockBusy } from '../../src/files/pushLock';

/** The push lock on its own: a wait said once, a refusal when it lasts too long, a dead holder's lock taken over. */

function folder(t: { after(fn: () => void): void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-lock-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('a second holder is told who holds the lock, waits, and is refused when the wait ends first', async t => {
  const root = folder(t);
  const release = await holdPushLock(root, 'c1', { onWait: () => assert.fail('free') });
  const waits: LockHolder[] = [];
  await assert.rejects(holdPushLock(root, 'c1', { onWait: h => waits.push(h), waitMs: 500 }), (e: unknown) => {
    assert.ok(e instanceof PushLockBusy);
    assert.deepEqual([e.holder, e.waitedMs], [{ pid: process.pid }, 500]);
    return true;
  });
  assert.deepEqual(waits, [{ pid: process.pid }]);
  const other = await holdPushLock(root, 'c2', { onWait: () => assert.fail('another campaign is not held') });
  await Promise.all([release(), other()]);
  const again = await holdPushLock(root, 'c1', { onWait: () => assert.fail('released') });
  await again();
  assert.equal(fs.readFileSync(path.join(root, ...LOCK_FOLDER.split('/'), '.gitignore'), 'utf8'), '*\n');
});

test('a lock left by a process that died (not renewed for longer than it may be) is taken over without waiting', async t => {
  const root = folder(t);
  const locks = path.join(root, ...LOCK_FOLDER.split('/'));
  fs.mkdirSync(path.join(locks, 'c1.lock'), { recursive: true });
  fs.writeFileSync(path.join(locks, 'c1'), '{"pid": 999999}\n');
  const longAgo = new Date(Date.now() - 60_000);
  fs.utimesSync(path.join(locks, 'c1.lock'), longAgo, longAgo);
  const release = await holdPushLock(root, 'c1', { onWait: () => assert.fail('a stale lock is not waited for') });
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(locks, 'c1'), 'utf8')), { pid: process.pid });
  await release();
  assert.deepEqual(fs.readdirSync(locks), ['.gitignore']);
});
