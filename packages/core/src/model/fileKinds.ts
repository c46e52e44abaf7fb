import { DocumentKind } from './types';

/**
 * What a file is, by its name alone: the one test every editor, the server and the CLI use, so
 * that they agree (core's `test/helpers/fileNames.ts` is the table of names that `fileKind`, the
 * language service and the CLI's file selection are each checked against).
 */

/** The URI scheme of a campaign as the service holds it, opened read-only (`campaign://<env>/<id>`). */
export const CAMPAIGN_SCHEME = 'campaign';

/** The settings file's name: `.campaignrc.json`, in a folder or any parent. */
export const SETTINGS_FILE_NAME = '.campaignrc.json';

/** Every settings file of a workspace, as a glob (file watchers, workspace searches). */
export const SETTINGS_FILE_GLOB = `**/${SETTINGS_FILE_NAME}`;

/** How a campaign file's name ends: `<name>.campaign.json` (a fetched one's `<slug>.<id>.campaign.json`). */
export const CAMPAIGN_FILE_SUFFIX = '.campaign.json';

/** How a search request body's file name ends: `<name>.search.json`. */
export const SEARCH_FILE_SUFFIX = '.search.json';

function baseName(fileName: string): string {
  const normal = fileName.replace(/\\/g, '/');
  return normal.slice(normal.lastIndexOf('/') + 1).toLowerCase();
}

/** `*.campaign.json`: a campaign, in the request shape. */
export function isCampaignFileName(fileName: string): boolean {
  return baseName(fileName).endsWith(CAMPAIGN_FILE_SUFFIX);
}

/** `*.search.json`: a search request body. */
export function isSearchFileName(fileName: string): boolean {
  return baseName(fileName).endsWith(SEARCH_FILE_SUFFIX);
}

/** `.campaignrc.json`: the workspace settings. */
export function isSettingsFileName(fileName: string): boolean {
  return baseName(fileName) === SETTINGS_FILE_NAME;
}

/** The kind of a file by its name; undefined for a name none of them has. */
export function fileKind(fileName: string): DocumentKind | undefined {
  if (isSettingsFileName(fileName)) return 'campaignrc';
  if (isSearchFileName(fileName)) return 'search';
  if (isCampaignFileName(fileName)) return 'campaign';
  return undefined;
}
