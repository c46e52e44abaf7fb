import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'path';
import { DocumentDiagnosticRequest, HoverRequest } from 'vscode-languageserver-protocol/node';
import { LspClient } from '../helpers/lspClient';
import { generateCampaign } from '../../../../bench/generate';

/**
 * An editor sends an edit, the pull of its diagnostics and a hover together: the hover is answered
 * from the parse before the pull validates (on a large campaign, validation takes far longer
 * than the hover), though vscode-jsonrpc handles each queued message in a turn of its own.
 */

const SERVER = path.resolve(__dirname, '../../../../dist/server.js');

test('request order: a hover sent after the pull of an edit is answered before the pull', async () => {
  const text = generateCampaign({ bytes: 1_000_000, errors: true });
  const c = await LspClient.start({ serverPath: SERVER, pull: true });
  try {
    const uri = 'file:///order/large.campaign.json';
    await c.open(uri, text);
    await c.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
    const lines = text.split('\n');
    const name = lines.findIndex(l => l.includes('"Winter sale reminder"'));
    const zone = lines.findIndex(l => l.includes('"timezone"'));
    for (let i = 0; i < 3; i++) {
      const at = { line: name, character: lines[name].indexOf('reminder') + i };
      const answered: string[] = [];
      await c.change(uri, { start: at, end: at }, 'x');
      const pull = c.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } }).then(() => answered.push('pull'));
      const hover = c.connection
        .sendRequest(HoverRequest.type, {
          textDocument: { uri },
          position: { line: zone, character: lines[zone].indexOf('"timezone"') + 2 },
        })
        .then(() => answered.push('hover'));
      await Promise.all([pull, hover]);
      assert.deepEqual(answered, ['hover', 'pull']);
    }
  } finally {
    await c.stop();
  }
});
