import * as l10n from '@vscode/l10n';
import { Finding, Fix, RemoteState, RuleCheck } from '../model/types';
import { join } from '../model/pointer';
import { isDeliveryType } from '../model/vocabulary';
import { didYouMean } from '../model/strings';
import { campaignKind, code, finding, fix, has, isObj, Obj } from './util';
import { currentZoneName, instantOf, localZone, parseIsoDateTime, timeZones } from '../model/dateTime';
import { addHours, checkZone, isoRepair, startTimePlaceholder } from './time';
import { isResponseScheduling, keptMessage, schedulingToRequest } from '../model/schedulingShape';
import { dequal } from 'dequal';
import { FixContext, RuleGroup } from './define';
import { push, fixedTime } from './examples';

/**
 * `scheduling_details` in request shape (rules H1–H9): what the schema cannot say, namely the
 * companions each `delivery_type` needs, real time zones and date-times, and the names a fetched
 * campaign uses that a request must not.
 *
 * One exception: a fetched file whose schedule fetch could not convert exactly (a periodic
 * campaign's time of day) keeps it as the service returned it. While it is unchanged from the
 * base it is not sent on push, so it is not reported (nothing in it needs doing); once edited,
 * every rule applies again.
 */

const SD = '/scheduling_details';

const REQUEST_TYPES = ['ASAP', 'AT_FIXED_TIME', 'SEND_IN_BTS', 'SEND_IN_USER_TIMEZONE'];
const FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'];

/** What each `delivery_type` needs beside it (H2), with what the missing value does, for messages. */
const COMPANIONS: Record<string, Array<{ key: string; why: string }>> = {
  AT_FIXED_TIME: [{ key: 'start_time', why: 'it says when to send' }],
  SEND_IN_BTS: [
    { key: 'start_time', why: 'it says from when to send' },
    { key: 'bts_details', why: "it says how to send in each user's best time" },
  ],
  SEND_IN_USER_TIMEZONE: [
    { key: 'start_time', why: 'it is the local time at which each user gets the message' },
    { key: 'user_timezone_details', why: 'it says how to treat users whose local time has passed' },
  ],
};

/** Placeholder values for inserted companions. */
const PLACEHOLDER: Record<string, () => unknown> = {
  start_time: () => startTimePlaceholder(),
  bts_details: () => ({ send_in_bts: true }),
  user_timezone_details: () => ({ send_in_user_timezone: true, send_if_user_timezone_has_passed: false }),
};

/** Delivery types whose `timezone` is required (H3). */
const NEEDS_ZONE = ['AT_FIXED_TIME', 'SEND_IN_BTS'];

/** The campaign's delivery type when it is one of the seven (D3 reports the others). */
export function deliveryTypeOf(doc: unknown): string | undefined {
  const { type } = campaignKind(doc);
  return type && isDeliveryType(type) ? type : undefined;
}

function schedulingOf(doc: unknown): Obj | undefined {
  return isObj(doc) && isObj(doc.scheduling_details) ? doc.scheduling_details : undefined;
}

/** H1: a `delivery_type` of the request, never the response-only `SCHEDULED`. */
function checkDeliveryType(sd: Obj, type: string | undefined): Finding[] {
  const hasStart = has(sd, 'start_time') || has(sd, 'schedule_time');
  const wanted = type === 'PERIODIC' || hasStart ? 'AT_FIXED_TIME' : 'ASAP';
  const other = wanted === 'ASAP' ? 'AT_FIXED_TIME' : 'ASAP';
  const why =
    type === 'PERIODIC'
      ? 'a `PERIODIC` campaign is sent `AT_FIXED_TIME`'
      : hasStart
        ? 'there is a start time, so it is sent `AT_FIXED_TIME`'
        : 'there is no start time, so `ASAP` sends it at once';
  if (!has(sd, 'delivery_type')) {
    return [
      finding(
        'H1',
        'error',
        join(SD, 'delivery_type'),
        l10n.t(
          '`scheduling_details` needs a `delivery_type`: {0} here ({1}). The others are `SEND_IN_BTS` and `SEND_IN_USER_TIMEZONE`.',
          code(wanted),
          why,
        ),
        {
          fixes: [
            fix(l10n.t`Add \`"delivery_type": "${wanted}"\``, [{ kind: 'insert', path: join(SD, 'delivery_type'), value: wanted }], true),
          ],
        },
      ),
    ];
  }
  if (sd.delivery_type !== 'SCHEDULED') return [];
  const path = join(SD, 'delivery_type');
  const fixes = [fix(l10n.t`Change to \`${wanted}\``, [{ kind: 'replaceValue', path, value: wanted }], true)];
  if (type !== 'PERIODIC') fixes.push(fix(l10n.t`Change to \`${other}\``, [{ kind: 'replaceValue', path, value: other }]));
  return [
    finding(
      'H1',
      'error',
      path,
      l10n.t(
        '`SCHEDULED` is how the service reports a campaign that has a send time; a request says how to send it. Use {0}: {1}.',
        code(wanted),
        why,
      ),
      { fixes },
    ),
  ];
}

