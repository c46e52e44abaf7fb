import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import * as path from 'path';
import { isObject } from '@campaign-studio/core';
import { CampaignRead, CampaignRecord, campaignFields, EMPTY_FILTER, Environment, pullIntoWorkspace, PullResult, SearchQuery, searchPagesAhead } from '@campaign-studio/sync';
import { commandArgs, stringOption, writeJson } from '../args';
import { CliError, CliIO, oneLine, painter, unlessConfig, useColour } from '../io';
import { widest } from '../values';
import { SERVICE_HELP, SERVICE_OPTIONS, serviceOptions } from '../service/environments';
import { messageText, Service } from '../service/session';
import { readCampaignFiles } from '../workspace/files';

const HELP = `usage: campaign pull [ID...] [--search FILTER] [--out DIR] [--format text|json] [service options]

Writes campaigns from the service into files (<name>.<id>.campaign.json) with their base
snapshots (.campaigns/base/<id>.json), as the editor's Fetch does. A file you changed is never
overwritten: the service's changes are merged into it field by field; when a field changed on
both sides, nothing is written and the fields are listed.

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
  message?: string;
}

export async function runPull(argv: string[], io: CliIO): Promise<number> {
  const args = commandArgs('pull', argv, { ...SERVICE_OPTIONS, search: { type: 'string' }, out: { type: 'string' } }, HELP, io);
  if (!args) return 0;
  const { values, positionals, format } = args;
  const service = new Service(serviceOptions(values), io, 'campaign pull');
  const targets = await pullTargets(positionals, stringOption(values, 'search'), service, io);
  const folder = stringOption(values, 'out') ?? 'campaigns';
  const rows: PullRow[] = [];
  service.progress.begin({ what: l10n.t('campaigns written'), total: targets.length });
  for (const t of targets) {
    rows.push(await pullOne(t, service, folder, io));
    service.progress.advance();
  }
  service.progress.end();
  if (format === 'json') writeJson(io, { version: 1, campaigns: rows });
  else io.stdout(pullText(rows, useColour(io)));
  return rows.some(r => r.outcome === 'conflict' || r.outcome === 'refused' || r.outcome === 'error') ? 1 : 0;
}

/** A campaign to pull, with its environment and, once read, what the service holds. */
interface PullTarget {
  id: string;
  env: Environment;
  read?: CampaignRead;
}

/**
 * The campaigns to pull, each read: the records of a search as it returned them, and campaigns
 * named by id (or by the files pulled before) read 15 to a call.
 */
async function pullTargets(ids: string[], search: string | undefined, service: Service, io: CliIO): Promise<PullTarget[]> {
  const wanted = await wantedCampaigns(ids, search, service, io);
  const found = wanted.filter(w => w.read);
  await service.readAll(wanted.filter(w => !w.read));
  return [...found, ...wanted.filter(w => !w.read).map(w => ({ ...w, read: service.readAheadOf(w.env, w.id) }))];
}

async function wantedCampaigns(ids: string[], search: string | undefined, service: Service, io: CliIO): Promise<PullTarget[]> {
  if (ids.length || search !== undefined) {
    const env = service.defaultEnvironment();
    service.client(env); // a missing key is said once, before any campaign
    const found = search === undefined ? [] : await searchRecords(search, env, service, io);
    const named = [...new Set(ids)].filter(id => !found.some(f => f.id === id));
    return [...found.map(f => ({ ...f, env })), ...named.map(id => ({ id, env }))];
  }
  const tracked = (await readCampaignFiles([], io).catch(() => [])).filter(f => f.id && f.base);
  if (!tracked.length) throw new CliError(l10n.t('nothing to pull: give campaign ids, or --search NAME. Without them, pull refreshes the campaign files pulled before, and there are none here.'));
  return tracked.map(f => ({ id: f.id!, env: service.environmentOf(f) }));
}

/** The records the search finds, page after page: each is the campaign's full record, so none is read again. */
async function searchRecords(search: string, env: Environment, service: Service, io: CliIO): Promise<Array<{ id: string; read: CampaignRead }>> {
  const query = searchQuery(search, io);
  const records: CampaignRecord[] = [];
  let more = false;
  service.progress.begin({ what: l10n.t('campaigns found') });
  try {
    for await (const page of searchPagesAhead(service.client(env), query, { maxPages: MAX_SEARCH_PAGES })) {
      records.push(...page.items);
      more = page.hasMore;
      service.progress.advance(page.items.length);
    }
  } catch (e) {
    throw new CliError(l10n.t`the search on ${env.name} failed: ${messageText(e)}`);
  } finally {
    service.progress.end();
  }
  const found = new Map<string, CampaignRead>();
  for (const record of records) {
    const id = String(record.id ?? record.campaign_id ?? '');
    if (id && !found.has(id)) found.set(id, { id, record, via: 'search' });
  }
  if (!found.size) throw new CliError(l10n.t`the search found no campaign on ${env.name}. Drafts are found only when "DRAFT" is in campaign_fields.status.`);
  if (more) io.stderr(`${service.program}: ${l10n.t('the search finds more than {0} campaigns; the first {0} are pulled. Narrow the search (a status, a channel, a name) to pull the others.', records.length)}\n`);
  return [...found.values()].map(read => ({ id: read.id, read }));
}

/** A name, a JSON search body (or its campaign_fields), or @FILE holding one. */
export function searchQuery(search: string, io: CliIO): SearchQuery {
  const text = search.startsWith('@') ? readSearchFile(search.slice(1), io) : search;
  if (!search.startsWith('@') && !text.trimStart().startsWith('{')) return { campaign_fields: campaignFields({ ...EMPTY_FILTER, name: text }) };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    throw new CliError(l10n.t`--search ${search.startsWith('@') ? search : 'JSON'} is not valid JSON (${(e as Error).message}): give a name, or a search body such as '{"campaign_fields": {"name": "Summer"}}'.`);
  }
  if (!isObject(body)) throw new CliError(l10n.t('--search must be a JSON object: a search body such as {"campaign_fields": {"name": "Summer"}}.'));
  const fields = isObject(body.campaign_fields) ? body.campaign_fields : body;
  return { campaign_fields: fields, ...(typeof body.include_child_campaigns === 'boolean' ? { include_child_campaigns: body.include_child_campaigns } : {}) };
}

function readSearchFile(file: string, io: CliIO): string {
  try {
    return fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
  } catch (e) {
    throw new CliError(l10n.t`--search @${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
}

