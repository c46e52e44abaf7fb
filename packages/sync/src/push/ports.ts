import type { LocalRules } from './preflight';
import { CampaignDoc } from './model';
import { RemoteFinding, ServiceErrorEnvelope } from './errorMapping';
import { ConflictChoice, FieldConflict } from './merge';
import { Problem } from './stateRules';
import type { StatusAction } from '../remote/serviceClient';
import type { Clock } from '../remote/clock';
import type { LockHolder } from '../files/pushLock';

/**
 * What the write flows need from the rest of the extension, as narrow interfaces. The VS Code
 * layer implements them on top of the one service client, the base-snapshot store and the
 * editor; tests implement them over the emulator with a scripted user. Nothing here builds an
 * HTTP request.
 */

/** A campaign as read from the service. */
export interface RemoteCampaign {
  /** The record exactly as returned (`data` of the envelope). */
  raw: CampaignDoc;
  /** The same record in request shape, as base snapshots are stored. */
  normalized: CampaignDoc;
  status: string;
}

export interface TestRecipientResult {
  recipient: string;
  ok: boolean;
  reason?: string;
}

export interface ExecutionEntry {
  campaign_id: string;
  sent_time?: string;
  status?: string;
}
export interface ExecutionHistoryPage {
  executions: ExecutionEntry[];
  total_instances?: number;
}

export interface TestSendRequest {
  mode: 'draft' | 'inline';
  /** Draft mode: the saved draft's id. */
  campaignId?: string;
  /** Inline mode: the campaign content to send. */
  content?: CampaignDoc;
  channel: string;
  /** Who receives it: email addresses (Email) or user identifiers (Push). */
  recipients: string[];
}

/** The service calls the write flows make. */
export interface PushApi {
  /**
   * `signal` aborts the read (a cancelled or timed-out check). `thenWrite`: the update follows
   * this read at once, so the read waits for the rate limit to let both go back to back.
   */
  getCampaign(id: string, signal?: AbortSignal, o?: { thenWrite?: boolean }): Promise<RemoteCampaign>;
  updateCampaign(id: string, body: CampaignDoc): Promise<void>;
  createCampaign(body: CampaignDoc): Promise<{ id: string }>;
  /** Validate without committing; `content` is the local campaign (request shape) when given. */
  validateCampaign(id: string, content?: CampaignDoc): Promise<{ ok: true } | { ok: false; envelope: ServiceErrorEnvelope }>;
  testCampaign(request: TestSendRequest): Promise<{ message?: string; results: TestRecipientResult[] }>;
  changeStatus(action: StatusAction, id: string): Promise<void>;
  executions(id: string, page: number, limit: number): Promise<ExecutionHistoryPage>;
  /** Drafts by `createdBy` of this channel and delivery type (newest first), for a lost create answer. */
  findDrafts(
    createdBy: string,
    channel: string,
    deliveryType: string,
    signal?: AbortSignal,
  ): Promise<Array<{ id: string; created_at?: string }>>;
}

/** Where base snapshots live (the sidecar written by fetch). */
export interface BaseStore {
  /** The base (request shape with its metadata), undefined when there is none; throws when damaged or foreign. */
  read(id: string): Promise<CampaignDoc | undefined>;
  /** Records the campaign as just read from the service as the new base. */
  write(id: string, remote: RemoteCampaign): Promise<void>;
  /**
   * Holds campaign `id` against other pushes from this folder, in any process, until the
   * returned release; `onWait` when another holds it. Rejects with `PushLockBusy` when the wait
   * ends first. Absent where no other process shares the store (memory, a dry run).
   */
  hold?(id: string, onWait: (holder: LockHolder) => void): Promise<() => Promise<void>>;
}

/** The user's campaign file: its current text (editor buffer), and guarded replacement. */
export interface LocalFile {
  readonly uri: string;
  readonly name: string;
  text(): string;
  /**
   * Replaces the whole text when it still equals `expected`; false (and no change) when the
   * user edited it in between. The VS Code layer saves the document afterwards when it was saved
   * before.
   */
  replace(expected: string, next: string): Promise<boolean>;
  /**
   * Calls `then` with the saved text once the file's current content is saved: at once for a
   * file on disk or an editor buffer without unsaved changes, else at its next save (never, if it
   * is closed unsaved). `cancel` drops the call if it has not happened yet.
   */
  whenSaved(then: (savedText: string) => void): { cancel(): void };
}

/** A field the push changes, as the review lists it: the service now → after the push. */
export interface ReviewChange {
  /** `basic_details.tags`, as shown to people. */
  path: string;
  /** The service's value now; `undefined` when the field is absent there. */
  before: unknown;
  /** The value sent; `undefined` when the push removes the field. */
  after: unknown;
  /** The service changed this field since the file's base: the push replaces someone else's edit. */
  overridesRemote: boolean;
}

