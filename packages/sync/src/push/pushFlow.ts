import { dequal } from 'dequal';
import { WorkspaceSettings } from '@campaign-studio/core';
import { findingsFromEnvelope, RemoteFinding, describeEnvelope } from './errorMapping';
import { mergeComponents, resolveConflicts, ConflictChoice } from './merge';
import { CampaignDoc, campaignIdOf, canonical, contentKeys, list, sameContent, stampOf } from './model';
import { READ_ONLY_FIELDS } from '../remote/normalize';
import { isObject } from '@campaign-studio/core';
import { computePatch, isEmptyPatch, PatchError, planNotes, planRefusals, previewBefore } from './patch';
import { BaseStore, WriteEnvironment, LocalFile, PushApi, PushUi, RemoteCampaign, ServiceFailure } from './ports';
import { checkLocal, summarize } from './preflight';
import { remoteStateOf } from '../remote/baseFormat';
import { parse } from '@campaign-studio/core';
import { reconcileWrite } from './reconcile';
import { propagationNotes, stateProblems, writeRefusal, Problem } from './stateRules';
import { applyTopLevel } from './textEdits';

/**
 * Push: preflight (local rules, refusals, P1–P3 against the current remote, the service's
 * validate), a conflict check against the base snapshot with a per-component three-way merge,
 * the exact body shown and confirmed (twice for production), the remote re-read just before the
 * write, and a write that is never retried blindly. The file and the base change only after the
 * service accepted the update.
 */

export interface PushDeps {
  api: PushApi;
  bases: BaseStore;
  ui: PushUi;
  env: WriteEnvironment;
  settings: WorkspaceSettings;
}

export type PushOutcome =
  | 'pushed'
  /** The write's answer was lost but reading again showed it applied. */
  | 'pushed-after-timeout'
  | 'nothing-to-push'
  /** Nothing of the user's to send; the file took the service's changes. */
  | 'file-updated'
  | 'blocked'
  | 'cancelled'
  | 'failed'
  /** The write's answer was lost and whether it applied cannot be told. */
  | 'unknown';

export interface PushResult {
  outcome: PushOutcome;
  /** Where it stopped or what it did, in the user's words (also shown as a notification). */
  message: string;
  /** The stage that blocked or failed. */
  stage?: 'parse' | 'identity' | 'local-rules' | 'base' | 'refusal' | 'state' | 'remote-validate' | 'read' | 'conflict' | 'confirm' | 'write' | 'file';
  /** Components sent. */
  sent?: string[];
  /** Components the file took from the service. */
  fileTook?: string[];
  problems?: Array<Problem | RemoteFinding>;
}

/** How many times the remote may move under a preview before the push gives up. */
const MAX_ROUNDS = 3;

/** Read-only metadata kept from the file (it says which campaign and version the file came from). */
function withoutMeta(doc: CampaignDoc): CampaignDoc {
  const out: CampaignDoc = {};
  for (const k of contentKeys(doc)) out[k] = doc[k];
  return out;
}

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

function describeFailure(e: unknown): string {
  if (e instanceof ServiceFailure) return e.envelope ? describeEnvelope(e.envelope) : e.message;
  return e instanceof Error ? e.message : String(e);
}

