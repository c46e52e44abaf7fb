import * as assert from 'assert';
import * as vscode from 'vscode';
import {
  activateExtension,
  closeAllEditors,
  describeDiagnostics,
  fixture,
  open,
  positionOf,
  replaceText,
  ruleOf,
  scratchFile,
  SOURCE,
  waitForDiagnostics,
  waitForNoRule,
  waitForRule,
  waitForValidation,
} from './helpers';

suite('diagnostics', () => {
  suiteSetup(async () => {
    await activateExtension();
  });
  teardown(closeAllEditors);

  test('on open: each mistake is reported where it is, with rule id, source and a link to the rule', async () => {
    const { doc } = await open(fixture('mistakes/spring-sale.campaign.json'));
    const diags = await waitForDiagnostics(doc.uri, ds => ['F1', 'D7'].every(r => ds.some(d => ruleOf(d) === r)), 10_000, 'F1 and D7');

    const f1 = diags.find(d => ruleOf(d) === 'F1')!;
    assert.strictEqual(f1.severity, vscode.DiagnosticSeverity.Error);
    assert.strictEqual(doc.getText(f1.range), '"AND"', 'F1 should underline the value of filter_operator');
    assert.match(f1.message, /`and`/);

    const d7 = diags.find(d => ruleOf(d) === 'D7')!;
    assert.strictEqual(d7.severity, vscode.DiagnosticSeverity.Warning);
    assert.strictEqual(doc.getText(d7.range), '"utm_param"', 'D7 should underline the unknown key');
    assert.match(d7.message, /utm_params/, 'D7 should suggest the near miss');

    for (const d of diags) {
      assert.strictEqual(d.source, SOURCE);
      const code = d.code as { value: string; target: vscode.Uri };
      assert.ok(typeof code === 'object' && code.target, `diagnostic ${ruleOf(d)} has no link to its rule`);
    }
  });

  test('on open: a JSON syntax error is reported at its position', async () => {
    const { doc } = await open(fixture('mistakes/syntax-error.campaign.json'));
    const d1 = await waitForRule(doc.uri, 'D1');
    assert.strictEqual(d1.severity, vscode.DiagnosticSeverity.Error);
    assert.strictEqual(d1.range.start.line, doc.lineCount - 1, 'the unclosed object is reported at the end of the file');
  });

  test('on open: a campaign without mistakes has no errors or warnings', async () => {
    for (const name of ['clean/spring-sale.campaign.json', 'clean/newsletter.campaign.json']) {
      const { doc } = await open(fixture(name));
      const diags = await waitForValidation(doc);
      const serious = diags.filter(d => d.severity <= vscode.DiagnosticSeverity.Warning);
      assert.deepStrictEqual(serious, [], `${name} should be clean, but has:\n  ${describeDiagnostics(serious)}`);
    }
  });

  test('on edit: a mistake typed into a clean file appears, and goes away once corrected', async () => {
    const uri = await scratchFile('edit.campaign.json', '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME"\n}\n');
    const { doc } = await open(uri);
    await waitForValidation(doc);
    assert.deepStrictEqual(
      vscode.languages.getDiagnostics(uri).filter(d => d.source === SOURCE),
      [],
    );

    await replaceText(doc, '"PUSH"', '"FAX"');
    const d2 = await waitForRule(uri, 'D2');
    assert.strictEqual(d2.severity, vscode.DiagnosticSeverity.Error);
    assert.deepStrictEqual(d2.range.start, positionOf(doc, '"FAX"'));
    assert.match(d2.message, /PUSH/);

    await replaceText(doc, '"FAX"', '"EMAIL"');
    await waitForNoRule(uri, 'D2');
  });

  test('on edit: breaking the JSON reports D1, and the rest is still checked', async () => {
    const uri = await scratchFile(
      'broken.campaign.json',
      '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "nmae": 1\n}\n',
    );
    const { doc } = await open(uri);
    await waitForRule(uri, 'D7');
    await replaceText(doc, '"PUSH",', '"PUSH"');
    const diags = await waitForDiagnostics(uri, ds => ds.some(d => ruleOf(d) === 'D1'), 10_000, 'D1');
    assert.ok(
      diags.some(d => ruleOf(d) === 'D7'),
      `the unknown key is still reported after the syntax error:\n  ${describeDiagnostics(diags)}`,
    );
  });
});
