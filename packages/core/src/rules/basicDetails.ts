import { Finding, Fix, RuleCheck, RuleContext } from '../language/types';
import { join } from '../language/pointer';
import { didYouMean } from '../language/strings';
import { campaignKind, finding, has, isObj, Obj } from './util';

/**
 * `basic_details` rules that depend on the channel, the delivery type or the workspace (B2–B5,
 * B7, B8), and the geofence rules that JSON Schema cannot say (G1 unique names, G2 ranges).
 * Field types and enums (B1, B6, B9, G1, G3–G5) live in the basic_details and geofences schemas.
 */

const BD = '/basic_details';

function removeFix(path: string, what: string): Fix {
  return { title: `Remove \`${what}\``, edits: [{ kind: 'remove', path }], isPreferred: true };
}

/** B2: a business-event campaign names its business event. */
function businessEvent(bd: Obj, type: string | undefined): Finding[] {
  if (type !== 'BUSINESS_EVENT_TRIGGERED') return [];
  const v = bd.business_event;
  if (v === undefined) {
    return [finding('B2', 'error', `${BD}/business_event`,
      '`business_event` is required when `campaign_delivery_type` is `BUSINESS_EVENT_TRIGGERED`: name the business event that triggers the campaign.')];
  }
  if (typeof v === 'string' && v.trim() === '') {
    return [finding('B2', 'error', `${BD}/business_event`,
      '`business_event` is empty: name the business event that triggers the campaign.')];
  }
  return [];
}

/** B3: a Live Activity broadcast to iOS names the Live Activity. */
function liveActivity(bd: Obj, type: string | undefined): Finding[] {
  if (type !== 'BROADCAST_LIVE_ACTIVITY') return [];
  if (!Array.isArray(bd.platforms) || !bd.platforms.includes('IOS')) return [];
  if (bd.broadcast_live_activity_id !== undefined) return [];
  return [finding('B3', 'error', `${BD}/broadcast_live_activity_id`,
    '`broadcast_live_activity_id` is required when `platforms` contains `IOS` and `campaign_delivery_type` is `BROADCAST_LIVE_ACTIVITY`: give the id of the Live Activity to broadcast to.')];
}

/** B4: geofences exist for location-triggered campaigns, and only for them. */
function geofencesPresence(bd: Obj, type: string | undefined): Finding[] {
  if (!type) return [];
  const g = bd.geofences;
  if (type === 'LOCATION_TRIGGERED') {
    if (g === undefined) {
      return [finding('B4', 'error', `${BD}/geofences`,
        '`geofences` is required when `campaign_delivery_type` is `LOCATION_TRIGGERED`: add the geofence (or an array of geofences) whose entry, exit or dwell triggers the campaign.')];
    }
    if (Array.isArray(g) && g.length === 0) {
      return [finding('B4', 'error', `${BD}/geofences`,
        '`geofences` is empty: a `LOCATION_TRIGGERED` campaign needs at least one geofence.')];
    }
    return [];
  }
  if (g === undefined) return [];
  return [finding('B4', 'warning', `${BD}/geofences`,
    `\`geofences\` only applies to \`LOCATION_TRIGGERED\` campaigns; this one is \`${type}\`, so they are ignored. Remove them, or change the delivery type.`,
    { target: 'key', fixes: [removeFix(`${BD}/geofences`, 'geofences')] })];
}

/** B5: sending only to the triggering platform needs a triggering event. */
function triggeredPlatformOnly(bd: Obj, type: string | undefined): Finding[] {
  if (!type || type === 'EVENT_TRIGGERED' || !has(bd, 'send_to_triggered_platform_only')) return [];
  return [finding('B5', 'warning', `${BD}/send_to_triggered_platform_only`,
    `\`send_to_triggered_platform_only\` applies to \`EVENT_TRIGGERED\` campaigns only (there is no triggering platform otherwise); this one is \`${type}\`, so it is ignored. Remove it.`,
    { target: 'key', fixes: [removeFix(`${BD}/send_to_triggered_platform_only`, 'send_to_triggered_platform_only')] })];
}

