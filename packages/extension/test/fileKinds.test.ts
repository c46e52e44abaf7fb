import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CAMPAIGN_SCHEME, fileKind } from '@campaign-studio/core';
import { FILE_NAMES } from '../../core/test/helpers/fileNames';
import { isCampaignFile, isCampaignUri, isPreviewable, isRemoteCampaign } from '../src/fileKinds';

/**
 * The extension tells a campaign file from a search request or the settings file as core does:
 * each name of core's table of file names (`packages/core/test/helpers/fileNames.ts`, which core,
 * the server and the CLI are checked against too) gets the same answer from the extension's
 * predicates as from `fileKind`.
 */

test("core's table: a file is a campaign file for the extension exactly when fileKind says campaign", () => {
  for (const [name, kind] of FILE_NAMES) {
    assert.equal(kind, fileKind(name), `${name}: the table is core's answer`);
    const file = { scheme: 'file', path: name };
    assert.equal(isCampaignFile(file), kind === 'campaign', name);
    assert.equal(isCampaignUri(file), kind === 'campaign', name);
    assert.equal(isRemoteCampaign(file), false, name);
    // The preview shows any Campaign JSON document but a search request or the settings.
    assert.equal(isPreviewable({ languageId: 'campaign-json', uri: file }), kind !== 'search' && kind !== 'campaignrc', name);
  }
});

test('a campaign on the service (campaign://) is a campaign, never a file; other schemes are neither', () => {
  for (const p of ['/6ad88294a1c0ffee0100000f', '/6ad88294a1c0ffee0100000f/Spring sale', '/6ad88294a1c0ffee0100000f.campaign.json']) {
    const remote = { scheme: CAMPAIGN_SCHEME, path: p };
    assert.equal(isRemoteCampaign(remote), true, p);
    assert.equal(isCampaignUri(remote), true, p);
    assert.equal(isCampaignFile(remote), false, p);
    assert.equal(isPreviewable({ languageId: 'campaign-json', uri: remote }), true, p);
  }
  for (const scheme of ['untitled', 'campaign-base', 'campaign-push', 'git']) {
    const uri = { scheme, path: '/spring.campaign.json' };
    assert.equal(isCampaignFile(uri), false, scheme);
    assert.equal(isCampaignUri(uri), false, scheme);
  }
  assert.equal(
    isPreviewable({ languageId: 'json', uri: { scheme: 'file', path: '/spring.campaign.json' } }),
    false,
    'only Campaign JSON documents',
  );
});
