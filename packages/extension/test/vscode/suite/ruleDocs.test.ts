import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, fixture, hoverText, positionOf, open, waitForRule, waitForTab } from './helpers';

/** A rule's documentation inside the editor, from the diagnostic's code link, the hover and the quick-fix menu. */

const SHOW_RULE_DOC = 'campaignStudio.showRuleDoc';

/** The command and arguments a `command:` link runs. */
function commandOf(target: vscode.Uri): { command: string; args: unknown[] } {
  assert.strictEqual(target.scheme, 'command', `not a command link: ${target.toString()}`);
  return { command: target.path, args: JSON.parse(decodeURIComponent(target.query)) as unknown[] };
}

suite('rule documentation inside the editor', () => {
  suiteSetup(async () => {
    await activateExtension();
  });
  teardown(closeAllEditors);

  test("a diagnostic's code link runs Show Rule Documentation with its rule id", async () => {
    const { doc } = await open(fixture('mistakes/spring-sale.campaign.json'));
    const f1 = await waitForRule(doc.uri, 'F1');
    const code = f1.code as { value: string; target: vscode.Uri };
    assert.deepStrictEqual(commandOf(code.target), { command: SHOW_RULE_DOC, args: ['F1'] });
  });

  test("the link opens the rule's section in the Markdown preview, without the network", async () => {
    const { doc } = await open(fixture('mistakes/spring-sale.campaign.json'));
    const f1 = await waitForRule(doc.uri, 'F1');
    const { command, args } = commandOf((f1.code as { target: vscode.Uri }).target);
    const shown = await vscode.commands.executeCommand<vscode.Uri>(command, ...args);
    assert.ok(shown, 'the command says which document it showed');
    const text = (await vscode.workspace.openTextDocument(shown)).getText();
    assert.match(text, /^## F1$/m);
    assert.match(text, /\*\*Fix\.\*\*/);
    assert.ok(
      text.includes(
        vscode.Uri.joinPath(vscode.extensions.getExtension('campaign-studio.campaign-studio')!.extensionUri, 'docs', 'rules.md').toString(),
      ),
      'a link to the whole reference installed with the extension',
    );
    await waitForTab(
      t => t.input instanceof vscode.TabInputWebview && /markdown\.preview/.test(t.input.viewType) && t.label.includes('Rule F1'),
      'the Markdown preview of rule F1',
    );
  });

  test('the quick-fix menu offers "Show documentation for rule F1"', async () => {
    const { doc } = await open(fixture('mistakes/spring-sale.campaign.json'));
    const f1 = await waitForRule(doc.uri, 'F1');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      doc.uri,
      f1.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const docs = actions.find(a => a.title === 'Show documentation for rule F1');
    assert.ok(docs, `no documentation entry among: ${actions.map(a => a.title).join(', ')}`);
    assert.deepStrictEqual([docs.command?.command, docs.command?.arguments], [SHOW_RULE_DOC, ['F1']]);
  });

  test("the hover's rule links run the command, which the hover trusts", async () => {
    const { doc } = await open(fixture('mistakes/spring-sale.campaign.json'));
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      positionOf(doc, '"filter_operator"', 3),
    );
    assert.ok(hoverText(hovers).includes(`(command:${SHOW_RULE_DOC}?${encodeURIComponent('["F1"]')})`), hoverText(hovers));
    const markdown = hovers
      .flatMap(h => h.contents)
      .find((c): c is vscode.MarkdownString => c instanceof vscode.MarkdownString && c.value.includes('command:'));
    assert.deepStrictEqual(markdown?.isTrusted, { enabledCommands: [SHOW_RULE_DOC] });
  });

  test('an id that is no rule shows nothing', async () => {
    assert.strictEqual(await vscode.commands.executeCommand(SHOW_RULE_DOC, 'Z9'), undefined);
  });
});
