/**
 * Time in the emulator: one injectable clock (rate-limit windows, "today" for reachability,
 * `updated_at`), and the timestamp forms the service uses.
 */

export type Now = () => number;

/** A clock that tests can set and advance, so that no test ever sleeps. */
export class Clock {
  private fixed: number | undefined;
  private offset = 0;
  constructor(private readonly base: Now = Date.now) {}

  now(): number {
    return this.fixed !== undefined ? this.fixed : this.base() + this.offset;
  }

  /** Freeze the clock at `ms` (epoch milliseconds). */
  set(ms: number): void {
    this.fixed = ms;
  }

  /** Move the clock forward (or back, with a negative amount). */
  advance(ms: number): void {
    if (this.fixed !== undefined) this.fixed += ms;
    else this.offset += ms;
  }

  /** Back to the underlying clock. */
  reset(): void {
    this.fixed = undefined;
    this.offset = 0;
  }

  describe(): { now: string; ms: number; frozen: boolean } {
    const ms = this.now();
    return { now: new Date(ms).toISOString(), ms, frozen: this.fixed !== undefined };
  }
}

/** Where the clock may be set or moved: the years every timestamp form writes with four digits. */
export const CLOCK_RANGE = { min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) } as const;

/** Why the clock may not show `ms` (the action that would make it so in `what`), or undefined when it may. */
export function clockRangeProblem(ms: number, what: string): string | undefined {
  if (ms >= CLOCK_RANGE.min && ms <= CLOCK_RANGE.max) return undefined;
  return `The clock stays between ${new Date(CLOCK_RANGE.min).toISOString()} and ${new Date(CLOCK_RANGE.max).toISOString()}: ${what} would leave that range.`;
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** `YYYY-MM-DD HH:MM:SS.mmm`, UTC: the record timestamp form (fractional seconds are optional in the spec). */
export function serviceTimestamp(ms: number, fraction = true): string {
  const d = new Date(ms);
  const s = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return fraction ? `${s}.${pad(d.getUTCMilliseconds(), 3)}` : s;
}

/** Epoch milliseconds of a record timestamp (`YYYY-MM-DD HH:MM:SS[.fff]`, UTC). */
export function parseServiceTimestamp(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z?$/.exec(s);
  if (!m) return NaN;
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], ms);
}

/** `YYYY-MM-DDTHH:MM:SS`, UTC: the metadata listing's form. */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

/** `YYYY-MM-DDTHH:MM:SS.ffffff`: the form of `reachability_details.last_updated_time`. */
export function isoMicros(ms: number): string {
  return new Date(ms).toISOString().slice(0, 23) + '000';
}

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** True for a time zone the runtime knows (an IANA name such as `Asia/Kolkata`). */
function isTimeZone(tz: string): boolean {
  try {
    zoneFormatter(tz);
    return true;
  } catch {
    return false;
  }
}

function zoneFormatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** Offset of `tz` from UTC at instant `ms`, in milliseconds. */
function zoneOffset(ms: number, tz: string): number {
  const parts: Record<string, number> = {};
  for (const p of zoneFormatter(tz).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * The instant of a request-side `start_time`: an ISO 8601 date-time read in `timezone`
 * (UTC when absent), unless it carries its own offset. NaN when it is not a date-time.
 */
export function instantOf(startTime: string, timezone?: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(startTime);
  if (!m) return NaN;
  const ms = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const wall = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], m[6] ? +m[6] : 0, ms);
  if (m[8]) {
    if (m[8] === 'Z') return wall;
    const sign = m[8][0] === '-' ? -1 : 1;
    const digits = m[8].slice(1).replace(':', '');
    return wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  if (!timezone || !isTimeZone(timezone)) return wall;
  // Two passes settle the offset across a daylight-saving change.
  let guess = wall - zoneOffset(wall, timezone);
  guess = wall - zoneOffset(guess, timezone);
  return guess;
}

/** The time-of-day part (`HH:MM:SS`) of a request-side `start_time`, as written. */
export function timeOfDay(startTime: string): string | undefined {
  const m = /T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(startTime);
  return m ? `${m[1]}:${m[2]}:${m[3] ?? '00'}` : undefined;
}
