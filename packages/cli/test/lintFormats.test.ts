import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import Ajv04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { Log } from 'sarif';
import { RULES } from '@campaign-studio/core';
import { run, write } from './helpers/bins';
import { CLEAN, INFO_ONLY, SYNTAX, WARNING_ONLY } from './helpers/documents';

/**
 * The machine-read formats of `campaign lint`, each checked against what reads it: SARIF against
 * the official SARIF 2.1.0 schema (as shipped in @microsoft/jest-sarif), JUnit as well-formed XML
 * in the shape CI servers read, GitHub annotations as workflow commands with GitHub's escaping.
 */

const SARIF_SCHEMA = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

let root: string;
/** Three files: an error, an information, and a warning in a file whose name needs escaping. */
let dir: string;
/** One file with nothing to report. */
let clean: string;
before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-lint-formats-')));
  clean = path.join(root, 'clean');
  write(clean, { 'c.campaign.json': CLEAN });
  dir = path.join(root, 'project');
  write(dir, {
    'campaigns/bad.campaign.json': SYNTAX,
    'campaigns/info.campaign.json': INFO_ONLY,
    'campaigns/odd name, 100%: a&b <x>.campaign.json': WARNING_ONLY,
  });
});
after(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function validateSarif(log: unknown): string[] {
  // The schema's language pattern has a stray `]`, which only a non-Unicode regular expression accepts.
  const ajv = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(JSON.parse(fs.readFileSync(SARIF_SCHEMA, 'utf8')) as object);
  return validate(log) ? [] : (validate.errors ?? []).map(e => `${e.instancePath} ${e.message}`);
}

describe('sarif', () => {
  test('valid SARIF 2.1.0: one run, the tool with every rule and its documentation, a result per diagnostic', () => {
    const r = run(dir, ['--format', 'sarif', 'campaigns'], { bin: 'campaign lint' });
    assert.equal(r.status, 1, r.stderr);
    const log = JSON.parse(r.stdout) as Log;
    assert.deepEqual(validateSarif(log), []);
    assert.equal(log.version, '2.1.0');
    assert.equal(log.runs.length, 1);
    const [sarifRun] = log.runs;
    const driver = sarifRun.tool.driver;
    assert.equal(driver.name, 'campaign-lint');
    assert.equal(driver.fullName, 'Campaign Studio');
    assert.match(driver.version ?? '', /^\d+\.\d+\.\d+$/);
    assert.deepEqual(
      driver.rules?.map(x => x.id),
      RULES.map(x => x.id),
    );
    const d1 = driver.rules!.find(x => x.id === 'D1')!;
    assert.equal(d1.shortDescription?.text, 'Strict JSON');
    assert.equal(d1.helpUri, 'https://github.com/campaign-studio/campaign-studio/blob/main/docs/rules.md#d1');
    assert.equal(sarifRun.columnKind, 'utf16CodeUnits');

    const results = sarifRun.results ?? [];
    assert.deepEqual(
      results.map(x => `${x.ruleId} ${x.level}`),
      ['D1 error', 'D8 note', 'D7 warning'],
    );
    const [syntax] = results;
    assert.equal(syntax.message.text, 'Trailing comma: the service accepts strict JSON only. Remove the comma.');
    assert.equal(driver.rules![syntax.ruleIndex!].id, 'D1');
    const location = syntax.locations![0].physicalLocation!;
    assert.equal(location.artifactLocation?.uri, 'campaigns/bad.campaign.json');
    assert.deepEqual(location.region, { startLine: 4, startColumn: 34, endLine: 4, endColumn: 35 });
    // Relative to the working folder, each path segment percent-encoded.
    assert.equal(
      results[2].locations![0].physicalLocation!.artifactLocation?.uri,
      'campaigns/odd%20name%2C%20100%25%3A%20a%26b%20%3Cx%3E.campaign.json',
    );
  });

  test('paths relative to the working folder, whatever the path given', () => {
    const r = run(path.join(dir, 'campaigns'), ['--format', 'sarif', path.join(dir, 'campaigns', 'bad.campaign.json')]);
    const log = JSON.parse(r.stdout) as Log;
    assert.equal(log.runs[0].results![0].locations![0].physicalLocation!.artifactLocation?.uri, 'bad.campaign.json');
  });

  test('no diagnostics: a valid log with no results', () => {
    const r = run(clean, ['--format', 'sarif', '.']);
    assert.equal(r.status, 0, r.stderr);
    const log = JSON.parse(r.stdout) as Log;
    assert.deepEqual(validateSarif(log), []);
    assert.deepEqual(log.runs[0].results, []);
  });
});

interface Failure {
  '@_type': string;
  '@_message': string;
  '#text': string;
}
interface TestCase {
  '@_name': string;
  '@_classname': string;
  failure?: Failure[];
  'system-out'?: string[];
}
interface TestSuite {
  '@_name': string;
  '@_tests': string;
  '@_failures': string;
  '@_errors': string;
  testcase: TestCase[];
}
interface Junit {
  testsuites: Array<{ '@_name': string; '@_tests': string; '@_failures': string; testsuite: TestSuite[] }>;
}

function parseJunit(xml: string): Junit['testsuites'][number] {
  assert.equal(XMLValidator.validate(xml), true, 'well-formed XML');
  const parser = new XMLParser({
    ignoreAttributes: false,
    isArray: name => ['testsuites', 'testsuite', 'testcase', 'failure', 'system-out'].includes(name),
    processEntities: true,
    htmlEntities: false,
  });
  return (parser.parse(xml) as Junit).testsuites[0];
}

describe('junit', () => {
  test('one suite per file with one case; a failure per error; the rest in system-out; markup escaped', () => {
    const r = run(dir, ['--format', 'junit', 'campaigns']);
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stdout, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites /);
    const suites = parseJunit(r.stdout);
    assert.equal(suites['@_tests'], '3');
    assert.equal(suites['@_failures'], '1');
    const names = ['campaigns/bad.campaign.json', 'campaigns/info.campaign.json', 'campaigns/odd name, 100%: a&b <x>.campaign.json'];
    assert.deepEqual(
      suites.testsuite.map(s => s['@_name']),
      names,
    );
    for (const s of suites.testsuite) {
      assert.equal(s['@_tests'], '1');
      assert.equal(s['@_errors'], '0');
      assert.equal(s.testcase.length, 1);
      assert.equal(s.testcase[0]['@_name'], s['@_name']);
    }
    const [bad, info, odd] = suites.testsuite;
    assert.equal(bad['@_failures'], '1');
    assert.deepEqual(
      bad.testcase[0].failure?.map(f => [f['@_type'], f['@_message'], f['#text']]),
      [
        [
          'D1',
          'D1 Trailing comma: the service accepts strict JSON only. Remove the comma.',
          'campaigns/bad.campaign.json:4:34 error D1 Trailing comma: the service accepts strict JSON only. Remove the comma.',
        ],
      ],
    );
    assert.equal(info['@_failures'], '0');
    assert.equal(info.testcase[0].failure, undefined);
    assert.match(info.testcase[0]['system-out']![0], /^campaigns\/info\.campaign\.json:5:3 information D8 /);
    assert.match(odd.testcase[0]['system-out']![0], /^campaigns\/odd name, 100%: a&b <x>\.campaign\.json:5:3 warning D7 `chanel`/);
  });

  test('--fail-severity warning: warnings fail their case too', () => {
    const r = run(dir, ['--format', 'junit', '--fail-severity', 'warning', 'campaigns']);
    const suites = parseJunit(r.stdout);
    assert.equal(suites['@_failures'], '2');
    assert.deepEqual(
      suites.testsuite.map(s => s['@_failures']),
      ['1', '0', '1'],
    );
    assert.equal(suites.testsuite[2].testcase[0].failure?.[0]['@_type'], 'D7');
  });

  test('characters XML cannot hold are written as escapes, so the report stays well-formed', () => {
    const odd = path.join(root, 'control');
    // An unknown key with a control character in it: D7 quotes it in its message.
    write(odd, {
      'c.campaign.json':
        '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "created_by": "dev@example.com",\n  "x\\u0001y": 1\n}\n',
    });
    const r = run(odd, ['--format', 'junit', '--fail-severity', 'warning', '.']);
    const suites = parseJunit(r.stdout);
    assert.match(suites.testsuite[0].testcase[0].failure![0]['#text'], /x\\u0001y/);
  });
});

