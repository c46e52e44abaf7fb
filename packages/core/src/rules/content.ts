import * as l10n from '@vscode/l10n';
import { Finding, Fix, RuleCheck } from '../model/types';
import { get, join } from '../model/pointer';
import { didYouMean } from '../model/strings';
import { code, finding, fix, isObj, Obj } from './util';
import { own } from '../model/json';
import { FixContext, RuleGroup } from './define';
import { push, email } from './examples';

/**
 * `campaign_content` shapes (C1–C5). The spec gives the shapes but not the fields inside the push
 * and email objects, so those are never checked (C6).
 *
 * Flat:  { "content": { "push": {…} } }
 * Keyed: { "locales": ["French"], "content": { "default": { "variation_1": { "push": {…} } }, "French": {…} } }
 */

const CC = '/campaign_content';
const CONTENT = `${CC}/content`;
/** The objects a flat content (or a variation) may hold; `sms` is what the V1 reference uses for SMS. */
const MESSAGE_KEYS = ['push', 'email', 'sms'];
const CHANNEL_KEY: Record<string, string> = { PUSH: 'push', EMAIL: 'email', SMS: 'sms' };

/** C1: `locales` names the non-default locales. Duplicates are the schema's (uniqueItems). */
function defaultListed(locales: unknown[]): Finding[] {
  const out: Finding[] = [];
  locales.forEach((l, i) => {
    if (typeof l !== 'string' || l.toLowerCase() !== 'default') return;
    const path = join(`${CC}/locales`, i);
    out.push(
      finding(
        'C1',
        'error',
        path,
        l10n.t`${code(l)} must not be listed in \`locales\`: the default locale is always present. \`locales\` lists the other locales only.`,
        { fixes: [{ title: l10n.t`Remove ${code(l)} from \`locales\``, edits: [{ kind: 'remove', path }], isPreferred: true }] },
      ),
    );
  });
  return out;
}

/** C5: the message object that fits the channel, checked where one is found. */
function messageKeys(holder: Obj, base: string, expected: string | undefined, channel: string | undefined): Finding[] {
  if (!expected || !channel) return [];
  const out: Finding[] = [];
  const present = MESSAGE_KEYS.filter(k => k in holder);
  for (const k of present) {
    if (k === expected) continue;
    const path = join(base, k);
    const both = present.includes(expected);
    const fixes: Fix[] = both
      ? [{ title: l10n.t`Remove ${code(k)}`, edits: [{ kind: 'remove', path }], isPreferred: true }]
      : [{ title: l10n.t`Rename to ${code(expected)}`, edits: [{ kind: 'renameKey', path, newKey: expected }] }];
    out.push(
      finding(
        'C5',
        'error',
        path,
        both
          ? l10n.t(
              'Content holds both {0} and {1}: a `{2}` campaign takes {3} only. Remove {4}.',
              code(expected),
              code(k),
              channel,
              code(expected),
              code(k),
            )
          : l10n.t('{0} content does not fit a `{1}` campaign: its content is a {2} object.', code(k), channel, code(expected)),
        { target: 'key', fixes },
      ),
    );
  }
  return out;
}

