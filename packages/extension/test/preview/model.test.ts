import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '@campaign-studio/core';
import { isViewMessage } from '../../src/preview/messages';
import { MAX_PREVIEW_CHARS, oversizedModel, PreviewOptions, previewModel, ProblemInput } from '../../src/preview/model';
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
        {
          filter_type: 'user_attributes',
          data_type: 'string',
          category: 'Tracked Standard Attribute',
          name: 'city',
          operator: 'in',
          value: ['Paris', 'Lyon'],
        },
        {
          filter_type: 'actions',
          action_name: 'purchase',
          execution: { type: 'atleast', count: 2 },
          executed: true,
          attributes: {
            filter_operator: 'or',
            filters: [
              { filter_type: 'user_attributes', data_type: 'double', name: 'amount', operator: 'greaterThan', value: 50 },
              { filter_type: 'user_attributes', data_type: 'string', name: 'store', operator: 'is', value: 'online' },
            ],
          },
        },
      ],
    },
  },
  scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2030-03-01T09:00:00Z', timezone: 'Europe/Paris' },
  delivery_controls: { campaign_throttle_rpm: 1000 },
  control_group_details: { is_campaign_control_group_enabled: true, campaign_control_group_percentage: 10 },
  conversion_goal_details: {
    attribution_window_in_hours: 36,
    goals: [{ goal_name: 'Buy', goal_event_name: 'purchase', is_primary_goal: true }],
  },
  utm_params: { utm_source: 'app', utm_medium: 'push' },
};

const model = (doc: unknown, problems: ProblemInput[] = [], options = OPTIONS) =>
  previewModel(parse(JSON.stringify(doc)).value, problems, options);

test('the header: name, channel, delivery type, and the status and environment only when known', () => {
  assert.deepEqual(model(campaign).header, {
    name: 'Spring sale',
    rows: [
      { label: 'Channel', value: 'PUSH' },
      { label: 'Delivery type', value: 'ONE_TIME' },
    ],
  });
  assert.deepEqual(model(campaign, [], { ...OPTIONS, status: 'ACTIVE', environment: 'staging' }).header.rows.slice(2), [
    { label: 'Status', value: 'ACTIVE' },
    { label: 'Environment', value: 'staging' },
  ]);
});

test("a fixed start time still ahead is one send, in the campaign's zone, in UTC and in the viewer's", () => {
  const { schedule } = model(campaign);
  assert.deepEqual(schedule.sends, [
    {
      at: Date.parse('2030-03-01T09:00:00Z'),
      campaignTime: 'Fri 1 Mar 2030, 10:00 Europe/Paris',
      day: '1 Mar 2030',
      utc: '09:00 UTC',
      viewerTime: '04:00 America/New_York',
      note: '',
    },
  ]);
  assert.equal(schedule.summary, 'Sends once, at Fri 1 Mar 2030, 10:00 Europe/Paris (09:00 UTC).');
  assert.deepEqual(schedule.rows, [
    { label: 'Time zone', value: 'Europe/Paris' },
    { label: 'Sends in all', value: '1' },
  ]);
  assert.equal(schedule.chartLabel, 'one send');
});

test('a weekly series lists its next sends with the DST change next to one, and says more follow', () => {
  const weekly = {
    ...campaign,
    campaign_delivery_type: 'PERIODIC',
    scheduling_details: {
      delivery_type: 'AT_FIXED_TIME',
      start_time: '2030-03-18T09:00:00',
      timezone: 'Europe/Berlin',
      periodic_details: { sending_frequency: 'WEEKLY', repeat_frequency: 1, repeat_on_days_of_week: ['MONDAY'] },
    },
  };
  const { schedule } = model(weekly);
  assert.deepEqual(
    schedule.sends.slice(0, 3).map(s => [s.campaignTime, s.utc, s.note]),
    [
      ['Mon 18 Mar 2030, 09:00 Europe/Berlin', '08:00 UTC', ''],
      ['Mon 25 Mar 2030, 09:00 Europe/Berlin', '08:00 UTC', 'Clocks go forward on Sun 31 Mar 2030'],
      ['Mon 1 Apr 2030, 09:00 Europe/Berlin', '07:00 UTC', 'Clocks went forward on Sun 31 Mar 2030'],
    ],
  );
  assert.deepEqual(
    schedule.rows.filter(r => r.label === 'Daylight saving').map(r => r.value),
    ['Clocks go forward on Sun 31 Mar 2030 in Europe/Berlin: later sends stay at 09:00 Europe/Berlin, 07:00 UTC instead of 08:00 UTC.'],
    'the change said in full once, as the first send next to it says it',
  );
  assert.ok(schedule.more);
  assert.equal(schedule.chartLabel, 'the next 10 sends; more follow');
});

