import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { json, run, write } from './helpers/bins';
import { CLEAN } from './helpers/documents';

/**
 * A campaign file saved as UTF-16, in either byte order, with or without a BOM, from disk or on
 * stdin: one D1 diagnostic says it is UTF-16 and to save it as UTF-8, instead of a page of
 * follow-on syntax errors.
 */

const TEXT = JSON.stringify({ ...CLEAN, basic_details: { name: 'Sommerfest für alle' } }, null, 2) + '\n';
const MESSAGE = /^This file is UTF-16(LE|BE); save it as UTF-8/;
const CAMPAIGN_BIN = path.resolve(__dirname, '../../../dist/campaign.js');

function utf16(order: 'LE' | 'BE', bom: boolean): Buffer {
  const le = Buffer.from((bom ? '\uFEFF' : '') + TEXT, 'utf16le');
  return order === 'LE' ? le : Buffer.from(le).swap16();
}

let dir: string;
before(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-utf16-')));
  write(dir, {
    'le-bom.campaign.json': utf16('LE', true),
    'le.campaign.json': utf16('LE', false),
    'be-bom.campaign.json': utf16('BE', true),
    'be.campaign.json': utf16('BE', false),
    'utf8.campaign.json': TEXT,
  });
});
after(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('UTF-16 files', () => {
  test('each UTF-16 file gets one diagnostic, D1 at 1:1, naming its byte order; the UTF-8 copy none', () => {
    const r = json(dir, '.');
    assert.equal(r.status, 1, r.stderr);
    const byFile = Object.fromEntries(r.out.map(e => [e.file.replace(/^\.\//, ''), e.diagnostics]));
    for (const [file, order] of [
      ['le-bom', 'LE'],
      ['le', 'LE'],
      ['be-bom', 'BE'],
      ['be', 'BE'],
    ]) {
      const ds = byFile[`${file}.campaign.json`];
      assert.equal(ds.length, 1, `${file}: ${JSON.stringify(ds)}`);
      assert.equal(ds[0].rule, 'D1');
      assert.match(ds[0].message, MESSAGE);
      assert.ok(ds[0].message.startsWith(`This file is UTF-16${order};`), ds[0].message);
      assert.deepEqual(ds[0].range.start, { line: 0, character: 0 });
    }
    assert.deepEqual(byFile['utf8.campaign.json'], []);
  });

  test('text format: one line per UTF-16 file', () => {
    const r = run(dir, ['le-bom.campaign.json', 'be.campaign.json']);
    assert.equal(r.status, 1, r.stderr);
    assert.deepEqual(
      r.stdout
        .trimEnd()
        .split('\n')
        .map(l => l.replace(/: the service.*/, '')),
      [
        'le-bom.campaign.json:1:1 error D1 This file is UTF-16LE; save it as UTF-8',
        'be.campaign.json:1:1 error D1 This file is UTF-16BE; save it as UTF-8',
        '2 files checked: 2 errors, 0 warnings, 0 information, 0 hints.',
      ],
    );
  });

  test('on stdin', () => {
    const r = run(dir, ['--format', 'json', '-'], { input: utf16('LE', true) });
    const [entry] = JSON.parse(r.stdout) as Array<{ diagnostics: Array<{ rule: string; message: string }> }>;
    assert.deepEqual(
      entry.diagnostics.map(d => d.rule),
      ['D1'],
    );
    assert.match(entry.diagnostics[0].message, MESSAGE);
  });

  test('campaign status and plan say the file is UTF-16, not that it is no JSON object', () => {
    const status = spawnSync(process.execPath, [CAMPAIGN_BIN, 'status', '--format', 'json', 'le-bom.campaign.json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    const [file] = (JSON.parse(status.stdout) as { files: Array<{ state: string; message: string }> }).files;
    assert.equal(file.state, 'error');
    assert.match(file.message, MESSAGE);
    const plan = spawnSync(
      process.execPath,
      [CAMPAIGN_BIN, 'plan', '--base-url', 'http://127.0.0.1:9', '--workspace-id', 'w', 'be.campaign.json'],
      { cwd: dir, encoding: 'utf8' },
    );
    assert.match(plan.stdout, /^blocked {2}be\.campaign\.json: This file is UTF-16BE; save it as UTF-8/);
  });
});
