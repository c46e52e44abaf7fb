import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleTests } from '../../../core/test/helpers/ruleTests';
import { lint, only, summary } from '../../../core/test/helpers/lint';
import { Doc, fixProblems, pushOneTime, pushPeriodic, rangeOf, textOf, withPatch } from '../../../core/test/helpers/ruleCampaigns';
import { normalizeCampaign } from '../../src/remote/normalize';
import { applyFix, Fix, formattingFor, RemoteState } from '@campaign-studio/core';

/**
 * A fetched file whose schedule could not be converted to the request shape (a periodic
 * campaign's time of day): while it is unchanged from the base it is one information diagnostic
 * (H5), the one fetch recorded; once edited, the response-shape errors are back. P1 and P2
 * compare a request-shaped schedule with a response-shaped base by meaning.
 */

const SD = '/scheduling_details';
const ID = '6650f1c2a4b1d2e3f4a5b6c7';

/** What the service returns for `doc`, with `scheduling_details` as given (response shape). */
function record(doc: Doc, status: string, scheduling: Doc): Doc {
  return {
    id: ID,
    campaign_id: 'c-6650f1c2',
    status,
    version_number: 3,
    updated_at: '2026-02-01T10:00:00Z',
    created_by: 'jane.doe@example.com',
    ...structuredClone(doc),
    scheduling_details: scheduling,
  };
}

/** The file fetch writes for a record, and the remote state the editor (or `campaign-lint`) knows for it. */
function fetched(rec: Doc): { file: Doc; remote: RemoteState; note?: string } {
  const n = normalizeCampaign(rec);
  return { file: n.document, remote: { status: String(rec.status), base: structuredClone(n.document) }, note: n.notes[0]?.message };
}

const weeklyResponse: Doc = {
  delivery_type: 'SCHEDULED',
  schedule_time: '09:00:00',
  time_zone: 'Asia/Kolkata',
  frequency: 'WEEKLY',
  periodic_details: { sending_frequency: 'WEEKLY', repeat_frequency: 1, no_of_occurences: 12, repeat_on_days_of_week: ['MONDAY'] },
};
const weekly = fetched(record(pushPeriodic, 'ACTIVE', weeklyResponse));
/** The same schedule, its keys in another order (as another formatter or a hand edit would leave it). */
const reordered = { ...weekly.file, scheduling_details: Object.fromEntries(Object.entries(weeklyResponse).reverse()) };
/** The kept schedule edited: an expiry added, still in response shape. */
const editedKept = withPatch(weekly.file, { scheduling_details: { expiry_time: '2026-12-31T23:59:00' } });
/** One-time, `SCHEDULED` beside `bts_details`: `AT_FIXED_TIME` or `SEND_IN_BTS`, so kept too. */
const btsResponse: Doc = {
  delivery_type: 'SCHEDULED',
  schedule_time: '2026-03-01T10:00:00',
  time_zone: 'UTC',
  bts_details: { send_in_bts: true },
};
const bts = fetched(record(pushOneTime, 'SCHEDULED', btsResponse));

