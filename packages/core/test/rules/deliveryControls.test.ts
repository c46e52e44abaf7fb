import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ruleTests } from '../helpers/ruleTests';
import { lint, only } from '../helpers/lint';
import { assertLikeAnyOtherWord } from '../helpers/builtinWords';
import {
  Doc,
  emailEventTriggered,
  fixProblems,
  pushDeviceTriggered,
  pushEventTriggered,
  pushLocationTriggered,
  pushOneTime,
  pushPeriodic,
  rangeOf,
  valueRangeOf,
} from '../helpers/ruleCampaigns';
import { EMAIL_FIELDS, TIED_FIELDS } from '../../src/rules/deliveryControls';

const DC = '/delivery_controls';
const QUEUING_ON = { features: { queuing: true } };

function controls(dc: unknown, base: Doc = pushOneTime): Doc {
  return { ...structuredClone(base), delivery_controls: dc };
}

// ---- Q1
const emailQueuing = controls({ bypass_dnd: false, queuing_enabled: true, queue_duration: 12 }, emailEventTriggered);
const wrongType = controls({ bypass_dnd: 'false', campaign_throttle_rpm: '5000' });
ruleTests('Q1', {
  breaks: [
    {
      name: 'Push fields in an Email campaign',
      document: emailQueuing,
      settings: QUEUING_ON,
      expect: [
        {
          severity: 'error',
          path: `${DC}/queuing_enabled`,
          range: rangeOf(emailQueuing, '"queuing_enabled"'),
          message: /Push delivery control; Email takes only/,
        },
        { severity: 'error', path: `${DC}/queue_duration` },
      ],
    },
    {
      name: 'a device-triggered field in an Email campaign',
      document: controls({ bypass_dnd: true, send_message_in_offline_mode: true }, emailEventTriggered),
      expect: [{ severity: 'error', path: `${DC}/send_message_in_offline_mode` }],
    },
    {
      name: 'wrong types',
      document: wrongType,
      expect: [
        { severity: 'error', path: `${DC}/bypass_dnd`, range: rangeOf(wrongType, '"false"'), message: /`true` or `false`/ },
        { severity: 'error', path: `${DC}/campaign_throttle_rpm`, message: /whole number/ },
      ],
    },
    {
      name: 'hours that are not a number',
      document: controls({ bypass_dnd: false, max_time_to_show_message_of_same_camapign: 'a day' }, pushDeviceTriggered),
      expect: [{ severity: 'error', path: `${DC}/max_time_to_show_message_of_same_camapign`, message: /not a number of hours/ }],
    },
    {
      name: 'hours given as a number',
      document: controls({ bypass_dnd: false, expiry_time_of_sync_data_in_hour: 48 }, pushDeviceTriggered),
      expect: [{ severity: 'error', path: `${DC}/expiry_time_of_sync_data_in_hour`, message: /must be a string/ }],
    },
    { name: 'not an object', document: controls([{ bypass_dnd: true }]), expect: [{ severity: 'error', path: DC }] },
  ],
  satisfies: [
    { name: 'Push one-time controls', document: pushOneTime },
    {
      name: 'the five Email fields',
      document: controls(
        {
          bypass_dnd: true,
          campaign_throttle_rpm: 1000,
          count_for_frequency_capping: true,
          ignore_frequency_capping: false,
          minimum_delay_between_two_notification_in_hour: 4,
        },
        withType(emailEventTriggered, 'ONE_TIME'),
      ),
    },
    { name: 'device-triggered controls', document: pushDeviceTriggered },
    { name: 'location-triggered controls', document: pushLocationTriggered },
  ],
});

function withType(doc: Doc, type: string): Doc {
  return { ...structuredClone(doc), campaign_delivery_type: type };
}

test('Q1: Push fields in an Email campaign get a preferred removal', () => {
  const [d] = only(lint(emailQueuing, { settings: QUEUING_ON }), 'Q1');
  assert.deepEqual(d.fixes, [
    { title: 'Remove `queuing_enabled`', edits: [{ kind: 'remove', path: `${DC}/queuing_enabled` }], isPreferred: true },
  ]);
});