async function pullOne({ id, env, read }: PullTarget, service: Service, folder: string, io: CliIO): Promise<PullRow> {
  const row: PullRow = { id, environment: env.name, outcome: 'error', takenFromRemote: [], keptLocal: [], conflicts: [] };
  try {
    if (read && 'error' in read) throw read.error;
    const r = await pullIntoWorkspace(id, { client: service.client(env), workspaceRoot: io.cwd, folder, record: read?.record });
    return { ...row, ...rowOf(r), file: path.relative(io.cwd, r.file) || r.file };
  } catch (e) {
    return { ...row, message: messageText(unlessConfig(e)) };
  }
}

function rowOf(r: PullResult): Pick<PullRow, 'outcome' | 'takenFromRemote' | 'keptLocal' | 'conflicts' | 'message'> {
  const none = { takenFromRemote: [], keptLocal: [], conflicts: [] };
  const d = r.decision;
  switch (d.action) {
    case 'write': return { ...none, outcome: d.reason === 'new-file' ? 'created' : 'updated' };
    case 'base-only': return { ...none, outcome: 'unchanged', message: d.reason === 'remote-unchanged' ? 'the service has not changed since the last pull; your edits are kept' : undefined };
    case 'merge': return { ...none, outcome: 'merged', takenFromRemote: d.takenFromRemote, keptLocal: d.keptLocal };
    case 'conflict': {
      const by = r.updatedBy ? ` (the service's were made by ${r.updatedBy})` : '';
      return { ...none, outcome: 'conflict', conflicts: d.conflicts.map(c => c.path), message: `changed on both sides${by}: nothing was written. Change each field in the file to the value it should have, or resolve them in VS Code (Campaign Studio: Push asks field by field)` };
    }
    case 'refuse': return { ...none, outcome: 'refused', message: d.message };
  }
}

const OUTCOME_COLOURS: Record<Outcome, number> = { created: 32, updated: 32, merged: 36, unchanged: 90, conflict: 35, refused: 31, error: 31 };

function pullText(rows: PullRow[], colour: boolean): string {
  const paint = painter(colour);
  const width = widest(rows.map(r => r.outcome));
  return rows.map(r => {
    const what = r.file ?? `campaign ${r.id}`;
    const parts = [
      r.takenFromRemote.length ? `took ${r.takenFromRemote.join(', ')} from the service` : '',
      r.keptLocal.length ? `kept your ${r.keptLocal.join(', ')}` : '',
      r.conflicts.length ? `conflicts in ${r.conflicts.join(', ')}` : '',
      r.message ?? '',
    ].filter(Boolean);
    return `${oneLine(`${paint(OUTCOME_COLOURS[r.outcome], r.outcome.padEnd(width))}  ${what} (${r.environment})${parts.length ? `: ${parts.join('; ')}` : ''}`, colour)}\n`;
  }).join('');
}
