import * as l10n from '@vscode/l10n';
import { COMPONENTS, IDENTITY_FIELDS, isObject, parse } from '@campaign-studio/core';
import { dequal } from 'dequal';
import { describeFailure, errorEnvelope, findingsFromEnvelope, RemoteFinding } from './errorMapping';
import { answerLost, mayHaveApplied } from '../remote/errors';
import { CampaignDoc, campaignIdOf, list } from './model';
import { LocalFile, PushUi, tellOutcome, WriteDeps } from './ports';
import { checkLocal, summarize } from './preflight';
import { reconcileCreate } from './reconcile';
import { answerLostOrFailed, failureClause, readUntilAnswered, whyUnchecked } from './readBack';
import { writeRefusal } from './stateRules';
import { writeNewId } from './textEdits';

/**
 * A new draft from a local file without an id: `POST /v5/campaigns` with `channel`,
 * `campaign_delivery_type` and `created_by`, the new id written into the file at once, then one
 * PATCH per remaining component so that each is validated and reported on its own. The base is
 * recorded from the service at the end, so components that failed show as local changes to push
 * again once fixed.
 */

export interface ComponentResult {
  component: string;
  /**
   * `ok`: the draft holds it; `failed`: the service refused it; `not-applied`: its answer was
   * lost and the draft does not hold it; `unchecked`: its answer was lost and the draft could not
   * be read to check; `not-sent`: a check before it did not finish, so it was not sent.
   */
  outcome: 'ok' | 'failed' | 'not-applied' | 'unchecked' | 'not-sent';
  message?: string;
}

export interface DraftResult {
  /**
   * After a lost create answer: `not-applied` when no new draft appeared, `ambiguous` when several
   * did (one is this file's, which cannot be told), `unchecked` when the drafts could not be listed.
   */
  outcome: 'created' | 'blocked' | 'cancelled' | 'failed' | 'not-applied' | 'ambiguous' | 'unchecked';
  message: string;
  id?: string;
  components: ComponentResult[];
  /** The new id could not be written into the file (it is in the message). */
  idNotWritten?: boolean;
}

/** Components in the order a person builds a campaign: name first, then content, audience, schedule. */
function componentOrder(doc: CampaignDoc): string[] {
  return COMPONENTS.filter(k => doc[k] !== undefined);
}

/** The create call's body: a draft is made from its channel and delivery type only. */
export function draftCreateBody(
  local: CampaignDoc,
  email: string,
): { channel: string; campaign_delivery_type: string; created_by: string } {
  return { channel: String(local.channel), campaign_delivery_type: String(local.campaign_delivery_type), created_by: email };
}

/** The update that sends one component to the new draft. */
export function draftComponentBody(local: CampaignDoc, component: string, email: string): CampaignDoc {
  return { channel: local.channel, campaign_delivery_type: local.campaign_delivery_type, updated_by: email, [component]: local[component] };
}

/** Every request a draft made from `local` sends, in order (`{id}` stands for the new id). */
export function draftRequests(local: CampaignDoc, email: string): Array<{ method: 'POST' | 'PATCH'; path: string; body: CampaignDoc }> {
  return [
    { method: 'POST', path: '/v5/campaigns', body: draftCreateBody(local, email) },
    ...componentOrder(local).map(c => ({
      method: 'PATCH' as const,
      path: '/v5/campaigns/{id}',
      body: draftComponentBody(local, c, email),
    })),
  ];
}

/** Says why the flow ends (a note for a cancel, a warning for what could not be checked, else an error). */
function ended(ui: PushUi, r: DraftResult): DraftResult {
  tellOutcome(ui, r.outcome, r.message);
  return r;
}

export async function runCreateDraft(file: LocalFile, deps: WriteDeps): Promise<DraftResult> {
  const ready = await checkDraftFile(file, deps);
  if ('stop' in ready) return ended(deps.ui, ready.stop);
  const { local } = ready;
  const made = await createOnService(file, deps, local);
  if ('stop' in made) return ended(deps.ui, made.stop);
  const idNotWritten = !(await writeIdIntoFile(file, made.id));
  const { results, findings } = await sendComponents(made.id, local, deps);
  return report(file, deps, made.id, results, findings, local, idNotWritten);
}

