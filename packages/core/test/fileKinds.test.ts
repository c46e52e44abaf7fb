import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { fileKind, isCampaignFileName, isSearchFileName, isSettingsFileName } from '../src/model/fileKinds';
import { kindOf } from '../src/language/validate';
import { LanguageService } from '../src/language/languageService';
import { FILE_NAMES as TABLE } from './helpers/fileNames';

test('each name has one kind, and the predicates agree with it', () => {
  for (const [name, kind] of TABLE) {
    assert.equal(fileKind(name), kind, name);
    assert.equal(isCampaignFileName(name), kind === 'campaign', name);
    assert.equal(isSearchFileName(name), kind === 'search', name);
    assert.equal(isSettingsFileName(name), kind === 'campaignrc', name);
    assert.equal(kindOf(name), kind ?? 'campaign', `${name}: a document of another name is checked as a campaign`);
  }
});

test("the language service (the server's document kind) reads the same kind from a document's URI", () => {
  const service = new LanguageService();
  for (const [name, kind] of TABLE) {
    const uri = pathToFileURL(name).href;
    assert.equal(service.kind({ uri }), kind ?? 'campaign', uri);
    assert.equal(service.kind({ uri: `untitled:${encodeURIComponent(name)}` }), kind ?? 'campaign', `untitled: ${name}`);
  }
});
