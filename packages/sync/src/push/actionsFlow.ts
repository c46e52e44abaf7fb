import * as l10n from '@vscode/l10n';
import { isResponseScheduling } from '../remote/normalize';
import { describeFailure, errorEnvelope, findingsFromEnvelope, rejectedThis } from './errorMapping';
import { answerLost, mayHaveApplied } from '../remote/errors';
import { CampaignDoc, campaignIdOf, contentOf, sameContent } from './model';
import { isObject, parse, ReaderTime, serviceTimeText } from '@campaign-studio/core';
import {
  ExecutionEntry,
  LocalFile,
  PushApi,
  PushUi,
  RemoteCampaign,
  StatusDeps,
  tellOutcome,
  TestRecipientResult,
  WriteDeps,
} from './ports';
import { checkLocal, summarize } from './preflight';
import { remoteStateOf } from '../remote/baseFormat';
import { byAction, normalStatus, STATUS_ACTIONS, statusActionProblem, writeRefusal } from './stateRules';
import type { StatusAction } from '../remote/serviceClient';
import { describeResults, inInlineContent, inlineTestContent, MAX_RECIPIENTS } from './testSend';
import { answerLostOrFailed, failureClause, readUntilAnswered, whyUnchecked } from './readBack';
import { metadataInStep } from './textEdits';

/**
 * The other calls on a campaign: validate remotely (nothing is committed), test sends, pause /
 * resume / stop with confirmation and state checks, and the execution history of periodic and
 * business-event campaigns.
 */

/** The name the editor's push feature imports; the same as every write flow's. */
export type ActionDeps = WriteDeps;

/**
 * What the validate call checks: the file's components over the stored campaign. A schedule
 * still in the service's response shape (a periodic time of day) is what the service already
 * holds, and is not sent on push either, so it is left out.
 */
function validationBody(doc: CampaignDoc): CampaignDoc {
  const out = contentOf(doc);
  if (isResponseScheduling(out.scheduling_details)) delete out.scheduling_details;
  return out;
}

export interface ValidateResult {
  outcome: 'valid' | 'invalid' | 'blocked' | 'failed';
  message: string;
  problems?: number;
}

/** The service's validate call on the file's content; its errors become diagnostics on the file. */
export async function runRemoteValidate(file: LocalFile, deps: ActionDeps): Promise<ValidateResult> {
  const { api, ui, env } = deps;
  const text = file.text();
  const local = parse(text).value;
  if (!isObject(local)) {
    ui.error(l10n.t`${file.name} does not hold a JSON object: nothing to validate.`);
    return { outcome: 'blocked', message: 'not an object' };
  }
  const id = campaignIdOf(local);
  if (!id) {
    const message = l10n.t(
      '{0} has no `id`: the service validates a campaign it holds. Create a draft from the file first ("Campaign Studio: Create Draft from File").',
      file.name,
    );
    ui.error(message);
    return { outcome: 'blocked', message };
  }
  const refusal = writeRefusal(local, 'update');
  if (refusal) {
    ui.error(refusal.message);
    return { outcome: 'blocked', message: refusal.message };
  }
  // Errors the editor shows, and only those: a schedule kept as fetched is no error (rule H5).
  const base = await deps.bases.read(id).catch(() => undefined);
  const localErrors = (await checkLocal(deps.rules, text, undefined, isObject(base) ? remoteStateOf(base) : undefined)).errors;
  let answer;
  try {
    answer = await ui.progress(l10n.t('Validating campaign {0} on {1}…', id, env.name), () =>
      api.validateCampaign(id, validationBody(local)),
    );
  } catch (e) {
    const message = l10n.t("The service's validation could not run: {0}", describeFailure(e));
    ui.error(message);
    return { outcome: 'failed', message };
  }
  if (answer.ok) {
    ui.showFindings(file.uri, [], local);
    const localNote = !localErrors.length
      ? ''
      : localErrors.length === 1
        ? l10n.t('The local rules still report 1 error: {0}.', summarize(localErrors))
        : l10n.t('The local rules still report {0} errors: {1}.', localErrors.length, summarize(localErrors));
    const message = [l10n.t('The service found no problem in campaign {0} as it is in {1}. Nothing was saved.', id, file.name), localNote]
      .filter(Boolean)
      .join(' ');
    if (localNote) ui.warn(message);
    else ui.info(message);
    return { outcome: 'valid', message };
  }
  const findings = findingsFromEnvelope(answer.envelope, local);
  ui.showFindings(file.uri, findings, local);
  const shown =
    findings
      .slice(0, 3)
      .map(f => {
        // The service's reason alone: the finding's message without its opening (whatever the language).
        const opening = rejectedThis(f.rule, '');
        const m = f.message.startsWith(opening) ? f.message.slice(opening.length) : f.message;
        return f.path
          ? l10n.t({
              message: '{0} (at {1})',
              args: [m, f.path],
              comment: 'a problem the service found, and the place in the file it is about',
            })
          : m;
      })
      .join('; ') + (findings.length > 3 ? '; …' : '');
  const message =
    findings.length === 1
      ? l10n.t("The service's validation reports 1 problem in {0} (shown in the file; nothing was saved): {1}", file.name, shown)
      : l10n.t(
          "The service's validation reports {0} problems in {1} (shown in the file; nothing was saved): {2}",
          findings.length,
          file.name,
          shown,
        );
  ui.warn(message);
  return { outcome: 'invalid', message, problems: findings.length };
}

