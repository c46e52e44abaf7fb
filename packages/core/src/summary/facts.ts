import * as l10n from '@vscode/l10n';
import { isObject } from '../model/json';
import { comparisonInWords, quoted, shown } from './words';

/**
 * The campaign's settings at a glance, as label/value pairs: what it is, its limits, its control
 * group, its conversion goals and its UTM parameters. Fields the document leaves out are left out
 * here; a value of the wrong kind is shown as it is, never thrown on.
 */

type Obj = Record<string, unknown>;

/** One fact: what it is (`label`), its value in words, and any facts under it (a goal's parts). */
export interface Fact {
  label: string;
  value: string;
  items?: Fact[];
}

export interface CampaignFacts {
  /** `basic_details.name`, when it is a string. */
  name?: string;
  /** `channel` and `campaign_delivery_type`, when they are strings. */
  channel?: string;
  campaignDeliveryType?: string;
  /** Name, channel, delivery types, time zone, content type, platforms. */
  overview: Fact[];
  /** The audience limit and the delivery controls (frequency capping, throttling, DND, queuing). */
  limits: Fact[];
  controlGroup: Fact[];
  /** The attribution window, then one fact per goal with its parts as items. */
  goals: Fact[];
  utm: Fact[];
}

function obj(v: unknown): Obj {
  return isObject(v) ? v : {};
}

function text(v: unknown): string {
  return typeof v === 'string' ? shown(v) : quoted(v);
}

function yesNo(v: unknown): string {
  return v === true ? l10n.t('yes') : v === false ? l10n.t('no') : quoted(v);
}

/** The facts whose value is present, in order. */
function present(entries: Array<[label: string, value: unknown, show?: (v: unknown) => string]>): Fact[] {
  return entries.filter(([, v]) => v !== undefined).map(([label, v, show]) => ({ label, value: (show ?? text)(v) }));
}

function overviewFacts(doc: Obj): Fact[] {
  const basic = obj(doc.basic_details);
  const scheduling = obj(doc.scheduling_details);
  return present([
    [l10n.t('Name'), basic.name],
    [l10n.t('Channel'), doc.channel],
    [l10n.t('Campaign delivery type'), doc.campaign_delivery_type],
    [l10n.t('Schedule delivery type'), scheduling.delivery_type],
    [l10n.t('Time zone'), scheduling.timezone ?? scheduling.time_zone],
    [l10n.t('Content type'), basic.content_type],
    [l10n.t('Platforms'), basic.platforms, v => (Array.isArray(v) ? v.map(text).join(', ') : text(v))],
  ]);
}

function audienceLimitFacts(limit: unknown): Fact[] {
  if (!isObject(limit)) return [];
  if (limit.is_campaign_audience_limit_enabled !== true) return [{ label: l10n.t('Audience limit'), value: l10n.t('none') }];
  const per = limit.frequency === 'INSTANCE' ? l10n.t('per send') : limit.frequency === 'TOTAL' ? l10n.t('in total') : undefined;
  const users = l10n.t('at most {0} users', text(limit.limit));
  return [{ label: l10n.t('Audience limit'), value: per ? `${users} ${per}` : users }];
}

function hours(v: unknown): string {
  return l10n.t('{0} hour(s)', text(v));
}

function queuingWords(v: unknown, controls: Obj): string {
  if (v !== true) return yesNo(v);
  return controls.queue_duration === undefined ? l10n.t('yes') : l10n.t('yes, for up to {0}', hours(controls.queue_duration));
}

