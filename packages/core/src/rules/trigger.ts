import { Finding, RuleCheck } from '../language/types';
import { campaignKind, finding, isObj, Obj } from './util';
import { hasComponents } from './document';

/**
 * `trigger_condition` rules that depend on the delivery type, the channel or several fields at
 * once (T1, T2 for Email, T4, T5). Field types, enums and the `DELAY` companions (T3) are in the
 * trigger_condition schema; the filter groups (T6) reuse the shared filter schema.
 */

const TC = '/trigger_condition';
const NEEDS_TRIGGER = ['EVENT_TRIGGERED', 'DEVICE_TRIGGERED', 'LOCATION_TRIGGERED'];
const NO_TRIGGER: Record<string, string> = {
  BUSINESS_EVENT_TRIGGERED: 'is not used by `BUSINESS_EVENT_TRIGGERED` campaigns (the business event in `basic_details.business_event` triggers them)',
  ONE_TIME: 'does not apply to `ONE_TIME` campaigns (they are sent on their schedule)',
  PERIODIC: 'does not apply to `PERIODIC` campaigns (they are sent on their schedule)',
};

/** T1: which delivery types have a trigger condition. */
function presence(doc: Obj, type: string | undefined): Finding[] {
  if (!type) return [];
  if (NEEDS_TRIGGER.includes(type)) {
    if (doc.trigger_condition !== undefined || !hasComponents(doc)) return [];
    return [finding('T1', 'error', TC,
      `\`trigger_condition\` is required when \`campaign_delivery_type\` is \`${type}\`: say which event triggers the campaign (\`included_filters\`) and when to send (\`trigger_delay_type\`).`,
      { fixes: [{ title: 'Add a `trigger_condition` skeleton', edits: [{ kind: 'insert', path: TC, value: { included_filters: { filter_operator: 'and', filters: [] }, trigger_delay_type: 'ASAP' } }] }] })];
  }
  const why = NO_TRIGGER[type];
  if (!why || doc.trigger_condition === undefined) return [];
  return [finding('T1', 'warning', TC, `\`trigger_condition\` ${why}: it is ignored. Remove it.`,
    { target: 'key', fixes: [{ title: 'Remove `trigger_condition`', edits: [{ kind: 'remove', path: TC }], isPreferred: true }] })];
}

/** T2 (Email), T5: intelligent delay is Push only, and needs its window. */
function intelligentDelay(tc: Obj, channel: string | undefined): Finding[] {
  const out: Finding[] = [];
  const optimization = tc.intelligent_delay_optimization;
  if (channel === 'EMAIL') {
    if (tc.trigger_delay_type === 'INTELLIGENT_DELAY') {
      out.push(finding('T2', 'error', `${TC}/trigger_delay_type`,
        '`INTELLIGENT_DELAY` is Push only: an Email trigger takes `DELAY` or `ASAP`.',
        { fixes: ['ASAP', 'DELAY'].map(v => ({ title: `Change to \`${v}\``, edits: [{ kind: 'replaceValue' as const, path: `${TC}/trigger_delay_type`, value: v }] })) }));
    }
    if (optimization !== undefined) {
      out.push(finding('T5', 'error', `${TC}/intelligent_delay_optimization`,
        '`intelligent_delay_optimization` is Push only: an Email campaign has no intelligent delay. Remove it.',
        { target: 'key', fixes: [{ title: 'Remove `intelligent_delay_optimization`', edits: [{ kind: 'remove', path: `${TC}/intelligent_delay_optimization` }], isPreferred: true }] }));
    }
    return out;
  }
  if (tc.trigger_delay_type === 'INTELLIGENT_DELAY' && optimization === undefined) {
    out.push(finding('T5', 'error', `${TC}/intelligent_delay_optimization`,
      '`intelligent_delay_optimization` is required when `trigger_delay_type` is `INTELLIGENT_DELAY`: give the window (`min_delay_value`, `min_delay_granularity`, `max_delay_value`, `max_delay_granularity`).',
      { fixes: [{ title: 'Add `intelligent_delay_optimization`', edits: [{ kind: 'insert', path: `${TC}/intelligent_delay_optimization`, value: { min_delay_value: 1, min_delay_granularity: 'HOURS', max_delay_value: 1, max_delay_granularity: 'DAYS' } }] }] }));
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
  return [finding('T5', 'warning', `${TC}/intelligent_delay_optimization/min_delay_value`,
    `The minimum delay (${amount(minV, minG)}) is longer than the maximum (${amount(maxV, maxG)}): the window is empty. Lower the minimum or raise the maximum.`)];
}

/** T4: `trigger_attr` is a string, or with `BEFORE` an object naming the time attribute. */
function triggerAttr(tc: Obj): Finding[] {
  const attr = tc.trigger_attr;
  const path = `${TC}/trigger_attr`;
  if (tc.trigger_relation === 'BEFORE') {
    if (attr === undefined) {
      return [finding('T4', 'error', path,
        '`trigger_attr` is required when `trigger_relation` is `BEFORE`: an object whose `name` is the time attribute to count back from, such as `{ "name": "Appointment Time" }`.')];
    }
    if (typeof attr === 'string') {
      return [finding('T4', 'error', path,
        `With \`trigger_relation\` \`BEFORE\`, \`trigger_attr\` is an object naming the time attribute: \`{ "name": "${attr}" }\`, not a string.`,
        { fixes: [{ title: `Change to \`{ "name": "${attr}" }\``, edits: [{ kind: 'replaceValue', path, value: { name: attr } }], isPreferred: true }] })];
    }
    if (isObj(attr) && attr.name === undefined) {
      return [finding('T4', 'error', `${path}/name`,
        '`name` is required in `trigger_attr`: the time attribute the delay counts back from.')];
    }
    return [];
  }
  if (isObj(attr)) {
    const name = attr.name;
    return [finding('T4', 'error', path,
      `\`trigger_attr\` is a string unless \`trigger_relation\` is \`BEFORE\`; here it is \`${tc.trigger_relation === undefined ? 'not set' : String(tc.trigger_relation)}\`. Use the string that marks the action trigger.`,
      typeof name === 'string' ? { fixes: [{ title: `Change to \`"${name}"\``, edits: [{ kind: 'replaceValue', path, value: name }], isPreferred: true }] } : undefined)];
  }
  return [];
}

export const triggerRules: RuleCheck[] = [
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
