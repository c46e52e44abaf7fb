import * as assert from 'assert';
import * as vscode from 'vscode';
import {
  activateExtension,
  closeAllEditors,
  completionLabel,
  describeDiagnostics,
  hoverText,
  open,
  positionOf,
  scratchFile,
  waitForNoRule,
  waitForRule,
  withCursor,
} from './helpers';

async function completionsAt(doc: vscode.TextDocument, position: vscode.Position): Promise<vscode.CompletionItem[]> {
  return (await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, position)).items;
}

/** A snippet's text with every placeholder at its default, as tabbing through it leaves it. */
function defaults(snippet: string): string {
  return snippet
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, '$1')
    .replace(/\$\d+/g, '');
}

/** Completions, hovers and quick fixes through VS Code's own provider commands, as the editor asks for them. */
suite('editing', () => {
  suiteSetup(async () => {
    await activateExtension();
  });
  teardown(closeAllEditors);

  test('completion offers the channel values inside the value of `channel`', async () => {
    const { text, position } = withCursor('{\n  "channel": "|",\n  "campaign_delivery_type": "ONE_TIME"\n}\n');
    const { doc } = await open(await scratchFile('complete.campaign.json', text));
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, position);
    const labels = list.items.map(completionLabel);
    for (const value of ['PUSH', 'EMAIL', 'SMS']) {
      assert.ok(labels.includes(value), `no completion ${value}; got: ${labels.slice(0, 30).join(', ') || '(none)'}`);
    }
    const push = list.items.find(i => completionLabel(i) === 'PUSH')!;
    // Accept it the way the editor does: its insert text over its range (or at the cursor).
    const label = typeof push.label === 'string' ? push.label : push.label.label;
    const insert = push.insertText ?? label;
    const range = push.range instanceof vscode.Range ? push.range : (push.range?.replacing ?? new vscode.Range(position, position));
    await vscode.window.activeTextEditor!.insertSnippet(
      insert instanceof vscode.SnippetString ? insert : new vscode.SnippetString(insert.replace(/\$/g, '\\$')),
      range,
    );
    assert.match(doc.getText(), /"channel": "PUSH"/, `accepting PUSH should give "channel": "PUSH", got:\n${doc.getText()}`);
  });

  test('hover on a property explains it, with its allowed values and its rule', async () => {
    const uri = await scratchFile('hover.campaign.json', '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME"\n}\n');
    const { doc } = await open(uri);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      doc.uri,
      positionOf(doc, '"channel"', 3),
    );
    const text = hoverText(hovers);
    assert.ok(text.trim(), 'no hover on "channel"');
    for (const expected of ['PUSH', 'EMAIL', 'SMS', 'D2']) {
      assert.ok(text.includes(expected), `the hover on "channel" should mention ${expected}; it says:\n${text}`);
    }
  });

  test('quick fix: `AND` → `and` for filter_operator, and the diagnostic goes away', async () => {
    const uri = await scratchFile(
      'quickfix.campaign.json',
      [
        '{',
        '  "channel": "PUSH",',
        '  "campaign_delivery_type": "ONE_TIME",',
        '  "segmentation_details": {',
        '    "included_filters": {',
        '      "filter_operator": "AND",',
        '      "filters": [',
        '        { "filter_type": "custom_segments", "name": "Loyal customers", "id": "seg-1" }',
        '      ]',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const { doc } = await open(uri);
    const f1 = await waitForRule(uri, 'F1');
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      f1.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    // `vscode.executeCodeActionProvider` returns title, kind, edit, command and isPreferred, not
    // the diagnostics an action fixes: the actions asked for at the F1 range are F1's.
    const fixes = (actions ?? []).filter(a => a.kind && vscode.CodeActionKind.QuickFix.contains(a.kind));
    assert.ok(fixes.length > 0, `no quick fix for F1; actions offered: ${(actions ?? []).map(a => a.title).join(', ') || '(none)'}`);
    const fix = fixes.find(a => a.isPreferred) ?? fixes[0];
    assert.match(fix.title, /and/, `the fix should say what it does: ${fix.title}`);
    if (fix.edit) assert.ok(await vscode.workspace.applyEdit(fix.edit), 'the quick fix edit was not applied');
    if (fix.command) await vscode.commands.executeCommand(fix.command.command, ...(fix.command.arguments ?? []));
    assert.match(doc.getText(), /"filter_operator": "and"/, `after the fix:\n${doc.getText()}`);
    const after = await waitForNoRule(uri, 'F1');
    assert.ok(
      !after.some(d => d.severity === vscode.DiagnosticSeverity.Error),
      `errors left after the fix:\n  ${describeDiagnostics(after)}`,
    );
  });

  test('a skeleton, offered once, tabbed through: no snippet in its placeholders, and the text is the skeleton', async () => {
    const { doc, editor } = await open(await scratchFile('skeleton.campaign.json', ''));
    const offered = (await completionsAt(doc, new vscode.Position(0, 0))).filter(
      i => /one-time/i.test(completionLabel(i)) && i.kind === vscode.CompletionItemKind.Snippet,
    );
    const snippet = offered[0].insertText as vscode.SnippetString;
    const range = offered[0].range instanceof vscode.Range ? offered[0].range : offered[0].range!.replacing;
    await editor.insertSnippet(snippet, range);
    const stops = new Set(snippet.value.match(/\$\{?\d+/g)!.map(m => m.replace(/\D/g, ''))).size;
    for (let stop = 1; stop <= stops; stop++) {
      const inside = await completionsAt(doc, editor.selection.active);
      const unwanted = inside.filter(
        i =>
          i.kind === vscode.CompletionItemKind.Snippet ||
          /"channel"/.test(String((i.insertText as vscode.SnippetString | undefined)?.value ?? i.insertText ?? '')),
      );
      assert.deepEqual(unwanted.map(completionLabel), [], `a snippet offered at tab stop ${stop} ("${doc.getText(editor.selection)}")`);
      await vscode.commands.executeCommand('jumpToNextSnippetPlaceholder');
    }
    assert.deepEqual(JSON.parse(doc.getText()), JSON.parse(defaults(snippet.value)), `after tabbing through:\n${doc.getText()}`);
    assert.equal(doc.getText().split('"channel"').length, 2, 'one campaign, not one nested in another');
    assert.deepEqual(offered.map(completionLabel), ['Push campaign: one-time'], 'each skeleton once');
  });

  test('fix all never invents a value: a missing time zone stays missing, a plain mistake is fixed', async () => {
    const uri = await scratchFile(
      'fixall.campaign.json',
      JSON.stringify(
        {
          channel: 'PUSH',
          campaign_delivery_type: 'ONE_TIME',
          segmentation_details: {
            included_filters: { filter_operator: 'AND', filters: [{ filter_type: 'custom_segments', name: 'Loyal', id: 'seg-1' }] },
          },
          scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2030-01-15T09:00:00' },
        },
        null,
        2,
      ),
    );
    const { doc } = await open(uri);
    await waitForRule(uri, 'H3');
    // Resolved, as VS Code resolves an action before applying it: the server makes fix-all's edit only then.
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      new vscode.Range(0, 0, 0, 0),
      vscode.CodeActionKind.SourceFixAll.value,
      1,
    );
    const fixAll = (actions ?? []).find(a => a.kind && vscode.CodeActionKind.SourceFixAll.contains(a.kind));
    assert.ok(fixAll?.edit, `no fix-all action; offered: ${(actions ?? []).map(a => a.title).join(', ') || '(none)'}`);
    assert.ok(await vscode.workspace.applyEdit(fixAll.edit), 'the fix-all edit was not applied');
    const fixed = JSON.parse(doc.getText());
    assert.equal(fixed.segmentation_details.included_filters.filter_operator, 'and');
    assert.equal(fixed.scheduling_details.timezone, undefined, `a time zone was made up:\n${doc.getText()}`);
    const h3 = await waitForRule(uri, 'H3');
    const choices = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      h3.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const zones = (choices ?? []).filter(a => /"timezone"/.test(a.title));
    assert.ok(
      zones.some(a => a.title.includes('"UTC"')),
      `the zones offered: ${zones.map(a => a.title).join(', ')}`,
    );
    assert.ok(
      zones.every(a => !a.isPreferred),
      "a zone is the author's choice, never preferred",
    );
  });
});
