import * as l10n from '@vscode/l10n';
import { Finding, Fix, RuleCheck, RuleContext } from '../model/types';
import { finding, fix, isObj, Obj } from './util';
import { FixContext, RuleGroup } from './define';

/**
 * Search request bodies (`POST /v5/campaigns/search`): the V1 names that V5 no longer takes
 * (R1), paging limits and the draft default (R2). Key names and value types are the search schema.
 */

const CF = '/campaign_fields';

/** R1: V1's `id` (one string) is V5's `ids` (an array). */
function v1Id(cf: Obj): Finding[] {
  if (!('id' in cf)) return [];
  const id = cf.id;
  const values = Array.isArray(id) ? id : [id];
  let fix: Fix;
  if (Array.isArray(cf.ids)) {
    const merged = [...cf.ids, ...values.filter(v => !(cf.ids as unknown[]).includes(v))];
    fix = {
      title: l10n.t('Move it into `ids`'),
      edits: [
        { kind: 'replaceValue', path: `${CF}/ids`, value: merged },
        { kind: 'remove', path: `${CF}/id` },
      ],
      isPreferred: true,
    };
  } else if ('ids' in cf) {
    fix = { title: l10n.t('Remove `id`'), edits: [{ kind: 'remove', path: `${CF}/id` }] };
  } else {
    // Both edits name the document as it is now: the key is renamed and its value wrapped.
    fix = {
      title: l10n.t`Change to \`"ids": ${JSON.stringify(values)}\``,
      edits: [
        { kind: 'renameKey', path: `${CF}/id`, newKey: 'ids' },
        { kind: 'replaceValue', path: `${CF}/id`, value: values },
      ],
      isPreferred: true,
    };
  }
  return [
    finding(
      'R1',
      'error',
      `${CF}/id`,
      l10n.t('`id` is the V1 name: V5 filters by `ids`, an array of campaign ids, such as `"ids": ["65f1c2…"]`.'),
      { target: 'key', fixes: [fix] },
    ),
  ];
}

/** R1: V1's `delivery_type` silently matches nothing in V5. */
function v1DeliveryType(cf: Obj): Finding[] {
  if (!('delivery_type' in cf)) return [];
  const v = cf.delivery_type;
  const path = `${CF}/delivery_type`;
  const fixes: Fix[] = [];
  if (!('campaign_delivery_type' in cf)) {
    const edits: Fix['edits'] = [{ kind: 'renameKey', path, newKey: 'campaign_delivery_type' }];
    if (!Array.isArray(v)) edits.push({ kind: 'replaceValue', path, value: [v] });
    fixes.push({ title: l10n.t('Rename to `campaign_delivery_type`'), edits, isPreferred: true });
  } else {
    fixes.push({ title: l10n.t('Remove `delivery_type`'), edits: [{ kind: 'remove', path }], isPreferred: true });
  }
  return [
    finding(
      'R1',
      'error',
      path,
      l10n.t('`delivery_type` is the V1 name: in V5 it silently returns zero results. Use `campaign_delivery_type`.'),
      { target: 'key', fixes },
    ),
  ];
}

/** R1: `version_number` filters only with campaign versioning. */
function versionFilter(cf: Obj, ctx: RuleContext): Finding[] {
  if (!('version_number' in cf)) return [];
  const versioning = ctx.settings.features.versioning;
  const path = `${CF}/version_number`;
  if (versioning === true) return [];
  if (versioning === false) {
    return [
      finding(
        'R1',
        'error',
        path,
        l10n.t(
          '`version_number` filters only in workspaces with campaign versioning, and this workspace has it off (`features.versioning` in `.campaignrc.json`). Remove it.',
        ),
        { target: 'key', fixes: [{ title: l10n.t('Remove `version_number`'), edits: [{ kind: 'remove', path }], isPreferred: true }] },
      ),
    ];
  }
  return [
    finding(
      'R1',
      'information',
      path,
      l10n.t(
        '`version_number` filters only in workspaces with campaign versioning, and whether this one has it is not configured. Set `features.versioning` in `.campaignrc.json` to check it.',
      ),
      { target: 'key' },
    ),
  ];
}

/** R2: paging within the service's limits. */
function paging(doc: Obj): Finding[] {
  const out: Finding[] = [];
  const limit = doc.limit;
  if (typeof limit === 'number' && Number.isInteger(limit) && (limit < 1 || limit > 15)) {
    const to = limit < 1 ? 1 : 15;
    out.push(
      finding(
        'R2',
        'error',
        '/limit',
        l10n.t(
          '`limit` is {0}, and a page holds 1 to 15 campaigns: use {1}{2}.',
          limit,
          to,
          limit > 15 ? ' and page through the results (a page with fewer than `limit` items is the last)' : '',
        ),
        { fixes: [{ title: l10n.t`Change to ${to}`, edits: [{ kind: 'replaceValue', path: '/limit', value: to }], isPreferred: true }] },
      ),
    );
  }
  const page = doc.page;
  if (typeof page === 'number' && Number.isInteger(page) && page < 1) {
    out.push(
      finding('R2', 'error', '/page', l10n.t`\`page\` is ${page}, and pages count from 1: use 1 for the first page.`, {
        fixes: [{ title: l10n.t('Change to 1'), edits: [{ kind: 'replaceValue', path: '/page', value: 1 }], isPreferred: true }],
      }),
    );
  }
  return out;
}

