import type { DocumentKind } from '../../src/model/types';

/**
 * File names and the kind each has by its name alone: any case, any separator, only the name
 * counts. Core's `fileKind`, the language service (the server's document kind) and the CLI's file
 * selection are each checked against this one table.
 */
export const FILE_NAMES: ReadonlyArray<[string, DocumentKind | undefined]> = [
  ['spring.campaign.json', 'campaign'],
  ['C:\\work\\Spring.Campaign.JSON', 'campaign'],
  ['/a/b/weekly.6ad88294a1c0ffee0100000f.campaign.json', 'campaign'],
  ['.campaign.json', 'campaign'],
  ['active.search.json', 'search'],
  ['reports/Weekly.SEARCH.json', 'search'],
  ['.campaignrc.json', 'campaignrc'],
  ['/repo/sub/.CAMPAIGNRC.json', 'campaignrc'],
  ['campaign.json', undefined],
  ['x.campaign.json.bak', undefined],
  ['campaign.environments.json', undefined],
  ['team.campaignrc.json', undefined],
  ['search.json', undefined],
  ['.campaignrc.json/inside.txt', undefined],
];
