/** RFC 6901 JSON pointers. */

export function escapeSegment(segment: string | number): string {
  const s = String(segment);
  return s.indexOf('~') < 0 && s.indexOf('/') < 0 ? s : s.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeSegment(segment: string): string {
  return segment.indexOf('~') < 0 ? segment : segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function toPointer(segments: ReadonlyArray<string | number>): string {
  return segments.length === 0 ? '' : '/' + segments.map(escapeSegment).join('/');
}

const EMPTY: string[] = Object.freeze([]) as unknown as string[];
const parsed = new Map<string, string[]>();

/**
 * The segments of a pointer. The same pointers come back on every keystroke (each finding's,
 * each lookup's), so results are remembered; they are frozen, since callers share them.
 */
export function parsePointer(pointer: string): string[] {
  if (pointer === '' || pointer === '#') return EMPTY;
  let segs = parsed.get(pointer);
  if (!segs) {
    const p = pointer.startsWith('#') ? decodeURIComponent(pointer.slice(1)) : pointer;
    segs = Object.freeze(p.slice(1).split('/').map(unescapeSegment)) as unknown as string[];
    if (parsed.size >= 10_000) parsed.clear();
    parsed.set(pointer, segs);
  }
  return segs;
}

export function join(pointer: string, ...segments: Array<string | number>): string {
  return pointer + segments.map(s => '/' + escapeSegment(s)).join('');
}

/** The value at `pointer`, or undefined when any segment is missing. */
export function get(doc: unknown, pointer: string): unknown {
  let cur: unknown = doc;
  for (const seg of parsePointer(pointer)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (Array.isArray(cur)) {
      const i = Number(seg);
      if (!Number.isInteger(i) || i < 0 || i >= cur.length) return undefined;
      cur = cur[i];
    } else {
      if (!Object.prototype.hasOwnProperty.call(cur, seg)) return undefined;
      cur = (cur as Record<string, unknown>)[seg];
    }
  }
  return cur;
}
