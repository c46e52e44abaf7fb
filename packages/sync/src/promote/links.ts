import * as l10n from '@vscode/l10n';
import { code, isObject, parse } from '@campaign-studio/core';
import { CampaignDoc } from '../push/model';

/**
 * Promotion links: which campaign of one environment was promoted to which campaign of another,
 * and the body it last promoted there (the base of the next promotion's three-way merge). They
 * live in a committed `campaign.links.json`, so that a whole team and its CI see the same links
 * and a campaign is never created twice in the target.
 *
 * File format (version 1):
 * ```json
 * { "format": "campaign-studio-links", "version": 1,
 *   "links": [ {
 *     "from": { "environment": "staging", "workspaceId": "…", "campaignId": "…" },
 *     "to": { "environment": "production", "workspaceId": "…", "campaignId": "…" },
 *     "promotedAt": "2026-01-01T10:00:00.000Z", "promotedBy": "ana@example.com",
 *     "body": { …request shape, content only, with the target's values… } } ] }
 * ```
 * A link is known by its source campaign and its target workspace: the environments' names are
 * for people (an environment renamed keeps its links). A later version bumps `version`; a reader
 * refuses a version it does not know instead of guessing.
 */

export const LINKS_FILE = 'campaign.links.json';
export const LINKS_FORMAT = 'campaign-studio-links';
export const LINKS_VERSION = 1;

export interface LinkEnd {
  /** The environment's name when the link was written, for people. */
  environment: string;
  workspaceId: string;
  campaignId: string;
}

export interface PromotionLink {
  from: LinkEnd;
  to: LinkEnd;
  /** ISO 8601: when the body was last promoted. */
  promotedAt: string;
  /** Who promoted it (the target environment's email). */
  promotedBy: string;
  /** What the target was last given: the base of the next promotion's merge (content, request shape, target's values). */
  body: CampaignDoc;
}

export interface LinksFile {
  format: typeof LINKS_FORMAT;
  version: typeof LINKS_VERSION;
  links: PromotionLink[];
}

export const NO_LINKS: LinksFile = Object.freeze({ format: LINKS_FORMAT, version: LINKS_VERSION, links: [] }) as unknown as LinksFile;

/** A links file that cannot be used: its text says what is wrong and what to do. */
export class LinksFileError extends Error {}

/** The links in `text` (`shown` names the file in messages); throws `LinksFileError` when it is not a links file this version reads. */
export function parseLinks(text: string, shown: string): LinksFile {
  const { value, syntax } = parse(text);
  if (syntax.length || !isObject(value))
    throw new LinksFileError(
      l10n.t(
        '{0} is not valid JSON ({1}): fix it, or take it again from version control. It records which campaign was promoted where, so a promotion does not run without it.',
        shown,
        syntax[0]?.message ?? l10n.t('not an object'),
      ),
    );
  if (value.format !== LINKS_FORMAT)
    throw new LinksFileError(l10n.t('{0} is not a links file: its `format` must be {1}.', shown, code(LINKS_FORMAT)));
  if (value.version !== LINKS_VERSION)
    throw new LinksFileError(
      l10n.t(
        '{0} has version {1}, which this Campaign Studio does not read (it reads version {2}): update Campaign Studio.',
        shown,
        String(value.version),
        LINKS_VERSION,
      ),
    );
  if (!Array.isArray(value.links)) throw new LinksFileError(l10n.t('{0} has no `links` array.', shown));
  const problem = value.links.map((l, i) => linkProblem(l, i)).find(Boolean);
  if (problem) throw new LinksFileError(l10n.t('{0}: {1} Fix it, or take the file again from version control.', shown, problem));
  return { format: LINKS_FORMAT, version: LINKS_VERSION, links: value.links as unknown as PromotionLink[] };
}

function linkProblem(l: unknown, i: number): string | undefined {
  const where = `links[${i}]`;
  if (!isObject(l)) return l10n.t('{0} must be an object.', code(where));
  for (const side of ['from', 'to'] as const) {
    const end = l[side];
    if (!isObject(end) || !['environment', 'workspaceId', 'campaignId'].every(k => typeof end[k] === 'string' && end[k] !== ''))
      return l10n.t('{0} must name `environment`, `workspaceId` and `campaignId`.', code(`${where}.${side}`));
  }
  if (!isObject(l.body)) return l10n.t('{0} must be the campaign body last promoted.', code(`${where}.body`));
  return undefined;
}

/** The file's text: two-space JSON, links in a stable order so that a team's diffs stay small. */
export function serializeLinks(file: LinksFile): string {
  const links = [...file.links].sort((a, b) => linkKey(a).localeCompare(linkKey(b)));
  return `${JSON.stringify({ format: LINKS_FORMAT, version: LINKS_VERSION, links }, null, 2)}\n`;
}

function linkKey(l: PromotionLink): string {
  return `${l.from.workspaceId}\u0000${l.from.campaignId}\u0000${l.to.workspaceId}`;
}

/** The link of source campaign `campaignId` of workspace `from` into workspace `to`. */
export function findLink(
  file: LinksFile,
  from: { workspaceId: string; campaignId: string },
  to: { workspaceId: string },
): PromotionLink | undefined {
  return file.links.find(
    l => l.from.workspaceId === from.workspaceId && l.from.campaignId === from.campaignId && l.to.workspaceId === to.workspaceId,
  );
}

/** Every link that has campaign `campaignId` of workspace `workspaceId` at either end. */
export function linksOf(file: LinksFile, workspaceId: string, campaignId: string): PromotionLink[] {
  const at = (e: LinkEnd) => e.workspaceId === workspaceId && e.campaignId === campaignId;
  return file.links.filter(l => at(l.from) || at(l.to));
}

/** The file with `link` recorded: it replaces the link of the same source and target workspace. */
export function withLink(file: LinksFile, link: PromotionLink): LinksFile {
  const same = (l: PromotionLink) => linkKey(l) === linkKey(link);
  return { ...file, links: [...file.links.filter(l => !same(l)), link] };
}

/**
 * The target a link names that another link already has for another source: two sources would
 * then be promoted onto one campaign, each undoing the other's. Undefined when none.
 */
export function sharedTarget(file: LinksFile, link: PromotionLink): PromotionLink | undefined {
  return file.links.find(
    l =>
      l.to.workspaceId === link.to.workspaceId &&
      l.to.campaignId === link.to.campaignId &&
      !(l.from.workspaceId === link.from.workspaceId && l.from.campaignId === link.from.campaignId),
  );
}
