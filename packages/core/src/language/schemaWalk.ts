import { dequal } from 'dequal';
import bundleJson from '../generated/schemas.json';
import { lookup } from './schemaErrors';
import { join, toPointer, unescapeSegment } from '../model/pointer';
import { DocumentKind } from '../model/types';
import { isObject } from '../model/json';

/**
 * Finds the schema nodes that apply at a place in a document, so that completions and hovers
 * speak for exactly this channel, delivery type and filter type.
 *
 * It reads the schema bundle written by `scripts/compile-schemas.mjs` and follows what the
 * validators follow: `$ref`, `allOf`, `if`/`then`/`else` (evaluated against the document, so the
 * `channel` branches pick the Push or Email components), and `oneOf`/`anyOf` (the `discriminator`
 * picks one branch by its tag, as ajv does; without a tag, the branches that the value fits).
 */

export type Schema = { [keyword: string]: any };
export type Segment = string | number;

/** A schema node and where it sits: its file in the bundle and its JSON pointer in that file. */
export interface SchemaNode {
  schema: Schema;
  file: string;
  pointer: string;
}

/**
 * One applicable node. `all` is true when the value must satisfy it (the schema itself, `allOf`,
 * a taken `if` branch, the chosen `oneOf` branch); false for one of several `oneOf`/`anyOf`
 * branches that the value has not yet chosen between.
 */
export interface Applied {
  node: SchemaNode;
  all: boolean;
}

const TOP_FILE: Record<DocumentKind, string> = {
  campaign: 'campaign.schema.json',
  search: 'search.schema.json',
  campaignrc: 'campaignrc.schema.json',
};

export class SchemaSet {
  private readonly byId = new Map<string, string>();

  constructor(readonly bundle: Record<string, Schema>) {
    for (const [file, schema] of Object.entries(bundle)) {
      if (schema && typeof schema.$id === 'string') this.byId.set(stripHash(schema.$id), file);
    }
  }

  top(kind: DocumentKind): SchemaNode | undefined {
    const file = TOP_FILE[kind];
    const schema = this.bundle[file];
    return isSchema(schema) ? { schema, file, pointer: '' } : undefined;
  }