function mustBeObject(value: unknown, path: string, rule: string, what: string): Finding[] {
  if (isObj(value)) return [];
  return [
    finding(
      rule,
      'error',
      path,
      l10n.t('{0} must be an object, not {1}.', what, Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`),
    ),
  ];
}

/** C3: one variation, `{ "push": {…} }` or `{ "email": {…} }`. */
function variation(v: unknown, path: string, expected: string | undefined, channel: string | undefined): Finding[] {
  const wanted = expected ? code(expected) : '`push` or `email`';
  if (!isObj(v)) {
    return [
      finding(
        'C3',
        'error',
        path,
        l10n.t('A variation is an object holding one {0} object, such as {1}.', wanted, `\`{ "${expected ?? 'push'}": { … } }\``),
      ),
    ];
  }
  const out: Finding[] = [];
  const keys = Object.keys(v);
  for (const k of keys) {
    const p = join(path, k);
    if (MESSAGE_KEYS.includes(k)) {
      out.push(...mustBeObject(v[k], p, 'C3', code(k)));
      continue;
    }
    const guess = expected && !keys.includes(expected) ? didYouMean(k, [expected]) : undefined;
    const fixes: Fix[] = guess
      ? [{ title: l10n.t`Rename to ${code(guess)}`, edits: [{ kind: 'renameKey', path: p, newKey: guess }], isPreferred: true }]
      : [{ title: l10n.t`Remove ${code(k)}`, edits: [{ kind: 'remove', path: p }] }];
    out.push(
      finding(
        'C3',
        'error',
        p,
        l10n.t('{0} does not belong in a variation: a variation holds one {1} object', code(k), wanted) +
          (guess ? l10n.t`: did you mean ${code(guess)}?` : '.'),
        { target: 'key', fixes },
      ),
    );
  }
  if (!keys.some(k => MESSAGE_KEYS.includes(k))) {
    if (keys.length === 0) {
      out.push(finding('C3', 'error', path, l10n.t`This variation is empty: it holds one ${wanted} object with the message.`));
    }
  }
  out.push(...messageKeys(v, path, expected, channel));
  return out;
}

/**
 * C6: the fields inside push and email content, `variation_details` and
 * `platform_specific_details` are not given by the spec, so they are never errors. A key that is
 * a near miss of a name in the public V1 reference gets an information hint, nothing more.
 */
const V1_NAMES: Record<string, string[]> = {
  push: ['android', 'ios', 'web'],
  'push.android': [
    'template_type',
    'basic_details',
    'timer',
    'buttons',
    'advanced',
    'template_backup',
    'custom_template_id',
    'custom_template_version',
  ],
  'push.ios': ['template_type', 'basic_details', 'buttons', 'advanced', 'template_backup'],
  'push.web': ['template_type', 'basic_details', 'buttons', 'advanced'],
  email: [
    'subject',
    'sender_name',
    'from_address',
    'reply_to_address',
    'html_content',
    'preview_text',
    'cc_ids',
    'bcc_ids',
    'attachments',
    'custom_template_id',
    'custom_template_version',
  ],
  variation_details: [
    'distribution_type',
    'no_of_variations',
    'manual_distribution_percentage',
    'sherpa_campaign_duration',
    'sherpa_distribution_metric',
  ],
  platform_specific_details: ['android', 'ios'],
  'platform_specific_details.android': ['push_amp_plus_enabled'],
  'platform_specific_details.ios': [
    'send_to_all_eligible_device',
    'exclude_provisional_push_devices',
    'send_to_only_provisional_push_enabled_devices',
  ],
};

/** Near misses per content kind and key, remembered: content keys repeat on every keystroke. */
const nearMisses = new Map<string, string | undefined>();

function nearestV1Name(kind: string, key: string, names: string[], present: string[]): string | undefined {
  const id = `${kind}\u0000${key}`;
  let guess = nearMisses.get(id);
  if (!nearMisses.has(id)) {
    if (nearMisses.size >= 2000) nearMisses.clear();
    guess = didYouMean(key, names);
    nearMisses.set(id, guess);
  }
  // The nearest name is already used: look among the others (rare, so not remembered).
  return guess !== undefined && present.includes(guess)
    ? didYouMean(
        key,
        names.filter(n => !present.includes(n)),
      )
    : guess;
}

function v1Hints(holder: unknown, base: string, kind: string, what: string): Finding[] {
  const names = V1_NAMES[kind];
  if (!names || !isObj(holder)) return [];
  const out: Finding[] = [];
  const keys = Object.keys(holder);
  for (const k of keys) {
    if (names.includes(k)) {
      if (V1_NAMES[`${kind}.${k}`]) out.push(...v1Hints(holder[k], join(base, k), `${kind}.${k}`, `\`${k}\` ${what}`));
      continue;
    }
    const guess = nearestV1Name(kind, k, names, keys);
    if (!guess) continue;
    const path = join(base, k);
    out.push(
      finding(
        'C6',
        'information',
        path,
        l10n.t(
          '{0} is not a field of {1} in the public V1 reference: did you mean {2}? (A hint only: the V5 spec does not list these fields, so they are not checked.)',
          code(k),
          what,
          code(guess),
        ),
        { target: 'key', fixes: [{ title: l10n.t`Rename to ${code(guess)}`, edits: [{ kind: 'renameKey', path, newKey: guess }] }] },
      ),
    );
  }
  return out;
}