/** B7: promotional email needs a subscription category, one the workspace knows. */
function subscriptionCategory(bd: Obj, ctx: RuleContext): Finding[] {
  const path = `${BD}/subscription_category`;
  const cats = ctx.settings.subscriptionCategories;
  const v = bd.subscription_category;
  if (v === undefined) {
    if (bd.content_type !== 'PROMOTIONAL') return [];
    const fixes: Fix[] = (cats ?? []).slice(0, 5).map(c => ({
      title: `Add \`"subscription_category": "${c}"\``,
      edits: [{ kind: 'insert', path, value: c }],
      isPreferred: cats?.length === 1 || undefined,
    }));
    const known = cats?.length ? ` The workspace's categories: ${cats.map(c => `\`${c}\``).join(', ')}.` : '';
    return [finding('B7', 'error', path,
      `\`subscription_category\` is required when \`content_type\` is \`PROMOTIONAL\`: name the subscription category users can opt out of.${known}`,
      fixes.length ? { fixes } : undefined)];
  }
  if (typeof v !== 'string' || !cats || cats.includes(v)) return [];
  const sameCase = cats.find(c => c.toLowerCase() === v.toLowerCase());
  const near = sameCase ?? didYouMean(v, cats);
  const fixes: Fix[] = [];
  if (near) fixes.push({ title: `Change to \`${near}\``, edits: [{ kind: 'replaceValue', path, value: near }], isPreferred: true });
  for (const c of cats.slice(0, 5)) {
    if (c !== near) fixes.push({ title: `Change to \`${c}\``, edits: [{ kind: 'replaceValue', path, value: c }] });
  }
  const listed = cats.length ? cats.map(c => `\`${c}\``).join(', ') : 'none';
  const from = ctx.settings.source ? ' (from `.campaignrc.json`)' : '';
  return [finding('B7', 'error', path,
    near
      ? `\`${v}\` is not a subscription category of this workspace: did you mean \`${near}\`? Categories${from}: ${listed}.`
      : `\`${v}\` is not a subscription category of this workspace: use one of ${listed}${from}, or add it to \`subscriptionCategories\` in \`.campaignrc.json\` if the workspace has it.`,
    { fixes })];
}

/** B8: an inline test send carries the email's identity in full. */
const INLINE_TEST_FIELDS = ['name', 'content_type', 'user_attribute_identifier', 'subscription_category'];
export const DEFAULT_USER_ATTRIBUTE_IDENTIFIER = 'Email (Standard)';

function inlineTest(doc: Obj): Finding[] {
  const bd = doc.basic_details;
  if (!isObj(bd)) {
    return [finding('B8', 'error', BD,
      '`basic_details` is required for an inline test send: it needs `name`, `content_type`, `user_attribute_identifier` and `subscription_category`.')];
  }
  return INLINE_TEST_FIELDS.filter(k => bd[k] === undefined).map(k => {
    const path = `${BD}/${k}`;
    const extra: Partial<Finding> = {};
    if (k === 'user_attribute_identifier') {
      extra.fixes = [{ title: `Add the default \`"${DEFAULT_USER_ATTRIBUTE_IDENTIFIER}"\``, edits: [{ kind: 'insert', path, value: DEFAULT_USER_ATTRIBUTE_IDENTIFIER }], isPreferred: true }];
    }
    const hint = k === 'user_attribute_identifier' ? ` (usually \`${DEFAULT_USER_ATTRIBUTE_IDENTIFIER}\`)` : '';
    return finding('B8', 'error', path,
      `\`${k}\` is required for an inline test send${hint}: an inline test needs \`name\`, \`content_type\`, \`user_attribute_identifier\` and \`subscription_category\`. Drafts and draft-mode tests do not.`, extra);
  });
}

/** The geofences of a document with their pointers: one object or an array of them. */
export function geofencesOf(bd: Obj): Array<{ g: Obj; path: string }> {
  const g = bd.geofences;
  const base = `${BD}/geofences`;
  if (isObj(g)) return [{ g, path: base }];
  if (!Array.isArray(g)) return [];
  const out: Array<{ g: Obj; path: string }> = [];
  g.forEach((item, i) => { if (isObj(item)) out.push({ g: item, path: join(base, i) }); });
  return out;
}

