import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  ClientCapabilities,
  CodeAction,
  CodeActionRequest,
  CodeActionResolveRequest,
  Diagnostic,
  DocumentDiagnosticRequest,
  HoverRequest,
  LSPErrorCodes,
  ResponseError,
  TextDocumentEdit,
  TextEdit,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { FIX_ALL_KIND } from '@campaign-studio/core';
import { Editor, PULL_CAPABILITIES, PUSH_CAPABILITIES } from './editor';

/**
 * Code actions through the real server: a request answers with the fixes of its range; fix-all is
 * resolved lazily by a client that can (VS Code), computed on request for source actions by one
 * that cannot (Neovim, Emacs), and never applied to a text that moved on. Hover answers from the
 * parse while the validation of the same edit waits.
 */

const CODE_ACTION = {
  codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } },
  isPreferredSupport: true,
  dataSupport: true,
};
/** VS Code's: it resolves an action's edit when the user picks it. */
const RESOLVING: ClientCapabilities = {
  ...PUSH_CAPABILITIES,
  textDocument: { ...PUSH_CAPABILITIES.textDocument, codeAction: { ...CODE_ACTION, resolveSupport: { properties: ['edit'] } } },
  workspace: { workspaceEdit: { documentChanges: true } },
};
/** Neovim's and Eglot's: every edit comes with the action. */
const NOT_RESOLVING: ClientCapabilities = {
  ...PUSH_CAPABILITIES,
  textDocument: { ...PUSH_CAPABILITIES.textDocument, codeAction: CODE_ACTION },
};

/** A one-time push campaign with `keys` unknown keys in basic_details (D7) and two operators in capitals (F1, a preferred fix). */
function campaign(keys: number): string {
  const basic: Record<string, unknown> = { name: 'Sale', platforms: ['ANDROID'], team: 'growth' };
  for (let i = 0; i < keys; i++) basic[`unknown_${i}`] = i;
  return JSON.stringify(
    {
      channel: 'PUSH',
      campaign_delivery_type: 'ONE_TIME',
      basic_details: basic,
      segmentation_details: {
        included_filters: { filter_operator: 'AND', filters: [{ filter_type: 'custom_segments', name: 'A', id: '1' }] },
        excluded_filters: { filter_operator: 'OR', filters: [{ filter_type: 'custom_segments', name: 'B', id: '2' }] },
      },
    },
    null,
    2,
  );
}

function lineRange(text: string, needle: string): { start: { line: number; character: number }; end: { line: number; character: number } } {
  const lines = text.split('\n');
  const line = lines.findIndex(l => l.includes(needle));
  return { start: { line, character: 0 }, end: { line, character: lines[line].length } };
}

function applied(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('x', 'json', 1, text), edits);
}

function at(
  ed: Editor,
  uri: string,
  range: ReturnType<typeof lineRange>,
  diagnostics: Diagnostic[],
  only?: string[],
): Promise<CodeAction[]> {
  return ed.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range, context: { diagnostics, only } }) as Promise<
    CodeAction[]
  >;
}

/** A server for the tests of one `describe`, started before them with `capabilities`, and a folder for their files. */
function session(capabilities: ClientCapabilities, initializationOptions?: unknown): { ed: Editor; dir: string } {
  const s = {} as { ed: Editor; dir: string };
  before(async () => {
    s.dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-code-actions-')));
    s.ed = await Editor.start('stdio', { capabilities, initializationOptions });
  });
  after(() => {
    s.ed.kill();
    fs.rmSync(s.dir, { recursive: true, force: true });
  });
  return s;
}

