import * as l10n from '@vscode/l10n';
import * as path from 'path';
import {
  draftRequests,
  findLink,
  Environment,
  linksOnDisk,
  LinksPort,
  NO_LINKS,
  PreparedPromotion,
  preparePromotion,
  PromotionResult,
  readValuesFile,
  RemoteCampaign,
  runPromotion,
  targetFeatureRefusals,
  rulesWithSettings,
  ValuesFile,
  VALUES_FILE,
  WriteDeps,
  LINKS_FILE,
  LinksFile,
} from '@campaign-studio/sync';
import { commandArgs, stringOption, writeJson } from '../args';
import { CliError, CliIO, ConfigError, painter, plain, unlessConfig, useColour } from '../io';
import { SERVICE_HELP, SERVICE_OPTIONS, serviceOptions, environmentNamed } from '../service/environments';
import { failureText, Service } from '../service/session';
import { CampaignFile, readCampaignFiles } from '../workspace/files';
import { ApplyUi } from '../plan/apply';
import { entryOf, hasLocalEdits, problemOf, readOnlyApi, RecordingUi, remoteStamp } from '../plan/dryRun';
import { failing, pending, PlanEntry, planExitCode, summaryOf } from '../plan/format';
import { planText } from '../plan/text';
import { version } from '../../../../package.json';
import { confirmed } from './confirm';

const HELP = `usage: campaign promote PATH... --to ENV [--from ENV] [--dry-run] [--yes] [--format text|json] [service options]

Writes the campaigns of these files, as the environment they come from holds them now, into
another environment: the first time as a new draft there, linked in ${LINKS_FILE}; after that
as an update of the linked campaign, merged field by field with what was changed there since
(a field changed on both sides is refused, never overwritten). Values that differ per
environment come from ${VALUES_FILE}. Nothing is started, paused or stopped.

  --to ENV         the environment to promote into (required)
  --from ENV       the environment to promote from (default: the one each file was pulled from)
  --dry-run        show what would be sent, send nothing; exit 2 when something would be
                   written, 0 when the target already holds it
  --yes            do not ask; without it, promote asks on a terminal and refuses without one.
                   A production target needs --yes --env NAME spelled out.

${SERVICE_HELP}

Exit status: 0 done (or nothing to do), 1 refused, in conflict or failed; with --dry-run,
2 when something would be written. --format json: docs/cli-output.md, "promote".`;

export const PROMOTION_FORMAT = 'campaign-studio-promotion';
export const PROMOTION_VERSION = 1;

/** One file's promotion as planned: a plan entry on the target, with where it comes from. */
export interface PromotionEntry extends PlanEntry {
  source: { environment: string; campaignId: string };
  /** The target's values put in place of the source's. */
  substituted: Array<{ path: string; from: unknown; to: unknown }>;
}

interface PromoteResultJson {
  file: string;
  sourceId: string;
  targetId?: string;
  environment: string;
  outcome: PromotionResult['outcome'];
  ok: boolean;
  message: string;
}

/** What each file's promotion runs from, once its source is read. */
interface Ready {
  file: CampaignFile;
  entry: PromotionEntry;
  prepared?: PreparedPromotion;
}

/** The promotion's setting: the two ends, and the committed files in the environments' folder. */
interface Setting {
  service: Service;
  io: CliIO;
  to: Environment;
  fromFlag?: string;
  links: LinksPort;
  values: ValuesFile;
  folder: string;
}

