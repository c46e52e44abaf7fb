import * as l10n from '@vscode/l10n';
import { dequal } from 'dequal';
import { componentOf, describeFailure, errorEnvelope, findingsFromEnvelope, RemoteFinding } from './errorMapping';
import { isCancelled } from '../remote/clock';
import { adviceFor, answerLost, isServiceError, mayHaveApplied } from '../remote/errors';
import { ConflictChoice, FieldConflict, isChoice, mergeFields, mergeKept, MergeResult } from './merge';
import { PathSegment, valueAt } from './fieldPaths';
import {
  CampaignDoc,
  campaignIdOf,
  campaignNameOf,
  campaignTitle,
  canonical,
  componentsNamed,
  contentKeys,
  contentOf,
  list,
  sameContent,
  stampOf,
} from './model';
import { code, isObject, nonEmptyString, parse, READ_ONLY_FIELDS, visible } from '@campaign-studio/core';
import { computePatch, isEmptyPatch, PatchError, PatchPlan, planNotes, planRefusals, previewBefore, reviewChanges } from './patch';
import { PushLockBusy } from '../files/pushLock';
import { BaseStore, ConflictQuestion, LocalFile, PushPreview, PushUi, RemoteCampaign, tellOutcome, WriteDeps } from './ports';
import { checkLocal, summarize } from './preflight';
import { remoteStateOf } from '../remote/baseFormat';
import { changedMeanwhile, notAppliedAsSent, notAppliedFinding, reconcileWrite } from './reconcile';
import { differingPaths } from '../remote/json';
import { answerLostOrFailed, readUntilAnswered, whyUnchecked } from './readBack';
import { propagationNotes, stateProblems, writeRefusal, Problem } from './stateRules';
import { applyFieldChanges, applyTopLevel, metadataInStep, refreshMetadata } from './textEdits';

/**
 * Push: preflight (local rules, refusals, P1–P3 against the current remote, the service's
 * validate), a field-level three-way merge against the base snapshot (conflicts decided per
 * field by the user, the merge written into the file), the exact body reviewed and confirmed
 * (typed for production), the remote re-read just before the write, and a write that is never
 * sent twice: when its answer is lost, reading the campaign again tells whether it applied. The
 * base moves when the merged file is saved, and after a successful push from the campaign read
 * back.
 */

export type PushOutcome =
  | 'pushed'
  /** The write's answer was lost (or the service failed), and reading again showed it applied. */
  | 'pushed-after-timeout'
  | 'nothing-to-push'
  /** Nothing of the user's to send; the file took the service's changes. */
  | 'file-updated'
  | 'blocked'
  | 'cancelled'
  | 'failed'
  /**
   * The write's answer was lost (or the service failed), and reading again showed the service
   * does not hold what was sent: nothing happened, or another client changed the campaign.
   */
  | 'not-applied'
  /**
   * The write's answer was lost, and the campaign could not be read again to check it: the
   * person stopped the check, the service did not answer within the budget, or refused the read.
   */
  | 'unchecked';

export interface PushResult {
  outcome: PushOutcome;
  /** Where it stopped or what it did, in the user's words (also shown as a notification). */
  message: string;
  /** The stage that blocked or failed. */
  stage?:
    | 'parse'
    | 'identity'
    | 'local-rules'
    | 'base'
    | 'refusal'
    | 'state'
    | 'remote-validate'
    | 'read'
    | 'conflict'
    | 'confirm'
    | 'write'
    | 'file';
  /** Components sent. */
  sent?: string[];
  /** Components the file took from the service. */
  fileTook?: string[];
  problems?: Array<Problem | RemoteFinding>;
}

/** How many times the remote may move under a preview before the push gives up. */
const MAX_ROUNDS = 3;

/** The remote moved since `ref`: its stamp (`updated_at`, `version_number`) or its content differs. */
function remoteMoved(ref: CampaignDoc, remote: RemoteCampaign): boolean {
  const a = stampOf(ref);
  const b = stampOf(remote.raw);
  if (a.updated_at !== undefined && a.updated_at !== b.updated_at) return true;
  if (a.version_number !== undefined && a.version_number !== b.version_number) return true;
  return !sameContent(ref, remote.normalized);
}

/** The stored form of a remote read: request shape plus the stamp of the raw record. */
function baseFrom(remote: RemoteCampaign): CampaignDoc {
  const out: CampaignDoc = { ...remote.normalized };
  for (const k of READ_ONLY_FIELDS) if (remote.raw[k] !== undefined) out[k] = remote.raw[k];
  if (remote.raw.updated_by !== undefined) out.updated_by = remote.raw.updated_by;
  return out;
}

/** A stage ends the push with `result`: nothing more is done, and the driver tells the user why. */
interface Stop {
  kind: 'stop';
  result: PushResult;
}

/**
 * What a stage of the push hands the driver (`runPush`), which reads the stages in order:
 * `proceed` with the value the next stages work from, or `stop`.
 */
type Stage<T> = { kind: 'proceed'; value: T } | Stop;

/** The read just before the write: the remote to write over, or one that `moved` since the preview (another round). */
type ReadAgain = Stage<RemoteCampaign> | { kind: 'moved'; remote: RemoteCampaign };

function proceed<T>(value: T): Stage<T> {
  return { kind: 'proceed', value };
}

/** A stage that found nothing in the way. */
const PROCEED: Stage<void> = proceed(undefined);

