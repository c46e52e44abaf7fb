import * as l10n from '@vscode/l10n';
import { SchemaInfo, SchemaSet, schemasAt, Segment, EnumValue, tagAlternatives } from './schemaWalk';
import { DocumentKind, WorkspaceSettings } from '../model/types';
import { isObject, own } from '../model/json';
import { timeZones } from '../model/dateTime';
import { OPERATORS_BY_DATA_TYPE } from '../rules/filters';

/**
 * What completions and hovers need to know about the place being edited, beyond what the schema
 * says: values that depend on other fields (the operators of a filter's `data_type`, the delay
 * types of the channel), values that come from the workspace (subscription categories) or the
 * platform (IANA time zones), and which properties apply to which channel and delivery type when
 * the schema does not annotate them (`x-channels`, `x-delivery-types`).
 */

export interface EditContext {
  kind: DocumentKind;
  /** The parsed document value (possibly recovered from a syntax error). */
  doc: unknown;
  settings: WorkspaceSettings;
  channel?: string;
  deliveryType?: string;
}

export function editContext(kind: DocumentKind, doc: unknown, settings: WorkspaceSettings): EditContext {
  const o = isObject(doc) ? doc : {};
  return {
    kind,
    doc,
    settings,
    channel: kind === 'campaign' && typeof o.channel === 'string' ? o.channel : undefined,
    deliveryType: kind === 'campaign' && typeof o.campaign_delivery_type === 'string' ? o.campaign_delivery_type : undefined,
  };
}

/** `*` matches one segment, `**` any number (also none); other segments match literally. */
export function pathMatches(pattern: readonly string[], path: readonly Segment[]): boolean {
  const go = (i: number, j: number): boolean => {
    if (i === pattern.length) return j === path.length;
    const p = pattern[i];
    if (p === '**') {
      for (let k = j; k <= path.length; k++) if (go(i + 1, k)) return true;
      return false;
    }
    if (j === path.length) return false;
    if (p === '*' || p === String(path[j])) return go(i + 1, j + 1);
    return false;
  };
  return go(0, 0);
}

