import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { PARSE_CACHE_BYTES, ServerStatsRequest } from '@campaign-studio/core';
import { brokenCampaign } from '../../../../bench/generate';
import { LspClient } from '../helpers/lspClient';

/**
 * Memory is bounded by design: the parse cache by bytes (the position trees of large broken
 * documents weigh about thirteen times their text), and dropped under pressure, so that a heap
 * limit the cached trees alone would pass is never reached.
 */

const DOCUMENTS = 16;
const HEAP_MB = 192;

test(`${DOCUMENTS} open 1 MB broken documents stay within a ${HEAP_MB} MB heap`, { timeout: 300_000 }, async () => {
  const client = await LspClient.start({ nodeArgs: [`--max-old-space-size=${HEAP_MB}`] });
  const died = new Promise<never>((_, reject) =>
    client.child.on('exit', (code, signal) => {
      reject(new Error(`the server exited (${code ?? signal}); stderr: ${client.stderr.join('').slice(-1000)}`));
    }),
  );
  died.catch(() => undefined);
  try {
    const published: Array<Promise<PublishDiagnosticsParams>> = [];
    for (let i = 0; i < DOCUMENTS; i++) {
      const uri = `file:///memory/big-${i}.campaign.json`;
      await client.open(uri, brokenCampaign({ bytes: 1_000_000, errors: true, n: i }));
      published.push(client.waitForDiagnostics(uri, p => p.diagnostics.some(d => d.code === 'D1'), 240_000));
    }
    const all = await Promise.race([Promise.all(published), died]);
    assert.ok(all.every(p => p.diagnostics.some(d => d.code === 'D1' && /Trailing comma/.test(d.message))));
    assert.ok(
      all.every(p => p.diagnostics.some(d => d.code !== 'D1')),
      'the rule findings have their ranges too',
    );
    const stats = await Promise.race([client.connection.sendRequest(ServerStatsRequest.type), died]);
    assert.equal(stats.openDocuments, DOCUMENTS);
    assert.ok(stats.parseCacheBytes <= PARSE_CACHE_BYTES, `the parse cache holds ${stats.parseCacheBytes} bytes`);
    assert.ok(stats.parseCacheEntries < DOCUMENTS, `${stats.parseCacheEntries} parse results are cached`);
  } finally {
    assert.equal(await client.stop(), 0);
  }
});