describe('code actions for a client that resolves them (VS Code)', () => {
  const s = session(RESOLVING);
  let n = 0;

  async function opened(text: string): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
    const uri = pathToFileURL(path.join(s.dir, `${++n}.campaign.json`)).href;
    await s.ed.open(uri, text);
    return { uri, diagnostics: (await s.ed.published(uri, p => p.diagnostics.length > 0)).diagnostics };
  }

  test('the server says it resolves code actions', () => {
    const provider = s.ed.initializeResult.capabilities.codeActionProvider;
    assert.equal(typeof provider === 'object' && provider.resolveProvider, true);
  });

  test("a request at one line of 400 unknown keys answers with that line's fix only", async () => {
    const text = campaign(400);
    const { uri, diagnostics } = await opened(text);
    assert.equal(diagnostics.filter(d => d.code === 'D7').length, 400);
    const range = lineRange(text, '"unknown_200"');
    const actions = await at(
      s.ed,
      uri,
      range,
      diagnostics.filter(d => d.range.start.line === range.start.line),
    );
    assert.deepEqual(
      actions.map(a => a.title),
      ['Remove `unknown_200`'],
    );
    const edit = actions[0].edit!.documentChanges![0] as TextDocumentEdit;
    assert.equal(edit.textDocument.version, 1);
    const after = JSON.parse(applied(text, edit.edits));
    assert.equal(after.basic_details.unknown_200, undefined);
    assert.equal(after.basic_details.unknown_199, 199);
  });

  test('fix-all comes without its edit, and resolving it gives the edit for that version', async () => {
    const text = campaign(3);
    const { uri, diagnostics } = await opened(text);
    const [fixAll, ...rest] = await at(s.ed, uri, lineRange(text, '"channel"'), [], ['source.fixAll']);
    assert.deepEqual(rest, []);
    assert.equal(fixAll.kind, FIX_ALL_KIND);
    assert.equal(fixAll.edit, undefined, 'the edit waits for resolve');
    const resolved = await s.ed.connection.sendRequest(CodeActionResolveRequest.type, fixAll);
    const change = resolved.edit!.documentChanges![0] as TextDocumentEdit;
    assert.deepEqual(change.textDocument, { uri, version: 1 });
    const fixed = JSON.parse(applied(text, change.edits));
    assert.deepEqual(
      [fixed.segmentation_details.included_filters.filter_operator, fixed.segmentation_details.excluded_filters.filter_operator],
      ['and', 'or'],
    );

    const f1 = diagnostics.find(d => d.code === 'F1')!;
    const quick = await at(s.ed, uri, f1.range, [f1]);
    const rule = quick.find(a => a.title === 'Fix all F1 problems in this file');
    assert.ok(rule && !rule.edit, `one rule's fix-all, unresolved, among ${quick.map(a => a.title).join(', ')}`);
    const ruleEdit = (await s.ed.connection.sendRequest(CodeActionResolveRequest.type, rule)).edit!.documentChanges![0] as TextDocumentEdit;
    assert.equal(JSON.parse(applied(text, ruleEdit.edits)).segmentation_details.excluded_filters.filter_operator, 'or');
  });

  test('resolving after the text moved on is refused: no edit is made for a version that is gone', async () => {
    const text = campaign(3);
    const { uri } = await opened(text);
    const [fixAll] = await at(s.ed, uri, lineRange(text, '"channel"'), [], ['source']);
    assert.equal(fixAll.kind, FIX_ALL_KIND);
    const v = await s.ed.edit(uri, { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, '  "note": 1,\n');
    await s.ed.published(uri, p => p.version === v);
    await assert.rejects(s.ed.connection.sendRequest(CodeActionResolveRequest.type, fixAll), (e: unknown) => {
      assert.ok(e instanceof ResponseError);
      assert.equal(e.code, LSPErrorCodes.ContentModified);
      assert.match(e.message, /changed .*since this fix was offered; ask for the code actions again/);
      return true;
    });
  });
});

describe('code actions for a client that cannot resolve them (Neovim, Emacs)', () => {
  const s = session(NOT_RESOLVING);

  test('quick fixes at a line leave fix-all out; asking for source actions computes it with its edit', async () => {
    const provider = s.ed.initializeResult.capabilities.codeActionProvider;
    assert.equal(typeof provider === 'object' && provider.resolveProvider, false);
    const text = campaign(3);
    const uri = pathToFileURL(path.join(s.dir, 'neovim.campaign.json')).href;
    await s.ed.open(uri, text);
    const f1 = (await s.ed.published(uri, p => p.diagnostics.some(d => d.code === 'F1'))).diagnostics.find(d => d.code === 'F1')!;
    assert.deepEqual(
      (await at(s.ed, uri, f1.range, [f1])).map(a => a.title),
      ['Change to `and`'],
    );
    const [fixAll] = await at(s.ed, uri, lineRange(text, '"channel"'), [], ['source']);
    assert.equal(fixAll.kind, FIX_ALL_KIND);
    const fixed = JSON.parse(applied(text, fixAll.edit!.changes![uri]));
    assert.deepEqual(
      [fixed.segmentation_details.included_filters.filter_operator, fixed.segmentation_details.excluded_filters.filter_operator],
      ['and', 'or'],
    );
  });
});