/** H2: the companions a `delivery_type` needs. */
function checkCompanions(sd: Obj, dt: string): Finding[] {
  const out: Finding[] = [];
  for (const { key, why } of COMPANIONS[dt] ?? []) {
    if (has(sd, key)) continue;
    const path = join(SD, key);
    const fixes: Fix[] = [];
    if (key === 'start_time' && has(sd, 'schedule_time')) {
      fixes.push(
        fix(
          l10n.t('Rename `schedule_time` to `start_time`'),
          [{ kind: 'renameKey', path: join(SD, 'schedule_time'), newKey: 'start_time' }],
          true,
        ),
      );
    } else {
      fixes.push(fix(l10n.t`Add \`${key}\``, [{ kind: 'insert', path, value: PLACEHOLDER[key]() }]));
    }
    out.push(finding('H2', 'error', path, l10n.t('`{0}` is required when `delivery_type` is {1}: {2}.', key, code(dt), why), { fixes }));
  }
  return out;
}

/**
 * The zones a missing `timezone` may get: this computer's, and UTC. The zone is the author's
 * choice, so each is a fix of its own and none is preferred: "fix all" never picks one.
 */
function zoneChoices(): string[] {
  const local = currentZoneName(localZone());
  return [...new Set([local, 'UTC'])].filter(zone => timeZones().includes(zone));
}

/** H3: `timezone` where it is required, and a real IANA zone wherever it is given. */
function checkZoneField(sd: Obj, dt: string | undefined): Finding[] {
  const path = join(SD, 'timezone');
  if (!has(sd, 'timezone')) {
    if (!dt || !NEEDS_ZONE.includes(dt)) return [];
    const fixes = has(sd, 'time_zone')
      ? [fix(l10n.t('Rename `time_zone` to `timezone`'), [{ kind: 'renameKey', path: join(SD, 'time_zone'), newKey: 'timezone' }], true)]
      : zoneChoices().map(zone => fix(l10n.t('Add `"timezone": "{0}"`', zone), [{ kind: 'insert', path, value: zone }]));
    return [
      finding(
        'H3',
        'error',
        path,
        l10n.t`\`timezone\` is required when \`delivery_type\` is ${code(dt)}: the start time is read in this zone. Add an IANA zone such as \`Europe/Berlin\` or \`UTC\`.`,
        { fixes },
      ),
    ];
  }
  const zone = sd.timezone;
  if (typeof zone !== 'string') return []; // the schema reports the type
  const result = checkZone(zone);
  if (result.ok) return [];
  const s = result.suggestion;
  const fixes = s
    ? [fix(l10n.t`Change to \`${s}\``, [{ kind: 'replaceValue', path, value: s }], result.reason === 'case' || result.reason === 'unknown')]
    : [];
  let message: string;
  switch (result.reason) {
    case 'case':
      message = l10n.t('{0} is not spelt as the IANA zone name: the case matters, use {1}.', code(zone), code(s));
      break;
    case 'abbreviation':
      message = l10n.t(
        '{0} is an abbreviation, not an IANA zone name, and can mean several zones: use a name such as {1} (Area/City).',
        code(zone),
        code(s),
      );
      break;
    case 'offset':
      message =
        l10n.t`${code(zone)} is an offset, not an IANA zone name: use the zone of the audience, such as \`Asia/Kolkata\` (daylight saving included)` +
        (s ? l10n.t`, or ${code(s)} for a fixed offset (the \`Etc/GMT\` sign is inverted).` : '.');
      break;
    default:
      message =
        l10n.t`${code(zone)} is not an IANA time zone` +
        (s ? l10n.t`: did you mean ${code(s)}?` : l10n.t(': use a name such as `Europe/Berlin`, `America/New_York` or `UTC`.'));
  }
  return [finding('H3', 'error', path, message, { fixes })];
}

