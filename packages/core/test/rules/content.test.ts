import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, only } from '../helpers/lint';
import { ruleTests } from '../helpers/ruleTests';
import { at, edited, fixture, text } from '../helpers/campaigns';
import { assertLikeAnyOtherWord } from '../helpers/builtinWords';

const KEYED = text(fixture('push-event-triggered'));
const FLAT_PUSH = text(fixture('push-one-time'));
const FLAT_EMAIL = text(fixture('email-promotional'));

// C1: locales.
const DEFAULT_LISTED = edited('push-event-triggered', d => {
  d.campaign_content.locales = ['default', 'German'];
});
const LISTED_TWICE = edited('push-event-triggered', d => {
  d.campaign_content.locales = ['German', 'German'];
});
ruleTests('C1', {
  breaks: [
    {
      name: '`default` listed',
      document: DEFAULT_LISTED,
      expect: [
        {
          severity: 'error',
          path: '/campaign_content/locales/0',
          range: at(DEFAULT_LISTED, '"default"'),
          message: /must not be listed in `locales`/,
        },
      ],
    },
    {
      name: 'a locale listed twice',
      document: LISTED_TWICE,
      expect: [
        { severity: 'error', path: '/campaign_content/locales/1', range: at(LISTED_TWICE, '"German"', 1), message: /the same value twice/ },
      ],
    },
    {
      name: '`Default` listed',
      document: edited('push-event-triggered', d => {
        d.campaign_content.locales = ['German', 'Default'];
      }),
      expect: [{ severity: 'error', path: '/campaign_content/locales/1' }],
    },
    {
      name: 'a locale that is not a string',
      document: edited('push-event-triggered', d => {
        d.campaign_content.locales = ['German', 7];
      }),
      expect: [{ severity: 'error', path: '/campaign_content/locales/1' }],
    },
  ],
  satisfies: [
    { name: 'non-default locales only', document: KEYED },
    { name: 'no locales', document: FLAT_PUSH },
  ],
});

test('C1: the fix removes `default` from `locales`', () => {
  const [d] = only(lint(DEFAULT_LISTED), 'C1');
  assert.deepEqual(d.fixes, [
    { title: 'Remove `default` from `locales`', edits: [{ kind: 'remove', path: '/campaign_content/locales/0' }], isPreferred: true },
  ]);
});

// C2: the flat shape, only without locales and variations.
const FLAT_WITH_LOCALES = edited('push-one-time', d => {
  d.campaign_content.locales = ['German'];
});
ruleTests('C2', {
  breaks: [
    {
      name: 'flat content with locales',
      document: FLAT_WITH_LOCALES,
      expect: [
        {
          severity: 'error',
          path: '/campaign_content/content/push',
          range: at(FLAT_WITH_LOCALES, '"push"'),
          message: /valid only without locales and A\/B variations/,
        },
      ],
    },
    {
      name: 'flat content with A/B variations',
      document: edited('email-promotional', d => {
        d.campaign_content.variation_details = { distribution_type: 'MANUAL', no_of_variations: 2 };
      }),
      expect: [{ severity: 'error', path: '/campaign_content/content/email', message: /A\/B `variation_details`/ }],
    },
    {
      name: 'flat content that is not an object',
      document: edited('push-one-time', d => {
        d.campaign_content.content.push = 'Spring sale';
      }),
      expect: [{ severity: 'error', path: '/campaign_content/content/push', message: /must be an object/ }],
    },
  ],
  satisfies: [
    { name: 'flat Push content', document: FLAT_PUSH },
    { name: 'flat Email content', document: FLAT_EMAIL },
    { name: 'keyed content with locales', document: KEYED },
  ],
});

test('C2: the fix moves flat content under `default` → `variation_1`', () => {
  const [d] = only(lint(FLAT_WITH_LOCALES), 'C2');
  const content = fixture('push-one-time').campaign_content.content;
  assert.deepEqual(d.fixes, [
    {
      title: 'Move it under `default` → `variation_1`',
      edits: [{ kind: 'replaceValue', path: '/campaign_content/content', value: { default: { variation_1: content } } }],
    },
  ]);
});

