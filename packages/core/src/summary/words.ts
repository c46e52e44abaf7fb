import * as l10n from '@vscode/l10n';
import { isObject, JsonObject } from '../model/json';

/**
 * The audience (`segmentation_details`) and the trigger (`trigger_condition`) as sentences, with
 * the structure a screen reader can walk as nested lists. Whatever the document holds, the words
 * say what they can and name what they do not recognise: these functions never throw.
 */

type Obj = Record<string, unknown>;

/** One part of a sentence: its words and, for a filter group, how its items combine. */
export interface WordsNode {
  /** The part as words, nested groups in parentheses. */
  text: string;
  /** What the part is, for a list's heading ("Included", "Delay"); absent for a filter. */
  label?: string;
  /** For a filter group: how its items combine. */
  operator?: 'AND' | 'OR';
  /** A group's filters, or an action's event-attribute group. */
  items?: WordsNode[];
}

/** A whole description: `text` is every part's sentence, in order; `parts` are those sentences. */
export interface InWords {
  text: string;
  parts: WordsNode[];
}

/** Longest value shown whole; longer values are cut with an ellipsis. */
const LONGEST_VALUE = 60;

/**
 * A value's text as shown: long text cut with an ellipsis. Its characters stay as they are, so that
 * `campaign show --format json` carries the real string; each renderer writes out control
 * characters its own way (the preview's model, `campaign show`'s lines).
 */
export function shown(text: string): string {
  return text.length > LONGEST_VALUE ? text.slice(0, LONGEST_VALUE - 1) + '…' : text;
}