/** An ISO 8601 date-time at `path` (H4, H9): a finding when it is not one. */
export function checkDateTime(rule: string, path: string, value: unknown, name: string): Finding | undefined {
  if (typeof value === 'string' && parseIsoDateTime(value)) return undefined;
  const repaired = isoRepair(value);
  const fixes = repaired ? [fix(l10n.t`Change to \`${repaired}\``, [{ kind: 'replaceValue', path, value: repaired }], true)] : undefined;
  const what =
    typeof value === 'string'
      ? code(value)
      : typeof value === 'number'
        ? `The number ${value}`
        : `This ${value === null ? 'null' : typeof value}`;
  const hint =
    typeof value === 'number' && repaired ? ` (as epoch ${value < 1e11 ? 'seconds' : 'milliseconds'}, that is ${code(repaired)})` : '';
  return finding(
    rule,
    'error',
    path,
    l10n.t(
      '{0} is not an ISO 8601 date-time{1}: write `{2}` as `YYYY-MM-DDTHH:MM:SS`, such as `2026-01-15T10:00:00` (an offset such as `Z` or `+05:30` may follow).',
      what,
      hint,
      name,
    ),
    fixes ? { fixes } : undefined,
  );
}

/** H4: both times are date-times, and the expiry comes after the start. */
function checkTimes(sd: Obj): Finding[] {
  const out: Finding[] = [];
  for (const key of ['start_time', 'expiry_time']) {
    if (!has(sd, key)) continue;
    const f = checkDateTime('H4', join(SD, key), sd[key], key);
    if (f) out.push(f);
  }
  if (out.length || typeof sd.start_time !== 'string' || typeof sd.expiry_time !== 'string') return out;
  const zone = typeof sd.timezone === 'string' && checkZone(sd.timezone).ok ? sd.timezone : undefined;
  const start = instantOf(parseIsoDateTime(sd.start_time)!, zone);
  const expiry = instantOf(parseIsoDateTime(sd.expiry_time)!, zone);
  if (expiry <= start) {
    out.push(
      finding(
        'H4',
        'warning',
        join(SD, 'expiry_time'),
        l10n.t(
          '`expiry_time` {0} is not after `start_time` {1}: the campaign would end before it starts. Set a later expiry, or remove it.',
          code(sd.expiry_time),
          code(sd.start_time),
        ),
        { fixes: [fix(l10n.t('Remove `expiry_time`'), [{ kind: 'remove', path: join(SD, 'expiry_time') }])] },
      ),
    );
  }
  return out;
}

