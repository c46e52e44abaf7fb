import * as l10n from '@vscode/l10n';
import { isResponseScheduling } from '../remote/normalize';
import { describeFailure, findingsFromEnvelope } from './errorMapping';
import { CampaignDoc, campaignIdOf, contentOf, sameContent } from './model';
import { isObject, parse } from '@campaign-studio/core';
import { ExecutionEntry, LocalFile, PushApi, PushUi, RemoteCampaign, ServiceFailure, StatusDeps, tellOutcome, TestRecipientResult, WriteDeps } from './ports';
import { checkLocal, summarize } from './preflight';
import { remoteStateOf } from '../remote/baseFormat';
import { normalStatus, STATUS_ACTIONS, statusActionProblem, writeRefusal } from './stateRules';
import type { StatusAction } from '../remote/serviceClient';
import { describeResults, inInlineContent, inlineTestContent, MAX_RECIPIENTS } from './testSend';
import { answerLostOrFailed, failureClause, readUntilAnswered, whyUnchecked } from './readBack';

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

export interface ValidateResult { outcome: 'valid' | 'invalid' | 'blocked' | 'failed'; message: string; problems?: number }

/** The service's validate call on the file's content; its errors become diagnostics on the file. */
export async function runRemoteValidate(file: LocalFile, deps: ActionDeps): Promise<ValidateResult> {
  const { api, ui, env } = deps;
  const text = file.text();
  const local = parse(text).value;
  if (!isObject(local)) { ui.error(l10n.t`${file.name} does not hold a JSON object: nothing to validate.`); return { outcome: 'blocked', message: 'not an object' }; }
  const id = campaignIdOf(local);
  if (!id) {
    const message = `${file.name} has no \`id\`: the service validates a campaign it holds. Create a draft from the file first ("Campaign Studio: Create Draft from File").`;
    ui.error(message);
    return { outcome: 'blocked', message };
  }
  const refusal = writeRefusal(local, 'update');
  if (refusal) { ui.error(refusal.message); return { outcome: 'blocked', message: refusal.message }; }
  // Errors the editor shows, and only those: a schedule kept as fetched is no error (rule H5).
  const base = await deps.bases.read(id).catch(() => undefined);
  const localErrors = (await checkLocal(deps.rules, text, undefined, isObject(base) ? remoteStateOf(base) : undefined)).errors;
  let answer;
  try {
    answer = await ui.progress(l10n.t`Validating campaign ${id} on ${env.name}…`, () => api.validateCampaign(id, validationBody(local)));
  } catch (e) {
    const message = `The service's validation could not run: ${describeFailure(e)}`;
    ui.error(message);
    return { outcome: 'failed', message };
  }
  if (answer.ok) {
    ui.showFindings(file.uri, [], local);
    const localNote = localErrors.length ? ` The local rules still report ${localErrors.length} error${localErrors.length === 1 ? '' : 's'}: ${summarize(localErrors)}.` : '';
    const message = `The service found no problem in campaign ${id} as it is in ${file.name}. Nothing was saved.${localNote}`;
    if (localNote) ui.warn(message); else ui.info(message);
    return { outcome: 'valid', message };
  }
  const findings = findingsFromEnvelope(answer.envelope, local);
  ui.showFindings(file.uri, findings, local);
  const message = `The service's validation reports ${findings.length} problem${findings.length === 1 ? '' : 's'} in ${file.name} (shown in the file; nothing was saved): ${findings.slice(0, 3).map(f => f.message.replace(/^The service rejected this \([^)]*\): /, '') + (f.path ? ` (at ${f.path})` : '')).join('; ')}${findings.length > 3 ? '; …' : ''}`;
  ui.warn(message);
  return { outcome: 'invalid', message, problems: findings.length };
}

/** `unchecked`: the answer was lost, and the service keeps no record of test sends to check. */
export interface TestSendResult { outcome: 'sent' | 'partial' | 'blocked' | 'cancelled' | 'failed' | 'unchecked'; message: string; results?: TestRecipientResult[] }

/**
 * A test send. Draft mode sends the saved draft by id (the file's unsent edits are not in it, and
 * the user is told so); inline mode sends the file's content (rule B8).
 */
