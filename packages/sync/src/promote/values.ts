import * as l10n from '@vscode/l10n';
import { dequal } from 'dequal';
import { cloneJson, code, isObject, parse, setMember } from '@campaign-studio/core';
import { CampaignDoc } from '../push/model';

/**
 * Values that differ per environment (a subscription category, a connector, a segment id, UTM
 * values, a test audience…), declared once in a committed `campaign.values.json` and put in place
 * by every promotion:
 * ```json
 * { "version": 1,
 *   "values": [
 *     { "path": "basic_details.subscription_category",
 *       "values": { "staging": "news-test", "production": "news" } },
 *     { "path": "segmentation_details.included_filters.filters[*].value", "when": "seg_staging_42",
 *       "values": { "production": "seg_prod_17" } } ] }
 * ```
 * `path` is a JSON path into the campaign (`$.` optional, `[n]` an element, `[*]` every element).
 * Without `when`, wherever the path exists the promoted campaign takes the target environment's
 * value. With `when`, only where the source holds exactly that value. A value declared for the
 * source environment (or as `when`) is that environment's own: a promotion that would carry it
 * into an environment whose value differs is refused, with the path and the place to declare it.
 */

export const VALUES_FILE = 'campaign.values.json';
export const VALUES_VERSION = 1;

export interface EnvironmentValue {
  path: string;
  /** Only where the source holds exactly this value. */
  when?: unknown;
  /** The value in each environment, by environment name. */
  values: Record<string, unknown>;
}

export interface ValuesFile {
  version: typeof VALUES_VERSION;
  values: EnvironmentValue[];
}

export const NO_VALUES: ValuesFile = Object.freeze({ version: VALUES_VERSION, values: [] }) as unknown as ValuesFile;

export class ValuesFileError extends Error {}

type Segment = string | number | '*';

/** `a.b[0].c[*]` (optionally `$.a…`) as segments; undefined when it is not such a path. */
export function pathSegments(text: string): Segment[] | undefined {
  const body = text.replace(/^\$\.?/, '');
  if (body.startsWith('.')) return undefined;
  const out: Segment[] = [];
  const token = /([A-Za-z0-9_$-]+)|\[(\d+|\*)\]|\.(?=[A-Za-z0-9_$-])/gy;
  let m: RegExpExecArray | null;
  while (token.lastIndex < body.length && (m = token.exec(body))) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(m[2] === '*' ? '*' : Number(m[2]));
  }
  return token.lastIndex === body.length && out.length && typeof out[0] === 'string' ? out : undefined;
}

export function parseValues(text: string, shown: string): ValuesFile {
  const { value, syntax } = parse(text);
  const fix = l10n.t('Write {0}.', '{ "version": 1, "values": [ { "path": "…", "values": { "<environment>": … } } ] }');
  if (syntax.length || !isObject(value))
    throw new ValuesFileError(l10n.t('{0} is not valid JSON ({1}). {2}', shown, syntax[0]?.message ?? l10n.t('not an object'), fix));
  if (value.version !== VALUES_VERSION)
    throw new ValuesFileError(l10n.t('{0} must say `"version": {1}` (this Campaign Studio reads version {1}).', shown, VALUES_VERSION));
  if (!Array.isArray(value.values)) throw new ValuesFileError(l10n.t('{0} has no `values` array. {1}', shown, fix));
  const problem = value.values.map((v, i) => entryProblem(v, i)).find(Boolean);
  if (problem) throw new ValuesFileError(`${shown}: ${problem}`);
  return { version: VALUES_VERSION, values: value.values as unknown as EnvironmentValue[] };
}

function entryProblem(v: unknown, i: number): string | undefined {
  const where = code(`values[${i}]`);
  if (!isObject(v)) return l10n.t('{0} must be an object with `path` and `values`.', where);
  if (typeof v.path !== 'string' || !pathSegments(v.path))
    return l10n.t('{0}.path must be a JSON path such as {1}.', where, code('basic_details.subscription_category'));
  if (!isObject(v.values) || !Object.keys(v.values).length)
    return l10n.t('{0}.values must map environment names to values, such as {1}.', where, code('{ "staging": "a", "production": "b" }'));
  return undefined;
}

/** A value replaced by the target's. */
export interface Substitution {
  path: string;
  from: unknown;
  to: unknown;
}

/** A value that must not reach the target, and where to declare the target's own. */
export interface ValueRefusal {
  path: string;
  value: unknown;
  message: string;
}

export interface MappedValues {
  doc: CampaignDoc;
  substituted: Substitution[];
  refused: ValueRefusal[];
}

