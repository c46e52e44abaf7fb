import assert from 'node:assert/strict';
import { lint, LintOptions } from './lint';

/**
 * Words that name a property every object has (`constructor`, `toString`, `__proto__`, …), and
 * `prototype`, each in the cases a person might write it. A lookup keyed by a document's text
 * that forgets they are inherited finds a function, or `Object.prototype`, instead of nothing.
 */
export const BUILT_IN_NAMES: readonly string[] = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

export const BUILT_IN_WORDS: readonly string[] = [
  ...new Set(BUILT_IN_NAMES.flatMap(w => [w, w.toLowerCase(), w.toUpperCase(), w.charAt(0).toUpperCase() + w.slice(1)])),
];

/**
 * Asserts that a document holding each built-in word gets the diagnostics (rule, range, message,
 * fixes) that it gets with any other word of that length in its place.
 */
export function assertLikeAnyOtherWord(documentWith: (word: string) => string, opts: LintOptions = {}): void {
  const shape = (word: string) =>
    lint(documentWith(word), opts).map(d =>
      JSON.stringify([d.rule, d.range, d.message, d.fixes ?? []])
        .split(word)
        .join('WORD'),
    );
  for (const word of BUILT_IN_WORDS) assert.deepEqual(shape(word), shape('q'.repeat(word.length)), documentWith(word));
}
