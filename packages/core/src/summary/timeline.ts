import * as l10n from '@vscode/l10n';
import { DateTime, Info } from 'luxon';
import { isObject as isObj, JsonObject as Obj } from '../model/json';
import {
  instantOf,
  parseIsoDateTime,
  wallAt,
  WallDate,
  wallDate,
  wallInstant,
  wallMonthLength,
  wallMonthStart,
  wallOrder,
  wallPlusYears,
  zoneOf,
} from '../model/dateTime';

/**
 * When a campaign sends. Two layers, one meaning: `scheduleInstants` reads the schedule as
 * instants and reasons without a word (what rules N1–N3 and the CodeLens need, at the cost of
 * arithmetic, cached per document version), and `sendTimeline` puts those instants into words:
 * each send in the campaign's zone, in UTC and in the viewer's zone, with the daylight-saving
 * changes near them (the preview, hovers and `campaign show`). Pure: the caller passes the instant
 * to count from and the viewer's zone. All zone arithmetic is Luxon's.
 */

export interface TimelineOptions {
  /** Epoch ms: the instant to count from. */
  now: number;
  /** IANA zone of the person looking. */
  viewerZone: string;
  /** Sends listed, default 10. */
  limit?: number;
}

/** One instant as read in one zone, with ready-made texts. */
export interface ZonedTime {
  zone: string;
  /** ISO 8601 with the zone's offset, such as `2024-12-03T09:00:00+01:00`. */
  iso: string;
  /** The offset, such as `+01:00`. */
  offset: string;
  /** Such as `Tue 3 Dec 2024, 09:00 Europe/Berlin`. */
  text: string;
  /** Such as `Tue 3 Dec 09:00 Europe/Berlin` (no year). */
  short: string;
  /** Such as `09:00 Europe/Berlin`. */
  time: string;
  /** Such as `3 Dec 2024`. */
  date: string;
}

/** One instant in the three zones a reader wants. */
export interface Moment {
  epochMs: number;
  /** ISO 8601 in UTC, such as `2024-12-03T08:00:00Z`. */
  iso: string;
  campaign: ZonedTime;
  utc: ZonedTime;
  viewer: ZonedTime;
}

/** A daylight-saving change in the campaign's zone within a week of a send. */
export interface DstMark {
  direction: 'forward' | 'back';
  /** When the clocks change, ISO 8601 in UTC. */
  changeIso: string;
  /** The day the clocks change, in the campaign's zone, such as `Sun 30 Mar 2025`. */
  day: string;
  /** Whether the change comes before or after the send. */
  relation: 'before' | 'after';
  /** Such as "Clocks go forward on Sun 30 Mar 2025 in Europe/Berlin: the send stays at 09:00 Europe/Berlin, 07:00 UTC instead of 08:00 UTC." */
  text: string;
}

export interface Send {
  /** 1-based place of this send in the whole series (past sends counted). */
  number: number;
  at: Moment;
  dst?: DstMark;
}

export interface TimeWindow {
  start: Moment;
  end?: Moment;
  /** Such as "from Tue 3 Dec 2024, 09:00 Europe/Berlin to Tue 31 Dec 2024, 23:00 Europe/Berlin". */
  text: string;
}

/** SEND_IN_USER_TIMEZONE: the start's wall time reached first at UTC+14, last at UTC-12. */
export interface UserTimezoneSpread {
  /** The wall time every user gets it at, such as `2024-12-03T09:00`. */
  localTime: string;
  first: Moment;
  last: Moment;
  hours: number;
  text: string;
  /** Offsets whose local start has passed at `now`, when `send_if_user_timezone_has_passed` is false. */
  skippedOffsets: string[];
  /** Why and which users are skipped, when some are. */
  skippedText?: string;
}

export type TimelineKind = 'asap' | 'once' | 'periodic' | 'userTimezone' | 'bestTime' | 'triggered' | 'incomplete';

export interface SendTimeline {
  kind: TimelineKind;
  /** One line saying when it sends. */
  summary: string;
  /** The zone start and expiry are read in (`timezone`, UTC when absent). */
  campaignZone: string;
  viewerZone: string;
  /** The next sends from `now`, at most `limit`. */
  sends: Send[];
  /** More sends follow the listed ones. */
  more: boolean;
  /** Sends in the whole series, when finite and found. */
  total?: number;
  /** Why the schedule never sends, when it does not. */
  never?: string;
  /** Best-time window, or a triggered campaign's active window. */
  window?: TimeWindow;
  /** LOCATION_TRIGGERED with LIMITED_TIME: the windows notifications may be sent in. */
  timebounds?: TimeWindow[];
  userTimezone?: UserTimezoneSpread;
  expiry?: Moment;
  /** What the schedule lacks to be computed (the rules H1–H9 report it too). */
  missing: string[];
  /** Assumptions where the spec is silent, and limits of the search. */
  notes: string[];
}