/** The push and email objects of the content, flat or keyed, with their pointers. */
function messages(content: Obj): Array<{ key: string; value: unknown; path: string }> {
  const out: Array<{ key: string; value: unknown; path: string }> = [];
  for (const [k, v] of Object.entries(content)) {
    if (k === 'push' || k === 'email') {
      out.push({ key: k, value: v, path: join(CONTENT, k) });
      continue;
    }
    if (!isObj(v)) continue;
    for (const [name, variation] of Object.entries(v)) {
      if (!isObj(variation)) continue;
      for (const m of ['push', 'email']) if (m in variation) out.push({ key: m, value: variation[m], path: join(CONTENT, k, name, m) });
    }
  }
  return out;
}

function internalsHints(doc: Obj): Finding[] {
  const out: Finding[] = [];
  const cc = doc.campaign_content;
  if (isObj(cc)) {
    out.push(...v1Hints(cc.variation_details, `${CC}/variation_details`, 'variation_details', '`variation_details`'));
    if (isObj(cc.content)) {
      for (const m of messages(cc.content)) out.push(...v1Hints(m.value, m.path, m.key, `${m.key} content`));
    }
  }
  const bd = doc.basic_details;
  if (doc.channel === 'PUSH' && isObj(bd)) {
    out.push(
      ...v1Hints(
        bd.platform_specific_details,
        '/basic_details/platform_specific_details',
        'platform_specific_details',
        '`platform_specific_details`',
      ),
    );
  }
  return out;
}

/** What the checks of one campaign's `content` share. */
interface ContentScope {
  readonly cc: Obj;
  readonly content: Obj;
  /** The message key the channel wants (`push`, `email`, `sms`); undefined for an unknown channel. */
  readonly expected: string | undefined;
  readonly channel: string | undefined;
  readonly localesList: unknown[] | undefined;
  /** The non-default locales named in `locales`. */
  readonly listed: string[];
}

function contentRules(doc: Obj): Finding[] {
  const cc = doc.campaign_content;
  if (!isObj(cc)) return [];
  const expected = typeof doc.channel === 'string' ? own(CHANNEL_KEY, doc.channel) : undefined;
  const localesList = Array.isArray(cc.locales) ? cc.locales : undefined;
  const out = localesList ? defaultListed(localesList) : [];
  const content = cc.content;
  if (!isObj(content)) return out;
  const listed = (localesList ?? []).filter((l): l is string => typeof l === 'string' && l.toLowerCase() !== 'default');
  const scope: ContentScope = { cc, content, expected, channel: expected ? (doc.channel as string) : undefined, localesList, listed };
  const keys = Object.keys(content);
  const flatKeys = keys.filter(k => MESSAGE_KEYS.includes(k));
  const localeKeys = keys.filter(k => !MESSAGE_KEYS.includes(k));
  if (flatKeys.length && !localeKeys.length) return [...out, ...flatShape(scope, flatKeys)];
  return [...out, ...keyedShape(scope, flatKeys, localeKeys)];
}

