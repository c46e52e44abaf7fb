import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  findLink,
  LINKS_FILE,
  LinksFileError,
  linksOf,
  NO_LINKS,
  parseLinks,
  PromotionLink,
  serializeLinks,
  withLink,
} from '../../src/promote/links';
import { linksOnDisk } from '../../src/promote/promotionFiles';

/** The links file: its format, its versions, and two promotions recording at once. */

function link(source: string, target: string, toWs = 'PROD'): PromotionLink {
  return {
    from: { environment: 'staging', workspaceId: 'STG', campaignId: source },
    to: { environment: 'production', workspaceId: toWs, campaignId: target },
    promotedAt: '2026-11-28T10:00:00.000Z',
    promotedBy: 'me@example.com',
    body: { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME' },
  };
}

test('a link is found by its source and target workspace, replaced by the next promotion, and written in a stable order', () => {
  let file = withLink(withLink(NO_LINKS, link('b', 'B')), link('a', 'A'));
  file = withLink(file, { ...link('a', 'A'), promotedAt: '2026-11-29T10:00:00.000Z' });
  assert.equal(file.links.length, 2);
  assert.equal(findLink(file, { workspaceId: 'STG', campaignId: 'a' }, { workspaceId: 'PROD' })?.promotedAt, '2026-11-29T10:00:00.000Z');
  assert.equal(findLink(file, { workspaceId: 'STG', campaignId: 'a' }, { workspaceId: 'OTHER' }), undefined);
  assert.deepEqual(
    linksOf(file, 'PROD', 'B').map(l => l.from.campaignId),
    ['b'],
  );
  const text = serializeLinks(file);
  assert.deepEqual(
    parseLinks(text, LINKS_FILE).links.map(l => l.from.campaignId),
    ['a', 'b'],
  );
  assert.equal(serializeLinks(parseLinks(text, LINKS_FILE)), text, 'reading and writing again changes nothing');
});

test('a damaged, foreign or newer links file is refused with what to do', () => {
  assert.throws(() => parseLinks('{', 'l.json'), LinksFileError);
  assert.throws(() => parseLinks('{"format": "x", "version": 1, "links": []}', 'l.json'), /not a links file/);
  assert.throws(
    () => parseLinks('{"format": "campaign-studio-links", "version": 2, "links": []}', 'l.json'),
    /version 2.*update Campaign Studio/,
  );
  assert.throws(
    () => parseLinks('{"format": "campaign-studio-links", "version": 1, "links": [{"from": {}, "to": {}, "body": {}}]}', 'l.json'),
    /`links\[0\]\.from` must name `environment`, `workspaceId` and `campaignId`/,
  );
});

test('promotions recording at once keep every link', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-links-'));
  try {
    const port = linksOnDisk(dir);
    assert.deepEqual(port.read().links, []);
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map(id => port.record(link(id, id.toUpperCase()))));
    assert.deepEqual(
      port.read().links.map(l => l.from.campaignId),
      ['a', 'b', 'c', 'd', 'e'],
    );
    assert.deepEqual(fs.readdirSync(dir).sort(), [LINKS_FILE], 'no temporary file is left');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