export function splitPattern(p: string): string[] {
  return p === '' ? [] : p.replace(/^\//, '').split('/');
}

function parentValue(doc: unknown, path: readonly Segment[]): Record<string, unknown> | undefined {
  let cur: unknown = doc;
  for (const seg of path.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[String(seg)];
  }
  return isObject(cur) ? cur : undefined;
}

// ---------------------------------------------------------------------------------------------
// Values that depend on context

export const CHANNEL_NAMES: Record<string, string> = { PUSH: 'Push', EMAIL: 'Email', SMS: 'SMS' };

const TRIGGER_DELAY_TYPES: Record<string, string[]> = {
  PUSH: ['DELAY', 'ASAP', 'INTELLIGENT_DELAY'],
  EMAIL: ['DELAY', 'ASAP'],
};

const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/** `interruption_level`: the request form first; the upper-case schema form is accepted too. */
const INTERRUPTION_LEVELS = (): EnumValue[] => [
  { value: 'Passive', description: l10n.t('Delivered quietly, without lighting the screen or playing a sound.') },
  { value: 'Active', description: l10n.t('The default: shown at once, with sound, unless a Focus filters it.') },
  { value: 'Time sensitive', description: l10n.t('Breaks through Focus and scheduled summaries (needs the Time Sensitive entitlement).') },
  { value: 'Critical', description: l10n.t("Plays a sound even when muted or in Focus (needs Apple's Critical Alerts entitlement).") },
  { value: 'PASSIVE', description: l10n.t('Upper-case schema form of {0} (accepted too).', '`Passive`') },
  { value: 'ACTIVE', description: l10n.t('Upper-case schema form of {0} (accepted too).', '`Active`') },
  { value: 'TIME_SENSITIVE', description: l10n.t('Upper-case schema form of {0} (accepted too).', '`Time sensitive`') },
  { value: 'CRITICAL', description: l10n.t('Upper-case schema form of {0} (accepted too).', '`Critical`') },
];

function strings(values: string[], describe?: (v: string) => string | undefined): EnumValue[] {
  return values.map(v => ({ value: v, description: describe?.(v) }));
}

interface ValueRule {
  /** Path patterns of the value (see `pathMatches`). */
  at: string[];
  /** The list suggests values but does not close the set (other IANA names are valid too). */
  open?: boolean;
  /** The values allowed here; undefined when the context does not decide. */
  values(ctx: EditContext, path: readonly Segment[]): EnumValue[] | undefined;
}

const VALUE_RULES: ValueRule[] = [
  {
    at: ['**/filters/*/operator'],
    values(ctx, path) {
      const filter = parentValue(ctx.doc, path);
      if (!filter || (filter.filter_type !== undefined && filter.filter_type !== 'user_attributes')) return undefined;
      const dt = typeof filter.data_type === 'string' ? filter.data_type : undefined;
      const operators = dt ? own(OPERATORS_BY_DATA_TYPE, dt) : undefined;
      if (operators) return strings(operators, () => l10n.t('Allowed for `data_type` {0}.', `\`${dt}\``));
      const all: string[] = [];
      for (const ops of Object.values(OPERATORS_BY_DATA_TYPE)) for (const o of ops) if (!all.includes(o)) all.push(o);
      return strings(all, o =>
        l10n.t(
          'For `data_type` {0}.',
          Object.entries(OPERATORS_BY_DATA_TYPE)
            .filter(([, ops]) => ops.includes(o))
            .map(([d]) => `\`${d}\``)
            .join(', '),
        ),
      );
    },
  },
  {
    at: ['trigger_condition/trigger_delay_type'],
    values(ctx) {
      const list = ctx.channel ? own(TRIGGER_DELAY_TYPES, ctx.channel) : undefined;
      return list ? strings(list, () => l10n.t('Allowed for {0} campaigns.', CHANNEL_NAMES[ctx.channel!])) : undefined;
    },
  },
  {
    at: ['campaign_audience_limit/frequency'],
    values(ctx) {
      if (!ctx.channel && !ctx.deliveryType) return undefined;
      const out: EnumValue[] = [{ value: 'TOTAL', description: l10n.t('Lifetime cap over all sends.') }];
      if (ctx.channel === 'PUSH' && ctx.deliveryType === 'PERIODIC')
        out.push({ value: 'INSTANCE', description: l10n.t('Cap per send of this periodic Push campaign.') });
      return out;
    },
  },
  {
    at: ['advanced/platform_level_priority/ios_specific_priority/interruption_level'],
    values: () => INTERRUPTION_LEVELS(),
  },
  {
    at: ['**/repeat_on_days_of_week/*'],
    values: () => strings(DAYS),
  },
  {
    at: ['scheduling_details/timezone', 'scheduling_details/time_zone'],
    open: true,
    values: () => strings(timeZones()),
  },
  {
    at: ['basic_details/subscription_category'],
    values(ctx) {
      const cats = ctx.settings.subscriptionCategories;
      if (!cats || cats.length === 0) return undefined;
      const description = ctx.settings.source
        ? l10n.t('A subscription category of this workspace (from the workspace settings).')
        : l10n.t('A subscription category of this workspace.');
      return strings(cats, () => description);
    },
  },
];

/** Values the context allows at `path`, or undefined when the context does not decide. */
export function contextValues(ctx: EditContext, path: readonly Segment[]): EnumValue[] | undefined {
  return contextValueList(ctx, path)?.values;
}

function contextValueList(ctx: EditContext, path: readonly Segment[]): { values: EnumValue[]; open: boolean } | undefined {
  if (ctx.kind !== 'campaign') return undefined;
  for (const r of VALUE_RULES) {
    if (r.at.some(p => pathMatches(splitPattern(p), path))) {
      const v = r.values(ctx, path);
      if (v) return { values: v, open: !!r.open };
    }
  }
  return undefined;
}

/**
 * The values allowed at `path`: the schema's (every branch's value for a discriminator tag),
 * narrowed or supplied by the context. `open` when the list suggests rather than closes the set.
 */
export function allowedValues(
  set: SchemaSet,
  ctx: EditContext,
  path: readonly Segment[],
  info: SchemaInfo,
): { values?: EnumValue[]; open: boolean } {
  let schemaValues = info.values;
  const last = path[path.length - 1];
  if (typeof last === 'string' && path.length > 0) {
    schemaValues = tagAlternatives(set, schemasAt(set, ctx.kind, ctx.doc, path.slice(0, -1)), last) ?? schemaValues;
  }
  const fromContext = contextValueList(ctx, path);
  return { values: mergeValues(schemaValues, fromContext?.values), open: !schemaValues && !!fromContext?.open };
}

/**
 * The schema's values narrowed by the context: the context's order and explanations win where
 * both speak; when they share no value, the schema's list stands (the context is a hint).
 */
function mergeValues(schemaValues: EnumValue[] | undefined, context: EnumValue[] | undefined): EnumValue[] | undefined {
  if (!context) return schemaValues;
  if (!schemaValues) return context;
  const both = context
    .filter(c => schemaValues.some(s => s.value === c.value))
    .map(c => ({ value: c.value, description: c.description ?? schemaValues.find(s => s.value === c.value)?.description }));
  return both.length ? both : schemaValues;
}

// ---------------------------------------------------------------------------------------------
// Which properties apply where (used when the schema does not annotate them)

export interface Applicability {
  channels?: string[];
  deliveryTypes?: string[];
  /** A feature flag the property needs: hidden when the workspace has it off. */
  feature?: keyof WorkspaceSettings['features'];
}

const EVENTS = ['EVENT_TRIGGERED'];
const QUEUING_TYPES = ['ONE_TIME', 'PERIODIC', 'EVENT_TRIGGERED', 'BUSINESS_EVENT_TRIGGERED'];

/** From rules.md: D9, T1, B2–B5, H6, H9, Q3–Q6, L1, L3, T5. Keyed by the property's path pattern. */
const APPLICABILITY: Array<[string, Applicability]> = [
  ['advanced', { channels: ['PUSH'] }],
  ['connector', { channels: ['EMAIL', 'SMS'] }],
  ['sender_name', { channels: ['SMS'] }],
  ['trigger_condition', { deliveryTypes: ['EVENT_TRIGGERED', 'DEVICE_TRIGGERED', 'LOCATION_TRIGGERED'] }],
  [
    'campaign_audience_limit',
    {
      channels: ['PUSH', 'EMAIL'],
      deliveryTypes: ['ONE_TIME', 'PERIODIC', 'EVENT_TRIGGERED', 'BUSINESS_EVENT_TRIGGERED', 'DEVICE_TRIGGERED', 'LOCATION_TRIGGERED'],
      feature: 'audienceLimit',
    },
  ],
  ['basic_details/business_event', { deliveryTypes: ['BUSINESS_EVENT_TRIGGERED'] }],
  ['basic_details/geofences', { channels: ['PUSH'], deliveryTypes: ['LOCATION_TRIGGERED'] }],
  ['basic_details/broadcast_live_activity_id', { channels: ['PUSH'], deliveryTypes: ['BROADCAST_LIVE_ACTIVITY'] }],
  ['basic_details/send_to_triggered_platform_only', { channels: ['PUSH'], deliveryTypes: EVENTS }],
  ['scheduling_details/periodic_details', { deliveryTypes: ['PERIODIC'] }],
  ['scheduling_details/geo_fence_timelimit', { channels: ['PUSH'], deliveryTypes: ['LOCATION_TRIGGERED'] }],
  ['trigger_condition/intelligent_delay_optimization', { channels: ['PUSH'] }],
  [
    'delivery_controls/campaign_throttle_rpm',
    { deliveryTypes: ['ONE_TIME', 'PERIODIC', 'BUSINESS_EVENT_TRIGGERED', 'BROADCAST_LIVE_ACTIVITY'] },
  ],
  ['delivery_controls/max_time_to_show_message_of_same_camapign', { channels: ['PUSH'], deliveryTypes: ['DEVICE_TRIGGERED'] }],
  ['delivery_controls/expiry_time_of_sync_data_in_hour', { channels: ['PUSH'], deliveryTypes: ['DEVICE_TRIGGERED'] }],
  ['delivery_controls/send_message_in_offline_mode', { channels: ['PUSH'], deliveryTypes: ['DEVICE_TRIGGERED'] }],
  ['delivery_controls/send_limit_value', { channels: ['PUSH'], deliveryTypes: ['LOCATION_TRIGGERED'] }],
  ['delivery_controls/send_limit_granularity_in_hours', { channels: ['PUSH'], deliveryTypes: ['LOCATION_TRIGGERED'] }],
  ['delivery_controls/ignore_global_minimum_delay', { channels: ['PUSH'], deliveryTypes: EVENTS }],
  ['delivery_controls/queuing_enabled', { channels: ['PUSH'], deliveryTypes: QUEUING_TYPES, feature: 'queuing' }],
  ['delivery_controls/queue_duration', { channels: ['PUSH'], deliveryTypes: QUEUING_TYPES, feature: 'queuing' }],
  ['campaign_audience_limit/metric', { deliveryTypes: ['PERIODIC', 'EVENT_TRIGGERED'] }],
  ['campaign_audience_limit/frequency', { deliveryTypes: ['PERIODIC', 'EVENT_TRIGGERED'] }],
];

export function applicability(ctx: EditContext, path: readonly Segment[]): Applicability | undefined {
  if (ctx.kind !== 'campaign') return undefined;
  for (const [p, a] of APPLICABILITY) if (pathMatches(splitPattern(p), path)) return a;
  return undefined;
}

/** Whether a property applies to the document's channel and delivery type (unknown = yes). */
export function applies(ctx: EditContext, a: Applicability | undefined): boolean {
  if (!a) return true;
  if (a.channels && ctx.channel && !a.channels.includes(ctx.channel)) return false;
  if (a.deliveryTypes && ctx.deliveryType && !a.deliveryTypes.includes(ctx.deliveryType)) return false;
  if (a.feature && ctx.settings.features[a.feature] === false) return false;
  return true;
}
