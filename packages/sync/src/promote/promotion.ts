import * as l10n from '@vscode/l10n';
import { code, COMPONENTS, IDENTITY_FIELDS, parse, setMember, WorkspaceSettings } from '@campaign-studio/core';
import { CampaignDoc, campaignNameOf, contentOf, list, sameContent } from '../push/model';
import { DraftResult, runCreateDraft } from '../push/draftFlow';
import { PushResult, runPush } from '../push/pushFlow';
import { BaseStore, ConflictQuestion, LocalFile, PushUi, RemoteCampaign, WriteDeps } from '../push/ports';
import type { LocalRules } from '../push/preflight';
import { Environment } from '../remote/environments';
import { findLink, LINKS_FILE, LinksFile, PromotionLink, sharedTarget } from './links';
import { mapValues, Substitution, ValuesFile } from './values';

/**
 * Promotion: a campaign of one environment (the source, as that environment holds it now) written
 * into another (the target). The first promotion creates a draft there, as New Draft does, and
 * links the two; later ones update the linked campaign through push's own flow, with the body last
 * promoted as the base of its field-level three-way merge, so that the target's own edits to other
 * fields are kept and a field changed on both sides is refused, never overwritten. Per-environment
 * values come from `campaign.values.json`; the target workspace's features are checked with that
 * environment's settings. Nothing here starts, pauses or stops a campaign.
 */

/** Where the promotion's links are read and recorded. */
export interface LinksPort {
  read(): LinksFile;
  record(link: PromotionLink): Promise<void>;
  /** How the links file is named in messages. */
  shown?: string;
  /** Holds the promotion of one source campaign against other promotions of it, in any process; resolves to its release. */
  hold?(key: string): Promise<() => Promise<void>>;
}

export interface PromotionEnds {
  from: Environment;
  to: Environment;
  /** The source campaign's id in `from`. */
  sourceId: string;
}

/** Something the promotion will not carry into the target, said with its path. */
export interface PromotionRefusal {
  path: string;
  rule?: string;
  message: string;
}

export interface PreparedPromotion extends PromotionEnds {
  /** The content to promote: the source's, with the target's values; no id. */
  body: CampaignDoc;
  campaignName?: string;
  substituted: Substitution[];
  refused: PromotionRefusal[];
  /** The link to the target campaign; absent before the first promotion. */
  link?: PromotionLink;
}

export interface PrepareInput extends PromotionEnds {
  source: RemoteCampaign;
  values: ValuesFile;
  /** How the values file is named in messages. */
  valuesShown: string;
  links: LinksFile;
}

/** What a promotion would write, before anything is asked or sent: pure. */
export function preparePromotion(input: PrepareInput): PreparedPromotion {
  const { from, to, sourceId } = input;
  const content = contentOf(input.source.normalized);
  const mapped = mapValues(content, input.values, from.name, to.name, input.valuesShown);
  const refused: PromotionRefusal[] = [...mapped.refused];
  const link = findLink(input.links, { workspaceId: from.workspaceId, campaignId: sourceId }, { workspaceId: to.workspaceId });
  if (from.workspaceId === to.workspaceId && from.baseUrl === to.baseUrl)
    refused.unshift({
      path: '',
      message: l10n.t(
        '{0} and {1} are the same workspace ({2}): promotion copies a campaign into another workspace.',
        from.name,
        to.name,
        to.workspaceId,
      ),
    });
  return {
    from,
    to,
    sourceId,
    body: mapped.doc,
    campaignName: campaignNameOf(mapped.doc),
    substituted: mapped.substituted,
    refused,
    ...(link ? { link } : {}),
  };
}

/**
 * Errors of the rules under the target's workspace settings that the same rules do not report
 * with nothing known about the workspace: a component or field the target's features refuse.
 * `rulesFor` runs the rule set with given settings (in process, or the language server's).
 */