function stop(result: PushResult): Stop {
  return { kind: 'stop', result };
}

/**
 * The base after a push: the service's copy of what was sent; for every other component, the
 * version the file was merged against just before the write. A component another client
 * changed between the write and the read-back is not in the file: with the read-back's copy as
 * its base, the next push would take the file's older value for an edit and send it back over
 * theirs. With the version before, it shows as their change, and the next push brings it in.
 */
function baseAfterPush(before: RemoteCampaign, after: RemoteCampaign, sent: readonly string[]): RemoteCampaign {
  const raw: CampaignDoc = { ...after.raw };
  const normalized: CampaignDoc = { ...after.normalized };
  for (const k of new Set([...contentKeys(before.normalized), ...contentKeys(after.normalized)])) {
    if (sent.includes(k) || dequal(before.normalized[k], after.normalized[k])) continue;
    keepBefore(raw, before.raw, k);
    keepBefore(normalized, before.normalized, k);
  }
  return { ...after, raw, normalized };
}

function keepBefore(into: CampaignDoc, before: CampaignDoc, key: string): void {
  if (before[key] === undefined) delete into[key];
  else into[key] = before[key];
}

/** The person pressed Cancel on a step's notification (a read, a validation): nothing was written. */
function cancelledByUser(e: unknown): boolean {
  return isCancelled(e);
}

/**
 * Tells the user why the push stopped (an error when nothing was pushed for a reason, a warning
 * when it could not be checked, a note for a cancel), and ends it with that result.
 */
function stopped(ui: PushUi, r: PushResult): PushResult {
  tellOutcome(ui, r.outcome, r.message);
  return r;
}

/**
 * The driver: the file is checked, the campaign read, then rounds against the remote until the
 * write: merge, plan, state rules, the service's validation, the review, and the read again just
 * before writing, which starts another round when the remote moved. A stage that stops ends the
 * push; the lock on the campaign is held from that last read to the base move.
 */
export async function runPush(file: LocalFile, deps: WriteDeps): Promise<PushResult> {
  const { ui } = deps;
  const checked = await checkFile(file, deps);
  if (checked.kind === 'stop') return stopped(ui, checked.result);
  const run = new PushRun(file, deps, checked.value);
  try {
    const read = await run.readRemote();
    if (read.kind === 'stop') return stopped(ui, read.result);
    let remote = read.value;
    for (let round = 1; ; round++) {
      const merged = await run.mergeWithRemote(remote);
      if (merged.kind === 'stop') return stopped(ui, merged.result);
      const merge = merged.value;
      const planned = run.planFor(merge, remote);
      if (planned.kind === 'stop') return stopped(ui, planned.result);
      const plan = planned.value;
      if (isEmptyPatch(plan)) {
        const taken = await run.takeRemoteChangesOnly(merge, remote);
        return taken.kind === 'stop' ? stopped(ui, taken.result) : taken.value;
      }
      const inFile = await run.writeMerge(merge, remote);
      if (inFile.kind === 'stop') return stopped(ui, inFile.result);
      const state = run.checkState(merge, plan, remote);
      if (state.kind === 'stop') return stopped(ui, state.result);
      const validated = await run.validateOnService(plan);
      if (validated.kind === 'stop') return stopped(ui, validated.result);
      const confirmed = await run.confirm(merge, plan, remote, validated.value);
      if (confirmed.kind === 'stop') return stopped(ui, confirmed.result);
      const held = await run.holdCampaign();
      if (held.kind === 'stop') return stopped(ui, held.result);
      try {
        const fresh = await run.readAgainBeforeWriting(remote, round);
        if (fresh.kind === 'stop') return stopped(ui, fresh.result);
        if (fresh.kind === 'moved') {
          remote = fresh.remote;
          continue;
        }
        const written = await run.write(plan, fresh.value);
        if (written.kind === 'stop') return stopped(ui, written.result);
        return await run.finish(plan, written.value, fresh.value);
      } finally {
        await held.value();
      }
    }
  } finally {
    await run.settled();
  }
}

/** The file as the push found it: its text, its content, its campaign id and its base snapshot. */
interface CheckedFile {
  text: string;
  local: CampaignDoc;
  id: string;
  base: CampaignDoc;
}

/** The file: JSON, a campaign id, writable by V5, no rule errors, and a base to merge against. */
async function checkFile(file: LocalFile, deps: WriteDeps): Promise<Stage<CheckedFile>> {
  const { ui } = deps;
  const text = file.text();
  const local = parse(text).value;
  if (!isObject(local))
    return stop({
      outcome: 'blocked',
      stage: 'parse',
      message: l10n.t('{0} does not hold a JSON object, so there is nothing to push. Fix the file first.', file.name),
    });
  const id = campaignIdOf(local);
  if (!id)
    return stop({
      outcome: 'blocked',
      stage: 'identity',
      message: l10n.t(
        '{0} has no `id`: this campaign is not on the service yet. Use "Campaign Studio: Create Draft from File" to create it.',
        file.name,
      ),
    });
  const refusal = writeRefusal(local, 'update');
  if (refusal) {
    ui.showFindings(file.uri, [refusal], local);
    return stop({ outcome: 'blocked', stage: 'refusal', message: refusal.message, problems: [refusal] });
  }
  const base = await readBase(deps.bases, id);
  const rules = await checkRules(file, text, deps, base.value);
  if (rules.kind === 'stop') return rules;
  if (base.error !== undefined) {
    return stop({
      outcome: 'blocked',
      stage: 'base',
      message: l10n.t('Nothing was sent: {0}', base.error instanceof Error ? base.error.message : String(base.error)),
    });
  }
  if (!isObject(base.value)) {
    return stop({
      outcome: 'blocked',
      stage: 'base',
      message: l10n.t(
        "There is no base snapshot for campaign {0}, so your changes cannot be told apart from someone else's and the push could overwrite them. Fetch the campaign first (it asks before touching your file), then push.",
        id,
      ),
    });
  }
  return proceed({ text, local, id, base: base.value });
}