test("a send in each user's zone is drawn from the first zone to the last; a schedule that never sends says why", () => {
  const local = {
    ...campaign,
    scheduling_details: {
      delivery_type: 'SEND_IN_USER_TIMEZONE',
      start_time: '2030-03-05T08:00:00',
      user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: true },
    },
  };
  assert.deepEqual(
    model(local).schedule.sends.map(s => [s.utc, s.viewerTime, s.note]),
    [
      ['18:00 UTC', '13:00 America/New_York', 'The first users, at UTC+14'],
      ['20:00 UTC', '15:00 America/New_York', 'The last users, at UTC-12'],
    ],
    "the viewer's time names its day only when it is not the campaign's",
  );
  const evening = {
    ...campaign,
    scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2030-03-01T02:00:00', timezone: 'Europe/Paris' },
  };
  assert.equal(model(evening).schedule.sends[0].viewerTime, 'Thu 28 Feb 20:00 America/New_York', 'the day before in New York');
  const expired = {
    ...campaign,
    campaign_delivery_type: 'EVENT_TRIGGERED',
    scheduling_details: { delivery_type: 'ASAP', expiry_time: '2029-01-01T00:00:00Z' },
  };
  assert.match(model(expired).schedule.summary, /^Never sends: it has expired/);
});

test('a name and a value holding control or bidi characters are written out in the preview, as core gives them as they are', () => {
  const m = model({
    ...campaign,
    basic_details: { ...campaign.basic_details, name: 'Sale\u001b[2J\u202e' },
    utm_params: { utm_source: 'a\u0007pp' },
  });
  assert.equal(m.header.name, 'Sale\\u001b[2J\\u202e');
  assert.deepEqual(m.utm, [{ label: 'utm_source', value: 'a\\u0007pp' }]);
});

test("the audience in words, the group's filters as items; all users said so", () => {
  const [included] = model(campaign).audience;
  assert.equal(included.label, 'Included');
  assert.equal(
    included.text,
    "Users where city is one of 'Paris', 'Lyon' AND has done 'purchase' at least 2 times where (amount is greater than 50 OR store is 'online').",
  );
  assert.deepEqual(
    included.items?.map(i => i.text),
    ["city is one of 'Paris', 'Lyon'", "has done 'purchase' at least 2 times where (amount is greater than 50 OR store is 'online')"],
  );
  assert.deepEqual(
    model({ ...campaign, segmentation_details: { is_all_user_campaign: true } }).audience.map(p => p.text),
    ['All users.', 'Opted-out users are left out.'],
  );
});

test('limits, control group, goals and UTM parameters in words; a one-time campaign says it has no trigger', () => {
  const m = model(campaign);
  assert.deepEqual(m.limits, [{ label: 'Throttle', value: '1000 per minute' }]);
  assert.deepEqual(m.controlGroup, [{ label: 'Campaign control group', value: '10% of the audience' }]);
  assert.deepEqual(m.goals, [
    { label: 'Attribution window', value: '36 hour(s)' },
    { label: 'Buy', value: "the user does 'purchase'", items: [{ label: 'Primary goal', value: 'yes' }] },
  ]);
  assert.deepEqual(m.utm, [
    { label: 'utm_source', value: 'app' },
    { label: 'utm_medium', value: 'push' },
  ]);
  assert.equal(campaign.campaign_delivery_type, 'ONE_TIME');
  assert.deepEqual(
    m.trigger.map(w => w.text),
    ['None: one-time campaigns are sent at their scheduled time.'],
  );
  assert.equal(m.unreadable, '');
});

