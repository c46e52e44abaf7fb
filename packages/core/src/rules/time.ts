/**
 * Date-times and time zones as the scheduling rules (H3, H4, H9) and the update rules (P1) read
 * them. Zone names are checked against the runtime's ICU data, which Node 20 and VS Code ship in
 * full; the checks degrade to "accept what `Intl` accepts" on a runtime without
 * `Intl.supportedValuesOf`.
 */

import { didYouMean } from '../model/strings';
import { parseIsoDateTime } from '../model/dateTime';

/**
 * A corrected form of a near-ISO date-time, when the intent is plain: the service's own response
 * form `YYYY-MM-DD HH:MM:SS`, lower-case `t`/`z`, or a number of epoch seconds or milliseconds.
 */
export function isoRepair(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    const ms = value < 1e11 ? value * 1000 : value;
    const d = new Date(ms);
    if (Number.isNaN(d.getTime()) || d.getUTCFullYear() > 9999) return undefined;
    return d.toISOString().replace(/\.000Z$/, 'Z');
  }
  if (typeof value !== 'string') return undefined;
  const t = value
    .trim()
    .replace(/^(\d{4}-\d{2}-\d{2})[ t](\d{2}:\d{2})/, '$1T$2')
    .replace(/z$/, 'Z');
  return t !== value && parseIsoDateTime(t) ? t : undefined;
}

/** An ISO placeholder for a new `start_time`: tomorrow at 10:00 (UTC calendar), without offset. */
export function startTimePlaceholder(now = Date.now()): string {
  const d = new Date(now + 24 * 3600 * 1000);
  return `${d.toISOString().slice(0, 10)}T10:00:00`;
}

/** `start_time` + `hours`, in the same textual form (offset kept), for placeholders such as an end time. */
export function addHours(text: string, hours: number): string | undefined {
  const p = parseIsoDateTime(text);
  if (!p) return undefined;
  const shifted = new Date(p.wall + hours * 3600 * 1000).toISOString().slice(0, 19);
  return shifted + p.offsetText;
}

// ---- time zones ----

/** Zone names at the root of the IANA database (and its `backward` file) that ICU also accepts. */
const ROOT_ZONES = new Set([
  'UTC',
  'GMT',
  'UCT',
  'Universal',
  'Zulu',
  'Greenwich',
  'GMT0',
  'GMT+0',
  'GMT-0',
  'EST',
  'MST',
  'HST',
  'EST5EDT',
  'CST6CDT',
  'MST7MDT',
  'PST8PDT',
  'WET',
  'CET',
  'MET',
  'EET',
  'Cuba',
  'Egypt',
  'Eire',
  'GB',
  'GB-Eire',
  'Hongkong',
  'Iceland',
  'Iran',
  'Israel',
  'Jamaica',
  'Japan',
  'Kwajalein',
  'Libya',
  'NZ',
  'NZ-CHAT',
  'Navajo',
  'PRC',
  'Poland',
  'Portugal',
  'ROC',
  'ROK',
  'Singapore',
  'Turkey',
  'W-SU',
]);

/** Areas of the IANA database: `Area/Location` names must start with one of them. */
const AREAS = new Set([
  'africa',
  'america',
  'antarctica',
  'arctic',
  'asia',
  'atlantic',
  'australia',
  'brazil',
  'canada',
  'chile',
  'etc',
  'europe',
  'indian',
  'mexico',
  'pacific',
  'us',
]);

let canonical: string[] | undefined;

/** The zone names this runtime lists (ICU's canonical set), plus `UTC`. */
export function knownZones(): string[] {
  if (!canonical) {
    let list: string[] = [];
    const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
    try {
      list = intl.supportedValuesOf?.('timeZone') ?? [];
    } catch {
      list = [];
    }
    canonical = [...new Set(['UTC', ...list])].sort();
  }
  return canonical;
}