/** `unchecked`: the answer was lost, and the service keeps no record of test sends to check. */
export interface TestSendResult {
  outcome: 'sent' | 'partial' | 'blocked' | 'cancelled' | 'failed' | 'unchecked';
  message: string;
  results?: TestRecipientResult[];
}

/**
 * A test send. Draft mode sends the saved draft by id (the file's unsent edits are not in it, and
 * the user is told so); inline mode sends the file's content (rule B8).
 */
export async function runTestSend(
  file: LocalFile,
  mode: 'draft' | 'inline',
  recipients: string[],
  deps: ActionDeps,
): Promise<TestSendResult> {
  const { api, ui, env } = deps;
  const text = file.text();
  const check = await checkLocal(deps.rules, text, mode === 'inline' ? 'inlineTest' : undefined);
  const local = parse(text).value;
  const fail = (r: TestSendResult): TestSendResult => {
    tellOutcome(ui, r.outcome, r.message);
    return r;
  };
  if (!isObject(local)) return fail({ outcome: 'blocked', message: l10n.t('{0} does not hold a JSON object.', file.name) });
  const refusal = writeRefusal(local, 'test');
  if (refusal) return fail({ outcome: 'blocked', message: refusal.message });
  if (recipients.length === 0 || recipients.length > MAX_RECIPIENTS)
    return fail({
      outcome: 'blocked',
      message: l10n.t('A test goes to 1 to {0} recipients; {1} were given.', MAX_RECIPIENTS, recipients.length),
    });
  const channel = String(local.channel);
  const notes: string[] = [];
  let request;
  if (mode === 'draft') {
    const id = campaignIdOf(local);
    if (!id)
      return fail({
        outcome: 'blocked',
        message: l10n.t(
          "{0} has no `id`, so there is no saved draft to test. Send the file's content inline instead, or create the draft first.",
          file.name,
        ),
      });
    const base = await deps.bases.read(id);
    if (base && !sameContent(contentOf(base), contentOf(local)))
      notes.push(l10n.t('{0} has changes that are not pushed: the test uses the saved draft, without them.', file.name));
    request = { mode, campaignId: id, channel, recipients };
  } else {
    const inline = inlineTestContent(local);
    const errors = check.errors.filter(f => inInlineContent(f.path));
    if (inline.problems.length || !inline.content || errors.length) {
      const shown = [...inline.problems, ...errors.filter(f => f.rule === 'B8')];
      if (shown.length) ui.showFindings(file.uri, shown, local);
      const inErrors = !errors.length
        ? []
        : errors.length === 1
          ? [l10n.t('{0} has 1 error in what an inline test sends — {1}.', file.name, summarize(errors))]
          : [l10n.t('{0} has {1} errors in what an inline test sends — {2}.', file.name, errors.length, summarize(errors))];
      return fail({
        outcome: 'blocked',
        message: l10n.t('No test was sent: {0}', [...inline.problems.map(p => p.message), ...inErrors].join(' ')),
      });
    }
    request = { mode, content: inline.content, channel, recipients };
  }
  if (
    env.production &&
    !(await ui.confirm(
      l10n.t('Send a test from {0} (production)?', env.name),
      [l10n.t('To {0}.', recipients.join(', ')), ...notes].join(' '),
      l10n.t('Send test'),
    ))
  ) {
    const message = l10n.t('No test was sent.');
    ui.info(message);
    return { outcome: 'cancelled', message };
  }
  for (const n of notes) ui.info(n);
  let answer;
  try {
    const title =
      recipients.length === 1 ? l10n.t('Sending a test to 1 recipient…') : l10n.t('Sending a test to {0} recipients…', recipients.length);
    answer = await ui.progress(title, () => api.testCampaign(request));
  } catch (e) {
    if (mayHaveApplied(e)) {
      const message = answerLost(e)
        ? l10n.t(
            "The test send's answer was lost ({0}), and the service keeps no record of test sends to check: some recipients may have received it. It was not sent again; check the inboxes before sending another.",
            failureClause(e),
          )
        : l10n.t(
            'The service failed while handling the test send ({0}), and the service keeps no record of test sends to check: some recipients may have received it. It was not sent again; check the inboxes before sending another.',
            failureClause(e),
          );
      return fail({ outcome: 'unchecked', message });
    }
    const envelope = errorEnvelope(e);
    if (envelope) ui.showFindings(file.uri, findingsFromEnvelope(envelope, local), local);
    return fail({ outcome: 'failed', message: l10n.t('The test was not sent: {0}', describeFailure(e)) });
  }
  const { summary, lines } = describeResults(answer.results);
  const partial = answer.results.some(r => !r.ok);
  if (partial) ui.warn(summary);
  else ui.info(summary);
  return { outcome: partial ? 'partial' : 'sent', message: [summary, ...lines].join('\n'), results: answer.results };
}

