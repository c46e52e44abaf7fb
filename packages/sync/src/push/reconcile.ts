import { dequal } from 'dequal';
import { CampaignDoc, list, sameContent, sameStamp, stampOf } from './model';

/**
 * After a write whose answer never came (a timeout, a dropped connection), the remote is read
 * again to learn what happened before anything is said or done; nothing is retried blindly.
 */

export type WriteOutcome = 'applied' | 'not-applied' | 'unknown';

export interface Reconciliation {
  outcome: WriteOutcome;
  /** What the user is told, in plain words. */
  message: string;
  /** Components whose remote value now equals what was sent. */
  matched: string[];
  /** Sent components whose remote value differs from what was sent. */
  mismatched: string[];
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
  const keys = new Set([...Object.keys(input.before), ...Object.keys(input.after)]);
  const changedElsewhere = [...keys].filter(k => !sentKeys.includes(k) && !isMeta(k) && !dequal(input.before[k], input.after[k]));
  const stampMoved = !sameStamp(stampOf(input.before), stampOf(input.after));
  const unchanged = !stampMoved && sameContent(input.before, input.after);

  if (mismatched.length === 0 && sentKeys.length > 0) {
    const others = changedElsewhere.length ? ` Meanwhile ${list(changedElsewhere)} also changed on the service (another client); compare with the remote before editing further.` : '';
    return { outcome: 'applied', matched, mismatched, changedElsewhere, message: `The answer to the update was lost, but reading the campaign again shows that it was applied: ${list(matched)} now hold${matched.length === 1 ? 's' : ''} what was sent.${others}` };
  }
  if (unchanged) {
    return { outcome: 'not-applied', matched, mismatched, changedElsewhere, message: 'The answer to the update was lost, and reading the campaign again shows that it was not applied: the service still has the version from before the push. Nothing was changed; push again when the connection is back.' };
  }
  const partly = matched.length ? ` ${list(matched)} hold${matched.length === 1 ? 's' : ''} what was sent, ${list(mismatched)} do${mismatched.length === 1 ? 'es' : ''} not.` : ` ${list(mismatched)} do${mismatched.length === 1 ? 'es' : ''} not hold what was sent.`;
  return {
    outcome: 'unknown', matched, mismatched, changedElsewhere,
    message: `The answer to the update was lost, and the campaign on the service changed in a way that does not match the push.${partly} Another client may have written it at the same time. Nothing was retried and your file is unchanged: compare it with the remote ("Campaign Studio: Compare with Remote") before pushing again.`,
  };
}

const META = new Set(['id', 'campaign_id', 'version_number', 'status', 'created_at', 'updated_at', 'sent_time', 'flow_id', 'flow_name', 'parent_id', 'created_by', 'updated_by']);
function isMeta(k: string): boolean {
  return META.has(k);
}

/**
 * After a create whose answer was lost: the drafts of this author that appeared since the call
 * started. Exactly one is ours; none means it was not created; more cannot be told apart.
 */
export function reconcileCreate(candidates: ReadonlyArray<{ id: string; created_at?: string }>, startedAt: number, knownIds: ReadonlySet<string>): { outcome: WriteOutcome; id?: string; message: string } {
  const fresh = candidates.filter(c => !knownIds.has(c.id) && createdSince(c.created_at, startedAt));
  if (fresh.length === 1) return { outcome: 'applied', id: fresh[0].id, message: `The answer to the create call was lost, but a new draft by you appeared on the service (${fresh[0].id}); it is taken as this file's draft.` };
  if (fresh.length === 0) return { outcome: 'not-applied', message: 'The answer to the create call was lost, and no new draft appeared on the service: nothing was created. Create the draft again when the connection is back.' };
  return { outcome: 'unknown', message: `The answer to the create call was lost, and ${fresh.length} new drafts by you appeared since (${fresh.map(c => c.id).join(', ')}): which one is this file's cannot be told. Nothing else was sent; check them in the Campaigns view, delete the extras in the dashboard, and write the right \`id\` into the file.` };
}

/** Service timestamps are UTC, "YYYY-MM-DD HH:MM:SS[.fff]"; allow a minute of clock skew. */
function createdSince(createdAt: string | undefined, startedAt: number): boolean {
  if (!createdAt) return false;
  const iso = /^\d{4}-\d{2}-\d{2} /.test(createdAt) ? createdAt.replace(' ', 'T') + (/[zZ]|[+-]\d{2}:?\d{2}$/.test(createdAt) ? '' : 'Z') : createdAt;
  const t = Date.parse(iso);
  return !Number.isNaN(t) && t >= startedAt - 60_000;
}
