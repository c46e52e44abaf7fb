import * as l10n from '@vscode/l10n';
import { Finding, Fix, RuleCheck, WorkspaceSettings } from '../model/types';
import { join } from '../model/pointer';
import { campaignKind, code as c, finding, fix, has, isObj, Obj } from './util';
import { deliveryTypeOf } from './scheduling';
import { FixContext, RuleGroup } from './define';
import { push, audience } from './examples';

/**
 * `campaign_audience_limit` (rules L1–L3): a flag-gated component for Email and Push, whose
 * fields depend on whether the limit is enabled and on the delivery type.
 */

const AL = '/campaign_audience_limit';
/** Delivery types that take `metric` and `frequency` (L3). */
const METRIC_TYPES = ['PERIODIC', 'EVENT_TRIGGERED'];

function remove(key: string, isPreferred = true): Fix {
  return { title: l10n.t`Remove \`${key}\``, edits: [{ kind: 'remove', path: join(AL, key) }], ...(isPreferred ? { isPreferred } : {}) };
}

/** L1: the channel, the delivery type and the workspace feature. */
function checkGate(channel: string | undefined, type: string | undefined, settings: WorkspaceSettings): Finding[] {
  const fixes = [{ title: l10n.t('Remove `campaign_audience_limit`'), edits: [{ kind: 'remove' as const, path: AL }], isPreferred: true }];
  const at = (severity: Finding['severity'], message: string, withFix = true): Finding[] => [
    finding('L1', severity, AL, message, { target: 'key', ...(withFix ? { fixes } : {}) }),
  ];
  if (channel && channel !== 'PUSH' && channel !== 'EMAIL') {
    return at('error', l10n.t`\`campaign_audience_limit\` is for Email and Push campaigns only, not ${c(channel)}. Remove it.`);
  }
  if (type === 'BROADCAST_LIVE_ACTIVITY') {
    return at('error', l10n.t('`campaign_audience_limit` is not supported for `BROADCAST_LIVE_ACTIVITY` campaigns. Remove it.'));
  }
  const flag = settings.features.audienceLimit;
  if (flag === false) {
    return at(
      'error',
      l10n.t(
        'This workspace does not have the audience limit feature (the workspace settings say `features.audienceLimit` is `false`): the service answers 400 with target `campaign_audience_limit`. Remove it, or have the feature enabled for the workspace.',
      ),
    );
  }
  if (flag === undefined) {
    return at(
      'information',
      l10n.t(
        "`campaign_audience_limit` needs the workspace's audience limit feature, which is not configured here: without it the service answers 400. Set `features.audienceLimit` in `.campaignrc.json` to check it.",
      ),
      false,
    );
  }
  return [];
}

/** L2: what an enabled or disabled limit carries. */
function checkEnabled(al: Obj, channel: string | undefined, type: string | undefined): Finding[] {
  const out: Finding[] = [];
  if (al.is_campaign_audience_limit_enabled === false) {
    for (const key of ['limit', 'metric', 'frequency']) {
      if (!has(al, key)) continue;
      out.push(
        finding(
          'L2',
          'error',
          join(AL, key),
          l10n.t`\`${key}\` must not be sent while \`is_campaign_audience_limit_enabled\` is \`false\`. Remove it, or enable the limit.`,
          {
            target: 'key',
            fixes: [
              remove(key),
              {
                title: l10n.t('Enable the limit'),
                edits: [{ kind: 'replaceValue', path: join(AL, 'is_campaign_audience_limit_enabled'), value: true }],
              },
            ],
          },
        ),
      );
    }
    return out;
  }
  if (al.is_campaign_audience_limit_enabled !== true) return out;
  if (!has(al, 'limit')) {
    out.push(
      finding(
        'L2',
        'error',
        join(AL, 'limit'),
        l10n.t(
          '`limit` is required when `is_campaign_audience_limit_enabled` is `true`: the most users (1–9999999999) the campaign may reach.',
        ),
        {
          fixes: [
            { title: l10n.t('Add `"limit": 10000` (adjust it)'), edits: [{ kind: 'insert', path: join(AL, 'limit'), value: 10000 }] },
          ],
        },
      ),
    );
  }
  if (!type || !METRIC_TYPES.includes(type)) return out;
  if (!has(al, 'metric')) {
    const fixes: Fix[] = has(al, 'metrics')
      ? [
          {
            title: l10n.t('Rename `metrics` to `metric`'),
            edits: [{ kind: 'renameKey', path: join(AL, 'metrics'), newKey: 'metric' }],
            isPreferred: true,
          },
        ]
      : [
          {
            title: l10n.t('Add `"metric": "SENT"`'),
            edits: [{ kind: 'insert', path: join(AL, 'metric'), value: 'SENT' }],
            isPreferred: true,
          },
        ];
    out.push(
      finding(
        'L2',
        'error',
        join(AL, 'metric'),
        l10n.t`\`metric\` is required for an enabled limit when the campaign is ${c(type)}: \`SENT\`, what is counted.`,
        { fixes },
      ),
    );
  }
  if (!has(al, 'frequency')) {
    const instanceOk = type === 'PERIODIC' && channel === 'PUSH';
    out.push(
      finding(
        'L2',
        'error',
        join(AL, 'frequency'),
        l10n.t`\`frequency\` is required for an enabled limit when the campaign is ${c(type)}: \`TOTAL\` counts over the campaign's lifetime` +
          (instanceOk ? l10n.t(', `INSTANCE` per run.') : '.'),
        {
          fixes: [
            {
              title: l10n.t('Add `"frequency": "TOTAL"`'),
              edits: [{ kind: 'insert', path: join(AL, 'frequency'), value: 'TOTAL' }],
              ...(instanceOk ? {} : { isPreferred: true }),
            },
          ],
        },
      ),
    );
  }
  return out;
}