// C3: the keyed shape.
const CAPITAL_DEFAULT = edited('push-event-triggered', d => {
  const c = d.campaign_content.content;
  c.Default = c.default;
  delete c.default;
});
const NO_DEFAULT = edited('push-event-triggered', d => {
  delete d.campaign_content.content.default;
});
ruleTests('C3', {
  breaks: [
    {
      name: '`Default` instead of `default`',
      document: CAPITAL_DEFAULT,
      expect: [
        {
          severity: 'error',
          path: '/campaign_content/content/Default',
          range: at(CAPITAL_DEFAULT, '"Default"'),
          message: /spelled `default` \(lower case\)/,
        },
      ],
    },
    {
      name: 'no `default` locale',
      document: NO_DEFAULT,
      expect: [
        {
          severity: 'error',
          path: '/campaign_content/content/default',
          range: at(NO_DEFAULT, '"content"'),
          message: /needs a `default` locale/,
        },
      ],
    },
    {
      name: 'a locale without variations',
      document: edited('push-event-triggered', d => {
        d.campaign_content.content.German = {};
      }),
      expect: [{ severity: 'error', path: '/campaign_content/content/German', message: /has no variations/ }],
    },
    {
      name: 'an empty variation',
      document: edited('push-event-triggered', d => {
        d.campaign_content.content.default.variation_1 = {};
      }),
      expect: [{ severity: 'error', path: '/campaign_content/content/default/variation_1', message: /holds one `push` object/ }],
    },
    {
      name: 'a misspelt message key in a variation',
      document: edited('push-event-triggered', d => {
        const v = d.campaign_content.content.German.variation_1;
        v.puhs = v.push;
        delete v.push;
      }),
      expect: [{ severity: 'error', path: '/campaign_content/content/German/variation_1/puhs', message: /did you mean `push`\?/ }],
    },
    {
      name: 'flat and keyed mixed',
      document: edited('push-event-triggered', d => {
        d.campaign_content.content.push = {};
      }),
      expect: [{ severity: 'error', path: '/campaign_content/content/push', message: /cannot sit beside locale keys/ }],
    },
    {
      name: 'a locale that is a string',
      document: edited('push-event-triggered', d => {
        d.campaign_content.content.German = 'Hallo';
      }),
      expect: [{ severity: 'error', path: '/campaign_content/content/German' }],
    },
    {
      name: 'content that is an array',
      document: edited('push-one-time', d => {
        d.campaign_content.content = [];
      }),
      expect: [{ severity: 'error', path: '/campaign_content/content', message: /must be an object/ }],
    },
  ],
  satisfies: [
    { name: 'keyed with `default` and a listed locale', document: KEYED },
    {
      name: 'the V1 example wrapping with `default`',
      document: edited('email-promotional', d => {
        d.campaign_content = { content: { default: { variation_1: { email: d.campaign_content.content.email } } } };
      }),
    },
    { name: 'flat content', document: FLAT_EMAIL },
  ],
});

test('C3: `Default` gets the preferred rename to `default`', () => {
  const [d] = only(lint(CAPITAL_DEFAULT), 'C3');
  assert.deepEqual(d.fixes, [
    {
      title: 'Rename to `default`',
      edits: [{ kind: 'renameKey', path: '/campaign_content/content/Default', newKey: 'default' }],
      isPreferred: true,
    },
  ]);
});

// C4: locale keys and `locales` agree.
const UNLISTED = edited('push-event-triggered', d => {
  d.campaign_content.locales = [];
});
const TYPO_LOCALE = edited('push-event-triggered', d => {
  const c = d.campaign_content.content;
  c.Germna = c.German;
  delete c.German;
});
const EMPTY_LOCALE = edited('push-event-triggered', d => {
  d.campaign_content.locales = ['German', 'French'];
});
ruleTests('C4', {
  breaks: [
    {
      name: 'a locale key not in `locales`',
      document: UNLISTED,
      expect: [
        {
          severity: 'error',
          path: '/campaign_content/content/German',
          range: at(UNLISTED, '"German"'),
          message: /not listed in `locales`/,
        },
      ],
    },
    {
      name: 'a misspelt locale key',
      document: TYPO_LOCALE,
      expect: [
        { severity: 'error', path: '/campaign_content/content/Germna', message: /Did you mean `German`\?/ },
        { severity: 'warning', path: '/campaign_content/locales/0' },
      ],
    },
    {
      name: 'a listed locale with no content',
      document: EMPTY_LOCALE,
      expect: [
        {
          severity: 'warning',
          path: '/campaign_content/locales/1',
          range: at(EMPTY_LOCALE, '"French"'),
          message: /listed in `locales` but has no content/,
        },
      ],
    },
  ],
  satisfies: [
    { name: 'every locale listed and filled', document: KEYED },
    {
      name: 'only `default`',
      document: edited('push-event-triggered', d => {
        delete d.campaign_content.locales;
        delete d.campaign_content.content.German;
      }),
    },
  ],
});

test('C4: fixes: add the locale to `locales`, or rename a near miss to the listed one', () => {
  const [unlisted] = only(lint(UNLISTED), 'C4');
  assert.deepEqual(unlisted.fixes, [
    {
      title: 'Add `German` to `locales`',
      edits: [{ kind: 'insert', path: '/campaign_content/locales/-', value: 'German' }],
      isPreferred: true,
    },
  ]);
  const noList = only(
    lint(
      edited('push-event-triggered', d => {
        delete d.campaign_content.locales;
      }),
    ),
    'C4',
  )[0];
  assert.deepEqual(noList.fixes, [
    {
      title: 'Add `"locales": ["German"]`',
      edits: [{ kind: 'insert', path: '/campaign_content/locales', value: ['German'] }],
      isPreferred: true,
    },
  ]);
  const typo = only(lint(TYPO_LOCALE), 'C4').find(d => d.severity === 'error');
  assert.deepEqual(typo?.fixes?.[0], {
    title: 'Rename to `German`',
    edits: [{ kind: 'renameKey', path: '/campaign_content/content/Germna', newKey: 'German' }],
    isPreferred: true,
  });
});

