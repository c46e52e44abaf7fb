import * as l10n from '@vscode/l10n';
import { Finding, Fix, RuleCheck } from '../model/types';
import { campaignKind, finding, fix, isObj, Obj } from './util';
import { own } from '../model/json';
import { hasComponents } from './document';
import { visible } from '../model/strings';
import { FixContext, RuleGroup } from './define';
import { cartTrigger, email, push } from './examples';

/**
 * `trigger_condition` rules that depend on the delivery type, the channel or several fields at
 * once (T1, T2 for Email, T4, T5). Field types, enums and the `DELAY` companions (T3) are in the
 * trigger_condition schema; the filter groups (T6) reuse the shared filter schema.
 */

const TC = '/trigger_condition';
const NEEDS_TRIGGER = ['EVENT_TRIGGERED', 'DEVICE_TRIGGERED', 'LOCATION_TRIGGERED'];
const NO_TRIGGER: Record<string, string> = {
  BUSINESS_EVENT_TRIGGERED:
    'is not used by `BUSINESS_EVENT_TRIGGERED` campaigns (the business event in `basic_details.business_event` triggers them)',
  ONE_TIME: 'does not apply to `ONE_TIME` campaigns (they are sent on their schedule)',
  PERIODIC: 'does not apply to `PERIODIC` campaigns (they are sent on their schedule)',
};

/** T1: which delivery types have a trigger condition. */
function presence(doc: Obj, type: string | undefined): Finding[] {
  if (!type) return [];
  if (NEEDS_TRIGGER.includes(type)) {
    if (doc.trigger_condition !== undefined || !hasComponents(doc)) return [];
    return [
      finding(
        'T1',
        'error',
        TC,
        l10n.t`\`trigger_condition\` is required when \`campaign_delivery_type\` is \`${type}\`: say which event triggers the campaign (\`included_filters\`) and when to send (\`trigger_delay_type\`).`,
        {
          fixes: [
            {
              title: l10n.t('Add a `trigger_condition` skeleton'),
              edits: [
                {
                  kind: 'insert',
                  path: TC,
                  value: { included_filters: { filter_operator: 'and', filters: [] }, trigger_delay_type: 'ASAP' },
                },
              ],
            },
          ],
        },
      ),
    ];
  }
  const why = own(NO_TRIGGER, type);
  if (!why || doc.trigger_condition === undefined) return [];
  return [
    finding('T1', 'warning', TC, l10n.t`\`trigger_condition\` ${why}: it is ignored. Remove it.`, {
      target: 'key',
      fixes: [{ title: l10n.t('Remove `trigger_condition`'), edits: [{ kind: 'remove', path: TC }], isPreferred: true }],
    }),
  ];
}

/** T2 (Email), T5: intelligent delay is Push only, and needs its window. */
function intelligentDelay(tc: Obj, channel: string | undefined): Finding[] {
  const out: Finding[] = [];
  const optimization = tc.intelligent_delay_optimization;
  if (channel === 'EMAIL') {
    if (tc.trigger_delay_type === 'INTELLIGENT_DELAY') {
      out.push(
        finding(
          'T2',
          'error',
          `${TC}/trigger_delay_type`,
          l10n.t('`INTELLIGENT_DELAY` is Push only: an Email trigger takes `DELAY` or `ASAP`.'),
          {
            fixes: ['ASAP', 'DELAY'].map(v => ({
              title: l10n.t`Change to \`${v}\``,
              edits: [{ kind: 'replaceValue' as const, path: `${TC}/trigger_delay_type`, value: v }],
            })),
          },
        ),
      );
    }
    if (optimization !== undefined) {
      out.push(
        finding(
          'T5',
          'error',
          `${TC}/intelligent_delay_optimization`,
          l10n.t('`intelligent_delay_optimization` is Push only: an Email campaign has no intelligent delay. Remove it.'),
          {
            target: 'key',
            fixes: [
              {
                title: l10n.t('Remove `intelligent_delay_optimization`'),
                edits: [{ kind: 'remove', path: `${TC}/intelligent_delay_optimization` }],
                isPreferred: true,
              },
            ],
          },
        ),
      );
    }
    return out;
  }
  if (tc.trigger_delay_type === 'INTELLIGENT_DELAY' && optimization === undefined) {
    out.push(
      finding(
        'T5',
        'error',
        `${TC}/intelligent_delay_optimization`,
        l10n.t(
          '`intelligent_delay_optimization` is required when `trigger_delay_type` is `INTELLIGENT_DELAY`: give the window (`min_delay_value`, `min_delay_granularity`, `max_delay_value`, `max_delay_granularity`).',
        ),
        {
          fixes: [
            {
              title: l10n.t('Add `intelligent_delay_optimization`'),
              edits: [
                {
                  kind: 'insert',
                  path: `${TC}/intelligent_delay_optimization`,
                  value: { min_delay_value: 1, min_delay_granularity: 'HOURS', max_delay_value: 1, max_delay_granularity: 'DAYS' },
                },
              ],
            },
          ],
        },
      ),
    );
  }
  if (isObj(optimization)) out.push(...window(optimization));
  return out;
}

