import * as l10n from '@vscode/l10n';
import { Finding, Fix, RuleCheck, RuleContext } from '../model/types';
import { closestValue, code, visible } from '../model/strings';
import { campaignKind, changeTo, finding, has, isObj, Obj } from './util';
import { RuleGroup } from './define';
import { push, email } from './examples';

/**
 * `basic_details` rules that depend on the channel, the delivery type or the workspace (B2–B5,
 * B7, B8). Field types and enums (B1, B6, B9) live in the basic_details schemas.
 */

const BD = '/basic_details';

function removeFix(path: string, what: string): Fix {
  return { title: l10n.t`Remove \`${what}\``, edits: [{ kind: 'remove', path }], isPreferred: true };
}

/** B2: a business-event campaign names its business event. */
function businessEvent(bd: Obj, type: string | undefined): Finding[] {
  if (type !== 'BUSINESS_EVENT_TRIGGERED') return [];
  const v = bd.business_event;
  if (v === undefined) {
    return [
      finding(
        'B2',
        'error',
        `${BD}/business_event`,
        l10n.t(
          '`business_event` is required when `campaign_delivery_type` is `BUSINESS_EVENT_TRIGGERED`: name the business event that triggers the campaign.',
        ),
      ),
    ];
  }
  if (typeof v === 'string' && v.trim() === '') {
    return [
      finding(
        'B2',
        'error',
        `${BD}/business_event`,
        l10n.t('`business_event` is empty: name the business event that triggers the campaign.'),
      ),
    ];
  }
  return [];
}

/** B3: a Live Activity broadcast to iOS names the Live Activity. */
function liveActivity(bd: Obj, type: string | undefined): Finding[] {
  if (type !== 'BROADCAST_LIVE_ACTIVITY') return [];
  if (!Array.isArray(bd.platforms) || !bd.platforms.includes('IOS')) return [];
  if (bd.broadcast_live_activity_id !== undefined) return [];
  return [
    finding(
      'B3',
      'error',
      `${BD}/broadcast_live_activity_id`,
      l10n.t(
        '`broadcast_live_activity_id` is required when `platforms` contains `IOS` and `campaign_delivery_type` is `BROADCAST_LIVE_ACTIVITY`: give the id of the Live Activity to broadcast to.',
      ),
    ),
  ];
}

/** B4: geofences exist for location-triggered campaigns, and only for them. */
function geofencesPresence(bd: Obj, type: string | undefined): Finding[] {
  if (!type) return [];
  const g = bd.geofences;
  if (type === 'LOCATION_TRIGGERED') {
    if (g === undefined) {
      return [
        finding(
          'B4',
          'error',
          `${BD}/geofences`,
          l10n.t(
            '`geofences` is required when `campaign_delivery_type` is `LOCATION_TRIGGERED`: add the geofence (or an array of geofences) whose entry, exit or dwell triggers the campaign.',
          ),
        ),
      ];
    }
    if (Array.isArray(g) && g.length === 0) {
      return [
        finding(
          'B4',
          'error',
          `${BD}/geofences`,
          l10n.t('`geofences` is empty: a `LOCATION_TRIGGERED` campaign needs at least one geofence.'),
        ),
      ];
    }
    return [];
  }
  if (g === undefined) return [];
  return [
    finding(
      'B4',
      'warning',
      `${BD}/geofences`,
      l10n.t`\`geofences\` only applies to \`LOCATION_TRIGGERED\` campaigns; this one is \`${visible(type)}\`, so they are ignored. Remove them, or change the delivery type.`,
      { target: 'key', fixes: [removeFix(`${BD}/geofences`, 'geofences')] },
    ),
  ];
}

/** B5: sending only to the triggering platform needs a triggering event. */
function triggeredPlatformOnly(bd: Obj, type: string | undefined): Finding[] {
  if (!type || type === 'EVENT_TRIGGERED' || !has(bd, 'send_to_triggered_platform_only')) return [];
  return [
    finding(
      'B5',
      'warning',
      `${BD}/send_to_triggered_platform_only`,
      l10n.t`\`send_to_triggered_platform_only\` applies to \`EVENT_TRIGGERED\` campaigns only (there is no triggering platform otherwise); this one is \`${visible(type)}\`, so it is ignored. Remove it.`,
      { target: 'key', fixes: [removeFix(`${BD}/send_to_triggered_platform_only`, 'send_to_triggered_platform_only')] },
    ),
  ];
}

