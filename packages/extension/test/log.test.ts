import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { visibleLog } from '../src/log';

/** The Output channels' lines (the extension's and the service's log) show control characters written out. */

function recordingChannel(): { channel: vscode.LogOutputChannel; lines: string[] } {
  const lines: string[] = [];
  const record =
    (level: string) =>
    (message: string | Error, ...args: unknown[]) => {
      lines.push(`${level} ${String(message)}${args.length ? ' ' + args.join(' ') : ''}`);
    };
  const channel = {
    name: 'Campaign Studio',
    logLevel: 2,
    trace: record('trace'),
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    append: record('append'),
    appendLine: record('appendLine'),
    replace: record('replace'),
    clear: () => {
      lines.length = 0;
    },
    show: () => undefined,
    hide: () => undefined,
    dispose: () => undefined,
  } as unknown as vscode.LogOutputChannel;
  return { channel, lines };
}

test('every way of writing to the channel writes control and bidi characters out; other members pass through', () => {
  const { channel, lines } = recordingChannel();
  const log = visibleLog(channel);
  log.info('pushed \u001b]0;pwned\u0007 to production');
  log.warn('name \u202eevil', 'extra \u0000');
  log.error(new Error('kept as an Error'));
  log.appendLine('line\twith tab');
  log.append('\u001b[2J');
  log.replace('\u009b');
  assert.deepEqual(lines, [
    'info pushed \\u001b]0;pwned\\u0007 to production',
    'warn name \\u202eevil extra \\u0000',
    'error Error: kept as an Error',
    'appendLine line\twith tab',
    'append \\u001b[2J',
    'replace \\u009b',
  ]);
  assert.equal(log.name, 'Campaign Studio');
  log.clear();
  assert.deepEqual(lines, []);
});
