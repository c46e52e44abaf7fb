import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { XMLValidator } from 'fast-xml-parser';
import { forTerminal, painter } from '../src/io';
import { JsonEntry, run, write } from './helpers/bins';
import { CLEAN } from './helpers/documents';
import { makePlan } from '../src/plan/planFile';
import { PlanEntry } from '../src/plan/format';
import { planText } from '../src/plan/text';

/**
 * What the built bins print never holds a control or bidi character: a key, a file name or an
 * argument that holds a terminal escape is written out (`\u001b`) in every format and on stderr,
 * so it cannot clear the screen, retitle the terminal or garble a CI log.
 */

/** It retitles the terminal, rings the bell and clears the screen. */
const EVIL = '\u001b]0;pwned\u0007\u001b[2J';
const EVIL_SHOWN = '\\u001b]0;pwned\\u0007\\u001b[2J';
/** A file name that retitles the terminal, then reverses what follows it. */
const EVIL_FILE = '\u001b]0;t\u0007\u202e.campaign.json';
const EVIL_FILE_SHOWN = '\\u001b]0;t\\u0007\\u202e.campaign.json';
/** Control and bidi characters, but the tab and the line feed. */
const UNSEEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const DIST = path.resolve(__dirname, '../../../dist');

let dir: string;
before(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-terminal-')));
  write(dir, {
    // The key as the issue showed it: JSON escapes, so the file is valid JSON and D7 quotes the key.
    'evil.campaign.json': JSON.stringify({ ...CLEAN, [EVIL]: 1, [`nul\u0000${EVIL}`]: 2 }, null, 2),
    [EVIL_FILE]: { channel: 'PUSH' },
  });
});
after(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function assertShown(out: string, what: string): void {
  assert.doesNotMatch(out, UNSEEN, `${what} holds a control character: ${JSON.stringify(out.slice(0, 400))}`);
}

describe('campaign lint writes out control characters', () => {
  test('text: the D7 message quotes the key written out, the file name too, and nothing raw reaches stdout', () => {
    const r = run(dir, ['.'], { bin: 'campaign lint' });
    assert.equal(r.status, 1, r.stderr);
    assertShown(r.stdout, 'stdout');
    assert.match(
      r.stdout,
      new RegExp(
        `evil\\.campaign\\.json:\\d+:\\d+ warning D7 \`${EVIL_SHOWN.replace(/[\\[\]]/g, '\\$&')}\` is not a property of the document`,
      ),
    );
    assert.match(r.stdout, /`nul\\u0000\\u001b\]0;pwned/);
    assert.ok(r.stdout.includes(`${EVIL_FILE_SHOWN}:1:1 error D3`), r.stdout);
  });

  test('github: annotations name the file and quote the key written out', () => {
    const r = run(dir, ['--format', 'github', '.']);
    assertShown(r.stdout, 'stdout');
    assert.ok(r.stdout.includes(`::warning file=evil.campaign.json,`), r.stdout);
    assert.ok(r.stdout.includes(`file=${EVIL_FILE_SHOWN},`), r.stdout);
  });

  test('junit: well-formed XML, the file name and the key written out', () => {
    const r = run(dir, ['--format', 'junit', '--fail-severity', 'warning', '.']);
    assertShown(r.stdout, 'stdout');
    assert.equal(XMLValidator.validate(r.stdout), true);
    assert.ok(r.stdout.includes(`name="./${EVIL_FILE_SHOWN}"`), r.stdout);
    assert.ok(r.stdout.includes(`\`${EVIL_SHOWN}\``), r.stdout);
  });

  test('sarif and json: valid JSON that still names the real file, with the messages written out', () => {
    const sarif = run(dir, ['--format', 'sarif', '.']);
    assertShown(sarif.stdout, 'sarif');
    const log = JSON.parse(sarif.stdout) as {
      runs: Array<{
        results: Array<{ message: { text: string }; locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }>;
      }>;
    };
    const results = log.runs[0].results;
    assert.ok(results.some(x => x.message.text.includes(`\`${EVIL_SHOWN}\``)));
    assert.ok(results.some(x => x.locations[0].physicalLocation.artifactLocation.uri === encodeURIComponent(EVIL_FILE)));
    const json = run(dir, ['--format', 'json', '.']);
    assertShown(json.stdout, 'json');
    const entries = JSON.parse(json.stdout) as JsonEntry[];
    assert.deepEqual(entries.map(e => e.file).sort(), [`./${EVIL_FILE}`, './evil.campaign.json'].sort());
    assert.ok(
      entries.some(e => e.diagnostics.some(d => d.path === `/${EVIL}`)),
      'the path names the key itself',
    );
  });

  test('stderr: an argument naming a missing file is said written out', () => {
    const r = run(dir, [`${EVIL}.campaign.json`]);
    assert.equal(r.status, 2);
    assertShown(r.stderr, 'stderr');
    assert.ok(r.stderr.includes(EVIL_SHOWN), r.stderr);
  });
});