/** The base snapshot, or why it could not be read: that is reported after the rule errors. */
async function readBase(bases: BaseStore, id: string): Promise<{ value?: CampaignDoc; error?: unknown }> {
  try {
    return { value: await bases.read(id) };
  } catch (e) {
    return { error: e };
  }
}

/**
 * The rules as the editor runs them for this file: a schedule kept as the service returned it
 * and unchanged since the fetch is not sent, so it does not block (rule H5, information).
 */
async function checkRules(file: LocalFile, text: string, deps: WriteDeps, base: CampaignDoc | undefined): Promise<Stage<void>> {
  const check = await checkLocal(deps.rules, text, undefined, isObject(base) ? remoteStateOf(base) : undefined);
  if (check.errors.length) {
    return stop({
      outcome: 'blocked',
      stage: 'local-rules',
      problems: check.errors,
      message:
        check.errors.length === 1
          ? l10n.t('Nothing was sent: {0} has 1 error the service would reject — {1}.', file.name, summarize(check.errors))
          : l10n.t(
              'Nothing was sent: {0} has {1} errors the service would reject — {2}.',
              file.name,
              check.errors.length,
              summarize(check.errors),
            ),
    });
  }
  return PROCEED;
}

/** The file merged with the remote as read in one round. */
interface Merge {
  /** The content the push works from: the file's, merged with the service's changes. */
  merged: CampaignDoc;
  /** Fields the file took from the service (changed only there, or "theirs"). */
  takeFromRemote: string[];
  /** Conflicts were decided in this round. */
  decided: boolean;
  notes: string[];
}

/** How a write went when the service took it. */
interface Written {
  outcome: PushOutcome;
  /** Why the write was read again before it was known to apply: its answer was lost, or said it failed. */
  note: '' | 'lost' | 'failed';
  /** The campaign as that read found it. */
  after?: RemoteCampaign;
  /** What else that read found (another client's changes), said after the rest. */
  meanwhile?: string;
}