/** G1: geofence names are unique. */
function uniqueNames(fences: Array<{ g: Obj; path: string }>): Finding[] {
  const seen = new Map<string, string>();
  const out: Finding[] = [];
  for (const { g, path } of fences) {
    if (typeof g.name !== 'string') continue;
    const first = seen.get(g.name);
    if (first !== undefined) {
      out.push(finding('G1', 'error', `${path}/name`,
        `Two geofences are named \`${g.name}\` (the first at \`${first}\`): each geofence needs a unique name. Rename one of them.`));
    } else {
      seen.set(g.name, path);
    }
  }
  return out;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const COORDS: Array<{ key: string; min: number; max: number; what: string; example: string }> = [
  { key: 'latitude', min: -90, max: 90, what: 'a latitude from -90 to 90', example: '"52.5200"' },
  { key: 'longitude', min: -180, max: 180, what: 'a longitude from -180 to 180', example: '"13.4050"' },
];

/** G2: coordinates and radius are strings holding numbers in range. */
function numbersInRange(fences: Array<{ g: Obj; path: string }>): Finding[] {
  const out: Finding[] = [];
  for (const { g, path } of fences) {
    for (const c of COORDS) {
      const v = g[c.key];
      if (typeof v !== 'string') continue;
      const p = `${path}/${c.key}`;
      if (!NUMBER.test(v)) {
        out.push(finding('G2', 'error', p, `\`${v}\` is not a number: \`${c.key}\` is a string holding ${c.what}, such as ${c.example}.`));
      } else if (Number(v) < c.min || Number(v) > c.max) {
        out.push(finding('G2', 'error', p, `\`${c.key}\` ${v} is out of range: it must be ${c.what}.`));
      }
    }
    const r = g.radius;
    if (typeof r === 'string') {
      const p = `${path}/radius`;
      if (!NUMBER.test(r)) {
        out.push(finding('G2', 'error', p, `\`${r}\` is not a number: \`radius\` is a string holding the radius in meters, such as "200".`));
      } else if (!(Number(r) > 0)) {
        out.push(finding('G2', 'error', p, `\`radius\` ${r} must be greater than 0: give the radius in meters, such as "200".`));
      }
    }
  }
  return out;
}

export const basicDetailsRules: RuleCheck[] = [
  {
    ids: ['B2', 'B3', 'B4', 'B5'],
    kinds: ['campaign'],
    check({ doc }) {
      if (!isObj(doc) || !isObj(doc.basic_details)) return [];
      const { channel, type } = campaignKind(doc);
      const bd = doc.basic_details;
      const out = businessEvent(bd, type);
      if (channel === 'PUSH') out.push(...liveActivity(bd, type), ...geofencesPresence(bd, type), ...triggeredPlatformOnly(bd, type));
      return out;
    },
  },
  {
    ids: ['B7'],
    kinds: ['campaign'],
    check(ctx) {
      const doc = ctx.doc;
      if (!isObj(doc) || doc.channel !== 'EMAIL' || !isObj(doc.basic_details)) return [];
      return subscriptionCategory(doc.basic_details, ctx);
    },
  },
  {
    ids: ['B8'],
    kinds: ['campaign'],
    check({ doc, purpose }) {
      if (purpose !== 'inlineTest' || !isObj(doc) || doc.channel !== 'EMAIL') return [];
      return inlineTest(doc);
    },
  },
  {
    ids: ['G1', 'G2'],
    kinds: ['campaign'],
    check({ doc }) {
      // Geofences belong to Push basic details; elsewhere the key itself is reported (D7).
      if (!isObj(doc) || doc.channel !== 'PUSH' || !isObj(doc.basic_details)) return [];
      const fences = geofencesOf(doc.basic_details);
      return [...uniqueNames(fences), ...numbersInRange(fences)];
    },
  },
];
