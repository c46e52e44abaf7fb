import { isObject, parse } from '@campaign-studio/core';
import { dequal } from 'dequal';
import { describeFailure, findingsFromEnvelope, RemoteFinding } from './errorMapping';
import { CampaignDoc, campaignIdOf, COMPONENTS, list } from './model';
import { LocalFile, ServiceFailure, WriteDeps } from './ports';
import { checkLocal, summarize } from './preflight';
import { reconcileCreate } from './reconcile';
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
  outcome: 'ok' | 'failed' | 'unknown';
  message?: string;
}

export interface DraftResult {
  outcome: 'created' | 'blocked' | 'cancelled' | 'failed' | 'unknown';
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

export async function runCreateDraft(file: LocalFile, deps: WriteDeps): Promise<DraftResult> {
  const { api, bases, ui, env } = deps;
  const fail = (r: DraftResult): DraftResult => {
    if (r.outcome === 'cancelled') ui.info(r.message); else ui.error(r.message);
    return r;
  };
  const text0 = file.text();
  const check = await checkLocal(deps.rules, text0);
  const local = parse(text0).value;
  if (!isObject(local)) return fail({ outcome: 'blocked', components: [], message: `${file.name} does not hold a JSON object: nothing to create. Fix the file first.` });
  const existing = campaignIdOf(local);
  if (existing) return fail({ outcome: 'blocked', components: [], message: `${file.name} already names campaign ${existing}: push it instead. To make a new draft from it, remove \`id\` (and \`campaign_id\`) from a copy of the file.` });
  for (const field of ['channel', 'campaign_delivery_type']) {
    if (typeof local[field] !== 'string') return fail({ outcome: 'blocked', components: [], message: `A draft is created from \`channel\` and \`campaign_delivery_type\`, and ${file.name} has no valid \`${field}\`. Add it first.` });
  }
  const refusal = writeRefusal(local, 'create');
  if (refusal) {
    ui.showFindings(file.uri, [refusal], local);
    return fail({ outcome: 'blocked', components: [], message: refusal.message });
  }
  if (check.errors.length) {
    return fail({ outcome: 'blocked', components: [], message: `Nothing was created: ${file.name} has ${check.errors.length} error${check.errors.length === 1 ? '' : 's'} the service would reject — ${summarize(check.errors)}.` });
  }
  const components = componentOrder(local);
  const ask = `Create a ${local.channel} ${local.campaign_delivery_type} draft on ${env.name}?`;
  const detail = `Then ${components.length ? `${list(components)} ${components.length === 1 ? 'is' : 'are'} sent one by one` : 'nothing else is sent (the file has no component yet)'}, and the new id is written into ${file.name}.`;
  if (!(await ui.confirm(ask, detail, 'Create draft'))) return fail({ outcome: 'cancelled', components: [], message: 'Nothing was created.' });
  if (env.production && !(await ui.confirm(`${env.name} is a production environment.`, `Really create the draft there?`, 'Create in production'))) {
    return fail({ outcome: 'cancelled', components: [], message: 'Nothing was created.' });
  }

  // 1. The create call; a lost answer is resolved by looking for the draft, never by creating again.
  const createBody = { channel: local.channel, campaign_delivery_type: local.campaign_delivery_type, created_by: env.email };
  let id: string;
  let known = new Set<string>();
  try {
    known = new Set((await api.findDrafts(env.email, String(local.channel), String(local.campaign_delivery_type))).map(d => d.id));
  } catch {
    // Only needed if the create's answer is lost; then it is looked up again and that failure reported.
  }
  const startedAt = Date.now();
  try {
    id = (await ui.progress(`Creating the draft on ${env.name}…`, () => api.createCampaign(createBody))).id;
  } catch (e) {
    if (e instanceof ServiceFailure && e.answerLost) {
      let found;
      try {
        found = reconcileCreate(await api.findDrafts(env.email, String(local.channel), String(local.campaign_delivery_type)), startedAt, known);
      } catch (e2) {
        return fail({ outcome: 'unknown', components: [], message: `The create call's answer was lost (${e.message}) and the drafts could not be listed to check (${e2 instanceof Error ? e2.message : String(e2)}). Nothing else was sent and ${file.name} is unchanged; look for a new empty draft in the Campaigns view before creating again.` });
      }
      if (found.outcome !== 'applied' || !found.id) return fail({ outcome: found.outcome === 'not-applied' ? 'failed' : 'unknown', components: [], message: found.message });
      ui.warn(found.message);
      id = found.id;
    } else {
      const envelope = e instanceof ServiceFailure ? e.envelope : undefined;
      if (envelope) ui.showFindings(file.uri, findingsFromEnvelope(envelope, local), local);
      return fail({ outcome: 'failed', components: [], message: `The draft was not created: ${describeFailure(e)}. ${file.name} is unchanged.` });
    }
  }

  // 2. The id goes into the file before anything else, so the draft is never orphaned.
  let idNotWritten = true;
  for (let attempt = 0; attempt < 3 && idNotWritten; attempt++) {
    const current = file.text();
    if (!isObject(parse(current).value)) break;
    if (await file.replace(current, writeNewId(current, id))) idNotWritten = false;
  }

  // 3. One PATCH per component: each is validated in full and reported on its own.
  const results: ComponentResult[] = [];
  const findings: RemoteFinding[] = [];
  for (const component of components) {
    const body: CampaignDoc = { channel: local.channel, campaign_delivery_type: local.campaign_delivery_type, updated_by: env.email, [component]: local[component] };
    try {
      await ui.progress(`Sending ${component}…`, () => api.updateCampaign(id, body));
      results.push({ component, outcome: 'ok' });
    } catch (e) {
      if (e instanceof ServiceFailure && e.answerLost) {
        try {
          const after = await api.getCampaign(id);
          const applied = dequal(after.normalized[component], local[component]);
          results.push(applied ? { component, outcome: 'ok', message: 'the answer was lost; reading the draft showed it applied' } : { component, outcome: 'unknown', message: `the answer was lost and the draft does not hold it (${e.message}); it was not sent again` });
        } catch {
          results.push({ component, outcome: 'unknown', message: `the answer was lost (${e.message}) and the draft could not be read to check; it was not sent again` });
        }
      } else {
        const envelope = e instanceof ServiceFailure ? e.envelope : undefined;
        if (envelope) findings.push(...findingsFromEnvelope(envelope, local));
        results.push({ component, outcome: 'failed', message: describeFailure(e) });
      }
    }
  }

  // 4. The base: the draft as the service holds it now.
  let baseNote = '';
  try {
    await bases.write(id, await api.getCampaign(id));
  } catch (e) {
    baseNote = ` The draft could not be read back (${e instanceof Error ? e.message : String(e)}): fetch it before pushing, so that the base snapshot is recorded.`;
  }
  ui.showFindings(file.uri, findings, local);

  const ok = results.filter(r => r.outcome === 'ok').map(r => r.component);
  const bad = results.filter(r => r.outcome !== 'ok');
  const parts = [`Created draft ${id} on ${env.name}.`];
  if (ok.length) parts.push(`Sent: ${list(ok)}.`);
  if (bad.length) parts.push(`Not sent: ${bad.map(r => `\`${r.component}\` (${r.message})`).join('; ')}. Fix ${bad.length === 1 ? 'it' : 'them'} and push: the file still holds ${bad.length === 1 ? 'it' : 'them'}.`);
  parts.push(idNotWritten ? `${file.name} could not take the id (it was being edited, or is no longer valid JSON): add "id": "${id}" at the top yourself.` : `The id is written into ${file.name}.`);
  const message = parts.join(' ') + baseNote;
  if (bad.length || idNotWritten || baseNote) ui.warn(message); else ui.info(message);
  return { outcome: 'created', id, components: results, message, idNotWritten };
}
