/**
 * Random mutations of valid campaign documents, from a seeded generator so that any failure
 * can be replayed with the seed it prints.
 */

import { BUILT_IN_WORDS } from '../../../core/test/helpers/builtinWords';

export class Random {
  private s: number;
  constructor(readonly seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    // xorshift32
    let x = this.s;
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    this.s = x;
    return x / 0x100000000;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function containers(v: Json, out: Array<Json[] | { [k: string]: Json }> = []): Array<Json[] | { [k: string]: Json }> {
  if (v && typeof v === 'object') {
    out.push(v);
    for (const c of Array.isArray(v) ? v : Object.values(v)) containers(c, out);
  }
  return out;
}

const ODD_VALUES: Json[] = [
  null,
  true,
  false,
  0,
  -1,
  1e308,
  0.5,
  '',
  'x',
  'AND',
  'DWELL',
  'SCHEDULED',
  [],
  {},
  [[]],
  { a: { b: {} } },
  '\u0000',
  '\ud800',
  'Ω≈ç√',
  99999999999,
];
const ODD_KEYS = ['chanel', 'timezone', 'filters', 'Default', '', '~/x', 'no_of_occurrences', 'metrics'];

/** An odd value, one time in four a word that names a built-in property (`constructor`, `__proto__`, …). */
function oddValue(r: Random): Json {
  return r.int(4) === 0 ? r.pick(BUILT_IN_WORDS) : r.pick(ODD_VALUES);
}

function oddKey(r: Random): string {
  return r.int(2) === 0 ? r.pick(BUILT_IN_WORDS) : r.pick(ODD_KEYS);
}

function mutateValue(r: Random, doc: Json): Json {
  const all = containers(doc);
  if (all.length === 0) return oddValue(r);
  const target = r.pick(all);
  const keys = Array.isArray(target) ? target.map((_, i) => i) : Object.keys(target);
  switch (r.int(6)) {
    case 0: {
      // delete a key or item
      if (keys.length === 0) break;
      const k = r.pick(keys as Array<string | number>);
      if (Array.isArray(target)) target.splice(k as number, 1);
      else delete target[k as string];
      break;
    }
    case 1: {
      // change a type
      if (keys.length === 0) break;
      const k = r.pick(keys as Array<string | number>);
      (target as Record<string | number, Json>)[k] = oddValue(r);
      break;
    }
    case 2: {
      // a huge string
      if (keys.length === 0) break;
      const k = r.pick(keys as Array<string | number>);
      (target as Record<string | number, Json>)[k] = 'x'.repeat(50_000 + r.int(200_000));
      break;
    }
    case 3: {
      // deep nesting
      if (keys.length === 0) break;
      const k = r.pick(keys as Array<string | number>);
      let v: Json = 1;
      const depth = r.pick([10, 100, 600, 3000]);
      for (let i = 0; i < depth; i++) v = r.int(2) ? [v] : { n: v };
      (target as Record<string | number, Json>)[k] = v;
      break;
    }
    case 4: {
      // move a subtree somewhere else
      const other = r.pick(all);
      if (!Array.isArray(target)) target[`moved_${r.int(100)}`] = Array.isArray(other) ? other.slice(0, 3) : { ...other };
      break;
    }
    default: {
      // a random key
      if (!Array.isArray(target))
        Object.defineProperty(target, oddKey(r), { value: oddValue(r), enumerable: true, writable: true, configurable: true });
    }
  }
  return doc;
}

function mutateText(r: Random, text: string): string {
  const at = r.int(text.length + 1);
  switch (r.int(7)) {
    case 0:
      return text.slice(0, at); // truncation
    case 1:
      return text.slice(0, at) + text.slice(at + r.int(40)); // a deleted span
    case 2: {
      // random bytes
      let junk = '';
      for (let i = 0, n = 1 + r.int(20); i < n; i++) junk += String.fromCharCode(r.int(0x3000));
      return text.slice(0, at) + junk + text.slice(at);
    }
    case 3:
      return text.slice(0, at) + r.pick(['{', '}', '[', ']', ',', ':', '"', '//', '/*', '\\', '\r\n', '\ufeff', ',,']) + text.slice(at);
    case 4: {
      // a duplicated key line
      const lines = text.split('\n');
      const i = r.int(lines.length);
      lines.splice(i, 0, lines[i] ?? '');
      return lines.join('\n');
    }
    case 5:
      return '\ufeff' + text.replace(/\n/g, '\r\n'); // BOM and CRLF
    default:
      return text.slice(at) + text.slice(0, at); // rotation
  }
}

/** One mutant of `text`: structural (through JSON) or textual, sometimes several in a row. */
export function mutate(r: Random, text: string): string {
  let out = text;
  for (let i = 0, n = 1 + r.int(3); i < n; i++) {
    if (r.int(2) === 0) {
      try {
        out = JSON.stringify(mutateValue(r, JSON.parse(out) as Json), null, r.pick([0, 2, 4]));
        continue;
      } catch {
        // Not JSON any more: mutate the text instead.
      }
    }
    out = mutateText(r, out);
  }
  return out;
}
