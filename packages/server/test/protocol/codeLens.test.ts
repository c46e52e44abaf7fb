import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  ClientCapabilities,
  CodeLens,
  CodeLensRequest,
  ExecuteCommandRequest,
  ShowMessageNotification,
  ShowMessageParams,
} from 'vscode-languageserver-protocol/node';
import { LspClient } from '../helpers/lspClient';

/**
 * The CodeLens above `scheduling_details`, driven as Neovim drives it: a client with no preview
 * of its own gets the lens, and its click runs the server's `campaign.showSchedule`, which shows
 * the next sends as a message. A client that names its preview command (the VS Code extension's
 * `initializationOptions.previewCommand`) gets that command instead.
 */

const NEOVIM: ClientCapabilities = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    codeLens: { dynamicRegistration: false },
  },
  workspace: { codeLens: { refreshSupport: true } },
};

let client: LspClient;
let dir: string;

before(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-codelens-'));
  client = await LspClient.start({ capabilities: NEOVIM, rootUri: pathToFileURL(dir).href });
});

after(async () => {
  await client.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function lenses(name: string, doc: unknown): Promise<{ uri: string; lenses: CodeLens[] | null }> {
  const uri = pathToFileURL(path.join(dir, name)).href;
  await client.open(uri, JSON.stringify(doc, null, 2));
  return { uri, lenses: await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } }) };
}

test('code lens: the server says it provides code lenses, and the command its lens runs in a client without a preview', () => {
  assert.deepEqual(client.initializeResult?.capabilities.codeLensProvider, { resolveProvider: false });
  assert.deepEqual(client.initializeResult?.capabilities.executeCommandProvider, { commands: ['campaign.showSchedule'] });
});

test('code lens: the next send above scheduling_details; its command, run on the server, shows the next sends as a message', async () => {
  const doc = {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2099-12-01T09:00:00', timezone: 'Europe/Berlin' },
  };
  const { uri, lenses: got } = await lenses('once.campaign.json', doc);
  assert.equal(got?.length, 1);
  const [lens] = got!;
  assert.deepEqual(lens.range, { start: { line: 3, character: 2 }, end: { line: 3, character: 22 } });
  assert.equal(lens.command?.title, 'next send: Tue 1 Dec 09:00 Europe/Berlin · 08:00 UTC');
  assert.equal(lens.command?.command, 'campaign.showSchedule');
  assert.deepEqual(lens.command?.arguments, [uri]);
  const shown = new Promise<ShowMessageParams>(resolve => client.connection.onNotification(ShowMessageNotification.type, resolve));
  const result = await client.connection.sendRequest(ExecuteCommandRequest.type, {
    command: lens.command!.command,
    arguments: lens.command!.arguments,
  });
  assert.match(
    String(result),
    /^Sends once, at Tue 1 Dec 2099, 09:00 Europe\/Berlin \(08:00 UTC\)\.\n #  campaign time \| UTC \| your time\n 1  Tue 1 Dec 2099, 09:00 Europe\/Berlin \| 08:00 UTC \| /,
  );
  assert.equal((await shown).message, result, 'the message says what the command returns');
});

test('code lens: the server command without a file says what it needs, as an error message', async () => {
  const shown = new Promise<ShowMessageParams>(resolve => client.connection.onNotification(ShowMessageNotification.type, resolve));
  assert.equal(await client.connection.sendRequest(ExecuteCommandRequest.type, { command: 'campaign.showSchedule', arguments: [] }), null);
  assert.deepEqual(await shown, { type: 1, message: 'campaign.showSchedule needs the URI of an open campaign file as its argument.' });
});

test('code lens: a client that names its preview command gets it on the lens, and no server command', async () => {
  const withPreview = await LspClient.start({
    capabilities: NEOVIM,
    rootUri: pathToFileURL(dir).href,
    initializationOptions: { previewCommand: 'campaignStudio.showPreview' },
  });
  try {
    assert.equal(withPreview.initializeResult?.capabilities.executeCommandProvider, undefined);
    const uri = pathToFileURL(path.join(dir, 'previewed.campaign.json')).href;
    await withPreview.open(
      uri,
      JSON.stringify({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', scheduling_details: { delivery_type: 'ASAP' } }),
    );
    const [lens] = (await withPreview.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
    assert.deepEqual(lens?.command, { title: 'sends as soon as it is created', command: 'campaignStudio.showPreview', arguments: [uri] });
  } finally {
    await withPreview.stop();
  }
});

test('code lens: ASAP, a triggered window and a schedule that never sends', async () => {
  const asap = await lenses('asap.campaign.json', {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    scheduling_details: { delivery_type: 'ASAP' },
  });
  assert.equal(asap.lenses?.[0].command?.title, 'sends as soon as it is created');
  const triggered = await lenses('event.campaign.json', {
    channel: 'PUSH',
    campaign_delivery_type: 'EVENT_TRIGGERED',
    scheduling_details: { delivery_type: 'ASAP', start_time: '2099-12-01T00:00:00', expiry_time: '2099-12-31T23:00:00', timezone: 'UTC' },
  });
  assert.equal(triggered.lenses?.[0].command?.title, 'active 1 Dec 2099 – 31 Dec 2099');
  const never = await lenses('never.campaign.json', {
    channel: 'PUSH',
    campaign_delivery_type: 'PERIODIC',
    scheduling_details: {
      delivery_type: 'AT_FIXED_TIME',
      start_time: '2099-04-01T09:00:00',
      expiry_time: '2099-04-30T00:00:00',
      timezone: 'UTC',
      periodic_details: { sending_frequency: 'MONTHLY', repeat_frequency: 1, repeat_on_date_of_month: [31] },
    },
  });
  assert.match(
    never.lenses?.[0].command?.title ?? '',
    /^never sends: `expiry_time` Thu 30 Apr 2099, 00:00 UTC comes before the first send/,
  );
});

test('code lens: none without scheduling_details, and none in a settings file', async () => {
  assert.deepEqual((await lenses('bare.campaign.json', { channel: 'PUSH' })).lenses, []);
  const rcDir = fs.mkdtempSync(path.join(dir, 'rc-'));
  const uri = pathToFileURL(path.join(rcDir, '.campaignrc.json')).href;
  await client.open(uri, JSON.stringify({ scheduling_details: {} }));
  assert.deepEqual(await client.connection.sendRequest(CodeLensRequest.type, { textDocument: { uri } }), []);
});
