import { isObject } from '@campaign-studio/core';
import { ErrorDetail, validationFailed } from './errors';
import { CampaignDoc, CHANNELS, DELIVERY_TYPES, STATUSES, Workspace } from './model';
import { campaignName, campaignTags, metaStatus } from './shape';

/**
 * Search (`POST /v5/campaigns/search`) and the legacy metadata listing
 * (`POST /core-services/v1/campaigns/meta`): reading the body, filtering, paging.
 */

export interface Query {
  channels?: Set<string>;
  createdBy?: Set<string>;
  fromDate?: string;
  toDate?: string;
  name?: string;
  status?: Set<string>;
  tags?: Set<string>;
  ids?: Set<string>;
  types?: Set<string>;
  versions?: Set<number>;
  /** V1's `delivery_type` key in a V5 search: accepted, and matches nothing. */
  matchNothing: boolean;
  includeChildren: boolean;
  limit: number;
  page: number;
}

export const PAGE_LIMIT = 15;

const SEARCH_FIELDS = [
  'channels',
  'created_by',
  'created_date',
  'name',
  'status',
  'tags',
  'ids',
  'campaign_delivery_type',
  'version_number',
];
const META_FIELDS = [
  'channels',
  'created_by',
  'created_date',
  'name',
  'status',
  'tags',
  'id',
  'ids',
  'delivery_type',
  'campaign_delivery_type',
];
const META_CHANNELS = ['EMAIL', 'PUSH', 'SMS', 'WHATSAPP', 'FACEBOOK', 'GOOGLE ADS', 'CONNECTORS'];
const META_STATUSES = ['SCHEDULED', 'ACTIVE', 'PAUSED', 'SENT', 'STOPPED', 'RETIRED', 'ARCHIVED'];

function list(
  o: Record<string, unknown>,
  key: string,
  target: string,
  problems: ErrorDetail[],
  allowed?: readonly string[],
  upper = false,
): Set<string> | undefined {
  const v = o[key];
  if (v === undefined) return undefined;
  const items = typeof v === 'string' ? [v] : v;
  if (!Array.isArray(items) || !items.every(x => typeof x === 'string')) {
    problems.push({ target, message: `\`${key}\` is a list of strings, e.g. \`["${allowed?.[0] ?? 'value'}"]\`.` });
    return undefined;
  }
  const out = new Set<string>();
  for (const raw of items as string[]) {
    const x = upper ? raw.toUpperCase() : raw;
    if (allowed && !allowed.includes(x)) {
      problems.push({ target, message: `\`${raw}\` is not a value of \`${key}\`; use one of ${allowed.map(a => `\`${a}\``).join(', ')}.` });
      continue;
    }
    out.add(x);
  }
  return out;
}

/** `YYYY-MM-DD`, or the `DD-MM-YYYY` form of V1's metadata sample, as `YYYY-MM-DD`. */
function day(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m) return v;
  m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : undefined;
}

function intIn(o: Record<string, unknown>, key: string, min: number, max: number, dflt: number, problems: ErrorDetail[]): number {
  const v = o[key];
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    problems.push({
      target: key,
      message:
        max === Infinity
          ? `\`${key}\` is an integer from ${min}; got ${JSON.stringify(v)}.`
          : `\`${key}\` is an integer from ${min} to ${max}; got ${JSON.stringify(v)}.`,
    });
    return dflt;
  }
  return v;
}

