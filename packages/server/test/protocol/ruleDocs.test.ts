import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  CodeAction,
  CodeActionRequest,
  CompletionList,
  CompletionRequest,
  Diagnostic,
  HoverRequest,
  MarkupContent,
} from 'vscode-languageserver-protocol/node';
import { FIX_ALL_KIND } from '@campaign-studio/core';
import { Editor, PUSH_CAPABILITIES, SERVER } from './editor';

/**
 * Where rule links lead: for any editor, the docs/rules.md installed beside the server (offline);
 * for a client that names its own command (`initializationOptions.ruleDocCommand`, as the VS Code
 * extension does), that command, from the diagnostic's code, the hover and the quick-fix menu.
 */

/** `"AND"` breaks F1 (lowercase operators), on line 5. */
const F1 = JSON.stringify(
  {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    segmentation_details: { included_filters: { filter_operator: 'AND', filters: [] } },
  },
  null,
  2,
);
const RULES_DOC = pathToFileURL(path.resolve(path.dirname(SERVER), '..', 'docs', 'rules.md')).href;

async function opened(ed: Editor, dir: string): Promise<{ uri: string; f1: Diagnostic }> {
  const uri = pathToFileURL(path.join(dir, 'f1.campaign.json')).href;
  await ed.open(uri, F1);
  const published = await ed.published(uri, p => p.diagnostics.some(d => d.code === 'F1'));
  return { uri, f1: published.diagnostics.find(d => d.code === 'F1')! };
}

async function hoverOn(ed: Editor, uri: string, f1: Diagnostic): Promise<string> {
  const hover = await ed.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: f1.range.start });
  return (hover?.contents as MarkupContent).value;
}

describe('rule links for any editor: the installed docs/rules.md', () => {
  let ed: Editor;
  let dir: string;
  before(async () => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-rule-docs-')));
    ed = await Editor.start('stdio', { capabilities: PUSH_CAPABILITIES });
  });
  after(() => {
    ed.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a diagnostic's code links to its section of the docs/rules.md beside the server, which opens offline", async () => {
    const { f1 } = await opened(ed, dir);
    assert.equal(f1.codeDescription?.href, `${RULES_DOC}#f1`);
    assert.match(fs.readFileSync(new URL(RULES_DOC), 'utf8'), /^## F1$/m);
  });

  test("the hover's rule links lead there too; no documentation entry in the quick-fix menu without a command", async () => {
    const { uri, f1 } = await opened(ed, dir);
    assert.ok((await hoverOn(ed, uri, f1)).includes(`[F1](${RULES_DOC}#f1)`));
    const actions = (await ed.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: f1.range,
      context: { diagnostics: [f1] },
    })) as CodeAction[];
    assert.ok(!actions.some(a => /documentation/.test(a.title)));
  });
});

describe('rule links for a client with its own command (the VS Code extension)', () => {
  const COMMAND = 'campaignStudio.showRuleDoc';
  const LINK = `command:${COMMAND}?${encodeURIComponent('["F1"]')}`;
  let ed: Editor;
  let dir: string;
  before(async () => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-rule-docs-')));
    ed = await Editor.start('stdio', {
      capabilities: {
        textDocument: {
          ...PUSH_CAPABILITIES.textDocument,
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix'] } } },
          completion: { completionItem: { documentationFormat: ['markdown'] } },
        },
      },
      initializationOptions: { ruleDocCommand: COMMAND },
    });
  });
  after(() => {
    ed.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("the diagnostic's code and the hover's rule links run the command with the rule id", async () => {
    const { uri, f1 } = await opened(ed, dir);
    assert.equal(f1.codeDescription?.href, LINK);
    assert.ok((await hoverOn(ed, uri, f1)).includes(`[F1](${LINK})`));
  });

  test("a completion's documentation links its rules to the command too", async () => {
    const uri = pathToFileURL(path.join(dir, 'complete.campaign.json')).href;
    const text = '{ "channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "segmentation_details": { "included_filters": {  } } }';
    await ed.open(uri, text);
    const list = (await ed.connection.sendRequest(CompletionRequest.type, {
      textDocument: { uri },
      position: { line: 0, character: text.indexOf('{  }') + 2 },
    })) as CompletionList;
    const item = list.items.find(i => i.label === 'filter_operator');
    const documentation = (item?.documentation as MarkupContent | undefined)?.value ?? '';
    assert.match(documentation, /\[F1\]\(command:campaignStudio\.showRuleDoc\?/, documentation);
    assert.doesNotMatch(documentation, /https:\/\//);
  });

  test('the quick-fix menu has "Show documentation for rule F1"; fix-all requests do not', async () => {
    const { uri, f1 } = await opened(ed, dir);
    const actions = (await ed.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: f1.range,
      context: { diagnostics: [f1] },
    })) as CodeAction[];
    const doc = actions.find(a => a.title === 'Show documentation for rule F1');
    assert.deepEqual(doc?.command, { title: 'Show documentation for rule F1', command: COMMAND, arguments: ['F1'] });
    assert.equal(doc?.kind, 'quickfix');
    const fixAll = (await ed.connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: f1.range,
      context: { diagnostics: [f1], only: [FIX_ALL_KIND] },
    })) as CodeAction[];
    assert.ok(!fixAll.some(a => a.command?.command === COMMAND));
  });
});
