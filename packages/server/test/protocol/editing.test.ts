import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  CompletionRequest,
  HoverRequest,
  CodeActionRequest,
  DocumentSymbolRequest,
  DocumentFormattingRequest,
  DocumentRangeFormattingRequest,
  FoldingRangeRequest,
  ClientCapabilities,
  CompletionList,
  CompletionItem,
  DocumentSymbol,
  TextEdit,
  CodeAction,
  Diagnostic,
  MarkupContent,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LspClient } from '../helpers/lspClient';

/**
 * The editing features through the real server over stdio, as an editor drives them:
 * completion, hover, code actions (a quick fix and fix-all), document symbols, formatting and
 * folding ranges.
 */

const CAPABILITIES: ClientCapabilities = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    publishDiagnostics: { relatedInformation: false, versionSupport: true },
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    codeAction: {
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } },
      isPreferredSupport: true,
      dataSupport: true,
    },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    formatting: {},
    rangeFormatting: {},
    foldingRange: { rangeLimit: 5000, lineFoldingOnly: true },
  },
  workspace: { configuration: true },
};

let client: LspClient;
let dir: string;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-editing-'));
  fs.writeFileSync(
    path.join(dir, '.campaignrc.json'),
    JSON.stringify({ features: { queuing: true, audienceLimit: true }, subscriptionCategories: ['newsletters', 'offers'] }),
  );
  client = await LspClient.start({ capabilities: CAPABILITIES, rootUri: pathToFileURL(dir).href });
});

after(async () => {
  await client.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
/** Opens `text` (a `|` marks the cursor) as a new campaign file; returns its URI, text and cursor. */
async function open(
  withBar: string,
  name = 'c.campaign.json',
): Promise<{ uri: string; text: string; position: { line: number; character: number } }> {
  const offset = withBar.indexOf('|');
  const text = offset < 0 ? withBar : withBar.slice(0, offset) + withBar.slice(offset + 1);
  // A settings file keeps its exact name, in a folder of its own.
  const file =
    name === '.campaignrc.json' ? path.join(fs.mkdtempSync(path.join(dir, 'rc-')), name) : path.join(dir, `${++counter}-${name}`);
  const uri = pathToFileURL(file).href;
  await client.open(uri, text);
  const doc = TextDocument.create(uri, 'campaign-json', 1, text);
  return { uri, text, position: doc.positionAt(Math.max(0, offset)) };
}

function apply(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 1, text), edits);
}

const EMAIL = '{\n  "channel": "EMAIL",\n  "campaign_delivery_type": "ONE_TIME",\n';

test('completion: values narrowed by the workspace settings, replacing the string under the cursor', async () => {
  const { uri, position } = await open(`${EMAIL}  "basic_details": { "content_type": "PROMOTIONAL", "subscription_category": "new|" }\n}`);
  const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as CompletionList;
  const labels = list.items.map(i => i.label);
  assert.deepEqual(labels.sort(), ['newsletters', 'offers']);
  const item = list.items.find(i => i.label === 'newsletters')! as CompletionItem;
  assert.equal((item.textEdit as TextEdit).newText, '"newsletters"');
  assert.equal((item.textEdit as TextEdit).range.start.character, position.character - 4, 'the range starts at the opening quote');
});

test('completion: property names for the channel and delivery type, required first', async () => {
  const { uri, position } = await open(
    '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "EVENT_TRIGGERED",\n  "delivery_controls": { | }\n}',
  );
  const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })) as CompletionList;
  const props = list.items
    .filter(i => i.kind === 10)
    .sort((a, b) => a.sortText!.localeCompare(b.sortText!))
    .map(i => i.label);
  assert.equal(props[0], 'bypass_dnd');
  assert.ok(props.includes('queuing_enabled'), 'queuing is on in this workspace');
  assert.ok(!props.includes('campaign_throttle_rpm'), 'no throttle for event-triggered campaigns');
  assert.ok(
    list.items.some(i => i.label === 'delivery_controls (Push, event-triggered)') === false,
    'component snippets are offered where the component is missing, not inside it',
  );
});

test("hover: a property's description, limits and rules as markdown", async () => {
  const { uri, position } = await open(
    '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "delivery_controls": { "queue_dur|ation": 4 }\n}',
  );
  const hover = await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
  assert.ok(hover);
  const md = hover.contents as MarkupContent;
  assert.equal(md.kind, 'markdown');
  assert.match(md.value, /0 to 48 hours/);
  assert.match(md.value, /\[Q7\]\(/);
  assert.equal(hover.range!.start.line, 3);
});

test('code action: a quick fix on a diagnostic, applied, makes the diagnostic go away', async () => {
  const text =
    '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "segmentation_details": {\n    "included_filters": { "filter_operator": "AND", "filters": [ { "filter_type": "custom_segments", "name": "A", "id": "1" } ] }\n  }\n}';
  const { uri } = await open(text);
  const published = await client.waitForDiagnostics(uri, p => p.diagnostics.some(d => d.code === 'F1'));
  const f1 = published.diagnostics.find(d => d.code === 'F1') as Diagnostic;
  const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: f1.range,
    context: { diagnostics: [f1] },
  })) as CodeAction[];
  const fix = actions.find(a => a.kind === 'quickfix' && a.isPreferred);
  assert.ok(fix, `a preferred quick fix among ${JSON.stringify(actions.map(a => a.title))}`);
  assert.equal(fix.diagnostics?.[0].code, 'F1');
  const edited = apply(text, fix.edit!.changes![uri]);
  assert.match(edited, /"filter_operator": "and"/);
  client.forget(uri);
  await client.replaceAll(uri, edited);
  const after = await client.waitForDiagnostics(uri, p => p.version === 2);
  assert.deepEqual(
    after.diagnostics.filter(d => d.code === 'F1'),
    [],
  );
});