/** What a schedule lacks to be computed; `missingText` words each. */
export type MissingPart = 'scheduling' | 'timezone' | 'startFormat' | 'start' | 'deliveryType' | 'periodic' | 'frequency' | 'userStart';

/** Why a schedule never sends: expiry before its first send, no day within the search, or a trigger window already expired. */
export type NeverReason = 'expiry' | 'noDay' | 'expired';

/** A window as instants (epoch ms). */
export interface InstantWindow {
  start: number;
  end?: number;
}

/** SEND_IN_USER_TIMEZONE as instants: the start's wall time (minute precision) at UTC+14 and UTC-12. */
export interface UserTimezoneInstants {
  /** The wall time every user gets it at, read as UTC (ms). */
  wall: number;
  firstMs: number;
  lastMs: number;
  /** Offsets (minutes east of UTC) whose local start has passed at `now`, when late users are skipped. */
  skippedOffsets: number[];
}

/**
 * A schedule's meaning without words: the instants and booleans rules N1–N3 and the CodeLens read.
 * `sendTimeline` words exactly this, so both say the same.
 */
export interface ScheduleInstants {
  kind: TimelineKind;
  /** The zone start and expiry are read in. */
  zone: string;
  /** The next sends from `now` (epoch ms), at most `limit`, each with its place in the series. */
  sends: Array<{ ms: number; number: number }>;
  more: boolean;
  total?: number;
  never?: NeverReason;
  /** The last send found, when every send is in the past. */
  lastMs?: number;
  /** A one-time send's instant, past or not. */
  onceMs?: number;
  expiryMs?: number;
  /** A periodic schedule's frequency and step. */
  repeats?: { frequency: string; every: number };
  /** Best-time window, or a triggered campaign's active window. */
  window?: InstantWindow;
  timebounds?: InstantWindow[];
  userTimezone?: UserTimezoneInstants;
  /** A best-time window whose end is not known. */
  openWindow?: boolean;
  missing: MissingPart[];
  /** A month without the chosen day is skipped (an assumption); the search stopped at its cap. */
  monthSkipped?: boolean;
  capped?: boolean;
}

const TRIGGERED = ['EVENT_TRIGGERED', 'BUSINESS_EVENT_TRIGGERED', 'DEVICE_TRIGGERED', 'LOCATION_TRIGGERED'];
const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
const GRANULARITY = ['FIRST', 'SECOND', 'THIRD', 'FOURTH', 'LAST'];
/** The search for sends stops this many years after the start (a schedule that never matches). */
export const SEARCH_YEARS = 10;
/** Offsets in use somewhere on Earth, in minutes east of UTC, from the first to reach a wall time to the last. */
const OFFSETS_IN_USE = [
  840, 825, 780, 765, 720, 660, 630, 600, 570, 540, 525, 480, 420, 390, 360, 345, 330, 300, 270, 240, 210, 180, 120, 60, 0, -60, -120, -180,
  -210, -240, -300, -360, -420, -480, -540, -570, -600, -660, -720,
];
const DAY_MS = 24 * 3600 * 1000;

function zonedTime(dt: DateTime, label: string): ZonedTime {
  const e = dt.setLocale('en-GB');
  return {
    zone: label,
    iso: e.toISO({ suppressMilliseconds: true }) ?? '',
    offset: e.toFormat('ZZ'),
    text: `${e.toFormat('ccc d LLL yyyy, HH:mm')} ${label}`,
    short: `${e.toFormat('ccc d LLL HH:mm')} ${label}`,
    time: `${e.toFormat('HH:mm')} ${label}`,
    date: e.toFormat('d LLL yyyy'),
  };
}

/** One instant read in one zone, in words (the CodeLens asks for the few it shows). */
export function zonedText(ms: number, zone: string): ZonedTime {
  return zonedTime(DateTime.fromMillis(ms, { zone: zoneOf(zone) }), zone);
}

function momentOf(ms: number, campaignZone: string, viewerZone: string): Moment {
  const utc = DateTime.fromMillis(ms, { zone: 'UTC' });
  return {
    epochMs: ms,
    iso: utc.toISO({ suppressMilliseconds: true })!.replace('+00:00', 'Z'),
    campaign: zonedTime(utc.setZone(zoneOf(campaignZone)), campaignZone),
    utc: zonedTime(utc, 'UTC'),
    viewer: zonedTime(utc.setZone(zoneOf(viewerZone)), viewerZone),
  };
}

/** The instant of an ISO text read in `zone` (its own offset wins), or undefined when it is not one. */
function readInstant(value: unknown, zone: string): number | undefined {
  const parsed = typeof value === 'string' ? parseIsoDateTime(value) : undefined;
  return parsed && instantOf(parsed, zone);
}

/** The name when Luxon reads it as a zone (Luxon keeps each zone it made, so a name is checked once). */
function validZone(name: unknown): string | undefined {
  return typeof name === 'string' && Info.normalizeZone(name).isValid ? name : undefined;
}

