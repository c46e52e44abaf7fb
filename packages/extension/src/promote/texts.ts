import * as l10n from '@vscode/l10n';
import { draftRequests, LINKS_FILE, PreparedPromotion, PromotionRefusal, PromotionResult, PushPreview } from '@campaign-studio/sync';
import { serviceTimeText } from '@campaign-studio/core';
import {
  compactJson,
  pushActionTitle,
  REVIEW_FILE_SUFFIX,
  ReviewDocuments,
  reviewDocuments,
  reviewInstruction,
  TypedConfirmation,
  typedQuestion,
} from '../push/review';

/**
 * The words of a promotion, as pure functions of what sync prepared and returned: the review's
 * two documents (push's own review, headed by the source and the target), the refusals, the
 * production question and the outcome. No VS Code here; the VS Code layer shows them.
 */

function nameOf(p: PreparedPromotion): string {
  return p.campaignName ?? p.sourceId;
}

/** The target environment, marked when it is production. */
function environmentOf(p: PreparedPromotion): string {
  return p.to.production ? l10n.t('{0} (production)', p.to.name) : p.to.name;
}

/** "Promote <name> from staging (campaign X) to production (campaign Y)", or "(new draft)" the first time. */
export function promotionHeading(p: PreparedPromotion, targetId = p.link?.to.campaignId): string {
  return targetId
    ? l10n.t('Promote {0} from {1} (campaign {2}) to {3} (campaign {4})', nameOf(p), p.from.name, p.sourceId, p.to.name, targetId)
    : l10n.t('Promote {0} from {1} (campaign {2}) to {3} (new draft)', nameOf(p), p.from.name, p.sourceId, p.to.name);
}

/** The lines every promotion review starts with: where from, where to, and the values put in place. */
export function promotionLines(p: PreparedPromotion, targetId = p.link?.to.campaignId): string[] {
  const values = p.substituted.map(s => `  ${s.path}: ${compactJson(s.from)} → ${compactJson(s.to)}`);
  return [
    promotionHeading(p, targetId),
    p.link
      ? l10n.t('Linked in {0}; last promoted {1} by {2}.', LINKS_FILE, serviceTimeText(p.link.promotedAt), p.link.promotedBy)
      : l10n.t('First promotion: a new draft in {0}, linked in {1}.', p.to.name, LINKS_FILE),
    ...(values.length ? ['', l10n.t("{0}'s values put in place:", p.to.name), ...values] : []),
  ];
}

function commented(lines: string[]): string {
  return lines.map(l => (l ? `// ${l.replace(/[\r\n\u2028\u2029]+/g, ' ')}` : '//')).join('\n') + '\n';
}

/** The review of a later promotion: push's review of the update on the target, headed by the promotion. */
export function updateReviewDocuments(p: PreparedPromotion, preview: PushPreview): ReviewDocuments {
  const docs = reviewDocuments(preview);
  const head = commented([...promotionLines(p, preview.campaignId), '']);
  return {
    title: promotionHeading(p, preview.campaignId),
    action: docs.action,
    left: { ...docs.left, text: head + docs.left.text },
    right: { ...docs.right, text: head + docs.right.text },
  };
}

/** The review of a first promotion: nothing in the target yet, against the campaign the draft is made of. */
export function createReviewDocuments(p: PreparedPromotion, email: string): ReviewDocuments {
  const requests = draftRequests(p.body, email);
  const header = commented([
    reviewInstruction(l10n.t('a new draft of {0}', nameOf(p)), environmentOf(p)),
    '',
    ...promotionLines(p),
    '',
    p.to.production
      ? l10n.t('Environment: {0} (PRODUCTION: you will be asked to type its name)', p.to.name)
      : l10n.t('Environment: {0}', p.to.name),
    l10n.t('Sends {0} requests: a draft made from `channel` and `campaign_delivery_type`, then one update per component.', requests.length),
    ...requests.map(
      r =>
        `  ${r.method} ${r.path}${
          r.method === 'PATCH'
            ? ` ${Object.keys(r.body)
                .filter(k => !['channel', 'campaign_delivery_type', 'updated_by'].includes(k))
                .join(', ')}`
            : ''
        }`,
    ),
    '',
    l10n.t('Below: nothing in {0} yet, against the campaign the new draft will hold.', p.to.name),
  ]);
  return {
    title: promotionHeading(p),
    action: pushActionTitle(environmentOf(p)),
    left: {
      name: `${l10n.t({ message: 'in {0} now', args: [p.to.name], comment: "the name of the promotion review's left document: the target environment holds nothing yet" })}${REVIEW_FILE_SUFFIX}`,
      text: `${header}{}\n`,
    },
    right: {
      name: `${l10n.t({ message: 'new draft', comment: "the name of the promotion review's right document: the campaign to be created" })}${REVIEW_FILE_SUFFIX}`,
      text: `${header}${JSON.stringify(p.body, null, 2)}\n`,
    },
  };
}

/** The production question of a promotion: type the environment's name. */
export function typedPromotion(p: PreparedPromotion): TypedConfirmation {
  const env = p.to.name;
  return typedQuestion(l10n.t('Promote to production environment {0}', env), promotionHeading(p), env, {
    ask: l10n.t('Type {0} to promote, or press Escape to cancel.', env),
    wrong: l10n.t("Type the environment's name exactly: {0}. Escape cancels.", env),
  });
}

/** The refusals of a prepared promotion: one sentence, and one line per refusal with its path. */
export function refusalTexts(p: PreparedPromotion): { message: string; detail: string } {
  const lines = p.refused.map(refusalLine);
  return {
    message:
      p.refused.length === 1
        ? l10n.t('Nothing was sent to {0}: 1 value or field of {1} cannot go there.', p.to.name, nameOf(p))
        : l10n.t('Nothing was sent to {0}: {1} values or fields of {2} cannot go there.', p.to.name, p.refused.length, nameOf(p)),
    detail: lines.join('\n'),
  };
}

function refusalLine(r: PromotionRefusal): string {
  const at = r.path || l10n.t({ message: '(the campaign)', comment: 'a refusal about the whole campaign rather than one field' });
  return `${at}${r.rule ? ` [${r.rule}]` : ''}: ${r.message}`;
}

/** How a promotion ended, in one notification: what happened, then what to do next. */
export function outcomeText(p: PreparedPromotion, r: PromotionResult): string {
  const target = r.targetId ?? p.link?.to.campaignId ?? '';
  switch (r.outcome) {
    case 'created':
      return l10n.t(
        'Promoted {0} from {1} to {2} as new draft {3}, linked in {4}. Commit {4} so that the next promotion updates this draft instead of creating another.',
        nameOf(p),
        p.from.name,
        p.to.name,
        target,
        LINKS_FILE,
      );
    case 'updated':
      return l10n.t(
        'Promoted {0} from {1} to {2}: campaign {3} updated, and its link in {4} moved. Commit {4}.',
        nameOf(p),
        p.from.name,
        p.to.name,
        target,
        LINKS_FILE,
      );
    case 'conflict':
      return l10n.t('{0} "Compare with Environment…" shows both sides.', r.message);
    default:
      return r.message;
  }
}

/** Whether an outcome is a success to say as information, or a failure to say as an error. */
export function outcomeSeverity(r: PromotionResult): 'info' | 'warning' | 'error' {
  if (r.ok) return 'info';
  if (r.outcome === 'cancelled') return 'info';
  if (r.outcome === 'unchecked' || r.outcome === 'conflict') return 'warning';
  return 'error';
}
