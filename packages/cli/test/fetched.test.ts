import { BaseSnapshotStore } from '@campaign-studio/sync';
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { activePeriodicRecord, editedText, FETCHED_ID, rewriteAsVersion1, writeFetched } from '../../sync/test/helpers/fetchedProject';
import { documentSettings, LanguageService, SEVERITY_NAME, toDiagnostics } from '@campaign-studio/core';
import { json, JsonEntry, lint } from './helpers/bins';

/**
 * campaign-lint on fetched files, through the built `dist/cli.js` as CI runs it: the base snapshot
 * beside the workspace gives the update rules their remote state (P1 in CI as in the editor), and
 * a schedule kept as the service returned it says nothing while unchanged.
 */

/** `rule@path severity` of the errors and warnings, and of everything on the schedule or from P/H rules. */
function notable(e: JsonEntry): string[] {
  return e.diagnostics
    .filter(d => d.severity === 'error' || d.severity === 'warning' || /^[HP]\d/.test(d.rule))
    .map(d => `${d.rule}@${d.path} ${d.severity}`)
    .sort();
}

let root: string;
before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-lint-fetched-')));
});
after(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

function workspace(name: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  // The workspace's settings, so only the rules this test is about have something to say.
  fs.writeFileSync(
    path.join(dir, '.campaignrc.json'),
    JSON.stringify({ features: { audienceLimit: true, queuing: true, portfolio: false, versioning: false } }),
  );
  return dir;
}

describe('campaign-lint on fetched files', () => {
  test('as fetched: nothing to report, the kept periodic schedule included; exit 0', () => {
    const dir = workspace('as-fetched');
    writeFetched(dir);
    const r = json(dir, 'campaigns');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, '');
    assert.deepEqual(r.out[0].diagnostics, []);
    const text = lint(dir, 'campaigns');
    assert.match(text.stdout, /1 file checked: 0 errors, 0 warnings, 0 information, 0 hints\./);
  });

  test('an ACTIVE campaign whose audience changed: P1 fails the build; the unchanged schedule says nothing', () => {
    const dir = workspace('active-audience');
    const p = writeFetched(dir);
    fs.writeFileSync(p.file, editedText(p, { segmentation_details: { is_all_user_campaign: true } }));
    const r = json(dir, 'campaigns');
    assert.equal(r.status, 1);
    assert.deepEqual(notable(r.out[0]), ['P1@/segmentation_details error']);
    assert.match(
      r.out[0].diagnostics.find(d => d.rule === 'P1')!.message,
      /`ACTIVE`: the service refuses changes to `segmentation_details`/,
    );
    const text = lint(dir, path.relative(dir, p.file));
    assert.equal(text.status, 1);
    assert.match(text.stdout, new RegExp(`campaigns/weekly-digest\\.${FETCHED_ID}\\.campaign\\.json:\\d+:3 error P1 `));
  });

  test('the schedule edited: the response-shape errors are back until it is written in request shape', () => {
    const dir = workspace('edited-schedule');
    const p = writeFetched(dir);
    const sd = structuredClone(p.document.scheduling_details) as Record<string, unknown>;
    fs.writeFileSync(p.file, editedText(p, { scheduling_details: { ...sd, expiry_time: '2026-12-31T23:59:00' } }));
    let r = json(dir, 'campaigns');
    assert.equal(r.status, 1);
    assert.deepEqual(
      notable(r.out[0]).filter(s => s.endsWith('error')),
      [
        'H1@/scheduling_details/delivery_type error',
        'H5@/scheduling_details/frequency error',
        'H5@/scheduling_details/schedule_time error',
        'H5@/scheduling_details/time_zone error',
      ],
    );
    // Rewritten in request shape with another time of day: P1 (an ACTIVE campaign keeps its start time).
    fs.writeFileSync(
      p.file,
      editedText(p, {
        scheduling_details: {
          delivery_type: 'AT_FIXED_TIME',
          start_time: '2026-03-02T18:00:00',
          timezone: 'Asia/Kolkata',
          periodic_details: sd.periodic_details,
        },
      }),
    );
    r = json(dir, 'campaigns');
    assert.deepEqual(
      notable(r.out[0]).filter(s => s.endsWith('error')),
      ['P1@/scheduling_details/start_time error'],
    );
  });

  test('a version-1 base snapshot gives the same report as version 2, and is left as it is', () => {
    const dir = workspace('version-1');
    const p = writeFetched(dir);
    fs.writeFileSync(p.file, editedText(p, { segmentation_details: { is_all_user_campaign: true } }));
    const v2 = json(dir, 'campaigns');
    const v1Text = rewriteAsVersion1(p.sidecar);
    const v1 = json(dir, 'campaigns');
    assert.deepEqual([v1.status, v1.stderr, v1.out], [v2.status, '', v2.out]);
    assert.ok(notable(v1.out[0]).includes('P1@/segmentation_details error'), 'the update rules ran against the version-1 base');
    assert.equal(fs.readFileSync(p.sidecar, 'utf8'), v1Text, 'campaign-lint only reads');
  });

  test('a base snapshot of a later format version: not supported, said on stderr; exit 2', () => {
    const dir = workspace('version-3');
    const p = writeFetched(dir);
    fs.writeFileSync(p.sidecar, JSON.stringify({ ...JSON.parse(fs.readFileSync(p.sidecar, 'utf8')), version: 3 }));
    const r = json(dir, 'campaigns');
    assert.equal(r.status, 2);
    assert.match(
      r.stderr,
      /cannot read: its format version `3` is not supported: a newer Campaign Studio wrote it \(this one reads versions 1 and 2\)\. The update rules/,
    );
  });

  test('without its base snapshot the same file is checked as any request: the response shape is an error', () => {
    const dir = workspace('no-base');
    const p = writeFetched(dir);
    fs.rmSync(p.sidecar);
    fs.writeFileSync(p.file, editedText(p, { segmentation_details: { is_all_user_campaign: true } }));
    const r = json(dir, 'campaigns');
    assert.equal(r.status, 1);
    assert.ok(!notable(r.out[0]).some(s => s.startsWith('P1')), 'no remote state, no P1');
    assert.ok(notable(r.out[0]).includes('H1@/scheduling_details/delivery_type error'));
  });

  test("the nearest base wins: a sidecar in the file's own folder before the workspace root's", () => {
    const dir = workspace('nearest');
    const p = writeFetched(dir);
    fs.writeFileSync(p.file, editedText(p, { segmentation_details: { is_all_user_campaign: true } }));
    // The same campaign fetched again into the folder itself, now a draft: no P1 there.
    writeFetched(path.join(dir, 'campaigns'), activePeriodicRecord('DRAFT'), '.');
    fs.writeFileSync(p.file, editedText(p, { segmentation_details: { is_all_user_campaign: true } }));
    const r = json(dir, 'campaigns');
    assert.equal(r.status, 0, JSON.stringify(notable(r.out[0])));
    assert.ok(!notable(r.out[0]).some(s => s.startsWith('P1')));
  });

  test('a file that lost its `id` is still tied to its base by the id in its name', () => {
    const dir = workspace('by-name');
    const p = writeFetched(dir);
    const doc = JSON.parse(editedText(p, { segmentation_details: { is_all_user_campaign: true } }));
    delete doc.id;
    fs.writeFileSync(p.file, JSON.stringify(doc, null, 2));
    assert.deepEqual(notable(json(dir, 'campaigns').out[0]), ['P1@/segmentation_details error']);
  });

  test('a damaged or foreign base snapshot is reported on stderr and fails with status 2; the file is still checked', () => {
    const dir = workspace('damaged');
    const p = writeFetched(dir);
    fs.writeFileSync(p.sidecar, '{ "format": "campaign-studio-base", ');
    let r = json(dir, 'campaigns');
    assert.equal(r.status, 2);
    assert.match(
      r.stderr,
      new RegExp(
        `^campaign-lint: base snapshot \\.campaigns/base/${FETCHED_ID}\\.json: cannot read: it is not valid JSON .*The update rules \\(P1–P5\\) are not checked for campaigns/weekly-digest\\.${FETCHED_ID}\\.campaign\\.json: fetch the campaign again to rebuild it, or remove it\\.\\n$`,
      ),
    );
    assert.equal(r.out.length, 1);
    assert.ok(notable(r.out[0]).includes('H5@/scheduling_details/schedule_time error'), 'checked without a base');
    // The base of another campaign under this campaign's name.
    const other = JSON.parse(
      fs.readFileSync(
        writeFetched(path.join(root, 'elsewhere'), activePeriodicRecord('ACTIVE', '0123456789abcdef01234567')).sidecar,
        'utf8',
      ),
    );
    fs.writeFileSync(p.sidecar, JSON.stringify(other));
    r = json(dir, 'campaigns');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /cannot read: it is the base of campaign `0123456789abcdef01234567`, not of `66a1b2c3d4e5f60718293a4b`/);
  });

  test("the editor's language service, given the file alone, finds the same base and reports the same", () => {
    const dir = workspace('same-as-editor');
    const p = writeFetched(dir);
    const text = editedText(p, { segmentation_details: { is_all_user_campaign: true } });
    fs.writeFileSync(p.file, text);
    const service = new LanguageService({ baseSnapshots: new BaseSnapshotStore() });
    const doc = { uri: pathToFileURL(p.file).href, version: 1, getText: () => text };
    const settings = documentSettings({
      settings: { features: { audienceLimit: true, queuing: true, portfolio: false, versioning: false } },
      problems: [],
    });
    const editor = toDiagnostics(service.parsed(doc), service.findings(doc, settings)).map(d => ({
      rule: d.code,
      severity: SEVERITY_NAME[d.severity - 1],
      path: d.data.path,
      message: d.message,
      range: d.range,
    }));
    const cli = json(dir, 'campaigns').out[0].diagnostics;
    assert.deepEqual(editor, cli);
    assert.ok(cli.some(d => d.rule === 'P1'));
  });
});
