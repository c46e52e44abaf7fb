import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { campaignFacts } from '../../src/summary/facts';

/** The campaign's facts: each expected label and value written out by hand. */

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'valid', `${name}.campaign.json`), 'utf8'));

const EMAIL_PERIODIC = {
  channel: 'EMAIL',
  campaign_delivery_type: 'PERIODIC',
  basic_details: { name: 'Weekly digest', content_type: 'PROMOTIONAL', subscription_category: 'news' },
  scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2026-12-01T09:00:00', timezone: 'Europe/Berlin' },
  campaign_audience_limit: { is_campaign_audience_limit_enabled: true, metric: 'SENT', frequency: 'INSTANCE', limit: 5000 },
  delivery_controls: {
    bypass_dnd: true,
    campaign_throttle_rpm: 1000,
    ignore_frequency_capping: true,
    queuing_enabled: true,
    queue_duration: 12,
  },
  control_group_details: { is_campaign_control_group_enabled: false, is_global_control_group_enabled: false },
  conversion_goal_details: {
    attribution_window_in_hours: 24,
    goals: [
      {
        goal_name: 'Big order',
        goal_event_name: 'Purchased',
        goal_event_attribute: { name: 'amount', condition: 'between', data_type: 'DOUBLE', value: '100', value1: '500' },
        is_primary_goal: true,
      },
      {
        goal_event_name: 'Clicked',
        goal_event_attribute: { name: 'link', condition: 'contains', data_type: 'STRING', value: 'sale', negate: true },
      },
    ],
  },
  utm_params: { utm_source: 'newsletter', utm_medium: 'email', utm_extra: 'x' },
};

test('an email periodic campaign: overview, limits, control group, goals in words, UTM', () => {
  assert.deepEqual(campaignFacts(EMAIL_PERIODIC), {
    name: 'Weekly digest',
    channel: 'EMAIL',
    campaignDeliveryType: 'PERIODIC',
    overview: [
      { label: 'Name', value: 'Weekly digest' },
      { label: 'Channel', value: 'EMAIL' },
      { label: 'Campaign delivery type', value: 'PERIODIC' },
      { label: 'Schedule delivery type', value: 'AT_FIXED_TIME' },
      { label: 'Time zone', value: 'Europe/Berlin' },
      { label: 'Content type', value: 'PROMOTIONAL' },
    ],
    limits: [
      { label: 'Audience limit', value: 'at most 5000 users per send' },
      { label: 'Ignores frequency capping', value: 'yes' },
      { label: 'Throttle', value: '1000 per minute' },
      { label: 'Sends during Do Not Disturb', value: 'yes' },
      { label: 'Queuing', value: 'yes, for up to 12 hour(s)' },
    ],
    controlGroup: [
      { label: 'Campaign control group', value: 'no' },
      { label: 'Global control group', value: 'no' },
    ],
    goals: [
      { label: 'Attribution window', value: '24 hour(s)' },
      {
        label: 'Big order',
        value: "the user does 'Purchased' where amount is between '100' and '500'",
        items: [{ label: 'Primary goal', value: 'yes' }],
      },
      { label: 'Goal 2', value: "the user does 'Clicked' where link does not contain 'sale'" },
    ],
    utm: [
      { label: 'utm_source', value: 'newsletter' },
      { label: 'utm_medium', value: 'email' },
      { label: 'utm_extra', value: 'x' },
    ],
  });
});

test('the push event-triggered fixture: platforms, minimum delay, revenue goal', () => {
  const facts = campaignFacts(fixture('push-event-triggered'));
  assert.deepEqual(
    facts.overview.find(f => f.label === 'Platforms'),
    { label: 'Platforms', value: 'ANDROID, IOS, WEB' },
  );
  assert.deepEqual(facts.limits, [
    { label: 'Ignores frequency capping', value: 'no' },
    { label: 'Counts towards frequency capping', value: 'yes' },
    { label: 'Sends during Do Not Disturb', value: 'no' },
    { label: 'Minimum delay between two notifications', value: '4 hour(s)' },
    { label: 'Ignores the workspace minimum delay', value: 'no' },
  ]);
  assert.deepEqual(facts.goals[1], {
    label: 'Purchase',
    value: "the user does 'Purchased'",
    items: [
      { label: 'Primary goal', value: 'yes' },
      { label: 'Revenue', value: 'amount in EUR' },
    ],
  });
});

test('limits: audience limit off or total, location send limit, queuing without a duration', () => {
  const limits = (doc: unknown) => campaignFacts(doc).limits;
  assert.deepEqual(limits({ campaign_audience_limit: { is_campaign_audience_limit_enabled: false } }), [
    { label: 'Audience limit', value: 'none' },
  ]);
  assert.deepEqual(limits({ campaign_audience_limit: { is_campaign_audience_limit_enabled: true, frequency: 'TOTAL', limit: 10 } }), [
    { label: 'Audience limit', value: 'at most 10 users in total' },
  ]);
  assert.deepEqual(limits({ campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 10 } }), [
    { label: 'Audience limit', value: 'at most 10 users' },
  ]);
  assert.deepEqual(limits({ delivery_controls: { send_limit_value: '3', send_limit_granularity_in_hours: '24' } }), [
    { label: 'Send limit', value: '3 per 24 hour(s)' },
  ]);
  assert.deepEqual(limits({ delivery_controls: { queuing_enabled: true } }), [{ label: 'Queuing', value: 'yes' }]);
  assert.deepEqual(limits({ delivery_controls: { queuing_enabled: false, queue_duration: 0 } }), [{ label: 'Queuing', value: 'no' }]);
});

test('the control group with its percentage', () => {
  assert.deepEqual(campaignFacts(fixture('push-one-time')).controlGroup, [
    { label: 'Campaign control group', value: '10% of the audience' },
    { label: 'Global control group', value: 'yes' },
  ]);
});

test('anything that is not a campaign gives empty facts, never a throw', () => {
  const empty = { overview: [], limits: [], controlGroup: [], goals: [], utm: [] };
  for (const doc of [undefined, null, 42, 'x', [], {}]) assert.deepEqual(campaignFacts(doc), empty);
});

test('values of the wrong kind are shown as they are, safely', () => {
  const facts = campaignFacts({
    channel: 7,
    basic_details: { name: 'Sale\u001b[2J', platforms: 'IOS' },
    delivery_controls: { bypass_dnd: 'sometimes' },
    conversion_goal_details: { goals: ['x'] },
    utm_params: { utm_source: ['a'] },
  });
  assert.deepEqual(facts, {
    name: 'Sale\u001b[2J',
    overview: [
      { label: 'Name', value: 'Sale\u001b[2J' },
      { label: 'Channel', value: '7' },
      { label: 'Platforms', value: 'IOS' },
    ],
    limits: [{ label: 'Sends during Do Not Disturb', value: "'sometimes'" }],
    controlGroup: [],
    goals: [{ label: 'Goal 1', value: 'the user does an unnamed event' }],
    utm: [{ label: 'utm_source', value: "'a'" }],
  });
});