test('Q1: the Email schema lists exactly the five Email fields, and marks the Push ones x-channels PUSH', () => {
  const read = (name: string) => JSON.parse(readFileSync(path.join(__dirname, '../../schemas/components', name), 'utf8'));
  const email = read('delivery_controls.email.schema.json');
  const push = read('delivery_controls.push.schema.json');
  const emailOnly = Object.entries(email.properties as Record<string, { 'x-channels'?: string[] }>)
    .filter(([, p]) => !p['x-channels'])
    .map(([k]) => k);
  assert.deepEqual(emailOnly.sort(), [...EMAIL_FIELDS].sort());
  assert.deepEqual(
    Object.keys(email.properties).sort(),
    Object.keys(push.properties).sort(),
    'every Push field is known to the Email schema, to be reported as Push only',
  );
  // The hovers' x-delivery-types and the Q4 table say the same thing.
  for (const [key, types] of Object.entries(TIED_FIELDS)) {
    assert.deepEqual(push.properties[key]['x-delivery-types'], types, key);
  }
});

// ---- Q2
const eventNoDnd = controls({ count_for_frequency_capping: true }, pushEventTriggered);
ruleTests('Q2', {
  breaks: [
    {
      name: 'Push event-triggered without bypass_dnd',
      document: eventNoDnd,
      expect: [
        {
          severity: 'error',
          path: `${DC}/bypass_dnd`,
          range: rangeOf(eventNoDnd, '"delivery_controls"'),
          message: /required for `EVENT_TRIGGERED`/,
        },
      ],
    },
    {
      name: 'Email event-triggered without bypass_dnd',
      document: controls({ ignore_frequency_capping: false }, emailEventTriggered),
      expect: [{ severity: 'error', path: `${DC}/bypass_dnd` }],
    },
  ],
  satisfies: [
    { name: 'event-triggered with bypass_dnd', document: pushEventTriggered },
    { name: 'one-time without bypass_dnd', document: controls({ count_for_frequency_capping: true }) },
    { name: 'an event-triggered draft without delivery controls yet', document: controls(undefined, pushEventTriggered) },
  ],
});

test('Q2: the fix inserts bypass_dnd false (DND respected)', () => {
  const [d] = only(lint(eventNoDnd), 'Q2');
  assert.deepEqual(d.fixes, [{ title: 'Add `"bypass_dnd": false`', edits: [{ kind: 'insert', path: `${DC}/bypass_dnd`, value: false }] }]);
});

// ---- Q3
const eventThrottled = controls({ bypass_dnd: false, campaign_throttle_rpm: 1000 }, pushEventTriggered);
ruleTests('Q3', {
  breaks: [
    {
      name: 'event-triggered with a throttle',
      document: eventThrottled,
      expect: [
        {
          severity: 'warning',
          path: `${DC}/campaign_throttle_rpm`,
          range: rangeOf(eventThrottled, '"campaign_throttle_rpm"'),
          message: /event-triggered/,
        },
      ],
    },
    {
      name: 'device-triggered with a throttle',
      document: controls({ bypass_dnd: false, campaign_throttle_rpm: 1000 }, pushDeviceTriggered),
      expect: [{ severity: 'warning', path: `${DC}/campaign_throttle_rpm` }],
    },
    {
      name: 'location-triggered with a throttle',
      document: controls({ campaign_throttle_rpm: 1000 }, pushLocationTriggered),
      expect: [{ severity: 'warning', path: `${DC}/campaign_throttle_rpm` }],
    },
    {
      name: 'Email event-triggered with a throttle',
      document: controls({ bypass_dnd: false, campaign_throttle_rpm: 1000 }, emailEventTriggered),
      expect: [{ severity: 'warning', path: `${DC}/campaign_throttle_rpm` }],
    },
  ],
  satisfies: [
    { name: 'one-time with a throttle', document: pushOneTime },
    { name: 'periodic with a throttle', document: pushPeriodic },
    { name: 'business-event-triggered with a throttle', document: withType(pushOneTime, 'BUSINESS_EVENT_TRIGGERED') },
  ],
});

