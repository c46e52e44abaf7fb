import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, only, posOf } from '../helpers/lint';
import { ruleTests } from '../helpers/ruleTests';
import { at, edited, fixture, text } from '../helpers/campaigns';
import { BUILT_IN_WORDS } from '../helpers/builtinWords';

const ROOT: [number, number, number, number] = [0, 0, 0, 1];

// D1: syntax, reported at its place; recoverable mistakes do not stop validation.
const COMMENTED = '{\n  // sent on Monday\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME"\n}';
const DUPLICATE = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "channel": "EMAIL"\n}';
const TRAILING = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n}';
ruleTests('D1', {
  breaks: [
    {
      name: 'a line comment',
      document: COMMENTED,
      expect: [{ severity: 'error', path: '', range: at(COMMENTED, '// sent on Monday'), message: /Comments are not allowed/ }],
    },
    {
      name: 'a duplicate key',
      document: DUPLICATE,
      expect: [{ severity: 'error', path: '', range: at(DUPLICATE, '"channel"', 1), message: /Duplicate key `channel`/ }],
    },
    {
      name: 'a trailing comma',
      document: TRAILING,
      expect: [{ severity: 'error', path: '', range: [2, 38, 2, 39], message: /Trailing comma/ }],
    },
    { name: 'an unclosed object', document: '{ "channel": "PUSH"', expect: [{ severity: 'error', path: '', message: /not closed/ }] },
  ],
  satisfies: [
    { name: 'a valid Push campaign', document: text(fixture('push-one-time')) },
    { name: 'a bare create body', document: { channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME', created_by: 'jane.doe@example.com' } },
  ],
});

test('D1: a trailing comma is reported once, at the comma, and the rest is still validated', () => {
  const t = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "chanel": 1,\n}';
  const got = lint(t);
  const d1 = only(got, 'D1');
  assert.equal(d1.length, 1);
  assert.deepEqual(d1[0].range.start, posOf(t, '1,', 1));
  assert.equal(only(got, 'D7').length, 1, 'validation goes on after a recoverable syntax error');
});

test('D1: a comment does not stop validation of the rest', () => {
  const t =
    '{\n  /* draft */\n  "channel": "PUSH",\n  "campaign_delivery_type": "LOCATION_TRIGGERED",\n  "basic_details": { "platforms": ["ANDROID"] }\n}';
  const got = lint(t);
  assert.equal(only(got, 'D1').length, 1);
  assert.equal(only(got, 'B4').length, 1, 'the missing geofences are still found');
});

test('D1: a duplicate key in JSON with comments or trailing commas is reported at the repeated key', () => {
  const commented =
    '{\n  // "channel": "SMS" was the first idea\n  "channel": "PUSH",\n  /* "campaign_delivery_type", "channel" */\n  "campaign_delivery_type": "ONE_TIME",\n  "channel": "EMAIL"\n}';
  const trailing =
    '{\n  "basic_details": { "name": "a", "name": "b", },\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "channel": "EMAIL",\n}';
  const duplicates = (t: string) =>
    only(lint(t), 'D1')
      .filter(d => /Duplicate key/.test(d.message))
      .map(d => [d.message.match(/`([^`]+)`/)?.[1], d.range]);
  const range = (t: string, needle: string, nth: number) => {
    const [a, b, c, d] = at(t, needle, nth);
    return { start: { line: a, character: b }, end: { line: c, character: d } };
  };
  assert.deepEqual(duplicates(commented), [['channel', range(commented, '"channel"', 3)]]);
  assert.deepEqual(duplicates(trailing), [
    ['name', range(trailing, '"name"', 1)],
    ['channel', range(trailing, '"channel"', 1)],
  ]);
});

test('D1: single quotes and Python-style literals get a message that says what to write', () => {
  const quoted = only(lint("{ 'channel': 'PUSH' }"), 'D1');
  assert.equal(quoted.length, 1, 'one diagnostic for the line, not a cascade');
  assert.match(quoted[0].message, /double quotes/);
  const python = lint('{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "basic_details": { "tags": None }\n}');
  const d1 = only(python, 'D1');
  assert.equal(d1.length, 1);
  assert.match(d1[0].message, /`None` is not valid JSON; write `null`/);
  assert.match(only(lint('{ "channel": "PUSH", "x": tru }'), 'D1')[0].message, /did you mean `true`\?/);
  assert.deepEqual(d1[0].range.start, { line: 3, character: 29 });
});

// D2: channel.
const NO_CHANNEL = edited('push-one-time', d => {
  delete d.channel;
});
const LOWER_CHANNEL = edited('push-one-time', d => {
  d.channel = 'push';
});
ruleTests('D2', {
  breaks: [
    {
      name: 'channel missing',
      document: NO_CHANNEL,
      expect: [{ severity: 'error', path: '/channel', range: ROOT, message: /`channel` is required/ }],
    },
    {
      name: 'channel in lower case',
      document: LOWER_CHANNEL,
      expect: [{ severity: 'error', path: '/channel', range: at(LOWER_CHANNEL, '"push"', 0), message: /the case matters, use `PUSH`/ }],
    },
    {
      name: 'an unknown channel',
      document: { channel: 'WHATSAPP', campaign_delivery_type: 'ONE_TIME' },
      expect: [{ severity: 'error', path: '/channel' }],
    },
  ],
  satisfies: [
    { name: 'PUSH', document: text(fixture('push-one-time')) },
    { name: 'EMAIL', document: text(fixture('email-promotional')) },
  ],
});

test('D2: a wrong-case channel gets the preferred fix to upper case', () => {
  const [d] = only(lint(LOWER_CHANNEL), 'D2');
  assert.deepEqual(d.fixes, [
    { title: 'Change to `PUSH`', edits: [{ kind: 'replaceValue', path: '/channel', value: 'PUSH' }], isPreferred: true },
  ]);
});

// D3: delivery type.
const NO_TYPE = edited('email-promotional', d => {
  delete d.campaign_delivery_type;
});
const BAD_TYPE = edited('email-promotional', d => {
  d.campaign_delivery_type = 'ONETIME';
});
ruleTests('D3', {
  breaks: [
    {
      name: 'delivery type missing',
      document: NO_TYPE,
      expect: [{ severity: 'error', path: '/campaign_delivery_type', range: ROOT, message: /`campaign_delivery_type` is required/ }],
    },
    {
      name: 'an unknown delivery type',
      document: BAD_TYPE,
      expect: [{ severity: 'error', path: '/campaign_delivery_type', range: at(BAD_TYPE, '"ONETIME"') }],
    },
  ],
  satisfies: [
    { name: 'ONE_TIME', document: text(fixture('email-promotional')) },
    { name: 'EVENT_TRIGGERED', document: text(fixture('push-event-triggered')) },
  ],
});

// D4: delivery types of one channel.
const EMAIL_LOCATION = text({ channel: 'EMAIL', campaign_delivery_type: 'LOCATION_TRIGGERED' });
const LIVE_ANDROID = edited('push-one-time', d => {
  d.campaign_delivery_type = 'BROADCAST_LIVE_ACTIVITY';
  d.basic_details.platforms = ['ANDROID'];
});
ruleTests('D4', {
  breaks: [
    {
      name: 'location-triggered Email',
      document: EMAIL_LOCATION,
      expect: [
        { severity: 'error', path: '/campaign_delivery_type', range: at(EMAIL_LOCATION, '"LOCATION_TRIGGERED"'), message: /Push only/ },
      ],
    },
    {
      name: 'device-triggered Email',
      document: { channel: 'EMAIL', campaign_delivery_type: 'DEVICE_TRIGGERED' },
      expect: [{ severity: 'error', path: '/campaign_delivery_type' }],
    },
    {
      name: 'Live Activity on Email',
      document: { channel: 'EMAIL', campaign_delivery_type: 'BROADCAST_LIVE_ACTIVITY' },
      expect: [{ severity: 'error', path: '/campaign_delivery_type', message: /iOS Push/ }],
    },
    {
      name: 'Live Activity without iOS',
      document: LIVE_ANDROID,
      expect: [
        { severity: 'error', path: '/basic_details/platforms', range: at(LIVE_ANDROID, '"platforms"'), message: /must contain `IOS`/ },
      ],
    },
  ],
  satisfies: [
    { name: 'location-triggered Push', document: text(fixture('push-location-triggered')) },
    {
      name: 'Live Activity on iOS',
      document: edited('push-one-time', d => {
        d.campaign_delivery_type = 'BROADCAST_LIVE_ACTIVITY';
        d.basic_details.broadcast_live_activity_id = 'la_123';
      }),
    },
    {
      name: 'a bare Live Activity create body (basic details come later)',
      document: { channel: 'PUSH', campaign_delivery_type: 'BROADCAST_LIVE_ACTIVITY' },
    },
  ],
});

test('D4: a Live Activity without iOS gets the fix that adds IOS', () => {
  const [d] = only(lint(LIVE_ANDROID), 'D4');
  assert.deepEqual(d.fixes, [
    { title: 'Add `IOS` to `platforms`', edits: [{ kind: 'insert', path: '/basic_details/platforms/-', value: 'IOS' }], isPreferred: true },
  ]);
});

// D5: what V5 cannot create.
const SMS = text({ channel: 'SMS', campaign_delivery_type: 'ONE_TIME', sender_name: 'SHOP' });
const LIVE = text({ channel: 'PUSH', campaign_delivery_type: 'BROADCAST_LIVE_ACTIVITY' });
ruleTests('D5', {
  breaks: [
    {
      name: 'an SMS campaign',
      document: SMS,
      expect: [
        { severity: 'warning', path: '/channel', range: at(SMS, '"SMS"'), message: /retrieved through V5 but not created or updated/ },
      ],
    },
    {
      name: 'a Live Activity broadcast',
      document: LIVE,
      expect: [{ severity: 'warning', path: '/campaign_delivery_type', range: at(LIVE, '"BROADCAST_LIVE_ACTIVITY"') }],
    },
    {
      name: 'a fetched SMS campaign, edited since its fetch: push would refuse the edit',
      document: text({ channel: 'SMS', campaign_delivery_type: 'ONE_TIME', sender_name: 'SALE' }),
      remote: { status: 'ACTIVE', base: { channel: 'SMS', campaign_delivery_type: 'ONE_TIME', sender_name: 'SHOP' } },
      expect: [{ severity: 'warning', path: '/channel', message: /not created or updated/ }],
    },
  ],
  satisfies: [
    { name: 'a Push campaign', document: text(fixture('push-event-triggered')) },
    { name: 'an Email campaign', document: text(fixture('email-promotional')) },
    {
      name: 'a fetched SMS campaign as the service has it: nothing in it to push',
      document: text({ id: 'c1', status: 'ACTIVE', channel: 'SMS', campaign_delivery_type: 'ONE_TIME', sender_name: 'SHOP' }),
      remote: {
        status: 'ACTIVE',
        base: { id: 'c1', status: 'ACTIVE', version_number: 2, channel: 'SMS', campaign_delivery_type: 'ONE_TIME', sender_name: 'SHOP' },
      },
    },
    {
      name: 'a fetched Live Activity broadcast: it exists, nothing is created',
      document: LIVE,
      remote: { status: 'ACTIVE', base: { channel: 'PUSH', campaign_delivery_type: 'BROADCAST_LIVE_ACTIVITY' } },
    },
  ],
});

// D6: the people are email addresses.
const NOT_EMAIL = edited('push-one-time', d => {
  d.created_by = 'jane.doe';
});
ruleTests('D6', {
  breaks: [
    {
      name: 'created_by is not an email address',
      document: NOT_EMAIL,
      expect: [{ severity: 'error', path: '/created_by', range: at(NOT_EMAIL, '"jane.doe"'), message: /not an email address/ }],
    },
    {
      name: 'updated_by is a number',
      document: { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: 42 },
      expect: [{ severity: 'error', path: '/updated_by' }],
    },
  ],
  satisfies: [
    { name: 'a create body', document: { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: 'jane.doe@example.com' } },
    { name: 'an update body', document: { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: 'ops@example.co.uk' } },
  ],
});

// D7: unknown keys, with "did you mean".
const TYPO = edited('push-one-time', d => {
  d.basic_details.nmae = d.basic_details.name;
  delete d.basic_details.name;
});
const DEEP_TYPO = edited('push-event-triggered', d => {
  d.trigger_condition.included_filters.filters[0].action_nme = 'x';
});
const LEFTOVER = edited('push-one-time', d => {
  d.chanel = 'PUSH';
});
const SHORT = edited('push-one-time', d => {
  d.basic_details.tm = 'Marketing';
  delete d.basic_details.team;
});
const RANKED = edited('push-one-time', d => {
  d.flow_nm = 'Welcome';
});
ruleTests('D7', {
  breaks: [
    {
      name: 'a misspelt key in basic_details',
      document: TYPO,
      expect: [{ severity: 'warning', path: '/basic_details/nmae', range: at(TYPO, '"nmae"'), message: /did you mean `name`\?/ }],
    },
    {
      name: 'a misspelt key inside a filter',
      document: DEEP_TYPO,
      expect: [
        { severity: 'warning', path: '/trigger_condition/included_filters/filters/0/action_nme', message: /did you mean `action_name`\?/ },
      ],
    },
    {
      name: 'a short key with two letters missing',
      document: SHORT,
      expect: [{ severity: 'warning', path: '/basic_details/tm', message: /did you mean `team`\?/ }],
    },
    {
      name: 'the key whose letters were typed ranks before one as near',
      document: RANKED,
      expect: [{ severity: 'warning', path: '/flow_nm', message: /did you mean `flow_name`\?/ }],
    },
    {
      name: 'a near miss of a key that is already set',
      document: LEFTOVER,
      expect: [
        { severity: 'warning', path: '/chanel', range: at(LEFTOVER, '"chanel"'), message: /`channel` is already set, so remove this copy/ },
      ],
    },
    {
      name: 'an unknown top-level key',
      document: { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', request_id: 'r1' },
      expect: [{ severity: 'warning', path: '/request_id', message: /not a property of the document/ }],
    },
  ],
  satisfies: [
    { name: 'every key known', document: text(fixture('push-event-triggered')) },
    {
      name: 'content internals are open',
      document: edited('push-one-time', d => {
        d.campaign_content.content.push.android.anything = { goes: true };
      }),
    },
  ],
});

test('D7: a near miss gets a preferred rename; a leftover copy gets a preferred removal', () => {
  const [rename] = only(lint(TYPO), 'D7');
  assert.deepEqual(rename.fixes?.[0], {
    title: 'Rename to `name`',
    edits: [{ kind: 'renameKey', path: '/basic_details/nmae', newKey: 'name' }],
    isPreferred: true,
  });
  const [leftover] = only(lint(LEFTOVER), 'D7');
  assert.deepEqual(leftover.fixes, [
    { title: 'Remove `chanel` (`channel` is already set)', edits: [{ kind: 'remove', path: '/chanel' }], isPreferred: true },
  ]);
});

test('D7: a one-letter key is not "corrected" into an unrelated one', () => {
  const [d] = only(lint({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', x: 1 }), 'D7');
  assert.doesNotMatch(d.message, /did you mean/);
});

// D8: read-only metadata.
const FETCHED = edited('push-one-time', d => {
  d.id = '65f1c2a4b7e8d9f0a1b2c3d4';
  d.status = 'ACTIVE';
});
ruleTests('D8', {
  breaks: [
    {
      name: 'fetched metadata left in the file',
      document: FETCHED,
      expect: [
        { severity: 'information', path: '/id', range: at(FETCHED, '"id"', 1) },
        { severity: 'information', path: '/status', range: at(FETCHED, '"status"'), message: /read-only metadata/ },
      ],
    },
    {
      name: 'a fetched file whose `status` was edited: the edit has no effect',
      document: FETCHED,
      remote: { status: 'PAUSED', base: { ...JSON.parse(FETCHED), status: 'PAUSED' } },
      expect: [{ severity: 'information', path: '/status', range: at(FETCHED, '"status"'), message: /read-only metadata/ }],
    },
    {
      name: 'a read-only field added to a fetched file (the base has none)',
      document: FETCHED,
      remote: { status: 'ACTIVE', base: { ...JSON.parse(FETCHED), id: undefined } },
      expect: [{ severity: 'information', path: '/id' }],
    },
  ],
  satisfies: [
    { name: 'no metadata', document: text(fixture('push-one-time')) },
    {
      name: 'a fetched file whose metadata is as in its base snapshot',
      document: FETCHED,
      remote: { status: 'ACTIVE', base: JSON.parse(FETCHED) },
    },
    {
      name: 'the same, with other fields edited and metadata left alone',
      document: edited('push-one-time', d => {
        d.id = '65f1c2a4b7e8d9f0a1b2c3d4';
        d.status = 'ACTIVE';
        d.basic_details.name = 'Renamed';
      }),
      remote: { status: 'ACTIVE', base: JSON.parse(FETCHED) },
    },
  ],
});

// D9: components of other channels.
const EMAIL_ADVANCED = edited('email-promotional', d => {
  d.advanced = fixture('push-one-time').advanced;
});
ruleTests('D9', {
  breaks: [
    {
      name: '`advanced` on Email',
      document: EMAIL_ADVANCED,
      expect: [{ severity: 'error', path: '/advanced', range: at(EMAIL_ADVANCED, '"advanced"'), message: /Push only/ }],
    },
    {
      name: '`connector` on Push',
      document: edited('push-one-time', d => {
        d.connector = { connector_type: 'SENDGRID', connector_name: 'main' };
      }),
      expect: [{ severity: 'error', path: '/connector', message: /Email and SMS only/ }],
    },
    {
      name: '`sender_name` on Email',
      document: edited('email-promotional', d => {
        d.sender_name = 'SHOP';
      }),
      expect: [{ severity: 'error', path: '/sender_name', message: /SMS only/ }],
    },
  ],
  satisfies: [
    { name: '`advanced` on Push', document: text(fixture('push-one-time')) },
    { name: '`connector` on Email', document: text(fixture('email-promotional')) },
    {
      name: '`connector` and `sender_name` on SMS',
      document: {
        channel: 'SMS',
        campaign_delivery_type: 'ONE_TIME',
        sender_name: 'SHOP',
        connector: { connector_type: 'TWILIO', connector_name: 'sms' },
      },
    },
  ],
});

test('D9: the fix removes the component', () => {
  const [d] = only(lint(EMAIL_ADVANCED), 'D9');
  assert.deepEqual(d.fixes, [{ title: 'Remove `advanced`', edits: [{ kind: 'remove', path: '/advanced' }], isPreferred: true }]);
});

test('the four valid fixture campaigns give no errors and no warnings', () => {
  for (const name of ['push-one-time', 'push-event-triggered', 'push-location-triggered', 'email-promotional'] as const) {
    const got = lint(text(fixture(name)), {
      settings: {
        features: { portfolio: false, audienceLimit: false, queuing: false, versioning: false },
        subscriptionCategories: ['newsletters', 'offers'],
      },
    });
    assert.deepEqual(
      got.map(g => `${g.rule}@${g.path} ${g.severity}: ${g.message}`),
      [],
      name,
    );
  }
});

test('the valid fixture campaigns give zero errors with unknown workspace settings too', () => {
  for (const name of ['push-one-time', 'push-event-triggered', 'push-location-triggered', 'email-promotional'] as const) {
    const errors = lint(text(fixture(name))).filter(g => g.severity === 'error');
    assert.deepEqual(
      errors.map(g => `${g.rule}@${g.path}: ${g.message}`),
      [],
      name,
    );
  }
});

test('D1: an unquoted word that names a built-in property (constructor, toString, __proto__, …), in any case, is reported like any other word', () => {
  const shape = (t: string, word: string) => lint(t).map(d => `${d.rule} ${JSON.stringify(d.range)} ${d.message.split(word).join('WORD')}`);
  for (const word of BUILT_IN_WORDS) {
    const other = 'q'.repeat(word.length);
    for (const t of [(w: string) => `{"channel": ${w}}`, (w: string) => `{\n  ${w}: "PUSH"\n}`]) {
      const got = shape(t(word), word);
      assert.deepEqual(got, shape(t(other), other), t(word));
      assert.ok(
        got.some(d => d.includes('`WORD` is not valid JSON here; strings and property names need double quotes')),
        t(word),
      );
    }
  }
});