describe('github', () => {
  test("one workflow command per diagnostic, positions 1-based, with GitHub's escaping of data and properties", () => {
    const r = run(dir, ['--format', 'github', 'campaigns'], { bin: 'campaign lint' });
    assert.equal(r.status, 1, r.stderr);
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 3);
    assert.equal(
      lines[0],
      '::error file=campaigns/bad.campaign.json,line=4,col=34,endLine=4,endColumn=34,title=D1::Trailing comma: the service accepts strict JSON only. Remove the comma.',
    );
    assert.match(
      lines[1],
      /^::notice file=campaigns\/info\.campaign\.json,line=5,col=3,endLine=5,endColumn=10,title=D8::`status` is read-only/,
    );
    // In properties `%`, `:` and `,` are escaped; in the message only `%` and line ends.
    assert.match(
      lines[2],
      /^::warning file=campaigns\/odd name%2C 100%25%3A a&b <x>\.campaign\.json,line=5,col=3,endLine=5,endColumn=10,title=D7::`chanel` is not a property/,
    );
    for (const l of lines)
      assert.match(l, /^::(error|warning|notice) file=[^,:]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[A-Z]\d+::[^\r\n]+$/);
  });

  test('line ends and percent signs in a message are escaped', () => {
    const multi = path.join(root, 'multi');
    // A settings file with a bad value: W1's message quotes it.
    write(multi, { '.campaignrc.json': '{ "features": { "audienceLimit": "100%\\nsure" } }' });
    const r = run(multi, ['--format', 'github', '.campaignrc.json']);
    assert.equal(r.status, 1, r.stderr);
    assert.doesNotMatch(r.stdout.trimEnd(), /\n/);
    assert.match(r.stdout, /^::error file=\.campaignrc\.json,.*title=W1::.*not `100%25%0Asure`\.$/m);
  });

  test('nothing to report: no output', () => {
    const r = run(clean, ['--format', 'github', '.']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, '');
  });
});
