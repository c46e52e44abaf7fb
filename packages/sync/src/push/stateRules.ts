import * as l10n from '@vscode/l10n';
import { dequal } from 'dequal';
import type { StatusAction } from '../remote/serviceClient';
import { CampaignDoc, list } from './model';
import { code, isObject } from '@campaign-studio/core';

/**
 * What V5 can and cannot write, decided before anything is sent: the state rules P1–P3 against
 * the campaign's current remote status, the refusals of rule D5 (SMS and
 * `BROADCAST_LIVE_ACTIVITY`), and the notes of rule P5.
 */

export interface Problem {
  rule: string;
  /** JSON pointer in the local file. */
  path: string;
  message: string;
  severity: 'error' | 'warning' | 'information';
}

export type WriteKind = 'update' | 'create' | 'test' | 'status';

const V1_ROUTE = 'PATCH /core-services/v1/campaigns/{campaign_id}';

/** Rule D5: channels and delivery types that V5 cannot write at all. */
export function writeRefusal(doc: CampaignDoc, kind: WriteKind): Problem | undefined {
  const channel = doc.channel;
  const type = doc.campaign_delivery_type;
  if (channel === 'SMS') {
    return {
      rule: 'D5',
      path: '/channel',
      severity: 'error',
      message:
        kind === 'create'
          ? l10n.t(
              'SMS campaigns can be read through V5 but not created through it: the service manages them only through the dashboard or the V1 interface ({0}). Nothing was sent.',
              V1_ROUTE,
            )
          : kind === 'test'
            ? l10n.t(
                'SMS campaigns can be read through V5 but not test-sent through it: the service manages them only through the dashboard or the V1 interface ({0}). Nothing was sent.',
                V1_ROUTE,
              )
            : kind === 'status'
              ? l10n.t(
                  'SMS campaigns can be read through V5 but not paused, resumed or stopped through it: the service manages them only through the dashboard or the V1 interface ({0}). Nothing was sent.',
                  V1_ROUTE,
                )
              : l10n.t(
                  'SMS campaigns can be read through V5 but not updated through it: the service manages them only through the dashboard or the V1 interface ({0}). Nothing was sent.',
                  V1_ROUTE,
                ),
    };
  }
  if (type === 'BROADCAST_LIVE_ACTIVITY' && (kind === 'create' || kind === 'update')) {
    return {
      rule: 'D5',
      path: '/campaign_delivery_type',
      severity: 'error',
      message:
        kind === 'create'
          ? l10n.t(
              '`BROADCAST_LIVE_ACTIVITY` campaigns cannot be created through `POST /v5/campaigns`: create them in the dashboard. Nothing was sent.',
            )
          : l10n.t('`BROADCAST_LIVE_ACTIVITY` campaigns are not written through V5: change them in the dashboard. Nothing was sent.'),
    };
  }
  return undefined;
}

/** Statuses in which no update is accepted (rule P3; `RETIRED` is terminal too). */
const FROZEN_STATUSES = ['STOPPED', 'ARCHIVED', 'RETIRED'];

/** Components that an `ACTIVE` campaign cannot change (rule P1). */
const ACTIVE_LOCKED_COMPONENTS = ['trigger_condition', 'segmentation_details', 'conversion_goal_details'];

export function normalStatus(status: unknown): string {
  return typeof status === 'string' ? status.trim().toUpperCase() : '';
}

/** `SCHEDULED` is the response form of any scheduled request type (spec: scheduling as returned). */
function sameDeliveryType(local: unknown, remote: unknown): boolean {
  if (dequal(local, remote)) return true;
  if (remote === 'SCHEDULED') return typeof local === 'string' && local !== 'ASAP';
  if (local === 'SCHEDULED') return typeof remote === 'string' && remote !== 'ASAP';
  return false;
}

/** Two times are the same when equal as text or as instants ("YYYY-MM-DD HH:MM:SS" read as UTC). */
export function sameInstant(a: unknown, b: unknown): boolean {
  if (dequal(a, b)) return true;
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const t = (s: string) => {
    const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(s) ? s.replace(' ', 'T') + (/[zZ]|[+-]\d{2}:?\d{2}$/.test(s) ? '' : 'Z') : s;
    return Date.parse(iso);
  };
  const ta = t(a);
  const tb = t(b);
  return !Number.isNaN(ta) && ta === tb;
}

/**
 * P1–P3 for an update that carries `changed` components of `local`, against the campaign as it is
 * on the service now (`remote`, request shape) in `status`.
 */
