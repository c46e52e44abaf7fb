import * as l10n from '@vscode/l10n';
import * as jsonc from 'jsonc-parser';
import type { DocumentSymbol, SymbolInformation, SymbolKind } from 'vscode-languageserver-types';
import { ParsedDocument } from './parse';
import { nodeRange } from './ranges';
import { DocumentKind } from '../model/types';
import { own } from '../model/json';

/**
 * The outline and breadcrumbs: components under readable names (with their key and the facts
 * that identify them as detail), filters named by what they test, geofences and goals by name,
 * content by locale and variation. Bounded, so that a huge file still answers at once.
 */

export interface SymbolsInput {
  parsed: ParsedDocument;
  kind: DocumentKind;
  /** At most this many symbols in all (the rest of a huge document is left out). */
  limit?: number;
}

// LSP SymbolKind numbers, kept here so that this module stays free of the protocol runtime.
const K = {
  Module: 2,
  Namespace: 3,
  Class: 5,
  Property: 7,
  Field: 8,
  Enum: 10,
  Interface: 11,
  Constant: 14,
  String: 15,
  Number: 16,
  Boolean: 17,
  Array: 18,
  Object: 19,
  Key: 20,
  Null: 21,
  EnumMember: 22,
  Struct: 23,
  Event: 24,
  Operator: 25,
} as const satisfies Record<string, SymbolKind>;

/** The outline's name and kind of each component: a function, so that its names are translated when asked for. */
const COMPONENTS = (): Record<string, { name: string; kind: SymbolKind }> => ({
  basic_details: { name: l10n.t('Basic details'), kind: K.Module },
  campaign_content: { name: l10n.t('Content'), kind: K.Module },
  trigger_condition: { name: l10n.t('Trigger'), kind: K.Event },
  segmentation_details: { name: l10n.t('Audience'), kind: K.Module },
  scheduling_details: { name: l10n.t('Schedule'), kind: K.Module },
  delivery_controls: { name: l10n.t('Delivery controls'), kind: K.Module },
  advanced: { name: l10n.t('Advanced'), kind: K.Module },
  conversion_goal_details: { name: l10n.t('Conversion goals'), kind: K.Module },
  control_group_details: { name: l10n.t('Control group'), kind: K.Module },
  utm_params: { name: l10n.t('UTM parameters'), kind: K.Module },
  campaign_audience_limit: { name: l10n.t('Audience limit'), kind: K.Module },
  connector: { name: l10n.t('Connector'), kind: K.Module },
  campaign_fields: { name: l10n.t('Campaign fields'), kind: K.Module },
  features: { name: l10n.t('Feature flags'), kind: K.Module },
});

/** A component's name as people read it ("Basic details" for `basic_details`); any other key as it is. */
export function componentName(key: string): string {
  return COMPONENTS()[key]?.name ?? key;
}

const FILTER_GROUPS = new Set(['included_filters', 'excluded_filters', 'secondary_included_filters', 'attributes']);

function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

function shortValue(v: unknown, max = 40): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

function obj(n: jsonc.Node | undefined): Record<string, unknown> {
  const v = n && n.type === 'object' ? jsonc.getNodeValue(n) : undefined;
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

/**
 * An object's own scalars, and its arrays as arrays of their scalar items: enough for a detail,
 * without building the value of a whole component (a group of thousands of filters).
 */
function shallow(n: jsonc.Node | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!n || n.type !== 'object') return out;
  for (const p of n.children ?? []) {
    const k = p.children?.[0]?.value;
    const v = p.children?.[1];
    if (typeof k !== 'string' || !v) continue;
    if (v.type === 'array') out[k] = (v.children ?? []).map(c => (c.type === 'object' || c.type === 'array' ? {} : c.value));
    else if (v.type === 'object') out[k] = {};
    else out[k] = v.value;
  }
  return out;
}

/** The facts that identify a component, shown beside its name. */
function componentDetail(key: string, value: jsonc.Node | undefined): string {
  const o = shallow(value);
  const facts: Array<string | undefined> = [key];
  switch (key) {
    case 'basic_details':
      facts.push(str(o.name), Array.isArray(o.platforms) ? o.platforms.join(', ') : str(o.content_type));
      break;
    case 'scheduling_details':
      facts.push(str(o.delivery_type), str(o.timezone));
      break;
    case 'trigger_condition':
      facts.push(str(o.trigger_delay_type));
      break;
    case 'segmentation_details':
      facts.push(o.is_all_user_campaign === true ? 'all users' : undefined);
      break;
    case 'campaign_content':
      facts.push(Array.isArray(o.locales) && o.locales.length ? `locales: ${o.locales.join(', ')}` : undefined);
      break;
    case 'campaign_audience_limit':
      facts.push(o.is_campaign_audience_limit_enabled === true && o.limit !== undefined ? `limit ${str(o.limit)}` : undefined);
      break;
    case 'control_group_details':
      facts.push(
        o.is_campaign_control_group_enabled === true && o.campaign_control_group_percentage !== undefined
          ? `${str(o.campaign_control_group_percentage)} %`
          : undefined,
      );
      break;
  }
  return facts.filter(Boolean).join(' · ');
}

