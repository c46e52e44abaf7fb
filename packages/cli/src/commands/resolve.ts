import * as l10n from '@vscode/l10n';
import { resolveFile, ResolvePick, ResolveResult, workspaceOfBase } from '@campaign-studio/sync';
import { commandArgs, writeJson } from '../args';
import { CliError, CliIO, oneLine, painter, plain, unlessConfig, useColour } from '../io';
import { shown, widest } from '../values';
import { SERVICE_HELP, SERVICE_OPTIONS, serviceOptions } from '../service/environments';
import { messageText, Service } from '../service/session';
import { CampaignFile, readCampaignFiles } from '../workspace/files';

const HELP = `usage: campaign resolve PATH... [--theirs | --ours] [--path FIELD]... [--format text|json] [service options]

Decides the conflicts of campaign files (fields changed both in the file and on the service
since the pull, to different values) as the editor's conflict view does, without pushing. It
reads the campaign on the service now and writes only the file and its base snapshot.

  --theirs         the file takes the service's value of each field in conflict
  --ours           the file keeps its own value
  (neither)        the file's value as it is now is the decision: edit each field to the value
                   it should have, then run campaign resolve FILE
  --path FIELD     only this field in conflict, as plan and pull list it (basic_details.name);
                   repeatable. A field that is not in conflict is refused.

The base of each field resolved becomes the service's value: campaign push then sends exactly
your decision on top of the service's version, and takes the service's other changes into the
file instead of overwriting them. Fields not in conflict are left as they are.

${SERVICE_HELP}

Exit status: 0 when every conflict named is resolved (or there was none), 1 otherwise.
--format json: { "version": 1, "files": [{ "file", "campaignId", "campaignName", "environment",
"outcome", "fields": [{ "path", "choice", "base", "local", "remote", "value" }], "left",
"message" }] }; outcome is resolved, none, refused or error.`;

/** The way out of a conflict, for the messages of plan, push and pull: `file` as the person runs the command from here. */
export function resolveWayOut(file: string): string {
  return `To decide: campaign resolve ${file} --theirs takes the service's values, or --ours keeps yours; or edit each field in the file to the value it should have, then run campaign resolve ${file}. Nothing is sent until you push.`;
}

type Outcome = 'resolved' | 'none' | 'refused' | 'error';

/** How a field was decided: the service's value, the file's kept, or the file's as edited. */
type Choice = 'theirs' | 'ours' | 'file';

interface FieldRow {
  path: string;
  choice: Choice;
  base?: unknown;
  local?: unknown;
  remote?: unknown;
  /** What the file holds now; absent when the field is removed. */
  value?: unknown;
}

interface ResolveRow {
  file: string;
  campaignId?: string;
  campaignName?: string;
  environment?: string;
  outcome: Outcome;
  fields: FieldRow[];
  /** The fields still in conflict. */
  left: string[];
  /** Who last changed the campaign on the service. */
  remoteUpdatedBy?: string;
  message?: string;
}

export async function runResolve(argv: string[], io: CliIO): Promise<number> {
  const options = {
    ...SERVICE_OPTIONS,
    theirs: { type: 'boolean' },
    ours: { type: 'boolean' },
    path: { type: 'string', multiple: true },
  } as const;
  const args = commandArgs('resolve', argv, options, HELP, io);
  if (!args) return 0;
  const { values, positionals, format } = args;
  if (values.theirs === true && values.ours === true)
    throw new CliError(l10n.t('--theirs and --ours cannot go together: give one of them, or neither to keep what you wrote in the file.'));
  if (!positionals.length)
    throw new CliError(
      l10n.t('name the campaign files to resolve: campaign resolve FILE --theirs, --ours, or neither once you edited the fields.'),
    );
  const pick: ResolvePick = values.theirs === true ? 'theirs' : values.ours === true ? 'ours' : 'file';
  const paths = Array.isArray(values.path) ? values.path : [];
  const service = new Service(serviceOptions(values), io, 'campaign resolve');
  const rows: ResolveRow[] = [];
  for (const f of await readCampaignFiles(positionals, io)) rows.push(await resolveOne(f, { pick, paths, service, io }));
  if (format === 'json') writeJson(io, { version: 1, files: rows });
  else io.stdout(resolveText(rows, useColour(io)));
  return rows.every(r => r.outcome === 'resolved' || r.outcome === 'none') ? 0 : 1;
}

