import * as l10n from '@vscode/l10n';
import {
  CampaignDoc,
  Environment,
  LinkEnd,
  LinksFile,
  linksOf,
  preparePromotion,
  PreparedPromotion,
  promotedEqual,
  PromotionLink,
  RemoteCampaign,
  ValuesFile,
  VALUES_FILE,
} from '@campaign-studio/sync';

/**
 * What a campaign's promotion links are, as the Campaigns view marks them and Compare with
 * Environment offers them, without VS Code: which other campaign each link names, in which
 * configured environment, and whether the two sides are equal (the target holds exactly what a
 * promotion would send). Its words go through `@vscode/l10n`, as push's review does.
 */

/** One campaign of one environment. */
export interface CampaignAt {
  environment: Environment;
  campaignId: string;
}

/** A link seen from one of its ends: the other end, and the configured environment that holds it. */
export interface LinkedSide {
  link: PromotionLink;
  /** `to`: this campaign was promoted to the other one; `from`: the other one was promoted to this. */
  direction: 'to' | 'from';
  other: LinkEnd;
  /** The configured environment of the other end; absent when none has its workspace. */
  otherEnvironment?: Environment;
}

/** Whether the target holds what a promotion would send: `unknown` until both sides are read. */
export type Equality = 'equal' | 'differs' | 'unknown' | 'unreadable';

/** A link of a listed campaign, with what is known of its two sides. */
export interface LinkMark {
  side: LinkedSide;
  equality: Equality;
  /** Why the sides could not be compared (`unreadable`, or `unknown` for good). */
  reason?: string;
}

/** The configured environment of a link's end: the one of its workspace, by its recorded name first. */
export function environmentOfEnd(end: LinkEnd, environments: readonly Environment[]): Environment | undefined {
  const same = environments.filter(e => e.workspaceId === end.workspaceId);
  return same.find(e => e.name === end.environment) ?? same[0];
}

/** Every link of `here` (either end), each seen from `here`. */
export function linkedSides(links: LinksFile, environments: readonly Environment[], here: CampaignAt): LinkedSide[] {
  const { workspaceId } = here.environment;
  return linksOf(links, workspaceId, here.campaignId).map(link => {
    const direction = link.from.workspaceId === workspaceId && link.from.campaignId === here.campaignId ? 'to' : 'from';
    const other = direction === 'to' ? link.to : link.from;
    const otherEnvironment = environmentOfEnd(other, environments);
    return { link, direction, other, ...(otherEnvironment ? { otherEnvironment } : {}) };
  });
}

/** The campaign a side's other end names, as a key of reads: `environment/id`. */
export function readKey(environment: string, campaignId: string): string {
  return `${environment}/${campaignId}`;
}

/** The two ends of a link in promotion order: what is promoted, and where to. */
export interface PromotionPair {
  from: Environment;
  to: Environment;
  sourceId: string;
  source: RemoteCampaign;
  target: RemoteCampaign;
}

/** `here` and its linked side as a promotion's source and target. */
export function pairOf(
  here: CampaignAt,
  hereRemote: RemoteCampaign,
  side: LinkedSide,
  otherRemote: RemoteCampaign,
): PromotionPair | undefined {
  const other = side.otherEnvironment;
  if (!other) return undefined;
  return side.direction === 'to'
    ? { from: here.environment, to: other, sourceId: here.campaignId, source: hereRemote, target: otherRemote }
    : { from: other, to: here.environment, sourceId: side.other.campaignId, source: otherRemote, target: hereRemote };
}

/** What a promotion of the pair would send (the source with the target's values), prepared without asking anything. */
export function promotedBody(pair: PromotionPair, values: ValuesFile, links: LinksFile): PreparedPromotion {
  return preparePromotion({
    from: pair.from,
    to: pair.to,
    sourceId: pair.sourceId,
    source: pair.source,
    values,
    valuesShown: VALUES_FILE,
    links,
  });
}

/** Whether the target holds exactly what promoting the source would send. */
export function equalityOf(pair: PromotionPair, values: ValuesFile, links: LinksFile): Equality {
  return promotedEqual(promotedBody(pair, values, links), pair.target) ? 'equal' : 'differs';
}

/** The mark of one link in an item's description: `⇄ production = equal`. */
function markWords(m: LinkMark): string {
  const env = m.side.otherEnvironment?.name ?? m.side.other.environment;
  const state = {
    equal: l10n.t({ message: '= equal', comment: 'a linked campaign holds what a promotion would send' }),
    differs: l10n.t({ message: '≠ differs', comment: 'a linked campaign differs from what a promotion would send' }),
    unknown: l10n.t({ message: '… not compared yet', comment: 'the two linked campaigns have not been read yet' }),
    unreadable: l10n.t({ message: '? not compared', comment: 'the two linked campaigns could not be read' }),
  }[m.equality];
  return `⇄ ${env} ${state}`;
}

/** The marks of a campaign's links, for its item's description; empty without links. */
export function markDescription(marks: readonly LinkMark[]): string {
  return marks.map(markWords).join('  ');
}

/** The tooltip lines of a campaign's links (Markdown: the caller's tooltip is Markdown). */
export function markTooltipLines(marks: readonly LinkMark[]): string[] {
  if (!marks.length) return [];
  return ['', l10n.t('**Promotion links** (campaign.links.json)'), ...marks.map(m => `- ${markSentence(m)}`)];
}

function markSentence(m: LinkMark): string {
  const { side } = m;
  const env = side.otherEnvironment?.name ?? side.other.environment;
  const linked =
    side.direction === 'to'
      ? l10n.t(
          'Promoted to campaign {0} of {1} (last on {2} by {3}).',
          side.other.campaignId,
          env,
          side.link.promotedAt,
          side.link.promotedBy,
        )
      : l10n.t(
          'Promoted from campaign {0} of {1} (last on {2} by {3}).',
          side.other.campaignId,
          env,
          side.link.promotedAt,
          side.link.promotedBy,
        );
  return `${linked} ${equalitySentence(m, env)}`;
}

function equalitySentence(m: LinkMark, env: string): string {
  const target = m.side.direction === 'to' ? env : l10n.t('this campaign');
  switch (m.equality) {
    case 'equal':
      return l10n.t('Equal: {0} holds what a promotion would send.', target);
    case 'differs':
      return l10n.t('Differs: {0} does not hold what a promotion would send ("Compare with Environment…" shows how).', target);
    case 'unknown':
      return m.reason ?? l10n.t('Not compared yet: the linked campaign is being read.');
    case 'unreadable':
      return l10n.t('Not compared: {0}', m.reason ?? l10n.t('the linked campaign could not be read.'));
  }
}

/** The campaign content a comparison shows: the document without metadata, as JSON. */
export function comparedText(doc: CampaignDoc): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
