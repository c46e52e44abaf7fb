import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import * as path from 'path';
import { isObject } from '@campaign-studio/core';
import {
  CampaignRead,
  campaignFields,
  FieldConflict,
  EMPTY_FILTER,
  Environment,
  fetchedFileIndex,
  pullIntoWorkspace,
  PullResult,
  SEARCH_PAGES_AHEAD,
  SearchQuery,
} from '@campaign-studio/sync';
import { commandArgs, stringOption, writeJson } from '../args';
import { CliError, CliIO, oneLine, painter, unlessConfig, useColour } from '../io';
import { shown, widest } from '../values';
import { resolveWayOut } from './resolve';
import { SERVICE_HELP, SERVICE_OPTIONS, serviceOptions } from '../service/environments';
import { messageText, Service } from '../service/session';
import { readCampaignFiles } from '../workspace/files';

const HELP = `usage: campaign pull [ID...] [--search FILTER] [--out DIR] [--format text|json] [service options]

Writes campaigns from the service into files (<name>.<id>.campaign.json) with their base
snapshots (.campaigns/base/<id>.json), as the editor's Fetch does. A file you changed is never
overwritten: the service's changes are merged into it field by field; when a field changed on
both sides, nothing is written and the fields are listed: campaign resolve decides them.

  ID...            campaign ids; with neither ids nor --search, every pulled file under the
                   working folder is pulled again
  --search FILTER  the campaigns a search finds: a name, a search body as JSON
                   ('{"campaign_fields": {"status": ["ACTIVE"]}}'), or @FILE (a *.search.json)
  --out DIR        where new files go (default: campaigns); .campaigns/ stays in the working folder

${SERVICE_HELP}

Exit status: 0 when every campaign was pulled, 1 when one conflicts or fails.
--format json: { "version": 1, "campaigns": [{ "id", "file", "environment", "outcome",
"takenFromRemote", "keptLocal", "conflicts", "message" }] }; outcome is created, updated,
merged, unchanged, conflict, refused or error.`;

/** A search's pages read at most: 30,000 campaigns, five hours of the service's hourly budget. */
const MAX_SEARCH_PAGES = 2_000;

type Outcome = 'created' | 'updated' | 'merged' | 'unchanged' | 'conflict' | 'refused' | 'error';

interface PullRow {
  id: string;
  file?: string;
  environment: string;
  outcome: Outcome;
  takenFromRemote: string[];
  keptLocal: string[];
  conflicts: string[];
  /** The three sides of each conflict, for the text only (the JSON keeps its paths in `conflicts`). */
  conflictValues?: FieldConflict[];
  message?: string;
}

export async function runPull(argv: string[], io: CliIO): Promise<number> {
  const args = commandArgs('pull', argv, { ...SERVICE_OPTIONS, search: { type: 'string' }, out: { type: 'string' } }, HELP, io);
  if (!args) return 0;
  const { values, positionals, format } = args;
  const service = new Service(serviceOptions(values), io, 'campaign pull');
  const puller = new Puller(service, io, stringOption(values, 'out') ?? 'campaigns');
  const search = stringOption(values, 'search');
  let failed = false;
  if (positionals.length || search !== undefined) {
    const env = service.defaultEnvironment();
    service.client(env); // a missing key is said once, before any campaign
    if (search !== undefined) failed = !(await pullSearch(searchQuery(search, io), env, puller));
    await puller.pullAll(positionals.filter(id => !puller.has(id)).map(id => ({ id, env })));
  } else {
    await puller.pullAll(await trackedCampaigns(service, io));
  }
  const rows = puller.rows;
  if (format === 'json') writeJson(io, { version: 1, campaigns: rows.map(({ conflictValues: _textOnly, ...row }) => row) });
  else io.stdout(pullText(rows, useColour(io)));
  return failed || rows.some(r => r.outcome === 'conflict' || r.outcome === 'refused' || r.outcome === 'error') ? 1 : 0;
}

/** A campaign to pull, with its environment and, once read, what the service holds. */
interface PullTarget {
  id: string;
  env: Environment;
  read?: CampaignRead;
}