interface Run {
  pick: ResolvePick;
  paths: string[];
  service: Service;
  io: CliIO;
}

async function resolveOne(f: CampaignFile, run: Run): Promise<ResolveRow> {
  const row: ResolveRow = { file: f.shown, campaignId: f.id, outcome: 'refused', fields: [], left: [] };
  if (!f.doc) return { ...row, message: f.unreadable ?? 'not a JSON object: fix the file first' };
  if (!f.id) return { ...row, message: 'no id: the campaign is not on the service yet, so nothing can conflict with it' };
  if (f.baseError) return { ...row, message: plain(f.baseError) };
  if (!f.base) return { ...row, message: `no base snapshot: campaign pull ${f.id} records one (your file is merged, never overwritten)` };
  try {
    const env = run.service.environmentOf(f);
    const said = (pid?: number) =>
      run.io.stderr(`campaign resolve: ${f.shown}: waiting for another push of it${pid === undefined ? '' : ` (pid ${pid})`} to finish…\n`);
    const r = await resolveFile(
      { file: f.file, workspaceRoot: run.io.cwd, baseRoot: workspaceOfBase(f.base.file), id: f.id },
      { api: run.service.api(env), environment: env, pick: run.pick, paths: run.paths, onWait: h => said(h.pid) },
    );
    return { ...row, ...rowOf(r, run.pick), environment: env.name };
  } catch (e) {
    return { ...row, outcome: 'error', message: messageText(unlessConfig(e)) };
  }
}

function rowOf(r: ResolveResult, pick: ResolvePick): Partial<ResolveRow> {
  const said = { campaignName: r.campaignName, message: plain(r.message) };
  switch (r.outcome) {
    case 'resolved':
      return {
        ...said,
        outcome: 'resolved',
        remoteUpdatedBy: r.updatedBy,
        left: r.left.map(c => c.path),
        fields: r.fields.map(({ conflict: c, value }) => ({
          path: c.path,
          choice: pick,
          base: c.base,
          local: c.local,
          remote: c.remote,
          value,
        })),
      };
    case 'none':
      return { ...said, outcome: 'none' };
    case 'refused':
      return { ...said, outcome: 'refused', left: r.conflicts };
    case 'failed':
      return { ...said, outcome: 'error' };
  }
}

const OUTCOME_COLOURS: Record<Outcome, number> = { resolved: 32, none: 90, refused: 31, error: 31 };

function resolveText(rows: ResolveRow[], colour: boolean): string {
  const paint = painter(colour);
  const width = widest(rows.map(r => r.outcome));
  const indent = ' '.repeat(width + 2);
  return rows
    .map(r => {
      const campaign = r.campaignName ? `campaign "${r.campaignName}" (${r.campaignId})` : r.campaignId ? `campaign ${r.campaignId}` : '';
      const where = [campaign, r.environment ? `on ${r.environment}` : ''].filter(Boolean).join(' ');
      const by = r.remoteUpdatedBy ? `; last changed by ${r.remoteUpdatedBy}` : '';
      const head = `${paint(OUTCOME_COLOURS[r.outcome], r.outcome.padEnd(width))}  ${r.file}${where ? ` (${where}${by})` : ''}`;
      const lines =
        r.outcome === 'resolved' ? [head, ...r.fields.map(f => indent + fieldLine(f)), indent + r.message] : [`${head}: ${r.message}`];
      return `${lines.map(l => oneLine(l, colour)).join('\n')}\n`;
    })
    .join('');
}

function fieldLine(f: FieldRow): string {
  switch (f.choice) {
    case 'theirs':
      return `${f.path}: the file takes theirs, ${shown(f.remote)} (yours was ${shown(f.local)}; base ${shown(f.base)})`;
    case 'ours':
      return `${f.path}: the file keeps yours, ${shown(f.local)} (theirs is ${shown(f.remote)}; base ${shown(f.base)})`;
    case 'file':
      return `${f.path}: the file's value ${shown(f.local)} is taken as the resolution (theirs is ${shown(f.remote)}; base ${shown(f.base)})`;
  }
}
