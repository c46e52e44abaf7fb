import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as path from 'path';
import { campaignFileName, campaignName, cleanFolder, idFromFileName, slugify } from '../../src/remote/naming';

test('slugs: lower case, accents dropped, punctuation to dashes, bounded, never empty', () => {
  const cases: Array<[unknown, string]> = [
    ['Spring Sale – 20% off!', 'spring-sale-20-off'],
    ['Café Crème', 'cafe-creme'],
    ['  --Hello__World--  ', 'hello-world'],
    ['日本語', 'campaign'],
    ['', 'campaign'],
    [undefined, 'campaign'],
    [42, 'campaign'],
    ['a'.repeat(100), 'a'.repeat(60)],
    [`${'ab-'.repeat(30)}x`, 'ab-'.repeat(20).slice(0, 59)],
  ];
  for (const [input, want] of cases) assert.equal(slugify(input), want, JSON.stringify(input));
});

test('file names carry the id; the id comes back from the name', () => {
  const id = '65f0c1d2e3a4b5c6d7e8f901';
  assert.equal(campaignFileName('Spring Sale', id), `spring-sale.${id}.campaign.json`);
  assert.equal(idFromFileName(`/w/campaigns/spring-sale.${id}.campaign.json`), id);
  assert.equal(idFromFileName(`C:\\w\\x.${id}.campaign.json`), id);
  assert.equal(idFromFileName('draft.campaign.json'), undefined);
  assert.equal(idFromFileName('x.search.json'), undefined);
  assert.throws(() => campaignFileName('x', '../etc'), /cannot be part of a file name/);
});

test('campaign names come from basic_details.name', () => {
  assert.equal(campaignName({ basic_details: { name: 'N' } }), 'N');
  assert.equal(campaignName({ basic_details: { name: '  ' } }), undefined);
  assert.equal(campaignName({}), undefined);
  assert.equal(campaignName(null), undefined);
});

test('the fetch folder stays inside the workspace', () => {
  const root = path.resolve('/work/project');
  assert.equal(cleanFolder('campaigns', root), 'campaigns');
  assert.equal(cleanFolder('./a//b/', root), 'a/b');
  assert.equal(cleanFolder('a\\b', root), 'a/b');
  assert.equal(cleanFolder('', root), '');
  assert.equal(cleanFolder(undefined, root), 'campaigns');
  assert.throws(() => cleanFolder('../outside', root), /leaves the workspace/);
});

test('an absolute fetch folder is honoured inside the workspace and refused outside it', () => {
  const root = path.resolve('/work/project');
  assert.equal(cleanFolder(path.join(root, 'live', 'push'), root), 'live/push');
  assert.equal(cleanFolder(root, root), '');
  assert.throws(() => cleanFolder(path.resolve('/abs/path'), root), /The fetch folder `.*abs.path` leaves the workspace/);
  assert.throws(() => cleanFolder(path.resolve('/work/project-other'), root), /leaves the workspace/);
});