/**
 * `not-applied`: the answer was lost and reading the campaign showed it did not take the action;
 * `unchecked`: the answer was lost and the campaign could not be read to check.
 */
export interface StatusResult {
  outcome: 'done' | 'blocked' | 'cancelled' | 'failed' | 'not-applied' | 'unchecked';
  message: string;
  status?: string;
}

/** Pause, resume or stop: checked against the current status, confirmed, then verified by reading. */
export async function runStatusAction(id: string, action: StatusAction, deps: StatusDeps): Promise<StatusResult> {
  const { api, ui } = deps;
  const fail = (r: StatusResult) => told(ui, r);
  let before: RemoteCampaign;
  try {
    before = await api.getCampaign(id);
  } catch (e) {
    const why = describeFailure(e);
    return fail({
      outcome: 'failed',
      message: byAction(
        action,
        () => l10n.t('Campaign {0} could not be read, so it was not paused: {1}', id, why),
        () => l10n.t('Campaign {0} could not be read, so it was not resumed: {1}', id, why),
        () => l10n.t('Campaign {0} could not be read, so it was not stopped: {1}', id, why),
      ),
    });
  }
  const problem = statusActionProblem(action, before.status, before.raw);
  if (problem) return fail({ outcome: 'blocked', message: problem.message, status: before.status });
  if (!(await confirmStatusAction(id, action, before, deps))) {
    return fail({
      outcome: 'cancelled',
      message: byAction(
        action,
        () => l10n.t('Campaign {0} was not paused.', id),
        () => l10n.t('Campaign {0} was not resumed.', id),
        () => l10n.t('Campaign {0} was not stopped.', id),
      ),
    });
  }
  try {
    const title = byAction(
      action,
      () => l10n.t('Pause campaign {0}…', id),
      () => l10n.t('Resume campaign {0}…', id),
      () => l10n.t('Stop campaign {0}…', id),
    );
    await ui.progress(title, () => api.changeStatus(action, id));
  } catch (e) {
    if (mayHaveApplied(e)) return fail(await checkLostStatus(id, action, before, e, deps));
    const why = describeFailure(e);
    return fail({
      outcome: 'failed',
      message: byAction(
        action,
        () => l10n.t('Campaign {0} was not paused: {1}', id, why),
        () => l10n.t('Campaign {0} was not resumed: {1}', id, why),
        () => l10n.t('Campaign {0} was not stopped: {1}', id, why),
      ),
    });
  }
  return verifyStatus(id, action, before, deps);
}

