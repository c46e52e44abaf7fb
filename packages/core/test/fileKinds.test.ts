import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileKind, isCampaignFileName, isSearchFileName, isSettingsFileName } from '../src/model/fileKinds';
import { kindOf } from '../src/language/validate';

/** A file's kind by its name: any case, any separator, only the name counts. */
const TABLE: Array<[string, ReturnType<typeof fileKind>]> = [
  ['spring.campaign.json', 'campaign'],
  ['C:\\work\\Spring.Campaign.JSON', 'campaign'],
  ['/a/b/weekly.6ad88294a1c0ffee0100000f.campaign.json', 'campaign'],
  ['active.search.json', 'search'],
  ['.campaignrc.json', 'campaignrc'],
  ['/repo/sub/.CAMPAIGNRC.json', 'campaignrc'],
  ['campaign.json', undefined],
  ['x.campaign.json.bak', undefined],
  ['campaign.environments.json', undefined],
  ['.campaignrc.json/inside.txt', undefined],
];

test('each name has one kind, and the predicates agree with it', () => {
  for (const [name, kind] of TABLE) {
    assert.equal(fileKind(name), kind, name);
    assert.equal(isCampaignFileName(name), kind === 'campaign', name);
    assert.equal(isSearchFileName(name), kind === 'search', name);
    assert.equal(isSettingsFileName(name), kind === 'campaignrc', name);
    assert.equal(kindOf(name), kind ?? 'campaign', `${name}: a document of another name is checked as a campaign`);
  }
});