export async function targetFeatureRefusals(
  doc: CampaignDoc,
  to: Environment,
  settingsShown: string,
  rulesFor: (settings: WorkspaceSettings) => LocalRules,
): Promise<PromotionRefusal[]> {
  if (!to.settings) return [];
  const text = JSON.stringify(doc);
  const errors = async (s: WorkspaceSettings) => (await rulesFor(s).check(text, {})).filter(f => f.severity === 'error');
  const known = new Set((await errors({ features: {} })).map(f => `${f.rule}\u0000${f.path}`));
  return (await errors(to.settings))
    .filter(f => !known.has(`${f.rule}\u0000${f.path}`))
    .map(f => {
      const field = f.path.split('/').filter(Boolean).join('.');
      return {
        path: field,
        rule: f.rule,
        message: l10n.t(
          "{0} cannot go to {1}: {2} Remove it from the source campaign and promote again; or, if {1}'s workspace has the feature, correct {1}'s `settings` in {3}.",
          code(field || f.path),
          to.name,
          f.message,
          settingsShown,
        ),
      };
    });
}

export type PromotionOutcome =
  | 'created'
  | 'updated'
  /** Nothing to write: the target already holds what the source has (its own edits to other fields kept). */
  | 'unchanged'
  | 'refused'
  | 'conflict'
  | 'cancelled'
  | 'failed'
  /** A write's answer was lost and reading again showed it did not apply. */
  | 'not-applied'
  /** A write's answer was lost and could not be checked yet. */
  | 'unchecked';

export interface PromotionResult {
  outcome: PromotionOutcome;
  ok: boolean;
  message: string;
  /** The target campaign's id, once there is one. */
  targetId?: string;
  /** Fields changed both in the source and in the target since the last promotion. */
  conflicts: ConflictQuestion['conflicts'];
  flow?: PushResult | DraftResult;
}

/** What the promotion runs with: the flows' ports on the target, and the links. */
export interface PromotionDeps extends WriteDeps {
  links: LinksPort;
  /** The time recorded in links; tests pass theirs. */
  now?: () => Date;
}

/**
 * Writes a prepared promotion: a new draft and its link, or an update of the linked campaign. The
 * links are read again first (another promotion may have linked it since it was prepared), under
 * a hold on the source campaign, so that one source never gets two target campaigns.
 */
export async function runPromotion(p: PreparedPromotion, deps: PromotionDeps): Promise<PromotionResult> {
  if (p.refused.length) return refusedResult(p, deps);
  const release = await deps.links.hold?.(`promote.${safe(p.from.workspaceId)}.${safe(p.sourceId)}`);
  try {
    const link = findLink(
      deps.links.read(),
      { workspaceId: p.from.workspaceId, campaignId: p.sourceId },
      { workspaceId: p.to.workspaceId },
    );
    return link ? await updateTarget(p, link, deps) : await createTarget(p, deps);
  } finally {
    await release?.();
  }
}

function safe(s: string): string {
  return s.replace(/[^A-Za-z0-9_-]/g, '_');
}

function refusedResult(p: PreparedPromotion, deps: PromotionDeps): PromotionResult {
  const message = l10n.t('Nothing was sent to {0}: {1}', p.to.name, p.refused.map(r => r.message).join(' '));
  deps.ui.error(message);
  return { outcome: 'refused', ok: false, message, conflicts: [] };
}

/** The promoted body as a file the flows read and write in memory; `onReplace` sees each new text. */
function promotedFile(p: PreparedPromotion, text: string, onReplace: (next: string) => Promise<void> = async () => undefined): LocalFile {
  let current = text;
  return {
    uri: `campaign-promotion://${p.from.name}/${p.sourceId}`,
    name: l10n.t('{0} (campaign {1} of {2})', p.campaignName ?? p.sourceId, p.sourceId, p.from.name),
    text: () => current,
    replace: async (expected, next) => {
      if (current !== expected) return false;
      current = next;
      await onReplace(next);
      return true;
    },
    whenSaved: () => ({ cancel: () => undefined }),
  };
}

/**
 * The flows' questions as a promotion answers them: fields changed on both sides are refused
 * (recorded, never asked); the file is the promoted body in memory, so a question about taking
 * the service's changes into it is answered yes without asking, and its echo is never taken.
 */