  /** The node a `$ref` names, relative to the file that holds it. */
  resolve(from: SchemaNode, ref: string): SchemaNode | undefined {
    const hash = ref.indexOf('#');
    const target = hash >= 0 ? ref.slice(0, hash) : ref;
    const fragment = hash >= 0 ? decodeURIComponent(ref.slice(hash + 1)) : '';
    let file = from.file;
    if (target !== '') {
      const base = this.bundle[from.file]?.$id;
      let id: string;
      try {
        id = stripHash(new URL(target, typeof base === 'string' ? base : 'https://campaign-studio.dev/schemas/').href);
      } catch {
        return undefined;
      }
      const hit = this.byId.get(id) ?? this.byFileName(target);
      if (!hit) return undefined;
      file = hit;
    }
    let schema: unknown = this.bundle[file];
    const segs = fragment === '' ? [] : fragment.replace(/^\//, '').split('/').map(unescapeSegment);
    for (const s of segs) {
      if (!schema || typeof schema !== 'object') return undefined;
      schema = (schema as Record<string, unknown>)[s];
    }
    return isSchema(schema) ? { schema, file, pointer: toPointer(segs) } : undefined;
  }

  private byFileName(target: string): string | undefined {
    const name = target.slice(target.lastIndexOf('/') + 1);
    return this.bundle[name] ? name : undefined;
  }
}

function stripHash(id: string): string {
  const i = id.indexOf('#');
  return i >= 0 ? id.slice(0, i) : id;
}

function isSchema(v: unknown): v is Schema {
  return isObject(v);
}

function child(node: SchemaNode, ...segs: Array<string | number>): SchemaNode | undefined {
  let schema: unknown = node.schema;
  for (const s of segs) {
    if (!schema || typeof schema !== 'object') return undefined;
    schema = (schema as Record<string, unknown>)[s];
  }
  return isSchema(schema) ? { schema, file: node.file, pointer: join(node.pointer, ...segs) } : undefined;
}

let defaultSet: SchemaSet | undefined;

/** The rule set's schemas, as bundled into the server at build time. */
export function defaultSchemas(): SchemaSet {
  if (!defaultSet) defaultSet = new SchemaSet(bundleJson as unknown as Record<string, Schema>);
  return defaultSet;
}

// ---------------------------------------------------------------------------------------------
// Expansion

const MAX_EXPAND = 64;

/** The node itself and every node that applies to the same value, given that value. */
function expand(set: SchemaSet, node: SchemaNode, instance: unknown, all = true): Applied[] {
  const out: Applied[] = [];
  const seen = new Set<string>();
  const visit = (n: SchemaNode, must: boolean, depth: number): void => {
    if (depth > MAX_EXPAND) return;
    const id = `${n.file}#${n.pointer}|${must}`;
    if (seen.has(id)) return;
    seen.add(id);
    out.push({ node: n, all: must });
    const s = n.schema;
    if (typeof s.$ref === 'string') {
      const r = set.resolve(n, s.$ref);
      if (r) visit(r, must, depth + 1);
    }
    if (Array.isArray(s.allOf)) {
      s.allOf.forEach((_: unknown, i: number) => {
        const c = child(n, 'allOf', i);
        if (c) visit(c, must, depth + 1);
      });
    }
    if (isSchema(s.if)) {
      if (instance === undefined) {
        // No value yet: either branch may come to apply, so both say what may go here.
        for (const b of ['then', 'else']) {
          const c = child(n, b);
          if (c) visit(c, false, depth + 1);
        }
      } else {
        const taken = matches(set, child(n, 'if')!, instance) ? 'then' : 'else';
        const branch = child(n, taken);
        if (branch) visit(branch, must, depth + 1);
      }
    }
    for (const kw of ['oneOf', 'anyOf'] as const) {
      if (!Array.isArray(s[kw])) continue;
      const branches: SchemaNode[] = [];
      s[kw].forEach((_: unknown, i: number) => {
        const c = child(n, kw, i);
        if (c) branches.push(c);
      });
      const chosen = choose(set, s, branches, instance);
      const single = chosen.length === 1;
      for (const b of chosen) visit(b, must && single, depth + 1);
    }
  };
  visit(node, all, 0);
  return out;
}

/** The branches of a oneOf/anyOf that apply: by discriminator tag, else by fit, else all. */
function choose(set: SchemaSet, parent: Schema, branches: SchemaNode[], instance: unknown): SchemaNode[] {
  const tagName = parent.discriminator?.propertyName;
  if (typeof tagName === 'string' && isObject(instance) && instance[tagName] !== undefined) {
    const tag = instance[tagName];
    const hit = branches.filter(b => tagValues(set, b, tagName).some(v => v === tag));
    if (hit.length) return hit;
    return branches;
  }
  if (instance === undefined) return branches;
  const fit = branches.filter(b => matches(set, b, instance));
  return fit.length ? fit : branches;
}

/** The values of a discriminator tag that a branch accepts (`const` or `enum`, through `$ref`). */
function tagValues(set: SchemaSet, branch: SchemaNode, tagName: string): unknown[] {
  const out: unknown[] = [];
  for (const a of expand(set, branch, undefined)) {
    const p = a.node.schema.properties?.[tagName];
    if (!isSchema(p)) continue;
    const pn = child(a.node, 'properties', tagName)!;
    for (const q of expand(set, pn, undefined)) {
      if ('const' in q.node.schema) out.push(q.node.schema.const);
      if (Array.isArray(q.node.schema.enum)) out.push(...q.node.schema.enum);
    }
  }
  return out;
}

/**
 * The values a discriminator tag may take (`filter_type`), one per branch of the discriminated
 * `oneOf` of an object at `parents`: all of them, whichever branch the value has chosen so far.
 */
export function tagAlternatives(set: SchemaSet, parents: Applied[], key: string): EnumValue[] | undefined {
  let out: EnumValue[] | undefined;
  for (const a of parents) {
    const s = a.node.schema;
    if (s.discriminator?.propertyName !== key) continue;
    for (const kw of ['oneOf', 'anyOf'] as const) {
      if (!Array.isArray(s[kw])) continue;
      s[kw].forEach((_: unknown, i: number) => {
        const branch = child(a.node, kw, i);
        if (!branch) return;
        const info = describe(step(set, expand(set, branch, undefined), key, undefined));
        const target = expand(set, branch, undefined)
          .map(x => x.node.schema)
          .find(x => typeof (x.markdownDescription ?? x.title) === 'string');
        for (const v of tagValues(set, branch, key)) {
          out ??= [];
          if (out.some(o => o.value === v)) continue;
          out.push({
            value: v,
            description: info.values?.find(x => x.value === v)?.description ?? target?.markdownDescription ?? target?.title,
          });
        }
      });
    }
  }
  return out;
}

/** A value's JSON Schema type, `integer` told from `number`. */
export function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/**
 * Whether `instance` satisfies `node`, for the keywords conditions are written with. Keywords it
 * does not know count as satisfied: a condition then errs towards the branch the schema names.
 * `undefined` (an absent value) fails `required` above it and satisfies the rest.
 */
function matches(set: SchemaSet, node: SchemaNode, instance: unknown, depth = 0): boolean {
  if (depth > MAX_EXPAND) return true;
  const s = node.schema;
  const sub = (n: SchemaNode | undefined, v: unknown): boolean => !n || matches(set, n, v, depth + 1);
  if (typeof s.$ref === 'string') {
    const r = set.resolve(node, s.$ref);
    if (r && !sub(r, instance)) return false;
  }
  if (instance === undefined) return true;
  if ('const' in s && !dequal(s.const, instance)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((e: unknown) => dequal(e, instance))) return false;
  if (s.type !== undefined) {
    const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
    const t = jsonType(instance);
    if (!types.some(x => x === t || (x === 'number' && t === 'integer'))) return false;
  }
  if (typeof instance === 'string') {
    if (typeof s.minLength === 'number' && instance.length < s.minLength) return false;
    if (typeof s.maxLength === 'number' && instance.length > s.maxLength) return false;
    if (typeof s.pattern === 'string') {
      try {
        if (!new RegExp(s.pattern, 'u').test(instance)) return false;
      } catch {
        /* an unreadable pattern decides nothing */
      }
    }
  }
  if (typeof instance === 'number') {
    if (typeof s.minimum === 'number' && instance < s.minimum) return false;
    if (typeof s.maximum === 'number' && instance > s.maximum) return false;
    if (typeof s.exclusiveMinimum === 'number' && instance <= s.exclusiveMinimum) return false;
    if (typeof s.exclusiveMaximum === 'number' && instance >= s.exclusiveMaximum) return false;
  }
  if (isObject(instance)) {
    if (Array.isArray(s.required) && !s.required.every((k: string) => k in instance)) return false;
    if (isSchema(s.properties)) {
      for (const k of Object.keys(s.properties)) {
        if (k in instance && !sub(child(node, 'properties', k), instance[k])) return false;
      }
    }
    if (s.additionalProperties === false && isSchema(s.properties)) {
      const patterns = isSchema(s.patternProperties) ? Object.keys(s.patternProperties) : [];
      for (const k of Object.keys(instance)) {
        if (k in s.properties) continue;
        if (patterns.some(p => safeTest(p, k))) continue;
        return false;
      }
    }
  }
  if (Array.isArray(instance)) {
    if (typeof s.minItems === 'number' && instance.length < s.minItems) return false;
    if (typeof s.maxItems === 'number' && instance.length > s.maxItems) return false;
    if (isSchema(s.contains)) {
      const c = child(node, 'contains');
      if (!instance.some(v => sub(c, v))) return false;
    }
    if (isSchema(s.items)) {
      const it = child(node, 'items');
      if (!instance.every(v => sub(it, v))) return false;
    }
  }
  if (Array.isArray(s.allOf) && !s.allOf.every((_: unknown, i: number) => sub(child(node, 'allOf', i), instance))) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((_: unknown, i: number) => sub(child(node, 'anyOf', i), instance))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((_: unknown, i: number) => sub(child(node, 'oneOf', i), instance)).length !== 1)
    return false;
  if (isSchema(s.not) && sub(child(node, 'not'), instance)) return false;
  if (isSchema(s.if)) {
    const branch = sub(child(node, 'if'), instance) ? child(node, 'then') : child(node, 'else');
    if (branch && !sub(branch, instance)) return false;
  }
  return true;
}