const MINUTES: Record<string, number> = { MINUTES: 1, HOURS: 60, DAYS: 1440 };

/** T5 (warning): the minimum delay cannot exceed the maximum. */
function window(o: Obj): Finding[] {
  const { min_delay_value: minV, min_delay_granularity: minG, max_delay_value: maxV, max_delay_granularity: maxG } = o;
  if (typeof minV !== 'number' || typeof maxV !== 'number' || typeof minG !== 'string' || typeof maxG !== 'string') return [];
  // Compare only units each field allows; a wrong unit is the schema's to report.
  if (!['MINUTES', 'HOURS'].includes(minG) || !['HOURS', 'DAYS'].includes(maxG)) return [];
  if (minV * MINUTES[minG] <= maxV * MINUTES[maxG]) return [];
  const amount = (v: number, unit: string): string => `${v} ${unit.toLowerCase().replace(/s$/, v === 1 ? '' : 's')}`;
  return [
    finding(
      'T5',
      'warning',
      `${TC}/intelligent_delay_optimization/min_delay_value`,
      l10n.t(
        'The minimum delay ({0}) is longer than the maximum ({1}): the window is empty. Lower the minimum or raise the maximum.',
        amount(minV, minG),
        amount(maxV, maxG),
      ),
    ),
  ];
}

/** T4: `trigger_attr` is a string, or with `BEFORE` an object naming the time attribute. */
function triggerAttr(tc: Obj): Finding[] {
  const attr = tc.trigger_attr;
  const path = `${TC}/trigger_attr`;
  if (tc.trigger_relation === 'BEFORE') {
    if (attr === undefined) {
      return [
        finding(
          'T4',
          'error',
          path,
          l10n.t(
            '`trigger_attr` is required when `trigger_relation` is `BEFORE`: an object whose `name` is the time attribute to count back from, such as `{ "name": "Appointment Time" }`.',
          ),
        ),
      ];
    }
    if (typeof attr === 'string') {
      return [
        finding(
          'T4',
          'error',
          path,
          l10n.t(
            'With `trigger_relation` `BEFORE`, `trigger_attr` is an object naming the time attribute: {0}, not a string.',
            `\`{ "name": "${attr}" }\``,
          ),
          {
            fixes: [
              {
                title: l10n.t('Change to {0}', `\`{ "name": "${attr}" }\``),
                edits: [{ kind: 'replaceValue', path, value: { name: attr } }],
                isPreferred: true,
              },
            ],
          },
        ),
      ];
    }
    if (isObj(attr) && attr.name === undefined) {
      return [
        finding(
          'T4',
          'error',
          `${path}/name`,
          l10n.t('`name` is required in `trigger_attr`: the time attribute the delay counts back from.'),
        ),
      ];
    }
    return [];
  }
  if (isObj(attr)) {
    const name = attr.name;
    return [
      finding(
        'T4',
        'error',
        path,
        l10n.t`\`trigger_attr\` is a string unless \`trigger_relation\` is \`BEFORE\`; here it is \`${tc.trigger_relation === undefined ? 'not set' : visible(String(tc.trigger_relation))}\`. Use the string that marks the action trigger.`,
        typeof name === 'string'
          ? { fixes: [{ title: l10n.t`Change to \`"${name}"\``, edits: [{ kind: 'replaceValue', path, value: name }], isPreferred: true }] }
          : undefined,
      ),
    ];
  }
  return [];
}

/** `BEFORE` anchors on a time attribute: the string becomes `{ "name": … }`. */
function timeAttributeObjectFix(f: FixContext): Fix[] {
  return f.key === 'trigger_attr' && typeof f.value === 'string' && isObj(f.parent) && f.parent.trigger_relation === 'BEFORE'
    ? [
        fix(
          l10n.t('Change to {0}', `\`{ "name": "${f.value}" }\``),
          [{ kind: 'replaceValue', path: f.finding.path, value: { name: f.value } }],
          true,
        ),
      ]
    : [];
}

const checks: RuleCheck[] = [
  {
    ids: ['T1'],
    kinds: ['campaign'],
    check: ({ doc }) => (isObj(doc) ? presence(doc, campaignKind(doc).type) : []),
  },
  {
    ids: ['T2', 'T4', 'T5'],
    kinds: ['campaign'],
    check({ doc }) {
      if (!isObj(doc) || !isObj(doc.trigger_condition)) return [];
      const tc = doc.trigger_condition;
      return [...intelligentDelay(tc, campaignKind(doc).channel), ...triggerAttr(tc)];
    },
  },
];

