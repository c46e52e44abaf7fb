import { createHash } from 'crypto';
import { canonical, CampaignDoc, contentOf, ReviewChange } from '@campaign-studio/sync';

/**
 * The plan file (`campaign plan --out plan.json`, `--format json`): what a push would send, and
 * what it was computed against, so that `campaign push --plan` can refuse when either moved.
 * Documented in docs/plan-format.md, with its JSON Schema in packages/cli/schemas/plan.schema.json.
 * A later version bumps `version`; a push refuses versions it does not know.
 */

export const PLAN_FORMAT = 'campaign-studio-plan';
export const PLAN_VERSION = 1;

export type PlanAction =
  /** A PATCH of a campaign on the service. */
  | 'update'
  /** A new draft: POST, then one PATCH per component. */
  | 'create'
  /** Nothing to send. */
  | 'none'
  /** Nothing of the file's to send; the service changed: `campaign pull` takes it. */
  | 'behind'
  /** The file cannot be pushed: rule errors, a refusal, the service's validation. */
  | 'blocked'
  /** Fields changed on both sides differently: to be decided first. */
  | 'conflict'
  /** The check could not run (the service did not answer, no base snapshot…). */
  | 'error';

export interface PlanRequest {
  method: 'PATCH' | 'POST';
  /** `/v5/campaigns/{id}`; for a create's updates, `{id}` is the id the create returns. */
  path: string;
  body: CampaignDoc;
}

export interface PlanProblem {
  rule?: string;
  severity: string;
  path: string;
  message: string;
}

export interface PlanEntry {
  /** Relative to the folder the plan was made in, with `/`. */
  file: string;
  /** SHA-256 of the file's text when planned: a push refuses a file changed since. */
  fileSha256: string;
  campaignId?: string;
  campaignName?: string;
  environment?: string;
  action: PlanAction;
  /** Exactly what a push sends, in order. */
  requests: PlanRequest[];
  /** Every field the update changes on the service: now → after. */
  changes: ReviewChange[];
  /** The campaign on the service when planned: a push refuses when it moved. */
  remote?: RemoteStampRecord;
  /** Fields the push first merges from the service into the file (changed only there). */
  fileTakes: string[];
  conflicts: Array<{ path: string; base?: unknown; local?: unknown; remote?: unknown }>;
  problems: PlanProblem[];
  notes: string[];
  /** Why it is blocked, behind or an error, in one sentence. */
  message?: string;
}

export interface RemoteStampRecord {
  status: string;
  updatedAt?: string;
  updatedBy?: string;
  versionNumber?: number;
  /** SHA-256 of the campaign's content (request shape, canonical JSON). */
  contentSha256: string;
}

export interface Plan {
  format: typeof PLAN_FORMAT;
  version: typeof PLAN_VERSION;
  createdAt: string;
  tool: { name: 'campaign'; version: string };
  environments: Array<{ name: string; baseUrl: string; workspaceId: string; production: boolean }>;
  summary: Record<PlanAction, number>;
  entries: PlanEntry[];
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function contentHash(normalized: CampaignDoc): string {
  return sha256(canonical(contentOf(normalized)));
}

export function summaryOf(entries: PlanEntry[]): Record<PlanAction, number> {
  const out: Record<PlanAction, number> = { update: 0, create: 0, none: 0, behind: 0, blocked: 0, conflict: 0, error: 0 };
  for (const e of entries) out[e.action]++;
  return out;
}

/** Changes to send: `update` and `create`. */
export function pending(e: PlanEntry): boolean {
  return e.action === 'update' || e.action === 'create';
}

/** What stops a push of the plan: errors, blocks and conflicts. */
export function failing(e: PlanEntry): boolean {
  return e.action === 'blocked' || e.action === 'conflict' || e.action === 'error';
}

/** `campaign plan`'s exit status: 1 errors or conflicts, 2 changes pending, 0 nothing to do. */
export function planExitCode(entries: PlanEntry[]): number {
  if (entries.some(failing)) return 1;
  return entries.some(pending) ? 2 : 0;
}
