import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runLint } from '../src/lint';
import { Bin, BINS, json, run, write } from './helpers/bins';
import { CLEAN, INFO_ONLY, LIMITED, SYNTAX, WARNING_ONLY } from './helpers/documents';

/**
 * What `campaign lint` checks and how it ends: both command names, every exit status
 * (--fail-severity, --max-warnings, usage errors, inputs that cannot be read), globs and
 * .gitignore, and a document read from stdin.
 */

let root: string;
before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-lint-inputs-')));
});
after(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function project(name: string, files: Record<string, string | Uint8Array | object>): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  write(dir, files);
  return dir;
}

const NOT_UTF8 = Buffer.concat([
  Buffer.from('{\n  "channel": "PUSH",\n  "created_by": "Ren'),
  Buffer.from([0xe9]),
  Buffer.from('@example.com"\n}\n'),
]);

describe('both command names', () => {
  for (const bin of Object.keys(BINS) as Bin[]) {
    test(`${bin}: the same report, and messages that name it`, () => {
      const dir = project(`bins-${bin.replace(' ', '-')}`, { 'bad.campaign.json': SYNTAX });
      const r = run(dir, ['bad.campaign.json'], { bin });
      assert.equal(r.status, 1);
      assert.match(r.stdout, /^bad\.campaign\.json:4:34 error D1 Trailing comma/);
      const usage = run(dir, ['--fix'], { bin });
      assert.equal(usage.status, 2);
      assert.match(usage.stderr, new RegExp(`^${bin}: unknown option --fix\\nusage: ${bin} \\[--format`));
      assert.match(usage.stderr, new RegExp(`Run ${bin} --help for more\\.`));
      assert.match(run(dir, ['--version'], { bin }).stdout, new RegExp(`^${bin} \\d+\\.\\d+\\.\\d+\\n$`));
      assert.match(run(dir, ['--help'], { bin }).stdout, new RegExp(`^usage: ${bin} `));
    });
  }
});

interface ExitCase {
  name: string;
  files: Record<string, string | Uint8Array | object>;
  args: string[];
  status: number;
  /** What stderr says, when something is wrong with the invocation or the inputs. */
  stderr?: RegExp;
}