class PromotionUi implements PushUi {
  conflicts?: ConflictQuestion;

  constructor(
    private readonly inner: PushUi,
    private readonly flow: 'create' | 'update',
  ) {}

  confirmPush: PushUi['confirmPush'] = (preview, round) => this.inner.confirmPush(preview, round);
  async resolveConflicts(q: ConflictQuestion): Promise<undefined> {
    this.conflicts = q;
    return undefined;
  }
  async offerRemoteVersion(): Promise<boolean> {
    return false;
  }
  confirm: PushUi['confirm'] = async (message, detail, yes, how) =>
    this.flow === 'update' ? true : this.inner.confirm(message, detail, yes, how);
  /** After a refused conflict, the flow's own words (a cancelled push) are not the promotion's: its result says it. */
  info = (m: string): void => {
    if (!this.conflicts) this.inner.info(m);
  };
  warn = (m: string): void => this.inner.warn(m);
  error = (m: string): void => {
    if (!this.conflicts) this.inner.error(m);
  };
  showFindings: PushUi['showFindings'] = (uri, findings, doc) => this.inner.showFindings(uri, findings, doc);
  progress: PushUi['progress'] = (title, task) => this.inner.progress(title, task);
}

function linkFor(p: PreparedPromotion, targetId: string, body: CampaignDoc, deps: PromotionDeps): PromotionLink {
  return {
    from: { environment: p.from.name, workspaceId: p.from.workspaceId, campaignId: p.sourceId },
    to: { environment: p.to.name, workspaceId: p.to.workspaceId, campaignId: targetId },
    promotedAt: (deps.now?.() ?? new Date()).toISOString(),
    promotedBy: deps.env.email,
    body,
  };
}

/** The link is recorded as soon as the target has an id, before its components are sent: a draft is never orphaned. */
async function createTarget(p: PreparedPromotion, deps: PromotionDeps): Promise<PromotionResult> {
  const ui = new PromotionUi(deps.ui, 'create');
  const identity: CampaignDoc = {};
  for (const k of IDENTITY_FIELDS) if (p.body[k] !== undefined) setMember(identity, k, p.body[k]);
  let targetId: string | undefined;
  const file = promotedFile(p, `${JSON.stringify(p.body, null, 2)}\n`, async next => {
    const id = (parse(next).value as Record<string, unknown> | undefined)?.id;
    if (targetId || typeof id !== 'string') return;
    targetId = id;
    await recordLink(linkFor(p, id, identity, deps), deps);
  });
  const bases: BaseStore = { read: async () => undefined, write: async () => undefined };
  const r = await runCreateDraft(file, { ...deps, ui, bases });
  targetId ??= r.id;
  if (targetId) {
    const held = r.components.filter(c => c.outcome === 'ok').map(c => c.component);
    const body = { ...identity };
    for (const k of COMPONENTS) if (held.includes(k) && p.body[k] !== undefined) setMember(body, k, p.body[k]);
    await recordLink(linkFor(p, targetId, body, deps), deps);
  }
  const ok = r.outcome === 'created' && r.components.every(c => c.outcome === 'ok');
  const outcome =
    r.outcome === 'created' ? 'created' : r.outcome === 'ambiguous' ? 'unchecked' : r.outcome === 'blocked' ? 'refused' : r.outcome;
  const message = targetId ? createdMessage(p, targetId, r, deps.links.shown) : r.message;
  return { outcome, ok, message, conflicts: [], flow: r, ...(targetId ? { targetId } : {}) };
}

/** What a first promotion did, said for the promotion (the draft flow speaks of a file, which a promotion does not have). */
function createdMessage(p: PreparedPromotion, targetId: string, r: DraftResult, linksShown = LINKS_FILE): string {
  const sent = r.components.filter(c => c.outcome === 'ok').map(c => c.component);
  const missing = r.components.filter(c => c.outcome !== 'ok');
  const parts = [
    l10n.t(
      'Promoted campaign {0} of {1} as new draft {2} on {3}, linked in {4}.',
      p.sourceId,
      p.from.name,
      targetId,
      p.to.name,
      linksShown,
    ),
  ];
  if (sent.length) parts.push(l10n.t('Sent: {0}.', list(sent)));
  if (missing.length)
    parts.push(
      l10n.t(
        'Not in the draft yet: {0}. Promote again once that is fixed: the next promotion sends only what the draft does not hold.',
        missing.map(c => `${code(c.component)} (${c.outcome}${c.message ? `: ${c.message}` : ''})`).join('; '),
      ),
    );
  return parts.join(' ');
}