/** One push of one file: what it has merged and decided so far, and its stages, which `runPush` drives. */
class PushRun {
  private readonly id: string;
  /** The file's text and content as the push last wrote or read them. */
  private text: string;
  private content: CampaignDoc;
  /** What the content is based on: the snapshot, then the remote version a merge was made with. */
  private base: CampaignDoc;
  /**
   * Choices per conflict id, with the remote value they were made against: a choice holds only
   * while the service still has that value.
   */
  private readonly decided = new Map<string, { choice: ConflictChoice; remote: string; segments: PathSegment[] }>();
  /** A base waiting for the merged file to be saved; superseded by a push. */
  private pendingBase?: { cancel(): void };
  /** The base being written because the merged file was saved: a later base waits for it. */
  private adopting: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: LocalFile,
    private readonly deps: WriteDeps,
    private readonly start: CheckedFile,
  ) {
    this.id = start.id;
    this.text = start.text;
    this.content = contentOf(start.local);
    this.base = start.base;
  }

  /** Resolves once a base being written for a saved merge is on disk. */
  settled(): Promise<void> {
    return this.adopting;
  }

  /**
   * No other push of this campaign from this folder, in any process, between the last read and
   * the base move: a second one waits (said as a step), then reads the campaign again.
   */
  async holdCampaign(): Promise<Stage<() => Promise<void>>> {
    const { bases, ui } = this.deps;
    if (!bases.hold) return proceed(async () => undefined);
    let acquired!: () => void;
    const waiting = new Promise<void>(resolve => (acquired = resolve));
    const name = this.file.name;
    try {
      return proceed(
        await bases.hold(
          this.id,
          h =>
            void ui.progress(
              h.pid === undefined
                ? l10n.t('Waiting for another push of {0} to finish…', name)
                : l10n.t('Waiting for another push of {0} (pid {1}) to finish…', name, h.pid),
              () => waiting,
            ),
        ),
      );
    } catch (e) {
      if (!(e instanceof PushLockBusy)) throw e;
      const by = e.holder.pid === undefined ? '' : l10n.t(' (pid {0})', e.holder.pid);
      return stop({
        outcome: 'blocked',
        stage: 'write',
        message: l10n.t(
          'Nothing was sent: another push of {0}{1} was still running after {2} seconds. Push again once it is done: the push reads the campaign first, so it sends only what the service does not hold yet.',
          name,
          by,
          Math.round(e.waitedMs / 1000),
        ),
      });
    } finally {
      acquired();
    }
  }

  async readRemote(): Promise<Stage<RemoteCampaign>> {
    const { api, ui, env } = this.deps;
    try {
      return proceed(await ui.progress(l10n.t`Reading campaign ${this.id}…`, () => api.getCampaign(this.id)));
    } catch (e) {
      if (cancelledByUser(e))
        return stop({
          outcome: 'cancelled',
          stage: 'read',
          message: l10n.t('Push cancelled while campaign {0} was being read: nothing was sent.', this.id),
        });
      return stop({
        outcome: 'failed',
        stage: 'read',
        message: l10n.t({
          message: 'Nothing was sent: {0} could not be read from {1}, and a push compares with its version there. {2}',
          args: [campaignTitle(campaignNameOf(this.content), this.id), env.name, adviceFor(e, { environment: env.name }).message],
          comment: "{0} is the campaign's name (or id), {2} what failed and what to do, in whole sentences",
        }),
      });
    }
  }

  /** When the remote moved since the base: a field-level merge, conflicts decided by the user. */
  async mergeWithRemote(remote: RemoteCampaign): Promise<Stage<Merge>> {
    if (!remoteMoved(this.base, remote)) return proceed({ merged: this.content, takeFromRemote: [], decided: false, notes: [] });
    const base = contentOf(this.base);
    const theirs = contentOf(remote.normalized);
    const known = this.choicesFor(remote);
    let m = mergeFields(base, this.content, theirs, known);
    const open = m.conflicts.filter(c => !(c.id in known));
    if (open.length) {
      if (!(await this.decideConflicts(open, base, theirs, remote, known))) {
        return stop({
          outcome: 'cancelled',
          stage: 'conflict',
          message: l10n.t('Push cancelled: nothing was sent, and {0} and its base are unchanged.', this.file.name),
        });
      }
      m = mergeFields(base, this.content, theirs, this.choicesFor(remote));
    }
    const takeFromRemote = [...m.takenFromRemote, ...m.conflicts.filter(c => this.decided.get(c.id)?.choice === 'remote').map(c => c.path)];
    const notes = [mergeNote(m, remote, id => this.decided.get(id)?.choice ?? 'local')];
    return proceed({ merged: m.merged, takeFromRemote, decided: open.length > 0, notes });
  }

  /** The choices made earlier that still hold: the service has the same value they were made against. */
  private choicesFor(remote: RemoteCampaign): Record<string, ConflictChoice> {
    const out: Record<string, ConflictChoice> = {};
    for (const [id, d] of this.decided) {
      if (canonical(valueAt(remote.normalized, d.segments)) === d.remote) out[id] = d.choice;
    }
    return out;
  }

  /**
   * Asks the user about the conflicts not yet decided, and keeps each choice with the remote value
   * it was made against; false when the user cancelled or left one undecided.
   */
  private async decideConflicts(
    open: FieldConflict[],
    base: CampaignDoc,
    theirs: CampaignDoc,
    remote: RemoteCampaign,
    known: Record<string, ConflictChoice>,
  ): Promise<boolean> {
    const { ui, env } = this.deps;
    const question: ConflictQuestion = {
      campaignId: this.id,
      campaignName: campaignNameOf(this.content),
      environment: env.name,
      fileUri: this.file.uri,
      fileName: this.file.name,
      remoteUpdatedBy: nonEmptyString(remote.raw.updated_by),
      remoteUpdatedAt: nonEmptyString(remote.raw.updated_at),
      conflicts: open,
      base,
      local: this.content,
      remote: theirs,
      result: choices => mergeFields(base, this.content, theirs, { ...known, ...choices }).merged,
    };
    const choices = await ui.resolveConflicts(question);
    if (!choices || open.some(c => !isChoice(choices[c.id]))) return false;
    for (const c of open) this.decided.set(c.id, { choice: choices[c.id], remote: canonical(c.remote), segments: c.segments });
    return true;
  }

  /** The patch: components that differ from what the service has now. */
  planFor(merge: Merge, remote: RemoteCampaign): Stage<PatchPlan> {
    const { env, ui } = this.deps;
    let plan: PatchPlan;
    try {
      plan = computePatch(merge.merged, remote.normalized, env.email);
    } catch (e) {
      return stop({ outcome: 'blocked', stage: 'parse', message: e instanceof PatchError ? e.message : String(e) });
    }
    // Identity is compared with the base the file came from.
    const identity = planRefusals(computePatch(this.content, contentOf(this.start.base), env.email));
    if (identity.length) {
      ui.showFindings(this.file.uri, identity, this.start.local);
      return stop({ outcome: 'blocked', stage: 'refusal', problems: identity, message: identity[0].message });
    }
    return proceed(plan);
  }

  /**
   * The merge goes into the file before anything is sent, field by field, every other byte kept.
   * The base follows only once the file is saved with the merge still in it: an undo before
   * saving brings the conflict back at the next push.
   */
  async writeMerge(merge: Merge, remote: RemoteCampaign): Promise<Stage<void>> {
    if (dequal(merge.merged, this.content)) return PROCEED;
    const next = refreshMetadata(applyFieldChanges(this.text, this.content, merge.merged), remote.normalized);
    if (!(await this.file.replace(this.text, next))) {
      return stop({
        outcome: 'cancelled',
        stage: 'file',
        message: l10n.t(
          "{0} changed while the service's changes were being merged into it: nothing was sent and the file is as you left it. Push again.",
          this.file.name,
        ),
      });
    }
    const baseContent = contentOf(this.base);
    const merged = merge.merged;
    const adopt = async (saved: string) => {
      const doc = parse(saved).value;
      if (!isObject(doc) || !mergeKept(baseContent, contentOf(remote.normalized), merged, contentOf(doc))) return;
      await this.deps.bases
        .write(this.id, remote)
        .catch(e =>
          this.deps.ui.warn(
            l10n.t(
              '{0} was saved with the merge, but its base snapshot could not be updated ({1}): the next push will merge against the older base again.',
              this.file.name,
              e instanceof Error ? e.message : String(e),
            ),
          ),
        );
    };
    this.pendingBase?.cancel();
    this.pendingBase = this.file.whenSaved(saved => (this.adopting = adopt(saved)));
    this.text = next;
    this.content = merged;
    this.base = baseFrom(remote);
    return PROCEED;
  }

  /** Nothing of the user's to send: at most the file takes what changed on the service. */
  async takeRemoteChangesOnly(merge: Merge, remote: RemoteCampaign): Promise<Stage<PushResult>> {
    const { bases, ui, env } = this.deps;
    const { file, id } = this;
    const take = merge.takeFromRemote;
    if (take.length === 0) {
      if (remoteMoved(this.base, remote)) {
        await bases.write(id, remote);
        await metadataInStep(this.file, remote.normalized);
      }
      ui.info(l10n.t('Nothing to push: {0} has no change from campaign {1} on {2}.', file.name, id, env.name));
      return proceed({ outcome: 'nothing-to-push', message: l10n.t('Nothing to push.') });
    }
    if (!merge.decided) {
      const ok = await ui.confirm(
        l10n.t('Nothing of yours to send: only the service changed {0}.', list(take)),
        l10n.t("Take the service's version of {0} into {1}? The rest of the file stays as it is.", list(take), file.name),
        l10n.t('Update my file'),
      );
      if (!ok)
        return stop({ outcome: 'cancelled', stage: 'confirm', message: l10n.t('Nothing was sent and {0} is unchanged.', file.name) });
    }
    const inFile = await this.writeMerge(merge, remote);
    if (inFile.kind === 'stop') return inFile;
    ui.info(l10n.t('{0} took {1} from the service; nothing needed to be sent.', file.name, list(take)));
    return proceed({ outcome: 'file-updated', message: l10n.t("The file took the service's changes."), fileTook: take });
  }

  /** State rules against the current remote status. */
  checkState(merge: Merge, plan: PatchPlan, remote: RemoteCampaign): Stage<void> {
    const state = stateProblems(merge.merged, plan.changed, remote.normalized, remote.status);
    if (!state.length) return PROCEED;
    this.deps.ui.showFindings(this.file.uri, state, this.start.local);
    return stop({
      outcome: 'blocked',
      stage: 'state',
      problems: state,
      message:
        state.length === 1
          ? l10n.t('Nothing was sent: {0}', state[0].message)
          : l10n.t('Nothing was sent: {0} (and {1} more, shown in the file)', state[0].message, state.length - 1),
    });
  }

  /** The service's own validation, without committing; returns notes for the preview. */
  async validateOnService(plan: PatchPlan): Promise<Stage<string[]>> {
    const { api, ui } = this.deps;
    const { file } = this;
    const local = this.start.local;
    let validation;
    try {
      // The body that will be sent, checked against the campaign as stored: what it would become.
      validation = await ui.progress(l10n.t('Validating on the service…'), () => api.validateCampaign(this.id, plan.body));
    } catch (e) {
      if (cancelledByUser(e))
        return stop({
          outcome: 'cancelled',
          stage: 'remote-validate',
          message: l10n.t("Push cancelled during the service's validation: nothing was sent."),
        });
      return stop({
        outcome: 'failed',
        stage: 'remote-validate',
        message: l10n.t("Nothing was sent: the service's validation could not run ({0}).", describeFailure(e)),
      });
    }
    if (validation.ok) {
      ui.showFindings(file.uri, [], local);
      return proceed([]);
    }
    const findings = findingsFromEnvelope(validation.envelope, local);
    ui.showFindings(file.uri, findings, local);
    // Errors inside a component being sent would make the update fail: they block. Errors
    // elsewhere (a draft not complete yet) are shown and noted, since the draft may be saved.
    const blocking = findings.filter(f => f.path !== '' && plan.changed.includes(componentOf(f.path)));
    if (blocking.length) {
      return stop({
        outcome: 'blocked',
        stage: 'remote-validate',
        problems: findings,
        message: l10n.t(
          "Nothing was sent: the service's validation rejects {0} — {1} See the file for each problem.",
          list([...new Set(blocking.map(f => componentOf(f.path)))]),
          blocking[0].message,
        ),
      });
    }
    return proceed([
      findings.length === 1
        ? l10n.t(
            "The service's validation reports 1 problem outside the components being sent (shown in the file): the draft can be saved, but not published until it is fixed.",
          )
        : l10n.t(
            "The service's validation reports {0} problems outside the components being sent (shown in the file): the draft can be saved, but not published until they are fixed.",
            findings.length,
          ),
    ]);
  }

  /** Shows exactly what will be sent, and asks (twice for production). */
  async confirm(merge: Merge, plan: PatchPlan, remote: RemoteCampaign, validateNotes: string[]): Promise<Stage<void>> {
    const { ui, env } = this.deps;
    const notes = [
      ...merge.notes,
      ...planNotes(plan, { readOnly: false }),
      ...propagationNotes(merge.merged, plan.changed, remote.status).map(p => p.message),
      ...validateNotes,
    ];
    const preview: PushPreview = {
      campaignId: this.id,
      campaignName: campaignNameOf(merge.merged),
      environment: env.name,
      production: env.production,
      status: remote.status,
      request: { method: 'PATCH', path: `/v5/campaigns/${this.id}` },
      body: plan.body,
      before: previewBefore(plan.body, { ...remote.normalized, updated_by: remote.raw.updated_by }),
      changed: plan.changed,
      changes: reviewChanges(plan, merge.merged, remote.normalized, contentOf(this.start.base)),
      takeFromRemote: merge.takeFromRemote,
      remoteUpdatedBy: nonEmptyString(remote.raw.updated_by),
      remoteUpdatedAt: nonEmptyString(remote.raw.updated_at),
      notes,
    };
    if (!(await ui.confirmPush(preview, 1))) return stop({ outcome: 'cancelled', stage: 'confirm', message: this.cancelled(false) });
    if (env.production && !(await ui.confirmPush(preview, 2)))
      return stop({ outcome: 'cancelled', stage: 'confirm', message: this.cancelled(true) });
    return PROCEED;
  }

  /** What a cancel leaves: the file as it was, or holding the merge (not sent). */
  private cancelled(production: boolean): string {
    const name = this.file.name;
    if (this.text === this.start.text) {
      return production
        ? l10n.t('Push to production cancelled: nothing was sent, and {0} and its base are unchanged.', name)
        : l10n.t('Push cancelled: nothing was sent, and {0} and its base are unchanged.', name);
    }
    return production
      ? l10n.t(
          "Push to production cancelled: nothing was sent. {0} holds your edits merged with the service's changes; undo restores your version, and its base follows the merge once you save it.",
          name,
        )
      : l10n.t(
          "Push cancelled: nothing was sent. {0} holds your edits merged with the service's changes; undo restores your version, and its base follows the merge once you save it.",
          name,
        );
  }

  /**
   * Someone may have written while the preview was open: then the round starts again on their
   * version. The service has no conditional write, so this read is the last look before the
   * PATCH: nothing is asked or awaited between the two, and the read waits until the rate limit
   * lets the PATCH follow it at once. A write landing in that one round trip is found by the
   * read-back (`finish`) when it touched other components, and is overwritten when it touched
   * the same ones.
   */
  async readAgainBeforeWriting(remote: RemoteCampaign, round: number): Promise<ReadAgain> {
    const { api, ui } = this.deps;
    let fresh: RemoteCampaign;
    try {
      fresh = await api.getCampaign(this.id, undefined, { thenWrite: true });
    } catch (e) {
      return stop({
        outcome: 'failed',
        stage: 'read',
        message: l10n.t('Nothing was sent: campaign {0} could not be read again before writing ({1}).', this.id, describeFailure(e)),
      });
    }
    if (!remoteMoved(baseFrom(remote), fresh)) return proceed(fresh);
    if (round >= MAX_ROUNDS)
      return stop({
        outcome: 'failed',
        stage: 'conflict',
        message: l10n.t(
          'Nothing was sent: campaign {0} keeps changing on the service ({1} times during this push). Try again once the other client is done.',
          this.id,
          MAX_ROUNDS,
        ),
      });
    const by = nonEmptyString(fresh.raw.updated_by);
    ui.warn(
      by
        ? l10n.t(
            'Campaign {0} changed on the service while you were reviewing (by {1}): nothing was sent; here is the push again against the new version.',
            this.id,
            by,
          )
        : l10n.t(
            'Campaign {0} changed on the service while you were reviewing: nothing was sent; here is the push again against the new version.',
            this.id,
          ),
    );
    return { kind: 'moved', remote: fresh };
  }

  /** The write. A lost answer is reconciled by reading, never by sending again. */
  async write(plan: PatchPlan, fresh: RemoteCampaign): Promise<Stage<Written>> {
    const { api, ui, env } = this.deps;
    try {
      await ui.progress(l10n.t('Pushing {0} to {1}…', list(plan.changed), env.name), () => api.updateCampaign(this.id, plan.body));
      return proceed({ outcome: 'pushed', note: '' });
    } catch (e) {
      return this.afterFailedWrite(e, plan, fresh);
    }
  }

  private async afterFailedWrite(e: unknown, plan: PatchPlan, fresh: RemoteCampaign): Promise<Stage<Written>> {
    const { file } = this;
    const local = this.start.local;
    if (mayHaveApplied(e)) return this.reconcile(e, plan, fresh);
    const envelope = errorEnvelope(e);
    if (envelope && isServiceError(e)) {
      const findings = findingsFromEnvelope(envelope, local);
      if (findings.length) this.deps.ui.showFindings(file.uri, findings, local);
      return stop({
        outcome: 'failed',
        stage: 'write',
        problems: findings,
        message: l10n.t(
          'The service refused the update (HTTP {0}): {1}. Nothing changed on the service, and {2} and its base are unchanged.',
          e.status,
          describeFailure(e),
          file.name,
        ),
      });
    }
    return stop({
      outcome: 'failed',
      stage: 'write',
      message: l10n.t('The update was not sent: {0}. {1} and its base are unchanged.', describeFailure(e), file.name),
    });
  }

  /**
   * Whether a write whose answer was lost (or that failed on the server) applied: the campaign is
   * read again, for as long as the check may take, and what it holds decides.
   */
  private async reconcile(e: unknown, plan: PatchPlan, fresh: RemoteCampaign): Promise<Stage<Written>> {
    const { api, ui, env, readBack } = this.deps;
    const { file, id } = this;
    const lost = answerLost(e);
    const what = answerLostOrFailed(e, 'update');
    const title = lost
      ? l10n.t('The answer to the update was lost; checking whether it reached the service…')
      : l10n.t('The service failed while handling the update; checking whether it was applied…');
    const unchanged = l10n.t('Nothing was sent again; {0} and its base are unchanged.', file.name);
    const check = await readUntilAnswered(ui, title, signal => api.getCampaign(id, signal), readBack);
    if (!check.answered) {
      const again =
        check.reason === 'refused'
          ? l10n.t(
              'Push again once that is fixed: the push reads the campaign first, so it sends only what the service does not hold yet (nothing, if the update arrived).',
            )
          : l10n.t(
              'Push again once the service answers: the push reads the campaign first, so it sends only what the service does not hold yet (nothing, if the update arrived).',
            );
      const message = [
        l10n.t('{0}, and {1}: whether the update reached campaign {2} could not be checked yet.', what, whyUnchecked(check), id),
        unchanged,
        again,
      ].join(' ');
      return stop({ outcome: 'unchecked', stage: 'write', message });
    }
    const after = check.value;
    const updatedBy = nonEmptyString(after.raw.updated_by);
    const by = updatedBy === env.email ? undefined : updatedBy;
    const rec = reconcileWrite({ before: fresh.normalized, sent: plan.body, after: after.normalized });
    if (rec.outcome === 'not-applied') {
      const next = notAppliedAsSent(rec)
        ? l10n.t(
            'Push again to merge their change with yours (the push asks about each field you both changed), or compare first with "Campaign Studio: Compare with Remote".',
          )
        : l10n.t('Push again to send it.');
      const found = l10n.t('{0}. Reading campaign {1} again shows {2}', what, id, notAppliedFinding(rec, by));
      return stop({ outcome: 'not-applied', stage: 'write', message: [found, unchanged, next].join(' ') });
    }
    return proceed({
      outcome: 'pushed-after-timeout',
      after,
      note: lost ? 'lost' : 'failed',
      meanwhile: changedMeanwhile(rec, by),
    });
  }

  /** Success: refresh the base from the service; the file takes only what the user agreed to. */
  async finish(plan: PatchPlan, written: Written, fresh: RemoteCampaign): Promise<PushResult> {
    const { bases, ui, env } = this.deps;
    const { file, id } = this;
    this.pendingBase?.cancel();
    await this.adopting;
    const after = written.after ?? (await this.readBack());
    // Without a read-back the base stays: the next push then sees the remote moved, and the merge
    // finds the pushed fields equal on both sides, so nothing is lost or sent twice.
    if (after) await bases.write(id, baseAfterPush(fresh, after, plan.changed));
    ui.showFindings(file.uri, [], this.start.local);
    // The reconciling read already said what else changed (`written.meanwhile`).
    const around = after && !written.after ? changedAroundWrite(id, plan, fresh, after, env.email) : '';
    if (around) ui.warn(around);

    const messages: string[] = [
      pushedText(written.note, componentsNamed(plan.changed), campaignTitle(campaignNameOf(this.content), id), env.name),
    ];
    if (written.meanwhile) messages.push(written.meanwhile);
    const fileTook = after ? await this.takeEcho(plan, after, messages) : [];
    if (after) await metadataInStep(this.file, after.normalized);
    if (fileTook.length) messages.push(l10n.t("{0} took the service's copy of {1}.", file.name, list(fileTook)));
    if (!after)
      messages.push(
        l10n.t(
          'The campaign could not be read back after the push, so its base snapshot was not refreshed: fetch it before editing further.',
        ),
      );
    ui.info(messages.join(' '));
    return { outcome: written.outcome, message: [...messages, around].filter(Boolean).join(' '), sent: plan.changed, fileTook };
  }

  /** The campaign after a write the service answered; undefined when it cannot be read. */
  private async readBack(): Promise<RemoteCampaign | undefined> {
    try {
      return await this.deps.api.getCampaign(this.id);
    } catch {
      return undefined;
    }
  }

  /**
   * The service's copy may differ from what was sent (defaults filled in, normalization): the
   * file takes it only when the user says so.
   */
  private async takeEcho(plan: PatchPlan, after: RemoteCampaign, messages: string[]): Promise<string[]> {
    const echoDiff = plan.changed.filter(k => !dequal(this.content[k], after.normalized[k]));
    if (!echoDiff.length || !(await this.deps.ui.offerRemoteVersion(echoDiff, { campaignId: this.id }))) return [];
    const took = await writeComponents(this.file, this.text, this.content, after.normalized, echoDiff);
    if (!took.ok) messages.push(took.message);
    return took.written;
  }
}

