import * as l10n from '@vscode/l10n';
import { Finding, Fix, RuleCheck } from '../model/types';
import { join } from '../model/pointer';
import { didYouMean, visible } from '../model/strings';
import { code, finding, fix, has, isObj, Obj } from './util';
import { FixContext, RuleGroup } from './define';
import { push } from './examples';

/** `utm_params` (rules U1, U2): the two required keys, and at most five custom keys named `utm_…`. */

const UTM = '/utm_params';
export const STANDARD_UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'utm_custom'];
const REQUIRED = ['utm_source', 'utm_medium'];
export const MAX_CUSTOM_UTM = 5;

const WHAT: Record<string, string> = {
  utm_source: 'where the visit comes from, such as `newsletter`',
  utm_medium: 'the marketing medium, such as `email` or `push`',
};

function checkRequired(utm: Obj): Finding[] {
  const custom = Object.keys(utm).filter(k => !STANDARD_UTM.includes(k));
  return REQUIRED.filter(k => !has(utm, k)).map(k => {
    const near = didYouMean(k, custom);
    const fixes: Fix[] = near
      ? [
          {
            title: l10n.t('Rename `{0}` to `{1}`', near, k),
            edits: [{ kind: 'renameKey', path: join(UTM, near), newKey: k }],
            isPreferred: true,
          },
        ]
      : [];
    return finding(
      'U1',
      'error',
      join(UTM, k),
      l10n.t('`{0}` is required in `utm_params`: {1}.', k, WHAT[k]) +
        (near ? l10n.t` \`${visible(near)}\` looks like a misspelling of it.` : ''),
      fixes.length ? { fixes } : undefined,
    );
  });
}

function checkCustomKeys(utm: Obj): Finding[] {
  const out: Finding[] = [];
  let count = 0;
  for (const key of Object.keys(utm)) {
    if (STANDARD_UTM.includes(key)) continue;
    const path = join(UTM, key);
    if (!key.startsWith('utm_')) {
      const fixes: Fix[] = [];
      const lowerPrefix = /^utm_/i.test(key) ? 'utm_' + key.slice(4) : undefined;
      const renamed = lowerPrefix ?? `utm_${key}`;
      if (!has(utm, renamed)) {
        fixes.push({
          title: l10n.t`Rename to \`${visible(renamed)}\``,
          edits: [{ kind: 'renameKey', path, newKey: renamed }],
          ...(lowerPrefix || STANDARD_UTM.includes(renamed) ? { isPreferred: true } : {}),
        });
      }
      fixes.push({ title: l10n.t`Remove \`${visible(key)}\``, edits: [{ kind: 'remove', path }] });
      out.push(
        finding(
          'U2',
          'error',
          path,
          l10n.t(
            '`{0}` does not start with `utm_`: the service rejects custom UTM keys without that prefix. Rename it to `{1}`, or remove it.',
            visible(key),
            visible(renamed),
          ),
          { target: 'key', fixes },
        ),
      );
    } else if (++count > MAX_CUSTOM_UTM) {
      out.push(
        finding(
          'U2',
          'error',
          path,
          l10n.t(
            '`utm_params` takes at most {0} custom keys besides the standard ones, and `{1}` is custom key number {2}. Remove it, or drop another custom key.',
            MAX_CUSTOM_UTM,
            visible(key),
            count,
          ),
          { target: 'key', fixes: [{ title: l10n.t`Remove \`${visible(key)}\``, edits: [{ kind: 'remove', path }] }] },
        ),
      );
    }
  }
  return out;
}

/** U2: a custom key gets the `utm_` prefix. */
function utmPrefixFix(f: FixContext): Fix[] {
  if (f.segs.length !== 2 || f.segs[0] !== 'utm_params' || f.value === undefined || f.key.startsWith('utm_')) return [];
  const to = `utm_${f.key}`;
  return isObj(f.parent) && f.parent[to] === undefined
    ? [fix(l10n.t`Rename to ${code(to)}`, [{ kind: 'renameKey', path: f.finding.path, newKey: to }], true)]
    : [];
}

const checks: RuleCheck[] = [
  {
    ids: ['U1', 'U2'],
    kinds: ['campaign'],
    check({ doc }) {
      if (!isObj(doc) || !isObj(doc.utm_params)) return [];
      return [...checkRequired(doc.utm_params), ...checkCustomKeys(doc.utm_params)];
    },
  },
];

export const utmRules: RuleGroup = {
  section: 'Goals, control groups, UTM, audience limit',
  rules: [
    {
      id: 'U1',
      title: 'UTM parameters',
      severity: 'E',
      summary:
        '`utm_params`: `utm_source` and `utm_medium` required; the other standard keys (`utm_campaign`, `utm_term`, `utm_content`, `utm_custom`) optional strings.',
      docs: {
        doc: push({ utm_params: { utm_source: 'app', utm_campaign: 'spring_sale' } }),
        fix: 'Add `utm_medium` (and `utm_source`): both are required when UTM parameters are used.',
      },
    },
    {
      id: 'U2',
      title: 'Custom UTM keys',
      severity: 'E',
      summary: 'At most 5 additional custom keys, each starting with `utm_`; a key without the prefix is rejected.',
      docs: {
        doc: push({ utm_params: { utm_source: 'app', utm_medium: 'push', source_campaign: 'spring' } }),
        fix: 'Start custom keys with `utm_` (`utm_source_campaign`), at most five of them.',
      },
      fix: utmPrefixFix,
    },
  ],
  checks,
};