export async function runPush(file: LocalFile, deps: PushDeps): Promise<PushResult> {
  const { api, bases, ui, env } = deps;
  const stop = (r: PushResult): PushResult => {
    if (r.outcome === 'blocked' || r.outcome === 'failed' || r.outcome === 'unknown') ui.error(r.message);
    else if (r.outcome === 'cancelled') ui.info(r.message);
    return r;
  };

  // 1. The file: JSON, a campaign id, writable by V5, no rule errors.
  const text0 = file.text();
  const local = parse(text0).value;
  if (!isObject(local)) return stop({ outcome: 'blocked', stage: 'parse', message: `${file.name} does not hold a JSON object, so there is nothing to push. Fix the file first.` });
  const id = campaignIdOf(local);
  if (!id) return stop({ outcome: 'blocked', stage: 'identity', message: `${file.name} has no \`id\`: this campaign is not on the service yet. Use "Campaign Studio: Create Draft from File" to create it.` });
  const refusal = writeRefusal(local, 'update');
  if (refusal) {
    ui.showFindings(file.uri, [refusal], local);
    return stop({ outcome: 'blocked', stage: 'refusal', message: refusal.message, problems: [refusal] });
  }
  let base: CampaignDoc | undefined;
  let baseError: unknown;
  try {
    base = await bases.read(id);
  } catch (e) {
    baseError = e;
  }
  // The rules as the editor runs them for this file: a schedule kept as the service returned it
  // and unchanged since the fetch is not sent, so it does not block (rule H5, information).
  const check = checkLocal(text0, deps.settings, undefined, isObject(base) ? remoteStateOf(base) : undefined);
  if (check.errors.length) {
    return stop({ outcome: 'blocked', stage: 'local-rules', problems: check.errors, message: `Nothing was sent: ${file.name} has ${check.errors.length} error${check.errors.length === 1 ? '' : 's'} the service would reject — ${summarize(check.parsed, check.errors)}.` });
  }
  if (baseError !== undefined) {
    return stop({ outcome: 'blocked', stage: 'base', message: `Nothing was sent: ${baseError instanceof Error ? baseError.message : String(baseError)}` });
  }
  if (!isObject(base)) {
    return stop({ outcome: 'blocked', stage: 'base', message: `There is no base snapshot for campaign ${id}, so your changes cannot be told apart from someone else's and the push could overwrite them. Fetch the campaign first (it asks before touching your file), then push.` });
  }

  // 2. The remote now.
  let remote: RemoteCampaign;
  try {
    remote = await ui.progress(`Reading campaign ${id}…`, () => api.getCampaign(id));
  } catch (e) {
    return stop({ outcome: 'failed', stage: 'read', message: `Nothing was sent: campaign ${id} could not be read from ${env.name} (${describeFailure(e)}).` });
  }

  const localContent = withoutMeta(local);
  // Choices per conflicting component, with the remote value they were made against: a choice
  // holds only while the service still has that value.
  const decided = new Map<string, { choice: ConflictChoice; remote: string }>();
  for (let round = 1; ; round++) {
    // 3. Conflicts: merge per component when the remote moved since the base.
    let merged: CampaignDoc = localContent;
    let takeFromRemote: string[] = [];
    const mergeNotes: string[] = [];
    if (remoteMoved(base, remote)) {
      const m = mergeComponents(withoutMeta(base), localContent, remote.normalized);
      const open = m.conflicts.filter(c => decided.get(c.key)?.remote !== canonical(c.remote));
      if (open.length) {
        const choices = await ui.resolveConflicts(open, { campaignId: id, remoteUpdatedBy: str(remote.raw.updated_by), remoteUpdatedAt: str(remote.raw.updated_at) });
        if (!choices || open.some(c => choices[c.key] !== 'local' && choices[c.key] !== 'remote')) {
          return stop({ outcome: 'cancelled', stage: 'conflict', message: `Push cancelled: nothing was sent, and ${file.name} and its base are unchanged.` });
        }
        for (const c of open) decided.set(c.key, { choice: choices[c.key], remote: canonical(c.remote) });
      }
      const choice = (k: string): ConflictChoice => decided.get(k)!.choice;
      const r = resolveConflicts(m, Object.fromEntries(m.conflicts.map(c => [c.key, choice(c.key)])));
      merged = r.merged;
      takeFromRemote = r.fromRemote;
      const who = str(remote.raw.updated_by) ? ` by ${str(remote.raw.updated_by)}` : '';
      mergeNotes.push(`The campaign changed on the service${who} since you fetched it.` +
        (m.takenFromRemote.length ? ` Changed only there, ${list(m.takenFromRemote)} ${m.takenFromRemote.length === 1 ? 'is' : 'are'} kept and will be merged into your file.` : '') +
        (m.keptLocal.length ? ` Changed only by you: ${list(m.keptLocal)}.` : '') +
        (m.conflicts.length ? ` Changed on both sides: ${m.conflicts.map(c => `\`${c.key}\` (${choice(c.key) === 'remote' ? 'taking theirs' : 'keeping yours'})`).join(', ')}.` : ''));
    }

    // 4. The patch: components that differ from what the service has now.
    let plan;
    try {
      plan = computePatch(merged, remote.normalized, env.email);
    } catch (e) {
      return stop({ outcome: 'blocked', stage: 'parse', message: e instanceof PatchError ? e.message : String(e) });
    }
    // Identity is compared with the base the file came from.
    const identity = planRefusals(computePatch(localContent, withoutMeta(base), env.email));
    if (identity.length) {
      ui.showFindings(file.uri, identity, local);
      return stop({ outcome: 'blocked', stage: 'refusal', problems: identity, message: identity[0].message });
    }
    if (isEmptyPatch(plan)) {
      if (takeFromRemote.length === 0) {
        if (remoteMoved(base, remote)) await bases.write(id, remote);
        ui.info(`Nothing to push: ${file.name} has no change from campaign ${id} on ${env.name}.`);
        return { outcome: 'nothing-to-push', message: 'Nothing to push.' };
      }
      const ok = await ui.confirm(`Nothing of yours to send: only the service changed ${list(takeFromRemote)}.`, `Take the service's version of ${list(takeFromRemote)} into ${file.name}? The rest of the file stays as it is.`, 'Update my file');
      if (!ok) return stop({ outcome: 'cancelled', stage: 'confirm', message: `Nothing was sent and ${file.name} is unchanged.` });
      const took = await writeComponents(file, text0, local, remote.normalized, takeFromRemote);
      if (!took.ok) return stop({ outcome: 'failed', stage: 'file', message: took.message });
      await bases.write(id, remote);
      ui.info(`${file.name} took ${list(takeFromRemote)} from the service; nothing needed to be sent.`);
      return { outcome: 'file-updated', message: 'The file took the service\'s changes.', fileTook: takeFromRemote };
    }

    // 5. State rules against the current remote status.
    const state = stateProblems(merged, plan.changed, remote.normalized, remote.status);
    if (state.length) {
      ui.showFindings(file.uri, state, local);
      return stop({ outcome: 'blocked', stage: 'state', problems: state, message: `Nothing was sent: ${state[0].message}${state.length > 1 ? ` (and ${state.length - 1} more, shown in the file)` : ''}` });
    }

    // 6. The service's own validation, without committing.
    let validation;
    try {
      // The body that will be sent, checked against the campaign as stored: what it would become.
      validation = await ui.progress('Validating on the service…', () => api.validateCampaign(id, plan.body));
    } catch (e) {
      return stop({ outcome: 'failed', stage: 'remote-validate', message: `Nothing was sent: the service's validation could not run (${describeFailure(e)}).` });
    }
    const validateNotes: string[] = [];
    if (!validation.ok) {
      const findings = findingsFromEnvelope(validation.envelope, local);
      ui.showFindings(file.uri, findings, local);
      // Errors inside a component being sent would make the update fail: they block. Errors
      // elsewhere (a draft not complete yet) are shown and noted, since the draft may be saved.
      const blocking = findings.filter(f => f.path === '' ? false : plan.changed.includes(f.path.slice(1).split('/')[0]));
      if (blocking.length) {
        return stop({ outcome: 'blocked', stage: 'remote-validate', problems: findings, message: `Nothing was sent: the service's validation rejects ${list([...new Set(blocking.map(f => f.path.slice(1).split('/')[0]))])} — ${blocking[0].message} See the file for each problem.` });
      }
      validateNotes.push(`The service's validation reports ${findings.length} problem${findings.length === 1 ? '' : 's'} outside the components being sent (shown in the file): the draft can be saved, but not published until ${findings.length === 1 ? 'it is' : 'they are'} fixed.`);
    } else {
      ui.showFindings(file.uri, [], local);
    }

    // 7. Show exactly what will be sent, and ask (twice for production).
    const notes = [...mergeNotes, ...planNotes(plan).filter(n => !n.includes('read-only')), ...propagationNotes(merged, plan.changed, remote.status).map(p => p.message), ...validateNotes];
    const preview = {
      campaignId: id, campaignName: nameOf(merged), environment: env.name, production: env.production, status: remote.status,
      body: plan.body, before: previewBefore(plan.body, remote.normalized), changed: plan.changed, takeFromRemote, notes,
    };
    if (!(await ui.confirmPush(preview, 1))) return stop({ outcome: 'cancelled', stage: 'confirm', message: `Push cancelled: nothing was sent, and ${file.name} and its base are unchanged.` });
    if (env.production && !(await ui.confirmPush(preview, 2))) return stop({ outcome: 'cancelled', stage: 'confirm', message: `Push to production cancelled: nothing was sent.` });

    // 8. Re-read just before writing: someone may have written while the preview was open.
    let fresh: RemoteCampaign;
    try {
      fresh = await api.getCampaign(id);
    } catch (e) {
      return stop({ outcome: 'failed', stage: 'read', message: `Nothing was sent: campaign ${id} could not be read again before writing (${describeFailure(e)}).` });
    }
    if (remoteMoved(baseFrom(remote), fresh)) {
      if (round >= MAX_ROUNDS) return stop({ outcome: 'failed', stage: 'conflict', message: `Nothing was sent: campaign ${id} keeps changing on the service (${MAX_ROUNDS} times during this push). Try again once the other client is done.` });
      ui.warn(`Campaign ${id} changed on the service while you were reviewing${str(fresh.raw.updated_by) ? ` (by ${str(fresh.raw.updated_by)})` : ''}: nothing was sent; here is the push again against the new version.`);
      remote = fresh;
      continue;
    }

    // 9. The write. A lost answer is reconciled by reading, never by sending again.
    let outcome: PushOutcome = 'pushed';
    let reconcileNote = '';
    try {
      await ui.progress(`Pushing ${list(plan.changed)} to ${env.name}…`, () => api.updateCampaign(id, plan.body));
    } catch (e) {
      // A lost answer, or a server failure (which may have happened after the change was
      // stored): read the campaign again to learn what happened before saying anything.
      const serverFailed = e instanceof ServiceFailure && e.kind === 'http' && (e.status ?? 0) >= 500;
      if (e instanceof ServiceFailure && (e.outcomeUnknown || serverFailed)) {
        const what = serverFailed ? `The service failed while handling the update (${describeFailure(e)})` : `The update's answer was lost (${e.message})`;
        let after: RemoteCampaign;
        try {
          after = await api.getCampaign(id);
        } catch (e2) {
          return stop({ outcome: 'unknown', stage: 'write', message: `${what}, and campaign ${id} could not be read again (${describeFailure(e2)}): whether it applied is unknown. Nothing was retried; ${file.name} and its base are unchanged. Compare with the remote ("Campaign Studio: Compare with Remote") before pushing again.` });
        }
        const rec = reconcileWrite({ before: fresh.normalized, sent: plan.body, after: after.normalized });
        if (rec.outcome === 'not-applied') {
          return stop({ outcome: 'failed', stage: 'write', message: serverFailed
            ? `${what}. Reading the campaign again shows it was not applied: nothing changed on the service, and ${file.name} and its base are unchanged. Nothing was retried; push again later.`
            : `${rec.message} ${file.name} and its base are unchanged.` });
        }
        if (rec.outcome === 'unknown') return stop({ outcome: 'unknown', stage: 'write', message: serverFailed ? `${what}. ${rec.message.replace(/^The answer to the update was lost, and /, 'Reading it again shows that ')}` : rec.message });
        outcome = 'pushed-after-timeout';
        reconcileNote = serverFailed ? ' (the service reported a failure, but reading the campaign again confirmed it applied)' : ' (the answer was lost; reading the campaign again confirmed it applied)';
      } else if (e instanceof ServiceFailure && e.kind === 'http') {
        const findings = e.envelope ? findingsFromEnvelope(e.envelope, local) : [];
        if (findings.length) ui.showFindings(file.uri, findings, local);
        return stop({ outcome: 'failed', stage: 'write', problems: findings, message: `The service refused the update${e.status ? ` (HTTP ${e.status})` : ''}: ${describeFailure(e)}. Nothing changed on the service, and ${file.name} and its base are unchanged.` });
      } else {
        return stop({ outcome: 'failed', stage: 'write', message: `The update was not sent: ${describeFailure(e)}. ${file.name} and its base are unchanged.` });
      }
    }

    // 10. Success: refresh the base from the service; the file takes only what the user agreed to.
    let after: RemoteCampaign | undefined;
    try {
      after = await api.getCampaign(id);
    } catch { /* handled below */ }
    // Without a read-back the base stays: the next push then sees the remote moved, and the merge
    // finds the pushed components equal on both sides, so nothing is lost or sent twice.
    if (after) await bases.write(id, after);
    ui.showFindings(file.uri, [], local);

    const fileTook: string[] = [];
    const messages: string[] = [`Pushed ${list(plan.changed)} to campaign ${id} on ${env.name}${reconcileNote}.`];
    const sources: CampaignDoc = after ? after.normalized : fresh.normalized;
    const toTake = [...takeFromRemote];
    if (after) {
      // The service's copy may differ from what was sent (defaults filled in, normalization):
      // the file takes that only when the user says so.
      const echoDiff = plan.changed.filter(k => !dequal(merged[k], after!.normalized[k]));
      if (echoDiff.length && await ui.offerRemoteVersion(echoDiff, { campaignId: id })) toTake.push(...echoDiff);
    }
    if (toTake.length) {
      const took = await writeComponents(file, text0, local, sources, toTake);
      fileTook.push(...took.written);
      if (!took.ok) messages.push(took.message);
    }
    if (fileTook.length) messages.push(`${file.name} took ${list(fileTook)} from the service.`);
    if (!after) messages.push('The campaign could not be read back after the push, so its base snapshot was not refreshed: fetch it before editing further.');
    ui.info(messages.join(' '));
    return { outcome, message: messages.join(' '), sent: plan.changed, fileTook };
  }
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}

