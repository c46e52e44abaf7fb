import * as l10n from '@vscode/l10n';
import { dequal } from 'dequal';
import { isObject, own, setMember } from '@campaign-studio/core';

/**
 * Paths to fields inside a campaign, and the field-level difference of two documents. Objects
 * are walked key by key. Arrays are values, except the arrays whose elements the spec gives an
 * identity: there an element is addressed by that identity, not by its position, so an element
 * added, removed or moved on one side does not shift the others.
 */

/** An element of a keyed array, named by its identity (`geofences[name="Mall"]`). */
export interface KeyedSegment {
  key: string;
  value: string;
}

export type PathSegment = string | KeyedSegment;

/**
 * Arrays whose elements have an identity the spec gives. `basic_details.geofences`: "`name` —
 * unique geofence name" (and rule G1: names unique). Filters, goals, tags, platforms and
 * timebounds have no identity in the spec: their order or position is their meaning, so they
 * stay values.
 */
const KEYED_ARRAYS: ReadonlyArray<{ path: readonly string[]; key: string }> = [{ path: ['basic_details', 'geofences'], key: 'name' }];

/** The identity key of the array at `path`, when its elements have one. */
export function identityKeyAt(path: readonly PathSegment[]): string | undefined {
  return KEYED_ARRAYS.find(k => k.path.length === path.length && k.path.every((p, i) => p === path[i]))?.key;
}

/**
 * The elements of a keyed array by identity, in order; undefined when it cannot be treated so
 * (not an array, an element that is not an object, a missing or repeated identity): then the
 * array is one value.
 */
export function keyedElements(value: unknown, key: string): Map<string, unknown> | undefined {
  if (!Array.isArray(value)) return undefined;
  const out = new Map<string, unknown>();
  for (const el of value) {
    const id = isObject(el) ? el[key] : undefined;
    if (typeof id !== 'string' || out.has(id)) return undefined;
    out.set(id, el);
  }
  return out;
}

/** `basic_details.geofences[name="Mall"].radius`: how a path is shown to people. */
export function pathText(path: readonly PathSegment[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'string') out += (out ? '.' : '') + (/^[A-Za-z_][A-Za-z0-9_]*$/.test(seg) ? seg : JSON.stringify(seg));
    else out += `[${seg.key}=${JSON.stringify(seg.value)}]`;
  }
  return out || l10n.t({ message: '(the whole campaign)', comment: 'where a field path would show, for a change of the whole campaign' });
}

/** A stable id for a path, for choices keyed by path. */
export function pathId(path: readonly PathSegment[]): string {
  return JSON.stringify(path);
}

/** The value at `path`, or undefined when any step is missing. */
export function valueAt(doc: unknown, path: readonly PathSegment[]): unknown {
  let cur: unknown = doc;
  for (const seg of path) {
    if (typeof seg === 'string') {
      if (!isObject(cur) || !Object.prototype.hasOwnProperty.call(cur, seg)) return undefined;
      cur = cur[seg];
    } else {
      cur = Array.isArray(cur) ? cur.find(el => isObject(el) && el[seg.key] === seg.value) : undefined;
    }
  }
  return cur;
}

/**
 * A copy of `doc` with the field at `path` set to `value` (`undefined` removes it), every other
 * field as it was: missing objects on the way are made, and a keyed element is found by its
 * identity, added at the end when absent.
 */
export function withValueAt(doc: unknown, path: readonly PathSegment[], value: unknown): unknown {
  if (!path.length) return value;
  const [seg, ...rest] = path;
  if (typeof seg === 'string') {
    const out: Record<string, unknown> = isObject(doc) ? { ...doc } : {};
    const next = withValueAt(own(out, seg), rest, value);
    if (next === undefined) delete out[seg];
    else setMember(out, seg, next);
    return out;
  }
  const elements = Array.isArray(doc) ? doc : [];
  const index = elements.findIndex(el => isObject(el) && el[seg.key] === seg.value);
  const next = withValueAt(index < 0 ? { [seg.key]: seg.value } : elements[index], rest, value);
  if (next === undefined) return elements.filter((_, i) => i !== index);
  return index < 0 ? [...elements, next] : elements.map((el, i) => (i === index ? next : el));
}

export interface FieldChange {
  path: PathSegment[];
  /** `undefined`: the field is absent on that side (added or removed). */
  before: unknown;
  after: unknown;
}

/**
 * Every field that differs from `before` to `after`, as deep as both sides are objects (or keyed
 * arrays with identities). Semantic: key order and number or escape spellings are no change.
 */
export function fieldChanges(before: unknown, after: unknown, path: PathSegment[] = []): FieldChange[] {
  if (dequal(before, after)) return [];
  if (isObject(before) && isObject(after)) {
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap(k =>
      fieldChanges(own(before, k), own(after, k), [...path, k]),
    );
  }
  const key = identityKeyAt(path);
  const b = key ? keyedElements(before, key) : undefined;
  const a = key ? keyedElements(after, key) : undefined;
  if (key && b && a && sameOrder(b, a)) {
    return [...new Set([...b.keys(), ...a.keys()])].flatMap(id => fieldChanges(b.get(id), a.get(id), [...path, { key, value: id }]));
  }
  return [{ path, before, after }];
}

/** The identities both arrays share come in the same order (elements may be added or removed). */
function sameOrder(a: Map<string, unknown>, b: Map<string, unknown>): boolean {
  const inA = [...a.keys()].filter(k => b.has(k));
  const inB = [...b.keys()].filter(k => a.has(k));
  return dequal(inA, inB);
}
