import { seededRandom } from './ids';

/**
 * Fault injection for reliability tests. A fault set is written as a spec string (the
 * `--faults` option, or `{ "spec": "…" }` to the admin endpoint) or as a JSON object:
 *
 *   latency=MS | latency=MIN-MAX    added delay before each API request is handled
 *   error-rate=P                    share of requests answered 500 INTERNAL_ERROR, unprocessed (0-1 or N%)
 *   drop-rate=P                     share of requests whose connection is dropped, unprocessed
 *   fail=[METHOD:]PATH              500 for every request to PATH (`*` = one path segment); repeatable
 *   write-delay=MS                  writes are applied, then the response waits MS (a client timeout)
 *   write-drop                      writes are applied, then the connection is dropped with no response
 *   hang | hang=P | hang=[METHOD:]PATH  requests accepted and never answered (all, a share, or a path)
 *   throttle | throttle=P           share of requests answered 429 RATE_LIMITED, unprocessed
 *   retry-after=S                   the Retry-After (seconds) of those 429 answers; default 1
 *   status=CODE                     every request answered with that HTTP status (400-599), unprocessed
 *   seed=N                          seed of the random draws (same seed, same sequence)
 *
 * Items are separated by commas, e.g. `latency=50-150,error-rate=0.1,fail=PATCH:/v5/campaigns/*`.
 * `none` or an empty string means no faults. Admin endpoints are never affected. When several
 * apply to a request, the first in this order wins: drop-rate, hang, status, fail, throttle,
 * error-rate.
 */

export interface PathFault {
  method?: string;
  path: string;
}

export interface FaultConfig {
  latencyMs?: [number, number];
  errorRate?: number;
  dropRate?: number;
  fail?: PathFault[];
  writeDelayMs?: number;
  writeDrop?: boolean;
  /** Share of requests (0-1) accepted and never answered. */
  hangRate?: number;
  /** Requests to these paths are accepted and never answered. */
  hang?: PathFault[];
  /** Share of requests (0-1) answered 429 RATE_LIMITED. */
  throttleRate?: number;
  /** The `Retry-After` of an injected 429, in whole seconds (default 1). */
  retryAfterSeconds?: number;
  /** Every request is answered with this HTTP status. */
  status?: number;
  seed?: number;
}

export class FaultSpecError extends Error {}

/** The items of a spec string, in the order formatFaultSpec writes them. */
export const FAULT_NAMES = [
  'latency',
  'error-rate',
  'drop-rate',
  'fail',
  'write-delay',
  'write-drop',
  'hang',
  'throttle',
  'retry-after',
  'status',
  'seed',
] as const;
export type FaultName = (typeof FAULT_NAMES)[number];
const DEFAULT_RETRY_AFTER_SECONDS = 1;

function num(item: string, raw: string, opts: { min?: number; max?: number; integer?: boolean } = {}): number {
  const v = Number(raw);
  if (
    raw.trim() === '' ||
    !Number.isFinite(v) ||
    (opts.integer && !Number.isInteger(v)) ||
    (opts.min !== undefined && v < opts.min) ||
    (opts.max !== undefined && v > opts.max)
  ) {
    const range =
      opts.max !== undefined ? ` between ${opts.min ?? 0} and ${opts.max}` : opts.min !== undefined ? ` of at least ${opts.min}` : '';
    throw new FaultSpecError(`\`${item}\`: \`${raw}\` is not a${opts.integer ? 'n integer' : ' number'}${range}.`);
  }
  return v;
}

function rate(item: string, raw: string): number {
  const pct = raw.trim().endsWith('%');
  const v = num(item, pct ? raw.trim().slice(0, -1) : raw, { min: 0, max: pct ? 100 : 1 });
  return pct ? v / 100 : v;
}

function pathFault(item: string, raw: string): PathFault {
  const m = /^(?:([A-Za-z]+):)?(\/.*)$/.exec(raw.trim());
  if (!m)
    throw new FaultSpecError(
      `\`${item}\`: give a path starting with \`/\`, optionally after a method: \`fail=/v5/campaigns/search\` or \`fail=PATCH:/v5/campaigns/*\`.`,
    );
  return m[1] ? { method: m[1].toUpperCase(), path: m[2] } : { path: m[2] };
}

