import * as assert from 'assert';
import * as vscode from 'vscode';
import type { PreviewModel } from '../../../src/preview/messages';
import type { CampaignStudioApi } from '../../../src/extension';
import {
  activateExtension,
  closeAllEditors,
  fixture,
  open,
  positionOf,
  replaceText,
  scratchFile,
  waitForRule,
  waitForState,
  waitForTab,
  waitForValidation,
} from './helpers';

/**
 * The campaign preview in a real VS Code: "Open Campaign Preview to the Side" opens one panel
 * beside the editor, an edit reaches it (observed through the model the panel posts, `previewShown`),
 * it follows the active campaign editor, and a problem's link reveals its line.
 */

const SHOW_PREVIEW = 'campaignStudio.showPreview';
const REVEAL = 'campaignStudio.preview.reveal';

const isPreviewTab = (t: vscode.Tab) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('campaignStudio.preview');
const previewTabs = () => vscode.window.tabGroups.all.flatMap(g => g.tabs).filter(isPreviewTab);

suite('campaign preview', () => {
  let api: CampaignStudioApi;
  suiteSetup(async () => {
    api = await activateExtension();
  });
  teardown(closeAllEditors);

  /** The model the panel posts next (or has posted) that `holds`. */
  function modelWhere(holds: (m: PreviewModel) => boolean, what: string): Promise<PreviewModel> {
    const look = () => {
      const m = api.previewShown();
      return m && holds(m) ? m : undefined;
    };
    return waitForState(api.ctx.previewPosted.event, look, what, () => `the preview shows ${JSON.stringify(api.previewShown()?.header)}`);
  }

  test('opens beside the editor, titled with the file, showing the campaign; the editor keeps the focus', async () => {
    const { doc, editor } = await open(fixture('clean/spring-sale.campaign.json'));
    await vscode.commands.executeCommand(SHOW_PREVIEW);
    const tab = await waitForTab(isPreviewTab, 'the preview tab');
    assert.strictEqual(tab.label, 'Preview spring-sale.campaign.json');
    assert.notStrictEqual(tab.group.viewColumn, editor.viewColumn, 'beside the editor');
    assert.strictEqual(vscode.window.activeTextEditor?.document, doc, 'the focus stays in the editor');
    await modelWhere(
      m => m.fileName === 'spring-sale.campaign.json' && m.header.rows.some(r => r.value === 'PUSH'),
      'the spring sale in the preview',
    );
  });

  test('an edit reaches the panel (the time it took is logged: the debounce is 60 ms), and running the command again reuses the one panel', async () => {
    const { doc } = await open(fixture('clean/spring-sale.campaign.json'));
    await vscode.commands.executeCommand(SHOW_PREVIEW, doc.uri);
    await modelWhere(m => m.fileName === 'spring-sale.campaign.json', 'the first model');
    const edited = `Renamed ${Date.now()}`;
    await replaceText(doc, '"Spring sale"', JSON.stringify(edited));
    const editedAt = Date.now();
    await modelWhere(m => m.header.name === edited, 'the edited name');
    console.log(`the edit reached the preview in ${Date.now() - editedAt} ms`);
    await vscode.commands.executeCommand(SHOW_PREVIEW, doc.uri);
    assert.strictEqual(previewTabs().length, 1, 'one preview panel');
  });

  test('follows the active campaign editor', async () => {
    await open(fixture('clean/spring-sale.campaign.json'));
    await vscode.commands.executeCommand(SHOW_PREVIEW);
    await modelWhere(m => m.fileName === 'spring-sale.campaign.json', 'the spring sale');
    const other = await scratchFile(
      'followed.campaign.json',
      JSON.stringify({ channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME', basic_details: { name: 'Followed' } }, null, 2),
    );
    const { doc } = await open(other);
    const model = await modelWhere(m => m.header.name === 'Followed', 'the newly active file');
    assert.strictEqual(model.fileName, doc.uri.path.split('/').pop());
    await waitForTab(t => isPreviewTab(t) && t.label === `Preview ${model.fileName}`, 'the retitled preview');
  });

  test("the file's problems are listed, and a problem's link reveals its line in the editor", async () => {
    const { doc } = await open(fixture('mistakes/spring-sale.campaign.json'));
    const f1 = await waitForRule(doc.uri, 'F1');
    await vscode.commands.executeCommand(SHOW_PREVIEW);
    const model = await modelWhere(m => m.problems.some(p => p.code === 'F1'), "F1 among the preview's problems");
    const problem = model.problems.find(p => p.code === 'F1')!;
    assert.strictEqual(problem.line, f1.range.start.line);
    await vscode.commands.executeCommand('workbench.action.focusFirstEditorGroup');
    await vscode.commands.executeCommand('cursorBottom');
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(REVEAL, { line: problem.line, character: problem.character });
    assert.strictEqual(editor?.document, doc);
    assert.deepStrictEqual(
      [vscode.window.activeTextEditor?.selection.active.line, vscode.window.activeTextEditor?.selection.active.character],
      [problem.line, problem.character],
    );
  });

  test('the CodeLens above scheduling_details opens the preview of its own file, even when another editor is active', async () => {
    const { doc } = await open(fixture('clean/spring-sale.campaign.json'));
    // Validated: the server has parsed the document its lenses are computed from.
    await waitForValidation(doc);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri, 10);
    const lens = lenses.find(l => l.command?.command === SHOW_PREVIEW);
    assert.ok(lens, `no schedule lens: ${lenses.map(l => l.command?.title).join(', ')}`);
    assert.strictEqual(lens.range.start.line, positionOf(doc, '"scheduling_details"').line);
    const other = await scratchFile(
      'lens-other.campaign.json',
      JSON.stringify({ channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME', basic_details: { name: 'Other' } }, null, 2),
    );
    await open(other);
    await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
    await waitForTab(t => isPreviewTab(t) && t.label === 'Preview spring-sale.campaign.json', "the preview of the lens's file");
    await modelWhere(m => m.fileName === 'spring-sale.campaign.json', 'the spring sale, not the active file');
  });

  test('a position that is not one is refused, and nothing moves', async () => {
    await open(fixture('clean/spring-sale.campaign.json'));
    await vscode.commands.executeCommand(SHOW_PREVIEW);
    assert.strictEqual(await vscode.commands.executeCommand(REVEAL, { line: -1, character: 0 }), undefined);
  });

  test('a campaign of several MB is not summarised on each edit: the preview says why and what to run instead', async () => {
    const filters = Array.from({ length: 20_000 }, (_, i) => ({
      filter_type: 'user_attributes',
      name: `attribute_${i}`,
      data_type: 'string',
      operator: 'is',
      value: 'x'.repeat(100),
    }));
    const text = JSON.stringify(
      {
        channel: 'PUSH',
        campaign_delivery_type: 'ONE_TIME',
        basic_details: { name: 'Huge' },
        segmentation_details: { included_filters: { filter_operator: 'and', filters } },
      },
      null,
      2,
    );
    assert.ok(text.length > 3 * 1024 * 1024, `the file is ${text.length} characters`);
    const { doc } = await open(await scratchFile('huge.campaign.json', text));
    await vscode.commands.executeCommand(SHOW_PREVIEW, doc.uri);
    const model = await modelWhere(m => m.fileName.startsWith('huge-'), 'the huge file in the preview');
    assert.match(
      model.unreadable,
      /is \d+\.\d MB: the preview summarises campaign files up to 2\.0 MB\. Run `campaign show huge-\d+\.campaign\.json`/,
    );
    assert.deepStrictEqual(
      [model.header.name, model.audience],
      [model.fileName, []],
      'titled with the file; its audience is not put into words',
    );
  });
});