/**
 * What a push that went through says, short enough for a notification: which components of which
 * campaign (by name) reached which environment, and how it is known when the answer did not say so.
 */
export function pushedText(note: '' | 'lost' | 'failed', components: string, campaign: string, environment: string): string {
  switch (note) {
    case 'lost':
      return l10n.t(
        'Pushed {0} of {1} to {2}: the answer was lost, but reading the campaign again confirmed it applied.',
        components,
        campaign,
        environment,
      );
    case 'failed':
      return l10n.t(
        'Pushed {0} of {1} to {2}: the service reported a failure, but reading the campaign again confirmed it applied.',
        components,
        campaign,
        environment,
      );
    default:
      return l10n.t('Pushed {0} of {1} to {2}.', components, campaign, environment);
  }
}

/**
 * The read-back against the version the push was merged against: fields outside the change that
 * differ were written by another client around the PATCH (the service has no conditional write,
 * so one landing between the last read and the PATCH is not refused). A warning that shows them,
 * or '' when the read-back holds what was merged.
 */
function changedAroundWrite(id: string, plan: PatchPlan, fresh: RemoteCampaign, after: RemoteCampaign, me: string | undefined): string {
  const { changedElsewhere } = reconcileWrite({ before: fresh.normalized, sent: plan.body, after: after.normalized });
  if (!changedElsewhere.length) return '';
  const fields = changedElsewhere.flatMap(k => differingPaths(fresh.normalized[k], after.normalized[k], `/${k}`, 5));
  const updatedBy = nonEmptyString(after.raw.updated_by);
  const by =
    updatedBy && updatedBy !== me
      ? l10n.t({ message: ' (last by {0})', args: [visible(updatedBy)], comment: 'after a campaign id: who last changed it' })
      : '';
  return l10n.t(
    'While your update was sent, another client changed campaign {0}{1} outside it: {2} now differ from the version your push was merged against. The service cannot refuse a write made against an older version, so if that client also changed {3} in the same moment, yours replaced it: compare with "Campaign Studio: Compare with Remote". The next push brings their change into your file.',
    id,
    by,
    fields.map(code).join(', '),
    list(plan.changed),
  );
}