/**
 * The questions before a status action: one, and a second in production. Stopping is final, so
 * its yes is never the default answer, and in production it is given by typing the campaign's
 * name (its id when it has none).
 */
async function confirmStatusAction(id: string, action: StatusAction, before: RemoteCampaign, { ui, env }: StatusDeps): Promise<boolean> {
  const stored =
    isObject(before.raw.basic_details) && typeof before.raw.basic_details.name === 'string' ? before.raw.basic_details.name.trim() : '';
  const name = stored ? `"${stored}" (${id})` : id;
  const irreversible = action === 'STOP';
  const ask = byAction(
    action,
    () => l10n.t('Pause campaign {0} on {1}?', name, env.name),
    () => l10n.t('Resume campaign {0} on {1}?', name, env.name),
    () => l10n.t('Stop campaign {0} on {1}?', name, env.name),
  );
  const consequence = byAction(
    action,
    () => l10n.t('Nothing is sent while it is paused; resume it to continue.'),
    () => l10n.t('Sending continues from where it was paused.'),
    () => l10n.t('Stopping is final: a stopped campaign cannot be resumed or updated again.'),
  );
  const yes = byAction(
    action,
    () => l10n.t('Pause'),
    () => l10n.t('Resume'),
    () => l10n.t('Stop'),
  );
  if (!(await ui.confirm(ask, `${l10n.t('It is {0} now.', normalStatus(before.status))} ${consequence}`, yes, { irreversible })))
    return false;
  if (!env.production) return true;
  if (irreversible) {
    return ui.confirm(
      l10n.t("{0} is a production environment: type the campaign's name to stop it.", env.name),
      l10n.t('Stopping {0} cannot be undone.', name),
      l10n.t('Stop in production'),
      { irreversible, typed: stored || id },
    );
  }
  return ui.confirm(
    l10n.t('{0} is a production environment.', env.name),
    byAction(
      action,
      () => l10n.t('Really pause campaign {0}?', name),
      () => l10n.t('Really resume campaign {0}?', name),
      () => l10n.t('Really stop campaign {0}?', name),
    ),
    byAction(
      action,
      () => l10n.t('Pause in production'),
      () => l10n.t('Resume in production'),
      () => l10n.t('Stop in production'),
    ),
  );
}

/** Says how a status change ended: a note when done or cancelled, a warning when unchecked, else an error. */
function told(ui: PushUi, r: StatusResult): StatusResult {
  tellOutcome(ui, r.outcome, r.message);
  return r;
}

/** Whether the status read back is one the action leads to. */
function reached(action: StatusAction, after: string): boolean {
  return (STATUS_ACTIONS[action].reaches as readonly string[]).includes(normalStatus(after));
}

/** After an action the service answered: read back, to show the status and keep the base in step. */
async function verifyStatus(id: string, action: StatusAction, before: RemoteCampaign, deps: StatusDeps): Promise<StatusResult> {
  const { api, ui } = deps;
  let after: RemoteCampaign;
  try {
    after = await api.getCampaign(id);
  } catch (e) {
    const why = describeFailure(e);
    const message = byAction(
      action,
      () =>
        l10n.t(
          'Campaign {0} was paused: the service accepted the request. Reading it back failed ({1}); refresh the Campaigns view to see its status.',
          id,
          why,
        ),
      () =>
        l10n.t(
          'Campaign {0} was resumed: the service accepted the request. Reading it back failed ({1}); refresh the Campaigns view to see its status.',
          id,
          why,
        ),
      () =>
        l10n.t(
          'Campaign {0} was stopped: the service accepted the request. Reading it back failed ({1}); refresh the Campaigns view to see its status.',
          id,
          why,
        ),
    );
    ui.warn(message);
    return { outcome: 'done', message };
  }
  await keepBaseInStep(id, after, deps);
  if (!reached(action, after.status)) {
    const [now, was] = [normalStatus(after.status), normalStatus(before.status)];
    const message = byAction(
      action,
      () => l10n.t('The service accepted the request, but campaign {0} is {1}, not paused (it was {2}).', id, now, was),
      () => l10n.t('The service accepted the request, but campaign {0} is {1}, not resumed (it was {2}).', id, now, was),
      () => l10n.t('The service accepted the request, but campaign {0} is {1}, not stopped (it was {2}).', id, now, was),
    );
    ui.error(message);
    return { outcome: 'failed', status: after.status, message };
  }
  const message = l10n.t('Campaign {0} is now {1}.', id, normalStatus(after.status));
  ui.info(message);
  return { outcome: 'done', message, status: after.status };
}