export async function runTestSend(file: LocalFile, mode: 'draft' | 'inline', recipients: string[], deps: ActionDeps): Promise<TestSendResult> {
  const { api, ui, env } = deps;
  const text = file.text();
  const check = await checkLocal(deps.rules, text, mode === 'inline' ? 'inlineTest' : undefined);
  const local = parse(text).value;
  const fail = (r: TestSendResult): TestSendResult => { tellOutcome(ui, r.outcome, r.message); return r; };
  if (!isObject(local)) return fail({ outcome: 'blocked', message: `${file.name} does not hold a JSON object.` });
  const refusal = writeRefusal(local, 'test');
  if (refusal) return fail({ outcome: 'blocked', message: refusal.message });
  if (recipients.length === 0 || recipients.length > MAX_RECIPIENTS) return fail({ outcome: 'blocked', message: `A test goes to 1 to ${MAX_RECIPIENTS} recipients; ${recipients.length} were given.` });
  const channel = String(local.channel);
  const notes: string[] = [];
  let request;
  if (mode === 'draft') {
    const id = campaignIdOf(local);
    if (!id) return fail({ outcome: 'blocked', message: `${file.name} has no \`id\`, so there is no saved draft to test. Send the file's content inline instead, or create the draft first.` });
    const base = await deps.bases.read(id);
    if (base && !sameContent(contentOf(base), contentOf(local))) notes.push(`${file.name} has changes that are not pushed: the test uses the saved draft, without them.`);
    request = { mode, campaignId: id, channel, recipients };
  } else {
    const inline = inlineTestContent(local);
    const errors = check.errors.filter(f => inInlineContent(f.path));
    if (inline.problems.length || !inline.content || errors.length) {
      const shown = [...inline.problems, ...errors.filter(f => f.rule === 'B8')];
      if (shown.length) ui.showFindings(file.uri, shown, local);
      const what = [...inline.problems.map(p => p.message), ...(errors.length ? [`${file.name} has ${errors.length} error${errors.length === 1 ? '' : 's'} in what an inline test sends — ${summarize(errors)}.`] : [])];
      return fail({ outcome: 'blocked', message: `No test was sent: ${what.join(' ')}` });
    }
    request = { mode, content: inline.content, channel, recipients };
  }
  if (env.production && !(await ui.confirm(`Send a test from ${env.name} (production)?`, `To ${recipients.join(', ')}.${notes.length ? ' ' + notes.join(' ') : ''}`, 'Send test'))) {
    ui.info(l10n.t('No test was sent.'));
    return { outcome: 'cancelled', message: 'No test was sent.' };
  }
  for (const n of notes) ui.info(n);
  let answer;
  try {
    answer = await ui.progress(l10n.t`Sending a test to ${recipients.length} recipient${recipients.length === 1 ? '' : 's'}…`, () => api.testCampaign(request));
  } catch (e) {
    if (e instanceof ServiceFailure && e.mayHaveApplied) {
      return fail({ outcome: 'unchecked', message: `${e.answerLost ? 'The test send\'s answer was lost' : 'The service failed while handling the test send'} (${failureClause(e)}), and the service keeps no record of test sends to check: some recipients may have received it. It was not sent again; check the inboxes before sending another.` });
    }
    if (e instanceof ServiceFailure && e.envelope) ui.showFindings(file.uri, findingsFromEnvelope(e.envelope, local), local);
    return fail({ outcome: 'failed', message: `The test was not sent: ${describeFailure(e)}` });
  }
  const { summary, lines } = describeResults(answer.results);
  const partial = answer.results.some(r => !r.ok);
  if (partial) ui.warn(summary); else ui.info(summary);
  return { outcome: partial ? 'partial' : 'sent', message: [summary, ...lines].join('\n'), results: answer.results };
}

/**
 * `not-applied`: the answer was lost and reading the campaign showed it did not take the action;
 * `unchecked`: the answer was lost and the campaign could not be read to check.
 */
export interface StatusResult { outcome: 'done' | 'blocked' | 'cancelled' | 'failed' | 'not-applied' | 'unchecked'; message: string; status?: string }