/** What ICU resolves a name to (case-insensitively, aliases included), or undefined. */
function resolveZone(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export type ZoneCheck = { ok: true } | { ok: false; reason: 'case' | 'abbreviation' | 'offset' | 'unknown'; suggestion?: string };

const zoneChecks = new Map<string, ZoneCheck>();

/**
 * Whether `name` is a real IANA zone name, exactly spelt; if not, why, and what to use instead.
 * Remembered per name: the answer never changes, and a wrong name costs a search of every zone
 * on each keystroke otherwise.
 */
export function checkZone(name: string): ZoneCheck {
  let hit = zoneChecks.get(name);
  if (!hit) {
    if (zoneChecks.size >= 1000) zoneChecks.clear();
    hit = checkZoneUncached(name);
    zoneChecks.set(name, hit);
  }
  return hit;
}

function checkZoneUncached(name: string): ZoneCheck {
  const known = knownZones();
  if (known.includes(name) || ROOT_ZONES.has(name)) return { ok: true };
  const slash = name.indexOf('/');
  const area = slash > 0 ? name.slice(0, slash) : '';
  const resolved = resolveZone(name);
  if (resolved && AREAS.has(area.toLowerCase()) && /^[A-Za-z0-9_+\-/]+$/.test(name) && !/^etc\/unknown$/i.test(name)) {
    // Accepted by ICU: a real name (or a `backward` alias such as Asia/Calcutta) unless its case is off.
    const wellCased = name.split('/').every(seg => /^[A-Z]/.test(seg) && !/^[A-Z_-]{4,}$/.test(seg));
    if (wellCased) return { ok: true };
    return { ok: false, reason: 'case', suggestion: caseFix(name) ?? resolved };
  }
  const rootCase = [...ROOT_ZONES].find(z => z.toLowerCase() === name.toLowerCase());
  if (rootCase) return { ok: false, reason: 'case', suggestion: rootCase };
  const offset = offsetZone(name);
  if (offset !== undefined) return { ok: false, reason: 'offset', suggestion: offset ?? undefined };
  if (resolved && /^[A-Za-z]{2,5}$/.test(name)) return { ok: false, reason: 'abbreviation', suggestion: resolved };
  return { ok: false, reason: 'unknown', suggestion: nearestZone(name) };
}

/** The exact spelling of a mis-cased name: a listed name that matches it, else its words capitalised. */
function caseFix(name: string): string | undefined {
  const lower = name.toLowerCase();
  const listed = knownZones().find(z => z.toLowerCase() === lower);
  if (listed) return listed;
  const titled = name
    .split('/')
    .map(seg => seg.replace(/[A-Za-z]+/g, w => w[0].toUpperCase() + w.slice(1).toLowerCase()))
    .join('/')
    .replace(/^Etc\/Gmt/, 'Etc/GMT')
    .replace(/^Us\//, 'US/');
  return resolveZone(titled) ? titled : undefined;
}

/**
 * `+05:30`, `UTC+5`, `GMT-03:00`: not zone names. For a whole-hour offset, the `Etc/GMT` zone
 * with the inverted sign (POSIX style); `null` when the text is an offset with no such zone.
 */
function offsetZone(name: string): string | null | undefined {
  const m = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(name.trim());
  if (!m) return undefined;
  const hours = Number(m[2]);
  const minutes = m[3] ? Number(m[3]) : 0;
  if (minutes !== 0 || hours > 14) return null;
  if (hours === 0) return 'UTC';
  const zone = `Etc/GMT${m[1] === '+' ? '-' : '+'}${hours}`;
  return resolveZone(zone) ? zone : null;
}

/** The closest listed zone name within a small edit distance (`Europe/Berln` → `Europe/Berlin`). */
function nearestZone(name: string): string | undefined {
  const lower = name.toLowerCase();
  const near = didYouMean(name, knownZones());
  if (near) return near;
  // A city alone (`Berlin`, `New_York`) names the zone whose location it is.
  const city = lower.replace(/ /g, '_');
  return knownZones().find(z => z.toLowerCase().endsWith('/' + city));
}