// C5: the message object of the channel.
const EMAIL_IN_PUSH = edited('push-one-time', d => {
  d.campaign_content.content = { email: { subject: 'Spring sale' } };
});
const BOTH = edited('email-promotional', d => {
  d.campaign_content.content.push = { android: {} };
});
ruleTests('C5', {
  breaks: [
    {
      name: 'email content in a Push campaign',
      document: EMAIL_IN_PUSH,
      expect: [
        {
          severity: 'error',
          path: '/campaign_content/content/email',
          range: at(EMAIL_IN_PUSH, '"email"'),
          message: /does not fit a `PUSH` campaign/,
        },
      ],
    },
    {
      name: 'both push and email',
      document: BOTH,
      expect: [
        { severity: 'error', path: '/campaign_content/content/push', range: at(BOTH, '"push"'), message: /holds both `email` and `push`/ },
      ],
    },
    {
      name: 'push content in an Email variation',
      document: edited('email-promotional', d => {
        d.campaign_content.content = { default: { variation_1: { push: {} } } };
      }),
      expect: [{ severity: 'error', path: '/campaign_content/content/default/variation_1/push' }],
    },
  ],
  satisfies: [
    { name: 'push in Push', document: FLAT_PUSH },
    { name: 'email in Email', document: FLAT_EMAIL },
    { name: 'push in every variation', document: KEYED },
  ],
});

test('C5: when both are present the wrong one is removed', () => {
  const [d] = only(lint(BOTH), 'C5');
  assert.deepEqual(d.fixes, [
    { title: 'Remove `push`', edits: [{ kind: 'remove', path: '/campaign_content/content/push' }], isPreferred: true },
  ]);
});

// C6: internals are open; near misses of V1 reference names get a hint, never an error.
const ANDRIOD = edited('push-one-time', d => {
  const p = d.campaign_content.content.push;
  p.andriod = p.android;
  delete p.android;
});
ruleTests('C6', {
  breaks: [
    {
      name: 'a near miss of a V1 platform name',
      document: ANDRIOD,
      expect: [
        {
          severity: 'information',
          path: '/campaign_content/content/push/andriod',
          range: at(ANDRIOD, '"andriod"'),
          message: /did you mean `android`\? \(A hint only/,
        },
      ],
    },
    {
      name: 'a near miss in email content',
      document: edited('email-promotional', d => {
        const e = d.campaign_content.content.email;
        e.subjet = e.subject;
        delete e.subject;
      }),
      expect: [{ severity: 'information', path: '/campaign_content/content/email/subjet' }],
    },
    {
      name: 'a near miss inside a keyed variation',
      document: edited('push-event-triggered', d => {
        const a = d.campaign_content.content.German.variation_1.push.android;
        a.template_typ = a.template_type;
        delete a.template_type;
      }),
      expect: [{ severity: 'information', path: '/campaign_content/content/German/variation_1/push/android/template_typ' }],
    },
    {
      name: 'a near miss in variation_details',
      document: edited('push-event-triggered', d => {
        d.campaign_content.variation_details = { distribution_typ: 'MANUAL' };
      }),
      expect: [{ severity: 'information', path: '/campaign_content/variation_details/distribution_typ' }],
    },
    {
      name: 'a near miss in platform_specific_details',
      document: edited('push-one-time', d => {
        d.basic_details.platform_specific_details.android = { push_amp_plus_enable: true };
      }),
      expect: [{ severity: 'information', path: '/basic_details/platform_specific_details/android/push_amp_plus_enable' }],
    },
  ],
  satisfies: [
    { name: 'V1 reference names', document: FLAT_PUSH },
    {
      name: 'fields the V1 reference does not know are not checked at all',
      document: edited('email-promotional', d => {
        d.campaign_content.content.email.amp_html = '<html ⚡4email></html>';
        d.campaign_content.content.email.subject = 42;
      }),
    },
  ],
});

test('C6: content internals never give errors or warnings', () => {
  const weird = edited('push-one-time', d => {
    d.campaign_content.content.push = {
      android: { template_type: 7, basic_details: 'x', extra: [1, 2] },
      ios: null,
      custom: { any: 'thing' },
    };
    d.basic_details.platform_specific_details = { android: { push_amp_plus_enabled: 'yes' }, huawei: {} };
  });
  const got = lint(weird, { settings: { features: { portfolio: false } } }).filter(g => g.severity === 'error' || g.severity === 'warning');
  assert.deepEqual(
    got.map(g => `${g.rule}@${g.path}`),
    [],
  );
});

test('C1–C5: a channel that names a built-in property (constructor, __proto__, …) is an unknown channel, not a content shape', () => {
  assertLikeAnyOtherWord(word =>
    edited('push-one-time', d => {
      d.channel = word;
    }),
  );
  assertLikeAnyOtherWord(word =>
    edited('email-promotional', d => {
      d.channel = word;
    }),
  );
});