export interface PushPreview {
  campaignId: string;
  campaignName?: string;
  environment: string;
  production: boolean;
  status: string;
  /** The request: `PATCH /v5/campaigns/{id}`. */
  request: { method: 'PATCH'; path: string };
  /** The exact body that will be sent. */
  body: CampaignDoc;
  /** The same keys as the service has them now: the "before" of the diff. */
  before: CampaignDoc;
  /** Components sent (whole, rule P4). */
  changed: string[];
  /** Every field the push changes on the service, service now → after push. */
  changes: ReviewChange[];
  /** Fields the file took from the service in the merge (already written into the file). */
  takeFromRemote: string[];
  /** Who last changed the campaign on the service, and when, when the service says. */
  remoteUpdatedBy?: string;
  remoteUpdatedAt?: string;
  /** What is not sent and why, P5 notes, merge notes. */
  notes: string[];
}

/** Fields changed on both sides since the fetch, to be decided one by one. */
export interface ConflictQuestion {
  campaignId: string;
  campaignName?: string;
  environment: string;
  fileUri: string;
  fileName: string;
  /** Who last changed the campaign on the service, and when, when the service says. */
  remoteUpdatedBy?: string;
  remoteUpdatedAt?: string;
  /** The conflicts to decide, in document order. */
  conflicts: FieldConflict[];
  /** Each side's campaign content (no metadata), for side-by-side views. */
  base: CampaignDoc;
  local: CampaignDoc;
  remote: CampaignDoc;
  /** The merged content for a set of choices: what the file will hold (undecided conflicts keep yours). */
  result(choices: Readonly<Record<string, ConflictChoice>>): CampaignDoc;
}

/** Every question and message of the flows; the VS Code layer shows dialogs, tests answer from a script. */
export interface PushUi {
  /** Shows the diff of the body and asks; `round` 2 is the second question for production. */
  confirmPush(preview: PushPreview, round: 1 | 2): Promise<boolean>;
  /** Real conflicts: one choice per conflict id, or undefined to cancel the push. */
  resolveConflicts(question: ConflictQuestion): Promise<Record<string, ConflictChoice> | undefined>;
  /** After success, the service's copy differs from the file: may the file take it? */
  offerRemoteVersion(components: string[], info: { campaignId: string }): Promise<boolean>;
  /** A question with a yes answer (status actions, draft creation, production). */
  confirm(message: string, detail: string, yes: string, how?: ConfirmHow): Promise<boolean>;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  /** Findings about the file from the service or the state rules; [] clears them. */
  showFindings(uri: string, findings: Array<RemoteFinding | Problem>, doc: unknown): void;
  /**
   * Long steps; the VS Code layer shows progress with a Cancel button, which aborts the step's
   * service call and its signal; tests record what it says.
   */
  progress<T>(title: string, task: (step: ProgressStep) => Promise<T>): Promise<T>;
}

/** How a question must be answered when its yes cannot be undone. */
export interface ConfirmHow {
  /** Yes is never the default answer: the safe answer comes first. */
  irreversible?: boolean;
  /** Yes only by typing this text exactly (the campaign's name): for production. */
  typed?: string;
}

/**
 * Says how a flow ended, once: a note when it is done or the person cancelled, a warning when
 * whether a write applied could not be checked, an error for everything else.
 */
export function tellOutcome(ui: PushUi, outcome: string, message: string): void {
  if (outcome === 'done' || outcome === 'cancelled') ui.info(message);
  else if (outcome === 'unchecked') ui.warn(message);
  else ui.error(message);
}

/** What a long step may do while it runs: say what it waits for, and notice a cancel. */
export interface ProgressStep {
  /** A line beside the title: what the step is doing or waiting for now. */
  report(message: string): void;
  /** Aborted when the person cancels the step. */
  readonly signal: AbortSignal;
}

/** How a write whose answer was lost is checked by reading the service again. */
export interface ReadBackOptions {
  /** How long the check keeps trying while the service does not answer. Default 2 minutes. */
  budgetMs?: number;
  /** The clock of its waits; tests pass a virtual one. */
  clock?: Clock;
}

export interface WriteEnvironment {
  name: string;
  production: boolean;
  /** The user's email, for `created_by` / `updated_by`. */
  email: string;
}

/** What a status change (pause, resume, stop) runs with. */
export interface StatusDeps {
  api: PushApi;
  bases: BaseStore;
  ui: PushUi;
  env: WriteEnvironment;
  /** The check after a lost answer; the defaults when absent. */
  readBack?: ReadBackOptions;
  /** The campaign's file, when the action came from it: its read-only metadata follows the base (rule D8). */
  file?: LocalFile;
}

/** What every write flow on a file (push, create draft, validate, test send) runs with. */
export interface WriteDeps extends StatusDeps {
  /** The rule set, with the settings the editor (or CI) uses for this file. */
  rules: LocalRules;
}