/** Pause, resume or stop: checked against the current status, confirmed, then verified by reading. */
export async function runStatusAction(id: string, action: StatusAction, deps: StatusDeps): Promise<StatusResult> {
  const { api, ui } = deps;
  const spec = STATUS_ACTIONS[action];
  const Verb = capitalized(spec.verb);
  const fail = (r: StatusResult) => told(ui, r);
  let before: RemoteCampaign;
  try {
    before = await api.getCampaign(id);
  } catch (e) {
    return fail({ outcome: 'failed', message: `Campaign ${id} could not be read, so it was not ${spec.past}: ${describeFailure(e)}` });
  }
  const problem = statusActionProblem(action, before.status, before.raw);
  if (problem) return fail({ outcome: 'blocked', message: problem.message, status: before.status });
  if (!(await confirmStatusAction(id, action, before, deps))) return fail({ outcome: 'cancelled', message: `Campaign ${id} was not ${spec.past}.` });
  try {
    await ui.progress(l10n.t`${Verb} campaign ${id}…`, () => api.changeStatus(action, id));
  } catch (e) {
    if (e instanceof ServiceFailure && e.mayHaveApplied) return fail(await checkLostStatus(id, action, before, e, deps));
    return fail({ outcome: 'failed', message: `Campaign ${id} was not ${spec.past}: ${describeFailure(e)}` });
  }
  return verifyStatus(id, action, before, deps);
}

/**
 * The questions before a status action: one, and a second in production. Stopping is final, so
 * its yes is never the default answer, and in production it is given by typing the campaign's
 * name (its id when it has none).
 */
async function confirmStatusAction(id: string, action: StatusAction, before: RemoteCampaign, { ui, env }: StatusDeps): Promise<boolean> {
  const spec = STATUS_ACTIONS[action];
  const Verb = capitalized(spec.verb);
  const stored = isObject(before.raw.basic_details) && typeof before.raw.basic_details.name === 'string' ? before.raw.basic_details.name.trim() : '';
  const name = stored ? `"${stored}" (${id})` : id;
  const irreversible = action === 'STOP';
  const consequence = irreversible
    ? 'Stopping is final: a stopped campaign cannot be resumed or updated again.'
    : action === 'PAUSE' ? 'Nothing is sent while it is paused; resume it to continue.' : 'Sending continues from where it was paused.';
  if (!(await ui.confirm(`${Verb} campaign ${name} on ${env.name}?`, `It is ${normalStatus(before.status)} now. ${consequence}`, Verb, { irreversible }))) return false;
  if (!env.production) return true;
  if (irreversible) return ui.confirm(`${env.name} is a production environment: type the campaign's name to stop it.`, `Stopping ${name} cannot be undone.`, `${Verb} in production`, { irreversible, typed: stored || id });
  return ui.confirm(`${env.name} is a production environment.`, `Really ${spec.verb} campaign ${name}?`, `${Verb} in production`);
}

/** Says how a status change ended: a note when done or cancelled, a warning when unchecked, else an error. */
function told(ui: PushUi, r: StatusResult): StatusResult {
  tellOutcome(ui, r.outcome, r.message);
  return r;
}