describe('hover never waits for validation', () => {
  const s = session(PULL_CAPABILITIES);

  test('a hover sent with an edit of a large document is answered before the validation of that edit', async () => {
    const text = campaign(20_000);
    const uri = pathToFileURL(path.join(s.dir, 'large.campaign.json')).href;
    await s.ed.open(uri, text);
    await s.ed.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
    const line = lineRange(text, '"channel"').start.line;
    // As VS Code does after a keystroke: the change, the pull of its diagnostics, then the user's
    // hover, read by the server together (in one write: on a loaded machine, separate writes can
    // reach it a turn apart, and then the pull has rightly been validated before the hover came).
    const answered: string[] = [];
    const [, pull, hover] = await s.ed.together(
      () =>
        [
          s.ed.edit(uri, { start: { line, character: 2 }, end: { line, character: 2 } }, '"note": 1, '),
          s.ed.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } }).then(r => {
            answered.push('diagnostics');
            return r;
          }),
          s.ed.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: { line, character: 16 } }).then(h => {
            answered.push('hover');
            return h;
          }),
        ] as const,
      3,
    );
    const [report, shown] = await Promise.all([pull, hover]);
    assert.deepEqual(answered, ['hover', 'diagnostics']);
    assert.ok(shown, 'a hover for "channel"');
    assert.equal(report.kind, 'full', "the edited version's diagnostics, validated after the hover");
  });
});

describe('a wrong value, as a plain LSP client meets it (Neovim)', () => {
  const s = session(NOT_RESOLVING);

  test('hovering `ANDRIOD` shows the problem first, then the docs; the quick fix changes it to `ANDROID`', async () => {
    const text = JSON.stringify(
      { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', basic_details: { name: 'Sale', platforms: ['ANDRIOD', 'IOS'] } },
      null,
      2,
    );
    const uri = pathToFileURL(path.join(s.dir, 'platforms.campaign.json')).href;
    await s.ed.open(uri, text);
    const b1 = (await s.ed.published(uri, p => p.diagnostics.some(d => d.code === 'B1'))).diagnostics.find(d => d.code === 'B1')!;
    assert.match(b1.message, /did you mean `ANDROID`\?/);

    const line = text.split('\n').findIndex(l => l.includes('"ANDRIOD"'));
    const position = { line, character: text.split('\n')[line].indexOf('ANDRIOD') + 3 };
    const hover = await s.ed.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
    const md = (hover?.contents as { value: string }).value;
    const [problem, docs] = md.split('\n\n---\n\n');
    assert.match(problem, /^\*\*Error B1:\*\* `ANDRIOD` is not allowed in `platforms`: did you mean `ANDROID`\?/);
    assert.match(docs ?? '', /`platforms`/);

    const actions = await at(s.ed, uri, b1.range, [b1]);
    const change = actions.find(a => a.title === 'Change to `ANDROID`');
    assert.ok(change, actions.map(a => a.title).join(', '));
    assert.equal(change.isPreferred, true);
    assert.deepEqual(JSON.parse(applied(text, change.edit!.changes![uri])).basic_details.platforms, ['ANDROID', 'IOS']);
  });
});

describe('a wrong value in VS Code, which shows the problems in its hovers itself', () => {
  const s = session(RESOLVING, { problemsInHover: false });

  test('the hover on `ANDRIOD` holds the docs only: the problem is not said twice', async () => {
    const text = JSON.stringify(
      { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', basic_details: { name: 'Sale', platforms: ['ANDRIOD'] } },
      null,
      2,
    );
    const uri = pathToFileURL(path.join(s.dir, 'platforms.campaign.json')).href;
    await s.ed.open(uri, text);
    await s.ed.published(uri, p => p.diagnostics.some(d => d.code === 'B1'));
    const line = text.split('\n').findIndex(l => l.includes('"ANDRIOD"'));
    const position = { line, character: text.split('\n')[line].indexOf('ANDRIOD') + 3 };
    const hover = await s.ed.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
    const md = (hover?.contents as { value: string }).value;
    assert.match(md, /`platforms`/);
    assert.doesNotMatch(md, /\*\*Error B1:\*\*|did you mean/);
  });
});
