import * as jsonc from 'jsonc-parser';
import { ParsedDocument } from './parse';
import { parsePointer } from './pointer';
import { Finding } from './types';

/** The one place where a JSON pointer becomes a text range. */

export interface Position { line: number; character: number }
export interface Range { start: Position; end: Position }

export function positionAt(doc: ParsedDocument, offset: number): Position {
  const starts = doc.lineStarts();
  const text = doc.text;
  offset = Math.max(0, Math.min(offset, text.length));
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid; else hi = mid - 1;
  }
  // A position never points between the two characters of a CRLF or past the line's end.
  let end = lo + 1 < starts.length ? starts[lo + 1] : text.length;
  while (end > starts[lo] && (text.charCodeAt(end - 1) === 10 || text.charCodeAt(end - 1) === 13)) end--;
  return { line: lo, character: Math.min(offset, end) - starts[lo] };
}

export function offsetAt(doc: ParsedDocument, pos: Position): number {
  const starts = doc.lineStarts();
  if (pos.line >= starts.length) return doc.text.length;
  if (pos.line < 0) return 0;
  return Math.min(starts[pos.line] + pos.character, pos.line + 1 < starts.length ? starts[pos.line + 1] : doc.text.length);
}

/** Offsets (into the full text) of the node at `pointer`, with the fallbacks described below. */
export function offsetsFor(doc: ParsedDocument, pointer: string, target: 'key' | 'value' = 'value'): { start: number; end: number } {
  const root = doc.tree();
  const shift = doc.bom;
  if (!root) return { start: shift, end: Math.min(doc.text.length, shift + 1) };
  const segments = parsePointer(pointer);
  // Walk as far as the document goes; stop at the nearest ancestor that exists.
  let node: jsonc.Node = root;
  let found = 0;
  for (const seg of segments) {
    const child = childOf(node, seg);
    if (!child) break;
    node = child;
    found++;
  }
  const complete = found === segments.length;
  const keyNode = propertyKey(node);
  if (complete && target === 'key' && keyNode) return span(keyNode, shift);
  if (complete && node.type !== 'object' && node.type !== 'array') return span(node, shift);
  // An object or array, or a missing property: highlight the key that names it, so that one
  // mistake does not underline a whole block; at the root, the opening bracket.
  if (keyNode) return span(keyNode, shift);
  return { start: node.offset + shift, end: node.offset + shift + 1 };
}

export function rangeFor(doc: ParsedDocument, finding: Pick<Finding, 'path' | 'target' | 'range'>): Range {
  const o = finding.range ?? offsetsFor(doc, finding.path, finding.target);
  return { start: positionAt(doc, o.start), end: positionAt(doc, o.end) };
}

/** The property-value node for `seg` under an object, or the item under an array. */
export function childOf(node: jsonc.Node, seg: string): jsonc.Node | undefined {
  if (node.type === 'object') {
    if ((node.children?.length ?? 0) > INDEX_FROM) return objectIndex(node).get(seg);
    // The last one wins, as in JSON.parse, so ranges agree with the value the rules saw.
    let hit: jsonc.Node | undefined;
    for (const prop of node.children ?? []) {
      const key = prop.children?.[0];
      if (key && key.value === seg) hit = prop.children?.[1] ?? key;
    }
    return hit;
  }
  if (node.type === 'array') {
    const i = Number(seg);
    return Number.isInteger(i) && i >= 0 ? node.children?.[i] : undefined;
  }
  return undefined;
}

function propertyKey(node: jsonc.Node): jsonc.Node | undefined {
  const parent = node.parent;
  if (parent && parent.type === 'property') return parent.children?.[0];
  if (node.type === 'string' && parent === undefined) return undefined;
  return undefined;
}

function span(node: jsonc.Node, shift: number): { start: number; end: number } {
  return { start: node.offset + shift, end: node.offset + node.length + shift };
}

/**
 * Objects with many properties get a key index, built once per tree node, so that mapping many
 * findings inside one huge object stays linear instead of quadratic. Later keys overwrite
 * earlier ones, the same "last one wins" as the scan above.
 */
const INDEX_FROM = 32;
const indexes = new WeakMap<jsonc.Node, Map<string, jsonc.Node>>();

function objectIndex(node: jsonc.Node): Map<string, jsonc.Node> {
  let index = indexes.get(node);
  if (!index) {
    index = new Map();
    for (const prop of node.children ?? []) {
      const key = prop.children?.[0];
      if (key && typeof key.value === 'string') index.set(key.value, prop.children?.[1] ?? key);
    }
    indexes.set(node, index);
  }
  return index;
}