function exampleValue(name: string): string {
  if (name === 'fail') return '/v5/campaigns/search';
  if (name === 'status') return '503';
  if (name === 'retry-after' || name === 'seed') return '5';
  return name.endsWith('rate') || name === 'throttle' ? '0.1' : '100';
}

/** `hang` alone hangs every request, `hang=P` a share, `hang=[METHOD:]PATH` the matching ones. */
function addHang(config: FaultConfig, item: string, value: string | undefined): void {
  if (value === undefined || value === '') config.hangRate = 1;
  else if (/^(?:[A-Za-z]+:)?\//.test(value)) (config.hang ??= []).push(pathFault(item, value));
  else config.hangRate = rate(item, value);
}

function injectedStatus(item: string, raw: string): number {
  return num(item, raw, { integer: true, min: 400, max: 599 });
}

/** `retry-after` only means something for the 429s a fault makes. */
function checkRetryAfter(c: FaultConfig): void {
  if (c.retryAfterSeconds !== undefined && !c.throttleRate && c.status !== 429) {
    throw new FaultSpecError('`retry-after` sets the `Retry-After` of injected 429 answers: give it with `throttle=P` (or `status=429`).');
  }
}

export function parseFaultSpec(spec: string): FaultConfig {
  const config: FaultConfig = {};
  const text = spec.trim();
  if (text === '' || text === 'none') return config;
  for (const rawItem of text.split(',')) {
    const item = rawItem.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    const name = (eq < 0 ? item : item.slice(0, eq)).trim().toLowerCase();
    const value = eq < 0 ? undefined : item.slice(eq + 1).trim();
    const need = (): string => {
      if (value === undefined || value === '')
        throw new FaultSpecError(`\`${name}\` needs a value, e.g. \`${name}=${exampleValue(name)}\`.`);
      return value;
    };
    switch (name) {
      case 'latency': {
        const v = need();
        const m = /^(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)$/.exec(v);
        if (m) {
          const lo = num(item, m[1], { min: 0 });
          const hi = num(item, m[2], { min: 0 });
          if (hi < lo) throw new FaultSpecError(`\`${item}\`: the range must go from low to high, e.g. \`latency=50-200\`.`);
          config.latencyMs = [lo, hi];
        } else {
          const ms = num(item, v, { min: 0 });
          config.latencyMs = [ms, ms];
        }
        break;
      }
      case 'error-rate':
        config.errorRate = rate(item, need());
        break;
      case 'drop-rate':
        config.dropRate = rate(item, need());
        break;
      case 'fail':
        (config.fail ??= []).push(pathFault(item, need()));
        break;
      case 'write-delay':
        config.writeDelayMs = num(item, need(), { min: 0 });
        break;
      case 'write-drop':
        if (value !== undefined && !['true', 'false', '1', '0', 'on', 'off'].includes(value.toLowerCase()))
          throw new FaultSpecError(`\`${item}\`: write \`write-drop\` alone, or \`write-drop=true\` / \`false\`.`);
        config.writeDrop = value === undefined || ['true', '1', 'on'].includes(value.toLowerCase());
        break;
      case 'hang':
        addHang(config, item, value);
        break;
      case 'throttle':
        config.throttleRate = value === undefined ? 1 : rate(item, need());
        break;
      case 'retry-after':
        config.retryAfterSeconds = num(item, need(), { integer: true, min: 0 });
        break;
      case 'status':
        config.status = injectedStatus(item, need());
        break;
      case 'seed':
        config.seed = num(item, need(), { integer: true, min: 0 });
        break;
      default: {
        throw new FaultSpecError(`Unknown fault \`${name}\`. Known faults: ${FAULT_NAMES.map(k => `\`${k}\``).join(', ')}.`);
      }
    }
  }
  checkRetryAfter(config);
  return config;
}

/** Checks a fault set given as a JSON object (admin endpoint); returns it normalized. */
export function faultConfigFromJson(v: unknown): FaultConfig {
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    throw new FaultSpecError('Send a fault object such as `{ "errorRate": 0.2 }` or `{ "spec": "error-rate=0.2" }`.');
  const o = v as Record<string, unknown>;
  if (typeof o.spec === 'string') return parseFaultSpec(o.spec);
  const out: FaultConfig = {};
  const known = [
    'latencyMs',
    'errorRate',
    'dropRate',
    'fail',
    'writeDelayMs',
    'writeDrop',
    'hangRate',
    'hang',
    'throttleRate',
    'retryAfterSeconds',
    'status',
    'seed',
  ];
  for (const k of Object.keys(o))
    if (!known.includes(k))
      throw new FaultSpecError(
        `Unknown fault field \`${k}\`. Known fields: ${known.map(x => `\`${x}\``).join(', ')}, or \`spec\` with a fault string.`,
      );
  const isRate = (x: unknown) => typeof x === 'number' && x >= 0 && x <= 1;
  const isMs = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0;
  if (o.latencyMs !== undefined) {
    const l = o.latencyMs;
    if (isMs(l)) out.latencyMs = [l as number, l as number];
    else if (Array.isArray(l) && l.length === 2 && isMs(l[0]) && isMs(l[1]) && l[0] <= l[1]) out.latencyMs = [l[0], l[1]];
    else throw new FaultSpecError('`latencyMs` is a number of milliseconds or a `[min, max]` pair.');
  }
  for (const k of ['errorRate', 'dropRate', 'hangRate', 'throttleRate'] as const) {
    if (o[k] === undefined) continue;
    if (!isRate(o[k])) throw new FaultSpecError(`\`${k}\` is a number from 0 to 1.`);
    out[k] = o[k] as number;
  }
  for (const k of ['fail', 'hang'] as const) {
    if (o[k] !== undefined) out[k] = pathFaultsFromJson(k, o[k]);
  }
  if (o.writeDelayMs !== undefined) {
    if (!isMs(o.writeDelayMs)) throw new FaultSpecError('`writeDelayMs` is a number of milliseconds.');
    out.writeDelayMs = o.writeDelayMs as number;
  }
  if (o.writeDrop !== undefined) {
    if (typeof o.writeDrop !== 'boolean') throw new FaultSpecError('`writeDrop` is true or false.');
    out.writeDrop = o.writeDrop;
  }
  if (o.retryAfterSeconds !== undefined) {
    if (!isWhole(o.retryAfterSeconds)) throw new FaultSpecError('`retryAfterSeconds` is a whole number of seconds.');
    out.retryAfterSeconds = o.retryAfterSeconds as number;
  }
  if (o.status !== undefined) {
    if (!isWhole(o.status) || (o.status as number) < 400 || (o.status as number) > 599)
      throw new FaultSpecError('`status` is an HTTP status from 400 to 599.');
    out.status = o.status as number;
  }
  if (o.seed !== undefined) {
    if (!isWhole(o.seed)) throw new FaultSpecError('`seed` is a non-negative integer.');
    out.seed = o.seed as number;
  }
  checkRetryAfter(out);
  return out;
}

