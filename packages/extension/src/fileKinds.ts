import { CAMPAIGN_SCHEME, isCampaignFileName, isSearchFileName, isSettingsFileName, CAMPAIGN_FILE_SUFFIX } from '@campaign-studio/core';

/**
 * What a document is, for the extension: core's names (`fileKind`, the `campaign:` scheme) asked
 * of a URI. Pure, so `test/fileKinds.test.ts` checks them against core's table without VS Code.
 */

/** What these functions read of a `vscode.Uri`. */
export interface UriParts {
  readonly scheme: string;
  readonly path: string;
}

/** Campaign files anywhere in the workspace, for searches, watchers and document selectors. */
export const CAMPAIGN_FILES_GLOB = `**/*${CAMPAIGN_FILE_SUFFIX}`;

/** What a search for the workspace's campaign files leaves out: dependencies, `.campaigns/` (bases and backups), Git's folder. */
export const CAMPAIGN_FILES_EXCLUDE = '{**/node_modules/**,**/.campaigns/**,**/.git/**}';

/** A campaign as the service holds it, opened read-only: `campaign://<environment>/<id>`. */
export function isRemoteCampaign(uri: UriParts): boolean {
  return uri.scheme === CAMPAIGN_SCHEME;
}

/** A campaign file of the workspace, on disk: what push, fetch and compare write and read. */
export function isCampaignFile(uri: UriParts): boolean {
  return uri.scheme === 'file' && isCampaignFileName(uri.path);
}

/** A campaign file of the workspace, or a read-only view of a campaign on the service. */
export function isCampaignUri(uri: UriParts): boolean {
  return isRemoteCampaign(uri) || isCampaignFile(uri);
}

/**
 * A document the campaign preview shows: in the Campaign JSON language (a campaign file, a
 * remote campaign, an untitled new one), but not a search request or the settings file.
 */
export function isPreviewable(doc: { readonly languageId: string; readonly uri: UriParts }): boolean {
  return doc.languageId === 'campaign-json' && !isSearchFileName(doc.uri.path) && !isSettingsFileName(doc.uri.path);
}
