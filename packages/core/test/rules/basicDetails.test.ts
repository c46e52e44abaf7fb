import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, only } from '../helpers/lint';
import { ruleTests } from '../helpers/ruleTests';
import { at, edited, fixture, text, fixesOf } from '../helpers/campaigns';

const CATEGORIES = { subscriptionCategories: ['newsletters', 'offers', 'product_updates'] };

// B1: platforms.
const WINDOWS = edited('push-one-time', d => {
  d.basic_details.platforms = ['ANDROID', 'WINDOWS'];
});
const TWICE = edited('push-one-time', d => {
  d.basic_details.platforms = ['IOS', 'ANDROID', 'IOS'];
});
const LOWER = edited('push-one-time', d => {
  d.basic_details.platforms = ['android'];
});
ruleTests('B1', {
  breaks: [
    {
      name: 'an unknown platform',
      document: WINDOWS,
      expect: [
        { severity: 'error', path: '/basic_details/platforms/1', range: at(WINDOWS, '"WINDOWS"'), message: /`WINDOWS` is not allowed/ },
      ],
    },
    {
      name: 'a platform listed twice',
      document: TWICE,
      expect: [{ severity: 'error', path: '/basic_details/platforms/2', range: at(TWICE, '"IOS"', 1), message: /the same value twice/ }],
    },
    {
      name: 'a platform in lower case',
      document: LOWER,
      expect: [{ severity: 'error', path: '/basic_details/platforms/0', message: /the case matters, use `ANDROID`/ }],
    },
    {
      name: 'platforms is a string',
      document: edited('push-one-time', d => {
        d.basic_details.platforms = 'IOS';
      }),
      expect: [{ severity: 'error', path: '/basic_details/platforms' }],
    },
  ],
  satisfies: [
    { name: 'Android and iOS', document: text(fixture('push-one-time')) },
    {
      name: 'all three',
      document: edited('push-one-time', d => {
        d.basic_details.platforms = ['WEB', 'IOS', 'ANDROID'];
      }),
    },
  ],
});

test('B1: fixes: a duplicate is removed, a lower-case platform upper-cased, a lone string wrapped', () => {
  assert.deepEqual(only(lint(TWICE), 'B1')[0].fixes, [
    { title: 'Remove the duplicate', edits: [{ kind: 'remove', path: '/basic_details/platforms/2' }], isPreferred: true },
  ]);
  assert.deepEqual(only(lint(LOWER), 'B1')[0].fixes, [
    {
      title: 'Change to `ANDROID`',
      edits: [{ kind: 'replaceValue', path: '/basic_details/platforms/0', value: 'ANDROID' }],
      isPreferred: true,
    },
  ]);
  const wrapped = only(
    lint(
      edited('push-one-time', d => {
        d.basic_details.platforms = 'IOS';
      }),
    ),
    'B1',
  )[0];
  assert.deepEqual(wrapped.fixes?.[0], {
    title: 'Wrap in an array',
    edits: [{ kind: 'replaceValue', path: '/basic_details/platforms', value: ['IOS'] }],
    isPreferred: true,
  });
});

// B2: business events.
const NO_EVENT = edited('push-one-time', d => {
  d.campaign_delivery_type = 'BUSINESS_EVENT_TRIGGERED';
});
const EMAIL_NO_EVENT = edited('email-promotional', d => {
  d.campaign_delivery_type = 'BUSINESS_EVENT_TRIGGERED';
});
ruleTests('B2', {
  breaks: [
    {
      name: 'a business-event Push campaign without its event',
      document: NO_EVENT,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/business_event',
          range: at(NO_EVENT, '"basic_details"'),
          message: /`business_event` is required when `campaign_delivery_type` is `BUSINESS_EVENT_TRIGGERED`: name the business event/,
        },
      ],
    },
    {
      name: 'a business-event Email campaign without its event',
      document: EMAIL_NO_EVENT,
      expect: [{ severity: 'error', path: '/basic_details/business_event' }],
    },
    {
      name: 'an empty business event',
      document: edited('email-promotional', d => {
        d.campaign_delivery_type = 'BUSINESS_EVENT_TRIGGERED';
        d.basic_details.business_event = ' ';
      }),
      expect: [{ severity: 'error', path: '/basic_details/business_event', message: /empty/ }],
    },
    {
      name: 'a business event that is not a string',
      document: edited('email-promotional', d => {
        d.basic_details.business_event = 7;
      }),
      expect: [{ severity: 'error', path: '/basic_details/business_event', message: /must be a string/ }],
    },
  ],
  satisfies: [
    {
      name: 'with its event',
      document: edited('email-promotional', d => {
        d.campaign_delivery_type = 'BUSINESS_EVENT_TRIGGERED';
        d.basic_details.business_event = 'price_drop';
      }),
    },
    { name: 'a one-time campaign needs none', document: text(fixture('push-one-time')) },
    {
      name: 'a draft without basic details yet',
      document: { channel: 'PUSH', campaign_delivery_type: 'BUSINESS_EVENT_TRIGGERED', created_by: 'jane.doe@example.com' },
    },
  ],
});