export async function runPromote(argv: string[], io: CliIO): Promise<number> {
  const options = {
    ...SERVICE_OPTIONS,
    to: { type: 'string' },
    from: { type: 'string' },
    'dry-run': { type: 'boolean' },
    yes: { type: 'boolean', short: 'y' },
  } as const;
  const args = commandArgs('promote', argv, options, HELP, io);
  if (!args) return 0;
  const { values, positionals, format } = args;
  const toName = stringOption(values, 'to');
  if (!toName)
    throw new CliError(l10n.t('--to ENV is required: the environment to promote into. Run campaign promote --help for the options.'));
  if (!positionals.length) throw new CliError(l10n.t('name the campaign files to promote: campaign promote PATH... --to ENV.'));
  const dryRun = values['dry-run'] === true;
  if (!dryRun && values.yes !== true && !io.ask)
    throw new CliError(
      l10n.t(
        'nothing was sent: there is no terminal to ask for confirmation. Add --yes to promote without asking (for a production environment, --yes --env NAME), or --dry-run to see what it would send.',
      ),
    );
  const service = new Service({ ...serviceOptions(values), env: undefined }, io, 'campaign promote');
  const setting = promotionSetting(service, io, toName, stringOption(values, 'from'));
  const entries = await planPromotions(positionals, setting);
  const review = document(entries, setting);
  if (dryRun) {
    if (format === 'json') writeJson(io, review);
    else io.stdout(reviewText(review.entries, setting, useColour(io)));
    return planExitCode(entries.map(e => e.entry));
  }
  if (format === 'text') io.stdout(reviewText(review.entries, setting, useColour(io)));
  const blocked = entries.filter(e => failing(e.entry));
  if (blocked.length)
    throw new CliError(
      l10n.t`nothing was sent: ${blocked.length} file${blocked.length === 1 ? ' is' : 's are'} refused, in conflict or not checked (${blocked.map(e => e.entry.file).join(', ')}). See above, fix them, and promote again.`,
    );
  const todo = entries.filter(e => pending(e.entry));
  if (!todo.length) {
    if (format === 'json') writeJson(io, { ...review, results: [] });
    else
      io.stdout(
        l10n.t(
          'Nothing to promote: {0} already holds every campaign as {1} has it.',
          setting.to.name,
          sourcesText(entries.map(e => e.entry)),
        ) + '\n',
      );
    return 0;
  }
  await confirmed(
    todo.map(e => e.entry),
    { yes: values.yes === true, envFlag: stringOption(values, 'env'), verb: 'promote' },
    service,
    io,
  );
  const results: PromoteResultJson[] = [];
  for (const r of todo) results.push(await promoteOne(r, setting));
  if (format === 'json') writeJson(io, { ...review, results });
  else io.stdout(resultsText(results, useColour(io)));
  return results.every(r => r.ok) ? 0 : 1;
}

function promotionSetting(service: Service, io: CliIO, toName: string, fromFlag: string | undefined): Setting {
  const set = service.environments();
  const to = environmentNamed(set, toName);
  if (fromFlag) environmentNamed(set, fromFlag);
  const folder = set.folder;
  const shown = (f: string) => path.relative(io.cwd, path.join(folder, f)) || f;
  try {
    return {
      service,
      io,
      to,
      fromFlag,
      folder,
      values: readValuesFile(folder, shown(VALUES_FILE)),
      links: linksOnDisk(folder, shown(LINKS_FILE)),
    };
  } catch (e) {
    throw new ConfigError(plain((e as Error).message));
  }
}

/** The environments promoted from, for people. */
function sourcesText(entries: PromotionEntry[]): string {
  return [...new Set(entries.map(e => e.source.environment))].join(', ');
}

function document(entries: Ready[], setting: Setting) {
  const list = entries.map(e => e.entry);
  return {
    format: PROMOTION_FORMAT,
    version: PROMOTION_VERSION,
    createdAt: new Date().toISOString(),
    tool: { name: 'campaign' as const, version },
    to: setting.to.name,
    summary: summaryOf(list),
    entries: list,
  };
}

/** Each file's promotion planned: its source read (15 to a call), prepared, then run through the flows with nothing written. */
async function planPromotions(paths: string[], setting: Setting): Promise<Ready[]> {
  const files = await readCampaignFiles(paths, setting.io);
  const links = readLinks(setting);
  const started = files.map(f => start(f, setting));
  const ready = started.filter(isReady);
  await setting.service.readAll([...ready.map(s => ({ id: s.file.id!, env: s.from })), ...linkedTargets(ready, links, setting.to)]);
  return Promise.all(started.map(s => (isReady(s) ? planOne(s, links, setting) : s)));
}

/** The linked target campaigns, read with the sources (15 to a call) instead of one by one as each promotion starts. */
function linkedTargets(
  ready: Array<Started & { from: Environment }>,
  links: LinksFile,
  to: Environment,
): Array<{ id: string; env: Environment }> {
  return ready.flatMap(s => {
    const link = findLink(links, { workspaceId: s.from.workspaceId, campaignId: s.file.id! }, { workspaceId: to.workspaceId });
    return link ? [{ id: link.to.campaignId, env: to }] : [];
  });
}

/** A file whose source environment is known and that nothing refused yet: its source is read and its promotion planned. */
function isReady(s: Started): s is Started & { from: Environment } {
  return !!s.from && !failing(s.entry);
}