/** The file's content when a draft can be made from it and the user says yes; else why not. */
async function checkDraftFile(file: LocalFile, deps: WriteDeps): Promise<{ local: CampaignDoc } | { stop: DraftResult }> {
  const { ui, env } = deps;
  const stop = (outcome: DraftResult['outcome'], message: string) => ({ stop: { outcome, components: [], message } });
  const text0 = file.text();
  const check = await checkLocal(deps.rules, text0);
  const local = parse(text0).value;
  if (!isObject(local))
    return stop('blocked', l10n.t('{0} does not hold a JSON object: nothing to create. Fix the file first.', file.name));
  const existing = campaignIdOf(local);
  if (existing)
    return stop(
      'blocked',
      l10n.t(
        '{0} already names campaign {1}: push it instead. To make a new draft from it, remove `id` (and `campaign_id`) from a copy of the file.',
        file.name,
        existing,
      ),
    );
  for (const field of IDENTITY_FIELDS) {
    if (typeof local[field] !== 'string')
      return stop(
        'blocked',
        l10n.t(
          'A draft is created from `channel` and `campaign_delivery_type`, and {0} has no valid {1}. Add it first.',
          file.name,
          `\`${field}\``,
        ),
      );
  }
  const refusal = writeRefusal(local, 'create');
  if (refusal) {
    ui.showFindings(file.uri, [refusal], local);
    return stop('blocked', refusal.message);
  }
  if (check.errors.length) {
    return stop(
      'blocked',
      check.errors.length === 1
        ? l10n.t('Nothing was created: {0} has 1 error the service would reject — {1}.', file.name, summarize(check.errors))
        : l10n.t(
            'Nothing was created: {0} has {1} errors the service would reject — {2}.',
            file.name,
            check.errors.length,
            summarize(check.errors),
          ),
    );
  }
  const components = componentOrder(local);
  const ask = l10n.t('Create a {0} {1} draft on {2}?', String(local.channel), String(local.campaign_delivery_type), env.name);
  const detail = !components.length
    ? l10n.t('Then nothing else is sent (the file has no component yet), and the new id is written into {0}.', file.name)
    : components.length === 1
      ? l10n.t('Then {0} is sent one by one, and the new id is written into {1}.', list(components), file.name)
      : l10n.t('Then {0} are sent one by one, and the new id is written into {1}.', list(components), file.name);
  if (!(await ui.confirm(ask, detail, l10n.t('Create draft')))) return stop('cancelled', l10n.t('Nothing was created.'));
  if (
    env.production &&
    !(await ui.confirm(
      l10n.t('{0} is a production environment.', env.name),
      l10n.t('Really create the draft there?'),
      l10n.t('Create in production'),
    ))
  ) {
    return stop('cancelled', l10n.t('Nothing was created.'));
  }
  return { local };
}

/** The drafts by this author of the file's kind (newest first). */
function myDrafts(deps: WriteDeps, local: CampaignDoc, signal?: AbortSignal): Promise<Array<{ id: string; created_at?: string }>> {
  return deps.api.findDrafts(deps.env.email, String(local.channel), String(local.campaign_delivery_type), signal);
}

/** The create call; a lost answer is resolved by looking for the draft, never by creating again. */
async function createOnService(file: LocalFile, deps: WriteDeps, local: CampaignDoc): Promise<{ id: string } | { stop: DraftResult }> {
  const { api, ui, env } = deps;
  const createBody = draftCreateBody(local, env.email);
  // Only needed if the create's answer is lost; then the drafts are listed again, and that is checked.
  const known = new Set((await myDrafts(deps, local).catch(() => [])).map(d => d.id));
  const startedAt = Date.now();
  try {
    return await ui.progress(l10n.t`Creating the draft on ${env.name}…`, () => api.createCampaign(createBody));
  } catch (e) {
    if (mayHaveApplied(e)) return findLostDraft(file, deps, local, e, { startedAt, known });
    const envelope = errorEnvelope(e);
    if (envelope) ui.showFindings(file.uri, findingsFromEnvelope(envelope, local), local);
    return {
      stop: {
        outcome: 'failed',
        components: [],
        message: l10n.t('The draft was not created: {0}. {1} is unchanged.', describeFailure(e), file.name),
      },
    };
  }
}

