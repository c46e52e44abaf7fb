import type * as vscode from 'vscode';
import { visible } from '@campaign-studio/core';

/** The channel's methods that take text to show. */
const WRITES = new Set<string | symbol>(['trace', 'debug', 'info', 'warn', 'error', 'append', 'appendLine', 'replace']);

/**
 * An Output channel whose every line has its control and bidi characters written out (`\u001b`):
 * file names, keys and the service's messages are logged, and the channel shows what it is given.
 */
export function visibleLog<T extends vscode.OutputChannel>(channel: T): T {
  return new Proxy(channel, {
    get(target, name) {
      const member: unknown = Reflect.get(target, name);
      if (!WRITES.has(name) || typeof member !== 'function') return member;
      return (...args: unknown[]) =>
        member.apply(
          target,
          args.map(a => (typeof a === 'string' ? visible(a) : a)),
        );
    },
  });
}
