import { CancelledError } from './clock';
import { refusedWith } from './errors';
import { CHANNELS } from '@campaign-studio/core';
import { STATUSES } from './explorerModel';
import { CallOptions, CampaignRecord, ServiceClient } from './serviceClient';

/**
 * Many campaigns read in the calls the API allows: `POST /v5/campaigns/search` with
 * `campaign_fields.ids`, 15 full records a call, with every status (drafts are hidden otherwise),
 * every channel and child campaigns. A record from search is the same record `GET` returns (the
 * spec: "also an item of search results"), so a GET is sent only where search is not enough:
 *   - an id the search did not answer with a record of that very id: gone from the service (the
 *     GET's 404 says so exactly), or an older revision's id in a workspace with versioning, whose
 *     search answers with the current revision;
 *   - a batch whose search the service refused as a request (400, 422): a service that does not
 *     take `ids` still answers GET.
 */

/** Ids one search call asks for: the spec's page size. */
export const IDS_PER_SEARCH = 15;

export type CampaignRead = { id: string; record: CampaignRecord; via: 'search' | 'get' } | { id: string; error: unknown };

export interface ReadManyOptions extends CallOptions {
  /** Hears each campaign once it is read (or failed), with how many of `total` are done. */
  onRead?(read: CampaignRead, done: number, total: number): void;
}

/** The calls `readCampaigns` makes for `n` distinct ids when search answers for every one. */
export function searchCallsFor(n: number): number {
  return Math.ceil(n / IDS_PER_SEARCH);
}

/**
 * Every id's record (or why it could not be read), by id. The batches go side by side: the
 * client's rate limiter paces them. Cancelling stops every call and rejects.
 */
export async function readCampaigns(
  client: ServiceClient,
  ids: readonly string[],
  o: ReadManyOptions = {},
): Promise<Map<string, CampaignRead>> {
  const wanted = [...new Set(ids)];
  const reads = new Map<string, CampaignRead>();
  const settle = (read: CampaignRead) => {
    reads.set(read.id, read);
    o.onRead?.(read, reads.size, wanted.length);
  };
  await Promise.all(batchesOf(wanted).map(batch => readBatch(client, batch, o, settle)));
  return new Map(wanted.map(id => [id, reads.get(id)!]));
}

function batchesOf(ids: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_SEARCH) out.push(ids.slice(i, i + IDS_PER_SEARCH));
  return out;
}

async function readBatch(client: ServiceClient, batch: string[], o: ReadManyOptions, settle: (r: CampaignRead) => void): Promise<void> {
  const found = await searchByIds(client, batch, o);
  if (!(found instanceof Map)) {
    if (!searchRefused(found)) return batch.forEach(id => settle({ id, error: found }));
  }
  const missing: string[] = [];
  for (const id of batch) {
    const record = found instanceof Map ? found.get(id) : undefined;
    if (record) settle({ id, record, via: 'search' });
    else missing.push(id);
  }
  await Promise.all(missing.map(id => readOne(client, id, o, settle)));
}

/** The batch's records by the id asked for; the failure itself when the search failed. */
async function searchByIds(client: ServiceClient, batch: string[], o: CallOptions): Promise<Map<string, CampaignRecord> | unknown> {
  try {
    const page = await client.search(
      {
        campaign_fields: { ids: batch, status: [...STATUSES], channels: [...CHANNELS] },
        include_child_campaigns: true,
        limit: IDS_PER_SEARCH,
        page: 1,
      },
      o,
    );
    return byAskedId(batch, page.items);
  } catch (e) {
    if (e instanceof CancelledError) throw e;
    return e;
  }
}

/** A record answers for an id only with that very `id`: the GET of an older revision returns that revision, search the current one. */
function byAskedId(batch: string[], items: CampaignRecord[]): Map<string, CampaignRecord> {
  const asked = new Set(batch);
  const out = new Map<string, CampaignRecord>();
  for (const r of items) {
    if (r && typeof r === 'object' && !Array.isArray(r) && typeof r.id === 'string' && asked.has(r.id)) out.set(r.id, r);
  }
  return out;
}

/** The service refused the search itself (not the campaigns): each is read by GET instead. */
function searchRefused(e: unknown): boolean {
  return refusedWith(e, 400) || refusedWith(e, 422);
}

async function readOne(client: ServiceClient, id: string, o: CallOptions, settle: (r: CampaignRead) => void): Promise<void> {
  try {
    settle({ id, record: await client.getCampaign(id, o), via: 'get' });
  } catch (e) {
    if (e instanceof CancelledError) throw e;
    settle({ id, error: e });
  }
}

/** Pages of a long search asked for before the one before them has come back (`ServiceClient.searchPages`'s `ahead`). */
export const SEARCH_PAGES_AHEAD = 3;