// B3: Live Activity id.
const LIVE = edited('push-one-time', d => {
  d.campaign_delivery_type = 'BROADCAST_LIVE_ACTIVITY';
  d.basic_details.platforms = ['IOS'];
});
ruleTests('B3', {
  breaks: [
    {
      name: 'an iOS Live Activity without its id',
      document: LIVE,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/broadcast_live_activity_id',
          range: at(LIVE, '"basic_details"'),
          message: /`broadcast_live_activity_id` is required/,
        },
      ],
    },
    {
      name: 'an id that is not a string',
      document: edited('push-one-time', d => {
        d.basic_details.broadcast_live_activity_id = 12;
      }),
      expect: [{ severity: 'error', path: '/basic_details/broadcast_live_activity_id' }],
    },
  ],
  satisfies: [
    {
      name: 'with its id',
      document: edited('push-one-time', d => {
        d.campaign_delivery_type = 'BROADCAST_LIVE_ACTIVITY';
        d.basic_details.broadcast_live_activity_id = 'match_2026_final';
      }),
    },
    { name: 'not a Live Activity', document: text(fixture('push-one-time')) },
  ],
});

// B4: geofences for location-triggered campaigns, and only there.
const NO_FENCES = edited('push-location-triggered', d => {
  delete d.basic_details.geofences;
});
const STRAY_FENCES = edited('push-one-time', d => {
  d.basic_details.geofences = fixture('push-location-triggered').basic_details.geofences[0];
});
ruleTests('B4', {
  breaks: [
    {
      name: 'location-triggered without geofences',
      document: NO_FENCES,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/geofences',
          range: at(NO_FENCES, '"basic_details"'),
          message: /`geofences` is required when `campaign_delivery_type` is `LOCATION_TRIGGERED`/,
        },
      ],
    },
    {
      name: 'an empty array of geofences',
      document: edited('push-location-triggered', d => {
        d.basic_details.geofences = [];
      }),
      expect: [{ severity: 'error', path: '/basic_details/geofences', message: /at least one geofence/ }],
    },
    {
      name: 'geofences on a one-time campaign',
      document: STRAY_FENCES,
      expect: [
        {
          severity: 'warning',
          path: '/basic_details/geofences',
          range: at(STRAY_FENCES, '"geofences"'),
          message: /only applies to `LOCATION_TRIGGERED`/,
        },
      ],
    },
    {
      name: 'geofences of the wrong type',
      document: edited('push-location-triggered', d => {
        d.basic_details.geofences = 'Alexanderplatz';
      }),
      expect: [{ severity: 'error', path: '/basic_details/geofences', message: /one geofence object or an array/ }],
    },
  ],
  satisfies: [
    { name: 'an array of geofences', document: text(fixture('push-location-triggered')) },
    {
      name: 'one geofence object',
      document: edited('push-location-triggered', d => {
        d.basic_details.geofences = d.basic_details.geofences[0];
      }),
    },
    { name: 'no geofences on a one-time campaign', document: text(fixture('push-one-time')) },
  ],
});

test('B4: geofences that do not apply get the fix that removes them', () => {
  const [d] = only(lint(STRAY_FENCES), 'B4');
  assert.deepEqual(d.fixes, [
    { title: 'Remove `geofences`', edits: [{ kind: 'remove', path: '/basic_details/geofences' }], isPreferred: true },
  ]);
});