describe('campaign writes out control characters', () => {
  test('an unknown command is said written out on stderr', () => {
    const r = spawnSync(process.execPath, [path.join(DIST, 'campaign.js'), EVIL], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 2);
    assertShown(r.stderr, 'stderr');
    assert.ok(r.stderr.startsWith(`campaign: unknown command "${EVIL_SHOWN}".`), r.stderr);
  });

  test('status: a file name is written out', () => {
    const r = spawnSync(process.execPath, [path.join(DIST, 'campaign.js'), 'status', EVIL_FILE], { cwd: dir, encoding: 'utf8' });
    assertShown(r.stdout + r.stderr, 'output');
    assert.ok(r.stdout.includes(EVIL_FILE_SHOWN), r.stdout);
  });
});

describe('campaign keeps each line of its text outputs one line', () => {
  /** A campaign name and a file name that would each fake a line of their own. */
  const FAKE = 'Sale\nPlan: 0 to update, 0 to create, 0 unchanged.\u001b[2J';
  const FAKE_FILE = 'x\nunchanged  y.campaign.json';
  const bin = (args: string[]) => spawnSync(process.execPath, [path.join(DIST, 'campaign.js'), ...args], { cwd: dir, encoding: 'utf8' });
  before(() =>
    write(dir, { 'fake/name.campaign.json': { ...CLEAN, basic_details: { name: FAKE } }, [`files/${FAKE_FILE}.campaign.json`]: CLEAN }),
  );

  test('show: the name written out on its line; --format json carries the real string', () => {
    const text = bin(['show', 'fake']);
    assertShown(text.stdout, 'stdout');
    assert.ok(
      text.stdout.startsWith('Sale\\nPlan: 0 to update, 0 to create, 0 unchanged.\\u001b[2J  (fake/name.campaign.json)\n'),
      text.stdout,
    );
    assert.doesNotMatch(text.stdout, /^Plan:/m);
    const json = bin(['show', '--format', 'json', 'fake']);
    assert.equal((JSON.parse(json.stdout) as { files: Array<{ facts: { name: string } }> }).files[0].facts.name, FAKE);
  });

  test('status and diff: a file name with a line feed stays on its line', () => {
    for (const command of ['status', 'diff']) {
      const r = bin([command, 'files']);
      assertShown(r.stdout, command);
      assert.ok(r.stdout.includes('files/x\\nunchanged  y.campaign.json'), r.stdout);
      assert.doesNotMatch(r.stdout, /^unchanged/m, command);
    }
  });

  test('plan: a file, a message and a note from a plan file stay on their lines', () => {
    const entry: PlanEntry = {
      file: FAKE_FILE,
      fileSha256: '',
      action: 'blocked',
      message: FAKE,
      requests: [],
      changes: [],
      fileTakes: [],
      conflicts: [],
      problems: [],
      notes: ['a\tb\nc'],
    };
    const text = planText(makePlan([entry], []), false);
    assert.equal(
      text,
      `blocked  x\\nunchanged  y.campaign.json: Sale\\nPlan: 0 to update, 0 to create, 0 unchanged.\\u001b[2J\n         note: a\\tb\\nc\n\nPlan: 0 to update, 0 to create, 0 unchanged, 1 blocked.\n`,
    );
  });
});

describe('forTerminal', () => {
  const paint = painter(true);

  test('without colour, every control character is written out, the colour codes too', () => {
    assert.equal(forTerminal(`a ${EVIL}\tb\nc\r`, false), `a ${EVIL_SHOWN}\tb\nc\\u000d`);
    assert.equal(forTerminal('\u001b[31merror\u001b[0m', false), '\\u001b[31merror\\u001b[0m');
  });

  test('with colour, the codes painter writes stay and the rest is written out', () => {
    const line = `${paint(31, 'error')} ${paint(1, 'D7')} \`${EVIL}\` \u202e`;
    assert.equal(forTerminal(line, true), `\u001b[31merror\u001b[0m \u001b[1mD7\u001b[0m \`${EVIL_SHOWN}\` \\u202e`);
  });
});
