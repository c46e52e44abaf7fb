import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, fixture, ruleOf, waitForDiagnostics, waitForRule } from './helpers';

/** Campaign files that are not open have diagnostics, which follow the files on disk. */
suite('diagnostics of the whole workspace', () => {
  suiteSetup(async () => {
    await activateExtension();
  });
  teardown(closeAllEditors);

  test('a campaign file never opened has its diagnostics', async () => {
    const uri = fixture('unopened/never-opened.campaign.json');
    assert.ok(!vscode.workspace.textDocuments.some(d => d.uri.toString() === uri.toString()), 'no test opens it');
    const f1 = await waitForRule(uri, 'F1');
    assert.strictEqual(f1.severity, vscode.DiagnosticSeverity.Error);
  });

  test('a file written on disk (a checkout, a pull) gets its diagnostics, and they follow its changes', async () => {
    const uri = fixture('scratch/written-on-disk.campaign.json');
    fs.writeFileSync(uri.fsPath, '{\n  "channel": "FAX",\n  "campaign_delivery_type": "ONE_TIME"\n}\n');
    await waitForRule(uri, 'D2');
    fs.writeFileSync(uri.fsPath, '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n}\n');
    await waitForDiagnostics(uri, ds => ds.some(d => ruleOf(d) === 'D1') && !ds.some(d => ruleOf(d) === 'D2'), 10_000, 'D1 instead of D2');
    fs.rmSync(uri.fsPath);
    await waitForDiagnostics(uri, ds => ds.length === 0, 10_000, 'none once the file is deleted');
  });

  test('campaignStudio.validation.workspace off: files that are not open lose their diagnostics; on: they have them again', async () => {
    const uri = fixture('unopened/never-opened.campaign.json');
    const config = vscode.workspace.getConfiguration('campaignStudio.validation');
    await waitForRule(uri, 'F1');
    try {
      await config.update('workspace', false, vscode.ConfigurationTarget.Workspace);
      await waitForDiagnostics(uri, ds => ds.length === 0, 10_000, 'none with the setting off');
    } finally {
      await config.update('workspace', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await waitForRule(uri, 'F1');
  });
});
