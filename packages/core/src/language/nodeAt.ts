import * as jsonc from 'jsonc-parser';
import { ParsedDocument } from './parse';
import { skipSpace, skipString, skipValue } from './ranges';

/**
 * The node of the position tree at an offset, as `jsonc.findNodeAtOffset` finds it, without the
 * whole tree for strict JSON. A hover or a completion right after an edit would otherwise build
 * jsonc-parser's tree of the new version (about half a second for 10 MB): the walk here skips
 * every member that does not hold the offset with the locator's scan, and builds only the
 * innermost container that holds it, its members' own nodes (a nested container as a node without
 * children, never descended: it does not hold the offset) and, above it, each ancestor as the one
 * property or item that leads down. Paths (`jsonc.getNodePath`), keys and parents read the same as
 * in the whole tree; text that is not strict JSON, or a tree already built, takes the whole tree.
 */

/** Offsets are into the text without its byte order mark, as the tree's are. */
export function nodeAt(parsed: ParsedDocument, offset: number, includeRightBound: boolean): jsonc.Node | undefined {
  if (!parsed.strict || parsed.hasTree()) {
    const root = parsed.tree();
    return root && jsonc.findNodeAtOffset(root, offset, includeRightBound);
  }
  const body = parsed.bom ? parsed.text.slice(parsed.bom) : parsed.text;
  const start = skipSpace(body, 0);
  if (offset < start) return undefined;
  const innermost = innermostContainer(body, valueNode(body, start, undefined), offset, includeRightBound, endsOf(parsed));
  return jsonc.findNodeAtOffset(innermost, offset, includeRightBound);
}

function holds(start: number, end: number, offset: number, includeRightBound: boolean): boolean {
  return (offset >= start && offset < end) || (includeRightBound && offset === end);
}

/** A value's node: a scalar with its value; a container without members, its length read from the text when first asked. */
function valueNode(body: string, at: number, parent: jsonc.Node | undefined): jsonc.Node {
  const c = body.charCodeAt(at);
  if (c === 123 || c === 91) {
    let length: number | undefined;
    const children: jsonc.Node[] = [];
    const node = { type: c === 123 ? 'object' : 'array', offset: at, parent, children } as unknown as jsonc.Node;
    Object.defineProperty(node, 'length', { enumerable: true, configurable: true, get: () => (length ??= skipValue(body, at) - at) });
    return node;
  }
  const end = skipValue(body, at);
  const value: unknown = JSON.parse(body.slice(at, end));
  const type = c === 34 ? 'string' : value === null ? 'null' : typeof value === 'boolean' ? 'boolean' : 'number';
  return { type, offset: at, length: end - at, parent, value };
}

/** One member of a container: a property (with its key and value) or an item; `value` is where it leads down. */
function member(body: string, at: number, container: jsonc.Node): { node: jsonc.Node; value: jsonc.Node } {
  if (container.type === 'array') {
    const item = valueNode(body, at, container);
    return { node: item, value: item };
  }
  const keyEnd = skipString(body, at);
  const colon = skipSpace(body, keyEnd);
  const children: jsonc.Node[] = [];
  const property = { type: 'property', offset: at, parent: container, colonOffset: colon, children } as unknown as jsonc.Node;
  const key: jsonc.Node = { type: 'string', offset: at, length: keyEnd - at, parent: property, value: JSON.parse(body.slice(at, keyEnd)) };
  const value = valueNode(body, skipSpace(body, colon + 1), property);
  children.push(key, value);
  Object.defineProperty(property, 'length', { enumerable: true, get: () => value.offset + value.length - at });
  return { node: property, value };
}

/**
 * Walks down the members that hold the offset, as findNodeAtOffset does, and returns the innermost
 * container that holds it with all its members. Each container above it holds its members up to
 * the one that leads down; a member's extent is read from the text only as far as the offset
 * (`skipValue` with a limit), so the walk reads the text up to the offset and the innermost container.
 */
function innermostContainer(
  body: string,
  root: jsonc.Node,
  offset: number,
  includeRightBound: boolean,
  ends: Map<number, number>,
): jsonc.Node {
  let container = root;
  while (container.type === 'object' || container.type === 'array') {
    let j = skipSpace(body, container.offset + 1);
    let down: jsonc.Node | undefined;
    while (!down && j <= offset && !isClosing(body, j)) {
      const m = member(body, j, container);
      (container.children as jsonc.Node[]).push(m.node);
      const end = endOf(body, m.value.offset, offset, ends);
      const inside = end < 0 || holds(m.node.offset, end, offset, includeRightBound);
      if (inside && (m.value.type === 'object' || m.value.type === 'array') && offset !== end && offset >= m.value.offset) down = m.value;
      else if (inside) return fillRest(body, container, m.value.offset + m.value.length);
      else j = afterComma(body, end);
    }
    if (!down) return fillRest(body, container, j, true);
    container = down;
  }
  return container;
}