/** The instant the zone's offset changes between `a` and `b` (ms, `a` < `b`, one change assumed). */
function offsetChange(zone: string, a: number, b: number): number {
  // Changes fall on whole minutes: search the minutes between the two instants.
  const cached = zoneOf(zone);
  const offsetAt = (minute: number) => DateTime.fromMillis(minute * 60_000, { zone: cached }).offset;
  const before = offsetAt(Math.floor(a / 60_000));
  let lo = Math.floor(a / 60_000);
  let hi = Math.ceil(b / 60_000);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(mid) === before) lo = mid;
    else hi = mid;
  }
  return hi * 60_000;
}

/** The daylight-saving change within a week of a send in the campaign's zone, said in words. */
function dstNear(ms: number, zone: string): DstMark | undefined {
  const week = 7 * DAY_MS;
  const cached = zoneOf(zone);
  const at = (t: number) => DateTime.fromMillis(t, { zone: cached });
  const here = at(ms);
  const relation = at(ms - week).offset !== here.offset ? 'before' : at(ms + week).offset !== here.offset ? 'after' : undefined;
  if (!relation) return undefined;
  const [a, b] = relation === 'before' ? [ms - week, ms] : [ms, ms + week];
  const change = offsetChange(zone, a, b);
  const from = at(a).offset;
  const to = at(b).offset;
  const direction = to > from ? 'forward' : 'back';
  const other = DateTime.fromMillis(ms, { zone: 'UTC' }).plus({ minutes: relation === 'before' ? to - from : from - to });
  const wall = here.toFormat('HH:mm');
  const utcNow = DateTime.fromMillis(ms, { zone: 'UTC' }).toFormat('HH:mm');
  const day = at(change).setLocale('en-GB').toFormat('ccc d LLL yyyy');
  const text =
    relation === 'before'
      ? l10n.t(
          'Clocks went {0} on {1} in {2}: the send stays at {3} {2}, now {4} UTC instead of {5} UTC.',
          direction,
          day,
          zone,
          wall,
          utcNow,
          other.toFormat('HH:mm'),
        )
      : l10n.t(
          'Clocks go {0} on {1} in {2}: later sends stay at {3} {2}, {4} UTC instead of {5} UTC.',
          direction,
          day,
          zone,
          wall,
          other.toFormat('HH:mm'),
          utcNow,
        );
  return {
    direction,
    changeIso: DateTime.fromMillis(change, { zone: 'UTC' }).toISO({ suppressMilliseconds: true })!.replace('+00:00', 'Z'),
    day,
    relation,
    text,
  };
}

interface Series {
  /** Sends of the series from its start to where the search stopped. */
  found: number;
  /** The sends at or after `now`, at most the number wanted, with their place in the series. */
  next: Array<{ ms: number; number: number }>;
  /** The last send found, when any. */
  lastMs?: number;
  /** Why the search stopped: the series ended (count or expiry), enough sends after `now` were found, or the cap. */
  stop: 'end' | 'enough' | 'cap';
}

function positiveInt(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : fallback;
}

function dayNames(v: unknown): number[] {
  return Array.isArray(v)
    ? v
        .filter((d): d is string => typeof d === 'string')
        .map(d => WEEKDAYS.indexOf(d) + 1)
        .filter(d => d > 0)
    : [];
}

/** The days (1–31) of the month that starts at `month` (a wall time), with their weekdays (1 Monday – 7 Sunday) counted on from its first's. */
function daysOfMonth(month: number): Array<{ day: number; weekday: number }> {
  const first = wallDate(month).weekday;
  return Array.from({ length: wallMonthLength(month) }, (_, i) => ({ day: i + 1, weekday: ((first - 1 + i) % 7) + 1 }));
}

/** The days (1–31) a MONTHLY schedule sends on in the month that starts at `month` (a wall time). */
function monthDays(month: number, pd: Obj, startDay: number): number[] {
  const days = new Set<number>();
  const all = daysOfMonth(month);
  const dates = Array.isArray(pd.repeat_on_date_of_month) ? pd.repeat_on_date_of_month.filter((d): d is number => Number.isInteger(d)) : [];
  for (const d of dates) if (d >= 1 && d <= all.length) days.add(d);
  const forMonth = Array.isArray(pd.repeat_on_days_of_week_for_month) ? pd.repeat_on_days_of_week_for_month.filter(isObj) : [];
  for (const item of forMonth) {
    const g = GRANULARITY.indexOf(String(item.week_granularity));
    if (g < 0) continue;
    for (const weekday of dayNames(item.repeat_on_days_of_week)) {
      const matching = all.filter(d => d.weekday === weekday);
      const d = g === GRANULARITY.length - 1 ? matching[matching.length - 1] : matching[g];
      if (d) days.add(d.day);
    }
  }
  const weekdays = forMonth.length ? [] : dayNames(pd.repeat_on_days_of_week);
  for (const d of all) if (weekdays.includes(d.weekday)) days.add(d.day);
  if (!dates.length && !forMonth.length && !weekdays.length && startDay <= all.length) days.add(startDay);
  return [...days].sort((a, b) => a - b);
}