// B5: send only to the triggering platform.
const STRAY_TRIGGERED = edited('push-one-time', d => {
  d.basic_details.send_to_triggered_platform_only = true;
});
ruleTests('B5', {
  breaks: [
    {
      name: 'on a one-time campaign',
      document: STRAY_TRIGGERED,
      expect: [
        {
          severity: 'warning',
          path: '/basic_details/send_to_triggered_platform_only',
          range: at(STRAY_TRIGGERED, '"send_to_triggered_platform_only"'),
          message: /applies to `EVENT_TRIGGERED` campaigns only/,
        },
      ],
    },
    {
      name: 'on a location-triggered campaign',
      document: edited('push-location-triggered', d => {
        d.basic_details.send_to_triggered_platform_only = false;
      }),
      expect: [{ severity: 'warning', path: '/basic_details/send_to_triggered_platform_only' }],
    },
  ],
  satisfies: [
    { name: 'on an event-triggered campaign', document: text(fixture('push-event-triggered')) },
    { name: 'absent', document: text(fixture('push-one-time')) },
  ],
});

test('B5: the fix removes the field', () => {
  const [d] = only(lint(STRAY_TRIGGERED), 'B5');
  assert.deepEqual(d.fixes, [
    {
      title: 'Remove `send_to_triggered_platform_only`',
      edits: [{ kind: 'remove', path: '/basic_details/send_to_triggered_platform_only' }],
      isPreferred: true,
    },
  ]);
});

// B6: content type.
const CONTENT_TYPE = edited('email-promotional', d => {
  d.basic_details.content_type = 'MARKETING';
});
ruleTests('B6', {
  breaks: [
    {
      name: 'an unknown content type',
      document: CONTENT_TYPE,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/content_type',
          range: at(CONTENT_TYPE, '"MARKETING"'),
          message: /use one of `PROMOTIONAL`, `TRANSACTIONAL`/,
        },
      ],
    },
    {
      name: 'lower case',
      document: edited('email-promotional', d => {
        d.basic_details.content_type = 'transactional';
      }),
      expect: [{ severity: 'error', path: '/basic_details/content_type', message: /use `TRANSACTIONAL`/ }],
    },
  ],
  satisfies: [
    { name: 'PROMOTIONAL', document: text(fixture('email-promotional')) },
    {
      name: 'TRANSACTIONAL',
      document: edited('email-promotional', d => {
        d.basic_details.content_type = 'TRANSACTIONAL';
        delete d.basic_details.subscription_category;
      }),
    },
  ],
});

// B7: subscription categories.
const NO_CATEGORY = edited('email-promotional', d => {
  delete d.basic_details.subscription_category;
});
const UNKNOWN_CATEGORY = edited('email-promotional', d => {
  d.basic_details.subscription_category = 'newsleters';
});
ruleTests('B7', {
  breaks: [
    {
      name: 'promotional without a category',
      document: NO_CATEGORY,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/subscription_category',
          range: at(NO_CATEGORY, '"basic_details"'),
          message: /required when `content_type` is `PROMOTIONAL`/,
        },
      ],
    },
    {
      name: 'a category the workspace does not have',
      document: UNKNOWN_CATEGORY,
      settings: CATEGORIES,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/subscription_category',
          range: at(UNKNOWN_CATEGORY, '"newsleters"'),
          message: /did you mean `newsletters`\?/,
        },
      ],
    },
    {
      name: 'a category far from every configured one',
      document: edited('email-promotional', d => {
        d.basic_details.subscription_category = 'music';
      }),
      settings: CATEGORIES,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/subscription_category',
          message: /use one of `newsletters`, `offers`, `product_updates`/,
        },
      ],
    },
  ],
  satisfies: [
    { name: 'a configured category', document: text(fixture('email-promotional')), settings: CATEGORIES },
    {
      name: 'any category when none are configured',
      document: edited('email-promotional', d => {
        d.basic_details.subscription_category = 'music';
      }),
    },
    {
      name: 'transactional needs none',
      document: edited('email-promotional', d => {
        d.basic_details.content_type = 'TRANSACTIONAL';
        delete d.basic_details.subscription_category;
      }),
      settings: CATEGORIES,
    },
  ],
});

test('B7: fixes: the nearest category is preferred; a single configured category is offered when missing', () => {
  const [wrong] = only(lint(UNKNOWN_CATEGORY, { settings: CATEGORIES }), 'B7');
  assert.deepEqual(wrong.fixes?.[0], {
    title: 'Change to `newsletters`',
    edits: [{ kind: 'replaceValue', path: '/basic_details/subscription_category', value: 'newsletters' }],
    isPreferred: true,
  });
  assert.equal(fixesOf(wrong).filter(f => f.isPreferred).length, 1);
  const [missing] = only(lint(NO_CATEGORY, { settings: { subscriptionCategories: ['newsletters'] } }), 'B7');
  assert.deepEqual(missing.fixes, [
    {
      title: 'Add `"subscription_category": "newsletters"`',
      edits: [{ kind: 'insert', path: '/basic_details/subscription_category', value: 'newsletters' }],
      isPreferred: true,
    },
  ]);
});

