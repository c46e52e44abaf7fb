import * as l10n from '@vscode/l10n';
import { dequal } from 'dequal';
import { Finding, Fix, RuleCheck } from '../model/types';
import { join } from '../model/pointer';
import { code as c, finding, has, isObj, Obj } from './util';
import { instantOf, parseIsoDateTime } from '../model/dateTime';
import { own } from '../model/json';
import { isKnownNonComponent } from '../model/vocabulary';
import { isResponseScheduling, isTimeOfDay, requestDeliveryTypes, startTimeOf } from '../model/schedulingShape';
import { RuleGroup } from './define';
import { cartTrigger, filter, fixedTime, group, push } from './examples';

/**
 * Updates of a fetched campaign (rules P1–P5). They run only when the editor knows the remote
 * state (`ctx.remote`): the status, and the base copy the file was fetched as. What changed is
 * the difference between the document and that base, component by component, since an update
 * sends each changed component whole.
 */

/** Components an `ACTIVE` campaign cannot change (P1), besides two scheduling fields. */
const FROZEN_WHEN_ACTIVE = ['trigger_condition', 'segmentation_details', 'conversion_goal_details'];

/** Pointers (below `at`) where `a` and `b` differ, deepest first found, at most `max`. */
export function differences(a: unknown, b: unknown, at: string, max = 3): string[] {
  const out: string[] = [];
  const walk = (x: unknown, y: unknown, p: string): void => {
    if (out.length >= max || dequal(x, y)) return;
    if (isObj(x) && isObj(y)) {
      for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) walk(own(x, k), own(y, k), join(p, k));
    } else if (Array.isArray(x) && Array.isArray(y) && x.length === y.length) {
      x.forEach((v, i) => walk(v, y[i], join(p, i)));
    } else {
      out.push(p);
    }
  };
  walk(a, b, at);
  return out;
}

/** The fix that undoes a change: the fetched value back, or the component removed when it is new. */
function restore(doc: Obj, base: Obj, key: string, path: string): Fix {
  if (has(base, key))
    return {
      title: l10n.t`Restore the fetched \`${key}\``,
      edits: [{ kind: has(doc, key) ? 'replaceValue' : 'insert', path, value: base[key] }],
      isPreferred: true,
    };
  return { title: l10n.t`Remove \`${key}\` (the campaign on the service has none)`, edits: [{ kind: 'remove', path }], isPreferred: true };
}

/** The same instant, or the same text: `start_time` written differently is no change. */
function sameTime(a: unknown, b: unknown, zone: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') {
    const pa = parseIsoDateTime(a);
    const pb = parseIsoDateTime(b);
    const z = typeof zone === 'string' ? zone : undefined;
    if (pa && pb) return instantOf(pa, z) === instantOf(pb, z);
  }
  return dequal(a, b);
}

function changedComponents(doc: Obj, base: Obj): string[] {
  return Object.keys(doc).filter(k => !isKnownNonComponent(k) && !dequal(doc[k], base[k]));
}

/** P1, P2: one scheduling field that the status freezes. */
function frozenSchedulingField(doc: Obj, base: Obj, key: 'delivery_type' | 'start_time', status: string, rule: 'P1' | 'P2'): Finding[] {
  const sd = doc.scheduling_details;
  const bsd = isObj(base.scheduling_details) ? base.scheduling_details : {};
  if (!isObj(sd)) return [];
  const then =
    rule === 'P1' ? 'an `ACTIVE` campaign keeps its schedule type and start time' : 'a `SCHEDULED` campaign keeps its schedule type';
  // A base kept as the service returned it (`SCHEDULED`, `schedule_time`) is compared by meaning.
  if (isResponseScheduling(bsd) || isResponseScheduling(sd)) return frozenAcrossShapes(sd, bsd, key, then, rule);
  if (!has(sd, key) && !has(bsd, key)) return [];
  const same = key === 'start_time' ? sameTime(sd[key], bsd[key], sd.timezone ?? bsd.timezone) : dequal(sd[key], bsd[key]);
  if (same) return [];
  const path = join('/scheduling_details', key);
  const was = has(bsd, key) ? ` (it is ${c(bsd[key])} on the service)` : '';
  const what = !has(sd, key) ? `removes \`scheduling_details.${key}\`` : `changes \`scheduling_details.${key}\``;
  return [
    finding(
      rule,
      'error',
      path,
      l10n.t('This {0}{1}, but the service refuses it: {2}. Restore it, or stop the campaign and create a new one.', what, was, then),
      { fixes: [restore(sd, bsd, key, path)] },
    ),
  ];
}

/**
 * P1, P2 when either side is in response shape: `SCHEDULED` stands for the request types it may
 * mean, and `schedule_time` for `start_time`. A time of day (what the service returns for a
 * periodic campaign) equals only the same time of day: against a date-time, the date the service
 * holds is unknown, so the change cannot be shown to keep it.
 */