/** B7: promotional email needs a subscription category, one the workspace knows. */
function subscriptionCategory(bd: Obj, ctx: RuleContext): Finding[] {
  const path = `${BD}/subscription_category`;
  const cats = ctx.settings.subscriptionCategories;
  const v = bd.subscription_category;
  if (v === undefined) {
    if (bd.content_type !== 'PROMOTIONAL') return [];
    const fixes: Fix[] = (cats ?? []).slice(0, 5).map(c => ({
      title: l10n.t`Add \`"subscription_category": "${c}"\``,
      edits: [{ kind: 'insert', path, value: c }],
      isPreferred: cats?.length === 1 || undefined,
    }));
    const known = cats?.length ? ` The workspace's categories: ${cats.map(code).join(', ')}.` : '';
    return [
      finding(
        'B7',
        'error',
        path,
        l10n.t`\`subscription_category\` is required when \`content_type\` is \`PROMOTIONAL\`: name the subscription category users can opt out of.${known}`,
        fixes.length ? { fixes } : undefined,
      ),
    ];
  }
  if (typeof v !== 'string' || !cats || cats.includes(v)) return [];
  const near = closestValue(v, cats);
  const fixes: Fix[] = near ? [changeTo(path, near)] : [];
  for (const c of cats.slice(0, 5)) if (c !== near) fixes.push(changeTo(path, c, false));
  const listed = cats.length ? cats.map(code).join(', ') : 'none';
  const from = ctx.settings.source ? ' (from `.campaignrc.json`)' : '';
  return [
    finding(
      'B7',
      'error',
      path,
      near
        ? l10n.t(
            '`{0}` is not a subscription category of this workspace: did you mean `{1}`? Categories{2}: {3}.',
            visible(v),
            visible(near),
            from,
            listed,
          )
        : l10n.t(
            '`{0}` is not a subscription category of this workspace: use one of {1}{2}, or add it to `subscriptionCategories` in `.campaignrc.json` if the workspace has it.',
            visible(v),
            listed,
            from,
          ),
      { fixes },
    ),
  ];
}

/** B8: an inline test send carries the email's identity in full. */
const INLINE_TEST_FIELDS = ['name', 'content_type', 'user_attribute_identifier', 'subscription_category'];
export const DEFAULT_USER_ATTRIBUTE_IDENTIFIER = 'Email (Standard)';

function inlineTest(doc: Obj): Finding[] {
  const bd = doc.basic_details;
  if (!isObj(bd)) {
    return [
      finding(
        'B8',
        'error',
        BD,
        l10n.t(
          '`basic_details` is required for an inline test send: it needs `name`, `content_type`, `user_attribute_identifier` and `subscription_category`.',
        ),
      ),
    ];
  }
  return INLINE_TEST_FIELDS.filter(k => bd[k] === undefined).map(k => {
    const path = `${BD}/${k}`;
    const extra: Partial<Finding> = {};
    if (k === 'user_attribute_identifier') {
      extra.fixes = [
        {
          title: l10n.t`Add the default \`"${DEFAULT_USER_ATTRIBUTE_IDENTIFIER}"\``,
          edits: [{ kind: 'insert', path, value: DEFAULT_USER_ATTRIBUTE_IDENTIFIER }],
          isPreferred: true,
        },
      ];
    }
    const hint = k === 'user_attribute_identifier' ? ` (usually \`${DEFAULT_USER_ATTRIBUTE_IDENTIFIER}\`)` : '';
    return finding(
      'B8',
      'error',
      path,
      l10n.t(
        '`{0}` is required for an inline test send{1}: an inline test needs `name`, `content_type`, `user_attribute_identifier` and `subscription_category`. Drafts and draft-mode tests do not.',
        k,
        hint,
      ),
      extra,
    );
  });
}

const checks: RuleCheck[] = [
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
];

