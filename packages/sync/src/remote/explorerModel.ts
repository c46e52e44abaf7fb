import * as l10n from '@vscode/l10n';
import { CampaignRecord, MetaRecord, SearchQuery, ServiceClient, CallOptions } from './serviceClient';
import { CHANNELS, DELIVERY_TYPES, isObject, nonEmptyString, own, serviceTimeText, visible } from '@campaign-studio/core';
import { dequal } from 'dequal';
import { normalStatus, statusActionsFor } from '../push/stateRules';

/**
 * What the Campaigns explorer shows, without the editor: the groups, the search each group
 * runs, the paging state of a group ("Load more"), labels, icons and tooltips.
 */

export const STATUSES = ['DRAFT', 'SCHEDULED', 'ACTIVE', 'SENDING', 'PAUSED', 'SENT', 'STOPPED', 'ARCHIVED'] as const;

export const PAGE_SIZE = 15;

export type GroupBy = 'status' | 'channel';

export interface ExplorerFilter {
  channels: string[];
  /** Empty = every status, drafts included. */
  statuses: string[];
  deliveryTypes: string[];
  /** Part of the campaign name. */
  name?: string;
  tags: string[];
  createdBy: string[];
  ids: string[];
  /** Also list child campaigns: flow members and periodic children (`include_child_campaigns`). */
  includeChildren?: boolean;
}

export const EMPTY_FILTER: ExplorerFilter = Object.freeze({
  channels: [],
  statuses: [],
  deliveryTypes: [],
  tags: [],
  createdBy: [],
  ids: [],
}) as ExplorerFilter;

/** A filter read back from storage; anything malformed is dropped. */
export function sanitizeFilter(v: unknown): ExplorerFilter {
  const o = isObject(v) ? v : {};
  const list = (x: unknown, allowed?: readonly string[]) =>
    Array.isArray(x)
      ? [
          ...new Set(
            x.filter((s): s is string => typeof s === 'string' && s.trim() !== '' && (!allowed || allowed.includes(s))).map(s => s.trim()),
          ),
        ]
      : [];
  return {
    channels: list(o.channels, CHANNELS),
    statuses: list(o.statuses, STATUSES),
    deliveryTypes: list(o.deliveryTypes, DELIVERY_TYPES),
    name: typeof o.name === 'string' && o.name.trim() ? o.name.trim() : undefined,
    tags: list(o.tags),
    createdBy: list(o.createdBy),
    ids: list(o.ids),
    includeChildren: o.includeChildren === true ? true : undefined,
  };
}

export function isFiltered(f: ExplorerFilter): boolean {
  return !!(
    f.channels.length ||
    f.statuses.length ||
    f.deliveryTypes.length ||
    f.name ||
    f.tags.length ||
    f.createdBy.length ||
    f.ids.length ||
    f.includeChildren
  );
}