/** After an action whose answer was lost (or that failed on the server): the status read again decides. */
async function checkLostStatus(
  id: string,
  action: StatusAction,
  before: RemoteCampaign,
  e: unknown,
  deps: StatusDeps,
): Promise<StatusResult> {
  const what = answerLostOrFailed(e, action);
  const check = await readUntilAnswered(deps.ui, lostCheckTitle(id, action, e), signal => deps.api.getCampaign(id, signal), deps.readBack);
  const was = normalStatus(before.status);
  if (!check.answered) return { outcome: 'unchecked', message: uncheckedMessage(id, action, what, whyUnchecked(check), was) };
  const after = check.value;
  await keepBaseInStep(id, after, deps);
  const now = normalStatus(after.status);
  if (reached(action, after.status)) {
    const message = answerLost(e)
      ? l10n.t('Campaign {0} is now {1} (the answer was lost; reading it again confirmed the change).', id, now)
      : l10n.t('Campaign {0} is now {1} (the service reported a failure; reading it again confirmed the change).', id, now);
    return { outcome: 'done', status: after.status, message };
  }
  return { outcome: 'not-applied', status: after.status, message: notAppliedMessage(id, action, what, was, now) };
}

/** The progress title while the status is read again after a lost or failed action. */
function lostCheckTitle(id: string, action: StatusAction, e: unknown): string {
  return answerLost(e)
    ? byAction(
        action,
        () => l10n.t("The answer to the pause request was lost; checking campaign {0}'s status…", id),
        () => l10n.t("The answer to the resume request was lost; checking campaign {0}'s status…", id),
        () => l10n.t("The answer to the stop request was lost; checking campaign {0}'s status…", id),
      )
    : byAction(
        action,
        () => l10n.t("The service failed on the pause request; checking campaign {0}'s status…", id),
        () => l10n.t("The service failed on the resume request; checking campaign {0}'s status…", id),
        () => l10n.t("The service failed on the stop request; checking campaign {0}'s status…", id),
      );
}

/** The action's answer was lost and the status could not be read again either: nothing is sent again. */
function uncheckedMessage(id: string, action: StatusAction, what: string, why: string, was: string): string {
  return byAction(
    action,
    () =>
      l10n.t(
        '{0}, and {1}: whether campaign {2} was paused could not be checked yet. It was not sent again. Refresh the Campaigns view once the service answers, and pause it again only if it is still {3}.',
        what,
        why,
        id,
        was,
      ),
    () =>
      l10n.t(
        '{0}, and {1}: whether campaign {2} was resumed could not be checked yet. It was not sent again. Refresh the Campaigns view once the service answers, and resume it again only if it is still {3}.',
        what,
        why,
        id,
        was,
      ),
    () =>
      l10n.t(
        '{0}, and {1}: whether campaign {2} was stopped could not be checked yet. It was not sent again. Refresh the Campaigns view once the service answers, and stop it again only if it is still {3}.',
        what,
        why,
        id,
        was,
      ),
  );
}

/** The status read again shows the action did not happen: still as it was, or changed by another client. */
function notAppliedMessage(id: string, action: StatusAction, what: string, was: string, now: string): string {
  return now === was
    ? byAction(
        action,
        () =>
          l10n.t(
            '{0}. Reading campaign {1} again shows it was not paused: it is still {2}. It was not sent again; pause it again to retry.',
            what,
            id,
            now,
          ),
        () =>
          l10n.t(
            '{0}. Reading campaign {1} again shows it was not resumed: it is still {2}. It was not sent again; resume it again to retry.',
            what,
            id,
            now,
          ),
        () =>
          l10n.t(
            '{0}. Reading campaign {1} again shows it was not stopped: it is still {2}. It was not sent again; stop it again to retry.',
            what,
            id,
            now,
          ),
      )
    : byAction(
        action,
        () =>
          l10n.t(
            '{0}. Reading campaign {1} again shows it was not paused: it is {2} now (it was {3}), so another client changed its status. It was not sent again.',
            what,
            id,
            now,
            was,
          ),
        () =>
          l10n.t(
            '{0}. Reading campaign {1} again shows it was not resumed: it is {2} now (it was {3}), so another client changed its status. It was not sent again.',
            what,
            id,
            now,
            was,
          ),
        () =>
          l10n.t(
            '{0}. Reading campaign {1} again shows it was not stopped: it is {2} now (it was {3}), so another client changed its status. It was not sent again.',
            what,
            id,
            now,
            was,
          ),
      );
}

