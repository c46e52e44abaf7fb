import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint } from '../helpers/lint';
import { campaignSkeleton, newCampaignChannels, newCampaignDeliveryTypes, newCampaignFileName } from '../../src/language/newCampaign';
import { expandSnippet, SKELETON_SNIPPETS } from '../../src/language/snippets';

/**
 * "New Campaign…": every channel and delivery type the service lets version 5 create has a
 * skeleton, which passes every rule as inserted and starts at its first field to fill.
 */

/** What the spec allows POST /v5/campaigns to create: Push and Email; device and location triggers are Push only. */
const CREATABLE: Array<[string, string]> = [
  ['PUSH', 'ONE_TIME'],
  ['PUSH', 'PERIODIC'],
  ['PUSH', 'EVENT_TRIGGERED'],
  ['PUSH', 'BUSINESS_EVENT_TRIGGERED'],
  ['PUSH', 'DEVICE_TRIGGERED'],
  ['PUSH', 'LOCATION_TRIGGERED'],
  ['EMAIL', 'ONE_TIME'],
  ['EMAIL', 'PERIODIC'],
  ['EMAIL', 'EVENT_TRIGGERED'],
  ['EMAIL', 'BUSINESS_EVENT_TRIGGERED'],
];

test('the picks offer exactly the channels and delivery types the service can create', () => {
  const offered = newCampaignChannels().flatMap(c => newCampaignDeliveryTypes(c.value).map(t => [c.value, t.value]));
  assert.deepEqual(offered, CREATABLE);
  for (const choice of [...newCampaignChannels(), ...newCampaignDeliveryTypes('PUSH')])
    assert.ok(choice.label && choice.detail, choice.value);
});

for (const [channel, type] of CREATABLE) {
  test(`${channel} ${type}: a skeleton of that channel and type, without an error or a warning as inserted, starting at its first field`, () => {
    const skeleton = campaignSkeleton(channel, type);
    assert.ok(skeleton, `no skeleton for ${channel} ${type}`);
    const text = expandSnippet(skeleton.snippet);
    const doc = JSON.parse(text) as { channel: string; campaign_delivery_type: string };
    assert.deepEqual([doc.channel, doc.campaign_delivery_type], [channel, type]);
    assert.deepEqual(
      lint(text)
        .filter(f => f.severity === 'error' || f.severity === 'warning')
        .map(f => `${f.rule}@${f.path}: ${f.message}`),
      [],
    );
    assert.match(skeleton.snippet, /\$\{1[:|]/, 'the cursor lands on placeholder 1');
  });
}

test('every skeleton file is offered by New Campaign', () => {
  const offered = new Set(CREATABLE.map(([c, t]) => campaignSkeleton(c, t)?.name));
  assert.deepEqual(
    SKELETON_SNIPPETS.map(s => s.name).filter(n => !offered.has(n)),
    [],
  );
});

test('no skeleton for what version 5 cannot create', () => {
  assert.equal(campaignSkeleton('SMS', 'ONE_TIME'), undefined);
  assert.equal(campaignSkeleton('PUSH', 'BROADCAST_LIVE_ACTIVITY'), undefined);
  assert.equal(campaignSkeleton('EMAIL', 'LOCATION_TRIGGERED'), undefined);
  assert.deepEqual(newCampaignDeliveryTypes('SMS'), []);
});

test('the new file is named after the pair, with a counter when the name is taken', () => {
  assert.equal(newCampaignFileName('PUSH', 'ONE_TIME'), 'new-push-one-time.campaign.json');
  assert.equal(newCampaignFileName('EMAIL', 'BUSINESS_EVENT_TRIGGERED', 2), 'new-email-business-event-triggered-2.campaign.json');
});
