import { dequal } from 'dequal';
import { has, isObject } from '@campaign-studio/core';
import { differingPaths } from './json';
import { READ_ONLY_FIELDS } from './normalize';

/**
 * Which components differ between two campaign documents: the summary a person reads before
 * opening a text diff. Read-only metadata and key order never count as a change.
 */

export interface ComponentChange {
  /** A top-level key: a component (`basic_details`), or `channel` and the like. */
  key: string;
  /** `added`: only in the second document; `removed`: only in the first. */
  kind: 'changed' | 'added' | 'removed';
  /** Pointers inside it that differ (at most a few), for `changed`. */
  paths: string[];
}

export interface ComponentSummary {
  changes: ComponentChange[];
  /** Top-level keys equal on both sides (read-only ones excluded). */
  unchanged: string[];
  /** Read-only fields that differ (ignored, listed for information). */
  readOnlyDiffering: string[];
}

export function diffComponents(from: unknown, to: unknown, maxPaths = 5): ComponentSummary {
  const a = isObject(from) ? from : {};
  const b = isObject(to) ? to : {};
  const changes: ComponentChange[] = [];
  const unchanged: string[] = [];
  const readOnlyDiffering: string[] = [];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  for (const key of keys) {
    const inA = has(a, key) && a[key] !== undefined;
    const inB = has(b, key) && b[key] !== undefined;
    if (READ_ONLY_FIELDS.includes(key)) {
      if (!dequal(a[key], b[key])) readOnlyDiffering.push(key);
      continue;
    }
    if (inA && !inB) changes.push({ key, kind: 'removed', paths: [] });
    else if (!inA && inB) changes.push({ key, kind: 'added', paths: [] });
    else if (!dequal(a[key], b[key])) changes.push({ key, kind: 'changed', paths: differingPaths(a[key], b[key], `/${key}`, maxPaths) });
    else unchanged.push(key);
  }
  return { changes, unchanged, readOnlyDiffering };
}

/**
 * One sentence: "2 components differ between remote and local: `basic_details` changed
 * (/basic_details/name), `utm_params` added locally."
 */
export function describeComponentSummary(s: ComponentSummary, fromLabel: string, toLabel: string): string {
  if (!s.changes.length) {
    const ro = s.readOnlyDiffering.length ? ` (only read-only metadata differs: ${s.readOnlyDiffering.map(k => `\`${k}\``).join(', ')})` : '';
    return `No component differs between ${fromLabel} and ${toLabel}${ro}.`;
  }
  const parts = s.changes.map(c => {
    if (c.kind === 'added') return `\`${c.key}\` only in ${toLabel}`;
    if (c.kind === 'removed') return `\`${c.key}\` only in ${fromLabel}`;
    const where = c.paths.length && !(c.paths.length === 1 && c.paths[0] === `/${c.key}`) ? ` (${c.paths.slice(0, 3).join(', ')}${c.paths.length > 3 ? ', …' : ''})` : '';
    return `\`${c.key}\` changed${where}`;
  });
  const n = s.changes.length;
  return `${n} component${n === 1 ? '' : 's'} differ${n === 1 ? 's' : ''} between ${fromLabel} and ${toLabel}: ${parts.join('; ')}.`;
}
