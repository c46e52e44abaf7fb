import * as path from 'path';
import * as vscode from 'vscode';
import {
  ConfirmHow,
  ConflictQuestion,
  Environment,
  linksOnDisk,
  LinksPort,
  plainText,
  PreparedPromotion,
  preparePromotion,
  targetFeatureRefusals,
  ProgressStep,
  PromotionResult,
  pushApi,
  runPromotion,
  PushPreview,
  PushUi,
  readValuesFile,
  RemoteCampaign,
  RemoteFinding,
  Problem,
  sameContent,
  ServiceClient,
  VALUES_FILE,
} from '@campaign-studio/sync';
import { isObject, parse } from '@campaign-studio/core';
import { COMMAND_IDS } from '../commandIds';
import type { StudioContext } from '../context';
import type { PushActions } from '../push/actions';
import { serverRules } from '../push/serverRules';
import { askTypedName, type VsCodePushUi } from '../push/vscodeUi';
import { reportError, type Connection } from '../remoteEditor/connection';
import { runWithProgress } from '../remoteEditor/progress';
import type { LinkStates } from './linkStates';
import { clientWithKey, Subject, subjectOf } from './subjects';
import {
  createReviewDocuments,
  outcomeSeverity,
  outcomeText,
  promotionHeading,
  refusalTexts,
  typedPromotion,
  updateReviewDocuments,
} from './texts';

/**
 * "Promote to Environment…": the campaign as its environment holds it now, written into another
 * environment through sync's promotion flow, after push's own review of exactly what is sent,
 * headed by the source and the target. The first promotion creates a draft and links it in
 * `campaign.links.json`; later ones update the linked campaign, merged with the target's own
 * edits, and a field changed on both sides ends the promotion as a conflict.
 */

/** Where the settings a promotion checks the target's features with are declared, for messages. */
const SETTINGS_SHOWN = 'campaignStudio.environments';

export interface PromoteParts {
  ctx: StudioContext;
  conn: Connection;
  actions: PushActions;
  links?: LinkStates;
  /** Promotions of a campaign in progress in this window (`environment/id`): one at a time. */
  running: Set<string>;
}

/** What the command returns (for scripts and tests): how it ended. */
export interface PromoteOutcome {
  outcome: PromotionResult['outcome'] | 'unpushed';
  ok: boolean;
  message: string;
  targetId?: string;
}

export async function promote(parts: PromoteParts, arg: unknown): Promise<PromoteOutcome | undefined> {
  const subject = await subjectOf(parts.conn, arg);
  const key = `${subject.environment.name}/${subject.id}`;
  const { running } = parts;
  if (running.has(key)) {
    void vscode.window.showWarningMessage(
      plainText(vscode.l10n.t('A promotion of campaign {0} is already in progress; wait for it to finish.', subject.id)),
    );
    return undefined;
  }
  running.add(key);
  try {
    return await promoteSubject(parts, subject);
  } finally {
    running.delete(key);
    parts.links?.invalidate();
  }
}

async function promoteSubject(parts: PromoteParts, subject: Subject): Promise<PromoteOutcome | undefined> {
  const { conn } = parts;
  const unpushed = await refuseUnpushed(subject);
  if (unpushed) return unpushed;
  const to = await pickTarget(conn, subject.environment);
  if (!to) return undefined;
  const secrets = parts.ctx.extension.secrets;
  const sourceClient = await clientWithKey(conn, secrets, subject.environment);
  if (!sourceClient) return undefined;
  const targetClient = await clientWithKey(conn, secrets, to);
  if (!targetClient) return undefined;
  let prepared: PreparedPromotion;
  try {
    prepared = await runWithProgress(vscode.l10n.t('Reading campaign {0} from {1}', subject.id, subject.environment.name), async action => {
      const source = await pushApi(sourceClient.forAction(action)).getCampaign(subject.id, action.signal);
      return prepare(parts, subject, to, source);
    });
  } catch (e) {
    reportError(conn, e, vscode.l10n.t('Reading campaign {0} from {1}', subject.id, subject.environment.name));
    return undefined;
  }
  if (prepared.refused.length) return refused(parts, prepared);
  return write(parts, subject, prepared, targetClient);
}