function deliveryControlFacts(controls: unknown): Fact[] {
  const c = obj(controls);
  return present([
    [l10n.t('Ignores frequency capping'), c.ignore_frequency_capping, yesNo],
    [l10n.t('Counts towards frequency capping'), c.count_for_frequency_capping, yesNo],
    [l10n.t('Throttle'), c.campaign_throttle_rpm, v => l10n.t('{0} per minute', text(v))],
    [l10n.t('Sends during Do Not Disturb'), c.bypass_dnd, yesNo],
    [l10n.t('Minimum delay between two notifications'), c.minimum_delay_between_two_notification_in_hour, hours],
    [l10n.t('Ignores the workspace minimum delay'), c.ignore_global_minimum_delay, yesNo],
    [l10n.t('Queuing'), c.queuing_enabled, v => queuingWords(v, c)],
    [l10n.t('Send limit'), c.send_limit_value, v => l10n.t('{0} per {1}', text(v), hours(c.send_limit_granularity_in_hours))],
  ]);
}

function controlGroupFacts(details: unknown): Fact[] {
  const d = obj(details);
  const campaign =
    d.is_campaign_control_group_enabled === true && d.campaign_control_group_percentage !== undefined
      ? l10n.t('{0}% of the audience', text(d.campaign_control_group_percentage))
      : d.is_campaign_control_group_enabled;
  return present([
    [l10n.t('Campaign control group'), campaign, v => (typeof v === 'string' ? v : yesNo(v))],
    [l10n.t('Global control group'), d.is_global_control_group_enabled, yesNo],
  ]);
}

/** A goal's event condition, such as "amount is between '10' and '20'". */
function goalAttributeWords(attribute: unknown): string {
  if (!isObject(attribute)) return quoted(attribute);
  const value = attribute.condition === 'between' ? [attribute.value, attribute.value1] : attribute.value;
  const attributeName = typeof attribute.name === 'string' ? text(attribute.name) : l10n.t('an unnamed attribute');
  return `${attributeName} ${comparisonInWords(attribute.condition, value, attribute.negate)}`;
}

function goalFact(goal: unknown, index: number): Fact {
  const g = obj(goal);
  const label = typeof g.goal_name === 'string' ? text(g.goal_name) : l10n.t('Goal {0}', index + 1);
  const event = l10n.t('the user does {0}', typeof g.goal_event_name === 'string' ? quoted(g.goal_event_name) : l10n.t('an unnamed event'));
  const value = g.goal_event_attribute === undefined ? event : l10n.t('{0} where {1}', event, goalAttributeWords(g.goal_event_attribute));
  const items = present([
    [l10n.t('Primary goal'), g.is_primary_goal, yesNo],
    [
      l10n.t('Revenue'),
      g.revenue_attribute,
      v => (g.revenue_currency === undefined ? text(v) : l10n.t('{0} in {1}', text(v), text(g.revenue_currency))),
    ],
  ]);
  return items.length ? { label, value, items } : { label, value };
}

function goalFacts(details: unknown): Fact[] {
  const d = obj(details);
  const window = present([[l10n.t('Attribution window'), d.attribution_window_in_hours, hours]]);
  return [...window, ...(Array.isArray(d.goals) ? d.goals.map(goalFact) : [])];
}

function utmFacts(utm: unknown): Fact[] {
  return Object.entries(obj(utm)).map(([key, value]) => ({ label: text(key), value: text(value) }));
}

/** The campaign's facts, each group empty when the document says nothing about it. */
export function campaignFacts(doc: unknown): CampaignFacts {
  const d = obj(doc);
  const name = obj(d.basic_details).name;
  return {
    ...(typeof name === 'string' ? { name: shown(name) } : {}),
    ...(typeof d.channel === 'string' ? { channel: shown(d.channel) } : {}),
    ...(typeof d.campaign_delivery_type === 'string' ? { campaignDeliveryType: shown(d.campaign_delivery_type) } : {}),
    overview: overviewFacts(d),
    limits: [...audienceLimitFacts(d.campaign_audience_limit), ...deliveryControlFacts(d.delivery_controls)],
    controlGroup: controlGroupFacts(d.control_group_details),
    goals: goalFacts(d.conversion_goal_details),
    utm: utmFacts(d.utm_params),
  };
}