/**
 * One period of a periodic schedule (the `index`th day, week or month from `first`): when it
 * starts and the midnights of the days it sends on, as wall-clock times held in UTC (ms). UTC has
 * no offset changes, so each of its days is 24 hours: days and weeks step without a zone lookup.
 */
function periodAt(freq: string, first: number, index: number, pd: Obj, start: WallDate): { start: number; days: number[] } {
  if (freq === 'MONTHLY') {
    const month = wallMonthStart(first, index);
    return { start: month, days: monthDays(month, pd, start.day).map(d => month + (d - 1) * DAY_MS) };
  }
  const midnight = first + index * (freq === 'WEEKLY' ? 7 : 1) * DAY_MS;
  if (freq === 'DAILY') return { start: midnight, days: [midnight] };
  const weekdays = dayNames(pd.repeat_on_days_of_week);
  const wanted = weekdays.length ? weekdays : [start.weekday];
  return { start: midnight, days: [...new Set(wanted)].sort((x, y) => x - y).map(w => midnight + (w - 1) * DAY_MS) };
}

function occurrences(pd: Obj): number | undefined {
  const n = pd.no_of_occurences;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** Whether the wall time's instant in `zone` comes before (-1) or after (1) `instant`, or is it (0); the zone is looked up only near it. */
function compareWall(wall: number, instant: number, zone: string): number {
  return wallOrder(wall, instant) ?? Math.sign(wallInstant(wall, zone) - instant);
}

/** Whether a MONTHLY schedule names a day some months lack (they are skipped: an assumption, the spec is silent). */
function skipsMonths(pd: Obj): boolean {
  const late = Array.isArray(pd.repeat_on_date_of_month) && pd.repeat_on_date_of_month.some(d => Number.isInteger(d) && d > 28);
  return pd.sending_frequency === 'MONTHLY' && late;
}

/**
 * The sends of a PERIODIC schedule from its start, cut by count and expiry; the search stops
 * once `wanted` sends at or after `now` are found, or {@link SEARCH_YEARS} after the later of
 * the start and `now`. Every send before `now` is counted, for each send's place in the series.
 */
function periodicSeries(startMs: number, zone: string, pd: Obj, expiry: number | undefined, now: number, wanted: number): Series {
  const freq = String(pd.sending_frequency);
  const every = positiveInt(pd.repeat_frequency, 1);
  const count = occurrences(pd);
  const startWall = wallAt(startMs, zone);
  const startDate = wallDate(startWall);
  const weekStart = startDate.midnight - (startDate.weekday - 1) * DAY_MS;
  const first = freq === 'DAILY' ? startDate.midnight : freq === 'WEEKLY' ? weekStart : wallMonthStart(startWall);
  const cap = wallPlusYears(Math.max(startWall, now), SEARCH_YEARS);
  const series: Series = { found: 0, next: [], stop: 'cap' };
  const timeOfDay = startWall - startDate.midnight;
  let last: number | undefined;
  const stopped = (stop: Series['stop']): Series => ({
    ...series,
    stop,
    ...(last === undefined ? {} : { lastMs: wallInstant(last, zone) }),
  });
  for (let i = 0; ; i += every) {
    const period = periodAt(freq, first, i, pd, startDate);
    if (period.start > cap) return stopped('cap');
    for (const midnight of period.days) {
      const wall = midnight + timeOfDay;
      if (compareWall(wall, startMs, zone) < 0) continue;
      if (expiry !== undefined && compareWall(wall, expiry, zone) > 0) return stopped('end');
      series.found++;
      last = wall;
      if (compareWall(wall, now, zone) >= 0) series.next.push({ ms: wallInstant(wall, zone), number: series.found });
      if (count !== undefined && series.found >= count) return stopped('end');
      if (series.next.length >= wanted) return stopped('enough');
    }
  }
}

// ---------------------------------------------------------------- the schedule as instants

interface Inputs {
  type?: string;
  sd: Obj;
  zone: string;
  now: number;
  limit: number;
}

function instantsBase(kind: TimelineKind, zone: string): ScheduleInstants {
  return { kind, zone, sends: [], more: false, missing: [] };
}

function incompleteInstants(missing: MissingPart, zone = 'UTC'): ScheduleInstants {
  return { ...instantsBase('incomplete', zone), missing: [missing] };
}

function expiryMsOf(expiry: number | undefined): { expiryMs?: number } {
  return expiry === undefined ? {} : { expiryMs: expiry };
}

function periodicInstants(start: number, expiry: number | undefined, i: Inputs): ScheduleInstants {
  const pd = i.sd.periodic_details;
  if (!isObj(pd)) return incompleteInstants('periodic', i.zone);
  const frequency = pd.sending_frequency;
  if (typeof frequency !== 'string' || !['DAILY', 'WEEKLY', 'MONTHLY'].includes(frequency)) return incompleteInstants('frequency', i.zone);
  // One more than listed, to know whether more follow.
  const series = periodicSeries(start, i.zone, pd, expiry, i.now, i.limit + 1);
  const never: NeverReason | undefined = series.found ? undefined : expiry !== undefined && series.stop === 'end' ? 'expiry' : 'noDay';
  return {
    ...instantsBase('periodic', i.zone),
    sends: series.next.slice(0, i.limit),
    more: series.next.length > i.limit || series.stop === 'cap',
    ...(series.stop === 'end' ? { total: series.found } : {}),
    ...(never ? { never } : {}),
    ...(series.lastMs === undefined ? {} : { lastMs: series.lastMs }),
    ...expiryMsOf(expiry),
    repeats: { frequency, every: positiveInt(pd.repeat_frequency, 1) },
    monthSkipped: skipsMonths(pd),
    capped: series.stop === 'cap',
  };
}

function onceInstants(ms: number, expiry: number | undefined, i: Inputs): ScheduleInstants {
  return { ...instantsBase('once', i.zone), sends: ms < i.now ? [] : [{ ms, number: 1 }], total: 1, onceMs: ms, ...expiryMsOf(expiry) };
}

function userTimezoneInstants(i: Inputs): ScheduleInstants {
  const parsed = typeof i.sd.start_time === 'string' ? parseIsoDateTime(i.sd.start_time) : undefined;
  if (!parsed) return incompleteInstants('userStart', i.zone);
  // The wall time as written, to the minute: each user's own zone gives it its instant (an offset in the text is ignored).
  const wall = Math.floor(parsed.wall / 60_000) * 60_000;
  const at = (minutes: number): number => wall - minutes * 60_000;
  const details = isObj(i.sd.user_timezone_details) ? i.sd.user_timezone_details : {};
  const skips = details.send_if_user_timezone_has_passed === false;
  return {
    ...instantsBase('userTimezone', 'UTC'),
    userTimezone: {
      wall,
      firstMs: at(OFFSETS_IN_USE[0]),
      lastMs: at(OFFSETS_IN_USE[OFFSETS_IN_USE.length - 1]),
      skippedOffsets: skips ? OFFSETS_IN_USE.filter(m => at(m) < i.now) : [],
    },
  };
}

function bestTimeInstants(ms: number, i: Inputs): ScheduleInstants {
  const bts = isObj(i.sd.bts_details) ? i.sd.bts_details : {};
  const end = btsEnd(bts.window_end_time, ms, i.zone);
  return {
    ...instantsBase('bestTime', i.zone),
    window: { start: ms, ...(end === undefined ? {} : { end }) },
    openWindow: end === undefined,
    sends: [{ ms, number: 1 }],
  };
}

function triggeredInstants(start: number | undefined, expiry: number | undefined, i: Inputs): ScheduleInstants {
  const result: ScheduleInstants = {
    ...instantsBase('triggered', i.zone),
    ...(start !== undefined ? { window: { start, ...(expiry === undefined ? {} : { end: expiry }) } } : {}),
    ...expiryMsOf(expiry),
  };
  const g = i.sd.geo_fence_timelimit;
  if (i.type === 'LOCATION_TRIGGERED' && isObj(g) && g.notification_schedule === 'LIMITED_TIME' && Array.isArray(g.timebounds)) {
    result.timebounds = g.timebounds.filter(isObj).flatMap(b => {
      const start = readInstant(b.start_time, i.zone);
      const end = readInstant(b.end_time, i.zone);
      return start !== undefined && end !== undefined ? [{ start, end }] : [];
    });
  }
  if (expiry !== undefined && expiry < i.now) result.never = 'expired';
  return result;
}

function computeInstants(doc: unknown, now: number, limit: number): ScheduleInstants {
  const type = isObj(doc) && typeof doc.campaign_delivery_type === 'string' ? doc.campaign_delivery_type : undefined;
  const sd = isObj(doc) && isObj(doc.scheduling_details) ? doc.scheduling_details : undefined;
  if (!sd && type && TRIGGERED.includes(type)) return triggeredInstants(undefined, undefined, { type, sd: {}, zone: 'UTC', now, limit });
  if (!sd) return incompleteInstants('scheduling');
  const zone = sd.timezone === undefined ? 'UTC' : validZone(sd.timezone);
  if (!zone) return incompleteInstants('timezone');
  const i: Inputs = { type, sd, zone, now, limit };
  const start = readInstant(sd.start_time, zone);
  const expiry = readInstant(sd.expiry_time, zone);
  if (sd.start_time !== undefined && start === undefined) return incompleteInstants('startFormat', zone);
  if (type && TRIGGERED.includes(type)) return triggeredInstants(start, expiry, i);
  const dt = sd.delivery_type;
  if (dt === 'SEND_IN_USER_TIMEZONE') return userTimezoneInstants(i);
  if (dt === 'ASAP') return { ...instantsBase('asap', zone), ...(type === 'PERIODIC' ? {} : { total: 1 }) };
  if (dt !== 'AT_FIXED_TIME' && dt !== 'SEND_IN_BTS') return incompleteInstants('deliveryType', zone);
  if (start === undefined) return incompleteInstants('start', zone);
  if (dt === 'SEND_IN_BTS') return bestTimeInstants(start, i);
  if (type === 'PERIODIC') return periodicInstants(start, expiry, i);
  return onceInstants(start, expiry, i);
}

/** Results kept per document value (one per document version), for a few instants and limits each. */
const instantsCache = new WeakMap<object, Map<string, ScheduleInstants>>();
const KEPT_PER_DOCUMENT = 4;

/**
 * When a campaign document sends, as instants: the next `limit` sends from `now` (default 10) and
 * why there is none, without a word. Never throws. Remembered per document value, the parse of one
 * version: the rules, the CodeLens and the preview of that version ask it once. The viewer's zone
 * plays no part here: it only changes the words.
 */
export function scheduleInstants(doc: unknown, options: { now: number; limit?: number }): ScheduleInstants {
  const limit = positiveInt(options.limit, 10);
  if (!isObj(doc)) return computeInstants(doc, options.now, limit);
  let kept = instantsCache.get(doc);
  if (!kept) instantsCache.set(doc, (kept = new Map()));
  const key = `${options.now}/${limit}`;
  let hit = kept.get(key);
  if (!hit) {
    if (kept.size >= KEPT_PER_DOCUMENT) kept.clear();
    hit = computeInstants(doc, options.now, limit);
    kept.set(key, hit);
  }
  return hit;
}

// ---------------------------------------------------------------- the schedule in words

interface Viewing {
  zone: string;
  viewer: string;
}

function window(start: number, end: number | undefined, zone: string, viewer: string): TimeWindow {
  const s = momentOf(start, zone, viewer);
  const e = end === undefined ? undefined : momentOf(end, zone, viewer);
  return {
    start: s,
    ...(e ? { end: e } : {}),
    text: e ? l10n.t('from {0} to {1}', s.campaign.text, e.campaign.text) : l10n.t('from {0}, with no end', s.campaign.text),
  };
}

function base(kind: TimelineKind, summary: string, i: Viewing): SendTimeline {
  return { kind, summary, campaignZone: i.zone, viewerZone: i.viewer, sends: [], more: false, missing: [], notes: [] };
}

function missingText(part: MissingPart): string {
  switch (part) {
    case 'scheduling':
      return l10n.t('`scheduling_details` says when it sends');
    case 'timezone':
      return l10n.t('`timezone` is not an IANA time zone');
    case 'startFormat':
      return l10n.t('`start_time` is not an ISO 8601 date-time');
    case 'start':
      return l10n.t('`start_time` says when it sends');
    case 'deliveryType':
      return l10n.t('`delivery_type` is `ASAP`, `AT_FIXED_TIME`, `SEND_IN_BTS` or `SEND_IN_USER_TIMEZONE`');
    case 'periodic':
      return l10n.t('`periodic_details` says how often it repeats');
    case 'frequency':
      return l10n.t('`periodic_details.sending_frequency` is `DAILY`, `WEEKLY` or `MONTHLY`');
    case 'userStart':
      return l10n.t('`start_time` says the local time each user gets it at');
  }
}

function incomplete(parts: MissingPart[], i: Viewing): SendTimeline {
  const missing = parts.map(missingText);
  return { ...base('incomplete', l10n.t('When it sends is not known yet: {0}.', missing.join('; ')), i), missing };
}

function optionalDst(ms: number, zone: string): { dst?: DstMark } {
  const dst = dstNear(ms, zone);
  return dst ? { dst } : {};
}

function sendOf(s: { ms: number; number: number }, i: Viewing): Send {
  return { number: s.number, at: momentOf(s.ms, i.zone, i.viewer), ...optionalDst(s.ms, i.zone) };
}

function expiryOf(expiry: number | undefined, i: Viewing): { expiry?: Moment } {
  return expiry === undefined ? {} : { expiry: momentOf(expiry, i.zone, i.viewer) };
}

function periodicNotes(s: ScheduleInstants): string[] {
  return [
    ...(s.monthSkipped
      ? [
          l10n.t(
            'Assumption (the spec is silent): a month without the chosen day of month (such as the 31st in April) is skipped, not moved to its last day.',
          ),
        ]
      : []),
    ...(s.capped
      ? [l10n.t('The search for sends stopped {0} years after the start or now: later sends are not listed.', SEARCH_YEARS)]
      : []),
  ];
}

function periodicText(s: ScheduleInstants, i: Viewing): SendTimeline {
  const timeline: SendTimeline = {
    ...base('periodic', '', i),
    sends: s.sends.map(x => sendOf(x, i)),
    more: s.more,
    ...(s.total === undefined ? {} : { total: s.total }),
    notes: periodicNotes(s),
    ...expiryOf(s.expiryMs, i),
  };
  if (s.never) {
    const never =
      s.never === 'expiry'
        ? l10n.t(
            'it never sends: `expiry_time` {0} comes before the first send the schedule allows.',
            momentOf(s.expiryMs!, i.zone, i.viewer).campaign.text,
          )
        : l10n.t('it never sends: no day within {0} years of the start matches the schedule.', SEARCH_YEARS);
    return { ...timeline, summary: l10n.t('The schedule {0}', never), never };
  }
  const { frequency, every } = s.repeats!;
  const how = l10n.t(
    'Repeats {0}{1}',
    frequency.toLowerCase(),
    every > 1 ? l10n.t(' every {0} {1}', every, frequency === 'DAILY' ? 'days' : frequency === 'WEEKLY' ? 'weeks' : 'months') : '',
  );
  const next = timeline.sends[0];
  const summary = next
    ? l10n.t('{0}; next send {1} ({2}).', how, next.at.campaign.text, next.at.utc.time)
    : l10n.t('{0}; every send is in the past (the last was {1}).', how, momentOf(s.lastMs!, i.zone, i.viewer).campaign.text);
  return { ...timeline, summary };
}

function onceText(s: ScheduleInstants, i: Viewing): SendTimeline {
  const at = momentOf(s.onceMs!, i.zone, i.viewer);
  const past = s.sends.length === 0;
  return {
    ...base(
      'once',
      past
        ? l10n.t('Sent once, at {0} ({1}): that is in the past.', at.campaign.text, at.utc.time)
        : l10n.t('Sends once, at {0} ({1}).', at.campaign.text, at.utc.time),
      i,
    ),
    sends: past ? [] : [{ number: 1, at, ...optionalDst(at.epochMs, i.zone) }],
    total: 1,
    ...expiryOf(s.expiryMs, i),
  };
}

/** `UTC+05:30` for 330 minutes east of UTC: a fixed-offset zone name Luxon reads. */
function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Which users SEND_IN_USER_TIMEZONE skips and why, when it skips some (rule N3 says it too). */
export function skippedUsersText(u: UserTimezoneInstants): string | undefined {
  if (!u.skippedOffsets.length) return undefined;
  const time = DateTime.fromMillis(u.wall, { zone: 'UTC' }).toFormat('HH:mm');
  return u.skippedOffsets.length === OFFSETS_IN_USE.length
    ? l10n.t('{0} local time has passed in every zone and `send_if_user_timezone_has_passed` is false: no user gets it.', time)
    : l10n.t(
        '{0} local time has passed in {1} to {2} and `send_if_user_timezone_has_passed` is false: users there are skipped.',
        time,
        offsetText(u.skippedOffsets[0]),
        offsetText(u.skippedOffsets[u.skippedOffsets.length - 1]),
      );
}

function userTimezoneText(u: UserTimezoneInstants, i: Viewing): SendTimeline {
  const local = DateTime.fromMillis(u.wall, { zone: 'UTC' });
  const localTime = local.toFormat("yyyy-MM-dd'T'HH:mm");
  const first = momentOf(u.firstMs, 'UTC', i.viewer);
  const last = momentOf(u.lastMs, 'UTC', i.viewer);
  const hours = (last.epochMs - first.epochMs) / 3_600_000;
  const skippedText = skippedUsersText(u);
  const spreadText = l10n.t(
    'Each user gets it at {0} local time: first at UTC+14 ({1}), last at UTC-12 ({2}), {3} hours apart.',
    local.toFormat('HH:mm'),
    first.utc.text,
    last.utc.text,
    hours,
  );
  return {
    ...base('userTimezone', spreadText, i),
    userTimezone: {
      localTime,
      first,
      last,
      hours,
      text: spreadText,
      skippedOffsets: u.skippedOffsets.map(offsetText),
      ...(skippedText ? { skippedText } : {}),
    },
  };
}

function bestTimeText(s: ScheduleInstants, i: Viewing): SendTimeline {
  const w = window(s.window!.start, s.window!.end, i.zone, i.viewer);
  const notes = s.openWindow
    ? [l10n.t("`bts_details.window_end_time` is absent or not a date-time or HH:MM time: the window's end is not known.")]
    : [];
  return {
    ...base('bestTime', l10n.t("Sends in each user's best time, {0}.", w.text), i),
    window: w,
    notes,
    sends: [{ number: 1, at: w.start }],
  };
}

function triggeredText(s: ScheduleInstants, i: Viewing): SendTimeline {
  const w = s.window && window(s.window.start, s.window.end, i.zone, i.viewer);
  const summary = w
    ? l10n.t('Sends when triggered, {0}.', w.text)
    : s.expiryMs !== undefined
      ? l10n.t('Sends when triggered, from its creation until {0}.', momentOf(s.expiryMs, i.zone, i.viewer).campaign.text)
      : l10n.t('Sends when triggered, from its creation, with no end.');
  const result: SendTimeline = { ...base('triggered', summary, i), ...(w ? { window: w } : {}), ...expiryOf(s.expiryMs, i) };
  if (s.timebounds) result.timebounds = s.timebounds.map(b => window(b.start, b.end, i.zone, i.viewer));
  if (s.never === 'expired')
    result.never = l10n.t('it has expired: `expiry_time` {0} is in the past.', momentOf(s.expiryMs!, i.zone, i.viewer).campaign.text);
  return result;
}

/** `window_end_time`: an ISO date-time, or a time of day on the start's day (the next day when earlier). */
function btsEnd(value: unknown, start: number, zone: string): number | undefined {
  const full = readInstant(value, zone);
  if (full !== undefined) return full;
  const m = typeof value === 'string' ? /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value) : null;
  if (!m) return undefined;
  const begin = DateTime.fromMillis(start, { zone: zoneOf(zone) });
  const end = begin.set({ hour: Number(m[1]), minute: Number(m[2]), second: Number(m[3] ?? 0) });
  return (end < begin ? end.plus({ days: 1 }) : end).toMillis();
}

