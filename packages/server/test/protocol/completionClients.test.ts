import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  ClientCapabilities,
  CompletionItem,
  CompletionList,
  CompletionRequest,
  MarkupContent,
  TextEdit,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Editor } from './editor';

/**
 * Completion as each editor can take it: the capabilities an editor sends at initialize decide
 * whether items are snippets or plain text, markdown or plain documentation, with label details
 * or without. Neovim's and Eglot's clients without snippets must never get `$1` markers.
 */

const NEOVIM: ClientCapabilities = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    completion: { completionItem: { snippetSupport: false, documentationFormat: ['plaintext'], insertReplaceSupport: false } },
  },
};

const VSCODE: ClientCapabilities = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    completion: {
      completionItem: {
        snippetSupport: true,
        documentationFormat: ['markdown', 'plaintext'],
        insertReplaceSupport: true,
        labelDetailsSupport: true,
      },
    },
  },
};

const SCHEDULE =
  '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "scheduling_details": {\n    "delivery_type": "AT_FIXED_TIME",\n    |\n  }\n}\n';

function editorWith(name: string, capabilities: ClientCapabilities) {
  const state: { ed?: Editor; dir?: string; count: number } = { count: 0 };
  before(async () => {
    state.dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-completion-')));
    state.ed = await Editor.start('stdio', { capabilities, clientInfo: { name }, workspaceFolder: pathToFileURL(state.dir).href });
  });
  after(() => {
    state.ed?.kill();
    fs.rmSync(state.dir!, { recursive: true, force: true });
  });
  /** Opens `withBar` (a `|` is the cursor) and asks for completions there; returns them with the text. */
  return async (withBar: string): Promise<{ items: CompletionItem[]; text: string }> => {
    const offset = withBar.indexOf('|');
    const text = withBar.slice(0, offset) + withBar.slice(offset + 1);
    const uri = pathToFileURL(path.join(state.dir!, `${++state.count}.campaign.json`)).href;
    await state.ed!.open(uri, text);
    const position = TextDocument.create(uri, 'campaign-json', 1, text).positionAt(offset);
    const list = (await state.ed!.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as CompletionList;
    return { items: list.items, text };
  };
}

const edit = (i: CompletionItem): TextEdit => i.textEdit as TextEdit;
const apply = (text: string, i: CompletionItem): string =>
  TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 1, text), [edit(i)]);

describe('completion for a client without snippets or markdown (Neovim, Emacs Eglot)', () => {
  const complete = editorWith('Neovim', NEOVIM);

  test('a key inserts plain text with a plain value, and its documentation is plain text', async () => {
    const { items, text } = await complete(SCHEDULE);
    const timezone = items.find(i => i.label === 'timezone')!;
    assert.equal(timezone.insertTextFormat, 1);
    assert.equal(edit(timezone).newText, '"timezone": ""');
    assert.match(apply(text, timezone), /"timezone": ""\n/);
    assert.equal(typeof timezone.documentation, 'string');
    assert.equal(timezone.labelDetails, undefined);
    for (const i of items) assert.doesNotMatch(edit(i).newText, /\$\d|\$\{/, `${i.label}: ${edit(i).newText}`);
    // Without insertReplaceSupport an InsertReplaceEdit cannot be applied: every edit is a plain TextEdit.
    for (const i of items) assert.ok('range' in i.textEdit! && !('insert' in i.textEdit!), `${i.label}: ${JSON.stringify(i.textEdit)}`);
  });

  test('an empty file offers each skeleton once, as plain JSON', async () => {
    const { items, text } = await complete('|');
    assert.equal(items.length, 10);
    for (const i of items) {
      assert.equal(i.insertTextFormat, 1);
      assert.equal(JSON.parse(apply(text, i)).created_by, 'jane@example.com', i.label);
    }
  });
});

/** A client whose completion capabilities never mention `snippetSupport`: it gets plain text, as the protocol says. */
const SILENT: ClientCapabilities = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    completion: { completionItem: { documentationFormat: ['plaintext'] } },
  },
};

describe('completion for a client that does not say whether it takes snippets', () => {
  const complete = editorWith('a minimal client', SILENT);

  test('keys, values and skeletons are plain text, with no `$1` or `${` anywhere', async () => {
    for (const withBar of [SCHEDULE, '|', SCHEDULE.replace('"AT_FIXED_TIME"', '"|"')]) {
      const { items } = await complete(withBar);
      assert.ok(items.length > 0, withBar);
      for (const i of items) {
        assert.equal(i.insertTextFormat, 1, `${i.label} in ${JSON.stringify(withBar)}`);
        for (const t of [i.insertText ?? '', edit(i)?.newText ?? '']) assert.doesNotMatch(t, /\$\d|\$\{/, `${i.label}: ${t}`);
      }
    }
  });
});

describe('completion for VS Code', () => {
  const complete = editorWith('Visual Studio Code', VSCODE);

  test('a key inserts a snippet, documented in markdown, with whether it is required beside it', async () => {
    const { items } = await complete(SCHEDULE);
    const timezone = items.find(i => i.label === 'timezone')!;
    assert.equal(timezone.insertTextFormat, 2);
    assert.equal(edit(timezone).newText, '"timezone": "$1"');
    assert.equal((timezone.documentation as MarkupContent).kind, 'markdown');
    assert.match(timezone.labelDetails?.description ?? '', /^required/);
  });

  test('an empty file offers each skeleton once, from the server (VS Code has no snippet files of ours)', async () => {
    const { items } = await complete('|');
    assert.deepEqual(
      items.map(i => i.insertTextFormat),
      Array(10).fill(2),
    );
    assert.equal(new Set(items.map(i => i.label)).size, 10);
  });
});
