import * as jsonc from 'jsonc-parser';
import { isObject, isReadOnlyField, JsonObject } from '@campaign-studio/core';
import { fieldChanges, PathSegment, valueAt } from './fieldPaths';
import type { LocalFile } from './ports';

/**
 * Text edits on the user's file that keep everything else byte for byte: a component replaced or
 * removed, the new id of a draft inserted. Pure functions of the text, so tests can assert bytes.
 */

interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

export interface Indentation {
  insertSpaces: boolean;
  tabSize: number;
  eol: string;
}

/** The indentation a file already uses (first indented line), so inserted text matches it. */
export function detectIndentation(text: string): Indentation {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m) return { insertSpaces: true, tabSize: 2, eol };
  if (m[1].startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: m[1].length, eol };
}

function options(text: string, getInsertionIndex?: jsonc.ModificationOptions['getInsertionIndex']): jsonc.ModificationOptions {
  return { formattingOptions: detectIndentation(text), getInsertionIndex };
}

/** Sets (or, with `undefined`, removes) a top-level property. */
function setTopLevel(text: string, key: string, value: unknown): TextEdit[] {
  return jsonc.modify(text, [key], value, options(text));
}

/** Applies several top-level changes in one pass. */
export function applyTopLevel(text: string, changes: ReadonlyArray<{ key: string; value: unknown }>): string {
  let out = text;
  for (const c of changes) out = jsonc.applyEdits(out, setTopLevel(out, c.key, c.value));
  return out;
}

/**
 * Writes the id of a newly created draft at the top of the file (and its status), leaving every
 * other byte as it was.
 */
export function writeNewId(text: string, id: string, status = 'DRAFT'): string {
  let out = jsonc.applyEdits(
    text,
    jsonc.modify(
      text,
      ['id'],
      id,
      options(text, () => 0),
    ),
  );
  out = jsonc.applyEdits(
    out,
    jsonc.modify(
      out,
      ['status'],
      status,
      options(out, props => Math.min(1, props.length)),
    ),
  );
  return out;
}

/**
 * Rewrites the fields that differ between `from` (what the text holds) and `to`, each where it
 * stands; every other byte stays. An element added to or removed from a keyed array rewrites
 * that array.
 */
export function applyFieldChanges(text: string, from: unknown, to: unknown): string {
  let out = text;
  for (const edit of fieldEdits(from, to)) out = jsonc.applyEdits(out, jsonc.modify(out, edit.path, edit.value, options(out)));
  return out;
}

/**
 * The read-only metadata a file holds (`version_number`, `updated_at`, `status`…) set to the
 * service's values, each where it stands; every other byte stays, unsaved edits included. A field
 * the file does not hold, or the service's document does not have, is left as it is.
 */
export function refreshMetadata(text: string, remote: JsonObject): string {
  const doc: unknown = jsonc.parse(text);
  if (!isObject(doc)) return text;
  const held = Object.keys(doc).filter(k => isReadOnlyField(k) && Object.prototype.hasOwnProperty.call(remote, k));
  const pick = (o: JsonObject) => Object.fromEntries(held.map(k => [k, o[k]]));
  return applyFieldChanges(text, pick(doc), pick(remote));
}

/**
 * The file's read-only metadata follows the base it now has (`version_number`, `updated_at`,
 * `status`): a few bytes replaced, the user's formatting and unsaved edits kept. An edit typed
 * in the same instant wins; the fields then stay as they were, and D8 shows them.
 */
export async function metadataInStep(file: LocalFile, remote: JsonObject): Promise<void> {
  const current = file.text();
  const next = refreshMetadata(current, remote);
  if (next !== current) await file.replace(current, next);
}

interface FieldEdit {
  path: jsonc.JSONPath;
  value: unknown;
}

function fieldEdits(from: unknown, to: unknown): FieldEdit[] {
  const edits = fieldChanges(from, to).map(c => editFor(from, to, c.path));
  return edits.filter(e => !edits.some(o => o !== e && o.path.length < e.path.length && o.path.every((s, i) => s === e.path[i])));
}

/** The path in the text (array positions as they stand in `from`) and the value to write there. */
function editFor(from: unknown, to: unknown, segments: readonly PathSegment[]): FieldEdit {
  const path: jsonc.JSONPath = [];
  let cur = from;
  for (const [i, seg] of segments.entries()) {
    if (typeof seg === 'string') {
      path.push(seg);
      cur = isObject(cur) ? cur[seg] : undefined;
      continue;
    }
    const index = Array.isArray(cur) ? cur.findIndex(el => isObject(el) && el[seg.key] === seg.value) : -1;
    if (index < 0 || valueAt(to, segments.slice(0, i + 1)) === undefined) return { path, value: valueAt(to, segments.slice(0, i)) };
    path.push(index);
    cur = (cur as unknown[])[index];
  }
  return { path, value: valueAt(to, segments) };
}
