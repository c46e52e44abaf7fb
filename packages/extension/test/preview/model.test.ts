import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '@campaign-studio/core';
import { isViewMessage } from '../../src/preview/messages';
import { PreviewOptions, previewModel, ProblemInput } from '../../src/preview/model';
import { previewPage } from '../../src/preview/previewHtml';

const NOW = Date.parse('2030-02-01T00:00:00Z');
const OPTIONS: PreviewOptions = { fileName: 'spring-sale.campaign.json', now: NOW, viewerZone: 'America/New_York' };

const campaign = {
  channel: 'PUSH',
  campaign_delivery_type: 'ONE_TIME',
  basic_details: { name: 'Spring sale', platforms: ['ANDROID'] },
  segmentation_details: {
    included_filters: {
      filter_operator: 'and',
      filters: [
        { filter_type: 'user_attributes', name: 'city', operator: 'in', value: ['Paris', 'Lyon'] },
        { filter_operator: 'or', filters: [{ filter_type: 'user_attributes', name: 'age', operator: 'greater_than', value: 30 }, { filter_type: 'actions', name: 'purchase', operator: 'at_least', value: 2 }] },
      ],
    },
  },
  scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2030-03-01T09:00:00Z', timezone: 'Europe/Paris' },
  delivery_controls: { campaign_throttle_rpm: 1000 },
  control_group_details: { is_campaign_control_group_enabled: true, campaign_control_group_percentage: 10 },
  conversion_goal_details: { attribution_window_in_hours: 36, goals: [{ goal_name: 'Buy', goal_event_name: 'purchase', is_primary_goal: true }] },
  utm_params: { utm_source: 'app', utm_medium: 'push' },
};

const model = (doc: unknown, problems: ProblemInput[] = [], options = OPTIONS) => previewModel(parse(JSON.stringify(doc)).value, problems, options);

test('the header: name, channel, delivery type, and the status and environment only when known', () => {
  assert.deepEqual(model(campaign).header, {
    name: 'Spring sale',
    rows: [{ label: 'Channel', value: 'PUSH' }, { label: 'Delivery type', value: 'ONE_TIME' }],
  });
  assert.deepEqual(model(campaign, [], { ...OPTIONS, status: 'ACTIVE', environment: 'staging' }).header.rows.slice(2), [
    { label: 'Status', value: 'ACTIVE' }, { label: 'Environment', value: 'staging' },
  ]);
});

test('a fixed start time still ahead is one send, in the campaign\'s zone, in UTC and in the viewer\'s', () => {
  const { schedule } = model(campaign);
  assert.deepEqual(schedule.sends, [{
    at: Date.parse('2030-03-01T09:00:00Z'),
    campaignTime: 'Fri, 1 Mar 2030, 10:00 CET',
    utc: 'Fri, 1 Mar 2030, 09:00 UTC',
    viewerTime: 'Fri, 1 Mar 2030, 04:00 GMT-5',
    note: '',
  }]);
  assert.equal(schedule.summary, 'Delivery: AT_FIXED_TIME');
  assert.deepEqual(schedule.rows.map(r => r.label), ['delivery_type', 'start_time', 'timezone']);
});

test('a start time already passed sends nothing more; an unknown zone is said so, not thrown', () => {
  assert.deepEqual(model(campaign, [], { ...OPTIONS, now: Date.parse('2031-01-01T00:00:00Z') }).schedule.sends, []);
  const odd = model({ ...campaign, scheduling_details: { ...campaign.scheduling_details, timezone: 'Mars/Olympus' } });
  assert.equal(odd.schedule.sends[0].campaignTime, 'Mars/Olympus is not a known time zone');
});

test('the audience: each group\'s filters joined by its operator, nested groups in brackets; all users said so', () => {
  assert.deepEqual(model(campaign).audience, ["Included: city in 'Paris', 'Lyon' AND (age greater_than 30 OR purchase at_least 2)"]);
  assert.deepEqual(model({ ...campaign, segmentation_details: { is_all_user_campaign: true } }).audience, ['All users']);
});

test('limits, control group, goals and UTM parameters as labelled rows; a campaign without a trigger has none', () => {
  const m = model(campaign);
  assert.deepEqual(m.limits, [{ label: 'campaign_throttle_rpm', value: '1000' }]);
  assert.deepEqual(m.controlGroup, [{ label: 'is_campaign_control_group_enabled', value: 'true' }, { label: 'campaign_control_group_percentage', value: '10' }]);
  assert.deepEqual(m.goals.map(r => r.label), ['attribution_window_in_hours', 'goals[0].goal_name', 'goals[0].goal_event_name', 'goals[0].is_primary_goal']);
  assert.deepEqual(m.utm, [{ label: 'utm_source', value: "'app'" }, { label: 'utm_medium', value: "'push'" }]);
  assert.deepEqual(m.trigger, []);
  assert.equal(m.unreadable, '');
});

test('problems in line order, each with its rule, severity in words and the line to reveal', () => {
  const m = model(campaign, [
    { severity: 'warning', message: 'Later', code: 'S2', line: 9, character: 4 },
    { severity: 'error', message: 'Earlier', line: 2, character: 0 },
  ]);
  assert.deepEqual(m.problems, [
    { severity: 'error', severityText: 'Error', message: 'Earlier', code: '', line: 2, character: 0, where: 'Line 3' },
    { severity: 'warning', severityText: 'Warning', message: 'Later', code: 'S2', line: 9, character: 4, where: 'Line 10' },
  ]);
});

test('a file that is not a campaign object says so and still lists its problems', () => {
  const m = previewModel(parse('[1, 2').value, [{ severity: 'error', message: 'Expected comma', line: 0, character: 5 }], OPTIONS);
  assert.match(m.unreadable, /does not hold a campaign object/);
  assert.equal(m.header.name, 'Unnamed campaign');
  assert.equal(m.problems.length, 1);
});

test('the model is plain JSON: it survives postMessage\'s copy unchanged', () => {
  const m = model(campaign, [{ severity: 'hint', message: 'x', line: 0, character: 0 }]);
  assert.deepEqual(JSON.parse(JSON.stringify(m)), m);
});

test('the webview\'s messages: ready and reveal at a whole, non-negative position; anything else is refused', () => {
  assert.ok(isViewMessage({ type: 'ready' }));
  assert.ok(isViewMessage({ type: 'reveal', line: 3, character: 0 }));
  for (const m of [undefined, null, 'ready', {}, { type: 'open' }, { type: 'reveal' }, { type: 'reveal', line: -1, character: 0 },
    { type: 'reveal', line: 1.5, character: 0 }, { type: 'reveal', line: '3', character: 0 }, { type: 'reveal', line: 3 }]) {
    assert.equal(isViewMessage(m), false, JSON.stringify(m));
  }
});

test('the page: a strict Content-Security-Policy, the one script by nonce, no remote content', () => {
  const html = previewPage({ cspSource: 'vscode-webview://x', nonce: 'abc', scriptUri: 'vscode-webview://x/preview.js' });
  assert.match(html, /content="default-src 'none'; script-src 'nonce-abc'; style-src vscode-webview:\/\/x 'nonce-abc'"/);
  assert.deepEqual([...html.matchAll(/<script([^>]*)>/g)].map(m => m[1]), [' nonce="abc" src="vscode-webview://x/preview.js"']);
  assert.doesNotMatch(html, /https?:\/\//);
});
