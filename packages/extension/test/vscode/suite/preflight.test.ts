import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, fixture, open, ours, replaceText, ruleOf, waitForDiagnostics } from './helpers';
import type { CampaignStudioApi } from '../../../src/extension';

/**
 * Editor, preflight and CI never disagree: push's preflight asks the language server, which
 * answers from the same open documents and settings as the Problems panel, so an unsaved edit of
 * `.campaignrc.json` counts for both, and nothing is read from disk behind the editor's back.
 */

const SEVERITY: Record<vscode.DiagnosticSeverity, string> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

/** `rule severity line: message` of the Problems panel's entries for a file, sorted. */
function problemsPanel(uri: vscode.Uri): string[] {
  return ours(uri)
    .map(d => `${ruleOf(d)} ${SEVERITY[d.severity]} ${d.range.start.line + 1}: ${d.message}`)
    .sort();
}

async function preflight(api: CampaignStudioApi, doc: vscode.TextDocument): Promise<string[]> {
  const findings = await api.preflight(doc.uri, doc.getText());
  return findings.map(f => `${f.rule} ${f.severity} ${f.line}: ${f.message}`).sort();
}

/** A folder of its own: a `.campaignrc.json` saved with `audienceLimit` as given, and a campaign that uses the audience limit. */
async function project(name: string, audienceLimitOnDisk: boolean): Promise<{ rc: vscode.Uri; campaign: vscode.Uri }> {
  const folder = fixture(`scratch/${name}`);
  const rc = vscode.Uri.joinPath(folder, '.campaignrc.json');
  const campaign = vscode.Uri.joinPath(folder, 'limited.campaign.json');
  const settings = { features: { audienceLimit: audienceLimitOnDisk, queuing: false, portfolio: false, versioning: false } };
  await vscode.workspace.fs.writeFile(rc, Buffer.from(JSON.stringify(settings, null, 2), 'utf8'));
  const doc = JSON.parse(
    Buffer.from(await vscode.workspace.fs.readFile(fixture('clean/spring-sale.campaign.json'))).toString('utf8'),
  ) as Record<string, unknown>;
  doc.campaign_audience_limit = { is_campaign_audience_limit_enabled: true, limit: 50000 };
  await vscode.workspace.fs.writeFile(campaign, Buffer.from(JSON.stringify(doc, null, 2), 'utf8'));
  return { rc, campaign };
}

suite('preflight and the Problems panel', () => {
  let api: CampaignStudioApi;
  suiteSetup(async () => {
    api = await activateExtension();
  });
  teardown(closeAllEditors);

  test('an unsaved .campaignrc.json edit turns the audience limit on: both stop reporting L1, with the same findings', async () => {
    const p = await project('preflight-flag-on', false);
    const { doc } = await open(p.campaign);
    await waitForDiagnostics(
      doc.uri,
      ds => ds.some(d => ruleOf(d) === 'L1' && d.severity === vscode.DiagnosticSeverity.Error),
      10_000,
      'L1 (the flag is off on disk)',
    );
    assert.deepStrictEqual(await preflight(api, doc), problemsPanel(doc.uri));

    const rc = await vscode.workspace.openTextDocument(p.rc);
    await replaceText(rc, '"audienceLimit": false', '"audienceLimit": true');
    assert.ok(rc.isDirty, 'the settings edit stays unsaved');
    await waitForDiagnostics(doc.uri, ds => !ds.some(d => ruleOf(d) === 'L1'), 10_000, 'no L1 once the unsaved settings turn the flag on');
    const findings = await preflight(api, doc);
    assert.ok(!findings.some(f => f.startsWith('L1 ')), `preflight still reports L1: ${findings.join('\n')}`);
    assert.deepStrictEqual(findings, problemsPanel(doc.uri));
  });

  test('an unsaved .campaignrc.json edit turns the audience limit off: both report the same L1 error', async () => {
    const p = await project('preflight-flag-off', true);
    const { doc } = await open(p.campaign);
    assert.ok(!(await preflight(api, doc)).some(f => f.startsWith('L1 ')), 'the flag is on on disk: no L1');

    const rc = await vscode.workspace.openTextDocument(p.rc);
    await replaceText(rc, '"audienceLimit": true', '"audienceLimit": false');
    assert.ok(rc.isDirty, 'the settings edit stays unsaved');
    await waitForDiagnostics(
      doc.uri,
      ds => ds.some(d => ruleOf(d) === 'L1' && d.severity === vscode.DiagnosticSeverity.Error),
      10_000,
      'L1 once the unsaved settings turn the flag off',
    );
    const findings = await preflight(api, doc);
    assert.ok(
      findings.some(f => f.startsWith('L1 error ')),
      `preflight has no L1 error: ${findings.join('\n')}`,
    );
    assert.deepStrictEqual(findings, problemsPanel(doc.uri));
  });
});
