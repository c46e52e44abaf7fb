import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, ruleOf, waitForValidation, workspaceRoot } from './helpers';

/** New Campaign…: a skeleton for the channel and delivery type, the cursor on its first field. */
suite('New Campaign', () => {
  suiteSetup(async () => {
    await activateExtension();
  });
  teardown(closeAllEditors);

  test('a channel and a delivery type: an unsaved campaign file from their skeleton, the cursor on the first field, no problem', async () => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>('campaignStudio.newCampaign', {
      channel: 'EMAIL',
      deliveryType: 'PERIODIC',
    });
    assert.ok(uri, 'the command says which document it made');
    assert.ok((await activateExtension()).stepsDone().includes('created'), "a campaign made checks off the walkthrough's create step");
    assert.strictEqual(uri.scheme, 'untitled');
    assert.strictEqual(
      uri.path,
      vscode.Uri.joinPath(workspaceRoot(), 'campaigns', 'new-email-periodic.campaign.json').path,
      'named after the pair, in the fetch folder',
    );
    const editor = vscode.window.activeTextEditor;
    assert.strictEqual(editor?.document.uri.toString(), uri.toString());
    assert.strictEqual(editor.document.languageId, 'campaign-json');
    const doc = JSON.parse(editor.document.getText()) as { channel: string; campaign_delivery_type: string };
    assert.deepStrictEqual([doc.channel, doc.campaign_delivery_type], ['EMAIL', 'PERIODIC']);
    assert.strictEqual(editor.document.getText(editor.selection), 'jane@example.com', 'the first field to fill is selected');
    assert.strictEqual(editor.document.lineAt(editor.selection.start.line).text.trim(), '"created_by": "jane@example.com",');
    const serious = (await waitForValidation(editor.document)).filter(d => d.severity <= vscode.DiagnosticSeverity.Warning);
    assert.deepStrictEqual(
      serious.map(d => `${ruleOf(d)} ${d.message}`),
      [],
    );
  });

  test('a second campaign of the same kind gets a name of its own', async () => {
    const first = await vscode.commands.executeCommand<vscode.Uri>('campaignStudio.newCampaign', {
      channel: 'PUSH',
      deliveryType: 'DEVICE_TRIGGERED',
    });
    const second = await vscode.commands.executeCommand<vscode.Uri>('campaignStudio.newCampaign', {
      channel: 'PUSH',
      deliveryType: 'DEVICE_TRIGGERED',
    });
    assert.ok(first.path.endsWith('/new-push-device-triggered.campaign.json'), first.path);
    assert.ok(second.path.endsWith('/new-push-device-triggered-2.campaign.json'), second.path);
  });
});