/** What the merge did, for the preview. */
function mergeNote(m: MergeResult, remote: RemoteCampaign, choice: (id: string) => ConflictChoice): string {
  const who = nonEmptyString(remote.raw.updated_by);
  const said = (path: string, c: ConflictChoice) => {
    const field = `\`${path}\``;
    return c === 'remote'
      ? l10n.t('{0} (taking theirs)', field)
      : c === 'local'
        ? l10n.t('{0} (keeping yours)', field)
        : l10n.t('{0} (as you wrote it)', field);
  };
  const sentences = [
    who
      ? l10n.t('The campaign changed on the service by {0} since you fetched it.', who)
      : l10n.t('The campaign changed on the service since you fetched it.'),
  ];
  if (m.takenFromRemote.length) {
    sentences.push(
      m.takenFromRemote.length === 1
        ? l10n.t('Changed only there, {0} is merged into your file.', list(m.takenFromRemote))
        : l10n.t('Changed only there, {0} are merged into your file.', list(m.takenFromRemote)),
    );
  }
  if (m.keptLocal.length) sentences.push(l10n.t('Changed only by you: {0}.', list(m.keptLocal)));
  if (m.conflicts.length)
    sentences.push(l10n.t('Changed on both sides: {0}.', m.conflicts.map(c => said(c.path, choice(c.id))).join(', ')));
  return sentences.join(' ');
}

