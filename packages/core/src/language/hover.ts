import * as l10n from '@vscode/l10n';
import * as jsonc from 'jsonc-parser';
import type { Hover, MarkupContent } from 'vscode-languageserver-types';
import { ParsedDocument } from './parse';
import { nodeRange, offsetAt, Position, Range } from './ranges';
import { nodeAt } from './nodeAt';
import { Applied, defaultSchemas, describe, propertySchemas, SchemaInfo, SchemaSet, schemasAt, Segment, valueAt } from './schemaWalk';
import { allowedValues, applicability, CHANNEL_NAMES, editContext, EditContext } from './editingContext';
import { RULES, ruleHref } from '../rules/catalog';
import { code, didYouMean } from '../model/strings';
import type { RuleLink } from './ruleLinks';
import { DocumentKind, Severity, WorkspaceSettings } from '../model/types';
import { isObj } from '../rules/util';
import { scheduleInstant, sendTimeline } from '../summary/timeline';

/**
 * Hovers: what a property is, its type and allowed values, the channels and delivery types it
 * applies to, the rules that govern it and its limits; an enum value gets its own explanation.
 * Everything comes from the schema bundle and the rule catalogue, so it grows with the rule set.
 */

export interface HoverInput {
  parsed: ParsedDocument;
  kind: DocumentKind;
  settings: WorkspaceSettings;
  position: Position;
  schemas?: SchemaSet;
  /** Where the rule links point (the repository's page by default). */
  ruleLink?: RuleLink;
  /** The IANA zone of the person hovering, for the local time of `start_time` and `expiry_time` (UTC when absent). */
  viewerZone?: string;
  /** The document's problems with their ranges: those under the cursor are shown first. */
  problems?: ReadonlyArray<HoverProblem>;
}

/** A finding where it is in the text. */
export interface HoverProblem {
  rule: string;
  severity: Severity;
  message: string;
  range: Range;
}

/** Rule-id groups per component: the rules whose summary names a property are listed for it. */
const RULE_GROUPS: Array<[RegExp, RegExp]> = [
  [/^basic_details\/geofences(\/|$)/, /^G[1-5]$/],
  [/^basic_details(\/|$)/, /^B\d$|^D4$/],
  [/^campaign_content(\/|$)/, /^C\d$/],
  [/(^|\/)filters(\/|$)|_filters(\/|$)/, /^F\d$/],
  [/^trigger_condition(\/|$)/, /^T\d$/],
  [/^segmentation_details(\/|$)/, /^S\d$/],
  [/^scheduling_details(\/|$)/, /^[HN]\d$/],
  [/^delivery_controls(\/|$)/, /^Q\d$/],
  [/^advanced(\/|$)/, /^A\d$/],
  [/^conversion_goal_details(\/|$)/, /^G0a?$/],
  [/^control_group_details(\/|$)/, /^K\d$/],
  [/^utm_params(\/|$)/, /^U\d$/],
  [/^campaign_audience_limit(\/|$)/, /^L\d$/],
];

function ruleGroups(kind: DocumentKind, path: readonly Segment[]): RegExp[] {
  if (kind === 'search') return [/^R\d$/];
  if (kind === 'campaignrc') return [/^W\d$/];
  const p = path.filter(s => typeof s === 'string').join('/');
  const out = RULE_GROUPS.filter(([at]) => at.test(p)).map(([, ids]) => ids);
  if (path.length <= 1) out.push(/^D\d$/, /^P\d$/);
  return out;
}

/** The rules that govern a place: the schema's `x-rule`s, then the catalogue rules naming `word`. */
function governingRules(kind: DocumentKind, path: readonly Segment[], info: SchemaInfo | undefined, word: string): string[] {
  const out: string[] = [];
  for (const r of info?.rules ?? []) if (!out.includes(r) && !(r === 'D7' && (info?.rules.length ?? 0) > 1)) out.push(r);
  for (const r of rulesNamedIn(info?.description ?? '')) if (!out.includes(r)) out.push(r);
  const groups = ruleGroups(kind, path);
  const mention = '`' + word + '`';
  for (const r of RULES) {
    if (out.includes(r.id)) continue;
    if (groups.some(g => g.test(r.id)) && r.summary.includes(mention)) out.push(r.id);
  }
  return out;
}

const KNOWN_IDS = new Set(RULES.map(r => r.id));