export function parseQuery(body: Record<string, unknown>, ws: Workspace, mode: 'search' | 'meta'): Query {
  const problems: ErrorDetail[] = [];
  const top = ['request_id', 'campaign_fields', 'limit', 'page', 'include_child_campaigns', 'include_archive_campaigns'];
  for (const k of Object.keys(body)) {
    if (!top.includes(k))
      problems.push({
        target: k,
        message: `\`${k}\` is not a field of a ${mode === 'search' ? 'search' : 'metadata'} request; filters go inside \`campaign_fields\`.`,
      });
  }
  const q: Query = {
    matchNothing: false,
    includeChildren: false,
    limit: intIn(body, 'limit', 1, PAGE_LIMIT, PAGE_LIMIT, problems),
    page: intIn(body, 'page', 1, Infinity, 1, problems),
  };
  for (const flag of ['include_child_campaigns', 'include_archive_campaigns']) {
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean')
      problems.push({ target: flag, message: `\`${flag}\` is true or false.` });
  }
  q.includeChildren = body.include_child_campaigns === true;
  const f = body.campaign_fields;
  if (f !== undefined && !isObject(f))
    problems.push({ target: 'campaign_fields', message: '`campaign_fields` is an object of filters, e.g. `{ "channels": ["PUSH"] }`.' });
  if (isObject(f)) {
    const t = (k: string) => `campaign_fields.${k}`;
    const known = mode === 'search' ? SEARCH_FIELDS : META_FIELDS;
    for (const k of Object.keys(f)) {
      if (known.includes(k)) continue;
      if (mode === 'search' && k === 'delivery_type') {
        q.matchNothing = true;
        continue;
      }
      // V1's single `id` is not `ids`: the V5 search does not read it.
      if (mode === 'search' && k === 'id') continue;
      problems.push({
        target: t(k),
        message: `\`${k}\` is not a filter of \`campaign_fields\`; the filters are ${known.map(x => `\`${x}\``).join(', ')}.`,
      });
    }
    q.channels = list(f, 'channels', t('channels'), problems, mode === 'search' ? CHANNELS : META_CHANNELS, true);
    const by = list(f, 'created_by', t('created_by'), problems);
    if (by) q.createdBy = new Set([...by].map(x => x.toLowerCase()));
    if (f.created_date !== undefined) {
      const cd = f.created_date;
      const from = isObject(cd) ? cd.from_date : undefined;
      const to = isObject(cd) ? cd.to_date : undefined;
      if (!isObject(cd) || (from !== undefined && !day(from)) || (to !== undefined && !day(to))) {
        problems.push({
          target: t('created_date'),
          message: '`created_date` is `{ "from_date": "YYYY-MM-DD", "to_date": "YYYY-MM-DD" }` (both optional, inclusive).',
        });
      } else {
        q.fromDate = day(from);
        q.toDate = day(to);
      }
    }
    if (f.name !== undefined) {
      if (typeof f.name !== 'string')
        problems.push({ target: t('name'), message: '`name` is a string; campaigns whose name contains it match (any case).' });
      else q.name = f.name.toLowerCase();
    }
    q.status = list(f, 'status', t('status'), problems, mode === 'search' ? STATUSES : META_STATUSES, true);
    q.tags = list(f, 'tags', t('tags'), problems);
    const ids = list(f, 'ids', t('ids'), problems);
    if (mode === 'search' && f.ids !== undefined && !Array.isArray(f.ids))
      problems.push({ target: t('ids'), message: '`ids` is a list of campaign ids, e.g. `["<24-character id>"]`.' });
    if (mode === 'meta' && f.id !== undefined) {
      if (typeof f.id !== 'string') problems.push({ target: t('id'), message: '`id` is one campaign id (a string).' });
      else (q.ids = ids ?? new Set()).add(f.id);
    } else if (ids) {
      q.ids = ids;
    }
    const types = list(f, 'campaign_delivery_type', t('campaign_delivery_type'), problems, DELIVERY_TYPES, true);
    if (mode === 'meta') {
      // V1's key in the legacy call, including its `BUSINESS_TRIGGERED` spelling.
      const v1 = list(f, 'delivery_type', t('delivery_type'), problems, [...DELIVERY_TYPES, 'BUSINESS_TRIGGERED'], true);
      if (v1) {
        const merged = types ?? new Set<string>();
        for (const x of v1) merged.add(x === 'BUSINESS_TRIGGERED' ? 'BUSINESS_EVENT_TRIGGERED' : x);
        q.types = merged;
      } else {
        q.types = types;
      }
    } else {
      q.types = types;
    }
    if (mode === 'search' && f.version_number !== undefined) {
      const v = f.version_number;
      const nums = typeof v === 'number' ? [v] : v;
      if (!ws.features.versioning) {
        problems.push({
          target: t('version_number'),
          message: 'Campaign versioning is not enabled in this workspace, so campaigns have no `version_number` to filter by.',
        });
      } else if (!Array.isArray(nums) || !nums.every(n => typeof n === 'number' && Number.isInteger(n) && n >= 1)) {
        problems.push({ target: t('version_number'), message: '`version_number` is a version (an integer from 1) or a list of them.' });
      } else {
        q.versions = new Set(nums as number[]);
      }
    }
  }
  if (problems.length) throw validationFailed(problems);
  return q;
}

function createdDay(doc: CampaignDoc): string {
  return doc.created_at.slice(0, 10);
}

export function matches(doc: CampaignDoc, q: Query, mode: 'search' | 'meta'): boolean {
  if (q.matchNothing) return false;
  if (q.versions ? !q.versions.has(doc.version_number) : !doc.current) return false;
  if (!q.includeChildren && (doc.parent_id || doc.flow_id)) return false;
  if (mode === 'search') {
    if (q.channels ? !q.channels.has(doc.channel) : doc.channel === 'SMS') return false;
    if (q.status ? !q.status.has(doc.status) : doc.status === 'DRAFT') return false;
  } else {
    if (doc.status === 'DRAFT') return false;
    if (q.channels && !q.channels.has(doc.channel)) return false;
    if (q.status && !q.status.has(metaStatus(doc))) return false;
  }
  if (q.createdBy && !q.createdBy.has(doc.created_by.toLowerCase())) return false;
  if (q.fromDate && createdDay(doc) < q.fromDate) return false;
  if (q.toDate && createdDay(doc) > q.toDate) return false;
  if (q.name !== undefined && !campaignName(doc).toLowerCase().includes(q.name)) return false;
  if (q.tags && !campaignTags(doc).some(t => q.tags!.has(t))) return false;
  if (q.ids && !q.ids.has(doc.id) && !q.ids.has(doc.campaign_id)) return false;
  if (q.types && !q.types.has(doc.campaign_delivery_type)) return false;
  return true;
}

/** Newest first; the id breaks ties, so pages are stable. */
export function pageOf(docs: CampaignDoc[], q: Query): CampaignDoc[] {
  const sorted = [...docs].sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1));
  return sorted.slice((q.page - 1) * q.limit, q.page * q.limit);
}