/** H5: the names of the response shape. */
function checkResponseNames(sd: Obj, type: string | undefined): Finding[] {
  const out: Finding[] = [];
  for (const [from, to] of [
    ['schedule_time', 'start_time'],
    ['time_zone', 'timezone'],
  ]) {
    if (!has(sd, from)) continue;
    const path = join(SD, from);
    const clash = has(sd, to);
    out.push(
      finding(
        'H5',
        'error',
        path,
        l10n.t('`{0}` is the name a fetched campaign uses; a request names it `{1}`.', from, to) +
          (clash ? l10n.t` There is already a \`${to}\`: remove this one.` : l10n.t` Rename it.`),
        {
          target: 'key',
          fixes: [
            clash
              ? fix(l10n.t`Remove \`${from}\``, [{ kind: 'remove', path }], true)
              : fix(l10n.t`Rename to \`${to}\``, [{ kind: 'renameKey', path, newKey: to }], true),
          ],
        },
      ),
    );
  }
  if (has(sd, 'frequency')) {
    const path = join(SD, 'frequency');
    const value = typeof sd.frequency === 'string' ? sd.frequency.toUpperCase() : undefined;
    const fixes: Fix[] = [];
    if (value && FREQUENCIES.includes(value)) {
      const pd = sd.periodic_details;
      if (isObj(pd) && !has(pd, 'sending_frequency')) {
        fixes.push(
          fix(
            l10n.t`Move to \`periodic_details.sending_frequency\``,
            [
              { kind: 'remove', path },
              { kind: 'insert', path: join(SD, 'periodic_details', 'sending_frequency'), value },
            ],
            true,
          ),
        );
      } else if (!has(sd, 'periodic_details') && type === 'PERIODIC') {
        fixes.push(
          fix(
            l10n.t`Move to \`periodic_details.sending_frequency\``,
            [
              { kind: 'remove', path },
              { kind: 'insert', path: join(SD, 'periodic_details'), value: { sending_frequency: value, repeat_frequency: 1 } },
            ],
            true,
          ),
        );
      }
    }
    fixes.push(fix(l10n.t('Remove `frequency`'), [{ kind: 'remove', path }], fixes.length === 0));
    out.push(
      finding(
        'H5',
        'error',
        path,
        l10n.t(
          '`frequency` is the name a fetched periodic campaign uses; a request sets the period as `periodic_details.sending_frequency`.',
        ),
        { target: 'key', fixes },
      ),
    );
  }
  return out;
}

/** H6: `PERIODIC` is `AT_FIXED_TIME` with `periodic_details`; other types have no `periodic_details`. */
function checkPeriodic(sd: Obj, type: string | undefined): Finding[] {
  const out: Finding[] = [];
  if (type === 'PERIODIC') {
    if (!has(sd, 'periodic_details')) {
      const freq =
        typeof sd.frequency === 'string' && FREQUENCIES.includes(sd.frequency.toUpperCase()) ? sd.frequency.toUpperCase() : 'DAILY';
      out.push(
        finding(
          'H6',
          'error',
          join(SD, 'periodic_details'),
          l10n.t('`periodic_details` is required for a `PERIODIC` campaign: it says how often the campaign repeats.'),
          {
            fixes: [
              fix(l10n.t`Add \`periodic_details\` (${freq.toLowerCase()})`, [
                { kind: 'insert', path: join(SD, 'periodic_details'), value: { sending_frequency: freq, repeat_frequency: 1 } },
              ]),
            ],
          },
        ),
      );
    }
    const dt = sd.delivery_type;
    if (typeof dt === 'string' && dt !== 'AT_FIXED_TIME' && dt !== 'SCHEDULED' && REQUEST_TYPES.includes(dt)) {
      const path = join(SD, 'delivery_type');
      out.push(
        finding(
          'H6',
          'error',
          path,
          l10n.t`A \`PERIODIC\` campaign is sent with \`delivery_type\` \`AT_FIXED_TIME\`, not ${code(dt)}: each run starts at the time of \`start_time\`.`,
          { fixes: [fix(l10n.t('Change to `AT_FIXED_TIME`'), [{ kind: 'replaceValue', path, value: 'AT_FIXED_TIME' }], true)] },
        ),
      );
    }
  } else if (type && has(sd, 'periodic_details')) {
    const path = join(SD, 'periodic_details');
    out.push(
      finding(
        'H6',
        'warning',
        path,
        l10n.t`\`periodic_details\` applies to \`PERIODIC\` campaigns only; this one is ${code(type)}, so it is ignored. Remove it, or change \`campaign_delivery_type\` to \`PERIODIC\`.`,
        { target: 'key', fixes: [fix(l10n.t('Remove `periodic_details`'), [{ kind: 'remove', path }], true)] },
      ),
    );
  }
  return out;
}