/** A file with edits not pushed to its environment: a promotion sends what the environment holds, so it stops here and offers Push. */
async function refuseUnpushed(subject: Subject): Promise<PromoteOutcome | undefined> {
  if (!subject.doc || !subject.base) return undefined;
  const value = parse(subject.doc.getText()).value;
  if (isObject(value) && sameContent(subject.base.campaign, value)) return undefined;
  const name = path.basename(subject.doc.uri.fsPath);
  const env = subject.environment.name;
  const message = vscode.l10n.t(
    '{0} has changes not pushed to {1}: a promotion sends what {1} holds, which was tested there. Push them first, then promote.',
    name,
    env,
  );
  const pushIt = vscode.l10n.t('Push');
  void vscode.window.showWarningMessage(plainText(message), pushIt).then(pick => {
    if (pick === pushIt) void vscode.commands.executeCommand(COMMAND_IDS.push, subject.doc!.uri);
  });
  return { outcome: 'unpushed', ok: false, message };
}

/** The environment to promote into: every configured one but the source. */
async function pickTarget(conn: Connection, from: Environment): Promise<Environment | undefined> {
  const others = conn.environments().environments.filter(e => e.name !== from.name);
  if (!others.length)
    throw new Error(
      vscode.l10n.t(
        'There is no environment to promote {0} into: add another one to the `campaignStudio.environments` setting ("Campaign Studio: Add Environment…").',
        from.name,
      ),
    );
  const pick = await vscode.window.showQuickPick(
    others.map(e => ({
      label: e.name,
      description: e.production
        ? vscode.l10n.t('{0} · workspace {1} · production', e.baseUrl, e.workspaceId)
        : vscode.l10n.t('{0} · workspace {1}', e.baseUrl, e.workspaceId),
      env: e,
    })),
    {
      title: vscode.l10n.t('Promote from {0} to which environment?', from.name),
      placeHolder: vscode.l10n.t('The environment to write the campaign into'),
    },
  );
  return pick?.env;
}

/** The promotion prepared: the target's values, the links, and the target's features checked by the language server. */
async function prepare(parts: PromoteParts, subject: Subject, to: Environment, source: RemoteCampaign): Promise<PreparedPromotion> {
  const port = linksOnDisk(subject.folder);
  const mapped = preparePromotion({
    from: subject.environment,
    to,
    sourceId: subject.id,
    source,
    values: readValuesFile(subject.folder, VALUES_FILE),
    valuesShown: VALUES_FILE,
    links: port.read(),
  });
  const uri = promotedUri(mapped);
  const refused = await targetFeatureRefusals(mapped.body, to, SETTINGS_SHOWN, settings => serverRules(parts.ctx.client, uri, settings));
  return { ...mapped, refused: [...mapped.refused, ...refused] };
}

/** The address the language server checks a promoted body under (a campaign file's name, no file behind it). */
function promotedUri(p: Pick<PreparedPromotion, 'from' | 'sourceId'>): vscode.Uri {
  return vscode.Uri.from({ scheme: 'campaign-promotion', path: `/${p.from.name}/${p.sourceId}.campaign.json` });
}

function refused(parts: PromoteParts, p: PreparedPromotion): PromoteOutcome {
  const { message, detail } = refusalTexts(p);
  parts.actions.output.error(`${message}\n${detail}`);
  void vscode.window.showErrorMessage(plainText(message), { modal: true, detail: plainText(detail) });
  return { outcome: 'refused', ok: false, message: `${message}\n${detail}` };
}