/** `false` or `{ not: {} }`: a property that must not be there at all. */
function isForbidden(s: Schema): boolean {
  return isSchema(s.not) && Object.keys(s.not).length === 0;
}

function safeTest(pattern: string, s: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(s);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Walking a document path

/** The nodes for one step down from `parents` (whose value is `parentValue`) along `seg`. */
function step(set: SchemaSet, parents: Applied[], seg: Segment, value: unknown): Applied[] {
  const out: Applied[] = [];
  for (const a of parents) {
    const s = a.node.schema;
    const next: SchemaNode[] = [];
    if (typeof seg === 'number') {
      if (Array.isArray(s.items)) {
        const c = seg < s.items.length ? child(a.node, 'items', seg) : child(a.node, 'additionalItems');
        if (c) next.push(c);
      } else if (isSchema(s.items)) {
        next.push(child(a.node, 'items')!);
      }
    } else {
      let named = false;
      if (isSchema(s.properties) && Object.prototype.hasOwnProperty.call(s.properties, seg) && isSchema(s.properties[seg])) {
        next.push(child(a.node, 'properties', seg)!);
        named = true;
      }
      if (isSchema(s.patternProperties)) {
        for (const p of Object.keys(s.patternProperties)) {
          if (safeTest(p, seg)) {
            const c = child(a.node, 'patternProperties', p);
            if (c) {
              next.push(c);
              named = true;
            }
          }
        }
      }
      if (!named && isSchema(s.additionalProperties)) next.push(child(a.node, 'additionalProperties')!);
    }
    for (const n of next) out.push(...expand(set, n, value, a.all));
  }
  return dedupe(out);
}

function dedupe(list: Applied[]): Applied[] {
  const seen = new Map<string, Applied>();
  for (const a of list) {
    const id = `${a.node.file}#${a.node.pointer}`;
    const had = seen.get(id);
    if (!had) seen.set(id, a);
    else if (a.all && !had.all) had.all = true;
  }
  return [...seen.values()];
}

/** The value at `path` inside `doc`, or undefined. */
export function valueAt(doc: unknown, path: readonly Segment[]): unknown {
  let cur = doc;
  for (const seg of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    if (Array.isArray(cur)) {
      if (typeof seg !== 'number' && !/^\d+$/.test(seg)) return undefined;
      cur = cur[Number(seg)];
    } else {
      if (!Object.prototype.hasOwnProperty.call(cur, seg)) return undefined;
      cur = (cur as Record<string, unknown>)[String(seg)];
    }
  }
  return cur;
}

/**
 * The schema nodes that apply to the value at `path` of `doc` (which may not exist yet: then
 * the nodes say what may go there). Empty when the schema says nothing about that place.
 */
export function schemasAt(set: SchemaSet, kind: DocumentKind, doc: unknown, path: readonly Segment[]): Applied[] {
  const top = set.top(kind);
  if (!top) return [];
  let cur = expand(set, top, doc);
  for (let i = 0; i < path.length && cur.length; i++) {
    const parentValue = valueAt(doc, path.slice(0, i));
    let seg = path[i];
    if (Array.isArray(parentValue) && typeof seg === 'string' && /^\d+$/.test(seg)) seg = Number(seg);
    cur = step(set, cur, seg, valueAt(doc, path.slice(0, i + 1)));
  }
  return cur;
}

// ---------------------------------------------------------------------------------------------
// What the applicable nodes say

export interface EnumValue {
  value: unknown;
  /** From `markdownEnumDescriptions` / `enumDescriptions` of the node that lists it. */
  description?: string;
}

export interface SchemaSnippet {
  label?: string;
  description?: string;
  markdownDescription?: string;
  body?: unknown;
  bodyText?: string;
}

/** Everything the schema says about one place, merged over the applicable nodes. */
export interface SchemaInfo {
  description?: string;
  /** JSON types allowed (`string`, `integer`, …); empty when not stated. */
  types: string[];
  /** The allowed values, when the schema lists them (enum / const), with their explanations. */
  values?: EnumValue[];
  default?: unknown;
  examples: unknown[];
  snippets: SchemaSnippet[];
  readOnly: boolean;
  channels?: string[];
  deliveryTypes?: string[];
  /** `x-limits` and numeric/length/item bounds, in words. */
  limits: string[];
  /** The rule ids the schema assigns to this place (nearest `x-rule` of each node). */
  rules: string[];
  /** `required` of the object nodes that must hold. */
  required: string[];
  /** Property names the object nodes list, in schema order. */
  properties: string[];
  /** False when some must-hold node closes the object (`additionalProperties: false`). */
  open: boolean;
  /** `x-order`: a preferred order of properties, when a schema gives one. */
  order?: string[];
}

export function describe(applied: Applied[]): SchemaInfo {
  const info: SchemaInfo = {
    types: [],
    examples: [],
    snippets: [],
    readOnly: false,
    limits: [],
    rules: [],
    required: [],
    properties: [],
    open: true,
  };
  let allowed: EnumValue[] | undefined;
  const anyValues: EnumValue[] = [];
  const descOf = new Map<string, string>();
  const ordered = [...applied].sort((a, b) => Number(b.all) - Number(a.all));
  for (const a of ordered) {
    const s = a.node.schema;
    if (info.description === undefined && typeof (s.markdownDescription ?? s.description) === 'string')
      info.description = s.markdownDescription ?? s.description;
    if (s.type !== undefined) for (const t of Array.isArray(s.type) ? s.type : [s.type]) if (!info.types.includes(t)) info.types.push(t);
    let vals: EnumValue[] | undefined;
    if ('const' in s)
      vals = [
        {
          value: s.const,
          description: Array.isArray(s.enumDescriptions) && typeof s.enumDescriptions[0] === 'string' ? s.enumDescriptions[0] : undefined,
        },
      ];
    if (Array.isArray(s.enum)) {
      const descs: unknown[] = Array.isArray(s.markdownEnumDescriptions)
        ? s.markdownEnumDescriptions
        : Array.isArray(s.enumDescriptions)
          ? s.enumDescriptions
          : [];
      vals = s.enum.map((v: unknown, i: number) => ({
        value: v,
        description: typeof descs[i] === 'string' ? (descs[i] as string) : undefined,
      }));
    }
    if (vals) {
      for (const v of vals) if (v.description) descOf.set(JSON.stringify(v.value), v.description);
      if (a.all) allowed = allowed ? allowed.filter(x => vals!.some(y => dequal(x.value, y.value))) : vals;
      else for (const v of vals) if (!anyValues.some(x => dequal(x.value, v.value))) anyValues.push(v);
    }
    if (info.default === undefined && 'default' in s) info.default = s.default;
    if (Array.isArray(s.examples)) info.examples.push(...s.examples);
    if (Array.isArray(s.defaultSnippets)) info.snippets.push(...s.defaultSnippets.filter(isSchema));
    if (s['x-read-only'] === true) info.readOnly = true;
    if (Array.isArray(s['x-channels']) && !info.channels) info.channels = s['x-channels'];
    if (Array.isArray(s['x-delivery-types']) && !info.deliveryTypes) info.deliveryTypes = s['x-delivery-types'];
    if (Array.isArray(s['x-order']) && !info.order) info.order = s['x-order'];
    for (const l of limitsOf(s)) if (!info.limits.includes(l)) info.limits.push(l);
    const rule = lookup(`${a.node.file}#${a.node.pointer}`).rule;
    if (!info.rules.includes(rule)) info.rules.push(rule);
    if (a.all && Array.isArray(s.required)) for (const r of s.required) if (!info.required.includes(r)) info.required.push(r);
    if (isSchema(s.properties)) for (const p of Object.keys(s.properties)) if (!info.properties.includes(p)) info.properties.push(p);
    if (a.all && s.additionalProperties === false && !isSchema(s.patternProperties)) info.open = false;
  }
  const values = allowed ?? (anyValues.length ? anyValues : undefined);
  if (values) info.values = values.map(v => ({ value: v.value, description: v.description ?? descOf.get(JSON.stringify(v.value)) }));
  return info;
}

/** Bounds in words: `x-limits` first (free text or `{ name: text }`), then the numeric keywords. */
function limitsOf(s: Schema): string[] {
  const out: string[] = [];
  const range = (lo: unknown, hi: unknown, unit: string): void => {
    if (typeof lo === 'number' && typeof hi === 'number') out.push(`${lo} to ${hi}${unit}`);
    else if (typeof lo === 'number') out.push(`at least ${lo}${unit}`);
    else if (typeof hi === 'number') out.push(`at most ${hi}${unit}`);
  };
  const x = s['x-limits'];
  let bounds = false;
  if (typeof x === 'string') out.push(x);
  else if (Array.isArray(x)) out.push(...x.filter((v): v is string => typeof v === 'string'));
  else if (isSchema(x)) {
    // `{ minimum, maximum, exclusiveMinimum, exclusiveMaximum, unit }` read as one range; other
    // entries (`customKeys: 5`) as words.
    const unit = typeof x.unit === 'string' ? ` ${x.unit}` : '';
    const before = out.length;
    range(x.minimum, x.maximum, unit);
    if (typeof x.exclusiveMinimum === 'number') out.push(`more than ${x.exclusiveMinimum}${unit}`);
    if (typeof x.exclusiveMaximum === 'number') out.push(`less than ${x.exclusiveMaximum}${unit}`);
    bounds = out.length > before;
    for (const [k, v] of Object.entries(x)) {
      if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'unit'].includes(k)) continue;
      const words = k
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/_/g, ' ')
        .toLowerCase();
      out.push(typeof v === 'number' ? `at most ${v} ${words}` : `${words}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
    }
  }
  if (!bounds) {
    range(s.minimum, s.maximum, '');
    if (typeof s.exclusiveMinimum === 'number') out.push(`more than ${s.exclusiveMinimum}`);
    if (typeof s.exclusiveMaximum === 'number') out.push(`less than ${s.exclusiveMaximum}`);
  }
  range(s.minLength, s.maxLength, ' characters');
  range(s.minItems, s.maxItems, ' items');
  if (typeof s.maxProperties === 'number') out.push(`at most ${s.maxProperties} properties`);
  if (s.uniqueItems === true) out.push('no duplicates');
  return out;
}

/** The schemas of each property an object may have at `path`, for property completions. */
export function propertySchemas(set: SchemaSet, objectNodes: Applied[], objectValue: unknown): Map<string, Applied[]> {
  const out = new Map<string, Applied[]>();
  for (const a of objectNodes) {
    const props = a.node.schema.properties;
    if (!isSchema(props)) continue;
    for (const k of Object.keys(props)) {
      if (out.has(k) || !isSchema(props[k]) || isForbidden(props[k])) continue;
      const v = isObject(objectValue) ? objectValue[k] : undefined;
      out.set(k, step(set, objectNodes, k, v));
    }
  }
  return out;
}