/** After a create that may have applied: the one new draft by this author is this file's. */
async function findLostDraft(
  file: LocalFile,
  deps: WriteDeps,
  local: CampaignDoc,
  e: unknown,
  since: { startedAt: number; known: ReadonlySet<string> },
): Promise<{ id: string } | { stop: DraftResult }> {
  const what = answerLostOrFailed(e, 'create');
  const title = answerLost(e)
    ? l10n.t('The answer to the create call was lost; checking whether the draft was created…')
    : l10n.t('The service failed while creating the draft; checking whether it was created…');
  const check = await readUntilAnswered(deps.ui, title, signal => myDrafts(deps, local, signal), deps.readBack);
  if (!check.answered) {
    return {
      stop: {
        outcome: 'unchecked',
        components: [],
        message: l10n.t(
          '{0}, and {1}: whether the draft was created could not be checked yet. Nothing else was sent and {2} is unchanged. Before creating again, look in the Campaigns view for a new empty {3} draft by you: if there is one, the create arrived; delete it in the dashboard first, so that there are not two.',
          what,
          whyUnchecked(check),
          file.name,
          String(local.channel),
        ),
      },
    };
  }
  const found = reconcileCreate(check.value, since.startedAt, since.known, what);
  if (found.id) {
    deps.ui.warn(found.message);
    return { id: found.id };
  }
  return { stop: { outcome: found.outcome === 'ambiguous' ? 'ambiguous' : 'not-applied', components: [], message: found.message } };
}

/** The id goes into the file before anything else, so the draft is never orphaned; false when it could not. */
async function writeIdIntoFile(file: LocalFile, id: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = file.text();
    if (!isObject(parse(current).value)) return false;
    if (await file.replace(current, writeNewId(current, id))) return true;
  }
  return false;
}

/**
 * One PATCH per component: each is validated in full and reported on its own. After a check that
 * could not finish, the rest is not sent: the service is not answering, or the person stopped.
 */
async function sendComponents(
  id: string,
  local: CampaignDoc,
  deps: WriteDeps,
): Promise<{ results: ComponentResult[]; findings: RemoteFinding[] }> {
  const results: ComponentResult[] = [];
  const findings: RemoteFinding[] = [];
  for (const component of componentOrder(local)) {
    const stuck = results.find(r => r.outcome === 'unchecked');
    if (stuck) {
      results.push({
        component,
        outcome: 'not-sent',
        message: l10n.t('since whether {0} arrived could not be checked', `\`${stuck.component}\``),
      });
      continue;
    }
    results.push(await sendComponent(id, local, component, deps, findings));
  }
  return { results, findings };
}

async function sendComponent(
  id: string,
  local: CampaignDoc,
  component: string,
  deps: WriteDeps,
  findings: RemoteFinding[],
): Promise<ComponentResult> {
  const body = draftComponentBody(local, component, deps.env.email);
  try {
    await deps.ui.progress(l10n.t`Sending ${component}…`, () => deps.api.updateCampaign(id, body));
    return { component, outcome: 'ok' };
  } catch (e) {
    if (mayHaveApplied(e)) return checkComponent(id, local, component, deps, e);
    const envelope = errorEnvelope(e);
    // The service's list has no bound: a spread of it could overflow the stack.
    if (envelope) for (const f of findingsFromEnvelope(envelope, local)) findings.push(f);
    return { component, outcome: 'failed', message: describeFailure(e) };
  }
}