function isWhole(x: unknown): boolean {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0;
}

function pathFaultsFromJson(name: string, v: unknown): PathFault[] {
  if (!Array.isArray(v)) throw new FaultSpecError(`\`${name}\` is a list of \`{ "path": "/v5/…", "method"?: "PATCH" }\`.`);
  return v.map(f => {
    if (typeof f === 'string') return pathFault(name, f);
    if (
      f &&
      typeof f === 'object' &&
      typeof f.path === 'string' &&
      f.path.startsWith('/') &&
      (f.method === undefined || typeof f.method === 'string')
    ) {
      return f.method ? { method: String(f.method).toUpperCase(), path: f.path } : { path: f.path };
    }
    throw new FaultSpecError(`Each \`${name}\` entry is \`{ "path": "/v5/…", "method"?: "PATCH" }\` or a string \`[METHOD:]PATH\`.`);
  });
}

/** The spec string of a fault set (what `GET /__admin/faults` reports beside the object). */
export function formatFaultSpec(c: FaultConfig): string {
  const items: string[] = [];
  if (c.latencyMs)
    items.push(specItem('latency', c.latencyMs[0] === c.latencyMs[1] ? c.latencyMs[0] : `${c.latencyMs[0]}-${c.latencyMs[1]}`));
  if (c.errorRate) items.push(specItem('error-rate', c.errorRate));
  if (c.dropRate) items.push(specItem('drop-rate', c.dropRate));
  for (const f of c.fail ?? []) items.push(specItem('fail', f));
  if (c.writeDelayMs !== undefined) items.push(specItem('write-delay', c.writeDelayMs));
  if (c.writeDrop) items.push(specItem('write-drop'));
  if (c.hangRate) items.push(hangShareItem(c.hangRate));
  for (const f of c.hang ?? []) items.push(specItem('hang', f));
  if (c.throttleRate) items.push(specItem('throttle', c.throttleRate));
  if (c.retryAfterSeconds !== undefined) items.push(specItem('retry-after', c.retryAfterSeconds));
  if (c.status !== undefined) items.push(specItem('status', c.status));
  if (c.seed !== undefined) items.push(specItem('seed', c.seed));
  return items.length ? items.join(',') : 'none';
}