/** C2: the flat shape, valid only without locales and A/B variations; then its message objects. */
function flatShape(scope: ContentScope, flatKeys: string[]): Finding[] {
  const { cc, content, listed } = scope;
  const out: Finding[] = [];
  const hasVariations = isObj(cc.variation_details) && Object.keys(cc.variation_details).length > 0;
  if (listed.length || hasVariations) {
    const why = [listed.length ? '`locales`' : '', hasVariations ? 'A/B `variation_details`' : ''].filter(Boolean).join(' and ');
    const first = flatKeys[0];
    out.push(
      finding(
        'C2',
        'error',
        join(CONTENT, first),
        l10n.t(
          'The flat shape ({0} directly under `content`) is valid only without locales and A/B variations, and this campaign has {1}. Use the keyed shape: `content.default.<variation>.{2}`, one entry per locale.',
          code(first),
          why,
          first,
        ),
        {
          target: 'key',
          fixes: [
            {
              title: l10n.t`Move it under \`default\` → \`variation_1\``,
              edits: [{ kind: 'replaceValue', path: CONTENT, value: { default: { variation_1: content } } }],
            },
          ],
        },
      ),
    );
  }
  for (const k of flatKeys) out.push(...mustBeObject(content[k], join(CONTENT, k), 'C2', `${code(k)} content`));
  out.push(...messageKeys(content, CONTENT, scope.expected, scope.channel));
  return out;
}

/** C3, C4: the keyed shape (locale → variation → message), with any flat key beside the locales an error. */
function keyedShape(scope: ContentScope, flatKeys: string[], localeKeys: string[]): Finding[] {
  const caseVariant = localeKeys.find(k => k !== 'default' && k.toLowerCase() === 'default');
  const out = [...flatBesideLocales(flatKeys, localeKeys), ...defaultLocale(scope, localeKeys, caseVariant)];
  const withContent = new Set(localeKeys);
  const unfilled = scope.listed.filter(l => !withContent.has(l));
  for (const k of localeKeys) {
    if (k !== 'default' && k !== caseVariant && !scope.listed.includes(k)) out.push(unlistedLocale(scope, k, unfilled));
    out.push(...localeVariations(scope, k));
  }
  out.push(...listedWithoutContent(scope.localesList ?? [], withContent));
  return out;
}

/** C3: a message key directly under `content` beside locale keys. */
function flatBesideLocales(flatKeys: string[], localeKeys: string[]): Finding[] {
  return flatKeys.map(k =>
    finding(
      'C3',
      'error',
      join(CONTENT, k),
      l10n.t(
        '{0} directly under `content` cannot sit beside locale keys ({1}): in the keyed shape every message is inside a locale and a variation, such as `content.default.variation_1.{2}`.',
        code(k),
        localeKeys.slice(0, 3).map(code).join(', '),
        k,
      ),
      { target: 'key' },
    ),
  );
}

/** C3: the keyed shape needs a `default` locale, spelled in lower case. */
function defaultLocale(scope: ContentScope, localeKeys: string[], caseVariant: string | undefined): Finding[] {
  if (localeKeys.includes('default')) return [];
  if (caseVariant) {
    const path = join(CONTENT, caseVariant);
    return [
      finding('C3', 'error', path, l10n.t`The default locale key is spelled \`default\` (lower case), not ${code(caseVariant)}.`, {
        target: 'key',
        fixes: [{ title: l10n.t('Rename to `default`'), edits: [{ kind: 'renameKey', path, newKey: 'default' }], isPreferred: true }],
      }),
    ];
  }
  return [
    finding(
      'C3',
      'error',
      `${CONTENT}/default`,
      l10n.t('`content` needs a `default` locale: `"default": { "variation_1": { ') +
        l10n.t`"${scope.expected ?? 'push'}"` +
        l10n.t(': { … } } }`. It is always required in the keyed shape, and other locales are added beside it.'),
    ),
  ];
}

/** C4: a locale with content that `locales` does not list; the fix renames it to a listed one it is close to, or lists it. */
function unlistedLocale(scope: ContentScope, k: string, unfilled: string[]): Finding {
  const path = join(CONTENT, k);
  const near = didYouMean(k, unfilled);
  const addFix: Fix = Array.isArray(scope.cc.locales)
    ? { title: l10n.t`Add ${code(k)} to \`locales\``, edits: [{ kind: 'insert', path: `${CC}/locales/-`, value: k }] }
    : { title: l10n.t`Add \`"locales": ["${k}"]\``, edits: [{ kind: 'insert', path: `${CC}/locales`, value: [k] }] };
  const fixes: Fix[] = near
    ? [{ title: l10n.t`Rename to ${code(near)}`, edits: [{ kind: 'renameKey', path, newKey: near }], isPreferred: true }, addFix]
    : [{ ...addFix, isPreferred: true }];
  return finding(
    'C4',
    'error',
    path,
    l10n.t`The locale ${code(k)} is not listed in \`locales\`: every locale other than \`default\` must be listed there` +
      (near ? l10n.t`. Did you mean ${code(near)}?` : l10n.t`. Add ${code(k)} to \`locales\`.`),
    { target: 'key', fixes },
  );
}

