/** Pointers to where two JSON values differ. */

import { dequal } from 'dequal';
import { isObject, join, own } from '@campaign-studio/core';

/** Re-exported for the editor's push feature, which imports it from this package. */
export { isObject } from '@campaign-studio/core';

/**
 * Pointers (RFC 6901) of the places where two values differ, outermost first, at most `max`.
 * An added or removed member is reported at its own pointer.
 */
export function differingPaths(a: unknown, b: unknown, base = '', max = 20, out: string[] = []): string[] {
  if (out.length >= max || dequal(a, b)) return out;
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      if (out.length >= max) break;
      differingPaths(own(a, k), own(b, k), join(base, k), max, out);
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
