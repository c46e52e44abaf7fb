import { parse, parsePointer, validate } from '@campaign-studio/core';
import type { Finding } from '@campaign-studio/core';
import { ErrorDetail } from './errors';
import { Workspace } from './model';

/**
 * The emulator validates with the shared rule set (the same code the editor and the CLI run),
 * with the workspace's features and subscription categories as settings, and maps the error
 * findings onto the service's error envelope.
 */

export function ruleFindings(doc: Record<string, unknown>, ws: Workspace, onRuleError?: (ids: string[], e: unknown) => void): Finding[] {
  const parsed = parse(JSON.stringify(doc));
  return validate(parsed, {
    kind: 'campaign',
    settings: { features: { ...ws.features }, subscriptionCategories: [...ws.subscriptionCategories] },
    onRuleError,
  });
}

/** `/segmentation_details/included_filters/filters/0/name` → `segmentation_details.included_filters.filters[0].name`. */
function pointerToTarget(pointer: string): string {
  let out = '';
  for (const seg of parsePointer(pointer)) {
    if (/^\d+$/.test(seg)) out += `[${seg}]`;
    else out += out === '' ? seg : `.${seg}`;
  }
  return out;
}

/** The top-level key a pointer is under (`''` for the whole document). */
function topKey(pointer: string): string {
  return parsePointer(pointer)[0] ?? '';
}

/** Error findings whose top-level key is in `keys` (all of them when `keys` is undefined). */
export function errorDetails(findings: Finding[], keys?: ReadonlySet<string>): ErrorDetail[] {
  const seen = new Set<string>();
  const out: ErrorDetail[] = [];
  for (const f of findings) {
    if (f.severity !== 'error') continue;
    if (keys && !keys.has(topKey(f.path))) continue;
    const target = pointerToTarget(f.path) || 'body';
    const id = `${target}\n${f.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ target, message: f.message });
  }
  return out;
}