async function write(parts: PromoteParts, subject: Subject, p: PreparedPromotion, targetClient: ServiceClient): Promise<PromoteOutcome> {
  const { actions } = parts;
  const env = actions.environmentOf(targetClient);
  const { client, ui } = actions.actionWith(targetClient, subject.doc?.uri);
  const questions = new PromotionQuestions(parts, p, ui);
  if (!p.link && !(await questions.reviewCreate(env.email)))
    return tell(parts, subject, p, { outcome: 'cancelled', ok: false, message: vscode.l10n.t('Nothing was promoted.'), conflicts: [] });
  const links: LinksPort = linksOnDisk(subject.folder);
  let result: PromotionResult;
  try {
    result = await ui.grouped(promotionHeading(p), () =>
      runPromotion(p, {
        api: pushApi(client),
        bases: { read: async () => undefined, write: async () => undefined },
        ui: questions,
        env,
        rules: serverRules(parts.ctx.client, promotedUri(p), p.to.settings ?? { features: {} }),
        links,
      }),
    );
  } catch (e) {
    reportError(parts.conn, e, promotionHeading(p));
    return { outcome: 'failed', ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  if (result.ok) parts.ctx.stepDone.fire('promoted');
  return tell(parts, subject, p, result);
}

/** The outcome in one notification, with what to do next. */
function tell(parts: PromoteParts, subject: Subject, p: PreparedPromotion, r: PromotionResult): PromoteOutcome {
  const text = outcomeText(p, r);
  parts.actions.output.info(`${promotionHeading(p, r.targetId)}: ${r.outcome}. ${text}`);
  const compare = vscode.l10n.t('Compare with {0}', p.to.name);
  const buttons = r.targetId || p.link ? [compare] : [];
  const severity = outcomeSeverity(r);
  const shown =
    severity === 'info'
      ? vscode.window.showInformationMessage(plainText(text), ...buttons)
      : severity === 'warning'
        ? vscode.window.showWarningMessage(plainText(text), ...buttons)
        : vscode.window.showErrorMessage(plainText(text), ...buttons);
  void shown.then(pick => {
    if (pick === compare)
      void vscode.commands.executeCommand(COMMAND_IDS.compareEnvironment, {
        id: subject.id,
        environment: subject.environment.name,
        other: p.to.name,
      });
  });
  return { outcome: r.outcome, ok: r.ok, message: r.message, ...(r.targetId ? { targetId: r.targetId } : {}) };
}

/**
 * The flows' questions as a promotion asks them: push's review tab headed by the promotion (the
 * create's review before the flow runs, the update's when the flow shows its patch), the
 * production environment's name typed; the flows' own notes go to the log, the outcome being
 * said once at the end.
 */
class PromotionQuestions implements PushUi {
  /** The create was reviewed (and, for production, its name typed): the draft flow's questions are answered. */
  private reviewed = false;

  constructor(
    private readonly parts: PromoteParts,
    private readonly p: PreparedPromotion,
    private readonly inner: VsCodePushUi,
  ) {}

  async reviewCreate(email: string): Promise<boolean> {
    const ok = await this.parts.actions.reviews.ask(createReviewDocuments(this.p, email), this.p.sourceId);
    this.reviewed = ok && (!this.p.to.production || (await this.typed()));
    return this.reviewed;
  }

  private typed(): Promise<boolean> {
    return askTypedName(typedPromotion(this.p));
  }

  async confirmPush(preview: PushPreview, round: 1 | 2): Promise<boolean> {
    if (round === 2) return this.typed();
    return this.parts.actions.reviews.ask(updateReviewDocuments(this.p, preview), preview.campaignId);
  }

  resolveConflicts(q: ConflictQuestion): ReturnType<PushUi['resolveConflicts']> {
    return this.inner.resolveConflicts(q);
  }

  offerRemoteVersion(components: string[], info: { campaignId: string }): Promise<boolean> {
    return this.inner.offerRemoteVersion(components, info);
  }

  confirm(message: string, detail: string, yes: string, how?: ConfirmHow): Promise<boolean> {
    if (this.reviewed) return Promise.resolve(true);
    return this.inner.confirm(message, detail, yes, how);
  }

  info(message: string): void {
    this.parts.actions.output.info(message);
  }

  warn(message: string): void {
    this.inner.warn(message);
  }

  error(message: string): void {
    this.parts.actions.output.error(message);
  }

  showFindings(_uri: string, findings: Array<RemoteFinding | Problem>): void {
    for (const f of findings) this.parts.actions.output.warn(`${promotionHeading(this.p)}: ${f.rule} ${f.path}: ${f.message}`);
  }

  progress<T>(title: string, task: (step: ProgressStep) => Promise<T>): Promise<T> {
    return this.inner.progress(title, task);
  }
}