/**
 * Writes components from `source` into the file. When the user edited the file since `expected`
 * (the text the push started from), a component is written only if the user did not touch it.
 */
async function writeComponents(
  file: LocalFile,
  expected: string,
  localAtStart: CampaignDoc,
  source: CampaignDoc,
  keys: string[],
): Promise<{ ok: boolean; message: string; written: string[] }> {
  const current = file.text();
  let targetKeys = keys;
  const skipped: string[] = [];
  if (current !== expected) {
    const now = parse(current).value;
    if (!isObject(now))
      return {
        ok: false,
        written: [],
        message: l10n.t(
          '{0} was edited during the push and is no longer valid JSON, so {1} could not be taken into it. Use "Campaign Studio: Compare with Remote" to take them by hand.',
          file.name,
          list(keys),
        ),
      };
    targetKeys = keys.filter(k => canonical(now[k]) === canonical(localAtStart[k]));
    skipped.push(...keys.filter(k => !targetKeys.includes(k)));
  }
  const next = applyTopLevel(
    current,
    targetKeys.map(k => ({ key: k, value: source[k] })),
  );
  if (next !== current && !(await file.replace(current, next))) {
    return {
      ok: false,
      written: [],
      message:
        keys.length === 1
          ? l10n.t(
              '{0} changed while it was being updated, so {1} was not taken into it. Use "Campaign Studio: Compare with Remote" to take it by hand.',
              file.name,
              list(keys),
            )
          : l10n.t(
              '{0} changed while it was being updated, so {1} were not taken into it. Use "Campaign Studio: Compare with Remote" to take them by hand.',
              file.name,
              list(keys),
            ),
    };
  }
  if (skipped.length) {
    const message =
      skipped.length === 1
        ? l10n.t(
            'You edited {0} during the push, so it was left as you wrote it; use "Campaign Studio: Compare with Remote" to compare.',
            list(skipped),
          )
        : l10n.t(
            'You edited {0} during the push, so they were left as you wrote them; use "Campaign Studio: Compare with Remote" to compare.',
            list(skipped),
          );
    return { ok: false, written: targetKeys, message };
  }
  return { ok: true, written: targetKeys, message: '' };
}