/** H7: the spelling of `no_of_occurences`, and the `repeat_on_*` fields each frequency takes. */
function checkPeriodicDetails(sd: Obj): Finding[] {
  const pd = sd.periodic_details;
  if (!isObj(pd)) return [];
  const base = join(SD, 'periodic_details');
  const out: Finding[] = [];
  if (has(pd, 'no_of_occurrences')) {
    const path = join(base, 'no_of_occurrences');
    const clash = has(pd, 'no_of_occurences');
    out.push(
      finding(
        'H7',
        'error',
        path,
        l10n.t('The service spells this field `no_of_occurences` (one `r`); it does not know `no_of_occurrences`.') +
          (clash ? l10n.t(' `no_of_occurences` is already there: remove this one.') : l10n.t(' Rename it.')),
        {
          target: 'key',
          fixes: [
            clash
              ? fix(l10n.t('Remove `no_of_occurrences`'), [{ kind: 'remove', path }], true)
              : fix(l10n.t('Rename to `no_of_occurences`'), [{ kind: 'renameKey', path, newKey: 'no_of_occurences' }], true),
          ],
        },
      ),
    );
  }
  const sf = pd.sending_frequency;
  if (typeof sf !== 'string' || !FREQUENCIES.includes(sf)) return out;
  const allowed: Record<string, string[]> = {
    repeat_on_date_of_month: ['MONTHLY'],
    repeat_on_days_of_week_for_month: ['MONTHLY'],
    repeat_on_days_of_week: ['WEEKLY', 'MONTHLY'],
  };
  for (const [key, freqs] of Object.entries(allowed)) {
    if (!has(pd, key) || freqs.includes(sf)) continue;
    const path = join(base, key);
    out.push(
      finding(
        'H7',
        'error',
        path,
        l10n.t(
          '`{0}` applies to {1} only, and `sending_frequency` is {2}. Remove it, or change `sending_frequency`.',
          key,
          freqs.map(code).join(' or '),
          code(sf),
        ),
        { target: 'key', fixes: [fix(l10n.t`Remove \`${key}\``, [{ kind: 'remove', path }], true)] },
      ),
    );
  }
  return out;
}

/** H9: `geo_fence_timelimit` belongs to location-triggered campaigns, with time bounds when limited. */
function checkGeoFenceTimeLimit(sd: Obj, type: string | undefined): Finding[] {
  if (!has(sd, 'geo_fence_timelimit')) return [];
  const base = join(SD, 'geo_fence_timelimit');
  const out: Finding[] = [];
  if (type && type !== 'LOCATION_TRIGGERED') {
    out.push(
      finding(
        'H9',
        'error',
        base,
        l10n.t`\`geo_fence_timelimit\` is for \`LOCATION_TRIGGERED\` campaigns only; this one is ${code(type)}. Remove it.`,
        { target: 'key', fixes: [fix(l10n.t('Remove `geo_fence_timelimit`'), [{ kind: 'remove', path: base }], true)] },
      ),
    );
  }
  const g = sd.geo_fence_timelimit;
  if (!isObj(g)) return out;
  const tb = g.timebounds;
  if (g.notification_schedule === 'LIMITED_TIME' && (!has(g, 'timebounds') || (Array.isArray(tb) && tb.length === 0))) {
    const start = typeof sd.start_time === 'string' && parseIsoDateTime(sd.start_time) ? sd.start_time : startTimePlaceholder();
    const window = { start_time: start, end_time: addHours(start, 12) ?? start };
    const path = join(base, 'timebounds');
    out.push(
      finding(
        'H9',
        'error',
        path,
        l10n.t(
          '`timebounds` is required when `notification_schedule` is `LIMITED_TIME`: it lists the windows (ISO `start_time`, `end_time`) in which notifications may be sent.',
        ),
        {
          fixes: [
            has(g, 'timebounds')
              ? fix(l10n.t('Add a time window'), [{ kind: 'insert', path: join(path, '-'), value: window }])
              : fix(l10n.t('Add `timebounds` with one window'), [{ kind: 'insert', path, value: [window] }]),
          ],
        },
      ),
    );
  }
  if (Array.isArray(tb)) {
    tb.forEach((item, i) => {
      if (!isObj(item)) return;
      for (const key of ['start_time', 'end_time']) {
        if (!has(item, key)) continue;
        const f = checkDateTime('H9', join(base, 'timebounds', i, key), item[key], key);
        if (f) out.push(f);
      }
    });
  }
  return out;
}

/**
 * The schedule is in response shape and exactly as fetched (the base snapshot holds the same
 * value, key order aside): not sent unless edited. When fetch could not convert it (a periodic
 * time of day) there is nothing to do, so nothing is said: a file fresh from the service is clean.
 * When its request form is known after all (a base recorded before the conversion existed), H5
 * (information) offers it. Undefined: not kept, every rule applies.
 */
