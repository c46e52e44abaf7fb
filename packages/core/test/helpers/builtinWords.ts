/**
 * Words that name a property every object has (`constructor`, `toString`, `__proto__`, …), and
 * `prototype`, each in the cases a person might write it. A lookup keyed by a document's text
 * that forgets they are inherited finds a function, or `Object.prototype`, instead of nothing.
 */
export const BUILT_IN_NAMES: readonly string[] = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];

export const BUILT_IN_WORDS: readonly string[] = [...new Set(BUILT_IN_NAMES.flatMap(w => [
  w, w.toLowerCase(), w.toUpperCase(), w.charAt(0).toUpperCase() + w.slice(1),
]))];
