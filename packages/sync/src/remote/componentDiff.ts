import * as l10n from '@vscode/l10n';
import { dequal } from 'dequal';
import { has, isObject, isReadOnlyField } from '@campaign-studio/core';
import { differingPaths } from './json';

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
    if (isReadOnlyField(key)) {
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
    return s.readOnlyDiffering.length
      ? l10n.t(
          'No component differs between {0} and {1} (only read-only metadata differs: {2}).',
          fromLabel,
          toLabel,
          s.readOnlyDiffering.map(k => `\`${k}\``).join(', '),
        )
      : l10n.t('No component differs between {0} and {1}.', fromLabel, toLabel);
  }
  const parts = s.changes.map(c => {
    const key = `\`${c.key}\``;
    if (c.kind === 'added')
      return l10n.t({
        message: '{0} only in {1}',
        args: [key, toLabel],
        comment: 'a component, and the side (such as "remote" or "local") that alone has it',
      });
    if (c.kind === 'removed')
      return l10n.t({
        message: '{0} only in {1}',
        args: [key, fromLabel],
        comment: 'a component, and the side (such as "remote" or "local") that alone has it',
      });
    return c.paths.length && !(c.paths.length === 1 && c.paths[0] === `/${c.key}`)
      ? l10n.t('{0} changed ({1})', key, `${c.paths.slice(0, 3).join(', ')}${c.paths.length > 3 ? ', …' : ''}`)
      : l10n.t('{0} changed', key);
  });
  return s.changes.length === 1
    ? l10n.t('1 component differs between {0} and {1}: {2}.', fromLabel, toLabel, parts.join('; '))
    : l10n.t('{0} components differ between {1} and {2}: {3}.', s.changes.length, fromLabel, toLabel, parts.join('; '));
}
