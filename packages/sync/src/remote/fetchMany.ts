import * as l10n from '@vscode/l10n';
import { code } from '@campaign-studio/core';
import { CampaignRead, readCampaigns } from './batchRead';
import { CancelledError } from './clock';
import { adviceFor } from './errors';
import { nameOf, parseList } from './explorerModel';
import { FetchChoice, fetchIntoWorkspace, FetchPorts, FetchResult } from './fetch';
import { isSafeId } from './naming';
import { CampaignRecord } from './serviceClient';

/**
 * Several campaigns fetched into the workspace at once: one batched read of all of them
 * (`readCampaigns`: searches of 15 ids), each file written through `fetchIntoWorkspace` with the
 * record already read, as soon as its batch arrives, one file at a time. A file with local edits
 * asks as a single fetch does. Cancelling stops the reads still under way and writes no further
 * file; a file is written whole with its base, or not at all, so the files already written stay
 * and nothing is left half-done.
 */

export type FetchManyOutcome = 'written' | 'unchanged' | 'skipped' | 'failed' | 'cancelled';

export interface FetchManyEntry {
  id: string;
  /**
   * `written`: the file holds the remote now; `unchanged`: it did already (its base was refreshed);
   * `skipped`: the person kept the file as it was (or asked for the diff); `failed`: the campaign
   * could not be read, or its file not written; `cancelled`: the fetch was cancelled before it.
   */
  outcome: FetchManyOutcome;
  /** The campaign as read, when it was read. */
  record?: CampaignRecord;
  /** What the fetch of its file did (every outcome but `failed` at the read, and `cancelled`). */
  result?: FetchResult;
  /** Why it failed: the read's failure or the write's. */
  error?: unknown;
  failedAt?: 'read' | 'write';
}

export interface FetchManyPorts extends Omit<FetchPorts, 'record' | 'ask'> {
  /** Asked for each file whose writing could lose work; `id` says which campaign. */
  ask(...args: [...Parameters<FetchPorts['ask']>, id: string]): Promise<FetchChoice>;
  /** Hears each campaign once its file is settled (written, left as it was, failed). */
  onSettled?(entry: FetchManyEntry, done: number, total: number): void;
}

export interface FetchManyReport {
  /** One per distinct id, in the order asked. */
  entries: FetchManyEntry[];
  /** The fetch was cancelled before every file was settled. */
  cancelled: boolean;
}

export async function fetchCampaigns(ids: readonly string[], ports: FetchManyPorts): Promise<FetchManyReport> {
  const wanted = [...new Set(ids)];
  const settled = new Map<string, FetchManyEntry>();
  const signal = ports.signal;
  const settle = (entry: FetchManyEntry) => {
    settled.set(entry.id, entry);
    ports.onSettled?.(entry, settled.size, wanted.length);
  };
  const writeOne = async (read: CampaignRead): Promise<void> => {
    if (signal?.aborted) return;
    if (!('record' in read)) return settle({ id: read.id, outcome: 'failed', error: read.error, failedAt: 'read' });
    try {
      const result = await fetchIntoWorkspace(read.id, {
        ...ports,
        record: read.record,
        ask: (decision, file, incoming) => ports.ask(decision, file, incoming, read.id),
      });
      if (result.outcome === 'cancelled' && signal?.aborted) return;
      settle({ id: read.id, outcome: outcomeOf(result), record: read.record, result });
    } catch (e) {
      settle({ id: read.id, outcome: 'failed', record: read.record, error: e, failedAt: 'write' });
    }
  };
  // Writes one after the other (a question at a time), each as soon as its campaign is read.
  let writes = Promise.resolve();
  try {
    await readCampaigns(ports.client, wanted, {
      signal,
      onRead: read => {
        writes = writes.then(() => writeOne(read));
      },
    });
  } catch (e) {
    if (!(e instanceof CancelledError)) {
      await writes;
      throw e;
    }
  }
  await writes;
  const entries = wanted.map(id => settled.get(id) ?? { id, outcome: 'cancelled' as const });
  return { entries, cancelled: entries.some(e => e.outcome === 'cancelled') };
}

function outcomeOf(r: FetchResult): FetchManyOutcome {
  switch (r.outcome) {
    case 'written':
      return 'written';
    case 'unchanged':
      return 'unchanged';
    default:
      return 'skipped';
  }
}

export type FetchManyCounts = Record<FetchManyOutcome, number>;

export function fetchManyCounts(entries: readonly FetchManyEntry[]): FetchManyCounts {
  const counts: FetchManyCounts = { written: 0, unchanged: 0, skipped: 0, failed: 0, cancelled: 0 };
  for (const e of entries) counts[e.outcome]++;
  return counts;
}

/** How far an action over many campaigns (a fetch, a check) got, as its progress notification says it. */
export function doneOfTotal(done: number, total: number): string {
  return l10n.t({
    message: '{0} of {1}',
    args: [done, total],
    comment: 'progress of an action over several campaigns: how many are done, of how many',
  });
}

/**
 * What a fetch of several campaigns did, in one sentence (each count that is not zero), then one
 * sentence per campaign that failed, with why and what to do (the service's advice). Written with
 * code spans; the editor shows it through `plainText`.
 */
export function describeFetchMany(report: FetchManyReport, environment: string): { summary: string; failures: string[] } {
  const c = fetchManyCounts(report.entries);
  const parts = [
    c.written && l10n.t({ message: '{0} fetched', args: [c.written], comment: 'how many campaign files a fetch wrote' }),
    c.unchanged &&
      l10n.t({
        message: '{0} already up to date',
        args: [c.unchanged],
        comment: 'how many campaign files already held the remote (only their base snapshot was refreshed)',
      }),
    c.skipped &&
      l10n.t({ message: '{0} skipped', args: [c.skipped], comment: 'how many campaign files the person chose to keep as they were' }),
    c.failed && l10n.t({ message: '{0} failed', args: [c.failed], comment: 'how many campaigns could not be read or written' }),
    c.cancelled &&
      l10n.t({ message: '{0} cancelled', args: [c.cancelled], comment: 'how many campaigns a cancelled fetch did not get to' }),
  ]
    .filter((p): p is string => !!p)
    .join(', ');
  const total = report.entries.length;
  const env = code(environment);
  let summary: string;
  if (report.cancelled) {
    summary =
      total === 1
        ? l10n.t('Fetch of 1 campaign from {0} cancelled: {1}. Files already written stay as written.', env, parts)
        : l10n.t('Fetch of {0} campaigns from {1} cancelled: {2}. Files already written stay as written.', total, env, parts);
  } else {
    summary =
      total === 1
        ? l10n.t('Fetch of 1 campaign from {0}: {1}.', env, parts)
        : l10n.t('Fetch of {0} campaigns from {1}: {2}.', total, env, parts);
  }
  const failures = report.entries
    .filter(e => e.outcome === 'failed')
    .map(e => {
      const advice = adviceFor(e.error, { environment }).message;
      const what = e.record ? l10n.t('"{0}" ({1})', nameOf(e.record), code(e.id)) : code(e.id);
      return e.failedAt === 'read'
        ? l10n.t('{0} could not be read: {1}', what, advice)
        : l10n.t('{0} could not be written: {1}', what, advice);
    });
  return { summary, failures };
}

/**
 * Campaign ids typed as a list (commas, spaces or new lines between them), each once, and the
 * words that are not ids.
 */
export function parseCampaignIds(text: string): { ids: string[]; invalid: string[] } {
  const words = parseList(text);
  return { ids: words.filter(w => isSafeId(w)), invalid: words.filter(w => !isSafeId(w)) };
}
