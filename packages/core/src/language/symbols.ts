import * as l10n from '@vscode/l10n';
import * as jsonc from 'jsonc-parser';
import type { DocumentSymbol, SymbolInformation, SymbolKind } from 'vscode-languageserver-types';
import { ParsedDocument } from './parse';
import { positionAt } from './ranges';
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

export function documentSymbols(input: SymbolsInput): DocumentSymbol[] {
  const { parsed } = input;
  const root = parsed.tree();
  if (!root || root.type !== 'object') return [];
  let budget = input.limit ?? 5000;
  const bom = parsed.bom;
  const range = (n: jsonc.Node) => ({ start: positionAt(parsed, n.offset + bom), end: positionAt(parsed, n.offset + n.length + bom) });

  const forValue = (
    name: string,
    detail: string | undefined,
    kind: SymbolKind,
    whole: jsonc.Node,
    select: jsonc.Node,
    value: jsonc.Node | undefined,
    path: string[],
  ): DocumentSymbol | undefined => {
    if (budget <= 0) return undefined;
    budget--;
    const s: DocumentSymbol = { name: name || '""', kind, range: range(whole), selectionRange: range(select) };
    if (detail) s.detail = detail;
    if (value && (value.type === 'object' || value.type === 'array')) {
      const children = childrenOf(value, path);
      if (children.length) s.children = children;
    }
    return s;
  };

  const childrenOf = (container: jsonc.Node, path: string[]): DocumentSymbol[] => {
    const out: DocumentSymbol[] = [];
    if (container.type === 'object') {
      for (const prop of container.children ?? []) {
        const keyNode = prop.children?.[0];
        if (!keyNode) continue;
        const key = String(keyNode.value);
        const value = prop.children?.[1];
        const s = propertySymbol(key, prop, keyNode, value, [...path, key]);
        if (s) out.push(s);
        if (budget <= 0) break;
      }
    } else if (container.type === 'array') {
      (container.children ?? []).forEach((item, i) => {
        if (budget <= 0) return;
        const s = itemSymbol(item, i, path);
        if (s) out.push(s);
      });
    }
    return out;
  };

  const propertySymbol = (
    key: string,
    prop: jsonc.Node,
    keyNode: jsonc.Node,
    value: jsonc.Node | undefined,
    path: string[],
  ): DocumentSymbol | undefined => {
    const top = path.length === 1;
    const component = top ? own(COMPONENTS(), key) : undefined;
    const fits =
      key === 'features' ? input.kind === 'campaignrc' : key === 'campaign_fields' ? input.kind === 'search' : input.kind === 'campaign';
    if (component && fits) return forValue(component.name, componentDetail(key, value), component.kind, prop, keyNode, value, path);
    if (FILTER_GROUPS.has(key) && value?.type === 'object') {
      const o = shallow(value);
      const count = Array.isArray(o.filters) ? o.filters.length : 0;
      return forValue(
        key,
        `${str(o.filter_operator) ?? '?'} · ${count} filter${count === 1 ? '' : 's'}`,
        K.Operator,
        prop,
        keyNode,
        value,
        path,
      );
    }
    if (
      path.length === 3 &&
      path[0] === 'campaign_content' &&
      path[1] === 'content' &&
      value?.type === 'object' &&
      key !== 'push' &&
      key !== 'email'
    ) {
      return forValue(key, key === 'default' ? 'default locale' : 'locale', K.Namespace, prop, keyNode, value, path);
    }
    if (path.length === 4 && path[0] === 'campaign_content' && path[1] === 'content' && value?.type === 'object') {
      return forValue(key, 'variation', K.Class, prop, keyNode, value, path);
    }
    if (!value) return forValue(key, undefined, K.Property, prop, keyNode, undefined, path);
    switch (value.type) {
      case 'object':
        return forValue(key, undefined, K.Object, prop, keyNode, value, path);
      case 'array':
        return forValue(
          key,
          `${value.children?.length ?? 0} item${value.children?.length === 1 ? '' : 's'}`,
          K.Array,
          prop,
          keyNode,
          value,
          path,
        );
      case 'string':
        return forValue(key, shortValue(value.value), K.String, prop, keyNode, value, path);
      case 'number':
        return forValue(key, String(value.value), K.Number, prop, keyNode, value, path);
      case 'boolean':
        return forValue(key, String(value.value), K.Boolean, prop, keyNode, value, path);
      default:
        return forValue(key, 'null', K.Null, prop, keyNode, value, path);
    }
  };

  const itemSymbol = (item: jsonc.Node, i: number, path: string[]): DocumentSymbol | undefined => {
    const owner = path[path.length - 1];
    const itemPath = [...path, String(i)];
    if (item.type === 'object') {
      const o = obj(item);
      if (owner === 'filters') {
        const f = filterName(o);
        return forValue(f.name, f.detail, K.Struct, item, item, item, itemPath);
      }
      if (owner === 'geofences')
        return forValue(
          str(o.name) ?? `geofence ${i + 1}`,
          [str(o.triggered_at), o.radius !== undefined ? `${str(o.radius)} m` : undefined].filter(Boolean).join(' · '),
          K.Struct,
          item,
          item,
          item,
          itemPath,
        );
      if (owner === 'goals')
        return forValue(
          str(o.goal_name) ?? `goal ${i + 1}`,
          [o.is_primary_goal === true ? 'primary' : undefined, str(o.goal_event_name)].filter(Boolean).join(' · '),
          K.Struct,
          item,
          item,
          item,
          itemPath,
        );
      if (owner === 'timebounds')
        return forValue(`${str(o.start_time) ?? '?'} – ${str(o.end_time) ?? '?'}`, 'time bound', K.Struct, item, item, item, itemPath);
      return forValue(String(i), undefined, K.Object, item, item, item, itemPath);
    }
    if (item.type === 'array') return forValue(String(i), undefined, K.Array, item, item, item, itemPath);
    return forValue(
      shortValue(item.value),
      owner,
      item.type === 'string' ? K.EnumMember : item.type === 'number' ? K.Number : K.Constant,
      item,
      item,
      undefined,
      itemPath,
    );
  };

  return childrenOf(root, []);
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