export function stateProblems(local: CampaignDoc, changed: readonly string[], remote: CampaignDoc, status: string): Problem[] {
  const st = normalStatus(status);
  const out: Problem[] = [];
  if (FROZEN_STATUSES.includes(st)) {
    out.push({
      rule: 'P3',
      path: '',
      severity: 'error',
      message: [
        st === 'ARCHIVED'
          ? l10n.t('The campaign is {0} on the service: an archived campaign accepts no update.', code(st))
          : st === 'RETIRED'
            ? l10n.t('The campaign is {0} on the service: a retired campaign accepts no update.', code(st))
            : l10n.t('The campaign is {0} on the service: a stopped campaign accepts no update.', code(st)),
        l10n.t('Nothing was sent.'),
        l10n.t(
          'To reuse this configuration, remove `id` (and the other read-only fields) from a copy of the file and create a new draft from it.',
        ),
      ].join(' '),
    });
    return out;
  }
  if (st === 'ACTIVE') {
    for (const key of changed) {
      if (ACTIVE_LOCKED_COMPONENTS.includes(key)) {
        out.push({
          rule: 'P1',
          path: '/' + key,
          severity: 'error',
          message: l10n.t(
            '{0} cannot change while the campaign is `ACTIVE`: the service refuses the whole update. Put back the fetched value ("Campaign Studio: Compare with Base (as Fetched)" shows your change), or make this change in a new campaign.',
            code(key),
          ),
        });
      }
    }
    if (changed.includes('scheduling_details')) {
      const l = isObject(local.scheduling_details) ? local.scheduling_details : {};
      const r = isObject(remote.scheduling_details) ? remote.scheduling_details : {};
      if (!sameDeliveryType(l.delivery_type, r.delivery_type)) {
        out.push({
          rule: 'P1',
          path: '/scheduling_details/delivery_type',
          severity: 'error',
          message: l10n.t(
            'The scheduling `delivery_type` cannot change while the campaign is `ACTIVE` (it is {0} on the service). Put it back; other scheduling fields such as `expiry_time` may change.',
            String(JSON.stringify(r.delivery_type)),
          ),
        });
      }
      if (!sameInstant(l.start_time, r.start_time)) {
        out.push({
          rule: 'P1',
          path: '/scheduling_details/start_time',
          severity: 'error',
          message:
            r.start_time === undefined
              ? l10n.t(
                  '`start_time` cannot change while the campaign is `ACTIVE` (it is not set on the service). Put it back; other scheduling fields such as `expiry_time` may change.',
                )
              : l10n.t(
                  '`start_time` cannot change while the campaign is `ACTIVE` (it is {0} on the service). Put it back; other scheduling fields such as `expiry_time` may change.',
                  String(JSON.stringify(r.start_time)),
                ),
        });
      }
    }
  }
  if (st === 'SCHEDULED' && changed.includes('scheduling_details')) {
    const l = isObject(local.scheduling_details) ? local.scheduling_details : {};
    const r = isObject(remote.scheduling_details) ? remote.scheduling_details : {};
    if (!sameDeliveryType(l.delivery_type, r.delivery_type)) {
      out.push({
        rule: 'P2',
        path: '/scheduling_details/delivery_type',
        severity: 'error',
        message: l10n.t(
          'The scheduling `delivery_type` cannot change while the campaign is `SCHEDULED` (it is {0} on the service). Everything else can change; put this one back.',
          String(JSON.stringify(r.delivery_type)),
        ),
      });
    }
  }
  return out;
}

/** Rule P5: when a change reaches users, for the confirmation text. */
export function propagationNotes(local: CampaignDoc, changed: readonly string[], status: string): Problem[] {
  const st = normalStatus(status);
  const live = st === 'ACTIVE' || st === 'SCHEDULED' || st === 'PAUSED';
  const type = local.campaign_delivery_type;
  const out: Problem[] = [];
  const slow = changed.filter(k => k === 'trigger_condition' || k === 'campaign_content');
  if (live && (type === 'EVENT_TRIGGERED' || type === 'DEVICE_TRIGGERED' || type === 'LOCATION_TRIGGERED') && slow.length) {
    out.push({
      rule: 'P5',
      path: '/' + slow[0],
      severity: 'information',
      message: l10n.t('Changes to {0} of a live event-triggered campaign take up to 30 minutes to reach users.', list(slow)),
    });
  }
  if (live && type === 'PERIODIC' && changed.length) {
    out.push({
      rule: 'P5',
      path: '',
      severity: 'information',
      message: l10n.t('A periodic campaign applies these changes from its next scheduled run.'),
    });
  }
  return out;
}

/** Why publishing is not offered: V5 has no publish call (spec: What the service does). */
export function publishExplanation(id?: string): string {
  const route = id ? V1_ROUTE.replace('{campaign_id}', id) : V1_ROUTE;
  return l10n.t(
    'Publishing is not part of the V5 interface, so Campaign Studio does not publish. Push your changes to the draft, validate it (Campaign Studio: Validate Remotely), then publish it from the dashboard or through the V1 interface: {0}.',
    route,
  );
}

