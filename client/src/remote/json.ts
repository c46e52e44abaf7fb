/** Small helpers on JSON values: structural equality that ignores key order, and a canonical text. */

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function has(o: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

/** Equal as JSON values; key order does not matter, array order does; `undefined` members are absent. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ao = a as JsonObject;
  const bo = b as JsonObject;
  const ak = Object.keys(ao).filter(k => ao[k] !== undefined);
  const bk = Object.keys(bo).filter(k => bo[k] !== undefined);
  return ak.length === bk.length && ak.every(k => has(bo, k) && jsonEqual(ao[k], bo[k]));
}

/** A deep copy through JSON. */
export function cloneJson<T>(v: T): T {
  return v === undefined ? v : JSON.parse(JSON.stringify(v)) as T;
}

/** JSON pointer escaping of one segment (RFC 6901). */
export function pointerSegment(s: string | number): string {
  return String(s).replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Pointers (RFC 6901) of the places where two values differ, outermost first, at most `max`.
 * An added or removed member is reported at its own pointer.
 */
export function differingPaths(a: unknown, b: unknown, base = '', max = 20, out: string[] = []): string[] {
  if (out.length >= max || jsonEqual(a, b)) return out;
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      if (out.length >= max) break;
      differingPaths(a[k], b[k], `${base}/${pointerSegment(k)}`, max, out);
    }
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    for (let i = 0; i < a.length && out.length < max; i++) differingPaths(a[i], b[i], `${base}/${i}`, max, out);
    return out;
  }
  out.push(base);
  return out;
}