const EXIT_CASES: ExitCase[] = [
  { name: 'a warning, by default', files: { 'w.campaign.json': WARNING_ONLY }, args: ['.'], status: 0 },
  {
    name: 'a warning, --fail-severity warning',
    files: { 'w.campaign.json': WARNING_ONLY },
    args: ['--fail-severity', 'warning', '.'],
    status: 1,
  },
  {
    name: 'information, --fail-severity warning',
    files: { 'i.campaign.json': INFO_ONLY },
    args: ['--fail-severity', 'warning', '.'],
    status: 0,
  },
  { name: 'information, --fail-severity info', files: { 'i.campaign.json': INFO_ONLY }, args: ['--fail-severity=info', '.'], status: 1 },
  { name: 'an error, --fail-severity error', files: { 'e.campaign.json': SYNTAX }, args: ['--fail-severity', 'error', '.'], status: 1 },
  {
    name: '2 warnings, --max-warnings 2',
    files: { 'a.campaign.json': WARNING_ONLY, 'b.campaign.json': WARNING_ONLY },
    args: ['--max-warnings', '2', '.'],
    status: 0,
  },
  {
    name: '2 warnings, --max-warnings 1',
    files: { 'a.campaign.json': WARNING_ONLY, 'b.campaign.json': WARNING_ONLY },
    args: ['--max-warnings', '1', '.'],
    status: 1,
    stderr: /^campaign-lint: 2 warnings, more than --max-warnings 1 allows\.\n$/,
  },
  { name: 'no warnings, --max-warnings 0', files: { 'i.campaign.json': INFO_ONLY }, args: ['--max-warnings', '0', '.'], status: 0 },
  {
    name: 'a bad --fail-severity',
    files: {},
    args: ['--fail-severity', 'hint', '.'],
    status: 2,
    stderr: /--fail-severity must be error, warning or info, not "hint"/,
  },
  {
    name: 'a bad --max-warnings',
    files: {},
    args: ['--max-warnings', 'many', '.'],
    status: 2,
    stderr: /--max-warnings must be a whole number \(0 or more\), not "many"/,
  },
  {
    name: 'a negative --max-warnings',
    files: {},
    args: ['--max-warnings', '-1', '.'],
    status: 2,
    stderr: /--max-warnings needs a value \(for one that starts with -, write --max-warnings=VALUE\)/,
  },
  { name: 'a flag given a value', files: {}, args: ['--version=1'], status: 2, stderr: /--version takes no value/ },
  {
    name: '--stdin-filename without -',
    files: {},
    args: ['--stdin-filename', 'x.campaign.json', '.'],
    status: 2,
    stderr: /--stdin-filename names the document read from -, and no - is given/,
  },
  {
    name: 'a missing file',
    files: {},
    args: ['gone.campaign.json'],
    status: 2,
    stderr: /^campaign-lint: gone\.campaign\.json: cannot read: no such file \(or a broken link\)\. Check the path\.$/m,
  },
  {
    name: 'a directory without campaigns',
    files: { 'docs/readme.md': '# no campaigns' },
    args: ['docs'],
    status: 2,
    stderr:
      /^campaign-lint: docs: no \*\.campaign\.json or \*\.search\.json files in it\. Give a directory, file or glob that holds campaigns\.$/m,
  },
  {
    name: 'a glob that matches nothing',
    files: { 'a.campaign.json': CLEAN },
    args: ['campaigns/**/*.campaign.json'],
    status: 2,
    stderr: /^campaign-lint: campaigns\/\*\*\/\*\.campaign\.json: no files match it\. Check the pattern/m,
  },
  { name: 'a file that is not UTF-8', files: { 'l.campaign.json': NOT_UTF8 }, args: ['l.campaign.json'], status: 1 },
  {
    name: 'a broken --config',
    files: { 'c.campaign.json': CLEAN, 'ci.json': '{ "features": ' },
    args: ['--config', 'ci.json', 'c.campaign.json'],
    status: 1,
  },
  {
    name: 'an unreadable --config',
    files: { 'c.campaign.json': CLEAN, 'ci/.keep': '' },
    args: ['--config', 'ci', 'c.campaign.json'],
    status: 2,
    stderr: /--config ci: cannot read: it is a directory/,
  },
  {
    name: 'a broken discovered .campaignrc.json',
    files: { '.campaignrc.json': '{ "features": [] }', 'c.campaign.json': CLEAN },
    args: ['.'],
    status: 1,
  },
];

describe('exit status', () => {
  EXIT_CASES.forEach((c, i) => {
    test(`${c.status}: ${c.name}`, () => {
      const dir = project(`exit-${i}`, c.files);
      const r = run(dir, c.args);
      assert.equal(r.status, c.status, r.stdout + r.stderr);
      if (c.stderr) assert.match(r.stderr, c.stderr);
      else assert.equal(r.stderr, '');
    });
  });
});

