import * as fs from 'fs';
import type { Fix } from '../../src/model/types';
import * as path from 'path';

/**
 * Realistic documents for rule tests: the valid fixture campaigns under `test/fixtures/valid/`,
 * edited one mistake at a time, and the range of a piece of their text.
 */

const VALID = path.resolve(__dirname, '../fixtures/valid');

export type Doc = Record<string, any>;

export const FIXTURES = ['push-one-time', 'push-event-triggered', 'push-location-triggered', 'email-promotional'] as const;
export type FixtureName = (typeof FIXTURES)[number];

/** A fresh copy of a valid fixture campaign. */
export function fixture(name: FixtureName): Doc {
  return JSON.parse(fs.readFileSync(path.join(VALID, `${name}.campaign.json`), 'utf8'));
}

/** The fixture with `change` applied, as pretty-printed text (the form the ranges refer to). */
export function edited(name: FixtureName, change: (d: Doc) => void): string {
  const d = fixture(name);
  change(d);
  return text(d);
}

export function text(doc: unknown): string {
  return JSON.stringify(doc, null, 2);
}

/**
 * The 0-based range [line, char, line, char] of the `nth` occurrence (from 0) of `needle` in
 * `text`, e.g. `at(t, '"geofences"')` for a key or `at(t, '"DWELL"')` for a string value.
 */
export function at(text: string, needle: string, nth = 0): [number, number, number, number] {
  let i = -1;
  for (let k = 0; k <= nth; k++) {
    i = text.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`occurrence ${nth} of ${needle} not in the text`);
  }
  const pos = (offset: number): [number, number] => {
    const before = text.slice(0, offset).split('\n');
    return [before.length - 1, before[before.length - 1].length];
  };
  return [...pos(i), ...pos(i + needle.length)] as [number, number, number, number];
}

/** The range of the `{` that opens the object holding the `nth` occurrence of `needle`. */
export function braceOf(text: string, needle: string, nth = 0): [number, number, number, number] {
  let i = -1;
  for (let k = 0; k <= nth; k++) {
    i = text.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`occurrence ${nth} of ${needle} not in the text`);
  }
  const brace = text.lastIndexOf('{', i);
  const before = text.slice(0, brace).split('\n');
  const line = before.length - 1;
  const ch = before[line].length;
  return [line, ch, line, ch + 1];
}

/** The fixes of a diagnostic, typed (the lint helper keeps them opaque). */
export function fixesOf(d: { fixes?: unknown[] } | undefined): Fix[] {
  return (d?.fixes ?? []) as Fix[];
}