/** L3: `metric` / `frequency` only where they apply, `INSTANCE` only for Periodic Push, V1's `metrics`. */
function checkMetricFields(al: Obj, channel: string | undefined, type: string | undefined): Finding[] {
  const out: Finding[] = [];
  const disabled = al.is_campaign_audience_limit_enabled === false; // L2 already asks to remove them
  const applies = !type || METRIC_TYPES.includes(type);
  if (!disabled && !applies) {
    for (const key of ['metric', 'frequency']) {
      if (!has(al, key)) continue;
      out.push(
        finding(
          'L3',
          'error',
          join(AL, key),
          l10n.t(
            '`{0}` is valid only for `PERIODIC` and `EVENT_TRIGGERED` campaigns; sending it for {1} fails validation. Remove it: {2} takes only `is_campaign_audience_limit_enabled` and `limit`.',
            key,
            c(type),
            c(type),
          ),
          { target: 'key', fixes: [remove(key)] },
        ),
      );
    }
  }
  if (!disabled && applies && type && al.frequency === 'INSTANCE' && !(type === 'PERIODIC' && channel === 'PUSH')) {
    const path = join(AL, 'frequency');
    out.push(
      finding(
        'L3',
        'error',
        path,
        l10n.t(
          '`frequency` `INSTANCE` (per run) is for Periodic Push campaigns only; this one is {0} {1} campaign. Use `TOTAL`.',
          channel === 'EMAIL' ? 'an Email' : 'a Push',
          c(type),
        ),
        { fixes: [{ title: l10n.t('Change to `TOTAL`'), edits: [{ kind: 'replaceValue', path, value: 'TOTAL' }], isPreferred: true }] },
      ),
    );
  }
  if (has(al, 'metrics')) {
    const path = join(AL, 'metrics');
    const clash = has(al, 'metric');
    const drop = clash || disabled || !applies;
    const why = clash
      ? ' `metric` is already there: remove this one.'
      : disabled || !applies
        ? ` It does not apply here either (${disabled ? 'the limit is disabled' : `${c(type)} takes no \`metric\``}): remove it.`
        : ' Rename it.';
    out.push(
      finding('L3', 'error', path, l10n.t`\`metrics\` is V1's name; V5 calls it \`metric\`.${why}`, {
        target: 'key',
        fixes: drop
          ? [remove('metrics')]
          : [{ title: l10n.t('Rename to `metric`'), edits: [{ kind: 'renameKey', path, newKey: 'metric' }], isPreferred: true }],
      }),
    );
  }
  return out;
}

/** L3: V1's `metrics` is V5's `metric`. */
function metricRenameFix(f: FixContext): Fix[] {
  return f.key === 'metrics' && f.value !== undefined && isObj(f.parent) && f.parent.metric === undefined
    ? [fix(l10n.t('Rename to `metric`'), [{ kind: 'renameKey', path: f.finding.path, newKey: 'metric' }], true)]
    : [];
}

const checks: RuleCheck[] = [
  {
    ids: ['L1', 'L2', 'L3'],
    kinds: ['campaign'],
    check({ doc, settings }) {
      if (!isObj(doc) || !has(doc, 'campaign_audience_limit')) return [];
      const { channel } = campaignKind(doc);
      const type = deliveryTypeOf(doc);
      const out = checkGate(channel, type, settings);
      const al = doc.campaign_audience_limit;
      if (!isObj(al)) return out;
      return [...out, ...checkEnabled(al, channel, type), ...checkMetricFields(al, channel, type)];
    },
  },
];

export const audienceLimitRules: RuleGroup = {
  section: 'Goals, control groups, UTM, audience limit',
  rules: [
    {
      id: 'L1',
      title: 'Audience limit feature',
      severity: 'E',
      summary:
        '`campaign_audience_limit` is flag-gated: an error when the workspace lacks it (the service answers 400, target `campaign_audience_limit`). Email and Push only; not for `BROADCAST_LIVE_ACTIVITY`.',
      docs: {
        settings: { features: { audienceLimit: false } },
        doc: push({ campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 5000 } }),
        fix: 'Remove `campaign_audience_limit`, or set `features.audienceLimit` to `true` in `.campaignrc.json` if the workspace has the feature.',
      },
      removesInapplicable: true,
    },
    {
      id: 'L2',
      title: 'Enabled audience limit',
      severity: 'E',
      summary:
        'With `is_campaign_audience_limit_enabled` true, `limit` (integer 1–9999999999) is required, and for `PERIODIC` / `EVENT_TRIGGERED` so are `metric` (`SENT`) and `frequency`. With it false, none of the three may be sent.',
      docs: {
        settings: audience,
        doc: push({ campaign_audience_limit: { is_campaign_audience_limit_enabled: true } }),
        fix: 'Add the `limit` (1 to 9999999999); periodic and event-triggered campaigns also need `metric` `SENT` and a `frequency`.',
      },
      removesInapplicable: true,
    },
    {
      id: 'L3',
      title: 'Audience limit metric and frequency',
      severity: 'E',
      summary:
        "`metric` and `frequency` are valid only for `PERIODIC` and `EVENT_TRIGGERED` (sending them for `ONE_TIME` fails). `frequency` `INSTANCE` is for Periodic Push only. V1's `metrics` gets a rename fix to `metric`.",
      docs: {
        settings: audience,
        doc: push({
          campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 5000, metric: 'SENT', frequency: 'TOTAL' },
        }),
        fix: "Remove `metric` and `frequency` from one-time campaigns; V1's `metrics` is now `metric` (quick fix).",
      },
      fix: metricRenameFix,
      removesInapplicable: true,
    },
  ],
  checks,
};