function nameOf(doc: CampaignDoc): string | undefined {
  const bd = doc.basic_details;
  return isObject(bd) && typeof bd.name === 'string' ? bd.name : undefined;
}

/**
 * Writes components from `source` into the file. When the user edited the file since `expected`
 * (the text the push started from), a component is written only if the user did not touch it.
 */
async function writeComponents(file: LocalFile, expected: string, localAtStart: CampaignDoc, source: CampaignDoc, keys: string[]): Promise<{ ok: boolean; message: string; written: string[] }> {
  const current = file.text();
  let targetKeys = keys;
  const skipped: string[] = [];
  if (current !== expected) {
    const now = checkLocal(current, { features: {} }).parsed.value;
    if (!isObject(now)) return { ok: false, written: [], message: `${file.name} was edited during the push and is no longer valid JSON, so ${list(keys)} could not be taken into it. Use "Campaign Studio: Compare with Remote" to take them by hand.` };
    targetKeys = keys.filter(k => canonical(now[k]) === canonical(localAtStart[k]));
    skipped.push(...keys.filter(k => !targetKeys.includes(k)));
  }
  const next = applyTopLevel(current, targetKeys.map(k => ({ key: k, value: source[k] })));
  if (next !== current && !(await file.replace(current, next))) {
    return { ok: false, written: [], message: `${file.name} changed while it was being updated, so ${list(keys)} ${keys.length === 1 ? 'was' : 'were'} not taken into it. Use "Campaign Studio: Compare with Remote" to take ${keys.length === 1 ? 'it' : 'them'} by hand.` };
  }
  if (skipped.length) return { ok: false, written: targetKeys, message: `You edited ${list(skipped)} during the push, so ${skipped.length === 1 ? 'it was' : 'they were'} left as you wrote ${skipped.length === 1 ? 'it' : 'them'}; use "Campaign Studio: Compare with Remote" to compare.` };
  return { ok: true, written: targetKeys, message: '' };
}
