import * as l10n from '@vscode/l10n';
import { Finding, Fix, RuleCheck, RuleContext } from '../model/types';
import { join } from '../model/pointer';
import { code, finding, fix, isObj, Obj } from './util';
import { own } from '../model/json';
import { FixContext, RuleGroup } from './define';
import { push, filter, group } from './examples';

/**
 * Filter groups appear in four places and, recursively, inside an action filter's `attributes`.
 * Their shape (F1–F4, F6, F7) is the shared filters schema; what depends on the workspace (F5)
 * is here.
 */

/** Operators allowed per user-attribute `data_type` (spec, "Filter group and filters"). */
export const OPERATORS_BY_DATA_TYPE: Record<string, string[]> = {
  bool: ['is', 'exists'],
  double: ['in', 'between', 'lessThan', 'greaterThan', 'exists'],
  string: ['in', 'contains', 'containsInTheFollowing', 'startWithInTheFollowing', 'endsWithInTheFollowing', 'exists', 'is'],
  datetime: ['inTheLast', 'on', 'between', 'before', 'after', 'inTheNext', 'exists', 'today'],
};

/** Other names people give the data types, lower case. */
const DATA_TYPE_NAMES: Record<string, string> = {
  boolean: 'bool',
  number: 'double',
  integer: 'double',
  int: 'double',
  float: 'double',
  decimal: 'double',
  date: 'datetime',
  timestamp: 'datetime',
  date_time: 'datetime',
  text: 'string',
  str: 'string',
};

/**
 * F3's fixes. A data type under another name is renamed (a case mistake the schema's fix already
 * handles). An operator that does not fit the data type needs a choice, so each choice is its own
 * fix and none is preferred: change the data type to one the operator fits, or the operator to
 * one of the data type's.
 */
function userAttributeFixes(f: FixContext): Fix[] {
  if (!isObj(f.parent) || typeof f.value !== 'string') return [];
  if (f.key === 'data_type') {
    const named = own(DATA_TYPE_NAMES, f.value.toLowerCase());
    return named ? [fix(l10n.t('Change to {0}', code(named)), [{ kind: 'replaceValue', path: f.finding.path, value: named }], true)] : [];
  }
  if (f.key !== 'operator') return [];
  const operator = f.value;
  const dataTypePath = join(f.finding.path.slice(0, f.finding.path.lastIndexOf('/')), 'data_type');
  const types = Object.keys(OPERATORS_BY_DATA_TYPE).filter(t => OPERATORS_BY_DATA_TYPE[t].includes(operator));
  const operators = own(OPERATORS_BY_DATA_TYPE, String(f.parent.data_type)) ?? [];
  return [
    ...types.map(t => fix(l10n.t('Change `data_type` to {0}', code(t)), [{ kind: 'replaceValue', path: dataTypePath, value: t }])),
    ...operators.map(o => fix(l10n.t('Change to {0}', code(o)), [{ kind: 'replaceValue', path: f.finding.path, value: o }])),
  ];
}

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
    if (top.next >= top.filters.length) {
      stack.pop();
      continue;
    }
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
    return missing.map(({ path }) =>
      finding(
        'F5',
        'error',
        `${path}/project_name`,
        l10n.t(
          '`project_name` is required in user-attribute filters: this workspace has the portfolio feature. Name the project the attribute belongs to.',
        ),
      ),
    );
  }
  // Unknown: one note for the document is enough to say what cannot be checked.
  const others = missing.length - 1;
  return [
    finding(
      'F5',
      'information',
      `${missing[0].path}/project_name`,
      l10n.t(
        '`project_name` is required in user-attribute filters when the workspace has the portfolio feature, and whether this one has it is not configured',
      ) +
        (others > 0 ? l10n.t(' ({0} more filter{1} in this file also lack it)', others, others === 1 ? '' : 's') : '') +
        l10n.t('. Set `features.portfolio` in `.campaignrc.json` to check it.'),
    ),
  ];
}

const checks: RuleCheck[] = [{ ids: ['F5'], kinds: ['campaign'], check: projectNames }];