function keptAsReturned(sd: Obj, type: string | undefined, remote: RemoteState | undefined): Finding[] | undefined {
  const base = remote?.base;
  if (!isObj(base) || !isResponseScheduling(sd) || !dequal(sd, base.scheduling_details)) return undefined;
  const periodic = type === 'PERIODIC';
  const r = schedulingToRequest(sd, periodic);
  if (!r.exact) return [];
  return [
    finding(
      'H5',
      'information',
      SD,
      keptMessage(
        l10n.t('the service returned it in its response shape'),
        l10n.t`\`delivery_type\` \`AT_FIXED_TIME\` (not \`SCHEDULED\`), \`start_time\` (not \`schedule_time\`), \`timezone\` (not \`time_zone\`)${periodic ? ' and the period in `periodic_details` (not `frequency`)' : ''}`,
      ),
      {
        target: 'key',
        fixes: [fix(l10n.t('Rewrite `scheduling_details` in request shape'), [{ kind: 'replaceValue', path: SD, value: r.value }])],
      },
    ),
  ];
}

/** `SCHEDULED` is the response form: the request form follows from the companions present. */
function requestFormFixes(f: FixContext): Fix[] {
  if (f.value !== 'SCHEDULED' || f.key !== 'delivery_type') return [];
  const s = isObj(f.parent) ? f.parent : {};
  const inferred =
    s.bts_details !== undefined
      ? 'SEND_IN_BTS'
      : s.user_timezone_details !== undefined
        ? 'SEND_IN_USER_TIMEZONE'
        : s.start_time !== undefined || s.schedule_time !== undefined || s.periodic_details !== undefined
          ? 'AT_FIXED_TIME'
          : 'ASAP';
  return ['ASAP', 'AT_FIXED_TIME', 'SEND_IN_BTS', 'SEND_IN_USER_TIMEZONE']
    .sort((a, b) => Number(b === inferred) - Number(a === inferred))
    .map(v =>
      fix(l10n.t`Change to the request form ${code(v)}`, [{ kind: 'replaceValue', path: f.finding.path, value: v }], v === inferred),
    );
}

/** H3: the IANA zone nearest to what was written. */
function nearestZoneFix(f: FixContext): Fix[] {
  if (f.key !== 'timezone' || typeof f.value !== 'string') return [];
  const zones = timeZones();
  const exact = zones.find(z => z.toLowerCase() === (f.value as string).toLowerCase().replace(/ /g, '_'));
  const near = exact ?? didYouMean(f.value, zones);
  return near && near !== f.value
    ? [fix(l10n.t`Change to ${code(near)}`, [{ kind: 'replaceValue', path: f.finding.path, value: near }], true)]
    : [];
}

/** The response form `YYYY-MM-DD HH:MM:SS` is one character from ISO 8601. */
function isoDateTimeFix(f: FixContext): Fix[] {
  if (typeof f.value !== 'string') return [];
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$/.exec(f.value);
  return m
    ? [fix(l10n.t`Change to ${code(`${m[1]}T${m[2]}`)}`, [{ kind: 'replaceValue', path: f.finding.path, value: `${m[1]}T${m[2]}` }], true)]
    : [];
}

