import * as assert from 'assert';
import * as vscode from 'vscode';
import { VSCODE_COMMANDS } from '../../../src/commandIds';
import { trustedWrites, WRITE_COMMANDS } from '../../../src/push/trust';
import {
  activateExtension,
  closeAllEditors,
  manifest,
  messagesShownDuring,
  open,
  ruleOf,
  scratchFile,
  waitForDiagnostics,
  waitForValidation,
} from './helpers';

/** The settings the rules read, which the Settings UI must be able to edit per folder. */
const RULE_SETTINGS = [
  'campaignStudio.features.audienceLimit',
  'campaignStudio.features.queuing',
  'campaignStudio.features.portfolio',
  'campaignStudio.features.versioning',
  'campaignStudio.subscriptionCategories',
];

const WITH_LIMIT = JSON.stringify(
  {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 1000 },
  },
  null,
  2,
);

suite('settings and workspace trust', () => {
  suiteSetup(async () => {
    await activateExtension();
  });
  teardown(closeAllEditors);

  test("the rules' settings and push.onSave may differ per folder, and none is a union type the Settings UI cannot edit", () => {
    const properties = manifest().contributes.configuration.properties;
    for (const id of [...RULE_SETTINGS, 'campaignStudio.push.onSave']) {
      assert.strictEqual(properties[id].scope, 'resource', `${id} scope`);
      assert.strictEqual(typeof properties[id].type, 'string', `${id} has the union type ${JSON.stringify(properties[id].type)}`);
    }
    for (const id of RULE_SETTINGS.filter(s => s.includes('.features.'))) {
      assert.deepStrictEqual(properties[id].enum, ['fromFile', 'on', 'off'], id);
      assert.strictEqual(properties[id].enumDescriptions.length, 3, id);
      assert.strictEqual(properties[id].default, 'fromFile', id);
    }
  });

  test('a feature flag set to "off" for the folder overrides .campaignrc.json; reset, the file applies again', async () => {
    const uri = await scratchFile('limit.campaign.json', WITH_LIMIT);
    const { doc } = await open(uri);
    const config = () => vscode.workspace.getConfiguration('campaignStudio', doc.uri);
    const l1Error = (ds: vscode.Diagnostic[]) => ds.some(d => ruleOf(d) === 'L1' && d.severity === vscode.DiagnosticSeverity.Error);
    assert.ok(!l1Error(await waitForValidation(doc)), 'the file says "audienceLimit": true');
    try {
      await config().update('features.audienceLimit', 'off', vscode.ConfigurationTarget.WorkspaceFolder);
      await waitForDiagnostics(uri, l1Error, 10_000, 'an L1 error once the setting says "off"');
    } finally {
      await config().update('features.audienceLimit', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
    }
    await waitForDiagnostics(uri, ds => !l1Error(ds), 10_000, 'no L1 error once the setting is reset');
  });

  test('the write commands are enabled only in a trusted workspace, and only they', () => {
    const enabledWhenTrusted = manifest()
      .contributes.commands.filter((c: { enablement?: string }) => c.enablement === 'isWorkspaceTrusted')
      .map((c: { command: string }) => c.command);
    assert.deepStrictEqual([...enabledWhenTrusted].sort(), [...WRITE_COMMANDS].sort());
    const restricted = manifest().capabilities.untrustedWorkspaces;
    assert.strictEqual(restricted.supported, 'limited');
    assert.deepStrictEqual(restricted.restrictedConfigurations, ['campaignStudio.environments', 'campaignStudio.push.onSave']);
  });

  test('a write command run in an untrusted workspace does nothing and says how to trust it', async () => {
    const api = await activateExtension();
    const ran: string[] = [];
    const table = Object.fromEntries(
      [...WRITE_COMMANDS, 'campaignStudio.validateRemote'].map(id => [
        id,
        () => () => {
          ran.push(id);
          return id;
        },
      ]),
    );
    const untrusted = trustedWrites(table, () => false);
    const warnings = await messagesShownDuring('showWarningMessage', async () => {
      for (const id of Object.keys(untrusted)) await untrusted[id](api.ctx)();
    });
    assert.deepStrictEqual(ran, ['campaignStudio.validateRemote'], 'only the command that changes nothing ran');
    assert.strictEqual(warnings.length, WRITE_COMMANDS.length);
    assert.match(warnings[0][0], /not trusted/);
    assert.deepStrictEqual(warnings[0].slice(1), ['Manage Workspace Trust']);
    assert.ok((await vscode.commands.getCommands(true)).includes(VSCODE_COMMANDS.manageTrust), `${VSCODE_COMMANDS.manageTrust} exists`);

    const trusted = trustedWrites(table, () => true);
    assert.strictEqual(await trusted['campaignStudio.push'](api.ctx)(), 'campaignStudio.push');
  });
});