test('code action: source.fixAll fixes the whole file in one edit', async () => {
  const text =
    '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "scheduling_details": { "delivery_type": "AT_FIXED_TIME", "schedule_time": "2030-01-15T09:00:00", "time_zone": "UTC" },\n  "advanced": { "platform_level_priority": { "ios_specific_priority": { "apns_priority": 10 } } }\n}';
  const { uri } = await open(text);
  const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics: [], only: ['source.fixAll'] },
  })) as CodeAction[];
  assert.equal(actions.length, 1);
  assert.equal(actions[0].kind, 'source.fixAll.campaign-studio');
  const fixed = JSON.parse(apply(text, actions[0].edit!.changes![uri]));
  assert.deepEqual(fixed.scheduling_details, { delivery_type: 'AT_FIXED_TIME', start_time: '2030-01-15T09:00:00', timezone: 'UTC' });
  assert.equal(fixed.advanced.platform_level_priority.ios_specific_priority.apns_priority, '10');
});

test('document symbols: the outline by component', async () => {
  const { uri } = await open(
    '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "scheduling_details": { "delivery_type": "ASAP" },\n  "segmentation_details": { "is_all_user_campaign": true }\n}',
  );
  const symbols = (await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } })) as DocumentSymbol[];
  assert.deepEqual(
    symbols.map(s => s.name),
    ['channel', 'campaign_delivery_type', 'Schedule', 'Audience'],
  );
  assert.equal(symbols[2].detail, 'scheduling_details · ASAP');
  assert.equal(symbols[2].children?.[0].name, 'delivery_type');
});

test("formatting and range formatting with the editor's tab settings", async () => {
  const text = '{"channel":"PUSH","scheduling_details":{"delivery_type":"ASAP"}}';
  const { uri } = await open(text);
  const edits = (await client.connection.sendRequest(DocumentFormattingRequest.type, {
    textDocument: { uri },
    options: { tabSize: 4, insertSpaces: true },
  })) as TextEdit[];
  assert.equal(apply(text, edits), '{\n    "channel": "PUSH",\n    "scheduling_details": {\n        "delivery_type": "ASAP"\n    }\n}');
  const tabs = (await client.connection.sendRequest(DocumentFormattingRequest.type, {
    textDocument: { uri },
    options: { tabSize: 4, insertSpaces: false },
  })) as TextEdit[];
  assert.match(apply(text, tabs), /\n\t\t"delivery_type"/);
  const ranged = (await client.connection.sendRequest(DocumentRangeFormattingRequest.type, {
    textDocument: { uri },
    range: { start: { line: 0, character: 39 }, end: { line: 0, character: 64 } },
    options: { tabSize: 2, insertSpaces: true },
  })) as TextEdit[];
  const out = apply(text, ranged);
  assert.ok(out.startsWith('{"channel":"PUSH","scheduling_details":'), `outside the range unchanged: ${out}`);
  assert.match(out, /\{\n\s+"delivery_type": "ASAP"\n\s*\}/);
});

test('folding ranges', async () => {
  const { uri } = await open('{\n  "channel": "PUSH",\n  "basic_details": {\n    "name": "x",\n    "tags": []\n  }\n}');
  const ranges = await client.connection.sendRequest(FoldingRangeRequest.type, { textDocument: { uri } });
  assert.deepEqual(ranges, [
    { startLine: 0, endLine: 5 },
    { startLine: 2, endLine: 4 },
  ]);
});

test('search files and the settings file get completions too', async () => {
  const search = await open('{ "campaign_fields": { "status": ["DR|"] } }', 'q.search.json');
  const list = (await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri: search.uri },
    position: search.position,
  })) as CompletionList;
  assert.ok(list.items.some(i => i.label === 'DRAFT'));
  const rc = await open('{ "features": { | } }', '.campaignrc.json');
  const rcList = (await client.connection.sendRequest(CompletionRequest.type, {
    textDocument: { uri: rc.uri },
    position: rc.position,
  })) as CompletionList;
  assert.deepEqual(rcList.items.map(i => i.label).sort(), ['audienceLimit', 'portfolio', 'queuing', 'versioning']);
});

test('requests for a document that is not open get an empty answer, and the server stays up', async () => {
  const uri = pathToFileURL(path.join(dir, 'never-opened.campaign.json')).href;
  const position = { line: 0, character: 1 };
  const completion = await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position });
  assert.ok(completion === null || (Array.isArray(completion) ? completion.length === 0 : completion.items.length === 0));
  assert.equal(await client.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position }), null);
  const symbols = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } });
  assert.ok(symbols === null || symbols.length === 0);
  // Still answering.
  const { uri: u2, position: p2 } = await open('{ "channel": "|" }');
  const list = (await client.connection.sendRequest(CompletionRequest.type, { textDocument: { uri: u2 }, position: p2 })) as CompletionList;
  assert.deepEqual(list.items.map(i => i.label).sort(), ['EMAIL', 'PUSH', 'SMS']);
});