export const basicDetailsRules: RuleGroup = {
  section: '`basic_details`',
  rules: [
    {
      id: 'B1',
      title: 'Push platforms',
      severity: 'E',
      summary: 'Push: `platforms` items are `ANDROID`, `IOS`, `WEB`, no duplicates.',
      docs: {
        doc: push({ basic_details: { name: 'Spring sale', platforms: ['ANDROID', 'IOS', 'ANDROID'] } }),
        fix: 'List each of `ANDROID`, `IOS`, `WEB` at most once (quick fix: remove the duplicate).',
      },
    },
    {
      id: 'B2',
      title: 'Business event',
      severity: 'E',
      summary: '`business_event` is required for `BUSINESS_EVENT_TRIGGERED`.',
      docs: {
        doc: push({
          campaign_delivery_type: 'BUSINESS_EVENT_TRIGGERED',
          basic_details: { name: 'Price drop alert', platforms: ['ANDROID'] },
        }),
        fix: 'Name the business event: `"business_event": "price_drop"`.',
      },
    },
    {
      id: 'B3',
      title: 'Live Activity id',
      severity: 'E',
      summary: '`broadcast_live_activity_id` is required when `platforms` contains `IOS` and the type is `BROADCAST_LIVE_ACTIVITY`.',
      docs: {
        doc: push({ campaign_delivery_type: 'BROADCAST_LIVE_ACTIVITY', basic_details: { name: 'Final score', platforms: ['IOS'] } }),
        fix: 'Add the id of the Live Activity: `"broadcast_live_activity_id": "match_2026_final"`.',
      },
    },
    {
      id: 'B4',
      title: 'Geofences for location triggers',
      severity: 'E / W',
      summary: '`geofences` is required for `LOCATION_TRIGGERED` (rules G1–G5), and meaningless otherwise.',
      messages: {
        notGeofences: '`geofences` must be one geofence object or an array of geofence objects.',
      },
      docs: {
        doc: push({ campaign_delivery_type: 'LOCATION_TRIGGERED', basic_details: { name: 'Store welcome', platforms: ['ANDROID'] } }),
        fix: 'Add the geofences (one object or an array of them, rules G1–G5). On other delivery types, geofences are ignored: remove them (quick fix).',
      },
      removesInapplicable: true,
    },
    {
      id: 'B5',
      title: 'Triggered platform only',
      severity: 'W',
      summary: '`send_to_triggered_platform_only` applies to event-triggered campaigns only.',
      docs: {
        doc: push({ basic_details: { name: 'Spring sale', platforms: ['IOS'], send_to_triggered_platform_only: true } }),
        fix: 'Remove the field (quick fix), or make the campaign `EVENT_TRIGGERED` if it reacts to an event.',
      },
      removesInapplicable: true,
    },
    {
      id: 'B6',
      title: 'Email content type',
      severity: 'E',
      summary: 'Email: `content_type` is `PROMOTIONAL` or `TRANSACTIONAL`.',
      docs: {
        doc: email({ basic_details: { name: 'March newsletter', content_type: 'MARKETING' } }),
        fix: 'Use `PROMOTIONAL` (marketing, needs a subscription category) or `TRANSACTIONAL`.',
      },
    },
    {
      id: 'B7',
      title: 'Subscription category',
      severity: 'E',
      summary:
        "Email: `subscription_category` is required for `PROMOTIONAL`; when the workspace's categories are configured it must be one of them.",
      docs: {
        doc: email({ basic_details: { name: 'March newsletter', content_type: 'PROMOTIONAL' } }),
        fix: 'Add the subscription category users can opt out of, one of `subscriptionCategories` in `.campaignrc.json` when that is configured (quick fixes offer them).',
      },
    },
    {
      id: 'B8',
      title: 'Inline test fields',
      severity: 'E',
      summary:
        'Email inline test (`/v5/campaigns/test` with inline content): `name`, `content_type`, `user_attribute_identifier` and `subscription_category` are all required. Not required for drafts or draft-mode tests. `user_attribute_identifier` defaults to `Email (Standard)`.',
      docs: {
        purpose: 'inlineTest',
        context: 'Checked for an inline test send (the test command with inline content):',
        doc: email({ basic_details: { name: 'March newsletter', content_type: 'PROMOTIONAL', subscription_category: 'newsletters' } }),
        fix: 'Add `"user_attribute_identifier": "Email (Standard)"` (quick fix). Drafts and draft-mode tests do not need these four fields.',
      },
    },
    {
      id: 'B9',
      title: 'Name, tags and team',
      severity: 'E',
      summary: '`tags` is an array of strings; `name`, `team` are strings.',
      messages: {
        notAnObject: "`basic_details` must be an object holding the campaign's name, tags, team and channel settings.",
        notAnObjectEmail: "`basic_details` must be an object holding the campaign's name, tags, team and content type.",
        notAnObjectPush: "`basic_details` must be an object holding the campaign's name, tags, team and platforms.",
      },
      docs: {
        doc: push({ basic_details: { name: 'Spring sale', tags: 'spring', platforms: ['IOS'] } }),
        fix: 'Write `tags` as an array of strings (`["spring"]`, quick fix); `name` and `team` are strings.',
      },
    },
  ],
  checks,
};
