import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installProgress, numberedSteps } from './progress.mjs';

const FETCH = 'npm http fetch GET 200 https://registry.example/pkg/-/pkg-1.0.0.tgz 12ms (cache miss)';
const CACHED = 'npm http cache node-pre-gyp@https://registry.example/node-pre-gyp/-/node-pre-gyp-1.0.0.tgz 0ms (cache hit)';

test('off a terminal: a line when the install starts fetching, every 100 packages, and at each install script', () => {
  const written: string[] = [];
  const progress = installProgress('code-server', s => written.push(s), false);
  for (let i = 0; i < 149; i++) progress.line(FETCH);
  progress.line(CACHED);
  progress.line('> argon2@0.31.2 install');
  progress.line('gyp info spawn make');
  progress.line('> code-server@4.100.3 postinstall');
  progress.done();
  assert.deepEqual(
    written.map(w => w.replace(/\d+s\n$/, 'Ns')),
    [
      '[env]   code-server: downloading packages, 1 packages fetched, Ns',
      '[env]   code-server: downloading packages, 101 packages fetched, Ns',
      '[env]   code-server: running the install script of argon2, 150 packages fetched, Ns',
      '[env]   code-server: running the postinstall script of code-server, 150 packages fetched, Ns',
    ],
  );
});

test('on a terminal: one line rewritten in place, ended when the install is', () => {
  const written: string[] = [];
  const progress = installProgress('code-server', s => written.push(s), true);
  progress.line(FETCH);
  progress.line('npm verb something else');
  progress.done();
  assert.equal(written.length, 3);
  assert.ok(written.slice(0, 2).every(w => w.startsWith('\r[env]   code-server: ') && w.endsWith('\x1b[K')));
  assert.equal(written[2], '\n');
});

test('numbered steps say which of how many runs, and how long it took', async () => {
  const said: string[] = [];
  const step = numberedSteps(2, m => said.push(m));
  assert.equal(await step('first', () => 1), 1);
  await step('second', async () => undefined);
  assert.deepEqual(
    said.map(s => s.replace(/\d+\.\ds/, 'Ns')),
    ['step 1 of 2: first', 'step 1 of 2 done in Ns: first', 'step 2 of 2: second', 'step 2 of 2 done in Ns: second'],
  );
});
