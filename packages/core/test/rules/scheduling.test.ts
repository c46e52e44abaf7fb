import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleTests } from '../helpers/ruleTests';
import { lint, only } from '../helpers/lint';
import { Doc, fixProblems, pushLocationTriggered, pushOneTime, pushPeriodic, rangeOf, withPatch } from '../helpers/ruleCampaigns';
import { parseIsoDateTime } from '../../src/model/dateTime';
import { checkZone } from '../../src/rules/time';

/** `pushOneTime` with its `scheduling_details` replaced. */
function schedule(sd: unknown, base: Doc = pushOneTime): Doc {
  return { ...structuredClone(base), scheduling_details: sd };
}

const SD = '/scheduling_details';

// ---- H1
const scheduledWithStart = schedule({ delivery_type: 'SCHEDULED', start_time: '2026-03-01T10:00:00', timezone: 'Europe/Berlin' });
const scheduledBare = schedule({ delivery_type: 'SCHEDULED' });
const lowerCase = schedule({ delivery_type: 'asap' });
const noType = schedule({ start_time: '2026-03-01T10:00:00', timezone: 'UTC' });
const notAnObject = schedule('ASAP');

ruleTests('H1', {
  breaks: [
    {
      name: 'SCHEDULED (response only) with a start time',
      document: scheduledWithStart,
      expect: [
        {
          severity: 'error',
          path: `${SD}/delivery_type`,
          range: rangeOf(scheduledWithStart, '"SCHEDULED"'),
          message: /`SCHEDULED`.*Use `AT_FIXED_TIME`/,
        },
      ],
    },
    {
      name: 'SCHEDULED without a start time',
      document: scheduledBare,
      expect: [{ severity: 'error', path: `${SD}/delivery_type`, message: /Use `ASAP`/ }],
    },
    {
      name: 'an unknown delivery type',
      document: schedule({ delivery_type: 'LATER' }),
      expect: [{ severity: 'error', path: `${SD}/delivery_type`, message: /`LATER`/ }],
    },
    {
      name: 'the wrong case',
      document: lowerCase,
      expect: [{ severity: 'error', path: `${SD}/delivery_type`, range: rangeOf(lowerCase, '"asap"'), message: /case matters/ }],
    },
    {
      name: 'no delivery_type at all',
      document: noType,
      expect: [
        {
          severity: 'error',
          path: `${SD}/delivery_type`,
          range: rangeOf(noType, '"scheduling_details"'),
          message: /needs a `delivery_type`/,
        },
      ],
    },
    {
      name: 'scheduling_details is not an object',
      document: notAnObject,
      expect: [{ severity: 'error', path: SD, range: rangeOf(notAnObject, '"ASAP"') }],
    },
  ],
  satisfies: [
    { name: 'ASAP', document: schedule({ delivery_type: 'ASAP' }) },
    { name: 'AT_FIXED_TIME with its companions', document: pushOneTime },
    {
      name: 'SEND_IN_BTS',
      document: schedule({
        delivery_type: 'SEND_IN_BTS',
        start_time: '2026-03-01T08:00:00',
        timezone: 'UTC',
        bts_details: { send_in_bts: true },
      }),
    },
    {
      name: 'SEND_IN_USER_TIMEZONE',
      document: schedule({
        delivery_type: 'SEND_IN_USER_TIMEZONE',
        start_time: '2026-03-01T08:00:00',
        user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: false },
      }),
    },
    { name: 'a draft without scheduling_details', document: withPatch(pushOneTime, { scheduling_details: undefined }) },
  ],
});

test('H1: SCHEDULED gets a preferred fix to the request form, and the other form as an alternative', () => {
  const [d] = only(lint(scheduledWithStart), 'H1');
  assert.deepEqual(d.fixes, [
    {
      title: 'Change to `AT_FIXED_TIME`',
      edits: [{ kind: 'replaceValue', path: `${SD}/delivery_type`, value: 'AT_FIXED_TIME' }],
      isPreferred: true,
    },
    { title: 'Change to `ASAP`', edits: [{ kind: 'replaceValue', path: `${SD}/delivery_type`, value: 'ASAP' }] },
  ]);
  const [bare] = only(lint(scheduledBare), 'H1');
  assert.deepEqual((bare.fixes as Array<{ edits: unknown[] }>)[0].edits, [
    { kind: 'replaceValue', path: `${SD}/delivery_type`, value: 'ASAP' },
  ]);
  const [periodic] = only(lint(schedule({ delivery_type: 'SCHEDULED' }, pushPeriodic)), 'H1');
  assert.equal((periodic.fixes as unknown[]).length, 1, 'a periodic campaign is always AT_FIXED_TIME');
  assert.match(periodic.message, /`PERIODIC` campaign is sent `AT_FIXED_TIME`/);
});