/** C3: a locale is an object of variations, at least one; then each variation is checked. */
function localeVariations(scope: ContentScope, k: string): Finding[] {
  const path = join(CONTENT, k);
  const loc = scope.content[k];
  const example = scope.expected ?? 'push';
  if (!isObj(loc)) {
    return [
      finding(
        'C3',
        'error',
        path,
        l10n.t(
          'A locale holds its variations, such as {0}, not {1}.',
          `\`{ "variation_1": { "${example}": { … } } }\``,
          Array.isArray(loc) ? l10n.t('an array') : l10n.t('a {0}', loc === null ? 'null' : typeof loc),
        ),
      ),
    ];
  }
  const variations = Object.keys(loc);
  const out: Finding[] = [];
  if (variations.length === 0) {
    out.push(
      finding(
        'C3',
        'error',
        path,
        l10n.t('The locale {0} has no variations: add one, such as {1}.', code(k), `\`"variation_1": { "${example}": { … } }\``),
      ),
    );
  }
  for (const v of variations) out.push(...variation(loc[v], join(path, v), scope.expected, scope.channel));
  return out;
}

/** C4 (warning): a locale listed in `locales` with no content. */
function listedWithoutContent(localesList: unknown[], withContent: Set<string>): Finding[] {
  const out: Finding[] = [];
  localesList.forEach((l, i) => {
    if (typeof l !== 'string' || l.toLowerCase() === 'default' || withContent.has(l)) return;
    if (localesList.indexOf(l) !== i) return;
    const path = join(`${CC}/locales`, i);
    out.push(
      finding(
        'C4',
        'warning',
        path,
        l10n.t(
          'The locale {0} is listed in `locales` but has no content: add `content.{1}` with its variations, or remove it from `locales`.',
          code(l),
          l,
        ),
        { fixes: [{ title: l10n.t`Remove ${code(l)} from \`locales\``, edits: [{ kind: 'remove', path }] }] },
      ),
    );
  });
  return out;
}

/** C1: `default` listed in `locales` is taken out. */
function unlistDefaultFix(f: FixContext): Fix[] {
  return f.segs.length === 3 && f.segs[1] === 'locales' && f.value !== undefined
    ? [fix(l10n.t`Remove ${code(f.value)} from \`locales\``, [{ kind: 'remove', path: f.finding.path }], true)]
    : [];
}

/** `Default` (or another case variant) for the required `default` locale key. */
function defaultLocaleCaseFix(f: FixContext): Fix[] {
  const content = f.segs.slice(0, 2).join('/') === 'campaign_content/content' ? get(f.doc, '/campaign_content/content') : undefined;
  if (!isObj(content) || content.default !== undefined) return [];
  const variant = Object.keys(content).find(k => k !== 'default' && k.toLowerCase() === 'default');
  return variant
    ? [
        fix(
          l10n.t('Rename to `default`'),
          [{ kind: 'renameKey', path: `/campaign_content/content/${variant.replace(/~/g, '~0').replace(/\//g, '~1')}`, newKey: 'default' }],
          true,
        ),
      ]
    : [];
}

/** A locale key that `locales` does not list. */
function listLocaleFix(f: FixContext): Fix[] {
  if (f.segs.length !== 3 || f.segs[0] !== 'campaign_content' || f.segs[1] !== 'content' || f.value === undefined || f.key === 'default')
    return [];
  const locales = get(f.doc, '/campaign_content/locales');
  if (Array.isArray(locales) && locales.includes(f.key)) return [];
  return [
    Array.isArray(locales)
      ? fix(l10n.t`Add ${code(f.key)} to \`locales\``, [{ kind: 'insert', path: '/campaign_content/locales/-', value: f.key }], true)
      : fix(l10n.t`Add \`"locales": ["${f.key}"]\``, [{ kind: 'insert', path: '/campaign_content/locales', value: [f.key] }], true),
  ];
}