/** Rule ids a description names: `(rule T3)`, `rules U1, U2`, ranges such as `T1–T6`. */
function rulesNamedIn(text: string): string[] {
  const out: string[] = [];
  const add = (id: string) => {
    if (KNOWN_IDS.has(id) && !out.includes(id)) out.push(id);
  };
  for (const m of text.matchAll(/\b([A-Z])(\d+)a?\s*[–-]\s*\1?(\d+)\b/g)) {
    const from = Number(m[2]);
    const to = Number(m[3]);
    if (to > from && to - from < 12) for (let i = from; i <= to; i++) add(`${m[1]}${i}`);
  }
  for (const m of text.matchAll(/\b([A-Z]\d+a?)\b/g)) add(m[1]);
  return out;
}

function short(text: string, max = 140): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  return plain.length <= max ? plain : plain.slice(0, max - 1).replace(/\s+\S*$/, '') + ' …';
}

const TYPE_WORDS: Record<string, string> = {
  string: 'string',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  object: 'object',
  array: 'array',
  null: 'null',
};

function typeLine(info: SchemaInfo, items?: SchemaInfo): string | undefined {
  if (info.types.length === 0 && !info.values) return undefined;
  let t = info.types.map(x => TYPE_WORDS[x] ?? x).join(' or ');
  if (info.types.includes('array') && items && items.types.length) t = `array of ${items.types.join(' or ')}`;
  if (!t && info.values) t = [...new Set(info.values.map(v => typeof v.value))].join(' or ');
  return t;
}

function appliesLine(ctx: EditContext, path: readonly Segment[], info: SchemaInfo): string | undefined {
  const fallback = applicability(ctx, path);
  const channels = info.channels ?? fallback?.channels;
  const types = info.deliveryTypes ?? fallback?.deliveryTypes;
  const parts: string[] = [];
  if (channels) parts.push(channels.map(c => CHANNEL_NAMES[c] ?? c).join(', '));
  if (types) parts.push(`delivery type${types.length > 1 ? 's' : ''} ${types.map(code).join(', ')}`);
  if (fallback?.feature) parts.push(`workspaces with the \`${fallback.feature}\` feature`);
  return parts.length ? parts.join('; ') : undefined;
}

function rulesLine(ids: string[], ruleLink: RuleLink = ruleHref): string | undefined {
  if (!ids.length) return undefined;
  return ids
    .map(id => {
      const r = RULES.find(x => x.id === id);
      return `[${id}](${ruleLink(id)})${r ? ' ' + short(r.summary) : ''}`;
    })
    .join('  \n');
}

/** The markdown for a property: used by hovers and as completion documentation. */
export function propertyMarkdown(
  ctx: EditContext,
  path: readonly Segment[],
  applied: Applied[],
  set: SchemaSet,
  opts: { withValues?: boolean; heading?: boolean; ruleLink?: RuleLink } = {},
): string {
  const key = String(path[path.length - 1] ?? '');
  const info = describe(applied);
  const items = info.types.includes('array') ? describe(schemasAtFrom(set, ctx, [...path, 0])) : undefined;
  const parts: string[] = [];
  const parent = path
    .slice(0, -1)
    .filter(s => typeof s === 'string')
    .slice(-1)[0];
  if (opts.heading !== false) parts.push(`**${code(key)}**${parent ? ` in ${code(parent)}` : ''}${info.readOnly ? ' (read-only)' : ''}`);
  if (info.description) parts.push(info.description);
  if (info.readOnly)
    parts.push('**Read-only**: response metadata from the service. It is never sent on push, and editing it has no effect.');
  const facts: string[] = [];
  const t = typeLine(info, items);
  if (t) facts.push(`*Type:* ${t}`);
  const values =
    info.values || !items?.values ? allowedValues(set, ctx, path, info).values : allowedValues(set, ctx, [...path, 0], items).values;
  if (values && opts.withValues !== false) {
    const shown =
      values
        .slice(0, 12)
        .map(v => code(v.value))
        .join(', ') + (values.length > 12 ? `, … (${values.length} in all)` : '');
    facts.push(`*Allowed:* ${shown}`);
  }
  if (info.default !== undefined) facts.push(`*Default:* ${code(info.default)}`);
  const applies = appliesLine(ctx, path, info);
  if (applies) facts.push(`*Applies to:* ${applies}`);
  const limits = [...info.limits, ...(items?.limits.filter(l => !info.limits.includes(l)).map(l => `each item ${l}`) ?? [])];
  if (limits.length) facts.push(`*Limits:* ${limits.join('; ')}`);
  if (key === 'subscription_category' && ctx.kind === 'campaign') {
    const cats = ctx.settings.subscriptionCategories;
    facts.push(
      cats?.length
        ? `*Workspace categories:* ${cats.map(code).join(', ')}`
        : '*Workspace categories:* not configured (add `subscriptionCategories` to `.campaignrc.json` to check them).',
    );
  }
  if (facts.length) parts.push(facts.join('  \n'));
  const rules = rulesLine(governingRules(ctx.kind, path, info, key), opts.ruleLink);
  if (rules) parts.push(`*Rules:*  \n${rules}`);
  return parts.join('\n\n');
}