/** R2 (information): drafts are hidden unless asked for. */
function drafts(doc: Obj): Finding[] {
  const cf = doc.campaign_fields;
  if (cf !== undefined && !isObj(cf)) return [];
  const status = isObj(cf) ? cf.status : undefined;
  if (Array.isArray(status) && status.includes('DRAFT')) return [];
  if (status !== undefined && !Array.isArray(status)) return [];
  const path = `${CF}/status`;
  const edit: Fix['edits'][number] = !isObj(cf)
    ? { kind: 'insert', path: CF, value: { status: ['DRAFT'] } }
    : Array.isArray(status)
      ? { kind: 'insert', path: `${path}/-`, value: 'DRAFT' }
      : { kind: 'insert', path, value: ['DRAFT'] };
  return [
    finding(
      'R2',
      'information',
      path,
      l10n.t('Drafts are not returned: the search includes them only when `DRAFT` is in `campaign_fields.status`.'),
      { fixes: [{ title: l10n.t('Include drafts (add `DRAFT` to `status`)'), edits: [edit] }] },
    ),
  ];
}

/** R1: V1's `id` and `delivery_type` in their V5 form. */
function v1SearchFieldFixes(f: FixContext): Fix[] {
  if (f.segs.length !== 2 || f.segs[0] !== 'campaign_fields' || f.value === undefined || !isObj(f.parent)) return [];
  if (f.key === 'id' && f.parent.ids === undefined) {
    const ids = Array.isArray(f.value) ? f.value : [f.value];
    return [
      fix(
        l10n.t('Change to `ids` (an array)'),
        [
          { kind: 'renameKey', path: f.finding.path, newKey: 'ids' },
          { kind: 'replaceValue', path: f.finding.path, value: ids },
        ],
        true,
      ),
    ];
  }
  if (f.key === 'delivery_type' && f.parent.campaign_delivery_type === undefined) {
    return [
      fix(
        l10n.t('Rename to `campaign_delivery_type`'),
        [{ kind: 'renameKey', path: f.finding.path, newKey: 'campaign_delivery_type' }],
        true,
      ),
    ];
  }
  return [];
}

const checks: RuleCheck[] = [
  {
    ids: ['R1'],
    kinds: ['search'],
    check(ctx) {
      const doc = ctx.doc;
      if (!isObj(doc) || !isObj(doc.campaign_fields)) return [];
      const cf = doc.campaign_fields;
      return [...v1Id(cf), ...v1DeliveryType(cf), ...versionFilter(cf, ctx)];
    },
  },
  {
    ids: ['R2'],
    kinds: ['search'],
    check: ({ doc }) => (isObj(doc) ? [...paging(doc), ...drafts(doc)] : []),
  },
];

export const searchRules: RuleGroup = {
  section: 'Search requests',
  rules: [
    {
      id: 'R1',
      title: 'Search fields',
      severity: 'E',
      summary:
        "`campaign_fields` keys: `channels`, `created_by`, `created_date`, `name`, `status`, `tags`, `ids`, `campaign_delivery_type`. V1's `id` gets a fix to `ids` (array); V1's `delivery_type` is an error: it silently returns zero results.",
      messages: {
        notAnObject:
          'A search request is one JSON object such as `{ "campaign_fields": { "channels": ["PUSH"] }, "limit": 15, "page": 1 }`.',
        notEmail: "`{value}` is not an email address: `created_by` lists the creators' email addresses.",
        notFromDate: '`{value}` is not a date of the form `YYYY-MM-DD`, such as `2024-06-16`.',
        notToDate: '`{value}` is not a date of the form `YYYY-MM-DD`, such as `2024-06-21`.',
      },
      docs: {
        kind: 'search',
        doc: { campaign_fields: { channels: ['PUSH'], id: '65f1c2a4b7e8d9f0a1b2c3d4', status: ['ACTIVE'] }, limit: 15, page: 1 },
        fix: 'Use `"ids": ["65f1c2a4b7e8d9f0a1b2c3d4"]` (quick fix); V1\'s `delivery_type` is now `campaign_delivery_type` (quick fix).',
      },
      fix: v1SearchFieldFixes,
    },
    {
      id: 'R2',
      title: 'Search paging',
      severity: 'E / I',
      summary: '`limit` 1–15, `page` ≥ 1. Drafts are returned only when `DRAFT` is in `status`.',
      docs: {
        kind: 'search',
        doc: { campaign_fields: { channels: ['EMAIL'], status: ['ACTIVE', 'DRAFT'] }, limit: 50, page: 1 },
        fix: 'Ask for 1 to 15 campaigns per page (quick fix: 15) and page on until a page holds fewer than `limit`. To see drafts, add `DRAFT` to `status`.',
      },
    },
  ],
  checks,
};