/** H5: the request names of response-shaped fields. */
function requestNameFixes(f: FixContext): Fix[] {
  const base = f.segs.slice(0, -1);
  const sib = (k: string) => '/' + [...base, k].map(s => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  const p = isObj(f.parent) ? f.parent : {};
  const rename = (to: string): Fix[] =>
    p[to] === undefined
      ? [fix(l10n.t`Rename to ${code(to)}`, [{ kind: 'renameKey', path: f.finding.path, newKey: to }], true)]
      : [fix(l10n.t('Remove {0} ({1} is set)', code(f.key), code(to)), [{ kind: 'remove', path: f.finding.path }], true)];
  if (f.value === undefined) return [];
  if (f.key === 'schedule_time') return rename('start_time');
  if (f.key === 'time_zone') return rename('timezone');
  if (f.key === 'frequency') {
    return [
      fix(
        l10n.t('Move to `periodic_details.sending_frequency`'),
        [
          { kind: 'insert', path: join(sib('periodic_details'), 'sending_frequency'), value: f.value },
          { kind: 'remove', path: f.finding.path },
        ],
        true,
      ),
    ];
  }
  return [];
}

/** H7: the spec spells it `no_of_occurences`. */
function occurencesSpellingFix(f: FixContext): Fix[] {
  return f.key === 'no_of_occurrences' && f.value !== undefined && isObj(f.parent) && f.parent.no_of_occurences === undefined
    ? [
        fix(
          l10n.t("Rename to `no_of_occurences` (the service's spelling)"),
          [{ kind: 'renameKey', path: f.finding.path, newKey: 'no_of_occurences' }],
          true,
        ),
      ]
    : [];
}

const checks: RuleCheck[] = [
  {
    ids: ['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'H7', 'H9'],
    kinds: ['campaign'],
    check({ doc, remote }) {
      const sd = schedulingOf(doc);
      if (!sd) return [];
      const type = deliveryTypeOf(doc);
      const kept = keptAsReturned(sd, type, remote);
      if (kept) return kept;
      const dt = typeof sd.delivery_type === 'string' && REQUEST_TYPES.includes(sd.delivery_type) ? sd.delivery_type : undefined;
      return [
        ...checkDeliveryType(sd, type),
        ...(dt ? checkCompanions(sd, dt) : []),
        ...checkZoneField(sd, dt),
        ...checkTimes(sd),
        ...checkResponseNames(sd, type),
        ...checkPeriodic(sd, type),
        ...checkPeriodicDetails(sd),
        ...checkGeoFenceTimeLimit(sd, type),
      ];
    },
  },
];

export const schedulingRules: RuleGroup = {
  section: '`scheduling_details`',
  rules: [
    {
      id: 'H1',
      title: 'Scheduling delivery type',
      severity: 'E',
      summary:
        '`delivery_type` is `ASAP`, `AT_FIXED_TIME`, `SEND_IN_BTS`, `SEND_IN_USER_TIMEZONE`. `SCHEDULED` is response-only: error, with a fix to the request form.',
      docs: {
        doc: push({ scheduling_details: { delivery_type: 'SCHEDULED', start_time: '2026-03-20T09:00:00', timezone: 'Europe/Berlin' } }),
        fix: '`SCHEDULED` is how the service reports a schedule; a request says `AT_FIXED_TIME` (quick fix), `ASAP`, `SEND_IN_BTS` or `SEND_IN_USER_TIMEZONE`.',
      },
      fix: requestFormFixes,
    },
    {
      id: 'H2',
      title: 'Scheduling companions',
      severity: 'E',
      summary:
        'Companions: `AT_FIXED_TIME` needs `start_time`; `SEND_IN_BTS` needs `start_time` and `bts_details`; `SEND_IN_USER_TIMEZONE` needs `start_time` and `user_timezone_details`.',
      docs: {
        doc: push({ scheduling_details: { delivery_type: 'AT_FIXED_TIME', timezone: 'Europe/Berlin' } }),
        fix: 'Add the companions of the delivery type: `start_time` for `AT_FIXED_TIME`; also `bts_details` for `SEND_IN_BTS` and `user_timezone_details` for `SEND_IN_USER_TIMEZONE`.',
      },
    },
    {
      id: 'H3',
      title: 'Time zone',
      severity: 'E',
      summary:
        '`timezone` is required for `AT_FIXED_TIME` and `SEND_IN_BTS`, optional for `SEND_IN_USER_TIMEZONE`, and must be a real IANA zone.',
      docs: {
        doc: push({ scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-20T09:00:00' } }),
        fix: 'Add the IANA time zone the start time is read in, such as `"timezone": "Europe/Berlin"`.',
      },
      fix: nearestZoneFix,
    },
    {
      id: 'H4',
      title: 'Start and expiry times',
      severity: 'E / W',
      summary: '`start_time` / `expiry_time` are ISO 8601 date-times. An `expiry_time` not after `start_time` is a warning.',
      docs: {
        doc: push({ scheduling_details: { ...fixedTime, start_time: '20/03/2026 09:00' } }),
        fix: 'Write ISO 8601 date-times, such as `2026-03-20T09:00:00`, and keep `expiry_time` after `start_time`.',
      },
      fix: isoDateTimeFix,
    },
    {
      id: 'H5',
      title: 'Request names',
      severity: 'E',
      summary:
        'Response-shaped names in a request (`schedule_time`, `time_zone`, `frequency`) are errors, with fixes to `start_time` / `timezone`.',
      docs: {
        doc: push({
          scheduling_details: { delivery_type: 'AT_FIXED_TIME', schedule_time: '2026-03-20T09:00:00', timezone: 'Europe/Berlin' },
        }),
        fix: 'Use the request names: `start_time` and `timezone` (quick fixes rename `schedule_time` and `time_zone`).',
      },
      fix: requestNameFixes,
    },
    {
      id: 'H6',
      title: 'Periodic schedule',
      severity: 'E / W',
      summary: '`PERIODIC` needs `periodic_details` and `delivery_type` `AT_FIXED_TIME`; `periodic_details` on another type is a warning.',
      docs: {
        doc: push({ campaign_delivery_type: 'PERIODIC', scheduling_details: fixedTime }),
        fix: 'Add `periodic_details` (how often and how many times), with `delivery_type` `AT_FIXED_TIME`.',
      },
      removesInapplicable: true,
    },
    {
      id: 'H7',
      title: 'Periodic details',
      severity: 'E',
      summary:
        '`periodic_details`: `sending_frequency` `DAILY`/`WEEKLY`/`MONTHLY`; `repeat_frequency`, `no_of_occurences` integers ≥ 1 (the spec spells it `occurences`: `no_of_occurrences` gets a rename fix); `repeat_on_date_of_month` 1–31, `MONTHLY` only; `repeat_on_days_of_week` `MONDAY`–`SUNDAY`, `WEEKLY` or `MONTHLY`; `repeat_on_days_of_week_for_month` items `{week_granularity: FIRST..LAST, repeat_on_days_of_week}`, `MONTHLY` only.',
      messages: {
        notADay: '`{value}` is not a day of the week as the service writes it: use `MONDAY` to `SUNDAY`, in upper case.',
      },
      docs: {
        doc: push({
          campaign_delivery_type: 'PERIODIC',
          scheduling_details: {
            ...fixedTime,
            periodic_details: {
              sending_frequency: 'WEEKLY',
              repeat_frequency: 1,
              no_of_occurrences: 8,
              repeat_on_days_of_week: ['MONDAY'],
            },
          },
        }),
        fix: "Use the spec's spelling `no_of_occurences` (quick fix), and the fields that fit the `sending_frequency`.",
      },
      fix: occurencesSpellingFix,
    },
    {
      id: 'H8',
      title: 'Best time and user time zone',
      severity: 'E',
      summary:
        '`bts_details` fields: `send_in_bts` boolean, `if_user_bts_is_not_available`, `if_user_bts_outside_time_window`, `window_end_time` strings. `user_timezone_details`: `send_in_user_timezone`, `send_if_user_timezone_has_passed` booleans.',
      docs: {
        doc: push({
          scheduling_details: {
            delivery_type: 'SEND_IN_BTS',
            start_time: '2026-03-20T09:00:00',
            timezone: 'Europe/Berlin',
            bts_details: { send_in_bts: 'yes' },
          },
        }),
        fix: '`send_in_bts`, `send_in_user_timezone` and `send_if_user_timezone_has_passed` are `true` or `false`; the other fields are strings.',
      },
    },
    {
      id: 'H9',
      title: 'Geofence time limit',
      severity: 'E',
      summary:
        '`geo_fence_timelimit` is for `LOCATION_TRIGGERED` only; `notification_schedule` `ALWAYS` / `LIMITED_TIME`; `timebounds` (items with ISO `start_time`, `end_time`) required for `LIMITED_TIME`.',
      docs: {
        doc: push({ scheduling_details: { delivery_type: 'ASAP', geo_fence_timelimit: { notification_schedule: 'ALWAYS' } } }),
        fix: 'Remove `geo_fence_timelimit` outside `LOCATION_TRIGGERED` campaigns; with `LIMITED_TIME`, give `timebounds`.',
      },
      removesInapplicable: true,
    },
  ],
  checks,
};