function frozenAcrossShapes(sd: Obj, bsd: Obj, key: 'delivery_type' | 'start_time', then: string, rule: 'P1' | 'P2'): Finding[] {
  const fixes = [
    {
      title: l10n.t('Restore the fetched `scheduling_details`'),
      edits: [{ kind: 'replaceValue' as const, path: '/scheduling_details', value: bsd }],
      isPreferred: true,
    },
  ];
  if (key === 'delivery_type') {
    const mine = requestDeliveryTypes(sd);
    const theirs = requestDeliveryTypes(bsd);
    if (mine.some(t => theirs.some(u => dequal(t, u)))) return [];
    const what = has(sd, 'delivery_type') ? 'changes `scheduling_details.delivery_type`' : 'removes `scheduling_details.delivery_type`';
    const was = has(bsd, 'delivery_type')
      ? ` (it is ${c(bsd.delivery_type)} on the service${bsd.delivery_type === 'SCHEDULED' ? `, which stands for ${theirs.map(c).join(' or ')}` : ''})`
      : '';
    return [
      finding(
        rule,
        'error',
        join('/scheduling_details', 'delivery_type'),
        l10n.t('This {0}{1}, but the service refuses it: {2}. Restore it, or stop the campaign and create a new one.', what, was, then),
        { fixes },
      ),
    ];
  }
  const mine = startTimeOf(sd);
  const theirs = startTimeOf(bsd);
  if (!mine && !theirs) return [];
  const zone = sd.timezone ?? sd.time_zone ?? bsd.timezone ?? bsd.time_zone;
  if (mine && theirs && isTimeOfDay(mine.value) === isTimeOfDay(theirs.value) && sameTime(mine.value, theirs.value, zone)) return [];
  const path = join('/scheduling_details', mine?.key ?? 'start_time');
  const was = theirs
    ? ` (it is ${c(theirs.value)} on the service${isTimeOfDay(theirs.value) ? ', which reports only the time of day of a periodic campaign, so a date-time cannot be shown to keep it' : ''})`
    : '';
  const what = mine ? 'changes the start time' : 'removes the start time';
  return [
    finding(
      rule,
      'error',
      path,
      l10n.t('This {0}{1}, but the service refuses it: {2}. Restore it, or stop the campaign and create a new one.', what, was, then),
      { fixes },
    ),
  ];
}

const checks: RuleCheck[] = [
  {
    ids: ['P1', 'P2', 'P3', 'P4', 'P5'],
    kinds: ['campaign'],
    check({ doc, remote }) {
      if (!remote || !isObj(doc)) return [];
      const status = String(remote.status ?? '').toUpperCase();
      const base = remote.base;
      const out: Finding[] = [];
      if (!isObj(base)) {
        // Without the fetched copy nothing can be compared, but a closed campaign takes no update at all.
        if (status === 'STOPPED' || status === 'ARCHIVED') {
          out.push(
            finding(
              'P3',
              'error',
              '',
              l10n.t`This campaign is ${c(status)} on the service, which accepts no update to it: nothing in this file can be pushed. Create a new campaign instead.`,
            ),
          );
        }
        return out;
      }
      const changed = changedComponents(doc, base);
      const refused = new Set<string>();
      if (status === 'STOPPED' || status === 'ARCHIVED') {
        for (const key of changed) {
          refused.add(key);
          out.push(
            finding(
              'P3',
              'error',
              join('', key),
              l10n.t(
                'This campaign is {0}: the service accepts no update, so this change to {1} cannot be pushed. Restore it, or create a new campaign.',
                c(status),
                c(key),
              ),
              { target: 'key', fixes: [restore(doc, base, key, join('', key))] },
            ),
          );
        }
      }
      if (status === 'ACTIVE') {
        for (const key of FROZEN_WHEN_ACTIVE.filter(k => changed.includes(k))) {
          refused.add(key);
          const where = differences(doc[key], base[key], join('', key));
          out.push(
            finding(
              'P1',
              'error',
              join('', key),
              l10n.t`This campaign is \`ACTIVE\`: the service refuses changes to ${c(key)}` +
                (has(base, key) ? l10n.t` (changed at ${where.map(c).join(', ')})` : l10n.t(' (the campaign on the service has none)')) +
                l10n.t('. Restore it, or stop the campaign and create a new one.'),
              { target: 'key', fixes: [restore(doc, base, key, join('', key))] },
            ),
          );
        }
        const sched = [
          ...frozenSchedulingField(doc, base, 'delivery_type', status, 'P1'),
          ...frozenSchedulingField(doc, base, 'start_time', status, 'P1'),
        ];
        if (sched.length) refused.add('scheduling_details');
        out.push(...sched);
      }
      if (status === 'SCHEDULED') {
        const sched = frozenSchedulingField(doc, base, 'delivery_type', status, 'P2');
        if (sched.length) refused.add('scheduling_details');
        out.push(...sched);
      }
      // P4: a nested change sends the whole component.
      for (const key of changed) {
        if (refused.has(key) || !isObj(doc[key]) || !isObj(base[key])) continue;
        const where = differences(doc[key], base[key], join('', key));
        out.push(
          finding(
            'P4',
            'information',
            join('', key),
            l10n.t(
              'Changed inside {0} (at {1}): an update sends the complete {2} component, which replaces the one on the service.',
              c(key),
              where.map(c).join(', '),
              c(key),
            ),
            { target: 'key' },
          ),
        );
      }
      // P5: when a change reaches users.
      const type = typeof doc.campaign_delivery_type === 'string' ? doc.campaign_delivery_type : base.campaign_delivery_type;
      const live = status === 'ACTIVE' || status === 'PAUSED';
      for (const key of changed) {
        if (refused.has(key)) continue;
        if (type === 'EVENT_TRIGGERED' && live && (key === 'trigger_condition' || key === 'campaign_content')) {
          out.push(
            finding(
              'P5',
              'information',
              join('', key),
              l10n.t`This event-triggered campaign is live: a change to ${c(key)} can take up to 30 minutes to reach users.`,
              { target: 'key' },
            ),
          );
        } else if (type === 'PERIODIC' && (live || status === 'SCHEDULED')) {
          out.push(
            finding(
              'P5',
              'information',
              join('', key),
              l10n.t`This periodic campaign applies the change to ${c(key)} from its next scheduled run; runs already sent keep the old version.`,
              { target: 'key' },
            ),
          );
        }
      }
      return out;
    },
  },
];