// ---- Q4
const oneTimeDeviceFields = controls({
  bypass_dnd: false,
  send_message_in_offline_mode: true,
  send_limit_value: '3',
  ignore_global_minimum_delay: true,
  minimum_delay_between_two_notification_in_hour: 2,
});
const misspeltDevice = controls({ bypass_dnd: false, max_time_to_show_message_of_same_campaign: '24' }, pushDeviceTriggered);
ruleTests('Q4', {
  breaks: [
    {
      name: 'device-, location- and event-only fields on a one-time campaign',
      document: oneTimeDeviceFields,
      expect: [
        {
          severity: 'warning',
          path: `${DC}/send_message_in_offline_mode`,
          range: rangeOf(oneTimeDeviceFields, '"send_message_in_offline_mode"'),
          message: /device-triggered campaigns only/,
        },
        { severity: 'warning', path: `${DC}/send_limit_value`, message: /location-triggered/ },
        { severity: 'warning', path: `${DC}/ignore_global_minimum_delay`, message: /event-triggered/ },
        {
          severity: 'warning',
          path: `${DC}/minimum_delay_between_two_notification_in_hour`,
          message: /event-triggered and device-triggered/,
        },
      ],
    },
    {
      name: 'a location field on a device-triggered campaign',
      document: controls({ bypass_dnd: false, send_limit_granularity_in_hours: '24' }, pushDeviceTriggered),
      expect: [{ severity: 'warning', path: `${DC}/send_limit_granularity_in_hours` }],
    },
    {
      name: 'the English spelling of camapign',
      document: misspeltDevice,
      expect: [
        {
          severity: 'warning',
          path: `${DC}/max_time_to_show_message_of_same_campaign`,
          range: rangeOf(misspeltDevice, '"max_time_to_show_message_of_same_campaign"'),
          message: /spells this field `max_time_to_show_message_of_same_camapign`/,
        },
      ],
    },
    {
      name: 'the English spelling on an event-triggered campaign',
      document: controls({ bypass_dnd: false, max_time_to_show_message_of_same_campaign: '24' }, pushEventTriggered),
      expect: [
        { severity: 'warning', path: `${DC}/max_time_to_show_message_of_same_campaign`, message: /device-triggered campaigns only/ },
      ],
    },
  ],
  satisfies: [
    { name: 'device-triggered fields on a device-triggered campaign', document: pushDeviceTriggered },
    { name: 'location fields on a location-triggered campaign', document: pushLocationTriggered },
    {
      name: 'event fields on an event-triggered campaign',
      document: controls(
        { bypass_dnd: false, ignore_global_minimum_delay: true, minimum_delay_between_two_notification_in_hour: 2 },
        pushEventTriggered,
      ),
    },
    {
      name: 'minimum delay on an Email one-time campaign (Push only)',
      document: controls(
        { bypass_dnd: false, minimum_delay_between_two_notification_in_hour: 2 },
        withType(emailEventTriggered, 'ONE_TIME'),
      ),
    },
  ],
});

test('Q4: rename to the service spelling (preferred), or removal where the field does not apply', () => {
  const [d] = only(lint(misspeltDevice), 'Q4');
  assert.deepEqual(d.fixes, [
    {
      title: 'Rename to `max_time_to_show_message_of_same_camapign`',
      edits: [
        { kind: 'renameKey', path: `${DC}/max_time_to_show_message_of_same_campaign`, newKey: 'max_time_to_show_message_of_same_camapign' },
      ],
      isPreferred: true,
    },
  ]);
  const [e] = only(lint(controls({ bypass_dnd: false, max_time_to_show_message_of_same_campaign: '24' }, pushEventTriggered)), 'Q4');
  assert.equal(
    (e.fixes as Array<{ isPreferred?: boolean; edits: Array<{ kind: string }> }>).find(f => f.isPreferred)?.edits[0].kind,
    'remove',
  );
  const [w] = only(lint(controls({ bypass_dnd: false, send_limit_value: '3' })), 'Q4');
  assert.deepEqual(w.fixes, [
    { title: 'Remove `send_limit_value`', edits: [{ kind: 'remove', path: `${DC}/send_limit_value` }], isPreferred: true },
  ]);
});

