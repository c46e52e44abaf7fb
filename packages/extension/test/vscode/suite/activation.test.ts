import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateExtension, EXTENSION_ID, fixture, manifest, open, waitForRule } from './helpers';

suite('activation', () => {
  test('the extension is loaded from this repository and activates', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not among the loaded extensions`);
    const api = await activateExtension();
    assert.strictEqual(ext.isActive, true);
    assert.strictEqual(manifest().name, 'campaign-studio');
    assert.ok(api, 'activate() returned no API');
  });

  test('the exported API holds a running language client and the shared context', async () => {
    const api = await activateExtension();
    assert.ok(api.client, 'api.client is missing');
    assert.strictEqual(api.client.isRunning(), true, 'the language client is not running');
    assert.strictEqual(api.ctx.client, api.client, 'the context holds another client');
    assert.ok(api.ctx.output, 'the context has no output channel');
    assert.strictEqual(api.client.outputChannel, api.ctx.output, 'the language client made a second "Campaign Studio" output channel');
    assert.ok(api.ctx.extension.subscriptions.length > 0, 'nothing was registered for disposal');
  });

  test('campaign files open in the Campaign JSON language', async () => {
    const { doc } = await open(fixture('clean/spring-sale.campaign.json'));
    assert.strictEqual(doc.languageId, 'campaign-json');
  });

  test('the language server answers over IPC: a broken file gets a diagnostic', async () => {
    const { doc } = await open(fixture('mistakes/syntax-error.campaign.json'));
    const d = await waitForRule(doc.uri, 'D1');
    assert.strictEqual(d.severity, vscode.DiagnosticSeverity.Error);
  });
});