function schemasAtFrom(set: SchemaSet, ctx: EditContext, path: readonly Segment[]): Applied[] {
  return schemasAt(set, ctx.kind, ctx.doc, path);
}

/** The markdown for one value of a property (an enum member, a const). */
function valueMarkdown(
  ctx: EditContext,
  set: SchemaSet,
  path: readonly Segment[],
  value: unknown,
  applied: Applied[],
  ruleLink?: RuleLink,
): string | undefined {
  const { values, open } = allowedValues(set, ctx, path, describe(applied));
  const hit = values?.find(v => v.value === value);
  const owner = [...path].reverse().find(s => typeof s === 'string');
  const parts: string[] = [];
  if (hit) {
    parts.push(`${code(value)}: a value of ${code(owner ?? '')}`);
    if (hit.description) parts.push(hit.description);
  } else if (values && values.length && !open) {
    parts.push(
      `${code(value)} is not one of the values ${code(owner ?? '')} takes: ${values
        .slice(0, 12)
        .map(v => code(v.value))
        .join(', ')}${values.length > 12 ? ', …' : ''}.`,
    );
  } else {
    return undefined;
  }
  if (typeof value === 'string') {
    const rules = governingRules(ctx.kind, path, undefined, value).filter(id =>
      RULES.find(r => r.id === id)?.summary.includes('`' + value + '`'),
    );
    const line = rulesLine(rules, ruleLink);
    if (line) parts.push(`*Rules naming it:*  \n${line}`);
  }
  return parts.join('\n\n');
}

/**
 * The hover at a position: the problems there first (what is wrong and what to do, for editors
 * that show no diagnostics in a hover, and above the documentation in those that do), then what
 * the property or value is.
 */
export function doHover(input: HoverInput): Hover | null {
  const docs = documentationHover(input);
  const here = (input.problems ?? []).filter(p => contains(p.range, input.position));
  if (!here.length) return docs;
  const problems = here.map(p => `**${SEVERITY_WORD[p.severity]()} ${p.rule}:** ${p.message}`).join('\n\n');
  const about = docs && typeof docs.contents === 'object' && 'value' in docs.contents ? docs.contents.value : '';
  return {
    contents: { kind: 'markdown', value: about ? `${problems}\n\n---\n\n${about}` : problems },
    range: docs?.range ?? here[0].range,
  };
}

const SEVERITY_WORD: Record<Severity, () => string> = {
  error: () => l10n.t('Error'),
  warning: () => l10n.t('Warning'),
  information: () => l10n.t('Note'),
  hint: () => l10n.t('Hint'),
};

function contains(r: Range, p: Position): boolean {
  const after = (a: Position, b: Position) => a.line > b.line || (a.line === b.line && a.character >= b.character);
  return after(p, r.start) && after(r.end, p);
}