test('H1: a missing delivery_type is inserted as the minimum schedule', () => {
  const [d] = only(lint(schedule({})), 'H1');
  assert.deepEqual(d.fixes, [
    { title: 'Add `"delivery_type": "ASAP"`', edits: [{ kind: 'insert', path: `${SD}/delivery_type`, value: 'ASAP' }], isPreferred: true },
  ]);
});

// ---- H2
const fixedNoStart = schedule({ delivery_type: 'AT_FIXED_TIME', timezone: 'Europe/Berlin' });
ruleTests('H2', {
  breaks: [
    {
      name: 'AT_FIXED_TIME without start_time',
      document: fixedNoStart,
      expect: [
        {
          severity: 'error',
          path: `${SD}/start_time`,
          range: rangeOf(fixedNoStart, '"scheduling_details"'),
          message: /`start_time` is required when `delivery_type` is `AT_FIXED_TIME`/,
        },
      ],
    },
    {
      name: 'SEND_IN_BTS without start_time and bts_details',
      document: schedule({ delivery_type: 'SEND_IN_BTS', timezone: 'UTC' }),
      expect: [
        { severity: 'error', path: `${SD}/start_time` },
        { severity: 'error', path: `${SD}/bts_details`, message: /best time/ },
      ],
    },
    {
      name: 'SEND_IN_USER_TIMEZONE without user_timezone_details',
      document: schedule({ delivery_type: 'SEND_IN_USER_TIMEZONE', start_time: '2026-03-01T08:00:00' }),
      expect: [{ severity: 'error', path: `${SD}/user_timezone_details` }],
    },
  ],
  satisfies: [
    { name: 'ASAP needs no companion', document: schedule({ delivery_type: 'ASAP' }) },
    { name: 'AT_FIXED_TIME with start_time', document: pushOneTime },
    {
      name: 'SEND_IN_BTS with start_time and bts_details',
      document: schedule({
        delivery_type: 'SEND_IN_BTS',
        start_time: '2026-03-01T08:00:00',
        timezone: 'UTC',
        bts_details: { send_in_bts: true, if_user_bts_is_not_available: 'SEND_AT_START_TIME', window_end_time: '20:00' },
      }),
    },
    {
      name: 'SEND_IN_USER_TIMEZONE with its details',
      document: schedule({
        delivery_type: 'SEND_IN_USER_TIMEZONE',
        start_time: '2026-03-01T08:00:00',
        user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: true },
      }),
    },
  ],
});

test('H2: missing companions are inserted with placeholders; a response-shaped schedule_time is renamed instead', () => {
  const [d] = only(lint(fixedNoStart), 'H2');
  const fix = (d.fixes as Array<{ edits: Array<{ kind: string; path: string; value: string }> }>)[0];
  assert.equal(fix.edits[0].kind, 'insert');
  assert.equal(fix.edits[0].path, `${SD}/start_time`);
  assert.ok(parseIsoDateTime(fix.edits[0].value), `placeholder ${fix.edits[0].value} is an ISO date-time`);
  const bts = only(lint(schedule({ delivery_type: 'SEND_IN_BTS', start_time: '2026-03-01T08:00:00', timezone: 'UTC' })), 'H2');
  assert.deepEqual((bts[0].fixes as Array<{ edits: unknown[] }>)[0].edits, [
    { kind: 'insert', path: `${SD}/bts_details`, value: { send_in_bts: true } },
  ]);
  const renamed = only(lint(schedule({ delivery_type: 'AT_FIXED_TIME', schedule_time: '2026-03-01T08:00:00', timezone: 'UTC' })), 'H2');
  assert.deepEqual(renamed[0].fixes, [
    {
      title: 'Rename `schedule_time` to `start_time`',
      edits: [{ kind: 'renameKey', path: `${SD}/schedule_time`, newKey: 'start_time' }],
      isPreferred: true,
    },
  ]);
});

