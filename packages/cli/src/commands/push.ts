import * as l10n from '@vscode/l10n';
import { commandArgs, stringOption, writeJson } from '../args';
import { CliError, CliIO, painter, useColour } from '../io';
import { SERVICE_HELP, SERVICE_OPTIONS, serviceOptions } from '../service/environments';
import { environmentNamed } from '../service/environments';
import { Service } from '../service/session';
import { applyEntry, ApplyResult, checksRemote, elsewhere, fileStaleness, remoteStaleness } from '../plan/apply';
import { Problems } from '../workspace/problems';
import { SettingsLookup } from '../workspace/settings';
import { failing, pending, Plan, PlanEntry } from '../plan/format';
import { readPlan } from '../plan/planFile';
import { planText } from '../plan/text';
import { planFiles } from './plan';
import { confirmed } from './confirm';

const HELP = `usage: campaign push [PATH...] [--plan plan.json] [--yes] [--format text|json] [service options]

Sends what campaign plan shows: each change through the same checks as the editor's push,
never twice (a write whose answer is lost is checked by reading the campaign again).

  --plan FILE      apply this plan (from campaign plan --out) instead of planning now; it is
                   refused, and nothing is sent, when a file or a campaign on the service
                   changed since the plan was made
  --yes            do not ask; without it, push asks on a terminal and refuses without one.
                   An environment marked production needs --yes --env NAME spelled out.

${SERVICE_HELP}

Exit status: 0 everything was sent (or nothing needed to be), 1 otherwise.
--format json: { "version": 1, "results": [{ "file", "campaignId", "environment", "action",
"outcome", "ok", "message" }] }`;

export async function runPush(argv: string[], io: CliIO): Promise<number> {
  const args = commandArgs('push', argv, { ...SERVICE_OPTIONS, plan: { type: 'string' }, yes: { type: 'boolean', short: 'y' } }, HELP, io);
  if (!args) return 0;
  const { values, positionals, format } = args;
  if (values.yes !== true && !io.ask)
    throw new CliError(
      l10n.t(
        'nothing was sent: there is no terminal to ask for confirmation. Add --yes to push without asking (for a production environment, --yes --env NAME).',
      ),
    );
  const service = new Service(serviceOptions(values), io, 'campaign push');
  const planPath = stringOption(values, 'plan');
  const plan = planPath ? only(await readPlan(planPath, io), positionals, planPath) : await planFiles(positionals, service, io);
  if (format === 'text') io.stdout(planText(plan, useColour(io)));
  const blocked = plan.entries.filter(failing);
  if (blocked.length) throw new CliError(blockedMessage(blocked));
  const todo = plan.entries.filter(pending);
  if (!todo.length) {
    if (format === 'json') writeJson(io, { version: 1, results: [] });
    else io.stdout('Nothing to push.\n');
    return 0;
  }
  if (planPath) refuseIfElsewhere(plan, todo, service);
  await confirmed(todo, { yes: values.yes === true, envFlag: stringOption(values, 'env'), verb: 'push' }, service, io);
  await refuseIfMoved(todo, service, io);
  const settings = new SettingsLookup(io.cwd, Problems.onStderr(io.stderr, service.program));
  const results: ApplyResult[] = [];
  for (const e of todo) results.push(await applyEntry(e, service, io, settings));
  if (format === 'json') writeJson(io, { version: 1, results });
  else io.stdout(resultsText(results, useColour(io)));
  return results.every(r => r.ok) ? 0 : 1;
}

/** Why nothing was sent, and for files in conflict the command that decides them. */
function blockedMessage(blocked: PlanEntry[]): string {
  const files = blocked.map(e => e.file).join(', ');
  const n = blocked.length;
  const conflicted = blocked.filter(e => e.action === 'conflict').map(e => e.file);
  if (!conflicted.length)
    return l10n.t`nothing was sent: ${n} file${n === 1 ? ' is' : 's are'} blocked, in conflict or not checked (${files}). Fix them and plan again.`;
  const others = conflicted.length < n ? l10n.t(' Fix the other files too.') : '';
  return l10n.t`nothing was sent: ${n} file${n === 1 ? ' is' : 's are'} blocked, in conflict or not checked (${files}). Decide the fields in conflict with campaign resolve ${conflicted.join(' ')} and --theirs (the service's values), --ours (yours), or neither once you edited each field to the value it should have.${others} Then plan again.`;
}

/** The plan's entries for the given paths (all of them when none is given). */
function only(plan: Plan, paths: string[], planPath: string): Plan {
  if (!paths.length) return plan;
  const wanted = new Set(paths.map(p => p.replace(/\\/g, '/').replace(/^\.\//, '')));
  const entries = plan.entries.filter(e => wanted.has(e.file));
  const missing = [...wanted].filter(p => !entries.some(e => e.file === p));
  if (missing.length)
    throw new CliError(
      l10n.t`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in ${planPath}: plan ${missing.length === 1 ? 'it' : 'them'} first.`,
    );
  return { ...plan, entries };
}

/** A plan goes only where it was made for: otherwise nothing at all is sent. */
function refuseIfElsewhere(plan: Plan, todo: PlanEntry[], service: Service): void {
  const moved = elsewhere(plan, todo, service.environments());
  if (moved.length)
    throw new CliError(
      l10n.t`nothing was sent: ${moved.join('; ')}. Push from where the plan was made (its folder and environment settings), or run campaign plan here and review it.`,
    );
}

/** Every entry must still be what was planned: otherwise nothing at all is sent. Their campaigns are read 15 to a call. */
async function refuseIfMoved(todo: PlanEntry[], service: Service, io: CliIO): Promise<void> {
  const set = service.environments();
  const checks = todo.map(e => {
    const file = fileStaleness(e, io);
    return { file, remote: !file && checksRemote(e) ? { e, env: environmentNamed(set, e.environment) } : undefined };
  });
  await service.readAll(checks.flatMap(({ remote: r }) => (r ? [{ id: r.e.campaignId, env: r.env }] : [])));
  const moved = (await Promise.all(checks.map(({ file, remote: r }) => file ?? (r && remoteStaleness(r.e, r.env, service))))).filter(
    (s): s is string => !!s,
  );
  if (moved.length) throw new CliError(l10n.t`nothing was sent: ${moved.join('; ')}. Run campaign plan again and review it.`);
}

/**
 * One line per file. A write that went through is said once, by the flow's own sentence (which
 * names the components, the campaign and the environment) after a tick; anything else leads with
 * its outcome, to be found in a log.
 */
function resultsText(results: ApplyResult[], colour: boolean): string {
  const paint = painter(colour);
  return results
    .map(r =>
      r.ok
        ? `${paint(32, '✓')} ${r.file}: ${r.message}\n`
        : `${paint(31, r.outcome)}  ${r.file}${r.environment ? ` (${r.environment})` : ''}: ${r.message}\n`,
    )
    .join('');
}
