import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, LintOptions } from '../helpers/lint';
import { applyFix, formattingFor } from '../../src/language/codeActions';
import { edited, fixture, fixesOf, text, Doc } from '../helpers/campaigns';

/**
 * Every fix the D, B, G, C, T, F, S and R rules offer, applied to the text the way the editor
 * applies it: the result is valid JSON, and the finding the fix was offered for is gone.
 * `preferred` says how many of the finding's fixes are marked preferred (fix-all applies those).
 */

interface Case extends LintOptions {
  name: string;
  document: string;
  rule: string;
  path: string;
  preferred: 0 | 1;
  fixes?: number;
}

const push = (o: Doc = {}): string => text({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', ...o });
const search = (o: Doc): string => text(o);
const SEARCH: LintOptions = { kind: 'search' };
const locFence = fixture('push-location-triggered').basic_details.geofences;

const CASES: Case[] = [
  { name: 'D2 channel case', document: push({ channel: 'push' }), rule: 'D2', path: '/channel', preferred: 1 },
  {
    name: 'D4 add IOS',
    document: edited('push-one-time', d => {
      d.campaign_delivery_type = 'BROADCAST_LIVE_ACTIVITY';
      d.basic_details.platforms = ['ANDROID'];
      d.basic_details.broadcast_live_activity_id = 'la';
    }),
    rule: 'D4',
    path: '/basic_details/platforms',
    preferred: 1,
  },
  {
    name: 'D4 add platforms',
    document: push({ campaign_delivery_type: 'BROADCAST_LIVE_ACTIVITY', basic_details: { name: 'x', broadcast_live_activity_id: 'la' } }),
    rule: 'D4',
    path: '/basic_details/platforms',
    preferred: 1,
  },
  {
    name: 'D7 rename',
    document: edited('push-one-time', d => {
      d.basic_details.nmae = 'x';
      delete d.basic_details.name;
    }),
    rule: 'D7',
    path: '/basic_details/nmae',
    preferred: 1,
    fixes: 2,
  },
  { name: 'D7 leftover copy', document: push({ chanel: 'PUSH' }), rule: 'D7', path: '/chanel', preferred: 1 },
  {
    name: 'D9 remove advanced',
    document: edited('email-promotional', d => {
      d.advanced = {};
    }),
    rule: 'D9',
    path: '/advanced',
    preferred: 1,
  },
  {
    name: 'B1 duplicate platform',
    document: edited('push-one-time', d => {
      d.basic_details.platforms = ['IOS', 'ANDROID', 'IOS'];
    }),
    rule: 'B1',
    path: '/basic_details/platforms/2',
    preferred: 1,
  },
  {
    name: 'B4 stray geofences',
    document: edited('push-one-time', d => {
      d.basic_details.geofences = locFence;
    }),
    rule: 'B4',
    path: '/basic_details/geofences',
    preferred: 1,
  },
  {
    name: 'B5 stray flag',
    document: edited('push-one-time', d => {
      d.basic_details.send_to_triggered_platform_only = true;
    }),
    rule: 'B5',
    path: '/basic_details/send_to_triggered_platform_only',
    preferred: 1,
  },
  {
    name: 'B7 nearest category',
    document: edited('email-promotional', d => {
      d.basic_details.subscription_category = 'newsleter';
    }),
    settings: { subscriptionCategories: ['newsletters', 'offers'] },
    rule: 'B7',
    path: '/basic_details/subscription_category',
    preferred: 1,
    fixes: 2,
  },
  {
    name: 'B7 the only category',
    document: edited('email-promotional', d => {
      delete d.basic_details.subscription_category;
    }),
    settings: { subscriptionCategories: ['newsletters'] },
    rule: 'B7',
    path: '/basic_details/subscription_category',
    preferred: 1,
  },
  {
    name: 'B8 default identifier',
    document: edited('email-promotional', d => {
      delete d.basic_details.user_attribute_identifier;
    }),
    purpose: 'inlineTest',
    rule: 'B8',
    path: '/basic_details/user_attribute_identifier',
    preferred: 1,
  },
  {
    name: 'B9 tag to string',
    document: edited('push-one-time', d => {
      d.basic_details.tags = ['a', 7];
    }),
    rule: 'B9',
    path: '/basic_details/tags/1',
    preferred: 1,
  },
  {
    name: 'G2 latitude to string',
    document: edited('push-location-triggered', d => {
      d.basic_details.geofences[0].latitude = 52.52;
    }),
    rule: 'G2',
    path: '/basic_details/geofences/0/latitude',
    preferred: 1,
  },
  {
    name: 'G3 DWELL',
    document: edited('push-location-triggered', d => {
      d.basic_details.geofences[1].triggered_at = 'DWELL';
    }),
    rule: 'G3',
    path: '/basic_details/geofences/1/triggered_at',
    preferred: 1,
  },
  {
    name: 'G3 entry',
    document: edited('push-location-triggered', d => {
      d.basic_details.geofences[0].triggered_at = 'entry';
    }),
    rule: 'G3',
    path: '/basic_details/geofences/0/triggered_at',
    preferred: 1,
  },
  {
    name: 'C1 default listed',
    document: edited('push-event-triggered', d => {
      d.campaign_content.locales = ['default', 'German'];
    }),
    rule: 'C1',
    path: '/campaign_content/locales/0',
    preferred: 1,
  },
  {
    name: 'C2 move flat content',
    document: edited('push-one-time', d => {
      d.campaign_content.locales = ['German'];
    }),
    rule: 'C2',
    path: '/campaign_content/content/push',
    preferred: 0,
  },
  {
    name: 'C3 Default',
    document: edited('push-event-triggered', d => {
      const c = d.campaign_content.content;
      c.Default = c.default;
      delete c.default;
    }),
    rule: 'C3',
    path: '/campaign_content/content/Default',
    preferred: 1,
  },
  {
    name: 'C3 misspelt message key',
    document: edited('push-event-triggered', d => {
      const v = d.campaign_content.content.German.variation_1;
      v.puhs = v.push;
      delete v.push;
    }),
    rule: 'C3',
    path: '/campaign_content/content/German/variation_1/puhs',
    preferred: 1,
  },
  {
    name: 'C4 add to locales',
    document: edited('push-event-triggered', d => {
      d.campaign_content.locales = [];
    }),
    rule: 'C4',
    path: '/campaign_content/content/German',
    preferred: 1,
  },
  {
    name: 'C4 create locales',
    document: edited('push-event-triggered', d => {
      delete d.campaign_content.locales;
    }),
    rule: 'C4',
    path: '/campaign_content/content/German',
    preferred: 1,
  },
  {
    name: 'C4 rename to the listed locale',
    document: edited('push-event-triggered', d => {
      const c = d.campaign_content.content;
      c.Germna = c.German;
      delete c.German;
    }),
    rule: 'C4',
    path: '/campaign_content/content/Germna',
    preferred: 1,
    fixes: 2,
  },
  {
    name: 'C4 unlist an empty locale',
    document: edited('push-event-triggered', d => {
      d.campaign_content.locales = ['German', 'French'];
    }),
    rule: 'C4',
    path: '/campaign_content/locales/1',
    preferred: 0,
  },
  {
    name: 'C5 remove the other channel',
    document: edited('email-promotional', d => {
      d.campaign_content.content.push = {};
    }),
    rule: 'C5',
    path: '/campaign_content/content/push',
    preferred: 1,
  },
  {
    name: 'C5 rename to the channel',
    document: edited('push-one-time', d => {
      d.campaign_content.content = { email: {} };
    }),
    rule: 'C5',
    path: '/campaign_content/content/email',
    preferred: 0,
  },
  {
    name: 'C6 V1 name',
    document: edited('push-one-time', d => {
      const p = d.campaign_content.content.push;
      p.andriod = p.android;
      delete p.android;
    }),
    rule: 'C6',
    path: '/campaign_content/content/push/andriod',
    preferred: 0,
  },
  {
    name: 'T1 stray trigger',
    document: edited('push-one-time', d => {
      d.trigger_condition = fixture('push-event-triggered').trigger_condition;
    }),
    rule: 'T1',
    path: '/trigger_condition',
    preferred: 1,
  },
  {
    name: 'T1 trigger skeleton',
    document: edited('push-event-triggered', d => {
      delete d.trigger_condition;
    }),
    rule: 'T1',
    path: '/trigger_condition',
    preferred: 0,
  },
  {
    name: 'T2 Email intelligent delay',
    document: edited('email-promotional', d => {
      d.campaign_delivery_type = 'EVENT_TRIGGERED';
      d.trigger_condition = { ...fixture('push-event-triggered').trigger_condition, trigger_delay_type: 'INTELLIGENT_DELAY' };
    }),
    rule: 'T2',
    path: '/trigger_condition/trigger_delay_type',
    preferred: 0,
    fixes: 2,
  },
  {
    name: 'T3 delay to a number',
    document: edited('push-event-triggered', d => {
      d.trigger_condition.trigger_delay_value = '2';
    }),
    rule: 'T3',
    path: '/trigger_condition/trigger_delay_value',
    preferred: 1,
  },
  {
    name: 'T4 wrap for BEFORE',
    document: edited('push-event-triggered', d => {
      d.trigger_condition.trigger_relation = 'BEFORE';
      d.trigger_condition.trigger_attr = 'Appointment Time';
    }),
    rule: 'T4',
    path: '/trigger_condition/trigger_attr',
    preferred: 1,
  },
  {
    name: 'T4 unwrap for AFTER',
    document: edited('push-event-triggered', d => {
      d.trigger_condition.trigger_attr = { name: 'Added To Cart' };
    }),
    rule: 'T4',
    path: '/trigger_condition/trigger_attr',
    preferred: 1,
  },
  {
    name: 'T5 window for INTELLIGENT_DELAY',
    document: edited('push-event-triggered', d => {
      d.trigger_condition = { included_filters: d.trigger_condition.included_filters, trigger_delay_type: 'INTELLIGENT_DELAY' };
    }),
    rule: 'T5',
    path: '/trigger_condition/intelligent_delay_optimization',
    preferred: 0,
  },
  {
    name: 'T5 Email window',
    document: edited('email-promotional', d => {
      d.campaign_delivery_type = 'EVENT_TRIGGERED';
      d.trigger_condition = { ...fixture('push-event-triggered').trigger_condition, intelligent_delay_optimization: {} };
    }),
    rule: 'T5',
    path: '/trigger_condition/intelligent_delay_optimization',
    preferred: 1,
  },
  {
    name: 'F1 AND',
    document: edited('push-one-time', d => {
      d.segmentation_details.included_filters.filter_operator = 'AND';
    }),
    rule: 'F1',
    path: '/segmentation_details/included_filters/filter_operator',
    preferred: 1,
  },
  {
    name: 'F2 type case',
    document: edited('push-one-time', d => {
      d.segmentation_details.excluded_filters.filters[0].filter_type = 'Custom_Segments';
    }),
    rule: 'F2',
    path: '/segmentation_details/excluded_filters/filters/0/filter_type',
    preferred: 1,
  },
  {
    name: 'F3 data type case',
    document: edited('push-one-time', d => {
      d.segmentation_details.included_filters.filters[0].data_type = 'STRING';
    }),
    rule: 'F3',
    path: '/segmentation_details/included_filters/filters/0/data_type',
    preferred: 1,
  },
  {
    name: 'F4 negate to boolean',
    document: edited('push-one-time', d => {
      d.segmentation_details.included_filters.filters[0].negate = 'false';
    }),
    rule: 'F4',
    path: '/segmentation_details/included_filters/filters/0/negate',
    preferred: 1,
  },
  {
    name: 'F6 execution type case',
    document: edited('push-one-time', d => {
      d.segmentation_details.included_filters.filters[1].execution.type = 'AtLeast';
    }),
    rule: 'F6',
    path: '/segmentation_details/included_filters/filters/1/execution/type',
    preferred: 1,
  },
  {
    name: 'S1 all users (insert)',
    document: edited('push-event-triggered', d => {
      d.segmentation_details = {};
    }),
    rule: 'S1',
    path: '/segmentation_details/included_filters',
    preferred: 0,
  },
  {
    name: 'S1 all users (replace)',
    document: edited('push-event-triggered', d => {
      d.segmentation_details.is_all_user_campaign = false;
    }),
    rule: 'S1',
    path: '/segmentation_details/included_filters',
    preferred: 0,
  },
  {
    name: 'S2 boolean',
    document: edited('push-event-triggered', d => {
      d.segmentation_details.is_all_user_campaign = 'true';
    }),
    rule: 'S2',
    path: '/segmentation_details/is_all_user_campaign',
    preferred: 1,
  },
  {
    name: 'R1 id to ids',
    document: search({ campaign_fields: { id: '65f1c2a4b7e8d9f0a1b2c3d4', status: ['DRAFT'] } }),
    ...SEARCH,
    rule: 'R1',
    path: '/campaign_fields/id',
    preferred: 1,
  },
  {
    name: 'R1 id into ids',
    document: search({ campaign_fields: { ids: ['a1'], id: 'b2', status: ['DRAFT'] } }),
    ...SEARCH,
    rule: 'R1',
    path: '/campaign_fields/id',
    preferred: 1,
  },
  {
    name: 'R1 delivery_type renamed',
    document: search({ campaign_fields: { delivery_type: ['PERIODIC'], status: ['DRAFT'] } }),
    ...SEARCH,
    rule: 'R1',
    path: '/campaign_fields/delivery_type',
    preferred: 1,
  },
  {
    name: 'R1 delivery_type renamed and wrapped',
    document: search({ campaign_fields: { delivery_type: 'PERIODIC', status: ['DRAFT'] } }),
    ...SEARCH,
    rule: 'R1',
    path: '/campaign_fields/delivery_type',
    preferred: 1,
  },
  {
    name: 'R1 version_number without versioning',
    document: search({ campaign_fields: { version_number: 2, status: ['DRAFT'] } }),
    kind: 'search',
    settings: { features: { versioning: false } },
    rule: 'R1',
    path: '/campaign_fields/version_number',
    preferred: 1,
  },
  {
    name: 'R2 limit clamped',
    document: search({ limit: 50, page: 1, campaign_fields: { status: ['DRAFT'] } }),
    ...SEARCH,
    rule: 'R2',
    path: '/limit',
    preferred: 1,
  },
  {
    name: 'R2 page from 1',
    document: search({ limit: 5, page: 0, campaign_fields: { status: ['DRAFT'] } }),
    ...SEARCH,
    rule: 'R2',
    path: '/page',
    preferred: 1,
  },
  {
    name: 'R2 drafts added to status',
    document: search({ campaign_fields: { status: ['ACTIVE'] } }),
    ...SEARCH,
    rule: 'R2',
    path: '/campaign_fields/status',
    preferred: 0,
  },
  {
    name: 'R2 drafts: status created',
    document: search({ campaign_fields: { channels: ['PUSH'] } }),
    ...SEARCH,
    rule: 'R2',
    path: '/campaign_fields/status',
    preferred: 0,
  },
  {
    name: 'R2 drafts: campaign_fields created',
    document: search({ limit: 15 }),
    ...SEARCH,
    rule: 'R2',
    path: '/campaign_fields/status',
    preferred: 0,
  },
];

for (const c of CASES) {
  test(`fix ${c.name}`, () => {
    const finding = lint(c.document, c).find(g => g.rule === c.rule && g.path === c.path);
    assert.ok(finding, `no ${c.rule} at ${c.path}`);
    const fixes = fixesOf(finding);
    assert.equal(fixes.length, c.fixes ?? 1, JSON.stringify(fixes));
    assert.equal(fixes.filter(f => f.isPreferred).length, c.preferred, 'preferred fixes');
    for (const f of fixes) {
      const after = applyFix(c.document, f.edits, formattingFor(c.document));
      assert.doesNotThrow(() => JSON.parse(after), `${f.title} leaves invalid JSON:\n${after}`);
      const still = lint(after, c).filter(g => g.rule === c.rule && g.path === c.path);
      assert.deepEqual(
        still.map(g => g.message),
        [],
        `${f.title} does not clear the finding:\n${after}`,
      );
    }
  });
}