/**
 * Keep the base in step when only the status and stamp moved, so the next push sees no remote
 * change, and the file's metadata with it, so it shows the new status.
 */
async function keepBaseInStep(id: string, after: RemoteCampaign, deps: StatusDeps): Promise<void> {
  const base = await deps.bases.read(id);
  if (!base || !sameContent(contentOf(base), contentOf(after.normalized))) return;
  await deps.bases.write(id, after);
  if (deps.file) await metadataInStep(deps.file, after.normalized);
}

/** Delivery types whose executions exist (spec: Execution history). */
export const EXECUTION_TYPES = ['PERIODIC', 'BUSINESS_EVENT_TRIGGERED'];

export interface ExecutionHistory {
  id: string;
  executions: ExecutionEntry[];
  total?: number;
  truncated: boolean;
}

/** Every page of the execution history (15 at a time), up to `maxPages`. */
export async function loadExecutions(api: PushApi, id: string, deliveryType: unknown, maxPages = 20): Promise<ExecutionHistory> {
  if (typeof deliveryType === 'string' && !EXECUTION_TYPES.includes(deliveryType)) {
    throw new Error(
      l10n.t(
        'Execution history exists only for periodic and business-event-triggered campaigns; campaign {0} is `{1}`, which runs as one campaign.',
        id,
        deliveryType,
      ),
    );
  }
  const executions: ExecutionEntry[] = [];
  let total: number | undefined;
  for (let page = 1; page <= maxPages; page++) {
    const p = await api.executions(id, page, 15);
    executions.push(...p.executions);
    if (typeof p.total_instances === 'number') total = p.total_instances;
    if (p.executions.length < 15) return { id, executions, total, truncated: false };
  }
  return { id, executions, total, truncated: true };
}

/** How many executions are listed, as one whole sentence per count, total and truncation. */
function executionsCount({ executions: { length: n }, total, truncated }: ExecutionHistory): string {
  if (total === undefined) {
    if (n === 1) return truncated ? l10n.t('1 execution listed (only the first pages are shown).') : l10n.t('1 execution listed.');
    return truncated ? l10n.t('{0} executions listed (only the first pages are shown).', n) : l10n.t('{0} executions listed.', n);
  }
  if (n === 1) {
    if (total === 1)
      return truncated
        ? l10n.t('1 execution listed, 1 instance in total (only the first pages are shown).')
        : l10n.t('1 execution listed, 1 instance in total.');
    return truncated
      ? l10n.t('1 execution listed, {0} instances in total (only the first pages are shown).', total)
      : l10n.t('1 execution listed, {0} instances in total.', total);
  }
  if (total === 1)
    return truncated
      ? l10n.t('{0} executions listed, 1 instance in total (only the first pages are shown).', n)
      : l10n.t('{0} executions listed, 1 instance in total.', n);
  return truncated
    ? l10n.t('{0} executions listed, {1} instances in total (only the first pages are shown).', n, total)
    : l10n.t('{0} executions listed, {1} instances in total.', n, total);
}

/** The history as a Markdown document: one row per execution. */
export function executionsMarkdown(h: ExecutionHistory, name?: string, reader: ReaderTime = {}): string {
  const lines = [`# ${name ? l10n.t('Executions of {0} ({1})', name, h.id) : l10n.t('Executions of {0}', h.id)}`, ''];
  lines.push(executionsCount(h), '');
  if (h.executions.length) {
    lines.push(`| # | ${l10n.t('child campaign')} | ${l10n.t('sent')} | ${l10n.t('status')} |`, '| --- | --- | --- | --- |');
    h.executions.forEach((e, i) =>
      lines.push(`| ${i + 1} | \`${e.campaign_id}\` | ${e.sent_time ? serviceTimeText(e.sent_time, reader) : ''} | ${e.status ?? ''} |`),
    );
  }
  return lines.join('\n') + '\n';
}