// ---- Q5 (flag-gated: true, false, unknown)
const queued = controls({ bypass_dnd: false, queuing_enabled: true, queue_duration: 12 });
ruleTests('Q5', {
  breaks: [
    {
      name: 'queuing off in the workspace',
      document: queued,
      settings: { features: { queuing: false } },
      expect: [
        {
          severity: 'error',
          path: `${DC}/queuing_enabled`,
          range: rangeOf(queued, '"queuing_enabled"'),
          message: /does not have the queuing feature/,
        },
        { severity: 'error', path: `${DC}/queue_duration` },
      ],
    },
    {
      name: 'queuing unknown: information, not an error',
      document: queued,
      settings: { features: {} },
      expect: [
        {
          severity: 'information',
          path: `${DC}/queuing_enabled`,
          range: rangeOf(queued, '"queuing_enabled"'),
          message: /not configured here/,
        },
        { severity: 'information', path: `${DC}/queue_duration` },
      ],
    },
  ],
  satisfies: [
    { name: 'queuing on in the workspace', document: queued, settings: QUEUING_ON },
    { name: 'no queuing fields, queuing off', document: pushOneTime, settings: { features: { queuing: false } } },
    { name: 'no queuing fields, queuing unknown', document: pushOneTime },
  ],
});

test('Q5: with the flag off, the fields get a preferred removal', () => {
  const got = only(lint(queued, { settings: { features: { queuing: false } } }), 'Q5');
  assert.deepEqual(
    got.map(g => g.fixes),
    [
      [{ title: 'Remove `queuing_enabled`', edits: [{ kind: 'remove', path: `${DC}/queuing_enabled` }], isPreferred: true }],
      [{ title: 'Remove `queue_duration`', edits: [{ kind: 'remove', path: `${DC}/queue_duration` }], isPreferred: true }],
    ],
  );
});

// ---- Q6
const deviceQueued = controls({ bypass_dnd: false, queuing_enabled: true, queue_duration: 6 }, pushDeviceTriggered);
ruleTests('Q6', {
  breaks: [
    {
      name: 'queuing on a device-triggered campaign',
      document: deviceQueued,
      settings: QUEUING_ON,
      expect: [
        {
          severity: 'error',
          path: `${DC}/queuing_enabled`,
          range: rangeOf(deviceQueued, '"queuing_enabled"'),
          message: /not supported for `DEVICE_TRIGGERED`/,
        },
        { severity: 'error', path: `${DC}/queue_duration` },
      ],
    },
    {
      name: 'queuing on a location-triggered campaign',
      document: controls({ queuing_enabled: false, queue_duration: 0 }, pushLocationTriggered),
      settings: QUEUING_ON,
      expect: [
        { severity: 'error', path: `${DC}/queuing_enabled` },
        { severity: 'error', path: `${DC}/queue_duration` },
      ],
    },
  ],
  satisfies: [
    { name: 'queuing on a one-time campaign', document: queued, settings: QUEUING_ON },
    {
      name: 'queuing on an event-triggered campaign',
      document: controls({ bypass_dnd: false, queuing_enabled: true, queue_duration: 48 }, pushEventTriggered),
      settings: QUEUING_ON,
    },
    {
      name: 'queuing on a periodic campaign',
      document: controls({ queuing_enabled: true, queue_duration: 1 }, pushPeriodic),
      settings: QUEUING_ON,
    },
  ],
});