/** The source's content with the target environment's values put in place, and what must not be carried. */
export function mapValues(doc: CampaignDoc, file: ValuesFile, from: string, to: string, shown = VALUES_FILE): MappedValues {
  const out = cloneJson(doc);
  const substituted: Substitution[] = [];
  const refused: ValueRefusal[] = [];
  file.values.forEach((entry, i) => {
    for (const at of locations(out, pathSegments(entry.path) ?? [])) {
      const here = valueAt(out, at);
      if ('when' in entry ? !dequal(here, entry.when) : false) continue;
      const target = valueFor(entry, to);
      if (!target.declared) {
        refused.push(missingTarget(at, here, i, to, shown));
        continue;
      }
      if (dequal(here, target.value)) continue;
      setAt(out, at, target.value);
      substituted.push({ path: pathText(at), from: here, to: target.value });
    }
  });
  return { doc: out, substituted, refused: [...refused, ...sourceOnlyValues(out, file, from, to, shown, refused)] };
}

function valueFor(entry: EnvironmentValue, env: string): { declared: boolean; value?: unknown } {
  const key = Object.keys(entry.values).find(k => k.toLowerCase() === env.toLowerCase());
  return key === undefined ? { declared: false } : { declared: true, value: entry.values[key] };
}

function missingTarget(at: Array<string | number>, value: unknown, i: number, to: string, shown: string): ValueRefusal {
  return {
    path: pathText(at),
    value,
    message: l10n.t(
      '{0} holds {1}, which {2} declares per environment ({3}) without a value for {4}: add {5} to its `values`.',
      code(pathText(at)),
      code(value),
      shown,
      code(`values[${i}]`),
      to,
      code(`"${to}": …`),
    ),
  };
}

/**
 * Strings of the result that are another environment's declared value (the source's, or a
 * `when`) and not the target's: they would carry the source's own value into the target.
 */
function sourceOnlyValues(
  doc: CampaignDoc,
  file: ValuesFile,
  from: string,
  to: string,
  shown: string,
  already: ValueRefusal[],
): ValueRefusal[] {
  const own = new Map<string, number>();
  file.values.forEach((entry, i) => {
    const target = valueFor(entry, to);
    for (const v of [valueFor(entry, from).value, entry.when]) {
      if (typeof v === 'string' && v !== '' && !(target.declared && dequal(target.value, v)) && !own.has(v)) own.set(v, i);
    }
  });
  if (!own.size) return [];
  const said = new Set(already.map(r => r.path));
  return leaves(doc, []).flatMap(({ at, value }) => {
    const i = typeof value === 'string' ? own.get(value) : undefined;
    const path = pathText(at);
    if (i === undefined || said.has(path)) return [];
    return [
      {
        path,
        value,
        message: l10n.t(
          "{0} would carry {1} into {2}, and {3} declares it as {4}'s own ({5}): declare the value {2} should have there (its {6}), or change it in the source.",
          code(path),
          code(value),
          to,
          shown,
          from,
          code(`values[${i}]`),
          code(`values.${to}`),
        ),
      },
    ];
  });
}

function leaves(v: unknown, at: Array<string | number>): Array<{ at: Array<string | number>; value: unknown }> {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, [...at, i]));
  if (isObject(v)) return Object.keys(v).flatMap(k => leaves(v[k], [...at, k]));
  return [{ at, value: v }];
}

/** Every concrete place the segments name that exists in `doc`. */
function locations(doc: unknown, segments: Segment[]): Array<Array<string | number>> {
  const walk = (v: unknown, i: number, at: Array<string | number>): Array<Array<string | number>> => {
    if (i === segments.length) return [at];
    const s = segments[i];
    if (s === '*') return Array.isArray(v) ? v.flatMap((x, j) => walk(x, i + 1, [...at, j])) : [];
    if (typeof s === 'number') return Array.isArray(v) && s < v.length ? walk(v[s], i + 1, [...at, s]) : [];
    return isObject(v) && Object.prototype.hasOwnProperty.call(v, s) ? walk(v[s], i + 1, [...at, s]) : [];
  };
  return walk(doc, 0, []);
}

function valueAt(doc: unknown, at: Array<string | number>): unknown {
  return at.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], doc);
}

function setAt(doc: CampaignDoc, at: Array<string | number>, value: unknown): void {
  const parent = valueAt(doc, at.slice(0, -1)) as Record<string, unknown> | unknown[];
  const last = at[at.length - 1];
  if (Array.isArray(parent)) parent[last as number] = cloneJson(value);
  else setMember(parent, String(last), cloneJson(value));
}

export function pathText(at: Array<string | number>): string {
  return at.map((k, i) => (typeof k === 'number' ? `[${k}]` : i ? `.${k}` : k)).join('');
}