test('a word that names a built-in property, unquoted, is a D1 error like any other word (exit 1, not an internal error)', () => {
  const files = {
    'c.campaign.json': '{"channel": constructor}',
    'p.campaign.json': '{"channel": "PUSH", "campaign_delivery_type": __proto__}',
    't.campaign.json': '{\n  ToString: "PUSH"\n}',
  };
  const dir = project('built-in-words', files);
  const { status, out, stderr } = json(dir, ...Object.keys(files));
  assert.equal(status, 1, stderr);
  assert.equal(stderr, '');
  const syntax = out.map(e => [e.file, e.diagnostics.find(d => d.rule === 'D1')?.message.match(/`[^`]+`/)?.[0]]);
  assert.deepEqual(syntax, [
    ['c.campaign.json', '`constructor`'],
    ['p.campaign.json', '`__proto__`'],
    ['t.campaign.json', '`ToString`'],
  ]);
  assert.match(
    run(dir, ['c.campaign.json']).stdout,
    /^c\.campaign\.json:1:13 error D1 Unexpected character: `constructor` is not valid JSON here; strings and property names need double quotes/m,
  );
});

describe('globs and .gitignore', () => {
  const files = {
    '.gitignore': 'build/\n*.draft.campaign.json\n',
    'campaigns/a.campaign.json': CLEAN,
    'campaigns/team/b.campaign.json': SYNTAX,
    'campaigns/team/notes.json': '{ not a campaign',
    'campaigns/team/wip.draft.campaign.json': SYNTAX,
    'campaigns/team/.gitignore': '!keep.draft.campaign.json\nlocal/\n',
    'campaigns/team/keep.draft.campaign.json': INFO_ONLY,
    'campaigns/team/local/c.campaign.json': SYNTAX,
    'build/out.campaign.json': SYNTAX,
    'drafts/only.draft.campaign.json': SYNTAX,
    'node_modules/dep/x.campaign.json': SYNTAX,
  };

  test('a glob: the files it matches, sorted, without what .gitignore, node_modules and .git hide', () => {
    const dir = project('glob', files);
    const { status, out } = json(dir, 'campaigns/**/*.campaign.json');
    assert.equal(status, 1);
    assert.deepEqual(
      out.map(e => e.file),
      ['campaigns/a.campaign.json', 'campaigns/team/b.campaign.json', 'campaigns/team/keep.draft.campaign.json'],
    );
    const all = json(dir, '**/*.campaign.json');
    assert.deepEqual(
      all.out.map(e => e.file),
      ['campaigns/a.campaign.json', 'campaigns/team/b.campaign.json', 'campaigns/team/keep.draft.campaign.json'],
    );
  });

  test('a glob takes any file it matches, campaign name or not', () => {
    const dir = project('glob-any', files);
    assert.deepEqual(
      json(dir, 'campaigns/team/*.json').out.map(e => e.file),
      ['campaigns/team/b.campaign.json', 'campaigns/team/keep.draft.campaign.json', 'campaigns/team/notes.json'],
    );
  });

  test('a directory walk skips what .gitignore ignores, from the repository root down', () => {
    const dir = project('walk', { ...files, '.git/HEAD': 'ref: refs/heads/main\n' });
    // Run from below the repository root: the root's .gitignore still applies.
    const { out } = json(path.join(dir, 'campaigns'), '.');
    assert.deepEqual(
      out.map(e => e.file),
      ['./a.campaign.json', './team/b.campaign.json', './team/keep.draft.campaign.json'],
    );
    assert.deepEqual(
      json(dir, '.').out.map(e => e.file),
      ['./campaigns/a.campaign.json', './campaigns/team/b.campaign.json', './campaigns/team/keep.draft.campaign.json'],
    );
  });

  test('a file named explicitly is checked even when .gitignore ignores it', () => {
    const dir = project('explicit', files);
    const { out } = json(dir, 'build/out.campaign.json', 'campaigns/team/wip.draft.campaign.json');
    assert.deepEqual(
      out.map(e => e.file),
      ['build/out.campaign.json', 'campaigns/team/wip.draft.campaign.json'],
    );
  });

  test('a glob or a directory whose every file is ignored says how many were ignored (exit 2)', () => {
    const dir = project('all-ignored', files);
    const glob = run(dir, ['build/*.campaign.json']);
    assert.equal(glob.status, 2);
    assert.match(
      glob.stderr,
      /^campaign-lint: build\/\*\.campaign\.json: no files match it that \.gitignore does not ignore \(1 ignored\)\./m,
    );
    const walked = run(dir, ['drafts']);
    assert.equal(walked.status, 2);
    assert.match(
      walked.stderr,
      /^campaign-lint: drafts: no \*\.campaign\.json or \*\.search\.json files in it that \.gitignore does not ignore \(1 ignored\)\./m,
    );
  });

  test('a directory named explicitly is checked even when its repository ignores it as a whole, its entries as .gitignore says', () => {
    const dir = project('named-dir', { ...files, '.git/HEAD': 'ref: refs/heads/main\n', 'build/old.draft.campaign.json': SYNTAX });
    assert.deepEqual(
      json(dir, 'build').out.map(e => e.file),
      ['build/out.campaign.json'],
    );
    // The same folder as the working folder, as an editor opens it: the server checks it alike.
    assert.deepEqual(
      json(path.join(dir, 'build'), '.').out.map(e => e.file),
      ['./out.campaign.json'],
    );
  });

  test('a path that exists is taken as it is, even with glob characters in its name', () => {
    const dir = project('literal', { 'v[1].campaign.json': SYNTAX, 'v1.campaign.json': CLEAN });
    assert.deepEqual(
      json(dir, 'v[1].campaign.json').out.map(e => e.file),
      ['v[1].campaign.json'],
    );
  });
});

describe('stdin', () => {
  const files = {
    '.campaignrc.json': { features: { audienceLimit: true } },
    'team/.campaignrc.json': { features: { audienceLimit: false } },
  };

  test('- without --stdin-filename: <stdin>, with the settings of the working folder', () => {
    const dir = project('stdin', files);
    const r = run(dir, ['--format', 'json', '-'], { input: JSON.stringify(LIMITED) });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), [{ file: '<stdin>', diagnostics: [] }]);
    const text = run(dir, ['-'], { input: SYNTAX, bin: 'campaign lint' });
    assert.equal(text.status, 1);
    assert.match(text.stdout, /^<stdin>:4:34 error D1 Trailing comma/);
    const sarif = run(dir, ['--format', 'sarif', '-'], { input: SYNTAX });
    assert.equal(JSON.parse(sarif.stdout).runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri, '%3Cstdin%3E');
  });

  test('--stdin-filename: the settings and kind of that file, and its name in the output', () => {
    const dir = project('stdin-named', files);
    const r = run(dir, ['--format', 'json', '--stdin-filename', 'team/x.campaign.json', '-'], { input: JSON.stringify(LIMITED) });
    assert.equal(r.status, 1, r.stderr);
    const [entry] = JSON.parse(r.stdout) as Array<{ file: string; diagnostics: Array<{ rule: string; severity: string }> }>;
    assert.equal(entry.file, 'team/x.campaign.json');
    assert.deepEqual(
      entry.diagnostics.map(d => `${d.rule} ${d.severity}`),
      ['L1 error'],
    );
    const search = run(dir, ['--stdin-filename', 'q.search.json', '-'], { input: JSON.stringify({ limit: 50 }) });
    assert.equal(search.status, 1);
    assert.match(search.stdout, /^q\.search\.json:1:\d+ error R2 /m);
  });

  test('- given twice is read once; files and stdin mix', () => {
    const dir = project('stdin-twice', { 'a.campaign.json': CLEAN });
    const r = run(dir, ['--format', 'json', '-', 'a.campaign.json', '-'], { input: INFO_ONLY });
    assert.deepEqual(
      (JSON.parse(r.stdout) as Array<{ file: string }>).map(e => e.file),
      ['<stdin>', 'a.campaign.json'],
    );
  });

  test('- where there is no stdin: a one-line error, exit 2', async () => {
    let err = '';
    const status = await runLint(
      ['-'],
      {
        stdout: () => undefined,
        stderr: s => {
          err += s;
        },
        isTTY: false,
        cwd: root,
      },
      'campaign-lint',
    );
    assert.equal(status, 2);
    assert.equal(err, 'campaign-lint: - reads stdin, and there is no stdin here.\n');
  });
});
