import * as jsonc from 'jsonc-parser';
import { lineIndex, ParsedDocument } from './parse';
import { parsePointer } from '../model/pointer';
import { Finding } from '../model/types';

/** The one place where a JSON pointer becomes a text range. */

export interface Position {
  line: number;
  character: number;
}
export interface Range {
  start: Position;
  end: Position;
}

/** A node of the position tree as a range of the text (the tree's offsets leave out the byte order mark). */
export function nodeRange(doc: ParsedDocument, n: jsonc.Node): Range {
  return { start: positionAt(doc, n.offset + doc.bom), end: positionAt(doc, n.offset + n.length + doc.bom) };
}

export function positionAt(doc: ParsedDocument, offset: number): Position {
  const starts = doc.lineStarts();
  const text = doc.text;
  offset = Math.max(0, Math.min(offset, text.length));
  const lo = lineIndex(starts, offset);
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

/**
 * Offsets (into the full text) of the node at `pointer`: the value itself for a scalar; for an
 * object or array, or a missing property, the key that names it (so that one mistake does not
 * underline a whole block); at the root, the opening bracket. `target: 'key'` asks for the key.
 */
function offsetsFor(doc: ParsedDocument, pointer: string, target: 'key' | 'value' = 'value'): { start: number; end: number } {
  // the scan and the tree map every pointer of strict JSON to the same offsets (ranges.test.ts runs each
  // case both ways); only the time differs
  // Stryker disable next-line ConditionalExpression,BooleanLiteral
  if (doc.strict && !doc.hasTree()) return spanFromLocation(doc, locate(doc, [pointer]).get(pointer)!, target);
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
  if (keyNode) return span(keyNode, shift);
  return { start: node.offset + shift, end: node.offset + shift + 1 };
}

/**
 * Offsets (into the full text) of the value at `pointer`, when the document has one there: for
 * strict JSON by the guided locator, without building the position tree.
 */
export function valueOffsets(doc: ParsedDocument, pointer: string): { start: number; end: number } | undefined {
  // the scan and the tree find the same value in strict JSON (ranges.test.ts runs each case both ways);
  // only the time differs
  // Stryker disable next-line ConditionalExpression,BooleanLiteral,BlockStatement
  if (doc.strict && !doc.hasTree()) {
    const l = locate(doc, [pointer]).get(pointer)!;
    if (!l.complete) return undefined;
    // The locator stops inside a container once it found what it looked for: its end is found here.
    const end = l.valueEnd >= 0 ? l.valueEnd : skipValue(doc.bom ? doc.text.slice(doc.bom) : doc.text, l.valueStart);
    return { start: l.valueStart + doc.bom, end: end + doc.bom };
  }
  let node = doc.tree();
  for (const seg of parsePointer(pointer)) node = node && childOf(node, seg);
  return node && { start: node.offset + doc.bom, end: node.offset + node.length + doc.bom };
}

/** Ranges of many findings at once: for strict JSON, one guided pass over the text for all. */
export function rangesFor(doc: ParsedDocument, findings: ReadonlyArray<Pick<Finding, 'path' | 'target' | 'range'>>): Range[] {
  // the scan and the tree map every pointer of strict JSON to the same ranges (ranges.test.ts runs each
  // case both ways); only the time differs
  // Stryker disable next-line BooleanLiteral,BlockStatement
  if (doc.strict && !doc.hasTree()) {
    const located = locate(
      doc,
      findings.filter(f => !f.range).map(f => f.path),
    );
    return findings.map(f => {
      const o = f.range ?? spanFromLocation(doc, located.get(f.path)!, f.target);
      return { start: positionAt(doc, o.start), end: positionAt(doc, o.end) };
    });
  }
  return findings.map(f => rangeFor(doc, f));
}

// ---------------------------------------------------------------------------------------------
// The guided locator. Building jsonc-parser's position tree for a 1 MB document costs tens of
// milliseconds and as much memory as the text many times over; diagnostics need the offsets of
// a few nodes only. For strict JSON we walk the text once, descending only into the members
// that some pointer names and skipping every other value with a tight character loop.

interface Location {
  /** How many segments of the pointer exist in the document. */
  found: number;
  complete: boolean;
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
  container: boolean;
}

interface TrieNode {
  children: Map<string, TrieNode>;
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
  container: boolean;
  reached: boolean;
}

function trieNode(): TrieNode {
  return { children: new Map(), keyStart: -1, keyEnd: -1, valueStart: -1, valueEnd: -1, container: false, reached: false };
}

export function skipSpace(t: string, i: number): number {
  for (;;) {
    const c = t.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/** The offset just past the string that starts at `i` (a double quote). */
export function skipString(t: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const q = t.indexOf('"', j);
    if (q < 0) return t.length;
    let b = q - 1;
    while (t.charCodeAt(b) === 92) b--;
    if ((q - 1 - b) % 2 === 0) return q + 1;
    j = q + 1;
  }
}

const STRUCTURAL = /["{}[\]]/g;

/**
 * The offset just past the value that starts at `i`; for an object or an array, -1 when it runs
 * past `limit` (read no further than that).
 */
export function skipValue(t: string, i: number, limit = Number.POSITIVE_INFINITY): number {
  const c = t.charCodeAt(i);
  if (c === 34) return skipString(t, i);
  if (c === 123 || c === 91) {
    // Jump from one structural character to the next with a sticky search (the regular
    // expression engine scans far faster than a character loop), stepping over strings.
    let depth = 0;
    STRUCTURAL.lastIndex = i;
    while (STRUCTURAL.test(t)) {
      const j = STRUCTURAL.lastIndex - 1;
      if (j > limit) return -1;
      const d = t.charCodeAt(j);
      if (d === 34) {
        STRUCTURAL.lastIndex = skipString(t, j);
        continue;
      }
      if (d === 123 || d === 91) depth++;
      else if (--depth === 0) return j + 1;
    }
    return t.length;
  }
  let j = i;
  for (; j < t.length; j++) {
    const d = t.charCodeAt(j);
    if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
  }
  return j;
}

/** Past this many members named in one object, a key is looked up rather than compared with each. */
const MANY_MEMBERS = 8;

/**
 * The child of `node` named by the key string at [start, end), or undefined. A node names a few
 * members at most, so comparing in place spares slicing every key of every object passed through.
 */
function memberChild(t: string, start: number, end: number, node: TrieNode): TrieNode | undefined {
  const len = end - start - 2;
  // Many members named (a thousand unknown keys in one object): one lookup, not a comparison with each.
  // a key without escapes is found by the lookup as by the comparisons below; only the time differs
  // Stryker disable next-line ConditionalExpression,EqualityOperator,BlockStatement
  if (node.children.size > MANY_MEMBERS) {
    const raw = t.slice(start + 1, end - 1);
    if (!raw.includes('\\')) return node.children.get(raw);
  }
  for (const [name, child] of node.children) {
    if (name.length === len && t.startsWith(name, start + 1)) return child;
  }
  // Escapes in the key (rare): compare the decoded text. (A bounded loop: indexOf would run on
  // to the end of the text when the key has none.)
  for (let k = start + 1; k < end - 1; k++) {
    if (t.charCodeAt(k) === 92) return node.children.get(JSON.parse(t.slice(start, end)) as string);
  }
  return undefined;
}

/**
 * Records where the value at `i` lies for `node`, descending into the members it names. Returns
 * the offset just past the value, or -1 when it stopped early: `canStop` says that nothing after
 * this value is needed (every member named elsewhere was found), so once its own named members
 * are found the rest of the document is not read at all (the end of a container is never needed:
 * ranges of containers are their key or opening bracket). A value that cannot stop is read to its
 * end, once: stopping inside it would make its parent skip it again from its start.
 */
function descend(t: string, i: number, node: TrieNode, canStop: boolean): number {
  node.reached = true;
  node.valueStart = i;
  const c = t.charCodeAt(i);
  node.container = c === 123 || c === 91;
  if (!node.container) {
    node.valueEnd = skipValue(t, i);
    return node.valueEnd;
  }
  if (node.children.size === 0) {
    if (canStop) return -1;
    node.valueEnd = skipValue(t, i);
    return node.valueEnd;
  }
  const pending = { count: node.children.size };
  let j = skipSpace(t, i + 1);
  if (c === 123) {
    while (t.charCodeAt(j) === 34) {
      const keyEnd = skipString(t, j);
      const v = skipSpace(t, skipSpace(t, keyEnd) + 1);
      const child = memberChild(t, j, keyEnd, node);
      let end: number;
      if (child) {
        child.keyStart = j;
        child.keyEnd = keyEnd;
        end = visit(t, v, child, pending, canStop);
        if (end < 0) return -1;
      } else {
        end = skipValue(t, v);
      }
      j = skipSpace(t, end);
      if (t.charCodeAt(j) === 44) j = skipSpace(t, j + 1);
    }
  } else {
    let index = 0;
    while (j < t.length && t.charCodeAt(j) !== 93) {
      const child = node.children.get(String(index));
      const end = child ? visit(t, j, child, pending, canStop) : skipValue(t, j);
      if (end < 0) return -1;
      index++;
      j = skipSpace(t, end);
      if (t.charCodeAt(j) === 44) j = skipSpace(t, j + 1);
    }
  }
  // j is at the closing bracket.
  node.valueEnd = Math.min(t.length, j + 1);
  return node.valueEnd;
}

/** A member the trie names: record it, then stop (-1: nothing left to find, and nothing after is needed) or return its end. */
function visit(t: string, v: number, child: TrieNode, pending: { count: number }, canStop: boolean): number {
  const first = !child.reached;
  const last = canStop && pending.count === (first ? 1 : 0);
  const end = descend(t, v, child, last);
  if (first) pending.count--;
  return last ? -1 : end;
}

const located = new WeakMap<ParsedDocument, Map<string, Location>>();

function locate(doc: ParsedDocument, pointers: readonly string[]): Map<string, Location> {
  // Stryker disable ConditionalExpression,MethodExpression: without the cache a scan again finds the same places; only the time differs
  let cache = located.get(doc);
  if (!cache) {
    cache = new Map();
    located.set(doc, cache);
  }
  const missing = pointers.filter(p => !cache!.has(p));
  if (missing.length) {
    // Stryker restore ConditionalExpression,MethodExpression
    const root = trieNode();
    const paths = new Map<string, string[]>();
    for (const p of missing) {
      const segs = parsePointer(p);
      paths.set(p, segs);
      let n = root;
      for (const s of segs) {
        let c = n.children.get(s);
        if (!c) {
          c = trieNode();
          n.children.set(s, c);
        }
        n = c;
      }
    }
    const body = doc.bom ? doc.text.slice(doc.bom) : doc.text;
    descend(body, skipSpace(body, 0), root, true);
    for (const [p, segs] of paths) {
      let n = root;
      let found = 0;
      let last = root;
      for (const s of segs) {
        const c = n.children.get(s)!;
        if (!c.reached) break;
        n = c;
        last = c;
        found++;
      }
      cache.set(p, {
        found,
        complete: found === segs.length,
        keyStart: last.keyStart,
        keyEnd: last.keyEnd,
        valueStart: last.valueStart,
        valueEnd: last.valueEnd,
        container: last.container,
      });
    }
  }
  return cache;
}

function spanFromLocation(doc: ParsedDocument, l: Location, target: 'key' | 'value' = 'value'): { start: number; end: number } {
  const shift = doc.bom;
  const hasKey = l.keyStart >= 0;
  if (l.complete && target === 'key' && hasKey) return { start: l.keyStart + shift, end: l.keyEnd + shift };
  if (l.complete && !l.container) return { start: l.valueStart + shift, end: l.valueEnd + shift };
  if (hasKey) return { start: l.keyStart + shift, end: l.keyEnd + shift };
  return { start: l.valueStart + shift, end: l.valueStart + shift + 1 };
}

export function rangeFor(doc: ParsedDocument, finding: Pick<Finding, 'path' | 'target' | 'range'>): Range {
  const o = finding.range ?? offsetsFor(doc, finding.path, finding.target);
  return { start: positionAt(doc, o.start), end: positionAt(doc, o.end) };
}

/** The property-value node for `seg` under an object, or the item under an array. */
function childOf(node: jsonc.Node, seg: string): jsonc.Node | undefined {
  if (node.type === 'object') {
    // the index and the loop below both keep the last of duplicate keys; only the time differs
    // Stryker disable next-line ConditionalExpression,EqualityOperator
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
  // Stryker disable next-line ConditionalExpression: an index built again holds the same keys; only the time differs
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