/** An update of the linked campaign: push's flow, with the body last promoted as the base. */
async function updateTarget(p: PreparedPromotion, link: PromotionLink, deps: PromotionDeps): Promise<PromotionResult> {
  const targetId = link.to.campaignId;
  const ui = new PromotionUi(deps.ui, 'update');
  const file = promotedFile(p, `${JSON.stringify({ id: targetId, ...p.body }, null, 2)}\n`);
  const bases: BaseStore = { read: async () => link.body, write: async () => undefined, hold: deps.bases.hold };
  const r = await runPush(file, { ...deps, ui, bases });
  const base = { targetId, flow: r, conflicts: ui.conflicts?.conflicts ?? [] };
  if (ui.conflicts) return { ...base, outcome: 'conflict', ok: false, message: conflictMessage(p, ui.conflicts) };
  const written = r.outcome === 'pushed' || r.outcome === 'pushed-after-timeout';
  const unchanged = r.outcome === 'nothing-to-push' || r.outcome === 'file-updated';
  if (written || unchanged) await recordLink(linkFor(p, targetId, p.body, deps), deps);
  if (written) return { ...base, outcome: 'updated', ok: true, message: r.message };
  if (unchanged) return { ...base, outcome: 'unchanged', ok: true, message: unchangedMessage(p, targetId, r) };
  return { ...base, outcome: failedOutcome(r.outcome), ok: false, message: r.message };
}

function failedOutcome(o: PushResult['outcome']): PromotionOutcome {
  if (o === 'blocked') return 'refused';
  if (o === 'cancelled' || o === 'not-applied' || o === 'unchecked') return o;
  return 'failed';
}

async function recordLink(link: PromotionLink, deps: PromotionDeps): Promise<void> {
  const clash = sharedTarget(deps.links.read(), link);
  if (clash)
    deps.ui.warn(
      l10n.t(
        'Campaign {0} of {1} is also linked from campaign {2} of {3}: two sources promoted onto one campaign undo each other.',
        link.to.campaignId,
        link.to.environment,
        clash.from.campaignId,
        clash.from.environment,
      ),
    );
  await deps.links.record(link);
}

function conflictMessage(p: PreparedPromotion, q: ConflictQuestion): string {
  const by = q.remoteUpdatedBy ? l10n.t(' (last by {0})', q.remoteUpdatedBy) : '';
  return l10n.t(
    'Nothing was sent: {0} changed in {1} and in campaign {2} of {3}{4} since the last promotion: {5}. Make the two agree (change the source in {1}, or the target in {3}), then promote again.',
    q.conflicts.length === 1 ? l10n.t('a field') : l10n.t('{0} fields', q.conflicts.length),
    p.from.name,
    q.campaignId,
    p.to.name,
    by,
    q.conflicts.map(c => code(c.path)).join(', '),
  );
}

function unchangedMessage(p: PreparedPromotion, targetId: string, r: PushResult): string {
  return r.outcome === 'file-updated'
    ? l10n.t(
        'Nothing to promote: campaign {0} of {1} already holds what {2} has, and keeps its own changes to {3}.',
        targetId,
        p.to.name,
        p.from.name,
        (r.fileTook ?? []).map(code).join(', '),
      )
    : l10n.t('Nothing to promote: campaign {0} of {1} already holds what {2} has.', targetId, p.to.name, p.from.name);
}

/** Whether the target holds exactly what a promotion would send (its own edits make it differ). */
export function promotedEqual(p: Pick<PreparedPromotion, 'body'>, target: RemoteCampaign): boolean {
  return sameContent(p.body, target.normalized);
}