/** Whether a component whose answer was lost reached the draft, by reading the draft again. */
async function checkComponent(id: string, local: CampaignDoc, component: string, deps: WriteDeps, e: unknown): Promise<ComponentResult> {
  const lost = answerLost(e);
  const why = failureClause(e);
  const name = `\`${component}\``;
  const title = lost
    ? l10n.t('The answer to {0}; checking whether the draft holds it…', name)
    : l10n.t('The service failed on {0}; checking whether the draft holds it…', name);
  const check = await readUntilAnswered(deps.ui, title, signal => deps.api.getCampaign(id, signal), deps.readBack);
  if (!check.answered) {
    const unchecked = whyUnchecked(check);
    return {
      component,
      outcome: 'unchecked',
      message: lost
        ? l10n.t('the answer was lost ({0}), and {1}; it was not sent again', why, unchecked)
        : l10n.t('the service failed while handling it ({0}), and {1}; it was not sent again', why, unchecked),
    };
  }
  if (dequal(check.value.normalized[component], local[component])) {
    return {
      component,
      outcome: 'ok',
      message: lost
        ? l10n.t('the answer was lost; reading the draft showed it applied')
        : l10n.t('the service failed while handling it; reading the draft showed it applied'),
    };
  }
  return {
    component,
    outcome: 'not-applied',
    message: lost
      ? l10n.t('the answer was lost ({0}), and reading the draft showed it was not applied; it was not sent again', why)
      : l10n.t('the service failed while handling it ({0}), and reading the draft showed it was not applied; it was not sent again', why),
  };
}

/** The base (the draft as the service holds it now), the findings, and what happened, said once. */
async function report(
  file: LocalFile,
  deps: WriteDeps,
  id: string,
  results: ComponentResult[],
  findings: RemoteFinding[],
  local: CampaignDoc,
  idNotWritten: boolean,
): Promise<DraftResult> {
  const { api, bases, ui, env } = deps;
  let baseNote = '';
  try {
    await bases.write(id, await api.getCampaign(id));
  } catch (e) {
    baseNote = l10n.t(
      'The draft could not be read back ({0}): fetch it before pushing, so that the base snapshot is recorded.',
      e instanceof Error ? e.message : String(e),
    );
  }
  ui.showFindings(file.uri, findings, local);

  const ok = results.filter(r => r.outcome === 'ok').map(r => r.component);
  const bad = results.filter(r => r.outcome !== 'ok');
  const parts = [l10n.t('Created draft {0} on {1}.', id, env.name)];
  if (ok.length) parts.push(l10n.t('Sent: {0}.', list(ok)));
  parts.push(...componentsNotInDraft(bad));
  parts.push(
    idNotWritten
      ? l10n.t(
          '{0} could not take the id (it was being edited, or is no longer valid JSON): add "id": "{1}" at the top yourself.',
          file.name,
          id,
        )
      : l10n.t('The id is written into {0}.', file.name),
  );
  if (baseNote) parts.push(baseNote);
  const message = parts.join(' ');
  if (bad.length || idNotWritten || baseNote) ui.warn(message);
  else ui.info(message);
  return { outcome: 'created', id, components: results, message, idNotWritten };
}

/** The components the draft may not hold, by what happened to them, and what to do. */
function componentsNotInDraft(bad: ComponentResult[]): string[] {
  if (!bad.length) return [];
  const groups: Array<[(items: string) => string, Array<ComponentResult['outcome']>]> = [
    [items => l10n.t('Not sent: {0}.', items), ['failed', 'not-sent']],
    [items => l10n.t('Not applied: {0}.', items), ['not-applied']],
    [items => l10n.t('Not checked: {0}.', items), ['unchecked']],
  ];
  const out = groups.flatMap(([line, outcomes]) => {
    const rs = bad.filter(r => outcomes.includes(r.outcome));
    return rs.length ? [line(rs.map(r => `\`${r.component}\` (${r.message})`).join('; '))] : [];
  });
  const refused = bad.some(r => r.outcome === 'failed');
  out.push(
    refused
      ? bad.length === 1
        ? l10n.t('Fix what the service refused and push: the file still holds it, and a push sends only what the draft does not hold.')
        : l10n.t('Fix what the service refused and push: the file still holds them, and a push sends only what the draft does not hold.')
      : bad.length === 1
        ? l10n.t('Push: the file still holds it, and a push sends only what the draft does not hold.')
        : l10n.t('Push: the file still holds them, and a push sends only what the draft does not hold.'),
  );
  return out;
}