/** A filter named by what it tests: `City in Berlin`, `did Added to cart`, `segment Loyal`. */
function filterName(o: Record<string, unknown>): { name: string; detail: string } {
  switch (o.filter_type) {
    case 'user_attributes': {
      const value =
        o.value === undefined ? '' : ' ' + shortValue(Array.isArray(o.value) && o.value.length === 1 ? o.value[0] : o.value, 30);
      return {
        name: `${o.negate === true ? 'not ' : ''}${str(o.name) ?? 'attribute'} ${str(o.operator) ?? '?'}${value}`,
        detail: `user attribute · ${str(o.data_type) ?? ''}`.replace(/ · $/, ''),
      };
    }
    case 'actions': {
      const ex = o.execution && typeof o.execution === 'object' ? (o.execution as Record<string, unknown>) : {};
      const times = ex.type !== undefined ? ` ${str(ex.type)} ${str(ex.count) ?? ''}`.trimEnd() : '';
      return { name: `${o.executed === false ? 'did not' : 'did'} ${str(o.action_name) ?? 'event'}${times}`, detail: 'action' };
    }
    case 'custom_segments':
      return { name: `segment ${str(o.name) ?? str(o.id) ?? ''}`.trim(), detail: 'custom segment' };
    default:
      return { name: str(o.filter_type) ?? 'filter', detail: 'filter' };
  }
}

/** One outline being built: the document, its kind, and how many more symbols it may hold. */
interface Outline {
  readonly parsed: ParsedDocument;
  readonly kind: DocumentKind;
  budget: number;
}

/** Where a symbol sits: the node it spans, the node it selects, the value under it, and its path of keys. */
interface Place {
  whole: jsonc.Node;
  select: jsonc.Node;
  value: jsonc.Node | undefined;
  path: string[];
}

/** How a symbol shows: its name, its kind, and the detail beside it. */
interface Look {
  name: string;
  detail: string | undefined;
  kind: SymbolKind;
}

export function documentSymbols(input: SymbolsInput): DocumentSymbol[] {
  const root = input.parsed.tree();
  if (!root || root.type !== 'object') return [];
  const outline: Outline = { parsed: input.parsed, kind: input.kind, budget: input.limit ?? 5000 };
  return childrenOf(outline, root, []);
}

/** One symbol, with the symbols of its object or array under it; none once the budget is spent. */
function symbolAt(outline: Outline, look: Look, at: Place): DocumentSymbol | undefined {
  if (outline.budget <= 0) return undefined;
  outline.budget--;
  const s: DocumentSymbol = {
    name: look.name || '""',
    kind: look.kind,
    range: nodeRange(outline.parsed, at.whole),
    selectionRange: nodeRange(outline.parsed, at.select),
  };
  if (look.detail) s.detail = look.detail;
  const { value } = at;
  if (value && (value.type === 'object' || value.type === 'array')) {
    const children = childrenOf(outline, value, at.path);
    if (children.length) s.children = children;
  }
  return s;
}

/** The symbols of an object's properties or an array's items, in document order, while the budget lasts. */
function childrenOf(outline: Outline, container: jsonc.Node, path: string[]): DocumentSymbol[] {
  const out: DocumentSymbol[] = [];
  if (container.type === 'object') {
    for (const prop of container.children ?? []) {
      const keyNode = prop.children?.[0];
      if (!keyNode) continue;
      const key = String(keyNode.value);
      const s = propertySymbol(outline, key, { whole: prop, select: keyNode, value: prop.children?.[1], path: [...path, key] });
      if (s) out.push(s);
      if (outline.budget <= 0) break;
    }
  } else if (container.type === 'array') {
    (container.children ?? []).forEach((item, i) => {
      if (outline.budget <= 0) return;
      const s = itemSymbol(outline, item, i, path);
      if (s) out.push(s);
    });
  }
  return out;
}

/** A property's symbol: a component, a filter group, a locale or variation of the content, or a plain value. */
function propertySymbol(outline: Outline, key: string, at: Place): DocumentSymbol | undefined {
  const look = componentLook(key, at, outline.kind) ?? filterGroupLook(key, at.value) ?? contentLook(key, at) ?? valueLook(key, at.value);
  return symbolAt(outline, look, at);
}

/** Whether a top-level key is a component of this kind of document (`features` of .campaignrc, `campaign_fields` of a search). */
function componentFits(key: string, kind: DocumentKind): boolean {
  return key === 'features' ? kind === 'campaignrc' : key === 'campaign_fields' ? kind === 'search' : kind === 'campaign';
}