function documentationHover(input: HoverInput): Hover | null {
  const { parsed } = input;
  const set = input.schemas ?? defaultSchemas();
  const off = offsetAt(parsed, input.position) - parsed.bom;
  const node = nodeAt(parsed, off, false);
  if (!node) return null;
  const ctx = editContext(input.kind, parsed.value, input.settings);
  const range = (n: jsonc.Node) => nodeRange(parsed, n);
  const contents = (value: string): MarkupContent => ({ kind: 'markdown', value });

  const prop = node.parent;
  const isKey = node.type === 'string' && prop?.type === 'property' && prop.children?.[0] === node;
  if (isKey) {
    const path = jsonc.getNodePath(prop!.parent!).concat(String(node.value));
    return keyHover(ctx, set, path, range(node), input.ruleLink, input.viewerZone);
  }
  if (node.type === 'string' || node.type === 'number' || node.type === 'boolean' || node.type === 'null') {
    const path = jsonc.getNodePath(node);
    const applied = schemasAt(set, ctx.kind, ctx.doc, path);
    if (applied.length === 0) return null;
    const v = valueMarkdown(ctx, set, path, node.value, applied, input.ruleLink);
    // An array item is explained by the array property that holds it.
    const owner = typeof path[path.length - 1] === 'number' ? path.slice(0, -1) : path;
    const ownerApplied = owner === path ? applied : schemasAt(set, ctx.kind, ctx.doc, owner);
    const instant = instantMarkdown(ctx.doc, path, input.viewerZone);
    if (instant) {
      return {
        contents: contents(`${instant}\n\n---\n\n${propertyMarkdown(ctx, owner, ownerApplied, set, { ruleLink: input.ruleLink })}`),
        range: range(node),
      };
    }
    if (v) {
      const about = propertyMarkdown(ctx, owner, ownerApplied, set, { withValues: false, ruleLink: input.ruleLink });
      return { contents: contents(`${v}\n\n---\n\n${about}`), range: range(node) };
    }
    return { contents: contents(propertyMarkdown(ctx, owner, ownerApplied, set, { ruleLink: input.ruleLink })), range: range(node) };
  }
  return null;
}

const SCHEDULE_TIMES = ['start_time', 'expiry_time'];

/**
 * `start_time` and `expiry_time` of `scheduling_details` as instants: in the campaign's zone, in
 * UTC and in the viewer's zone. A `SEND_IN_USER_TIMEZONE` start is each user's local time, so it
 * is shown as the span from the first zone to the last.
 */
export function instantMarkdown(doc: unknown, path: readonly Segment[], viewerZone = 'UTC'): string | undefined {
  if (path.length !== 2 || path[0] !== 'scheduling_details' || !SCHEDULE_TIMES.includes(String(path[1]))) return undefined;
  const sd = isObj(doc) && isObj(doc.scheduling_details) ? doc.scheduling_details : undefined;
  if (!sd) return undefined;
  if (path[1] === 'start_time' && sd.delivery_type === 'SEND_IN_USER_TIMEZONE') {
    const spread = sendTimeline(doc, { now: 0, viewerZone }).userTimezone;
    return spread ? spread.text : undefined;
  }
  const at = scheduleInstant(sd[path[1]], sd.timezone, viewerZone);
  if (!at) return undefined;
  return [`**${at.campaign.text}**`, l10n.t('{0} (UTC)', at.utc.text), l10n.t('{0} (your time)', at.viewer.text)].join('  \n');
}

function keyHover(
  ctx: EditContext,
  set: SchemaSet,
  path: Segment[],
  range: { start: Position; end: Position },
  ruleLink?: RuleLink,
  viewerZone?: string,
): Hover | null {
  const applied = schemasAt(set, ctx.kind, ctx.doc, path);
  const key = String(path[path.length - 1]);
  if (applied.length === 0) {
    const parentPath = path.slice(0, -1);
    const parentApplied = schemasAt(set, ctx.kind, ctx.doc, parentPath);
    if (parentApplied.length === 0) return null;
    const known = [...propertySchemas(set, parentApplied, valueAt(ctx.doc, parentPath)).keys()];
    if (known.length === 0) return null;
    const parentName = parentPath.filter(s => typeof s === 'string').slice(-1)[0];
    const guess = didYouMean(key, known);
    const where = parentName ? code(parentName) : 'the document';
    const text =
      `${code(key)} is not a property of ${where}.` +
      (guess
        ? ` Did you mean ${code(guess)}?`
        : ` Known properties: ${known.slice(0, 20).map(code).join(', ')}${known.length > 20 ? ', …' : ''}.`);
    return { contents: { kind: 'markdown', value: text }, range };
  }
  const about = propertyMarkdown(ctx, path, applied, set, { ruleLink });
  const instant = instantMarkdown(ctx.doc, path, viewerZone);
  return { contents: { kind: 'markdown', value: instant ? `${instant}\n\n---\n\n${about}` : about }, range };
}
