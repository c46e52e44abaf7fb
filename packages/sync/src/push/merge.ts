import { dequal } from 'dequal';
import { isObject, own, setMember } from '@campaign-studio/core';
import { CampaignDoc } from './model';
import { fieldChanges, identityKeyAt, keyedElements, PathSegment, pathId, pathText, valueAt } from './fieldPaths';

/**
 * Field-level three-way merge (base = the snapshot fetched, local = the file, remote = the
 * service now). Objects merge key by key, recursively; arrays are values, except arrays whose
 * elements have an identity (`fieldPaths.ts`), which merge element by element. A field changed
 * on one side only takes that side. A conflict exists only where the same field changed on both
 * sides to different values, a deletion against an edit included. Comparison is semantic.
 *
 * Pure: the push, the CLI and the tests call it the same way. The metadata is not merged; callers
 * pass content only (`contentOf`).
 */

export interface FieldConflict {
  /** Stable id of the path: choices are keyed by it. */
  id: string;
  /** The path, as shown to people: `basic_details.geofences[name="Mall"].radius`. */
  path: string;
  segments: PathSegment[];
  /** Each side's value; `undefined` where the field is absent (never added, or deleted). */
  base: unknown;
  local: unknown;
  remote: unknown;
}

/** Yours, theirs, or a value written by hand (`undefined` removes the field). */
export type ConflictChoice = 'local' | 'remote' | { value: unknown };

export interface MergeResult {
  /** The merged content; a conflict without a choice holds the local value. */
  merged: CampaignDoc;
  /** Fields changed only on the service: the merge takes them. */
  takenFromRemote: string[];
  /** Fields changed only locally. */
  keptLocal: string[];
  /** Fields changed on both sides to the same value. */
  convergent: string[];
  /** Fields changed on both sides differently, decided or not. */
  conflicts: FieldConflict[];
}

/** What one run of the merge collects while it walks. */
interface Walk {
  choices: Readonly<Record<string, ConflictChoice>>;
  out: Omit<MergeResult, 'merged'>;
}

export function mergeFields(
  base: CampaignDoc,
  local: CampaignDoc,
  remote: CampaignDoc,
  choices: Readonly<Record<string, ConflictChoice>> = {},
): MergeResult {
  const walk: Walk = { choices, out: { takenFromRemote: [], keptLocal: [], convergent: [], conflicts: [] } };
  // The campaign itself is always merged key by key, so that what is taken is named by component.
  return { merged: mergeObjects([], base, local, remote, walk), ...walk.out };
}

export function isChoice(v: unknown): v is ConflictChoice {
  return v === 'local' || v === 'remote' || (isObject(v) && Object.prototype.hasOwnProperty.call(v, 'value'));
}

function mergeValue(path: PathSegment[], b: unknown, l: unknown, r: unknown, walk: Walk): unknown {
  if (dequal(l, r)) {
    if (!dequal(l, b)) walk.out.convergent.push(pathText(path));
    return l;
  }
  if (dequal(b, l)) {
    walk.out.takenFromRemote.push(pathText(path));
    return r;
  }
  if (dequal(b, r)) {
    walk.out.keptLocal.push(pathText(path));
    return l;
  }
  if (isObject(l) && isObject(r) && (b === undefined || isObject(b))) return mergeObjects(path, b ?? {}, l, r, walk);
  const key = identityKeyAt(path);
  const keyed = key ? mergeKeyed(path, key, b, l, r, walk) : undefined;
  return keyed ?? conflict(path, b, l, r, walk);
}

function mergeObjects(
  path: PathSegment[],
  b: Record<string, unknown>,
  l: Record<string, unknown>,
  r: Record<string, unknown>,
  walk: Walk,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(l), ...Object.keys(r), ...Object.keys(b)])) {
    const v = mergeValue([...path, k], own(b, k), own(l, k), own(r, k), walk);
    if (v !== undefined) setMember(out, k, v);
  }
  return out;
}

/** Elements merged by identity; undefined when the arrays cannot be keyed (then they are one value). */
function mergeKeyed(path: PathSegment[], key: string, b: unknown, l: unknown, r: unknown, walk: Walk): unknown[] | undefined {
  const bm = b === undefined ? new Map<string, unknown>() : keyedElements(b, key);
  const lm = keyedElements(l, key);
  const rm = keyedElements(r, key);
  if (!bm || !lm || !rm) return undefined;
  const out: unknown[] = [];
  for (const id of elementOrder(bm, lm, rm)) {
    const v = mergeValue([...path, { key, value: id }], bm.get(id), lm.get(id), rm.get(id), walk);
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** The local order (the remote's when only the remote reordered), then elements only the other side has. */
function elementOrder(b: Map<string, unknown>, l: Map<string, unknown>, r: Map<string, unknown>): string[] {
  const order = (side: Map<string, unknown>) => [...side.keys()].filter(k => b.has(k));
  const baseOrder = [...b.keys()];
  const remoteOnlyReordered =
    dequal(
      order(l),
      baseOrder.filter(k => l.has(k)),
    ) &&
    !dequal(
      order(r),
      baseOrder.filter(k => r.has(k)),
    );
  const [first, second] = remoteOnlyReordered ? [r, l] : [l, r];
  return [...new Set([...first.keys(), ...second.keys(), ...b.keys()])];
}

function conflict(path: PathSegment[], b: unknown, l: unknown, r: unknown, walk: Walk): unknown {
  const id = pathId(path);
  const c: FieldConflict = { id, path: pathText(path), segments: path, base: b, local: l, remote: r };
  walk.out.conflicts.push(c);
  return chosenValue(c, walk.choices[id] ?? 'local');
}

/** The value a conflicting field takes for a choice: the one decision the editor's conflict view and `campaign resolve` share. */
export function chosenValue(c: FieldConflict, choice: ConflictChoice): unknown {
  if (choice === 'remote') return c.remote;
  if (isObject(choice) && Object.prototype.hasOwnProperty.call(choice, 'value')) return choice.value;
  return c.local;
}

/**
 * The saved file still holds the merge wherever the service changed something since `base`: only
 * then may the base move to that remote version. After an undo of a merged field it may not, so
 * the next push finds the conflict again instead of silently sending the undo.
 */
export function mergeKept(base: CampaignDoc, remote: CampaignDoc, merged: CampaignDoc, saved: CampaignDoc): boolean {
  return fieldChanges(base, remote).every(c => dequal(valueAt(saved, c.path), valueAt(merged, c.path)));
}
