import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runLint, firstInvalidUtf8, decode } from '../src/lint';
import { Bin, BINS, json, JsonEntry, lint, run, write } from './helpers/bins';
import { CLEAN, INFO_ONLY, LIMITED, SYNTAX, WARNING_ONLY } from './helpers/documents';

/**
 * campaign-lint's contract, mostly through the built `dist/cli.js` as CI runs it:
 * both formats, exit statuses, settings discovery and `--config`, broken and unreadable
 * settings, unreadable files, directory walks, and colour only on a terminal.
 */

const rulesOf = (e: JsonEntry | undefined): string[] => (e?.diagnostics ?? []).map(d => `${d.rule} ${d.severity}`).sort();

let root: string;
before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-lint-')));
});
after(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function project(name: string, files: Record<string, string | object>): string {
  const dir = path.join(root, name);
  write(dir, files);
  return dir;
}

describe('formats', () => {
  test('text: file:line:col severity rule message, 1-based, then a summary; no colour when stdout is not a terminal', () => {
    const dir = project('text', { 'bad.campaign.json': SYNTAX, 'info.campaign.json': INFO_ONLY });
    const r = lint(dir, 'bad.campaign.json', 'info.campaign.json');
    assert.equal(r.status, 1);
    const lines = r.stdout.trimEnd().split('\n');
    assert.deepEqual(lines, [
      'bad.campaign.json:4:34 error D1 Trailing comma: the service accepts strict JSON only. Remove the comma.',
      'info.campaign.json:5:3 information D8 `status` is read-only metadata from the service: it is never sent on push, and editing it has no effect.',
      '2 files checked: 1 error, 0 warnings, 1 information, 0 hints.',
    ]);
    assert.doesNotMatch(r.stdout, /\x1b\[/);
    assert.equal(r.stderr, '');
  });

  test('text: colour on a terminal, none with NO_COLOR', async () => {
    const dir = project('colour', { 'bad.campaign.json': SYNTAX });
    let out = '';
    const io = {
      stdout: (s: string) => {
        out += s;
      },
      stderr: () => undefined,
      cwd: dir,
    };
    assert.equal(await runLint(['bad.campaign.json'], { ...io, isTTY: true, env: {} }), 1);
    assert.match(out, /bad\.campaign\.json:4:34 \x1b\[31merror\x1b\[0m \x1b\[1mD1\x1b\[0m Trailing comma/);
    out = '';
    await runLint(['bad.campaign.json'], { ...io, isTTY: true, env: { NO_COLOR: '1' } });
    assert.doesNotMatch(out, /\x1b\[/);
    out = '';
    await runLint(['bad.campaign.json'], { ...io, isTTY: false, env: {} });
    assert.doesNotMatch(out, /\x1b\[/);
  });

  test('json: exactly the documented shape, 0-based positions, the path as given, one entry per file', () => {
    const dir = project('json', {
      'bad.campaign.json': SYNTAX,
      'sub/info.campaign.json': INFO_ONLY,
      'sub/clean.search.json': { campaign_fields: { status: ['DRAFT', 'ACTIVE'] }, limit: 15, page: 1 },
    });
    const { status, out } = json(dir, 'bad.campaign.json', './sub/info.campaign.json', path.join(dir, 'sub', 'clean.search.json'));
    assert.equal(status, 1);
    assert.deepEqual(
      out.map(e => e.file),
      ['bad.campaign.json', './sub/info.campaign.json', path.join(dir, 'sub', 'clean.search.json')],
    );
    for (const e of out) assert.deepEqual(Object.keys(e), ['file', 'diagnostics']);
    assert.deepEqual(out[0].diagnostics, [
      {
        rule: 'D1',
        severity: 'error',
        path: '',
        message: 'Trailing comma: the service accepts strict JSON only. Remove the comma.',
        range: { start: { line: 3, character: 33 }, end: { line: 3, character: 34 } },
      },
    ]);
    const d8 = out[1].diagnostics[0];
    assert.deepEqual(Object.keys(d8), ['rule', 'severity', 'path', 'message', 'range']);
    assert.deepEqual([d8.rule, d8.severity, d8.path], ['D8', 'information', '/status']);
    assert.deepEqual(d8.range, { start: { line: 4, character: 2 }, end: { line: 4, character: 10 } });
    assert.deepEqual(out[2].diagnostics, []);
  });

  test('json: a missing property is reported at the pointer where it belongs', () => {
    const dir = project('missing', { 'm.campaign.json': { channel: 'PUSH' } });
    const { out } = json(dir, 'm.campaign.json');
    const d3 = out[0].diagnostics.find(d => d.rule === 'D3');
    assert.ok(d3, JSON.stringify(out));
    assert.equal(d3.path, '/campaign_delivery_type');
  });
});

describe('exit status', () => {
  for (const bin of Object.keys(BINS) as Bin[]) {
    test(`${bin}: 0 when no file has an error (information and warnings do not fail a build)`, () => {
      const dir = project(`exit0-${bin.replace(' ', '-')}`, {
        'a.campaign.json': INFO_ONLY,
        'b.campaign.json': CLEAN,
        'c.campaign.json': WARNING_ONLY,
      });
      const r = run(dir, ['.'], { bin });
      assert.match(r.stdout, /^\.\/c\.campaign\.json:5:3 warning D7 /m);
      assert.match(r.stdout, /3 files checked: 0 errors, 1 warning, 1 information, 0 hints\./);
      assert.equal(r.status, 0, r.stdout + r.stderr);
    });
  }

  test('1 when any file has an error', () => {
    const dir = project('exit1', { 'a.campaign.json': CLEAN, 'b.campaign.json': SYNTAX });
    assert.equal(lint(dir, '.').status, 1);
  });

  for (const [name, args, message] of [
    ['no file', [], /no FILE, DIR or GLOB given/],
    ['an unknown option', ['--fix', 'a.campaign.json'], /unknown option --fix/],
    ['a bad format', ['--format', 'xml', 'a.campaign.json'], /--format must be text, json, sarif, junit or github, not "xml"/],
    ['a format without a value', ['a.campaign.json', '--format'], /--format needs a value/],
    ['a config without a value', ['--config='], /--config needs a file name/],
  ] as const) {
    test(`2 for a usage error: ${name}, with the usage on stderr`, () => {
      const r = lint(root, ...args);
      assert.equal(r.status, 2);
      assert.match(r.stderr, message);
      assert.match(
        r.stderr,
        /^usage: campaign-lint \[--format text\|json\|sarif\|junit\|github\] \[--config FILE\] .* FILE\|DIR\|GLOB\|-\.\.\.$/m,
      );
      assert.equal(r.stdout, '');
    });
  }

  test('2 for a file that cannot be read (a dangling link); the readable files are still reported', () => {
    const dir = project('unreadable', { 'ok.campaign.json': SYNTAX });
    fs.symlinkSync(path.join(dir, 'gone.campaign.json'), path.join(dir, 'link.campaign.json'));
    const { status, out, stderr } = json(dir, 'link.campaign.json', 'ok.campaign.json', 'nothing-here.campaign.json');
    assert.equal(status, 2, 'an unreadable file wins over errors');
    assert.match(stderr, /^campaign-lint: link\.campaign\.json: cannot read: no such file \(or a broken link\)/m);
    assert.match(stderr, /^campaign-lint: nothing-here\.campaign\.json: cannot read/m);
    assert.deepEqual(
      out.map(e => e.file),
      ['ok.campaign.json'],
    );
  });

  test('2 for a dangling link found while walking a directory', () => {
    const dir = project('unreadable-walk', { 'ok.campaign.json': CLEAN });
    fs.symlinkSync(path.join(dir, 'gone'), path.join(dir, 'dangling.search.json'));
    // A dangling link that would not be linted anyway is not a problem.
    fs.symlinkSync(path.join(dir, 'gone'), path.join(dir, 'notes.txt'));
    const r = lint(dir, '.');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /dangling\.search\.json: cannot read/);
    assert.doesNotMatch(r.stderr, /notes\.txt/);
    assert.match(r.stdout, /1 file checked/);
  });

  test('--help and --version print to stdout and exit 0', () => {
    const help = lint(root, '--help');
    assert.equal(help.status, 0);
    assert.match(help.stdout, /^usage: campaign-lint/);
    assert.match(help.stdout, /Exit status: 0/);
    const version = lint(root, '--version');
    assert.equal(version.status, 0);
    assert.match(version.stdout, /^campaign-lint \d+\.\d+\.\d+\n$/);
  });
});

describe('workspace settings', () => {
  test('the nearest .campaignrc.json above each file governs it', () => {
    const dir = project('nearest', {
      '.campaignrc.json': { features: { audienceLimit: true } },
      'top.campaign.json': LIMITED,
      'team/.campaignrc.json': { features: { audienceLimit: false } },
      'team/t.campaign.json': LIMITED,
      'team/deeper/d.campaign.json': LIMITED,
    });
    const { status, out } = json(dir, '.');
    assert.equal(status, 1);
    const by = new Map(out.map(e => [e.file, e]));
    assert.deepEqual(rulesOf(by.get('./top.campaign.json')), []);
    assert.deepEqual(rulesOf(by.get('./team/t.campaign.json')), ['L1 error']);
    assert.deepEqual(rulesOf(by.get('./team/deeper/d.campaign.json')), ['L1 error']);
  });

  test('without any settings file the flags are unknown: information, not an error', () => {
    const dir = project('none', { 'n.campaign.json': LIMITED });
    const { status, out } = json(dir, 'n.campaign.json');
    assert.equal(status, 0);
    assert.deepEqual(rulesOf(out[0]), ['L1 information']);
  });

  test('--config overrides the discovered settings, for every file', () => {
    const dir = project('config', {
      '.campaignrc.json': { features: { audienceLimit: false } },
      'c.campaign.json': LIMITED,
      'ci/settings.json': { features: { audienceLimit: true } },
    });
    assert.deepEqual(rulesOf(json(dir, 'c.campaign.json').out[0]), ['L1 error']);
    for (const args of [['--config', 'ci/settings.json'], ['--config=ci/settings.json']]) {
      const { status, out } = json(dir, ...args, 'c.campaign.json');
      assert.equal(status, 0);
      assert.deepEqual(
        out.map(e => e.file),
        ['c.campaign.json'],
      );
      assert.deepEqual(rulesOf(out[0]), []);
    }
  });

  test('a broken --config is reported as an entry of its own (exit 1) and on each file, never ignored', () => {
    const dir = project('badconfig', {
      'c.campaign.json': LIMITED,
      'settings.json': '{ "features": { "audienceLimit": "yes", "queueing": true } }',
    });
    const { status, out } = json(dir, '--config', 'settings.json', 'c.campaign.json');
    assert.equal(status, 1);
    assert.deepEqual(
      out.map(e => e.file),
      ['settings.json', 'c.campaign.json'],
    );
    assert.deepEqual(rulesOf(out[0]), ['W1 error', 'W1 error']);
    assert.deepEqual(out[0].diagnostics.map(d => d.path).sort(), ['/features/audienceLimit', '/features/queueing']);
    assert.match(out[0].diagnostics.find(d => d.path === '/features/queueing')!.message, /did you mean `queuing`/);
    const w1 = out[1].diagnostics.find(d => d.rule === 'W1')!;
    assert.equal(w1.severity, 'warning');
    assert.match(w1.message, /settings\.json has errors \(line 1: /);
    assert.ok(rulesOf(out[1]).includes('L1 information'), 'the broken flag reads as unknown');
  });

  test('a broken discovered settings file is reported once, before the first file it governs', () => {
    const dir = project('baddiscovered', {
      '.campaignrc.json': '{ "features": { "audienceLimit": true }, }',
      'a.campaign.json': LIMITED,
      'b.campaign.json': LIMITED,
    });
    const { status, out } = json(dir, 'a.campaign.json', 'b.campaign.json');
    assert.equal(status, 1);
    assert.deepEqual(
      out.map(e => e.file),
      ['.campaignrc.json', 'a.campaign.json', 'b.campaign.json'],
    );
    assert.deepEqual(rulesOf(out[0]), ['W1 error']);
    assert.match(out[0].diagnostics[0].message, /Trailing comma/);
    // The well-formed part still applies: the flag is on, so no L1.
    assert.deepEqual(rulesOf(out[1]), ['W1 warning']);
  });

  test('a settings file that cannot be read (a directory): status 2, and the files are checked with unknown settings', () => {
    const dir = project('rcdir', { 'x.campaign.json': LIMITED });
    fs.mkdirSync(path.join(dir, '.campaignrc.json'));
    const { status, out, stderr } = json(dir, 'x.campaign.json');
    assert.equal(status, 2);
    assert.match(
      stderr,
      /^campaign-lint: settings file \.campaignrc\.json: cannot read: it is a directory\. The files it governs are checked with unknown settings\.$/m,
    );
    assert.ok(rulesOf(out[0]).includes('L1 information'));
    assert.ok(rulesOf(out[0]).includes('W1 warning'));
  });

  test('--config that cannot be read: status 2 before anything is checked', () => {
    const dir = project('configdir', { 'x.campaign.json': CLEAN, 'conf/.keep': '' });
    for (const config of ['conf', 'missing.json']) {
      const r = lint(dir, '--config', config, 'x.campaign.json');
      assert.equal(r.status, 2);
      assert.match(r.stderr, new RegExp(`--config ${config}: cannot read`));
      assert.equal(r.stdout, '');
    }
  });

  test('a .campaignrc.json given as a file is checked as a settings file (W1)', () => {
    const dir = project('rcfile', { '.campaignrc.json': { features: { audienceLimit: 1 } } });
    const { status, out } = json(dir, '.campaignrc.json');
    assert.equal(status, 1);
    assert.deepEqual(
      out.map(e => e.file),
      ['.campaignrc.json'],
    );
    assert.deepEqual(rulesOf(out[0]), ['W1 error']);
  });
});

describe('directories', () => {
  test('a directory means its *.campaign.json and *.search.json, recursively, sorted, as given', () => {
    const dir = project('walk', {
      'campaigns/b.campaign.json': CLEAN,
      'campaigns/a.campaign.json': CLEAN,
      'campaigns/nested/deep/c.search.json': { campaign_fields: { status: ['DRAFT'] }, limit: 15 },
      'campaigns/notes.json': '{ not json',
      'campaigns/readme.md': '# not linted',
      'campaigns/node_modules/dep/x.campaign.json': SYNTAX,
      'campaigns/.git/y.campaign.json': SYNTAX,
    });
    // A link back up the tree does not loop.
    fs.symlinkSync(path.join(dir, 'campaigns'), path.join(dir, 'campaigns', 'nested', 'loop'));
    const { status, out } = json(dir, 'campaigns/');
    assert.equal(status, 0);
    assert.deepEqual(
      out.map(e => e.file),
      ['campaigns/a.campaign.json', 'campaigns/b.campaign.json', 'campaigns/nested/deep/c.search.json'],
    );
    const text = lint(dir, 'campaigns');
    assert.match(text.stdout, /^3 files checked/m);
  });

  test('a file named twice (directly and through its directory) is checked once', () => {
    const dir = project('twice', { 'd/a.campaign.json': SYNTAX });
    const { out } = json(dir, 'd/a.campaign.json', 'd');
    assert.deepEqual(
      out.map(e => e.file),
      ['d/a.campaign.json'],
    );
  });

  test('a directory with nothing to check says so on stderr and exits 2', () => {
    const dir = project('empty', { 'notes.txt': 'x' });
    const r = lint(dir, '.');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /\.: no \*\.campaign\.json or \*\.search\.json files in it/);
    assert.match(r.stdout, /0 files checked/);
  });
});

describe('inputs that break naive tools', () => {
  test('10,000-deep nesting: one clear D1, quickly', () => {
    const dir = project('deep', { 'deep.campaign.json': '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000) });
    const { status, out } = json(dir, 'deep.campaign.json');
    assert.equal(status, 1);
    assert.equal(out[0].diagnostics.length, 1);
    assert.match(out[0].diagnostics[0].message, /nests 10000 levels deep/);
    assert.deepEqual(out[0].diagnostics[0].range.start, { line: 0, character: 5 * 512 });
  });

  test('text that is not UTF-8 is a D1 error at the first bad byte', () => {
    const dir = project('latin1', {});
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'l.campaign.json'),
      Buffer.concat([Buffer.from('{\n  "channel": "PUSH",\n  "created_by": "Ren'), Buffer.from([0xe9]), Buffer.from('@example.com"\n}\n')]),
    );
    const { out } = json(dir, 'l.campaign.json');
    const enc = out[0].diagnostics.find(d => /not valid UTF-8/.test(d.message))!;
    assert.equal(enc.rule, 'D1');
    assert.deepEqual(enc.range.start, { line: 2, character: 20 });
    assert.match(enc.message, /byte 0xE9/);
  });

  test('a real U+FFFD is text like any other, and a byte order mark is dropped, from a file as from stdin', () => {
    const doc =
      '\ufeff{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "created_by": "dev@example.com",\n  "basic_details": { "name": "\ufffd sale" },\n  "status": "DRAFT"\n}\n';
    const dir = project('replacement', { 'r.campaign.json': doc });
    const r = run(dir, ['--format', 'json', 'r.campaign.json', '-'], { input: doc });
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as JsonEntry[];
    assert.deepEqual(
      out.map(e => e.file),
      ['r.campaign.json', '<stdin>'],
    );
    // Columns as editors count them: the BOM is not a character of the first line.
    for (const e of out)
      assert.deepEqual(
        e.diagnostics.map(d => [d.rule, d.range.start]),
        [['D8', { line: 5, character: 2 }]],
      );
  });

  test('firstInvalidUtf8: valid text, truncated, overlong and surrogate sequences', () => {
    const cases: Array<[number[], number]> = [
      [[0x7b, 0x7d], -1],
      [[...Buffer.from('é€😀')], -1],
      [[0x61, 0xe9, 0x62], 1],
      [[0x61, 0xe2, 0x82], 1],
      [[0xc0, 0xaf], 0],
      [[0xe0, 0x80, 0xaf], 0],
      [[0xed, 0xa0, 0x80], 0],
      [[0xf4, 0x90, 0x80, 0x80], 0],
      [[0x80], 0],
    ];
    for (const [bytes, want] of cases) assert.equal(firstInvalidUtf8(Uint8Array.from(bytes)), want, JSON.stringify(bytes));
    // A byte order mark is dropped, as editors do, so columns match theirs.
    assert.equal(decode(Buffer.from('\ufeff{}')).text, '{}');
  });
});
