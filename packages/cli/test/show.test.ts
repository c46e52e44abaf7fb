import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import Ajv from 'ajv';
import { write } from './helpers/bins';

/** `campaign show`, run from the built bin as users run it, in a folder of files the test writes. */

const CAMPAIGN = path.resolve(__dirname, '../../../dist/campaign.js');
const AT = '2030-02-01T00:00:00Z';

function show(cwd: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CAMPAIGN, 'show', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '', TZ: 'UTC' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const weekly = {
  channel: 'PUSH',
  campaign_delivery_type: 'PERIODIC',
  basic_details: { name: 'Weekly digest', platforms: ['ANDROID'] },
  segmentation_details: {
    included_filters: {
      filter_operator: 'and',
      filters: [
        {
          filter_type: 'user_attributes',
          data_type: 'string',
          category: 'Tracked Standard Attribute',
          name: 'city',
          operator: 'in',
          value: ['Berlin', 'Paris'],
        },
      ],
    },
  },
  scheduling_details: {
    delivery_type: 'AT_FIXED_TIME',
    start_time: '2030-03-18T09:00:00',
    expiry_time: '2030-04-02T00:00:00',
    timezone: 'Europe/Berlin',
    periodic_details: { sending_frequency: 'WEEKLY', repeat_frequency: 1, repeat_on_days_of_week: ['MONDAY'] },
  },
  utm_params: { utm_source: 'app' },
};

const REPO = path.resolve(__dirname, '../../..');
const SCHEMA = JSON.parse(fs.readFileSync(path.join(REPO, 'packages/cli/schemas/cli-output.schema.json'), 'utf8'));

/** The output as JSON, checked against the `show` definition of the published output schema. */
function showJson(r: { stdout: string }): { version: number; files: Record<string, any>[] } {
  const ajv = new Ajv({ allErrors: true });
  ajv.addSchema(SCHEMA, 'out');
  const validate = ajv.getSchema('out#/definitions/show')!;
  const value = JSON.parse(r.stdout);
  assert.ok(validate(value), `show output does not match its schema: ${ajv.errorsText(validate.errors)}`);
  return value;
}

function folder(files: Record<string, string | object>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-show-'));
  write(dir, files);
  return dir;
}

test("show: a weekly campaign's sends in its zone, UTC and the viewer's, the DST change marked, the expiry cutting the series", () => {
  const dir = folder({ 'weekly.campaign.json': weekly });
  const r = show(dir, 'weekly.campaign.json', '--at', AT, '--zone', 'America/New_York');
  assert.equal(r.stderr, '');
  assert.equal(r.status, 0);
  const lines = r.stdout.split('\n');
  assert.equal(lines[0], 'Weekly digest  (weekly.campaign.json)');
  const sends = lines.filter(l => /^ {3}\d {2}/.test(l));
  assert.deepEqual(sends, [
    '   1  Mon 18 Mar 2030, 09:00 Europe/Berlin | 08:00 UTC | Mon 18 Mar 2030, 04:00 America/New_York',
    '   2  Mon 25 Mar 2030, 09:00 Europe/Berlin | 08:00 UTC | Mon 25 Mar 2030, 04:00 America/New_York',
    '   3  Mon 1 Apr 2030, 09:00 Europe/Berlin | 07:00 UTC | Mon 1 Apr 2030, 03:00 America/New_York',
  ]);
  const afterSecond = lines[lines.indexOf(sends[1]) + 1];
  assert.equal(
    afterSecond,
    '      Clocks go forward on Sun 31 Mar 2030 in Europe/Berlin: later sends stay at 09:00 Europe/Berlin, 07:00 UTC instead of 08:00 UTC.',
  );
  assert.match(r.stdout, /Expires: Tue 2 Apr 2030, 00:00 Europe\/Berlin/);
  assert.match(r.stdout, /\n {2}Included: Users where city is one of 'Berlin', 'Paris'\.\n/);
  assert.match(r.stdout, /\nUTM parameters\n {2}utm_source: app\n/);
  assert.doesNotMatch(r.stdout, /`/, 'field names are written without Markdown backticks');
});

test('show --format json: the timeline, audience and facts the preview draws, as plain JSON', () => {
  const dir = folder({ 'weekly.campaign.json': weekly });
  const r = show(dir, '--format', 'json', '--at', AT, '--zone', 'Asia/Kathmandu');
  assert.equal(r.status, 0);
  const out = showJson(r);
  assert.equal(out.version, 1);
  const [file] = out.files;
  assert.equal(file.file, 'weekly.campaign.json');
  assert.equal(file.timeline.kind, 'periodic');
  assert.deepEqual(
    file.timeline.sends.map((s: { at: { iso: string; viewer: { iso: string } } }) => [s.at.iso, s.at.viewer.iso]),
    [
      ['2030-03-18T08:00:00Z', '2030-03-18T13:45:00+05:45'],
      ['2030-03-25T08:00:00Z', '2030-03-25T13:45:00+05:45'],
      ['2030-04-01T07:00:00Z', '2030-04-01T12:45:00+05:45'],
    ],
  );
  assert.equal(file.timeline.total, 3);
  assert.equal(file.audience.text, "Users where city is one of 'Berlin', 'Paris'. Opted-out users are left out.");
  assert.equal(file.facts.name, 'Weekly digest');
  assert.equal(file.trigger.text, 'None: periodic campaigns are sent at each scheduled run.');
});

test('show: a file that is not a campaign object is said on stderr and exits 1, the others still shown', () => {
  const dir = folder({ 'weekly.campaign.json': weekly, 'broken.campaign.json': '[1, 2' });
  const r = show(dir, '--at', AT);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^campaign show: broken\.campaign\.json: not a JSON object: run campaign lint on it to see why\.\n$/);
  assert.match(r.stdout, /^Weekly digest {2}\(weekly\.campaign\.json\)/);
});

test('show: a wrong --zone or --at is a usage error that says what to write', () => {
  const dir = folder({ 'weekly.campaign.json': weekly });
  const zone = show(dir, '--zone', 'Mars/Olympus');
  assert.deepEqual([zone.status, zone.stdout], [1, '']);
  assert.equal(
    zone.stderr,
    'campaign show: --zone Mars/Olympus is not an IANA time zone: write one such as Europe/Berlin or America/New_York.\n',
  );
  const at = show(dir, '--at', '2030-03-01 09:00');
  assert.equal(at.status, 1);
  assert.equal(
    at.stderr,
    'campaign show: --at 2030-03-01 09:00 is not an ISO 8601 date-time with an offset: write one such as 2030-03-01T09:00:00Z.\n',
  );
});

test('show: a schedule that never sends says why', () => {
  const expired = {
    ...weekly,
    campaign_delivery_type: 'EVENT_TRIGGERED',
    trigger_condition: {},
    scheduling_details: { delivery_type: 'ASAP', expiry_time: '2029-01-01T00:00:00Z' },
  };
  const dir = folder({ 'expired.campaign.json': expired });
  const r = show(dir, '--at', AT);
  assert.equal(r.status, 0);
  assert.match(r.stdout, /\nWhen\n {2}Never sends: it has expired: expiry_time Mon 1 Jan 2029, 00:00 UTC is in the past\.\n/);
});

test('show --format json: every example and fixture campaign, of every delivery type, and a broken file match the output schema', () => {
  const dir = folder({
    'broken.campaign.json': '[1, 2',
    'weekly.campaign.json': weekly,
    'user-timezone.campaign.json': {
      ...weekly,
      campaign_delivery_type: 'ONE_TIME',
      scheduling_details: {
        delivery_type: 'SEND_IN_USER_TIMEZONE',
        start_time: '2030-03-18T09:00:00',
        user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: false },
      },
    },
    'best-time.campaign.json': {
      ...weekly,
      campaign_delivery_type: 'ONE_TIME',
      scheduling_details: {
        delivery_type: 'SEND_IN_BTS',
        start_time: '2030-03-18T09:00:00',
        timezone: 'Asia/Kolkata',
        bts_details: { send_in_bts: true, window_end_time: '2030-03-18T21:00:00' },
      },
    },
    'geofence.campaign.json': {
      ...weekly,
      campaign_delivery_type: 'LOCATION_TRIGGERED',
      scheduling_details: {
        delivery_type: 'ASAP',
        timezone: 'Europe/Paris',
        geo_fence_timelimit: {
          notification_schedule: 'LIMITED_TIME',
          timebounds: [{ start_time: '2030-03-01T08:00:00', end_time: '2030-03-31T20:00:00' }],
        },
      },
    },
  });
  for (const source of ['examples', 'packages/core/test/fixtures/valid'])
    fs.cpSync(path.join(REPO, source), path.join(dir, source), { recursive: true });
  const r = show(dir, '--format', 'json', '--at', AT, '.');
  assert.equal(r.status, 1, 'the broken file makes it 1');
  const out = showJson(r);
  const kinds = new Set(out.files.map(f => f.timeline?.kind).filter(Boolean));
  for (const kind of ['once', 'periodic', 'userTimezone', 'bestTime', 'triggered'])
    assert.ok(kinds.has(kind), `a ${kind} timeline among ${[...kinds].join(', ')}`);
  assert.ok(
    out.files.some(f => f.trigger),
    'a campaign with a trigger',
  );
  assert.ok(
    out.files.some(f => f.timeline?.timebounds?.length && f.timeline.userTimezone === undefined),
    "a location-triggered campaign's time bounds",
  );
  assert.ok(
    out.files.some(f => f.timeline?.userTimezone),
    'a user-time-zone spread',
  );
  assert.deepEqual(
    out.files.filter(f => f.problem).map(f => f.file),
    ['broken.campaign.json'],
  );
});