export const updateRules: RuleGroup = {
  section: 'Updates of an existing campaign',
  rules: [
    {
      id: 'P1',
      title: 'Live campaign changes',
      severity: 'E',
      summary:
        '`ACTIVE`: changes to `trigger_condition`, `segmentation_details`, `conversion_goal_details`, `scheduling_details.delivery_type` and `scheduling_details.start_time` are refused.',
      docs: {
        remote: { status: 'ACTIVE', base: push({ segmentation_details: { is_all_user_campaign: true } }) },
        context: 'Fetched while `ACTIVE`, with `"segmentation_details": { "is_all_user_campaign": true }`; the file narrows the audience:',
        doc: push({ segmentation_details: { included_filters: group(filter) } }),
        fix: 'Restore the fetched component (quick fix). To change the audience of a live campaign, create a new campaign.',
      },
    },
    {
      id: 'P2',
      title: 'Scheduled campaign changes',
      severity: 'E',
      summary: '`SCHEDULED`: the scheduling `delivery_type` cannot change.',
      docs: {
        remote: { status: 'SCHEDULED', base: push({ scheduling_details: fixedTime }) },
        context: "Fetched while `SCHEDULED` at a fixed time; the file switches to the user's time zone:",
        doc: push({
          scheduling_details: {
            delivery_type: 'SEND_IN_USER_TIMEZONE',
            start_time: '2026-03-20T09:00:00',
            user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: false },
          },
        }),
        fix: 'Keep the scheduling `delivery_type` (quick fix restores it); other scheduling fields may change.',
      },
    },
    {
      id: 'P3',
      title: 'Stopped and archived campaigns',
      severity: 'E',
      summary: '`STOPPED`, `ARCHIVED`: no update is accepted.',
      docs: {
        remote: { status: 'STOPPED', base: push({ utm_params: { utm_source: 'app', utm_medium: 'push' } }) },
        context: 'Fetched while `STOPPED`; the file changes the UTM parameters:',
        doc: push({ utm_params: { utm_source: 'app', utm_medium: 'push', utm_campaign: 'spring' } }),
        fix: 'Nothing can be updated: restore the fetched values, or create a new campaign.',
      },
    },
    {
      id: 'P4',
      title: 'Whole components',
      severity: '—',
      summary: 'A change inside a nested object sends the complete parent component.',
      docs: {
        remote: { status: 'PAUSED', base: push({ segmentation_details: { included_filters: group(filter) } }) },
        context: 'Fetched while `PAUSED`; the file changes one filter value:',
        doc: push({ segmentation_details: { included_filters: group({ ...filter, value: 'Hamburg' }) } }),
        fix: 'Nothing to fix: a push sends the whole `segmentation_details` component, as the service requires.',
      },
    },
    {
      id: 'P5',
      title: 'Live changes take time',
      severity: 'I',
      summary:
        'Changes to `trigger_condition` / `campaign_content` of a live event-triggered campaign take up to 30 minutes to reach users; periodic campaigns apply changes from the next run.',
      docs: {
        remote: {
          status: 'ACTIVE',
          base: push({
            campaign_delivery_type: 'EVENT_TRIGGERED',
            trigger_condition: { ...cartTrigger, trigger_delay_type: 'ASAP' },
            campaign_content: { content: { push: { android: { template_type: 'BASIC' } } } },
          }),
        },
        context: 'Fetched while `ACTIVE`; the file changes the content of an event-triggered campaign:',
        doc: push({
          campaign_delivery_type: 'EVENT_TRIGGERED',
          trigger_condition: { ...cartTrigger, trigger_delay_type: 'ASAP' },
          campaign_content: { content: { push: { android: { template_type: 'STYLIZED_BASIC' } } } },
        }),
        fix: 'Nothing to fix: expect up to 30 minutes until users get the new version (periodic campaigns: from the next run).',
      },
    },
  ],
  checks,
};