/** `a, b  c` → `['a', 'b', 'c']` (commas or spaces; duplicates dropped). */
export function parseList(input: string | undefined): string[] {
  if (!input) return [];
  return [
    ...new Set(
      input
        .split(/[\s,;]+/)
        .map(s => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** One line for the view's description: `channel PUSH · status ACTIVE, DRAFT · name "sale"`. */
export function describeFilter(f: ExplorerFilter): string {
  const parts: string[] = [];
  if (f.channels.length)
    parts.push(
      l10n.t({ message: 'channel {0}', args: [f.channels.join(', ')], comment: 'a filter of the Campaigns view: the channels it keeps' }),
    );
  if (f.statuses.length)
    parts.push(
      l10n.t({ message: 'status {0}', args: [f.statuses.join(', ')], comment: 'a filter of the Campaigns view: the statuses it keeps' }),
    );
  if (f.deliveryTypes.length)
    parts.push(
      l10n.t({
        message: 'type {0}',
        args: [f.deliveryTypes.join(', ')],
        comment: 'a filter of the Campaigns view: the delivery types it keeps',
      }),
    );
  if (f.name)
    parts.push(l10n.t({ message: 'name "{0}"', args: [f.name], comment: 'a filter of the Campaigns view: part of the campaign name' }));
  if (f.tags.length)
    parts.push(l10n.t({ message: 'tags {0}', args: [f.tags.join(', ')], comment: 'a filter of the Campaigns view: the tags it keeps' }));
  if (f.createdBy.length)
    parts.push(
      l10n.t({ message: 'by {0}', args: [f.createdBy.join(', ')], comment: 'a filter of the Campaigns view: who created the campaigns' }),
    );
  if (f.ids.length) {
    parts.push(
      f.ids.length === 1
        ? l10n.t({ message: 'ids {0}', args: [f.ids[0]], comment: 'a filter of the Campaigns view: the one campaign id it keeps' })
        : l10n.t({ message: 'ids ×{0}', args: [f.ids.length], comment: 'a filter of the Campaigns view: how many campaign ids it keeps' }),
    );
  }
  if (f.includeChildren) parts.push(l10n.t({ message: 'with child campaigns', comment: 'a filter of the Campaigns view' }));
  return parts.join(' · ');
}

export interface Group {
  by: GroupBy;
  /** A channel or a status. */
  value: string;
}

/** The groups to show: every channel or status the filter allows, in a fixed order. */
export function groupsFor(by: GroupBy, f: ExplorerFilter): Group[] {
  const all: readonly string[] = by === 'status' ? STATUSES : CHANNELS;
  const chosen = by === 'status' ? f.statuses : f.channels;
  return all.filter(v => chosen.length === 0 || chosen.includes(v)).map(value => ({ by, value }));
}

/**
 * The search `campaign_fields` of a group under a filter. Channels and statuses are always
 * listed: the service hides drafts unless `DRAFT` is asked for, and SMS unless `SMS` is.
 */
export function campaignFields(f: ExplorerFilter, group?: Group): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  fields.channels = group?.by === 'channel' ? [group.value] : f.channels.length ? [...f.channels] : [...CHANNELS];
  fields.status = group?.by === 'status' ? [group.value] : f.statuses.length ? [...f.statuses] : [...STATUSES];
  if (f.deliveryTypes.length) fields.campaign_delivery_type = [...f.deliveryTypes];
  if (f.name) fields.name = f.name;
  if (f.tags.length) fields.tags = [...f.tags];
  if (f.createdBy.length) fields.created_by = [...f.createdBy];
  if (f.ids.length) fields.ids = [...f.ids];
  return fields;
}

export function searchQuery(f: ExplorerFilter, group: Group | undefined, page: number): SearchQuery {
  const q: SearchQuery = { campaign_fields: campaignFields(f, group), page, limit: PAGE_SIZE };
  if (f.includeChildren) q.include_child_campaigns = true;
  return q;
}

/** The paging state of one group: pages of 15 until one comes back shorter (no `total_count`). */
export class GroupPager {
  readonly items: CampaignRecord[] = [];
  private nextPage = 1;
  private finished = false;
  private inFlight: Promise<CampaignRecord[]> | undefined;
  error: unknown;

  constructor(
    readonly filter: ExplorerFilter,
    readonly group: Group | undefined,
  ) {}

  get done(): boolean {
    return this.finished;
  }

  get loaded(): boolean {
    return this.nextPage > 1 || this.finished;
  }

  /** A page is being asked for. */
  get loading(): boolean {
    return this.inFlight !== undefined;
  }

  /** Loads the next page (once, however often it is asked for concurrently); returns its items. */
  loadMore(client: ServiceClient, o: CallOptions = {}): Promise<CampaignRecord[]> {
    if (this.finished) return Promise.resolve([]);
    if (!this.inFlight) {
      this.inFlight = (async () => {
        try {
          const page = await client.search(searchQuery(this.filter, this.group, this.nextPage), o);
          const seen = new Set(this.items.map(idOf));
          const fresh = page.items.filter(r => !seen.has(idOf(r)));
          this.items.push(...fresh);
          this.nextPage++;
          if (!page.hasMore) this.finished = true;
          this.error = undefined;
          return fresh;
        } catch (e) {
          this.error = e;
          throw e;
        } finally {
          this.inFlight = undefined;
        }
      })();
    }
    return this.inFlight;
  }

  /** Shows `items` in place of the loaded ones (a campaign read since), keeping the paging state. */
  show(items: readonly CampaignRecord[]): void {
    this.items.length = 0;
    for (const r of items) this.items.push(r); // never a spread: a long list overflows the stack
  }
}

/**
 * What a group shows beside its name, from its first page alone (the search has no
 * `total_count`, so a full page reads "15+"): how many campaigns it holds, or under a filter how
 * many match, "no match" when none does. Undefined while the first page is unknown: nothing is
 * better than a wrong number.
 */
export function groupCountText(
  pager: { readonly loaded: boolean; readonly done: boolean; readonly items: readonly unknown[] },
  filtered: boolean,
): string | undefined {
  if (!pager.loaded) return undefined;
  const n = pager.items.length;
  const count = pager.done ? String(n) : `${n}+`;
  if (!filtered) return count;
  if (n === 0)
    return l10n.t({ message: 'no match', comment: "a group of the Campaigns view under a filter: none of the group's campaigns matches" });
  return l10n.t({
    message: '{0} match',
    args: [count],
    comment: 'a group of the Campaigns view under a filter: how many of its campaigns match ("3", "15+")',
  });
}

/** A group's key in the remembered expansion: `status/ACTIVE`, `channel/PUSH`. */
export function groupKey(g: Group): string {
  return `${g.by}/${g.value}`;
}

/** The groups each environment's view shows expanded, by `groupKey`. */
export type ExpandedGroups = Readonly<Record<string, readonly string[]>>;

/** Expansion read back from storage; anything malformed is dropped. */
export function sanitizeExpanded(v: unknown): ExpandedGroups {
  if (!isObject(v)) return {};
  const out: Record<string, string[]> = {};
  for (const [env, keys] of Object.entries(v)) {
    if (Array.isArray(keys)) out[env] = [...new Set(keys.filter((k): k is string => typeof k === 'string' && k !== ''))];
  }
  return out;
}

/** `state` with `key` expanded or collapsed in `environment`'s view; the same object when nothing changes. */
export function withExpansion(state: ExpandedGroups, environment: string, key: string, expanded: boolean): ExpandedGroups {
  const keys = state[environment] ?? [];
  if (keys.includes(key) === expanded) return state;
  const next = expanded ? [...keys, key] : keys.filter(k => k !== key);
  const out: Record<string, readonly string[]> = { ...state, [environment]: next };
  if (!next.length) delete out[environment];
  return out;
}

export function isExpanded(state: ExpandedGroups, environment: string, key: string): boolean {
  return own(state, environment)?.includes(key) ?? false;
}

/** A group of the view with the campaigns it has loaded. */
export interface ListedGroup {
  readonly group: Group;
  /** Its first page has arrived: a campaign that moves into it is shown there. */
  readonly loaded: boolean;
  readonly items: readonly CampaignRecord[];
}

/** Fields a search returns only when child campaigns are included: the listing keeps its own. */
const LISTING_FIELDS = ['parent_id', 'flow_id', 'flow_name'] as const;

/** The listed record of a campaign, replaced by the campaign as just read. */
export function listedAsRead(listed: CampaignRecord, read: CampaignRecord): CampaignRecord {
  const out: CampaignRecord = { ...read };
  for (const k of LISTING_FIELDS) {
    if (k in listed) out[k] = listed[k];
    else delete out[k];
  }
  return out;
}

function fitsGroup(g: Group, r: CampaignRecord): boolean {
  return (g.by === 'status' ? r.status : r.channel) === g.value;
}

/**
 * The groups' campaigns once one of them was read fresh from the service (a push's read-back, a
 * fetch), without asking the service again: where it is listed, its item shows the record as
 * read. Grouped by status, a campaign whose status changed leaves its group and heads the group
 * of its new status when that group is loaded (one not loaded yet lists it when it loads). A
 * campaign that is not listed stays unlisted. Per group: its new list, or undefined when it is
 * unchanged.
 */
export function withCampaignRead(groups: readonly ListedGroup[], read: CampaignRecord): Array<CampaignRecord[] | undefined> {
  const id = idOf(read);
  const listed = id ? groups.flatMap(g => g.items).find(r => idOf(r) === id) : undefined;
  if (!listed) return groups.map(() => undefined);
  const record = listedAsRead(listed, read);
  const stays = groups.some(g => fitsGroup(g.group, record) && g.items.some(r => idOf(r) === id));
  return groups.map(g => {
    const at = g.items.findIndex(r => idOf(r) === id);
    if (at < 0) return !stays && g.loaded && fitsGroup(g.group, record) ? [record, ...g.items] : undefined;
    if (!fitsGroup(g.group, record)) return g.items.filter((_, i) => i !== at);
    return dequal(g.items[at], record) ? undefined : g.items.map((r, i) => (i === at ? record : r));
  });
}

export function idOf(r: CampaignRecord | MetaRecord): string {
  const id = (r as Record<string, unknown>).id ?? r.campaign_id;
  return typeof id === 'string' ? id : '';
}

/** A campaign's name as the editor shows it (tree, tabs, pickers, notifications), its control characters written out. */
export function nameOf(r: CampaignRecord): string {
  const bd = r.basic_details;
  const n = isObject(bd) ? bd.name : undefined;
  return typeof n === 'string' && n.trim() ? visible(n) : l10n.t({ message: '(no name)', comment: 'shown for a campaign without a name' });
}

const KEEP_CASE = new Set(['SMS']);

/** `EVENT_TRIGGERED` → `Event triggered`; acronyms such as `SMS` stay as they are. */
export function humanize(enumValue: string): string {
  if (KEEP_CASE.has(enumValue)) return enumValue;
  return enumValue.charAt(0) + enumValue.slice(1).toLowerCase().replace(/_/g, ' ');
}

/** What the item's description shows: the dimension the grouping does not show, and the type. */
export function campaignDescription(r: CampaignRecord, by: GroupBy): string {
  const other = by === 'status' ? nonEmptyString(r.channel) : nonEmptyString(r.status);
  const type = nonEmptyString(r.campaign_delivery_type);
  const flow = nonEmptyString(r.flow_name) ?? nonEmptyString(r.flow_id);
  const inFlow = flow && l10n.t({ message: 'flow {0}', args: [flow], comment: "a campaign item's description: the flow it belongs to" });
  const child =
    nonEmptyString(r.parent_id) &&
    l10n.t({ message: 'child', comment: "a campaign item's description: it is a child campaign (an execution)" });
  return [other && humanize(other), type && humanize(type), inFlow, child].filter(Boolean).join(' · ');
}

/** Codicon per channel. */
const CHANNEL_ICONS: Record<string, string> = { PUSH: 'bell', EMAIL: 'mail', SMS: 'comment' };
/** Codicon per status (group nodes). */
const STATUS_ICONS: Record<string, string> = {
  DRAFT: 'edit',
  SCHEDULED: 'calendar',
  ACTIVE: 'play-circle',
  SENDING: 'sync',
  PAUSED: 'debug-pause',
  SENT: 'check-all',
  STOPPED: 'stop-circle',
  ARCHIVED: 'archive',
};
/** Theme colour per status: a campaign's icon is its channel's, coloured by its status. */
const STATUS_COLORS: Record<string, string | undefined> = {
  DRAFT: 'disabledForeground',
  SCHEDULED: 'charts.blue',
  ACTIVE: 'charts.green',
  SENDING: 'charts.green',
  PAUSED: 'charts.yellow',
  SENT: 'charts.purple',
  STOPPED: 'charts.red',
  ARCHIVED: 'disabledForeground',
};

export function campaignIcon(r: CampaignRecord): { id: string; color?: string } {
  const channel = nonEmptyString(r.channel) ?? '';
  const status = nonEmptyString(r.status) ?? '';
  return { id: own(CHANNEL_ICONS, channel) ?? 'symbol-event', color: own(STATUS_COLORS, status) };
}

export function groupIcon(g: Group): string {
  return g.by === 'status' ? (own(STATUS_ICONS, g.value) ?? 'circle-outline') : (own(CHANNEL_ICONS, g.value) ?? 'symbol-event');
}

/** Delivery types whose campaigns have children (executions): periodic and business-event parents. */
export function hasChildren(r: CampaignRecord): boolean {
  return (
    (r.campaign_delivery_type === 'PERIODIC' || r.campaign_delivery_type === 'BUSINESS_EVENT_TRIGGERED') && !nonEmptyString(r.parent_id)
  );
}

/**
 * The `contextValue` of a campaign item, which drives its menus: `campaign` plus flags
 * `.parent` (has executions), `.sms` (read-only channel in V5), `.flow` (a flow member); then,
 * separated by spaces, `status-<STATUS>` and one `can-<action>` per action that applies now
 * (`can-pause`, `can-resume`, `can-stop`, `can-publish`), which the menus' `when` clauses match.
 */
export function campaignContextValue(r: CampaignRecord): string {
  let v = 'campaign';
  if (hasChildren(r)) v += '.parent';
  if (r.channel === 'SMS') v += '.sms';
  if (nonEmptyString(r.flow_id)) v += '.flow';
  const status = normalStatus(r.status);
  const can = statusActionsFor(r).map(a => `can-${a.toLowerCase()}`);
  if (status === 'DRAFT' && r.channel !== 'SMS') can.push('can-publish');
  return [v, `status-${status || 'UNKNOWN'}`, ...can].join(' ');
}

/** The reachability of a metadata record, when the service filled it. */
export function reachabilityOf(m: MetaRecord | undefined): { count: number; updated?: string } | undefined {
  if (!m) return undefined;
  const r = (m as Record<string, unknown>).reachability_details ?? (m as Record<string, unknown>).reachability;
  if (!isObject(r)) return undefined;
  const count = typeof r.count === 'number' ? r.count : typeof r.estimated_count === 'number' ? r.estimated_count : undefined;
  if (count === undefined) return undefined;
  return { count, updated: nonEmptyString(r.last_updated_time) ?? nonEmptyString(r.updated_at) };
}

/** Markdown lines of a campaign's tooltip. */
/** A time the service wrote, as the reader reads it; anything else as it is. */
function timeOf(v: unknown): unknown {
  return typeof v === 'string' && v ? serviceTimeText(v) : v;
}

export function campaignTooltipLines(r: CampaignRecord, meta?: MetaRecord): string[] {
  const lines = [`**${escapeMarkdown(nameOf(r))}**`, ''];
  // A row is a whole line of the tooltip (its label and its value); Markdown's line break stays outside.
  const row = (v: unknown, line: (value: string) => string) => {
    if (v !== undefined && v !== null && v !== '') lines.push(`${line(`\`${String(v)}\``)}  `);
  };
  row(r.id, v => l10n.t('id: {0}', v));
  if (r.campaign_id !== r.id) row(r.campaign_id, v => l10n.t('campaign_id: {0}', v));
  row(r.channel, v => l10n.t('channel: {0}', v));
  row(r.status, v => l10n.t('status: {0}', v));
  row(r.campaign_delivery_type, v => l10n.t('delivery type: {0}', v));
  row(r.version_number, v => l10n.t('version: {0}', v));
  row(r.created_by, v => l10n.t('created by: {0}', v));
  row(timeOf(r.updated_at), v => l10n.t('updated: {0}', v));
  row(timeOf(r.sent_time), v => l10n.t('sent: {0}', v));
  row(r.flow_name ?? r.flow_id, v => l10n.t('flow: {0}', v));
  row(r.parent_id, v => l10n.t('parent: {0}', v));
  const reach = reachabilityOf(meta);
  if (reach) {
    const count = reach.count.toLocaleString('en-US');
    lines.push(
      `${
        reach.updated
          ? l10n.t('reachability: about **{0}** users (estimated {1})', count, serviceTimeText(reach.updated))
          : l10n.t('reachability: about **{0}** users', count)
      }  `,
    );
  }
  return lines;
}

/** Text shown as itself inside Markdown (a tooltip, a hover): its control characters written out, its Markdown characters escaped. */
export function escapeMarkdown(s: string): string {
  return visible(s).replace(/([\\`*_{}[\]()#+!|<>])/g, '\\$1');
}

/**
 * A message written with Markdown code spans (the flows' and the CLI's), as plain text for a
 * notification, which shows backticks literally: the spans' text stays, the backticks go, and
 * control characters (from a file or the service) are written out.
 */
export function plainText(s: string): string {
  return visible(s).replace(/`([^`\n]+)`/g, '$1');
}

/** The metadata record of one campaign (reachability), from the legacy metadata call. */
export async function metaFor(client: ServiceClient, r: CampaignRecord, o: CallOptions = {}): Promise<MetaRecord | undefined> {
  const id = idOf(r);
  const name = nameOf(r);
  const fields: Record<string, unknown> = { id, channels: typeof r.channel === 'string' ? [r.channel] : undefined };
  if (!fields.channels) delete fields.channels;
  const rows = await client.meta({ campaign_fields: fields, page: 1, limit: PAGE_SIZE }, o);
  const cid = typeof r.campaign_id === 'string' ? r.campaign_id : id;
  return (
    rows.find(m => m.campaign_id === id || m.campaign_id === cid) ??
    rows.find(m => typeof m.campaign_name === 'string' && visible(m.campaign_name) === name && rows.length === 1)
  );
}

/** Flow membership: the campaigns that share this campaign's flow (child campaigns included). */
export async function flowMembers(
  client: ServiceClient,
  r: CampaignRecord,
  o: CallOptions & { maxPages?: number } = {},
): Promise<{ flowId?: string; flowName?: string; members: CampaignRecord[] }> {
  const id = idOf(r);
  let flowId = nonEmptyString(r.flow_id);
  let flowName = nonEmptyString(r.flow_name);
  if (!flowId) {
    // Flow fields come only with the child-inclusion flag.
    const page = await client.search(
      {
        campaign_fields: { ids: [id], channels: [...CHANNELS], status: [...STATUSES] },
        include_child_campaigns: true,
        limit: PAGE_SIZE,
        page: 1,
      },
      o,
    );
    const self = page.items.find(x => idOf(x) === id);
    flowId = nonEmptyString(self?.flow_id);
    flowName = nonEmptyString(self?.flow_name);
  }
  if (!flowId) return { members: [] };
  const members: CampaignRecord[] = [];
  const fields = { channels: [...CHANNELS], status: [...STATUSES] };
  for await (const p of client.searchPages(
    { campaign_fields: fields, include_child_campaigns: true, limit: PAGE_SIZE },
    { signal: o.signal, maxPages: o.maxPages ?? 200 },
  )) {
    members.push(...p.items.filter(x => x.flow_id === flowId));
  }
  return { flowId, flowName, members };
}