/** The files pulled before, each with its environment. */
async function trackedCampaigns(service: Service, io: CliIO): Promise<PullTarget[]> {
  const tracked = (await readCampaignFiles([], io).catch(() => [])).filter(f => f.id && f.base);
  if (!tracked.length)
    throw new CliError(
      l10n.t(
        'nothing to pull: give campaign ids, or --search NAME. Without them, pull refreshes the campaign files pulled before, and there are none here.',
      ),
    );
  return tracked.map(f => ({ id: f.id!, env: service.environmentOf(f) }));
}

/** Pulls campaigns one after the other into the working folder, each once, and keeps their rows. */
class Puller {
  readonly rows: PullRow[] = [];
  private readonly done = new Set<string>();
  /** The files pulled before, by campaign id: the workspace walked once, when the first campaign is written. */
  private existing?: Promise<Map<string, string>>;

  constructor(
    readonly service: Service,
    private readonly io: CliIO,
    private readonly folder: string,
  ) {}

  has(id: string): boolean {
    return this.done.has(id);
  }

  /** Campaigns named by id, read 15 to a call first, then written. */
  async pullAll(targets: PullTarget[]): Promise<void> {
    if (!targets.length) return;
    await this.service.readAll(targets);
    this.service.progress.begin({ what: l10n.t('campaigns written'), total: targets.length });
    for (const t of targets) {
      await this.pull({ ...t, read: this.service.readAheadOf(t.env, t.id) });
      this.service.progress.advance();
    }
    this.service.progress.end();
  }

  async pull({ id, env, read }: PullTarget): Promise<void> {
    if (this.done.has(id)) return;
    this.done.add(id);
    const row: PullRow = { id, environment: env.name, outcome: 'error', takenFromRemote: [], keptLocal: [], conflicts: [] };
    try {
      if (read && 'error' in read) throw read.error;
      const r = await pullIntoWorkspace(id, {
        client: this.service.client(env),
        workspaceRoot: this.io.cwd,
        folder: this.folder,
        record: read?.record,
        findExisting: async i => (await (this.existing ??= fetchedFileIndex(this.io.cwd))).get(i),
      });
      const file = path.relative(this.io.cwd, r.file) || r.file;
      this.rows.push({ ...row, ...rowOf(r, file), file });
    } catch (e) {
      this.rows.push({ ...row, message: messageText(unlessConfig(e)) });
    }
  }
}

/**
 * The campaigns a search finds, each written as its page arrives (the next pages are on their
 * way meanwhile): a record of search is the campaign's full record, so none is read again.
 * False when the search failed part way (the campaigns written stay, and are listed).
 */
async function pullSearch(query: SearchQuery, env: Environment, puller: Puller): Promise<boolean> {
  const service = puller.service;
  let found = 0;
  let more = false;
  service.progress.begin({ what: l10n.t('campaigns pulled') });
  try {
    for await (const page of service.client(env).searchPages(query, { maxPages: MAX_SEARCH_PAGES, ahead: SEARCH_PAGES_AHEAD })) {
      for (const record of page.items) {
        const id = String(record.id ?? record.campaign_id ?? '');
        if (id) await puller.pull({ id, env, read: { id, record, via: 'search' } });
      }
      found += page.items.length;
      more = page.hasMore;
      service.progress.advance(page.items.length);
    }
  } catch (e) {
    service.progress.end();
    const problem = messageText(unlessConfig(e));
    if (!found) throw new CliError(l10n.t`the search on ${env.name} failed: ${problem}`);
    service.progress.io.stderr(
      `${service.program}: ${l10n.t('the search on {0} failed after {1} campaigns: {2} The campaigns pulled so far are listed; pull again to go on.', env.name, found, problem)}\n`,
    );
    return false;
  }
  service.progress.end();
  if (!found)
    throw new CliError(
      l10n.t`the search found no campaign on ${env.name}. Drafts are found only when "DRAFT" is in campaign_fields.status.`,
    );
  if (more)
    service.progress.io.stderr(
      `${service.program}: ${l10n.t('the search finds more than {0} campaigns; the first {0} are pulled. Narrow the search (a status, a channel, a name) to pull the others.', found)}\n`,
    );
  return true;
}