/** A value as the sentence shows it: strings quoted, numbers and booleans bare, lists joined. */
export function quoted(value: unknown): string {
  if (typeof value === 'string') return `'${shown(value)}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length ? value.map(quoted).join(', ') : l10n.t('no values');
  if (value === undefined) return l10n.t('no value');
  return shown(JSON.stringify(value));
}

function name(value: unknown, missing: string): string {
  return typeof value === 'string' && value !== '' ? shown(value) : missing;
}

function bothEnds(value: unknown): string {
  return Array.isArray(value) && value.length === 2 ? l10n.t('{0} and {1}', quoted(value[0]), quoted(value[1])) : quoted(value);
}

function days(value: unknown): string {
  return typeof value === 'number' ? (value === 1 ? l10n.t('1 day') : l10n.t('{0} days', value)) : l10n.t('{0} days', quoted(value));
}

/** Each operator's words, plain and negated (`negate: true`), given the filter's value. */
const OPERATOR_WORDS: Record<string, (v: unknown) => [plain: string, negated: string]> = {
  is: v => [l10n.t('is {0}', quoted(v)), l10n.t('is not {0}', quoted(v))],
  in: v => [l10n.t('is one of {0}', quoted(v)), l10n.t('is none of {0}', quoted(v))],
  contains: v => [l10n.t('contains {0}', quoted(v)), l10n.t('does not contain {0}', quoted(v))],
  containsInTheFollowing: v => [l10n.t('contains any of {0}', quoted(v)), l10n.t('contains none of {0}', quoted(v))],
  startWithInTheFollowing: v => [l10n.t('starts with any of {0}', quoted(v)), l10n.t('starts with none of {0}', quoted(v))],
  endsWithInTheFollowing: v => [l10n.t('ends with any of {0}', quoted(v)), l10n.t('ends with none of {0}', quoted(v))],
  exists: () => [l10n.t('is set'), l10n.t('is not set')],
  between: v => [l10n.t('is between {0}', bothEnds(v)), l10n.t('is not between {0}', bothEnds(v))],
  lessThan: v => [l10n.t('is less than {0}', quoted(v)), l10n.t('is not less than {0}', quoted(v))],
  greaterThan: v => [l10n.t('is greater than {0}', quoted(v)), l10n.t('is not greater than {0}', quoted(v))],
  inTheLast: v => [l10n.t('is within the last {0}', days(v)), l10n.t('is not within the last {0}', days(v))],
  inTheNext: v => [l10n.t('is within the next {0}', days(v)), l10n.t('is not within the next {0}', days(v))],
  on: v => [l10n.t('is on {0}', quoted(v)), l10n.t('is not on {0}', quoted(v))],
  before: v => [l10n.t('is before {0}', quoted(v)), l10n.t('is not before {0}', quoted(v))],
  after: v => [l10n.t('is after {0}', quoted(v)), l10n.t('is not after {0}', quoted(v))],
  today: () => [l10n.t('is today'), l10n.t('is not today')],
};

/** An operator of the filters' vocabulary applied to a value, as words: "is one of 'a', 'b'". */
export function comparisonInWords(operator: unknown, value: unknown, negate: unknown): string {
  const words = typeof operator === 'string' && Object.hasOwn(OPERATOR_WORDS, operator) ? OPERATOR_WORDS[operator] : undefined;
  if (!words) return l10n.t('has an unrecognised operator {0} with {1}', quoted(operator), quoted(value));
  const [plain, negated] = words(value);
  return negate === true ? negated : plain;
}

function userAttributeWords(f: Obj): WordsNode {
  const attribute = name(f.name, l10n.t('an unnamed attribute'));
  const caseNote = f.case_sensitive === true ? l10n.t(' (case-sensitive)') : '';
  return { text: `${attribute} ${comparisonInWords(f.operator, f.value, f.negate)}${caseNote}` };
}

function executionWords(execution: unknown): string {
  if (!isObject(execution)) return '';
  const count = execution.count;
  const times =
    typeof count === 'number' ? (count === 1 ? l10n.t('1 time') : l10n.t('{0} times', count)) : l10n.t('{0} times', quoted(count));
  switch (execution.type) {
    case 'atleast':
      return ' ' + l10n.t('at least {0}', times);
    case 'atmost':
      return ' ' + l10n.t('at most {0}', times);
    case 'exactly':
      return ' ' + l10n.t('exactly {0}', times);
    default:
      return ' ' + l10n.t('{0} (an unrecognised execution type {1})', times, quoted(execution.type));
  }
}

function actionWords(f: Obj): WordsNode {
  const event = typeof f.action_name === 'string' ? quoted(f.action_name) : l10n.t('an unnamed event');
  const done = f.executed === false ? l10n.t('has not done {0}', event) : l10n.t('has done {0}', event);
  const label = typeof f.condition === 'string' && f.condition !== '' ? l10n.t(' (condition {0})', quoted(f.condition)) : '';
  const head = done + executionWords(f.execution) + label;
  if (f.attributes === undefined) return { text: head };
  const attributes = groupWords(f.attributes);
  return { text: l10n.t('{0} where {1}', head, nested(attributes)), items: [attributes] };
}

function segmentWords(f: Obj): WordsNode {
  return { text: l10n.t('custom segment is {0}', typeof f.name === 'string' ? quoted(f.name) : quoted(f.id)) };
}

function filterWords(f: unknown): WordsNode {
  if (!isObject(f)) return { text: l10n.t('an unrecognised filter ({0})', quoted(f)) };
  switch (f.filter_type) {
    case 'user_attributes':
      return userAttributeWords(f);
    case 'actions':
      return actionWords(f);
    case 'custom_segments':
      return segmentWords(f);
    default:
      return {
        text:
          f.filter_type === undefined
            ? l10n.t('an unrecognised filter (it has no filter_type)')
            : l10n.t('an unrecognised filter (filter_type {0})', quoted(f.filter_type)),
      };
  }
}

/** A group's words inside a larger sentence: in parentheses when it combines more than one filter. */
function nested(node: WordsNode): string {
  return node.items && node.items.length > 1 ? `(${node.text})` : node.text;
}

/** A filter group in words; its items are its filters (a nested group is an action's attributes). */
export function groupWords(group: unknown): WordsNode {
  if (!isObject(group)) return { text: l10n.t('an unrecognised filter group ({0})', quoted(group)) };
  const filters = Array.isArray(group.filters) ? group.filters : [];
  if (filters.length === 0) return { text: l10n.t('no filters') };
  const items = filters.map(filterWords);
  const op = typeof group.filter_operator === 'string' ? group.filter_operator : '';
  if (op !== 'and' && op !== 'or') {
    const joined = items.map(nested).join('; ');
    return { text: l10n.t('{0} (combined by an unrecognised filter_operator {1})', joined, quoted(group.filter_operator)), items };
  }
  const operator = op === 'and' ? 'AND' : 'OR';
  return { text: items.map(nested).join(` ${operator} `), operator, items };
}

function sentence(parts: WordsNode[]): InWords {
  return { text: parts.map(p => p.text).join(' '), parts };
}

/** A filter group as a labelled sentence; `say` puts the group's words in the sentence. */
function withGroup(label: string, say: (group: string) => string, group: WordsNode): WordsNode {
  return { ...group, label, text: say(group.text) };
}

/**
 * `segmentation_details` in words: who is included, who is excluded, and whether opted-out users
 * are reached. For example: "Users where city is one of 'Berlin', 'Paris' AND (last_seen is within
 * the last 7 days OR has done 'purchase' at least 2 times)."
 */
export function audienceInWords(segmentation: unknown): InWords {
  if (!isObject(segmentation))
    return sentence([{ label: l10n.t('Audience'), text: l10n.t('No audience is set: add segmentation_details.') }]);
  const parts: WordsNode[] = [];
  const included = segmentation.included_filters;
  if (segmentation.is_all_user_campaign === true) parts.push({ label: l10n.t('Included'), text: l10n.t('All users.') });
  else if (included !== undefined) parts.push(withGroup(l10n.t('Included'), g => l10n.t('Users where {0}.', g), groupWords(included)));
  else parts.push({ label: l10n.t('Included'), text: l10n.t('No users: set is_all_user_campaign or add included_filters.') });
  if (segmentation.is_all_user_campaign === true && included !== undefined) {
    parts.push(withGroup(l10n.t('Also filtered'), g => l10n.t('Of those, users where {0}.', g), groupWords(included)));
  }
  if (segmentation.excluded_filters !== undefined) {
    parts.push(withGroup(l10n.t('Excluded'), g => l10n.t('Except users where {0}.', g), groupWords(segmentation.excluded_filters)));
  }
  parts.push(
    segmentation.send_campaign_to_opt_out_users === true
      ? { label: l10n.t('Opted-out users'), text: l10n.t('Opted-out users are included too.') }
      : { label: l10n.t('Opted-out users'), text: l10n.t('Opted-out users are left out.') },
  );
  return sentence(parts);
}

const GRANULARITY: Record<string, (n: string) => string> = {
  MINUTES: n => l10n.t('{0} minute(s)', n),
  HOURS: n => l10n.t('{0} hour(s)', n),
  DAYS: n => l10n.t('{0} day(s)', n),
};

/** A number, or a string holding one (the spec's geofence fields), bare; anything else quoted. */
function number(value: unknown): string {
  return typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) ? String(value) : quoted(value);
}

/** An amount of time such as "2 hour(s)", or words naming what is not recognised. */
export function duration(value: unknown, granularity: unknown): string {
  const n = number(value);
  const unit = typeof granularity === 'string' && Object.hasOwn(GRANULARITY, granularity) ? GRANULARITY[granularity] : undefined;
  return unit ? unit(n) : l10n.t('{0} (an unrecognised unit {1})', n, quoted(granularity));
}

function anchorName(trigger: Obj): string {
  const attr = trigger.trigger_attr;
  if (isObject(attr)) return typeof attr.name === 'string' ? quoted(attr.name) : l10n.t('an unnamed time attribute');
  return typeof attr === 'string' ? quoted(attr) : l10n.t('the trigger event');
}

function delayWords(trigger: Obj): WordsNode {
  const label = l10n.t('Delay');
  switch (trigger.trigger_delay_type) {
    case undefined:
    case 'ASAP':
      return { label, text: l10n.t('Sent as soon as the condition is met.') };
    case 'DELAY': {
      const amount = duration(trigger.trigger_delay_value, trigger.trigger_delay_granularity);
      if (trigger.trigger_relation === 'BEFORE')
        return { label, text: l10n.t('Sent {0} before the time in {1}.', amount, anchorName(trigger)) };
      if (trigger.trigger_relation === 'AFTER') return { label, text: l10n.t('Sent {0} after {1}.', amount, anchorName(trigger)) };
      return {
        label,
        text: l10n.t('Sent {0} from the trigger (an unrecognised trigger_relation {1}).', amount, quoted(trigger.trigger_relation)),
      };
    }
    case 'INTELLIGENT_DELAY': {
      const o = isObject(trigger.intelligent_delay_optimization) ? trigger.intelligent_delay_optimization : {};
      return {
        label,
        text: l10n.t(
          'Sent at the best time for each user, between {0} and {1} after the condition is met.',
          duration(o.min_delay_value, o.min_delay_granularity),
          duration(o.max_delay_value, o.max_delay_granularity),
        ),
      };
    }
    default:
      return { label, text: l10n.t('Sent after an unrecognised delay (trigger_delay_type {0}).', quoted(trigger.trigger_delay_type)) };
  }
}

function conditionParts(trigger: Obj, say: (group: string) => string): WordsNode[] {
  const parts: WordsNode[] = [];
  if (trigger.included_filters !== undefined) parts.push(withGroup(l10n.t('Trigger'), say, groupWords(trigger.included_filters)));
  else parts.push({ label: l10n.t('Trigger'), text: l10n.t('No trigger condition: add included_filters.') });
  if (trigger.secondary_included_filters !== undefined) {
    parts.push(
      withGroup(l10n.t('Also required'), g => l10n.t('And only if the user {0}.', g), groupWords(trigger.secondary_included_filters)),
    );
  }
  return parts;
}

function geofenceWords(g: unknown): WordsNode {
  if (!isObject(g)) return { text: l10n.t('an unrecognised geofence ({0})', quoted(g)) };
  const where = l10n.t(
    '{0} ({1} m around {2}, {3})',
    name(g.name, l10n.t('an unnamed geofence')),
    number(g.radius),
    number(g.latitude),
    number(g.longitude),
  );
  const wait = duration(g.response_time_value, g.response_time_granularity);
  switch (g.triggered_at) {
    case 'ENTRY':
      return { text: l10n.t('enters {0}; sent {1} later', where, wait) };
    case 'EXIT':
      return { text: l10n.t('exits {0}; sent {1} later', where, wait) };
    case 'dwell':
      return { text: l10n.t('stays in {0} for {1}; sent {2} later', where, duration(g.dwell_time_value, g.dwell_time_granularity), wait) };
    default:
      return { text: l10n.t('is at {0} (an unrecognised triggered_at {1}); sent {2} later', where, quoted(g.triggered_at), wait) };
  }
}

function geofenceParts(basicDetails: unknown): WordsNode[] {
  const fences = isObject(basicDetails) ? basicDetails.geofences : undefined;
  const list = Array.isArray(fences) ? fences : fences === undefined ? [] : [fences];
  if (list.length === 0) return [{ label: l10n.t('Geofences'), text: l10n.t('No geofences: add basic_details.geofences.') }];
  const items = list.map(geofenceWords);
  return [
    { label: l10n.t('Geofences'), operator: 'OR', items, text: l10n.t('When a user {0}.', items.map(i => i.text).join(l10n.t(', or '))) },
  ];
}

/** Delivery types whose trigger is not a `trigger_condition`: none at all, or a business event. */
const TRIGGER_ELSEWHERE = ['ONE_TIME', 'PERIODIC', 'BROADCAST_LIVE_ACTIVITY', 'BUSINESS_EVENT_TRIGGERED'];

/**
 * The trigger of a campaign document in words: what `triggerInWords` says, for a campaign that
 * has a `trigger_condition` or whose delivery type needs none (one-time and periodic: "none",
 * never "not set"; a business event is named in `basic_details`); undefined when a triggered
 * campaign's file leaves its trigger out.
 */
export function campaignTriggerInWords(doc: JsonObject): InWords | undefined {
  if (doc.trigger_condition === undefined && !TRIGGER_ELSEWHERE.includes(String(doc.campaign_delivery_type))) return undefined;
  const type = doc.campaign_delivery_type;
  return triggerInWords(doc.trigger_condition, type, doc.basic_details);
}

/**
 * `trigger_condition` in words for the campaign's delivery type: the event (with its attribute
 * filters), the secondary condition and the delay; for a business-event campaign the event named
 * in `basic_details.business_event`, for a location-triggered one its geofences. Campaigns that
 * are not triggered say so.
 */
export function triggerInWords(trigger: unknown, deliveryType?: unknown, basicDetails?: unknown): InWords {
  const t = isObject(trigger) ? trigger : undefined;
  switch (deliveryType) {
    case 'ONE_TIME':
      return sentence([{ label: l10n.t('Trigger'), text: l10n.t('None: one-time campaigns are sent at their scheduled time.') }]);
    case 'PERIODIC':
      return sentence([{ label: l10n.t('Trigger'), text: l10n.t('None: periodic campaigns are sent at each scheduled run.') }]);
    case 'BROADCAST_LIVE_ACTIVITY':
      return sentence([{ label: l10n.t('Trigger'), text: l10n.t('None: the campaign is sent on its schedule.') }]);
    case 'BUSINESS_EVENT_TRIGGERED': {
      const event =
        isObject(basicDetails) && typeof basicDetails.business_event === 'string' ? quoted(basicDetails.business_event) : undefined;
      return sentence([
        {
          label: l10n.t('Trigger'),
          text: event
            ? l10n.t('Sent when the business event {0} happens.', event)
            : l10n.t('No business event: set basic_details.business_event.'),
        },
      ]);
    }
    case 'LOCATION_TRIGGERED':
      return sentence([
        ...geofenceParts(basicDetails),
        ...(t ? [...conditionParts(t, g => l10n.t('And only if the user {0}.', g)), delayWords(t)] : []),
      ]);
    case 'DEVICE_TRIGGERED':
    case 'EVENT_TRIGGERED':
    case undefined: {
      if (!t) return sentence([{ label: l10n.t('Trigger'), text: l10n.t('No trigger_condition: add one.') }]);
      const say =
        deliveryType === 'DEVICE_TRIGGERED'
          ? (g: string) => l10n.t('Shown by the device when the user {0}.', g)
          : (g: string) => l10n.t('Sent when the user {0}.', g);
      return sentence([...conditionParts(t, say), delayWords(t)]);
    }
    default:
      return sentence([
        {
          label: l10n.t('Trigger'),
          text: l10n.t('An unrecognised campaign_delivery_type {0}: the trigger cannot be described.', quoted(deliveryType)),
        },
      ]);
  }
}