function readLinks(setting: Setting): LinksFile {
  try {
    return setting.links.read();
  } catch (e) {
    throw new ConfigError(plain((e as Error).message));
  }
}

interface Started extends Ready {
  from?: Environment;
}

/** The entry before the service is asked: the file's campaign and environments, or why it cannot be promoted. */
function start(f: CampaignFile, setting: Setting): Started {
  const entry: PromotionEntry = {
    ...entryOf(f, setting.io.cwd),
    environment: setting.to.name,
    source: { environment: setting.fromFlag ?? f.base?.snapshot.environment ?? '', campaignId: f.id ?? '' },
    substituted: [],
  };
  const blocked = (message: string): Started => ({ file: f, entry: { ...entry, action: 'blocked', message } });
  if (!f.doc) return blocked(f.unreadable ?? `${f.shown} does not hold a JSON object: fix the file first.`);
  if (!f.id) return blocked(`${f.shown} has no campaign id: push it to an environment first, then promote it from there.`);
  const fromName = setting.fromFlag ?? f.base?.snapshot.environment;
  if (!fromName) return blocked(`${f.shown} was never pulled, so the environment it comes from is not known: give --from ENV.`);
  let from: Environment;
  try {
    from = environmentNamed(setting.service.environments(), fromName);
  } catch (e) {
    return { file: f, entry: { ...entry, action: 'error', message: failureText(e) } };
  }
  if (f.base && f.base.snapshot.workspaceId !== from.workspaceId)
    return blocked(
      `${f.shown} holds campaign ${f.id} of ${f.base.snapshot.environment}, not of ${from.name}: promote it from ${f.base.snapshot.environment} (leave out --from), or pull the campaign of ${from.name} and promote that file.`,
    );
  if (f.base && hasLocalEdits(f))
    return blocked(
      `${f.shown} has changes not pushed to ${from.name}: a promotion sends what ${from.name} holds, which was tested there. Push them first (campaign push ${f.shown}), then promote.`,
    );
  return { file: f, from, entry: { ...entry, source: { environment: from.name, campaignId: f.id } } };
}

async function planOne(s: Started & { from: Environment }, links: LinksFile, setting: Setting): Promise<Ready> {
  const { service, to } = setting;
  let source: RemoteCampaign;
  try {
    source = await service.api(s.from).getCampaign(s.file.id!);
  } catch (e) {
    return {
      ...s,
      entry: { ...s.entry, action: 'error', message: `campaign ${s.file.id} could not be read from ${s.from.name} (${failureText(e)}).` },
    };
  }
  const prepared = preparePromotion({
    from: s.from,
    to,
    sourceId: s.file.id!,
    source,
    values: setting.values,
    valuesShown: VALUES_FILE,
    links,
  });
  prepared.refused.push(...(await targetFeatureRefusals(prepared.body, to, service.environments().source, rulesWithSettings)));
  const entry: PromotionEntry = {
    ...s.entry,
    campaignName: prepared.campaignName,
    campaignId: prepared.link?.to.campaignId,
    substituted: prepared.substituted,
    notes: promotionNotes(prepared),
  };
  if (prepared.refused.length)
    return {
      ...s,
      prepared,
      entry: {
        ...entry,
        action: 'blocked',
        problems: prepared.refused.map(r => ({
          ...(r.rule ? { rule: r.rule } : {}),
          severity: 'error',
          path: r.path,
          message: plain(r.message),
        })),
        message: `not promoted to ${to.name}: ${prepared.refused.length === 1 ? plain(prepared.refused[0].message) : `${prepared.refused.length} values or fields cannot go there (listed below)`}`,
      },
    };
  try {
    return { ...s, prepared, entry: { ...entry, ...(await dryRun(prepared, setting)) } };
  } catch (e) {
    return { ...s, prepared, entry: { ...entry, action: 'error', message: failureText(unlessConfig(e)) } };
  }
}

function promotionNotes(p: PreparedPromotion): string[] {
  const notes = p.link
    ? [
        `promoted from campaign ${p.sourceId} of ${p.from.name} onto its linked campaign ${p.link.to.campaignId} (last promoted ${p.link.promotedAt})`,
      ]
    : [`first promotion of campaign ${p.sourceId} of ${p.from.name}: a new draft in ${p.to.name}, linked in ${LINKS_FILE}`];
  for (const s of p.substituted) notes.push(`${s.path} takes ${p.to.name}'s value: ${JSON.stringify(s.from)} → ${JSON.stringify(s.to)}`);
  return notes;
}