/** A name, a JSON search body (or its campaign_fields), or @FILE holding one. */
export function searchQuery(search: string, io: CliIO): SearchQuery {
  const text = search.startsWith('@') ? readSearchFile(search.slice(1), io) : search;
  if (!search.startsWith('@') && !text.trimStart().startsWith('{'))
    return { campaign_fields: campaignFields({ ...EMPTY_FILTER, name: text }) };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    throw new CliError(
      l10n.t`--search ${search.startsWith('@') ? search : 'JSON'} is not valid JSON (${(e as Error).message}): give a name, or a search body such as '{"campaign_fields": {"name": "Summer"}}'.`,
    );
  }
  if (!isObject(body))
    throw new CliError(l10n.t('--search must be a JSON object: a search body such as {"campaign_fields": {"name": "Summer"}}.'));
  const fields = isObject(body.campaign_fields) ? body.campaign_fields : body;
  return {
    campaign_fields: fields,
    ...(typeof body.include_child_campaigns === 'boolean' ? { include_child_campaigns: body.include_child_campaigns } : {}),
  };
}

function readSearchFile(file: string, io: CliIO): string {
  try {
    return fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
  } catch (e) {
    throw new CliError(l10n.t`--search @${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
}

function rowOf(
  r: PullResult,
  file: string,
): Pick<PullRow, 'outcome' | 'takenFromRemote' | 'keptLocal' | 'conflicts' | 'conflictValues' | 'message'> {
  const none = { takenFromRemote: [], keptLocal: [], conflicts: [] };
  const d = r.decision;
  switch (d.action) {
    case 'write':
      return { ...none, outcome: d.reason === 'new-file' ? 'created' : 'updated' };
    case 'base-only':
      return {
        ...none,
        outcome: 'unchanged',
        message: d.reason === 'remote-unchanged' ? 'the service has not changed since the last pull; your edits are kept' : undefined,
      };
    case 'merge':
      return { ...none, outcome: 'merged', takenFromRemote: d.takenFromRemote, keptLocal: d.keptLocal };
    case 'conflict': {
      const by = r.updatedBy ? ` (the service's were made by ${r.updatedBy})` : '';
      return {
        ...none,
        outcome: 'conflict',
        conflicts: d.conflicts.map(c => c.path),
        conflictValues: d.conflicts,
        message: `changed on both sides${by}: nothing was written. ${resolveWayOut(file)}`,
      };
    }
    case 'refuse':
      return { ...none, outcome: 'refused', message: d.message };
  }
}

const OUTCOME_COLOURS: Record<Outcome, number> = {
  created: 32,
  updated: 32,
  merged: 36,
  unchanged: 90,
  conflict: 35,
  refused: 31,
  error: 31,
};

function pullText(rows: PullRow[], colour: boolean): string {
  const paint = painter(colour);
  const width = widest(rows.map(r => r.outcome));
  return rows
    .map(r => {
      const what = r.file ?? `campaign ${r.id}`;
      const parts = [
        r.takenFromRemote.length ? `took ${r.takenFromRemote.join(', ')} from the service` : '',
        r.keptLocal.length ? `kept your ${r.keptLocal.join(', ')}` : '',
        r.conflicts.length ? `conflicts in ${r.conflicts.join(', ')}` : '',
        r.message ?? '',
      ].filter(Boolean);
      const sides = (r.conflictValues ?? []).map(
        c =>
          `${' '.repeat(width + 2)}${paint(35, '!')} ${c.path}: base ${shown(c.base)}, yours ${shown(c.local)}, theirs ${shown(c.remote)}`,
      );
      return [
        `${paint(OUTCOME_COLOURS[r.outcome], r.outcome.padEnd(width))}  ${what} (${r.environment})${parts.length ? `: ${parts.join('; ')}` : ''}`,
        ...sides,
      ]
        .map(l => `${oneLine(l, colour)}\n`)
        .join('');
    })
    .join('');
}