ruleTests('H5', {
  breaks: [
    {
      name: 'the kept schedule once edited: the response names are errors again',
      document: editedKept,
      remote: weekly.remote,
      expect: [
        { severity: 'error', path: `${SD}/frequency` },
        { severity: 'error', path: `${SD}/schedule_time`, range: rangeOf(editedKept, '"schedule_time"') },
        { severity: 'error', path: `${SD}/time_zone` },
      ],
    },
    {
      name: 'the same file without its remote state (no base found)',
      document: weekly.file,
      expect: [
        { severity: 'error', path: `${SD}/frequency` },
        { severity: 'error', path: `${SD}/schedule_time` },
        { severity: 'error', path: `${SD}/time_zone` },
      ],
    },
    {
      name: "a response-shaped schedule the base does not have (the file's own, not the fetched one)",
      document: weekly.file,
      remote: { status: 'ACTIVE', base: withPatch(weekly.file, { scheduling_details: { schedule_time: '18:30:00' } }) },
      expect: [
        { severity: 'error', path: `${SD}/frequency` },
        { severity: 'error', path: `${SD}/schedule_time` },
        { severity: 'error', path: `${SD}/time_zone` },
      ],
    },
  ],
  satisfies: [
    {
      name: 'a periodic schedule kept as the service returned it, unchanged since the fetch: nothing to do, nothing said',
      document: weekly.file,
      remote: weekly.remote,
    },
    { name: 'the same schedule with its keys in another order', document: reordered, remote: weekly.remote },
    { name: 'a kept one-time schedule whose `SCHEDULED` is ambiguous', document: bts.file, remote: bts.remote },
    {
      name: 'the schedule rewritten in request shape',
      document: { ...weekly.file, scheduling_details: structuredClone(pushPeriodic.scheduling_details) },
      remote: weekly.remote,
    },
    {
      name: 'a fetched one-time campaign (converted exactly on fetch)',
      ...(() => {
        const f = fetched(
          record(pushOneTime, 'SCHEDULED', { delivery_type: 'SCHEDULED', schedule_time: '2026-03-01T10:00:00', time_zone: 'Asia/Kolkata' }),
        );
        return { document: f.file, remote: f.remote };
      })(),
    },
  ],
});

test('a freshly fetched periodic file has no finding at all; fetch still records why its schedule is kept', () => {
  assert.deepEqual(lint(weekly.file, { remote: weekly.remote, settings: { features: { portfolio: false } } }), []);
  assert.match(
    weekly.note ?? '',
    /^`scheduling_details` is kept as the service returned it: .*time of day \(`schedule_time` `09:00:00` and `frequency` `WEEKLY`\)/,
  );
});

test('H5: once the kept schedule is edited, H1 and every other scheduling rule apply again', () => {
  const got = lint(editedKept, { remote: weekly.remote });
  assert.deepEqual(
    summary(got).filter(s => /^H\d/.test(s)),
    [
      'H1@/scheduling_details/delivery_type error',
      'H5@/scheduling_details/frequency error',
      'H5@/scheduling_details/schedule_time error',
      'H5@/scheduling_details/time_zone error',
    ],
  );
  // P4 and P5 say what an update of it does; P1 has nothing to refuse (same type, same time of day).
  assert.deepEqual(
    summary(got).filter(s => /^P\d/.test(s)),
    ['P4@/scheduling_details information', 'P5@/scheduling_details information'],
  );
});