test("a triggered campaign's trigger in words", () => {
  const triggered = {
    ...campaign,
    campaign_delivery_type: 'EVENT_TRIGGERED',
    trigger_condition: {
      included_filters: {
        filter_operator: 'and',
        filters: [{ filter_type: 'actions', action_name: 'Added to cart', execution: { type: 'atleast', count: 1 }, executed: true }],
      },
    },
  };
  assert.equal(model(triggered).trigger[0].text, "Sent when the user has done 'Added to cart' at least 1 time.");
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

test('a file past the size the preview reads says so and what to run, and still lists its problems', () => {
  const m = oversizedModel(10 * 1024 * 1024, [{ severity: 'error', message: 'Broken', line: 4, character: 0 }], OPTIONS);
  assert.equal(
    m.unreadable,
    'spring-sale.campaign.json is 10.0 MB: the preview summarises campaign files up to 2.0 MB. Run `campaign show spring-sale.campaign.json` in a terminal for its summary.',
  );
  assert.deepEqual(
    m.problems.map(p => p.where),
    ['Line 5'],
  );
  assert.deepEqual(
    [m.header, m.schedule.sends, m.audience],
    [{ name: 'spring-sale.campaign.json', rows: [] }, [], []],
    'nothing read from the file',
  );
  assert.equal(MAX_PREVIEW_CHARS, 2 * 1024 * 1024);
});

test('the first 100 problems are listed, in line order; the rest are counted, pointing to the Problems panel', () => {
  const many = Array.from({ length: 250 }, (_, i) => ({
    severity: 'warning' as const,
    message: `Problem ${i}`,
    line: 249 - i,
    character: 0,
  }));
  const m = previewModel(campaign, many, OPTIONS);
  assert.equal(m.problems.length, 100);
  assert.deepEqual([m.problems[0].line, m.problems[99].line], [0, 99]);
  assert.equal(m.moreProblems, '… and 150 more in the Problems panel.');
  assert.equal(previewModel(campaign, many.slice(0, 3), OPTIONS).moreProblems, '');
});

test("the model is plain JSON: it survives postMessage's copy unchanged", () => {
  const m = model(campaign, [{ severity: 'hint', message: 'x', line: 0, character: 0 }]);
  assert.deepEqual(JSON.parse(JSON.stringify(m)), m);
});

test("the webview's messages: ready and reveal at a whole, non-negative position; anything else is refused", () => {
  assert.ok(isViewMessage({ type: 'ready' }));
  assert.ok(isViewMessage({ type: 'reveal', line: 3, character: 0 }));
  for (const m of [
    undefined,
    null,
    'ready',
    {},
    { type: 'open' },
    { type: 'reveal' },
    { type: 'reveal', line: -1, character: 0 },
    { type: 'reveal', line: 1.5, character: 0 },
    { type: 'reveal', line: '3', character: 0 },
    { type: 'reveal', line: 3 },
  ]) {
    assert.equal(isViewMessage(m), false, JSON.stringify(m));
  }
});

test('the page: a strict Content-Security-Policy, the one script by nonce, no remote content', () => {
  const html = previewPage({ cspSource: 'vscode-webview://x', nonce: 'abc', scriptUri: 'vscode-webview://x/preview.js' });
  assert.match(html, /content="default-src 'none'; script-src 'nonce-abc'; style-src vscode-webview:\/\/x 'nonce-abc'"/);
  assert.deepEqual(
    [...html.matchAll(/<script([^>]*)>/g)].map(m => m[1]),
    [' nonce="abc" src="vscode-webview://x/preview.js"'],
  );
  assert.doesNotMatch(html, /https?:\/\//);
});