/** The words of a schedule's instants, read in the viewer's zone besides the campaign's and UTC. */
export function describeSchedule(s: ScheduleInstants, viewerZone: string): SendTimeline {
  const i: Viewing = { zone: s.zone, viewer: validZone(viewerZone) ?? 'UTC' };
  switch (s.kind) {
    case 'incomplete':
      return incomplete(s.missing, i);
    case 'asap':
      return { ...base('asap', l10n.t('Sends as soon as it is created.'), i), ...(s.total === undefined ? {} : { total: s.total }) };
    case 'userTimezone':
      return userTimezoneText(s.userTimezone!, i);
    case 'bestTime':
      return bestTimeText(s, i);
    case 'triggered':
      return triggeredText(s, i);
    case 'periodic':
      return periodicText(s, i);
    case 'once':
      return onceText(s, i);
  }
}

/**
 * A date-time of `scheduling_details` (`start_time`, `expiry_time`) as an instant: read in its
 * own offset, else in `timezone` (UTC when absent, as the spec says). Undefined when the text is
 * not an ISO date-time or the zone is not an IANA zone.
 */
export function scheduleInstant(value: unknown, timezone: unknown, viewerZone: string): Moment | undefined {
  const zone = timezone === undefined ? 'UTC' : validZone(timezone);
  const at = zone ? readInstant(value, zone) : undefined;
  return at !== undefined && zone ? momentOf(at, zone, validZone(viewerZone) ?? 'UTC') : undefined;
}

