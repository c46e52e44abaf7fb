import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import ts from 'typescript';
import { CAMPAIGN_SCHEME, fileKind } from '@campaign-studio/core';
import { isCampaignFile, isCampaignUri, isPreviewable, isRemoteCampaign } from '../src/fileKinds';

/**
 * The extension tells a campaign file from a search request or the settings file as core does:
 * each name of core's table (`packages/core/test/fileKinds.test.ts`, read from there so that a new
 * row counts here too) gets the same answer from the extension's predicates as from `fileKind`.
 */

const CORE_TABLE = path.resolve(__dirname, '../../core/test/fileKinds.test.ts');

/** The `TABLE` of core's test: `[name, kind]` rows, a kind `undefined` for a name of no kind. */
function coreTable(): Array<[string, string | undefined]> {
  const source = ts.createSourceFile(CORE_TABLE, fs.readFileSync(CORE_TABLE, 'utf8'), ts.ScriptTarget.Latest, true);
  let rows: Array<[string, string | undefined]> | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === 'TABLE' && node.initializer && ts.isArrayLiteralExpression(node.initializer)) {
      rows = node.initializer.elements.map(row => {
        assert.ok(ts.isArrayLiteralExpression(row) && row.elements.length === 2, `a row of two: ${row.getText()}`);
        const [name, kind] = row.elements;
        assert.ok(ts.isStringLiteralLike(name), `a name: ${name.getText()}`);
        assert.ok(ts.isStringLiteralLike(kind) || kind.getText() === 'undefined', `a kind: ${kind.getText()}`);
        return [name.text, ts.isStringLiteralLike(kind) ? kind.text : undefined];
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  assert.ok(rows && rows.length >= 5, `${CORE_TABLE} holds a TABLE of names and kinds`);
  return rows;
}

test('core\'s table: a file is a campaign file for the extension exactly when fileKind says campaign', () => {
  for (const [name, kind] of coreTable()) {
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
  assert.equal(isPreviewable({ languageId: 'json', uri: { scheme: 'file', path: '/spring.campaign.json' } }), false, 'only Campaign JSON documents');
});