function isClosing(body: string, j: number): boolean {
  const c = body.charCodeAt(j);
  return c === 125 || c === 93 || j >= body.length;
}

/** Past the white space and the comma after a member: the next member, or the closing bracket. */
function afterComma(body: string, end: number): number {
  const j = skipSpace(body, end);
  return body.charCodeAt(j) === 44 ? skipSpace(body, j + 1) : j;
}

/** The rest of a container's members from `from` (past the last one added; `at` when it starts there), and its length. */
function fillRest(body: string, container: jsonc.Node, from: number, at = false): jsonc.Node {
  let j = at ? from : afterComma(body, from);
  while (!isClosing(body, j)) {
    const m = member(body, j, container);
    (container.children as jsonc.Node[]).push(m.node);
    j = afterComma(body, m.value.offset + m.value.length);
  }
  Object.defineProperty(container, 'length', { enumerable: true, value: Math.min(body.length, j + 1) - container.offset });
  return container;
}

/**
 * Where the containers passed over end, by where they start (offsets into the text without its
 * byte order mark), per parse: a second lookup in the same version, or in the next one made by
 * `reparse` (`carryEnds`), passes over them without reading them again.
 */
const knownEnds = new WeakMap<ParsedDocument, Map<number, number>>();

function endsOf(parsed: ParsedDocument): Map<number, number> {
  let ends = knownEnds.get(parsed);
  if (!ends) knownEnds.set(parsed, (ends = new Map()));
  return ends;
}

/** The end of a member's value, or -1 past `limit` (`skipValue`), remembering the ends of containers. */
function endOf(body: string, at: number, limit: number, ends: Map<number, number>): number {
  const known = ends.get(at);
  if (known !== undefined) return known;
  const end = skipValue(body, at, limit);
  const c = body.charCodeAt(at);
  if (end >= 0 && (c === 123 || c === 91)) ends.set(at, end);
  return end;
}

/**
 * The container ends known of `previous`, for `next`, whose text differs from it only inside one
 * string, from `from` to `oldTo` (body offsets), `delta` characters longer: containers before the
 * edit keep their place, those that hold it end `delta` later, those after it move by `delta`.
 */
export function carryEnds(previous: ParsedDocument, next: ParsedDocument, from: number, oldTo: number, delta: number): void {
  const before = knownEnds.get(previous);
  if (!before) return;
  const ends = new Map<number, number>();
  for (const [start, end] of before) {
    if (end <= from) ends.set(start, end);
    else if (start < from) ends.set(start, end + delta);
    else if (start >= oldTo) ends.set(start + delta, end + delta);
  }
  knownEnds.set(next, ends);
}

/**
 * The string value of strict JSON whose content holds `offset` (strictly between its quotes): its
 * path and extent, read up to the offset only; undefined when the offset is elsewhere (a key, a
 * number, between members).
 */
export function stringValueAt(body: string, offset: number): { path: Array<string | number>; start: number; end: number } | undefined {
  const path: Array<string | number> = [];
  let at = skipSpace(body, 0);
  for (;;) {
    const c = body.charCodeAt(at);
    if (c === 34) {
      const end = skipString(body, at);
      return offset > at && offset < end ? { path, start: at, end } : undefined;
    }
    if (c !== 123 && c !== 91) return undefined;
    const next = memberAt(body, at, offset);
    if (!next) return undefined;
    path.push(next.segment);
    at = next.value;
  }
}

/** The member of the container at `at` whose value holds `offset`: its key or index and where its value starts. */
function memberAt(body: string, at: number, offset: number): { segment: string | number; value: number } | undefined {
  const object = body.charCodeAt(at) === 123;
  let j = skipSpace(body, at + 1);
  for (let index = 0; !isClosing(body, j) && j <= offset; index++) {
    let value = j;
    let key: string | undefined;
    if (object) {
      const keyEnd = skipString(body, j);
      if (offset < keyEnd) return undefined;
      key = JSON.parse(body.slice(j, keyEnd)) as string;
      value = skipSpace(body, skipSpace(body, keyEnd) + 1);
    }
    const end = skipValue(body, value, offset);
    if (end < 0 || offset < end) return offset < value ? undefined : { segment: object ? key! : index, value };
    j = afterComma(body, end);
  }
  return undefined;
}
