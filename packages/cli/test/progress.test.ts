import { test, TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { CliIO } from '../src/io';
import { CommandProgress } from '../src/progress';
import { costLine } from '../src/service/session';

/**
 * Progress on stderr: nothing for a command done within 2 s; then a bar on a terminal, a line
 * at least every 10 s without one; nothing with --quiet. Timers and the clock are the test's.
 */

function harness(t: TestContext, o: { terminal?: boolean; quiet?: boolean } = {}) {
  t.mock.timers.enable({ apis: ['setInterval'] });
  let now = 0;
  const lines: string[] = [];
  let drawn = '';
  const terminal = o.terminal
    ? ({
        isTTY: true,
        columns: 120,
        write: (s: string) => {
          drawn += s;
          return true;
        },
      } as unknown as NodeJS.WritableStream)
    : undefined;
  const io: CliIO = { stdout: () => undefined, stderr: s => lines.push(s), isTTY: false, cwd: '/', stderrTerminal: terminal };
  const progress = new CommandProgress(io, 'campaign status', !!o.quiet, () => now);
  const pass = (ms: number) => {
    now += ms;
    t.mock.timers.tick(ms);
  };
  return { progress, lines, drawn: () => drawn, pass };
}

test('without a terminal: nothing in the first 2 s, then a line, then one every 10 s, and a last line when it ends', t => {
  const h = harness(t);
  h.progress.begin({ what: 'campaigns read', total: 1000 });
  h.progress.advance(15);
  h.pass(1_900);
  assert.deepEqual(h.lines, [], 'a command done within 2 s says nothing');
  h.pass(200);
  assert.deepEqual(h.lines, ['campaign status: campaigns read: 15 of 1000.\n']);
  h.progress.advance(450);
  h.pass(9_000);
  assert.equal(h.lines.length, 1, 'not again before 10 s');
  h.pass(1_000);
  assert.equal(h.lines[1], 'campaign status: campaigns read: 465 of 1000.\n');
  h.progress.advance(535);
  h.progress.end();
  assert.match(h.lines[2], /^campaign status: campaigns read: 1000 of 1000, in 13 seconds\.\n$/);
  h.pass(30_000);
  assert.equal(h.lines.length, 3, 'nothing after the end');
});

test('a stage that ends within 2 s leaves no line at all', t => {
  const h = harness(t);
  h.progress.begin({ what: 'campaigns read', total: 30 });
  h.progress.advance(30);
  h.pass(500);
  h.progress.end();
  h.pass(5_000);
  assert.deepEqual(h.lines, []);
});

test('the time left comes from the rate budget, for what is left', async t => {
  const h = harness(t);
  const asked: number[] = [];
  h.progress.begin({
    what: 'campaigns read',
    total: 300,
    leftMs: async remaining => {
      asked.push(remaining);
      return remaining * 100;
    },
  });
  h.progress.advance(100);
  await new Promise(setImmediate);
  h.pass(2_000);
  assert.deepEqual(asked, [300, 200]);
  assert.deepEqual(h.lines, ['campaign status: campaigns read: 100 of 300, about 20 seconds left.\n']);
});

test('a search, without a total: so far', t => {
  const h = harness(t);
  h.progress.begin({ what: 'campaigns found' });
  h.progress.advance(45);
  h.pass(2_000);
  assert.deepEqual(h.lines, ['campaign status: campaigns found: 45 so far.\n']);
  h.progress.end();
  assert.match(h.lines[1], /^campaign status: campaigns found: 45, in 2 seconds\.\n$/);
});

test('on a terminal: a one-line bar with done/total after 2 s, other lines written above it, cleared at the end', t => {
  const h = harness(t, { terminal: true });
  h.progress.begin({ what: 'campaigns read', total: 1000 });
  h.progress.advance(150);
  h.pass(1_000);
  assert.equal(h.drawn(), '', 'nothing within 2 s');
  h.pass(1_000);
  assert.match(h.drawn(), /campaign status: campaigns read \[=+-+\] 150\/1000/);
  h.progress.io.stderr('campaign status: Waiting 30 seconds: the rate limit.\n');
  assert.deepEqual(h.lines, ['campaign status: Waiting 30 seconds: the rate limit.\n'], 'the line is written');
  assert.match(h.drawn(), /\r\x1b\[2K/, 'the bar is cleared first');
  h.progress.end();
  assert.deepEqual(h.lines.length, 1, 'no line of progress on stderr besides the bar');
});

test('--quiet: no progress at all', t => {
  const h = harness(t, { quiet: true });
  h.progress.begin({ what: 'campaigns read', total: 1000 });
  h.pass(60_000);
  h.progress.end();
  assert.deepEqual(h.lines, []);
});

test('the cost up front: calls and time; beyond the hourly budget, said as such', () => {
  assert.equal(
    costLine({ campaigns: 5000, calls: 334, where: 'prod', ms: 183_000, hourly: 6000 }),
    "5000 campaigns: 334 calls to prod; the service's rate limits make that about 4 minutes.",
  );
  assert.equal(
    costLine({ campaigns: 100_000, calls: 6667, where: 'prod', ms: 4_020_000, hourly: 6000 }),
    '100000 campaigns need 6667 calls to prod, more than the 6000 an hour the service allows: about 67 minutes.',
  );
});