function targetDeps(setting: Setting, ui: WriteDeps['ui'], api: WriteDeps['api']): WriteDeps {
  const { to } = setting;
  if (!to.email)
    throw new CliError(
      l10n.t`environment "${to.name}" has no email, which every write puts in created_by / updated_by: add "email" to it, or give --email ADDRESS (or CAMPAIGN_EMAIL).`,
    );
  return {
    api,
    bases: { read: async () => undefined, write: async () => undefined },
    ui,
    env: { name: to.name, production: to.production, email: to.email },
    rules: rulesWithSettings(to.settings ?? { features: {} }),
  };
}

/** The promotion run with every write refused and every question answered no, recording what it would send. */
async function dryRun(p: PreparedPromotion, setting: Setting): Promise<Partial<PlanEntry>> {
  const ui = new RecordingUi(p.link ? 'update' : 'create');
  const seen: { remote?: RemoteCampaign } = {};
  const deps = targetDeps(setting, ui, readOnlyApi(setting.service.api(setting.to), seen));
  const links = { read: () => (p.link ? { ...NO_LINKS, links: [p.link] } : NO_LINKS), record: async () => undefined };
  const r = await runPromotion(p, { ...deps, links });
  const remote = seen.remote ? { remote: remoteStamp(seen.remote) } : {};
  if (r.outcome === 'conflict')
    return {
      ...remote,
      action: 'conflict',
      conflicts: r.conflicts.map(c => ({ path: c.path, base: c.base, local: c.local, remote: c.remote })),
      message: plain(r.message),
    };
  if (ui.preview)
    return {
      ...remote,
      action: 'update',
      requests: [{ method: 'PATCH', path: ui.preview.request.path, body: ui.preview.body }],
      changes: ui.preview.changes,
      fileTakes: [],
      problems: ui.findings.map(problemOf),
    };
  if (!p.link && ui.createAsked) return { action: 'create', requests: draftRequests(p.body, deps.env.email) };
  if (r.outcome === 'unchanged') return { ...remote, action: 'none', message: plain(r.message) };
  const problems = ((r.flow && 'problems' in r.flow ? r.flow.problems : undefined) ?? ui.findings).map(problemOf);
  return { ...remote, action: r.outcome === 'refused' ? 'blocked' : 'error', problems, message: plain(r.message) };
}

/** The planned promotion written: exactly the reviewed body, or nothing. */
async function promoteOne(r: Ready, setting: Setting): Promise<PromoteResultJson> {
  const e = r.entry;
  const base = { file: e.file, sourceId: e.source.campaignId, environment: setting.to.name };
  const ui = new ApplyUi(e, s => setting.io.stderr(`campaign promote: ${s}\n`));
  try {
    const deps = targetDeps(setting, ui, setting.service.api(setting.to));
    const result = await runPromotion(r.prepared!, { ...deps, bases: setting.service.bases(setting.to, r.file), links: setting.links });
    const message = ui.outcomeText(result.message, 'campaign promote');
    return {
      ...base,
      ...(result.targetId ? { targetId: result.targetId } : {}),
      outcome: ui.refusal ? 'refused' : result.outcome,
      ok: result.ok && !ui.refusal,
      message,
    };
  } catch (err) {
    return { ...base, outcome: 'failed', ok: false, message: failureText(unlessConfig(err)) };
  }
}

function reviewText(entries: PromotionEntry[], setting: Setting, colour: boolean): string {
  const paint = painter(colour);
  const to = `${setting.to.name}${setting.to.production ? ' (a production environment)' : ''}`;
  const from = sourcesText(entries);
  const header = `${paint(1, `Promotion from ${from} to ${to}`)}\n\n`;
  const plan = { entries, summary: summaryOf(entries) };
  return header + planText(plan, colour, { title: 'Promotion', base: 'last promoted', local: from, remote: setting.to.name });
}

function resultsText(results: PromoteResultJson[], colour: boolean): string {
  const paint = painter(colour);
  return results
    .map(
      r =>
        `${paint(r.ok ? 32 : 31, r.ok ? 'promoted' : r.outcome)}  ${r.file} (${r.environment}${r.targetId ? ` ${r.targetId}` : ''}): ${r.message}\n`,
    )
    .join('');
}
