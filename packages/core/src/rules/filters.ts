import { Finding, RuleCheck, RuleContext } from '../language/types';
import { join } from '../language/pointer';
import { finding, isObj, Obj } from './util';

/**
 * Filter groups appear in four places and, recursively, inside an action filter's `attributes`.
 * Their shape (F1–F4, F6, F7) is the shared filters schema; what depends on the workspace (F5)
 * is here.
 */

/** The top-level filter groups of a campaign, with their pointers. */
export const FILTER_GROUPS: Array<[component: string, group: string]> = [
  ['segmentation_details', 'included_filters'],
  ['segmentation_details', 'excluded_filters'],
  ['trigger_condition', 'included_filters'],
  ['trigger_condition', 'secondary_included_filters'],
];

/** Every filter object of the document, nested ones included, in document order, with its pointer. */
export function eachFilter(doc: Obj): Array<{ filter: Obj; path: string }> {
  const out: Array<{ filter: Obj; path: string }> = [];
  // An explicit stack (not recursion), so that a deeply nested `attributes` chain cannot
  // overflow; each entry walks one group's filters from `next` on.
  const stack: Array<{ filters: unknown[]; path: string; next: number }> = [];
  const enter = (group: unknown, path: string): void => {
    if (isObj(group) && Array.isArray(group.filters)) stack.push({ filters: group.filters, path: `${path}/filters`, next: 0 });
  };
  for (const [component, group] of [...FILTER_GROUPS].reverse()) {
    const c = doc[component];
    if (isObj(c)) enter(c[group], `/${component}/${group}`);
  }
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.next >= top.filters.length) { stack.pop(); continue; }
    const i = top.next++;
    const f = top.filters[i];
    if (!isObj(f)) continue;
    const p = join(top.path, i);
    out.push({ filter: f, path: p });
    if (f.filter_type === 'actions') enter(f.attributes, `${p}/attributes`);
  }
  return out;
}

/** F5: with the portfolio feature, user-attribute filters name their project. */
function projectNames(ctx: RuleContext): Finding[] {
  const doc = ctx.doc;
  if (!isObj(doc)) return [];
  const portfolio = ctx.settings.features.portfolio;
  if (portfolio === false) return [];
  const missing = eachFilter(doc).filter(({ filter }) => filter.filter_type === 'user_attributes' && filter.project_name === undefined);
  if (missing.length === 0) return [];
  if (portfolio === true) {
    return missing.map(({ path }) => finding('F5', 'error', `${path}/project_name`,
      '`project_name` is required in user-attribute filters: this workspace has the portfolio feature. Name the project the attribute belongs to.'));
  }
  // Unknown: one note for the document is enough to say what cannot be checked.
  const others = missing.length - 1;
  return [finding('F5', 'information', `${missing[0].path}/project_name`,
    '`project_name` is required in user-attribute filters when the workspace has the portfolio feature, and whether this one has it is not configured' +
    (others > 0 ? ` (${others} more filter${others === 1 ? '' : 's'} in this file also lack it)` : '') +
    '. Set `features.portfolio` in `.campaignrc.json` to check it.')];
}

export const filterRules: RuleCheck[] = [
  { ids: ['F5'], kinds: ['campaign'], check: projectNames },
];