/** The statuses a pause starts from, and a resume returns to. */
const PAUSABLE = ['ACTIVE', 'SCHEDULED'] as const;

/**
 * Pause / resume / stop: which statuses each action can start from (refused otherwise, before
 * sending), and the statuses that show, when read back, that it took effect.
 */
export const STATUS_ACTIONS = {
  PAUSE: { from: PAUSABLE, reaches: ['PAUSED'] },
  RESUME: { from: ['PAUSED'], reaches: PAUSABLE },
  STOP: { from: ['ACTIVE', 'SCHEDULED', 'PAUSED'], reaches: ['STOPPED'] },
} as const satisfies Record<StatusAction, { from: readonly string[]; reaches: readonly string[] }>;

/** The sentence of a status action: each action's is whole, its verb written in it (a translation needs the whole sentence). */
export function byAction(action: StatusAction, pause: () => string, resume: () => string, stop: () => string): string {
  switch (action) {
    case 'PAUSE':
      return pause();
    case 'RESUME':
      return resume();
    case 'STOP':
      return stop();
  }
}

/** Delivery types that can be paused: periodic and triggered campaigns (V1's notes; the emulator's "Status actions"). */
const PAUSABLE_TYPES = ['PERIODIC', 'EVENT_TRIGGERED', 'BUSINESS_EVENT_TRIGGERED', 'DEVICE_TRIGGERED', 'LOCATION_TRIGGERED'];

/**
 * The status actions a campaign can take as it was last read: its status, and what its delivery
 * type allows (a one-time campaign is not paused, nor stopped once it is sending). None for SMS,
 * which V5 does not write. What the Campaigns view offers; the service may still refuse.
 */
export function statusActionsFor(doc: CampaignDoc): StatusAction[] {
  if (writeRefusal(doc, 'status')) return [];
  const st = normalStatus(doc.status);
  const type = doc.campaign_delivery_type;
  const allowed: Record<StatusAction, boolean> = {
    PAUSE: (STATUS_ACTIONS.PAUSE.from as readonly string[]).includes(st) && PAUSABLE_TYPES.includes(String(type)),
    RESUME: (STATUS_ACTIONS.RESUME.from as readonly string[]).includes(st),
    STOP: (STATUS_ACTIONS.STOP.from as readonly string[]).includes(st) && !(st === 'ACTIVE' && type === 'ONE_TIME'),
  };
  return (Object.keys(allowed) as StatusAction[]).filter(a => allowed[a]);
}

/** The search for the campaigns an action may apply to (its starting statuses; no SMS): the palette's choice. */
export function statusActionQuery(action: StatusAction): { campaign_fields: Record<string, unknown> } {
  return { campaign_fields: { channels: ['PUSH', 'EMAIL'], status: [...STATUS_ACTIONS[action].from] } };
}

export function statusActionProblem(action: StatusAction, status: string, doc: CampaignDoc): Problem | undefined {
  const refusal = writeRefusal(doc, 'status');
  if (refusal) return refusal;
  const st = normalStatus(status);
  const spec = STATUS_ACTIONS[action];
  if ((spec.from as readonly string[]).includes(st)) return undefined;
  const from = list(spec.from);
  const hint =
    st === 'DRAFT'
      ? l10n.t('A draft is not live yet: publish it first (through the dashboard or V1).')
      : FROZEN_STATUSES.includes(st) || st === 'SENT'
        ? l10n.t('The campaign has ended; nothing can change its state now.')
        : byAction(
            action,
            () => l10n.t('It can be paused only when it is {0}.', from),
            () => l10n.t('Only a paused campaign can be resumed.'),
            () => l10n.t('It can be stopped only when it is {0}.', from),
          );
  const refused = st
    ? byAction(
        action,
        () => l10n.t('The campaign is {0} on the service, so it cannot be paused.', code(st)),
        () => l10n.t('The campaign is {0} on the service, so it cannot be resumed.', code(st)),
        () => l10n.t('The campaign is {0} on the service, so it cannot be stopped.', code(st)),
      )
    : byAction(
        action,
        () => l10n.t('The campaign is `of unknown status` on the service, so it cannot be paused.'),
        () => l10n.t('The campaign is `of unknown status` on the service, so it cannot be resumed.'),
        () => l10n.t('The campaign is `of unknown status` on the service, so it cannot be stopped.'),
      );
  return { rule: 'P3', path: '/status', severity: 'error', message: `${refused} ${hint}` };
}