const checks: RuleCheck[] = [
  {
    ids: ['C1', 'C2', 'C3', 'C4', 'C5'],
    kinds: ['campaign'],
    check: ({ doc }) => (isObj(doc) ? contentRules(doc) : []),
  },
  {
    ids: ['C6'],
    kinds: ['campaign'],
    check: ({ doc }) => (isObj(doc) ? internalsHints(doc) : []),
  },
];

export const campaignContentRules: RuleGroup = {
  section: '`campaign_content`',
  rules: [
    {
      id: 'C1',
      title: 'Locales list',
      severity: 'E',
      summary: '`locales` lists non-default locale names only: `default` must not be listed; no duplicates.',
      docs: {
        doc: push({
          campaign_content: {
            locales: ['default', 'German'],
            content: { default: { variation_1: { push: {} } }, German: { variation_1: { push: {} } } },
          },
        }),
        fix: 'Remove `default` from `locales` (quick fix): it is always present. List every other locale once.',
      },
      fix: unlistDefaultFix,
    },
    {
      id: 'C2',
      title: 'Flat content shape',
      severity: 'E',
      summary:
        'Flat shape (a single `push` / `email` object directly under `content`) is valid only when no `locales` and no A/B `variation_details` are configured.',
      docs: {
        doc: push({ campaign_content: { locales: ['German'], content: { push: { android: { template_type: 'BASIC' } } } } }),
        fix: 'Use the keyed shape, `content.default.variation_1.push`, with one entry per locale (quick fix moves it), or drop `locales` and `variation_details`.',
      },
    },
    {
      id: 'C3',
      title: 'Keyed content shape',
      severity: 'E',
      summary:
        'Keyed shape: `content[locale][variation] = { push: {...} }` or `{ email: {...} }`. The `default` locale key is always required (a case variant such as `Default` is an error with a rename fix).',
      messages: {
        notAnObject: '`campaign_content` must be an object with `content` (and optionally `locales` and `variation_details`).',
      },
      docs: {
        doc: email({ campaign_content: { content: { Default: { variation_1: { email: { subject: 'Hello' } } } } } }),
        fix: 'Spell the default locale `default` (quick fix: rename). Every locale holds variations, and every variation one `push` or `email` object.',
      },
      fix: defaultLocaleCaseFix,
    },
    {
      id: 'C4',
      title: 'Locale keys are listed',
      severity: 'E / W',
      summary: 'Every locale key other than `default` must be listed in `locales`; a listed locale with no content is a warning.',
      docs: {
        doc: push({
          campaign_content: { locales: [], content: { default: { variation_1: { push: {} } }, French: { variation_1: { push: {} } } } },
        }),
        fix: 'Add `French` to `locales` (quick fix), or rename a misspelt locale key to the listed one. A listed locale without content is a warning: add its content or unlist it.',
      },
      fix: listLocaleFix,
    },
    {
      id: 'C5',
      title: 'Content of the channel',
      severity: 'E',
      summary: 'The content object must match the channel: `push` for `PUSH`, `email` for `EMAIL`; never both.',
      docs: {
        doc: push({ campaign_content: { content: { email: { subject: 'Spring sale' } } } }),
        fix: 'A Push campaign has `push` content, an Email campaign `email` content; never both (quick fix removes the extra one).',
      },
    },
    {
      id: 'C6',
      title: 'Content internals',
      severity: 'I',
      summary:
        'Internals of push/email content, `variation_details` and `platform_specific_details` are not given by the spec: they are not errors. Completions and hovers may offer the public V1 reference shapes (`../reference/`), as hints only.',
      docs: {
        doc: push({ campaign_content: { content: { push: { andriod: { template_type: 'BASIC' } } } } }),
        fix: 'Nothing is required: content internals are not checked. The hint offers the V1 reference name (`android`) in case it is a typo.',
      },
    },
  ],
  checks,
};