// B8: inline test sends.
const INLINE = { purpose: 'inlineTest' as const };
const BARE_TEST = edited('email-promotional', d => {
  d.basic_details = { name: 'March newsletter (test)', content_type: 'PROMOTIONAL' };
});
ruleTests('B8', {
  breaks: [
    {
      name: 'an inline test without the recipient attribute and category',
      document: BARE_TEST,
      ...INLINE,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/user_attribute_identifier',
          range: at(BARE_TEST, '"basic_details"'),
          message: /required for an inline test send/,
        },
        { severity: 'error', path: '/basic_details/subscription_category' },
      ],
    },
    {
      name: 'an inline test without basic details',
      document: edited('email-promotional', d => {
        delete d.basic_details;
      }),
      ...INLINE,
      expect: [{ severity: 'error', path: '/basic_details' }],
    },
  ],
  satisfies: [
    { name: 'a complete inline test', document: text(fixture('email-promotional')), ...INLINE },
    { name: 'a draft needs none of them', document: BARE_TEST },
    {
      name: 'a Push inline test',
      document: edited('push-one-time', d => {
        d.basic_details = { name: 'x', platforms: ['IOS'] };
      }),
      ...INLINE,
    },
  ],
});

test('B8: the missing recipient attribute gets its default as the fix', () => {
  const d = only(lint(BARE_TEST, INLINE), 'B8').find(g => g.path.endsWith('user_attribute_identifier'));
  assert.deepEqual(d?.fixes, [
    {
      title: 'Add the default `"Email (Standard)"`',
      edits: [{ kind: 'insert', path: '/basic_details/user_attribute_identifier', value: 'Email (Standard)' }],
      isPreferred: true,
    },
  ]);
});

// B9: names, tags, team.
const TAGS = edited('push-one-time', d => {
  d.basic_details.tags = ['spring', 2026];
});
ruleTests('B9', {
  breaks: [
    {
      name: 'a tag that is a number',
      document: TAGS,
      expect: [{ severity: 'error', path: '/basic_details/tags/1', range: at(TAGS, '2026'), message: /must be a string/ }],
    },
    {
      name: 'tags as one string',
      document: edited('email-promotional', d => {
        d.basic_details.tags = 'newsletter';
      }),
      expect: [{ severity: 'error', path: '/basic_details/tags', message: /must be an array/ }],
    },
    {
      name: 'a team that is an object',
      document: edited('push-one-time', d => {
        d.basic_details.team = { name: 'growth' };
      }),
      expect: [{ severity: 'error', path: '/basic_details/team' }],
    },
    {
      name: 'a name that is a number',
      document: edited('email-promotional', d => {
        d.basic_details.name = 2026;
      }),
      expect: [{ severity: 'error', path: '/basic_details/name' }],
    },
    {
      name: 'basic details that are not an object',
      document: edited('push-one-time', d => {
        d.basic_details = [];
      }),
      expect: [{ severity: 'error', path: '/basic_details', message: /must be an object/ }],
    },
  ],
  satisfies: [
    { name: 'Push', document: text(fixture('push-one-time')) },
    { name: 'Email', document: text(fixture('email-promotional')) },
    {
      name: 'an empty tag list',
      document: edited('push-one-time', d => {
        d.basic_details.tags = [];
      }),
    },
  ],
});

test('B9: a number tag gets the fix to a string', () => {
  const [d] = only(lint(TAGS), 'B9');
  assert.deepEqual(d.fixes, [
    {
      title: 'Change to the string "2026"',
      edits: [{ kind: 'replaceValue', path: '/basic_details/tags/1', value: '2026' }],
      isPreferred: true,
    },
  ]);
});

test('Email basic details take no Push fields, and say so by name', () => {
  const got = lint(
    edited('email-promotional', d => {
      d.basic_details.platforms = ['IOS'];
    }),
    { settings: { features: { portfolio: false } } },
  );
  assert.deepEqual(
    got.map(g => `${g.rule}@${g.path} ${g.severity}`),
    ['D7@/basic_details/platforms warning'],
  );
});