// ---- H3
const noZone = schedule({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-01T10:00:00' });
const abbreviation = schedule({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-01T10:00:00', timezone: 'IST' });
const zone = (timezone: unknown): Doc => schedule({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-01T10:00:00', timezone });
ruleTests('H3', {
  breaks: [
    {
      name: 'AT_FIXED_TIME without timezone',
      document: noZone,
      expect: [
        {
          severity: 'error',
          path: `${SD}/timezone`,
          range: rangeOf(noZone, '"scheduling_details"'),
          message: /^`timezone` is required when `delivery_type` is `AT_FIXED_TIME`: the start time is read in this zone/,
        },
      ],
    },
    {
      name: 'SEND_IN_BTS without timezone',
      document: schedule({ delivery_type: 'SEND_IN_BTS', start_time: '2026-03-01T10:00:00', bts_details: { send_in_bts: true } }),
      expect: [{ severity: 'error', path: `${SD}/timezone`, message: /`SEND_IN_BTS`/ }],
    },
    {
      name: 'an abbreviation',
      document: abbreviation,
      expect: [{ severity: 'error', path: `${SD}/timezone`, range: rangeOf(abbreviation, '"IST"'), message: /abbreviation/ }],
    },
    {
      name: 'the wrong case',
      document: zone('asia/kolkata'),
      expect: [{ severity: 'error', path: `${SD}/timezone`, message: /use `Asia\/Kolkata`/ }],
    },
    {
      name: 'a misspelt zone',
      document: zone('Europe/Berln'),
      expect: [{ severity: 'error', path: `${SD}/timezone`, message: /did you mean `Europe\/Berlin`/ }],
    },
    {
      name: 'an offset',
      document: zone('+05:30'),
      expect: [{ severity: 'error', path: `${SD}/timezone`, message: /offset, not an IANA zone name/ }],
    },
    { name: 'UTC+5', document: zone('UTC+5'), expect: [{ severity: 'error', path: `${SD}/timezone`, message: /`Etc\/GMT-5`/ }] },
    {
      name: 'an invented zone',
      document: zone('Mars/Olympus_Mons'),
      expect: [{ severity: 'error', path: `${SD}/timezone`, message: /not an IANA time zone/ }],
    },
    {
      name: 'an invalid zone on ASAP too',
      document: schedule({ delivery_type: 'ASAP', timezone: 'PST' }),
      expect: [{ severity: 'error', path: `${SD}/timezone` }],
    },
    { name: 'not a string', document: zone(5.5), expect: [{ severity: 'error', path: `${SD}/timezone`, message: /must be a string/ }] },
  ],
  satisfies: [
    { name: 'Europe/Berlin', document: pushOneTime },
    { name: 'UTC', document: zone('UTC') },
    { name: 'Etc/UTC', document: zone('Etc/UTC') },
    { name: 'a fixed offset zone', document: zone('Etc/GMT-5') },
    { name: 'the current name Asia/Kolkata', document: zone('Asia/Kolkata') },
    { name: 'the backward alias Asia/Calcutta', document: zone('Asia/Calcutta') },
    { name: 'a three-part name', document: zone('America/Argentina/Buenos_Aires') },
    { name: 'a name with lower-case words', document: zone('America/Port-au-Prince') },
    {
      name: 'SEND_IN_USER_TIMEZONE without timezone',
      document: schedule({
        delivery_type: 'SEND_IN_USER_TIMEZONE',
        start_time: '2026-03-01T08:00:00',
        user_timezone_details: { send_in_user_timezone: true },
      }),
    },
    { name: 'ASAP without timezone', document: schedule({ delivery_type: 'ASAP' }) },
  ],
});

test('H3: fixes — a missing zone is a choice (none preferred), case and near misses corrected (preferred), abbreviations suggested only', () => {
  const fixesOf = (doc: Doc) =>
    only(lint(doc), 'H3')[0].fixes as Array<{ title: string; edits: Array<{ value?: unknown }>; isPreferred?: boolean }>;
  const missing = fixesOf(noZone);
  assert.ok(
    missing.some(f => f.title === 'Add `"timezone": "UTC"`'),
    JSON.stringify(missing),
  );
  assert.ok(
    missing.every(f => !f.isPreferred),
    'fix all must not pick a zone',
  );
  const cased = fixesOf(zone('europe/berlin'));
  assert.equal(cased[0].edits[0].value, 'Europe/Berlin');
  assert.equal(cased[0].isPreferred, true);
  const abbr = fixesOf(abbreviation);
  assert.equal(abbr.length, 1);
  assert.equal(abbr[0].isPreferred, undefined, 'IST is ambiguous: no preferred fix');
  const renamed = fixesOf(schedule({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-01T10:00:00', time_zone: 'UTC' }));
  assert.deepEqual(renamed[0].edits, [{ kind: 'renameKey', path: `${SD}/time_zone`, newKey: 'timezone' }]);
});

test('H3: the zone list works on this runtime (Node 20 ships full ICU)', () => {
  assert.ok(Intl.supportedValuesOf('timeZone').length > 300);
  for (const z of ['UTC', 'Etc/UTC', 'Etc/GMT+5', 'Europe/Kyiv', 'Europe/Kiev', 'Asia/Kolkata', 'US/Eastern', 'America/New_York']) {
    assert.deepEqual(checkZone(z), { ok: true }, z);
  }
  for (const z of ['IST', 'PST', 'SystemV/AST4', 'Etc/Unknown', 'Asia/Kolkata ', 'ASIA/KOLKATA', '']) {
    assert.equal(checkZone(z).ok, false, JSON.stringify(z));
  }
});

// ---- H4
const spaced = schedule({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-01 10:00:00', timezone: 'Europe/Berlin' });
const expiresEarly = schedule({
  delivery_type: 'AT_FIXED_TIME',
  start_time: '2026-03-01T10:00:00',
  expiry_time: '2026-02-28T10:00:00',
  timezone: 'Europe/Berlin',
});
ruleTests('H4', {
  breaks: [
    {
      name: 'the response form with a space',
      document: spaced,
      expect: [
        {
          severity: 'error',
          path: `${SD}/start_time`,
          range: rangeOf(spaced, '"2026-03-01 10:00:00"'),
          message: /not an ISO 8601 date-time/,
        },
      ],
    },
    {
      name: 'a day that does not exist',
      document: schedule({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-02-30T10:00:00', timezone: 'UTC' }),
      expect: [{ severity: 'error', path: `${SD}/start_time` }],
    },
    {
      name: 'a date without a time',
      document: schedule({ delivery_type: 'ASAP', expiry_time: '2026-12-31' }),
      expect: [{ severity: 'error', path: `${SD}/expiry_time` }],
    },
    {
      name: 'epoch seconds',
      document: schedule({ delivery_type: 'AT_FIXED_TIME', start_time: 1772355600, timezone: 'UTC' }),
      expect: [{ severity: 'error', path: `${SD}/start_time`, message: /epoch seconds/ }],
    },
    {
      name: 'expiry before start',
      document: expiresEarly,
      expect: [
        {
          severity: 'warning',
          path: `${SD}/expiry_time`,
          range: rangeOf(expiresEarly, '"2026-02-28T10:00:00"'),
          message: /not after `start_time`/,
        },
      ],
    },
    {
      name: 'expiry equal to start',
      document: schedule({
        delivery_type: 'AT_FIXED_TIME',
        start_time: '2026-03-01T10:00:00',
        expiry_time: '2026-03-01T10:00:00',
        timezone: 'UTC',
      }),
      expect: [{ severity: 'warning', path: `${SD}/expiry_time` }],
    },
    {
      name: 'expiry before start once the zone is applied (09:30 Berlin is 08:30Z)',
      document: schedule({
        delivery_type: 'AT_FIXED_TIME',
        start_time: '2026-03-01T10:00:00',
        expiry_time: '2026-03-01T08:30:00Z',
        timezone: 'Europe/Berlin',
      }),
      expect: [{ severity: 'warning', path: `${SD}/expiry_time` }],
    },
  ],
  satisfies: [
    { name: 'local date-times, expiry after start', document: pushOneTime },
    {
      name: 'with offsets and fractions',
      document: schedule({
        delivery_type: 'AT_FIXED_TIME',
        start_time: '2026-03-01T10:00:00.250+05:30',
        expiry_time: '2026-03-01T10:00:00Z',
        timezone: 'Asia/Kolkata',
      }),
    },
    { name: 'without seconds', document: schedule({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-01T10:00', timezone: 'UTC' }) },
    {
      name: 'expiry after start once the zone is applied (10:30 Berlin is 09:30Z)',
      document: schedule({
        delivery_type: 'AT_FIXED_TIME',
        start_time: '2026-03-01T10:00:00',
        expiry_time: '2026-03-01T09:30:00Z',
        timezone: 'Europe/Berlin',
      }),
    },
  ],
});

test('H4: near-ISO forms get a preferred fix to the ISO form', () => {
  const [d] = only(lint(spaced), 'H4');
  assert.deepEqual(d.fixes, [
    {
      title: 'Change to `2026-03-01T10:00:00`',
      edits: [{ kind: 'replaceValue', path: `${SD}/start_time`, value: '2026-03-01T10:00:00' }],
      isPreferred: true,
    },
  ]);
  const [epoch] = only(lint(schedule({ delivery_type: 'AT_FIXED_TIME', start_time: 1772359200000, timezone: 'UTC' })), 'H4');
  assert.deepEqual((epoch.fixes as Array<{ edits: unknown[] }>)[0].edits, [
    { kind: 'replaceValue', path: `${SD}/start_time`, value: '2026-03-01T10:00:00Z' },
  ]);
});

// ---- H5
const responseShaped = schedule({ delivery_type: 'AT_FIXED_TIME', schedule_time: '2026-03-01T10:00:00', time_zone: 'Europe/Berlin' });
ruleTests('H5', {
  breaks: [
    {
      name: 'schedule_time and time_zone from a fetched campaign',
      document: responseShaped,
      expect: [
        {
          severity: 'error',
          path: `${SD}/schedule_time`,
          range: rangeOf(responseShaped, '"schedule_time"'),
          message: /a request names it `start_time`/,
        },
        {
          severity: 'error',
          path: `${SD}/time_zone`,
          range: rangeOf(responseShaped, '"time_zone"'),
          message: /a request names it `timezone`/,
        },
      ],
    },
    {
      name: 'frequency of a fetched periodic campaign',
      document: schedule({ ...(pushPeriodic.scheduling_details as Doc), frequency: 'WEEKLY' }, pushPeriodic),
      expect: [{ severity: 'error', path: `${SD}/frequency`, message: /periodic_details.sending_frequency/ }],
    },
    {
      name: 'schedule_time beside start_time',
      document: schedule({
        delivery_type: 'AT_FIXED_TIME',
        start_time: '2026-03-01T10:00:00',
        schedule_time: '2026-03-01T10:00:00',
        timezone: 'UTC',
      }),
      expect: [{ severity: 'error', path: `${SD}/schedule_time`, message: /already a `start_time`: remove this one/ }],
    },
  ],
  satisfies: [
    { name: 'the request shape', document: pushOneTime },
    { name: 'a periodic request', document: pushPeriodic },
  ],
});

test('H5: rename fixes, and frequency moves into periodic_details', () => {
  const got = only(lint(responseShaped), 'H5');
  assert.deepEqual(
    got.map(g => g.fixes),
    [
      [
        {
          title: 'Rename to `start_time`',
          edits: [{ kind: 'renameKey', path: `${SD}/schedule_time`, newKey: 'start_time' }],
          isPreferred: true,
        },
      ],
      [{ title: 'Rename to `timezone`', edits: [{ kind: 'renameKey', path: `${SD}/time_zone`, newKey: 'timezone' }], isPreferred: true }],
    ],
  );
  const periodic = schedule(
    { delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-02T09:00:00', timezone: 'UTC', frequency: 'WEEKLY' },
    pushPeriodic,
  );
  const [f] = only(lint(periodic), 'H5');
  assert.deepEqual((f.fixes as unknown[])[0], {
    title: 'Move to `periodic_details.sending_frequency`',
    edits: [
      { kind: 'remove', path: `${SD}/frequency` },
      { kind: 'insert', path: `${SD}/periodic_details`, value: { sending_frequency: 'WEEKLY', repeat_frequency: 1 } },
    ],
    isPreferred: true,
  });
});

// ---- H6
const periodicNoDetails = schedule({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-02T09:00:00', timezone: 'UTC' }, pushPeriodic);
const periodicAsap = schedule(
  { delivery_type: 'ASAP', periodic_details: { sending_frequency: 'DAILY', repeat_frequency: 1 } },
  pushPeriodic,
);
const oneTimeWithPeriodic = schedule({
  ...(pushOneTime.scheduling_details as Doc),
  periodic_details: { sending_frequency: 'DAILY', repeat_frequency: 1 },
});
ruleTests('H6', {
  breaks: [
    {
      name: 'PERIODIC without periodic_details',
      document: periodicNoDetails,
      expect: [
        {
          severity: 'error',
          path: `${SD}/periodic_details`,
          range: rangeOf(periodicNoDetails, '"scheduling_details"'),
          message: /required for a `PERIODIC` campaign/,
        },
      ],
    },
    {
      name: 'PERIODIC with ASAP',
      document: periodicAsap,
      expect: [
        { severity: 'error', path: `${SD}/delivery_type`, range: rangeOf(periodicAsap, '"ASAP"'), message: /`AT_FIXED_TIME`, not `ASAP`/ },
      ],
    },
    {
      name: 'periodic_details on a one-time campaign',
      document: oneTimeWithPeriodic,
      expect: [
        {
          severity: 'warning',
          path: `${SD}/periodic_details`,
          range: rangeOf(oneTimeWithPeriodic, '"periodic_details"'),
          message: /`PERIODIC` campaigns only/,
        },
      ],
    },
  ],
  satisfies: [
    { name: 'a periodic campaign', document: pushPeriodic },
    { name: 'a one-time campaign', document: pushOneTime },
    { name: 'a periodic draft without scheduling yet', document: withPatch(pushPeriodic, { scheduling_details: undefined }) },
  ],
});

test('H6: fixes — AT_FIXED_TIME (preferred), periodic_details inserted, periodic_details removed elsewhere (preferred)', () => {
  const [asap] = only(lint(periodicAsap), 'H6');
  assert.deepEqual(asap.fixes, [
    {
      title: 'Change to `AT_FIXED_TIME`',
      edits: [{ kind: 'replaceValue', path: `${SD}/delivery_type`, value: 'AT_FIXED_TIME' }],
      isPreferred: true,
    },
  ]);
  const [missing] = only(lint(periodicNoDetails), 'H6');
  assert.deepEqual((missing.fixes as Array<{ edits: unknown[] }>)[0].edits, [
    { kind: 'insert', path: `${SD}/periodic_details`, value: { sending_frequency: 'DAILY', repeat_frequency: 1 } },
  ]);
  const [extra] = only(lint(oneTimeWithPeriodic), 'H6');
  assert.deepEqual(extra.fixes, [
    { title: 'Remove `periodic_details`', edits: [{ kind: 'remove', path: `${SD}/periodic_details` }], isPreferred: true },
  ]);
});

// ---- H7
function periodic(pd: unknown): Doc {
  return schedule(
    { delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-02T09:00:00', timezone: 'UTC', periodic_details: pd },
    pushPeriodic,
  );
}
const PD = `${SD}/periodic_details`;
const misspelt = periodic({ sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurrences: 10 });
const monthlyOnly = periodic({ sending_frequency: 'WEEKLY', repeat_frequency: 1, repeat_on_date_of_month: [1, 15] });
ruleTests('H7', {
  breaks: [
    {
      name: 'no_of_occurrences (English spelling)',
      document: misspelt,
      expect: [
        {
          severity: 'error',
          path: `${PD}/no_of_occurrences`,
          range: rangeOf(misspelt, '"no_of_occurrences"'),
          message: /spells this field `no_of_occurences`/,
        },
      ],
    },
    {
      name: 'an unknown frequency',
      document: periodic({ sending_frequency: 'HOURLY', repeat_frequency: 1 }),
      expect: [{ severity: 'error', path: `${PD}/sending_frequency` }],
    },
    {
      name: 'repeat_frequency 0',
      document: periodic({ sending_frequency: 'DAILY', repeat_frequency: 0 }),
      expect: [{ severity: 'error', path: `${PD}/repeat_frequency`, message: /at least 1/ }],
    },
    {
      name: 'no_of_occurences not an integer',
      document: periodic({ sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurences: 2.5 }),
      expect: [{ severity: 'error', path: `${PD}/no_of_occurences` }],
    },
    {
      name: 'a date of the month with WEEKLY',
      document: monthlyOnly,
      expect: [
        {
          severity: 'error',
          path: `${PD}/repeat_on_date_of_month`,
          range: rangeOf(monthlyOnly, '"repeat_on_date_of_month"'),
          message: /`MONTHLY` only/,
        },
      ],
    },
    {
      name: 'day 32',
      document: periodic({ sending_frequency: 'MONTHLY', repeat_frequency: 1, repeat_on_date_of_month: [32] }),
      expect: [{ severity: 'error', path: `${PD}/repeat_on_date_of_month/0` }],
    },
    {
      name: 'days of the week with DAILY',
      document: periodic({ sending_frequency: 'DAILY', repeat_frequency: 1, repeat_on_days_of_week: ['MONDAY'] }),
      expect: [{ severity: 'error', path: `${PD}/repeat_on_days_of_week`, message: /`WEEKLY` or `MONTHLY` only/ }],
    },
    {
      name: 'a lower-case day',
      document: periodic({ sending_frequency: 'WEEKLY', repeat_frequency: 1, repeat_on_days_of_week: ['monday'] }),
      expect: [{ severity: 'error', path: `${PD}/repeat_on_days_of_week/0`, message: /`MONDAY` to `SUNDAY`/ }],
    },
    {
      name: 'a week of the month without week_granularity, with WEEKLY',
      document: periodic({
        sending_frequency: 'WEEKLY',
        repeat_frequency: 1,
        repeat_on_days_of_week_for_month: [{ repeat_on_days_of_week: ['FRIDAY'] }],
      }),
      expect: [
        { severity: 'error', path: `${PD}/repeat_on_days_of_week_for_month` },
        { severity: 'error', path: `${PD}/repeat_on_days_of_week_for_month/0/week_granularity` },
      ],
    },
  ],
  satisfies: [
    { name: 'weekly on Mondays, 12 times', document: pushPeriodic },
    {
      name: 'monthly on dates',
      document: periodic({ sending_frequency: 'MONTHLY', repeat_frequency: 1, repeat_on_date_of_month: [1, 15, 31] }),
    },
    {
      name: 'monthly on the first and last Friday',
      document: periodic({
        sending_frequency: 'MONTHLY',
        repeat_frequency: 2,
        repeat_on_days_of_week_for_month: [
          { week_granularity: 'FIRST', repeat_on_days_of_week: ['FRIDAY'] },
          { week_granularity: 'LAST', repeat_on_days_of_week: ['FRIDAY'] },
        ],
      }),
    },
    { name: 'daily', document: periodic({ sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurences: 30 }) },
  ],
});

test('H7: no_of_occurrences gets a rename fix, or a removal when the right name is there', () => {
  const [d] = only(lint(misspelt), 'H7');
  assert.deepEqual(d.fixes, [
    {
      title: 'Rename to `no_of_occurences`',
      edits: [{ kind: 'renameKey', path: `${PD}/no_of_occurrences`, newKey: 'no_of_occurences' }],
      isPreferred: true,
    },
  ]);
  const [both] = only(lint(periodic({ sending_frequency: 'DAILY', no_of_occurences: 3, no_of_occurrences: 3 })), 'H7');
  assert.deepEqual(both.fixes, [
    { title: 'Remove `no_of_occurrences`', edits: [{ kind: 'remove', path: `${PD}/no_of_occurrences` }], isPreferred: true },
  ]);
});

// ---- H8
const btsWrong = schedule({
  delivery_type: 'SEND_IN_BTS',
  start_time: '2026-03-01T08:00:00',
  timezone: 'UTC',
  bts_details: { send_in_bts: 'yes', window_end_time: 20 },
});
ruleTests('H8', {
  breaks: [
    {
      name: 'bts_details with wrong types',
      document: btsWrong,
      expect: [
        { severity: 'error', path: `${SD}/bts_details/send_in_bts`, range: rangeOf(btsWrong, '"yes"'), message: /`true` or `false`/ },
        { severity: 'error', path: `${SD}/bts_details/window_end_time`, message: /must be a string/ },
      ],
    },
    {
      name: 'user_timezone_details with a string boolean',
      document: schedule({
        delivery_type: 'SEND_IN_USER_TIMEZONE',
        start_time: '2026-03-01T08:00:00',
        user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: 'false' },
      }),
      expect: [{ severity: 'error', path: `${SD}/user_timezone_details/send_if_user_timezone_has_passed` }],
    },
    {
      name: 'bts_details not an object',
      document: schedule({ delivery_type: 'SEND_IN_BTS', start_time: '2026-03-01T08:00:00', timezone: 'UTC', bts_details: true }),
      expect: [{ severity: 'error', path: `${SD}/bts_details` }],
    },
  ],
  satisfies: [
    {
      name: 'all bts_details fields',
      document: schedule({
        delivery_type: 'SEND_IN_BTS',
        start_time: '2026-03-01T08:00:00',
        timezone: 'UTC',
        bts_details: {
          send_in_bts: true,
          if_user_bts_is_not_available: 'SEND_AT_START_TIME',
          if_user_bts_outside_time_window: 'SEND_AT_WINDOW_END',
          window_end_time: '20:00',
        },
      }),
    },
    {
      name: 'user_timezone_details',
      document: schedule({
        delivery_type: 'SEND_IN_USER_TIMEZONE',
        start_time: '2026-03-01T08:00:00',
        user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: false },
      }),
    },
  ],
});

// ---- H9
function location(sd: Doc): Doc {
  return schedule(sd, pushLocationTriggered);
}
const GF = `${SD}/geo_fence_timelimit`;
const onOneTime = schedule({ ...(pushOneTime.scheduling_details as Doc), geo_fence_timelimit: { notification_schedule: 'ALWAYS' } });
const limitedNoBounds = location({ delivery_type: 'ASAP', geo_fence_timelimit: { notification_schedule: 'LIMITED_TIME' } });
ruleTests('H9', {
  breaks: [
    {
      name: 'geo_fence_timelimit on a one-time campaign',
      document: onOneTime,
      expect: [
        { severity: 'error', path: GF, range: rangeOf(onOneTime, '"geo_fence_timelimit"'), message: /`LOCATION_TRIGGERED` campaigns only/ },
      ],
    },
    {
      name: 'LIMITED_TIME without timebounds',
      document: limitedNoBounds,
      expect: [
        {
          severity: 'error',
          path: `${GF}/timebounds`,
          range: rangeOf(limitedNoBounds, '"geo_fence_timelimit"'),
          message: /`timebounds` is required/,
        },
      ],
    },
    {
      name: 'LIMITED_TIME with no window',
      document: location({ delivery_type: 'ASAP', geo_fence_timelimit: { notification_schedule: 'LIMITED_TIME', timebounds: [] } }),
      expect: [{ severity: 'error', path: `${GF}/timebounds` }],
    },
    {
      name: 'an unknown schedule',
      document: location({ delivery_type: 'ASAP', geo_fence_timelimit: { notification_schedule: 'SOMETIMES' } }),
      expect: [{ severity: 'error', path: `${GF}/notification_schedule` }],
    },
    {
      name: 'a window that is not ISO and one without an end',
      document: location({
        delivery_type: 'ASAP',
        geo_fence_timelimit: {
          notification_schedule: 'LIMITED_TIME',
          timebounds: [{ start_time: '08:00', end_time: '2026-03-01T20:00:00' }, { start_time: '2026-03-02T08:00:00' }],
        },
      }),
      expect: [
        { severity: 'error', path: `${GF}/timebounds/0/start_time`, message: /ISO 8601/ },
        { severity: 'error', path: `${GF}/timebounds/1/end_time` },
      ],
    },
  ],
  satisfies: [
    { name: 'ALWAYS on a location-triggered campaign', document: pushLocationTriggered },
    {
      name: 'LIMITED_TIME with windows',
      document: location({
        delivery_type: 'ASAP',
        geo_fence_timelimit: {
          notification_schedule: 'LIMITED_TIME',
          timebounds: [{ start_time: '2026-03-01T08:00:00', end_time: '2026-03-01T20:00:00' }],
        },
      }),
    },
    { name: 'a one-time campaign without it', document: pushOneTime },
  ],
});

test('H9: a missing window is inserted from the start time; a misplaced block is removed', () => {
  const withStart = location({
    delivery_type: 'AT_FIXED_TIME',
    start_time: '2026-03-01T08:00:00',
    timezone: 'UTC',
    geo_fence_timelimit: { notification_schedule: 'LIMITED_TIME' },
  });
  const [d] = only(lint(withStart), 'H9');
  assert.deepEqual(d.fixes, [
    {
      title: 'Add `timebounds` with one window',
      edits: [
        { kind: 'insert', path: `${GF}/timebounds`, value: [{ start_time: '2026-03-01T08:00:00', end_time: '2026-03-01T20:00:00' }] },
      ],
    },
  ]);
  const [m] = only(lint(onOneTime), 'H9');
  assert.deepEqual(m.fixes, [{ title: 'Remove `geo_fence_timelimit`', edits: [{ kind: 'remove', path: GF }], isPreferred: true }]);
});

test('unknown keys in scheduling_details are D7 warnings with a did-you-mean', () => {
  const doc = schedule({
    delivery_type: 'AT_FIXED_TIME',
    start_time: '2026-03-01T10:00:00',
    timezone: 'UTC',
    expiry_tme: '2026-03-02T10:00:00',
  });
  const got = lint(doc).filter(g => g.path === `${SD}/expiry_tme`);
  assert.deepEqual(
    got.map(g => [g.rule, g.severity]),
    [['D7', 'warning']],
  );
  assert.match(got[0].message, /did you mean `expiry_time`/);
});

test('H1–H9: every fix gives valid JSON, and each preferred fix removes its finding', () => {
  const cases: Array<[string, Doc]> = [
    ['H1', scheduledWithStart],
    ['H1', scheduledBare],
    ['H1', lowerCase],
    ['H1', noType],
    ['H1', schedule({ delivery_type: 'SCHEDULED' }, pushPeriodic)],
    ['H2', fixedNoStart],
    ['H2', schedule({ delivery_type: 'SEND_IN_BTS', timezone: 'UTC' })],
    ['H2', schedule({ delivery_type: 'SEND_IN_USER_TIMEZONE', schedule_time: '2026-03-01T08:00:00' })],
    ['H3', noZone],
    ['H3', abbreviation],
    ['H3', zone('asia/kolkata')],
    ['H3', zone('Europe/Berln')],
    ['H3', zone('UTC+5')],
    ['H3', schedule({ delivery_type: 'SEND_IN_BTS', start_time: '2026-03-01T10:00:00', time_zone: 'UTC', bts_details: {} })],
    ['H4', spaced],
    ['H4', expiresEarly],
    ['H4', schedule({ delivery_type: 'AT_FIXED_TIME', start_time: 1772355600, timezone: 'UTC' })],
    ['H5', responseShaped],
    [
      'H5',
      schedule({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-02T09:00:00', timezone: 'UTC', frequency: 'WEEKLY' }, pushPeriodic),
    ],
    [
      'H5',
      schedule(
        { ...(pushPeriodic.scheduling_details as Doc), periodic_details: { repeat_frequency: 1 }, frequency: 'MONTHLY' },
        pushPeriodic,
      ),
    ],
    ['H6', periodicNoDetails],
    ['H6', periodicAsap],
    ['H6', oneTimeWithPeriodic],
    ['H7', misspelt],
    ['H7', monthlyOnly],
    ['H7', periodic({ sending_frequency: 'DAILY', repeat_on_days_of_week: ['MONDAY'] })],
    ['H9', onOneTime],
    ['H9', limitedNoBounds],
    ['H9', location({ delivery_type: 'ASAP', geo_fence_timelimit: { notification_schedule: 'LIMITED_TIME', timebounds: [] } })],
  ];
  for (const [rule, doc] of cases) assert.deepEqual(fixProblems(doc, rule), [], `${rule}: ${JSON.stringify(doc.scheduling_details)}`);
});