// ---- Q7
const zeroWhileOn = controls({ bypass_dnd: false, queuing_enabled: true, queue_duration: 0 });
ruleTests('Q7', {
  breaks: [
    {
      name: '0 hours with queuing on',
      document: zeroWhileOn,
      settings: QUEUING_ON,
      expect: [
        {
          severity: 'error',
          path: `${DC}/queue_duration`,
          range: valueRangeOf(zeroWhileOn, 'queue_duration'),
          message: /1–48 hours when `queuing_enabled` is `true`/,
        },
      ],
    },
    {
      name: 'hours with queuing off',
      document: controls({ queuing_enabled: false, queue_duration: 12 }),
      settings: QUEUING_ON,
      expect: [{ severity: 'error', path: `${DC}/queue_duration`, message: /must be 0 when `queuing_enabled` is `false`/ }],
    },
    {
      name: 'more than 48 hours',
      document: controls({ queuing_enabled: true, queue_duration: 72 }),
      settings: QUEUING_ON,
      expect: [{ severity: 'error', path: `${DC}/queue_duration`, message: /at most 48/ }],
    },
    {
      name: 'negative',
      document: controls({ queuing_enabled: false, queue_duration: -1 }),
      settings: QUEUING_ON,
      expect: [{ severity: 'error', path: `${DC}/queue_duration` }],
    },
    {
      name: 'not an integer',
      document: controls({ queuing_enabled: true, queue_duration: 1.5 }),
      settings: QUEUING_ON,
      expect: [{ severity: 'error', path: `${DC}/queue_duration` }],
    },
    {
      name: 'queuing on without a duration',
      document: controls({ queuing_enabled: true }),
      settings: QUEUING_ON,
      expect: [{ severity: 'error', path: `${DC}/queue_duration`, message: /required when `queuing_enabled` is `true`/ }],
    },
  ],
  satisfies: [
    { name: '1 hour with queuing on', document: controls({ queuing_enabled: true, queue_duration: 1 }), settings: QUEUING_ON },
    { name: '48 hours with queuing on', document: controls({ queuing_enabled: true, queue_duration: 48 }), settings: QUEUING_ON },
    { name: '0 with queuing off', document: controls({ queuing_enabled: false, queue_duration: 0 }), settings: QUEUING_ON },
  ],
});

test('Q7: fixes for a duration that contradicts queuing_enabled', () => {
  const [off] = only(lint(controls({ queuing_enabled: false, queue_duration: 12 }), { settings: QUEUING_ON }), 'Q7');
  assert.deepEqual(
    (off.fixes as Array<{ edits: unknown[] }>).map(f => f.edits),
    [
      [{ kind: 'replaceValue', path: `${DC}/queue_duration`, value: 0 }],
      [{ kind: 'replaceValue', path: `${DC}/queuing_enabled`, value: true }],
    ],
  );
  const [missing] = only(lint(controls({ queuing_enabled: true }), { settings: QUEUING_ON }), 'Q7');
  assert.deepEqual((missing.fixes as Array<{ edits: unknown[] }>)[0].edits, [{ kind: 'insert', path: `${DC}/queue_duration`, value: 24 }]);
});

test('Q1–Q7: every fix gives valid JSON, and each preferred fix removes its finding', () => {
  const cases: Array<[string, Doc, object?]> = [
    ['Q1', emailQueuing, QUEUING_ON],
    ['Q1', wrongType],
    ['Q2', eventNoDnd],
    ['Q3', eventThrottled],
    ['Q4', oneTimeDeviceFields],
    ['Q4', misspeltDevice],
    [
      'Q4',
      controls(
        { bypass_dnd: false, max_time_to_show_message_of_same_campaign: '24', max_time_to_show_message_of_same_camapign: '24' },
        pushDeviceTriggered,
      ),
    ],
    ['Q5', queued, { features: { queuing: false } }],
    ['Q6', deviceQueued, QUEUING_ON],
    ['Q7', zeroWhileOn, QUEUING_ON],
    ['Q7', controls({ queuing_enabled: false, queue_duration: 12 }), QUEUING_ON],
    ['Q7', controls({ queuing_enabled: true }), QUEUING_ON],
  ];
  for (const [rule, doc, settings] of cases)
    assert.deepEqual(fixProblems(doc, rule, { settings }), [], `${rule}: ${JSON.stringify(doc.delivery_controls)}`);
});

test('Q1: a key that names a built-in property (constructor, toString, …) is not a Push delivery control', () => {
  assertLikeAnyOtherWord(word => JSON.stringify(controls({ bypass_dnd: false, [word]: 1 }, emailEventTriggered), null, 2));
});
