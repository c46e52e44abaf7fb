import { DateTime, FixedOffsetZone, IANAZone, Info, Zone, ZoneOffsetFormat, ZoneOffsetOptions } from 'luxon';

/**
 * ISO 8601 date-times as campaigns write them: parsed without a time zone, then read in one
 * (Luxon's) when an instant is needed; and the IANA time zones the platform knows, by their
 * current names. The rules' scheduling checks, the send timeline and the completions of a zone
 * all start here.
 */

export interface IsoDateTime {
  /** Milliseconds of the wall-clock time read as if it were UTC. */
  wall: number;
  /** The explicit offset in minutes east of UTC (`Z` = 0), when the text has one. */
  offset?: number;
  /** The offset as written (`Z`, `+01:00`, `-0530`), empty when there is none. */
  offsetText: string;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parses an ISO 8601 date-time (`2026-01-15T10:00:00`, optional seconds, fraction and offset). */
export function parseIsoDateTime(text: string): IsoDateTime | undefined {
  const m = ISO.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = [1, 2, 3, 4, 5].map(i => Number(m[i]));
  const second = m[6] ? Number(m[6]) : 0;
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  let offset: number | undefined;
  if (m[8] === 'Z') offset = 0;
  else if (m[8]) {
    const digits = m[8].slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (oh > 14 || om > 59) return undefined;
    offset = (m[8][0] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  return { wall, offset, offsetText: m[8] ?? '' };
}

/** Offsets in use run from UTC-12 to UTC+14: no zone moves a wall time further from UTC than this. */
const WALL_ORDER_MARGIN_MS = 2 * 24 * 3600 * 1000;

/**
 * How a wall-clock time (`wall` of {@link IsoDateTime}, read as UTC) compares with an instant,
 * when no time zone can change the answer: -1 before, 1 after; undefined when they are within two
 * days, where the zone decides. Lets a check skip the zone lookup for most dates.
 */
export function wallOrder(wallMs: number, instantMs: number): -1 | 1 | undefined {
  const apart = wallMs - instantMs;
  return Math.abs(apart) <= WALL_ORDER_MARGIN_MS ? undefined : apart < 0 ? -1 : 1;
}

/**
 * The instant of a wall-clock time (ms, read as UTC) in `zone`; the wall time itself when the zone
 * is not one. The offset is the one in force at that wall time in the zone (01:30 in Berlin on
 * 30 March 2025 is CET, 00:30 UTC). Gaps and overlaps are read as Luxon reads them: a time in the
 * spring gap moves forward by the gap (02:30 that day is 03:30 CEST, 01:30 UTC); an ambiguous time
 * takes the offset in force at the wall time read as UTC, which east of UTC is the later one (02:30
 * in Berlin on 26 October 2025 is 02:30 CET, 01:30 UTC) and west of UTC the earlier one (01:30 in
 * New York on 2 November 2025 is EDT, 05:30 UTC).
 */
export function wallInstant(wallMs: number, zone: string): number {
  const local = DateTime.fromMillis(wallMs, { zone: 'UTC' }).setZone(zoneOf(zone), { keepLocalTime: true });
  return local.isValid ? local.toMillis() : wallMs;
}

/** The instant of a parsed date-time: its own offset, else `zone` (when valid), else UTC. */
export function instantOf(t: IsoDateTime, zone?: string): number {
  if (t.offset !== undefined) return t.wall - t.offset * 60000;
  return zone ? wallInstant(t.wall, zone) : t.wall;
}

/** The wall-clock time in `zone` (held in UTC, as {@link IsoDateTime.wall}) of an instant: the zone's offset then, from Luxon. */
export function wallAt(ms: number, zone: string): number {
  const z = zoneOf(zone);
  const offset = (typeof z === 'string' ? Info.normalizeZone(z) : z).offset(ms);
  return Number.isFinite(offset) ? ms + offset * 60_000 : ms;
}

/**
 * The calendar of wall-clock times held in UTC: UTC has no offset changes, so `Date`'s UTC fields
 * are the wall time's own and stepping through days, months and years asks no zone.
 */
export interface WallDate {
  year: number;
  /** 1 January – 12 December. */
  month: number;
  day: number;
  /** 1 Monday – 7 Sunday, as ISO and Luxon count. */
  weekday: number;
  /** The day's midnight, as a wall time. */
  midnight: number;
}

export function wallDate(wall: number): WallDate {
  const d = new Date(wall);
  const [year, month, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
  return { year, month, day, weekday: ((d.getUTCDay() + 6) % 7) + 1, midnight: Date.UTC(year, month - 1, day) };
}

/** The first midnight of the month `months` after the wall time's month. */
export function wallMonthStart(wall: number, months = 0): number {
  const d = new Date(wall);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
}

/** How many days the wall time's month has. */
export function wallMonthLength(wall: number): number {
  const { year, month } = wallDate(wall);
  return daysIn(year, month);
}

/** The wall time `years` later, on the month's last day when the day does not occur then (29 February), as Luxon's `plus`. */
export function wallPlusYears(wall: number, years: number): number {
  const { year, month, day, midnight } = wallDate(wall);
  return Date.UTC(year + years, month - 1, Math.min(day, daysIn(year + years, month))) + (wall - midnight);
}

const DAY_MS = 24 * 3600 * 1000;
/** Days remembered per zone before its memory starts again. */
const DAYS_KEPT = 4096;

/**
 * An IANA zone that remembers its offset at each UTC midnight it was asked about. Luxon asks ICU
 * for every offset (`formatToParts`, tens of microseconds on a busy machine, several per instant
 * read in a zone): the send-time rules read a dozen instants per campaign, the timeline's
 * daylight-saving search a dozen more per send. When a day starts and ends on the same offset,
 * every instant of it has that offset (zones change offset at most once a day), so only the days
 * of a change ask ICU for the instant itself.
 */
class DayCachedZone extends Zone {
  private readonly midnights = new Map<number, number>();

  constructor(private readonly inner: IANAZone) {
    super();
  }

  override get type(): string {
    return 'iana';
  }

  override get name(): string {
    return this.inner.name;
  }

  override get isUniversal(): boolean {
    return false;
  }

  override get isValid(): boolean {
    return this.inner.isValid;
  }

  override offsetName(ts: number, options: ZoneOffsetOptions): string | null {
    return this.inner.offsetName(ts, options);
  }

  override formatOffset(ts: number, format: ZoneOffsetFormat): string {
    return FixedOffsetZone.instance(this.offset(ts)).formatOffset(ts, format);
  }

  override offset(ts: number): number {
    const day = Math.floor(ts / DAY_MS);
    const start = this.atMidnight(day);
    return start === this.atMidnight(day + 1) ? start : this.inner.offset(ts);
  }

  override equals(other: Zone): boolean {
    return other.type === 'iana' && other.name === this.name;
  }

  private atMidnight(day: number): number {
    let offset = this.midnights.get(day);
    if (offset === undefined) {
      if (this.midnights.size >= DAYS_KEPT) this.midnights.clear();
      offset = this.inner.offset(day * DAY_MS);
      this.midnights.set(day, offset);
    }
    return offset;
  }
}

const cachedZones = new Map<string, Zone>();

/**
 * The zone Luxon reads a name as, remembering its offsets by day when it is an IANA zone (one
 * object per name, kept for the process: there are a few hundred names).
 */
export function zoneOf(name: string): Zone | string {
  let zone = cachedZones.get(name);
  if (!zone) {
    const iana = IANAZone.create(name);
    if (
      !iana.isValid ||
      FixedOffsetZone.parseSpecifier(name.toLowerCase()) ||
      ['local', 'system', 'utc', 'gmt', 'default'].includes(name.toLowerCase())
    )
      return name;
    zone = new DayCachedZone(iana);
    cachedZones.set(name, zone);
  }
  return zone;
}

/** This machine's IANA time zone ("your time" in hovers, the CodeLens, the preview and `campaign show`). */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Current IANA names for the older names some ICU versions still list. */
const MODERN_ZONE_NAMES: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Africa/Asmera': 'Africa/Asmara',
  'Pacific/Truk': 'Pacific/Chuuk',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
};

let zones: string[] | undefined;

/** A zone's current spelling (`Asia/Calcutta` is `Asia/Kolkata`), when the platform knows it. */
export function currentZoneName(zone: string): string {
  const name = MODERN_ZONE_NAMES[zone] ?? zone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name;
  } catch {
    return zone;
  }
}

/** IANA time zone names that the platform knows, current spellings, plus `UTC`. */
export function timeZones(): string[] {
  if (zones) return zones;
  const list = new Set<string>();
  let supported: string[] = [];
  try {
    supported = (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    supported = [
      'Europe/London',
      'Europe/Berlin',
      'America/New_York',
      'America/Los_Angeles',
      'Asia/Kolkata',
      'Asia/Tokyo',
      'Australia/Sydney',
    ];
  }
  for (const z of supported) list.add(currentZoneName(z));
  list.add('UTC');
  zones = [...list].sort();
  return zones;
}

/** Where and how a reader reads a time: their locale and IANA zone (this machine's when left out). */
export interface ReaderTime {
  locale?: string;
  zone?: string;
}

/**
 * A time the service wrote (`created_at`, `updated_at`, `sent_time`: UTC by the spec, as
 * `YYYY-MM-DD HH:MM:SS` or ISO 8601, the fraction and an offset optional) as its reader reads it:
 * their locale's date and time in their zone, the zone named ("Nov 28, 2026, 6:34 AM GMT+1").
 * Text that is not such a time is returned as it is. Every text that shows a service time uses
 * this; `--format json` keeps the service's own values.
 */
export function serviceTimeText(text: string, reader: ReaderTime = {}): string {
  const parsed = DateTime.fromISO(text.trim().replace(' ', 'T'), { zone: 'UTC' });
  if (!parsed.isValid) return text;
  const local = parsed.setZone(reader.zone ?? localZone());
  const shown = reader.locale ? local.setLocale(reader.locale) : local;
  return shown.isValid ? shown.toLocaleString({ ...DateTime.DATETIME_MED, timeZoneName: 'short' }) : text;
}
