import * as l10n from '@vscode/l10n';
import { dequal } from 'dequal';
import { CampaignDoc, list } from './model';
import { isAuthorField, isReadOnlyField } from '@campaign-studio/core';

/**
 * After a write whose answer never came (a timeout, a dropped connection, a 5xx), the remote is
 * read again to learn what happened before anything is said or done; nothing is sent again. A
 * read answers it: the service holds what was sent (applied), or it does not (not applied, or
 * not applied as sent when another client changed the campaign meanwhile).
 */

export type WriteOutcome = 'applied' | 'not-applied';

export interface Reconciliation {
  outcome: WriteOutcome;
  /** Sent components whose remote value now equals what was sent. */
  matched: string[];
  /** Sent components the service still holds as before the write. */
  asBefore: string[];
  /** Sent components that now hold neither what was sent nor what was there before: another client wrote them. */
  overwritten: string[];
  /** Components not sent that nevertheless changed on the remote (another client). */
  changedElsewhere: string[];
}

export interface ReconcileInput {
  /** The remote (request shape) read just before the write. */
  before: CampaignDoc;
  /** The components that were sent, with their values. */
  sent: CampaignDoc;
  /** The remote (request shape) read after the write's answer was lost. */
  after: CampaignDoc;
  /**
   * Whether a sent value and the remote's value are the same campaign content. Defaults to
   * structural equality; a caller may pass one that knows response-only normalizations.
   */
  equivalent?: (component: string, sent: unknown, remote: unknown) => boolean;
}

export function reconcileWrite(input: ReconcileInput): Reconciliation {
  const equivalent = input.equivalent ?? ((_k: string, a: unknown, b: unknown) => dequal(a, b));
  const sentKeys = Object.keys(input.sent).filter(k => k !== 'channel' && k !== 'campaign_delivery_type' && k !== 'updated_by');
  const matched = sentKeys.filter(k => equivalent(k, input.sent[k], input.after[k]));
  const mismatched = sentKeys.filter(k => !matched.includes(k));
  const asBefore = mismatched.filter(k => dequal(input.before[k], input.after[k]));
  const overwritten = mismatched.filter(k => !asBefore.includes(k));
  const keys = new Set([...Object.keys(input.before), ...Object.keys(input.after)]);
  const changedElsewhere = [...keys].filter(k => !sentKeys.includes(k) && !isMeta(k) && !dequal(input.before[k], input.after[k]));
  const outcome = mismatched.length === 0 && sentKeys.length > 0 ? 'applied' : 'not-applied';
  return { outcome, matched, asBefore, overwritten, changedElsewhere };
}

/** Not applied, and not because nothing happened: part of it, or another client's write, is there instead. */
export function notAppliedAsSent(r: Reconciliation): boolean {
  return r.outcome === 'not-applied' && (r.overwritten.length > 0 || r.matched.length > 0);
}

/**
 * What the read showed when the update is not what the service holds, to follow "Reading
 * campaign … again shows": not applied (the version from before), or not applied as sent (who
 * changed what, and what holds what). `updatedBy` is who last changed it, when someone else.
 */
export function notAppliedFinding(r: Reconciliation, updatedBy?: string): string {
  if (!notAppliedAsSent(r))
    return [
      l10n.t('that it was not applied: the service still has {0} as before the push.', list(r.asBefore)),
      changedMeanwhile(r, updatedBy),
    ]
      .filter(Boolean)
      .join(' ');
  const changed = [...r.overwritten, ...r.changedElsewhere];
  const parts = [
    changed.length
      ? updatedBy
        ? l10n.t('another client changed {0} (by {1})', list(changed), updatedBy)
        : l10n.t('another client changed {0}', list(changed))
      : updatedBy
        ? l10n.t('another client changed the campaign (by {0})', updatedBy)
        : l10n.t('another client changed the campaign'),
  ];
  if (r.matched.length)
    parts.push(
      r.matched.length === 1 ? l10n.t('{0} holds what was sent', list(r.matched)) : l10n.t('{0} hold what was sent', list(r.matched)),
    );
  if (r.asBefore.length)
    parts.push(
      r.asBefore.length === 1
        ? l10n.t('{0} is as before the push', list(r.asBefore))
        : l10n.t('{0} are as before the push', list(r.asBefore)),
    );
  return l10n.t('that the update is not applied as sent: {0}.', parts.join('; '));
}

/** Components not sent that another client changed meanwhile, as a sentence ('' when none). */
export function changedMeanwhile(r: Reconciliation, updatedBy?: string): string {
  if (!r.changedElsewhere.length) return '';
  return updatedBy
    ? l10n.t(
        'Meanwhile another client changed {0} (by {1}), which your file does not have yet: the next push brings it into your file (it is kept as theirs, never sent back over).',
        list(r.changedElsewhere),
        updatedBy,
      )
    : l10n.t(
        'Meanwhile another client changed {0}, which your file does not have yet: the next push brings it into your file (it is kept as theirs, never sent back over).',
        list(r.changedElsewhere),
      );
}

function isMeta(k: string): boolean {
  return isReadOnlyField(k) || isAuthorField(k);
}

/**
 * After a create whose answer was lost: the drafts of this author that appeared since the call
 * started. Exactly one is ours; none means it was not created; several are ambiguous: one of
 * them is ours, and which cannot be told.
 */
export function reconcileCreate(
  candidates: ReadonlyArray<{ id: string; created_at?: string }>,
  startedAt: number,
  knownIds: ReadonlySet<string>,
  what: string,
): { outcome: WriteOutcome | 'ambiguous'; id?: string; message: string } {
  const fresh = candidates.filter(c => !knownIds.has(c.id) && createdSince(c.created_at, startedAt));
  if (fresh.length === 1)
    return {
      outcome: 'applied',
      id: fresh[0].id,
      message: l10n.t("{0}, but a new draft by you appeared on the service ({1}); it is taken as this file's draft.", what, fresh[0].id),
    };
  if (fresh.length === 0)
    return {
      outcome: 'not-applied',
      message: l10n.t('{0}, and no new draft by you appeared on the service: nothing was created. Create the draft again.', what),
    };
  return {
    outcome: 'ambiguous',
    message: l10n.t(
      "{0}, and {1} new drafts by you appeared since ({2}): one of them is this file's, and which one cannot be told. Nothing else was sent; check them in the Campaigns view, delete the extras in the dashboard, and write the right `id` into the file.",
      what,
      fresh.length,
      fresh.map(c => c.id).join(', '),
    ),
  };
}

/** Service timestamps are UTC, "YYYY-MM-DD HH:MM:SS[.fff]"; allow a minute of clock skew. */
function createdSince(createdAt: string | undefined, startedAt: number): boolean {
  if (!createdAt) return false;
  const iso = /^\d{4}-\d{2}-\d{2} /.test(createdAt)
    ? createdAt.replace(' ', 'T') + (/[zZ]|[+-]\d{2}:?\d{2}$/.test(createdAt) ? '' : 'Z')
    : createdAt;
  const t = Date.parse(iso);
  return !Number.isNaN(t) && t >= startedAt - 60_000;
}