/**
 * The send timeline of a campaign document: `scheduleInstants` in words. Never throws: a
 * schedule that cannot be computed gives an `incomplete` timeline saying what is missing.
 */
export function sendTimeline(doc: unknown, options: TimelineOptions): SendTimeline {
  return describeSchedule(scheduleInstants(doc, { now: options.now, limit: options.limit }), options.viewerZone);
}

/**
 * The timeline as lines of plain text, each indented two spaces: the summary, the numbered sends
 * (DST changes under theirs), the window, bounds, skipped users, expiry, what is missing and the
 * notes. `mark` highlights what needs attention (a terminal paints it); identity by default.
 */
export function timelineLines(t: SendTimeline, mark: (s: string) => string = s => s): string[] {
  const out = [`  ${t.never ? mark(l10n.t('Never sends: {0}', t.never)) : t.summary}`];
  if (t.sends.length) {
    out.push(`  ${'#'.padStart(2)}  ${l10n.t('campaign time')} | UTC | ${l10n.t('your time')}`);
    for (const s of t.sends) {
      out.push(`  ${String(s.number).padStart(2)}  ${s.at.campaign.text} | ${s.at.utc.time} | ${s.at.viewer.text}`);
      if (s.dst) out.push(`      ${mark(s.dst.text)}`);
    }
    if (t.more) out.push(`      ${l10n.t('… and more')}`);
  }
  if (t.window) out.push(`  ${l10n.t('Active: {0}', t.window.text)}`);
  for (const b of t.timebounds ?? []) out.push(`  ${l10n.t('Time bounds: {0}', b.text)}`);
  if (t.userTimezone?.skippedText) out.push(`  ${mark(t.userTimezone.skippedText)}`);
  if (t.expiry) out.push(`  ${l10n.t('Expires: {0}', t.expiry.campaign.text)}`);
  for (const m of t.missing) out.push(`  ${l10n.t('Missing: {0}', m)}`);
  for (const n of t.notes) out.push(`  ${l10n.t('Note: {0}', n)}`);
  return out;
}