export const filterRules: RuleGroup = {
  section: 'Filter groups and filters',
  rules: [
    {
      id: 'F1',
      title: 'Filter group',
      severity: 'E',
      summary: 'A filter group has `filter_operator` (`and` / `or`, lower case: `AND` is an error with a fix) and `filters` (array).',
      messages: {
        missingField:
          '`{missing}` is required in a filter group: a group has `filter_operator` (`and` or `or`) and `filters` (an array of filters).',
      },
      docs: {
        doc: push({ segmentation_details: { included_filters: { filter_operator: 'AND', filters: [filter] } } }),
        fix: 'Write `and` or `or` in lower case (quick fix), and give the group its `filters` array.',
      },
    },
    {
      id: 'F2',
      title: 'Filter type',
      severity: 'E',
      summary: '`filter_type` is `user_attributes`, `actions` or `custom_segments`; it selects which fields apply.',
      messages: {
        notAnObject: 'A filter is an object with a `filter_type` (`user_attributes`, `actions` or `custom_segments`), not {value}.',
        unknownType: '`{value}` is not a filter type: use `user_attributes`, `actions` or `custom_segments`.',
        missingType: '`filter_type` is required in every filter: say which kind it is: `user_attributes`, `actions` or `custom_segments`.',
      },
      docs: {
        doc: push({
          segmentation_details: { included_filters: group({ filter_type: 'segment', name: 'Employees', id: '64b7f0c2a1e4d2b3c4d5e6f7' }) },
        }),
        fix: 'Use `user_attributes`, `actions` or `custom_segments`; the type decides which other fields the filter takes.',
      },
    },
    {
      id: 'F3',
      title: 'User attribute fields',
      severity: 'E',
      summary:
        'User attribute: `data_type` is `string`, `double`, `datetime`, `bool` (lower case); `category`, `name` strings; `operator` allowed per `data_type` (spec table).',
      messages: {
        missingField:
          '`{missing}` is required in a user-attribute filter: it needs `data_type`, `category`, `name` and `operator` (and `value` unless the operator is `exists`).',
        boolOperator: '`{value}` is not an operator for a `bool` attribute: use `is` or `exists`.',
        doubleOperator:
          '`{value}` is not an operator for a `double` attribute: use one of `in`, `between`, `lessThan`, `greaterThan`, `exists`.',
        stringOperator:
          '`{value}` is not an operator for a `string` attribute: use one of `in`, `contains`, `containsInTheFollowing`, `startWithInTheFollowing`, `endsWithInTheFollowing`, `exists`, `is`.',
        datetimeOperator:
          '`{value}` is not an operator for a `datetime` attribute: use one of `inTheLast`, `on`, `between`, `before`, `after`, `inTheNext`, `exists`, `today`.',
      },
      docs: {
        doc: push({ segmentation_details: { included_filters: group({ ...filter, operator: 'greaterThan' }) } }),
        fix: "Use an operator of the attribute's `data_type` (for `string`: `in`, `contains`, `containsInTheFollowing`, `startWithInTheFollowing`, `endsWithInTheFollowing`, `exists`, `is`), or correct the `data_type`.",
      },
      fix: userAttributeFixes,
    },
    {
      id: 'F4',
      title: 'User attribute value',
      severity: 'E',
      summary: 'User attribute: `value` is required unless `operator` is `exists`. `case_sensitive`, `negate` are booleans.',
      messages: {
        missingValue: '`value` is required in a user-attribute filter unless `operator` is `exists`: give the value to compare with.',
      },
      docs: {
        doc: push({ segmentation_details: { included_filters: group({ ...filter, value: undefined }) } }),
        fix: 'Give the `value` to compare with, or use the operator `exists`. `case_sensitive` and `negate` are `true` or `false`.',
      },
    },
    {
      id: 'F5',
      title: 'Project name',
      severity: 'E',
      summary: 'User attribute: `project_name` is required when the workspace has the portfolio feature.',
      docs: {
        settings: { features: { portfolio: true } },
        doc: push({ segmentation_details: { included_filters: group(filter) } }),
        fix: 'Add `"project_name": "…"` to each user-attribute filter. With `features.portfolio` unknown, this is an information note; set it in `.campaignrc.json`.',
      },
    },
    {
      id: 'F6',
      title: 'Action filter',
      severity: 'E',
      summary:
        'Action: `action_name` string; `execution.type` `atleast` / `atmost` / `exactly`; `execution.count` integer ≥ 0; `executed` boolean; `attributes` a filter group; `condition` string.',
      messages: {
        missingField: '`{missing}` is required in an action filter: name the event in `action_name`.',
      },
      docs: {
        doc: push({
          segmentation_details: {
            included_filters: group({
              filter_type: 'actions',
              action_name: 'Purchased',
              execution: { type: 'more_than', count: 2 },
              executed: true,
            }),
          },
        }),
        fix: 'Use `atleast`, `atmost` or `exactly` with a whole `count` ≥ 0; `attributes` is a filter group.',
      },
    },
    {
      id: 'F7',
      title: 'Custom segment filter',
      severity: 'E',
      summary: 'Custom segment: `name` and `id` strings, both required.',
      messages: {
        missingField: "`{missing}` is required in a custom-segment filter: it needs both the segment's `name` and its `id`.",
      },
      docs: {
        doc: push({
          segmentation_details: {
            is_all_user_campaign: true,
            excluded_filters: group({ filter_type: 'custom_segments', name: 'Employees' }),
          },
        }),
        fix: "Give both the segment's `name` and its `id` (strings).",
      },
    },
  ],
  checks,
};