function capitalized(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

/** Whether the status read back is one the action leads to. */
function reached(action: StatusAction, after: string): boolean {
  return (STATUS_ACTIONS[action].reaches as readonly string[]).includes(normalStatus(after));
}

/** After an action the service answered: read back, to show the status and keep the base in step. */
async function verifyStatus(id: string, action: StatusAction, before: RemoteCampaign, deps: StatusDeps): Promise<StatusResult> {
  const { api, ui } = deps;
  const spec = STATUS_ACTIONS[action];
  let after: RemoteCampaign;
  try {
    after = await api.getCampaign(id);
  } catch (e) {
    const message = `Campaign ${id} was ${spec.past}: the service accepted the request. Reading it back failed (${describeFailure(e)}); refresh the Campaigns view to see its status.`;
    ui.warn(message);
    return { outcome: 'done', message };
  }
  await keepBaseInStep(id, after, deps);
  if (!reached(action, after.status)) {
    const message = `The service accepted the request, but campaign ${id} is ${normalStatus(after.status)}, not ${spec.past} (it was ${normalStatus(before.status)}).`;
    ui.error(message);
    return { outcome: 'failed', status: after.status, message };
  }
  const message = `Campaign ${id} is now ${normalStatus(after.status)}.`;
  ui.info(message);
  return { outcome: 'done', message, status: after.status };
}

/** After an action whose answer was lost (or that failed on the server): the status read again decides. */
async function checkLostStatus(id: string, action: StatusAction, before: RemoteCampaign, e: ServiceFailure, deps: StatusDeps): Promise<StatusResult> {
  const spec = STATUS_ACTIONS[action];
  const what = answerLostOrFailed(e, `the ${spec.verb} request`);
  const title = `${e.answerLost ? `The answer to the ${spec.verb} request was lost` : `The service failed on the ${spec.verb} request`}; checking campaign ${id}'s status…`;
  const check = await readUntilAnswered(deps.ui, title, signal => deps.api.getCampaign(id, signal), deps.readBack);
  if (!check.answered) {
    return { outcome: 'unchecked', message: `${what}, and ${whyUnchecked(check)}: whether campaign ${id} was ${spec.past} could not be checked yet. It was not sent again. Refresh the Campaigns view once the service answers, and ${spec.verb} it again only if it is still ${normalStatus(before.status)}.` };
  }
  const after = check.value;
  await keepBaseInStep(id, after, deps);
  const now = normalStatus(after.status);
  if (reached(action, after.status)) {
    return { outcome: 'done', status: after.status, message: `Campaign ${id} is now ${now} (${e.answerLost ? 'the answer was lost' : 'the service reported a failure'}; reading it again confirmed the change).` };
  }
  const finding = now === normalStatus(before.status)
    ? `it was not ${spec.past}: it is still ${now}. It was not sent again; ${spec.verb} it again to retry.`
    : `it was not ${spec.past}: it is ${now} now (it was ${normalStatus(before.status)}), so another client changed its status. It was not sent again.`;
  return { outcome: 'not-applied', status: after.status, message: `${what}. Reading campaign ${id} again shows ${finding}` };
}

/** Keep the base in step when only the status and stamp moved, so the next push sees no remote change. */
async function keepBaseInStep(id: string, after: RemoteCampaign, deps: StatusDeps): Promise<void> {
  const base = await deps.bases.read(id);
  if (base && sameContent(contentOf(base), contentOf(after.normalized))) await deps.bases.write(id, after);
}

/** Delivery types whose executions exist (spec: Execution history). */
export const EXECUTION_TYPES = ['PERIODIC', 'BUSINESS_EVENT_TRIGGERED'];

export interface ExecutionHistory { id: string; executions: ExecutionEntry[]; total?: number; truncated: boolean }

/** Every page of the execution history (15 at a time), up to `maxPages`. */
export async function loadExecutions(api: PushApi, id: string, deliveryType: unknown, maxPages = 20): Promise<ExecutionHistory> {
  if (typeof deliveryType === 'string' && !EXECUTION_TYPES.includes(deliveryType)) {
    throw new Error(l10n.t`Execution history exists only for periodic and business-event-triggered campaigns; campaign ${id} is \`${deliveryType}\`, which runs as one campaign.`);
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

/** The history as a Markdown document: one row per execution. */
export function executionsMarkdown(h: ExecutionHistory, name?: string): string {
  const lines = [`# Executions of ${name ? `${name} (${h.id})` : h.id}`, ''];
  lines.push(`${h.executions.length} execution${h.executions.length === 1 ? '' : 's'} listed${h.total !== undefined ? `, ${h.total} instance${h.total === 1 ? '' : 's'} in total` : ''}${h.truncated ? ' (only the first pages are shown)' : ''}.`, '');
  if (h.executions.length) {
    lines.push('| # | child campaign | sent (UTC) | status |', '| --- | --- | --- | --- |');
    h.executions.forEach((e, i) => lines.push(`| ${i + 1} | \`${e.campaign_id}\` | ${e.sent_time ?? ''} | ${e.status ?? ''} |`));
  }
  return lines.join('\n') + '\n';
}