/** A top-level component under its readable name, with the facts that identify it. */
function componentLook(key: string, at: Place, kind: DocumentKind): Look | undefined {
  const component = at.path.length === 1 ? own(COMPONENTS(), key) : undefined;
  if (!component || !componentFits(key, kind)) return undefined;
  return { name: component.name, detail: componentDetail(key, at.value), kind: component.kind };
}

/** A group of filters, with its operator and how many filters it holds. */
function filterGroupLook(key: string, value: jsonc.Node | undefined): Look | undefined {
  if (!FILTER_GROUPS.has(key) || value?.type !== 'object') return undefined;
  const o = shallow(value);
  const count = Array.isArray(o.filters) ? o.filters.length : 0;
  return { name: key, detail: `${str(o.filter_operator) ?? '?'} · ${count} filter${count === 1 ? '' : 's'}`, kind: K.Operator };
}

/** Under `campaign_content.content`: a locale one level down (not the `push` or `email` of unkeyed content), a variation two. */
function contentLook(key: string, at: Place): Look | undefined {
  const { path, value } = at;
  if (path[0] !== 'campaign_content' || path[1] !== 'content' || value?.type !== 'object') return undefined;
  if (path.length === 3 && key !== 'push' && key !== 'email')
    return { name: key, detail: key === 'default' ? 'default locale' : 'locale', kind: K.Namespace };
  if (path.length === 4) return { name: key, detail: 'variation', kind: K.Class };
  return undefined;
}

/** Any other property, by the JSON type of its value: a scalar shown in short, an array by its length. */
function valueLook(key: string, value: jsonc.Node | undefined): Look {
  if (!value) return { name: key, detail: undefined, kind: K.Property };
  switch (value.type) {
    case 'object':
      return { name: key, detail: undefined, kind: K.Object };
    case 'array':
      return { name: key, detail: `${value.children?.length ?? 0} item${value.children?.length === 1 ? '' : 's'}`, kind: K.Array };
    case 'string':
      return { name: key, detail: shortValue(value.value), kind: K.String };
    case 'number':
      return { name: key, detail: String(value.value), kind: K.Number };
    case 'boolean':
      return { name: key, detail: String(value.value), kind: K.Boolean };
    default:
      return { name: key, detail: 'null', kind: K.Null };
  }
}

/** An array item's symbol, named by the array that holds it; a scalar item has nothing under it. */
function itemSymbol(outline: Outline, item: jsonc.Node, i: number, path: string[]): DocumentSymbol | undefined {
  const owner = path[path.length - 1];
  const nested = item.type === 'object' || item.type === 'array';
  const at: Place = { whole: item, select: item, value: nested ? item : undefined, path: [...path, String(i)] };
  return symbolAt(outline, itemLook(item, i, owner), at);
}

/** How an item shows: an object by what it is, an array by its index, a scalar by its value. */
function itemLook(item: jsonc.Node, i: number, owner: string | undefined): Look {
  if (item.type === 'object') return objectItemLook(obj(item), i, owner);
  if (item.type === 'array') return { name: String(i), detail: undefined, kind: K.Array };
  return {
    name: shortValue(item.value),
    detail: owner,
    kind: item.type === 'string' ? K.EnumMember : item.type === 'number' ? K.Number : K.Constant,
  };
}

/** An object item: a filter by what it tests, a geofence or goal by its name, a time bound by its times, else its index. */
function objectItemLook(o: Record<string, unknown>, i: number, owner: string | undefined): Look {
  switch (owner) {
    case 'filters':
      return { ...filterName(o), kind: K.Struct };
    case 'geofences':
      return {
        name: str(o.name) ?? `geofence ${i + 1}`,
        detail: [str(o.triggered_at), o.radius !== undefined ? `${str(o.radius)} m` : undefined].filter(Boolean).join(' · '),
        kind: K.Struct,
      };
    case 'goals':
      return {
        name: str(o.goal_name) ?? `goal ${i + 1}`,
        detail: [o.is_primary_goal === true ? 'primary' : undefined, str(o.goal_event_name)].filter(Boolean).join(' · '),
        kind: K.Struct,
      };
    case 'timebounds':
      return { name: `${str(o.start_time) ?? '?'} – ${str(o.end_time) ?? '?'}`, detail: 'time bound', kind: K.Struct };
    default:
      return { name: String(i), detail: undefined, kind: K.Object };
  }
}

/** For clients without hierarchical symbols: one flat list, each symbol naming its container. */
export function flattenSymbols(symbols: DocumentSymbol[], uri: string): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  const visit = (list: DocumentSymbol[], container?: string): void => {
    for (const s of list) {
      const info: SymbolInformation = { name: s.name, kind: s.kind, location: { uri, range: s.range } };
      if (container) info.containerName = container;
      out.push(info);
      if (s.children) visit(s.children, s.name);
    }
  };
  visit(symbols);
  return out;
}