test('H5: a base whose response-shaped schedule converts exactly offers the rewrite, which the rules accept', () => {
  const sd = { delivery_type: 'SCHEDULED', schedule_time: '2026-03-01T10:00:00', time_zone: 'Asia/Kolkata' };
  const file = { ...record(pushOneTime, 'DRAFT', sd), created_by: undefined };
  delete file.created_by;
  const remote: RemoteState = { status: 'DRAFT', base: structuredClone(file) };
  const [d] = only(lint(file, { remote }), 'H5');
  assert.equal(d.severity, 'information');
  assert.match(
    d.message,
    /kept as the service returned it: the service returned it in its response shape\. It is not sent on push unless you change it/,
  );
  const fix = (d.fixes as Fix[])[0];
  assert.deepEqual(fix.edits, [
    {
      kind: 'replaceValue',
      path: SD,
      value: { delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-01T10:00:00', timezone: 'Asia/Kolkata' },
    },
  ]);
  const after = applyFix(textOf(file), fix.edits, formattingFor(textOf(file)));
  assert.deepEqual(
    lint(after, { remote }).filter(g => g.severity === 'error' || /^H/.test(g.rule)),
    [],
  );
  assert.deepEqual(fixProblems(file, 'H5', { remote }), []);
});

// ---- P1 and P2 against a response-shaped base
const requestWeekly = (start: string, type = 'AT_FIXED_TIME'): Doc =>
  withPatch(weekly.file, {
    scheduling_details: {
      delivery_type: type,
      start_time: start,
      timezone: 'Asia/Kolkata',
      periodic_details: weeklyResponse.periodic_details as Doc,
      schedule_time: undefined,
      time_zone: undefined,
      frequency: undefined,
    },
  });
const newStart = requestWeekly('2026-03-02T09:00:00');
const asap = withPatch(weekly.file, {
  scheduling_details: { delivery_type: 'ASAP', schedule_time: undefined, time_zone: undefined, frequency: undefined },
});
const newAudience = withPatch(weekly.file, { segmentation_details: { is_all_user_campaign: true, included_filters: undefined } });

ruleTests('P1', {
  breaks: [
    {
      name: 'ACTIVE periodic, kept schedule: a date-time where the service reports only a time of day',
      document: newStart,
      remote: weekly.remote,
      expect: [
        {
          severity: 'error',
          path: `${SD}/start_time`,
          message: /it is `09:00:00` on the service, which reports only the time of day of a periodic campaign/,
        },
      ],
    },
    {
      name: 'ACTIVE periodic, kept schedule: `SCHEDULED` becomes `ASAP`',
      document: asap,
      remote: weekly.remote,
      expect: [
        { severity: 'error', path: `${SD}/delivery_type`, message: /it is `SCHEDULED` on the service, which stands for `AT_FIXED_TIME`/ },
        { severity: 'error', path: `${SD}/start_time`, message: /removes the start time/ },
      ],
    },
    {
      name: 'ACTIVE periodic, kept schedule untouched: the audience changed',
      document: newAudience,
      remote: weekly.remote,
      expect: [{ severity: 'error', path: '/segmentation_details' }],
    },
  ],
  satisfies: [
    { name: 'ACTIVE periodic, the kept schedule unchanged', document: weekly.file, remote: weekly.remote },
    { name: 'ACTIVE periodic, the kept schedule in another key order', document: reordered, remote: weekly.remote },
    { name: 'ACTIVE periodic, only the expiry added to the kept schedule', document: editedKept, remote: weekly.remote },
  ],
});

test('P1 against a kept schedule: the fix restores the fetched `scheduling_details` whole', () => {
  const [d] = only(lint(newStart, { remote: weekly.remote }), 'P1');
  assert.deepEqual(d.fixes, [
    {
      title: 'Restore the fetched `scheduling_details`',
      edits: [{ kind: 'replaceValue', path: SD, value: weeklyResponse }],
      isPreferred: true,
    },
  ]);
  assert.deepEqual(fixProblems(newStart, 'P1', { remote: weekly.remote }), []);
});

const btsRequest = (type: string): Doc =>
  withPatch(bts.file, {
    scheduling_details: {
      delivery_type: type,
      start_time: '2026-03-01T10:00:00',
      timezone: 'UTC',
      schedule_time: undefined,
      time_zone: undefined,
    },
  });
ruleTests('P2', {
  breaks: [
    {
      name: 'SCHEDULED, kept `SCHEDULED` with `bts_details` becomes `ASAP`',
      document: withPatch(btsRequest('ASAP'), {
        scheduling_details: { bts_details: undefined, start_time: undefined, timezone: undefined },
      }),
      remote: bts.remote,
      expect: [{ severity: 'error', path: `${SD}/delivery_type` }],
    },
  ],
  satisfies: [
    {
      name: 'SCHEDULED, kept `SCHEDULED` with `bts_details` written as `SEND_IN_BTS`',
      document: btsRequest('SEND_IN_BTS'),
      remote: bts.remote,
    },
    {
      name: 'SCHEDULED, kept `SCHEDULED` with `bts_details` written as `AT_FIXED_TIME`',
      document: btsRequest('AT_FIXED_TIME'),
      remote: bts.remote,
    },
    { name: 'SCHEDULED, the kept schedule unchanged', document: bts.file, remote: bts.remote },
  ],
});