/** One item of a spec string, as formatFaultSpec writes it and an injected answer names its fault. */
function specItem(name: FaultName, value?: number | string | PathFault): string {
  if (value === undefined) return name;
  return `${name}=${typeof value === 'object' ? pathText(value) : value}`;
}

/** `hang` for every request, `hang=P` for a share. */
function hangShareItem(rate: number): string {
  return specItem('hang', rate === 1 ? undefined : rate);
}

function pathText(f: PathFault): string {
  return `${f.method ? `${f.method}:` : ''}${f.path}`;
}

function pathMatches(pattern: string, path: string): boolean {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('/').filter(Boolean);
  if (p.length !== s.length) return false;
  return p.every((seg, i) => seg === '*' || seg === s[i]);
}

function pathMatch(faults: PathFault[] | undefined, method: string, path: string): PathFault | undefined {
  return faults?.find(f => (!f.method || f.method === method.toUpperCase()) && pathMatches(f.path, path));
}

/** An answer the fault gives instead of the service: which fault, the status, why. */
export interface InjectedAnswer {
  kind: 'answer';
  fault: 'error' | 'throttle' | 'status';
  status: number;
  reason: string;
  /** The `Retry-After` of a 429 answer: set on every 429, on no other. */
  retryAfterSeconds?: number;
}

export type PreFault = { kind: 'drop' } | { kind: 'hang'; reason: string } | InjectedAnswer | undefined;

/** The faults in force, with their random source. */
export class Faults {
  private config: FaultConfig = {};
  private random: () => number = seededRandom(1);

  constructor(initial?: FaultConfig) {
    if (initial) this.set(initial);
  }

  set(config: FaultConfig): void {
    this.config = { ...config };
    if (config.fail) this.config.fail = [...config.fail];
    if (config.hang) this.config.hang = [...config.hang];
    this.random = seededRandom(config.seed ?? 1);
  }

  get(): FaultConfig {
    return { ...this.config };
  }

  /** What happens to a request before it is handled. */
  before(method: string, path: string): PreFault {
    const c = this.config;
    if (c.dropRate && this.random() < c.dropRate) return { kind: 'drop' };
    const hangPath = pathMatch(c.hang, method, path);
    if (hangPath) return { kind: 'hang', reason: specItem('hang', hangPath) };
    if (c.hangRate && this.random() < c.hangRate) return { kind: 'hang', reason: hangShareItem(c.hangRate) };
    if (c.status !== undefined) return this.answer('status', c.status, specItem('status', c.status));
    const failPath = pathMatch(c.fail, method, path);
    if (failPath) return this.answer('error', 500, specItem('fail', failPath));
    if (c.throttleRate && this.random() < c.throttleRate) return this.answer('throttle', 429, specItem('throttle', c.throttleRate));
    if (c.errorRate && this.random() < c.errorRate) return this.answer('error', 500, specItem('error-rate', c.errorRate));
    return undefined;
  }

  private answer(fault: InjectedAnswer['fault'], status: number, reason: string): InjectedAnswer {
    const retry = status === 429 ? { retryAfterSeconds: this.config.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS } : {};
    return { kind: 'answer', fault, status, reason, ...retry };
  }

  latency(): number {
    const l = this.config.latencyMs;
    if (!l) return 0;
    return l[0] === l[1] ? l[0] : l[0] + Math.round(this.random() * (l[1] - l[0]));
  }

  /** What happens to the response of a write that was applied. */
  afterWrite(): { kind: 'drop' } | { kind: 'delay'; ms: number } | undefined {
    if (this.config.writeDrop) return { kind: 'drop' };
    if (this.config.writeDelayMs) return { kind: 'delay', ms: this.config.writeDelayMs };
    return undefined;
  }
}