export const triggerRules: RuleGroup = {
  section: '`trigger_condition`',
  rules: [
    {
      id: 'T1',
      title: 'Trigger condition where it applies',
      severity: 'E / W',
      summary:
        'Required for `EVENT_TRIGGERED`, `DEVICE_TRIGGERED`, `LOCATION_TRIGGERED`. Not used by `BUSINESS_EVENT_TRIGGERED`, not applicable to `ONE_TIME` / `PERIODIC`.',
      docs: {
        doc: push({ campaign_delivery_type: 'EVENT_TRIGGERED', basic_details: { name: 'Cart reminder', platforms: ['ANDROID'] } }),
        fix: 'Add `trigger_condition` with the triggering event (`included_filters`) and `trigger_delay_type`. On `ONE_TIME`, `PERIODIC` and `BUSINESS_EVENT_TRIGGERED` campaigns a trigger is ignored: remove it (quick fix).',
      },
      removesInapplicable: true,
    },
    {
      id: 'T2',
      title: 'Trigger delay type',
      severity: 'E',
      summary: '`trigger_delay_type`: Push `DELAY`, `ASAP`, `INTELLIGENT_DELAY`; Email `DELAY`, `ASAP`.',
      docs: {
        doc: email({
          campaign_delivery_type: 'EVENT_TRIGGERED',
          trigger_condition: { ...cartTrigger, trigger_delay_type: 'INTELLIGENT_DELAY' },
        }),
        fix: 'Email triggers take `ASAP` or `DELAY`; `INTELLIGENT_DELAY` is Push only.',
      },
    },
    {
      id: 'T3',
      title: 'Delay companions',
      severity: 'E',
      summary:
        '`DELAY` requires `trigger_delay_value` (integer ≥ 0), `trigger_delay_granularity` (`MINUTES`, `HOURS`, `DAYS`) and `trigger_relation` (`BEFORE`, `AFTER`).',
      messages: {
        missingField:
          '`{missing}` is required when `trigger_delay_type` is `DELAY`: a delay needs `trigger_delay_value`, `trigger_delay_granularity` (`MINUTES`, `HOURS`, `DAYS`) and `trigger_relation` (`BEFORE`, `AFTER`).',
      },
      docs: {
        doc: push({
          campaign_delivery_type: 'EVENT_TRIGGERED',
          trigger_condition: { ...cartTrigger, trigger_delay_type: 'DELAY', trigger_delay_value: 2, trigger_relation: 'AFTER' },
        }),
        fix: 'Give all three: `trigger_delay_value` (integer ≥ 0), `trigger_delay_granularity` (`MINUTES`, `HOURS`, `DAYS`) and `trigger_relation` (`BEFORE`, `AFTER`).',
      },
    },
    {
      id: 'T4',
      title: 'Trigger attribute',
      severity: 'E',
      summary:
        '`trigger_attr`: a string, except when `trigger_relation` is `BEFORE`: then an object whose `name` is the anchoring time attribute.',
      messages: {
        wrongType:
          '`trigger_attr` must be a string (an action trigger) or, with `trigger_relation` `BEFORE`, an object such as `{ "name": "Appointment Time" }`.',
      },
      docs: {
        doc: push({
          campaign_delivery_type: 'EVENT_TRIGGERED',
          trigger_condition: {
            ...cartTrigger,
            trigger_delay_type: 'DELAY',
            trigger_delay_value: 1,
            trigger_delay_granularity: 'DAYS',
            trigger_relation: 'BEFORE',
            trigger_attr: 'Appointment Time',
          },
        }),
        fix: 'With `BEFORE`, name the time attribute in an object: `{ "name": "Appointment Time" }` (quick fix). Otherwise `trigger_attr` is a string.',
      },
      fix: timeAttributeObjectFix,
    },
    {
      id: 'T5',
      title: 'Intelligent delay',
      severity: 'E / W',
      summary:
        '`INTELLIGENT_DELAY` (Push only) requires `intelligent_delay_optimization` with `min_delay_value`, `min_delay_granularity` (`MINUTES`, `HOURS`), `max_delay_value`, `max_delay_granularity` (`HOURS`, `DAYS`). A minimum that exceeds the maximum is a warning.',
      messages: {
        missingField:
          '`{missing}` is required in `intelligent_delay_optimization`: it needs `min_delay_value`, `min_delay_granularity`, `max_delay_value` and `max_delay_granularity`.',
      },
      docs: {
        doc: push({
          campaign_delivery_type: 'EVENT_TRIGGERED',
          trigger_condition: { ...cartTrigger, trigger_delay_type: 'INTELLIGENT_DELAY' },
        }),
        fix: 'Add `intelligent_delay_optimization` with `min_delay_value`, `min_delay_granularity` (`MINUTES`, `HOURS`), `max_delay_value` and `max_delay_granularity` (`HOURS`, `DAYS`); keep the minimum below the maximum.',
      },
    },
    {
      id: 'T6',
      title: 'Trigger filter groups',
      severity: 'E',
      summary: '`included_filters` and `secondary_included_filters` are filter groups (F1–F7).',
      docs: {
        doc: push({
          campaign_delivery_type: 'EVENT_TRIGGERED',
          trigger_condition: { included_filters: [{ filter_type: 'actions', action_name: 'Added To Cart' }], trigger_delay_type: 'ASAP' },
        }),
        fix: 'Wrap the filters in a filter group: `{ "filter_operator": "and", "filters": [ … ] }`.',
      },
    },
  ],
  checks,
};
