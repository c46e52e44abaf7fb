import * as l10n from '@vscode/l10n';
import { ServiceClient } from '@campaign-studio/sync';
import { commandArgs, stringOption, writeJson } from '../args';
import { CliIO, useColour } from '../io';
import { SERVICE_HELP, SERVICE_OPTIONS, serviceOptions } from '../service/environments';
import { Service } from '../service/session';
import { CampaignFile, readCampaignFiles } from '../workspace/files';
import { hasLocalEdits, PlanContext, planFile } from '../plan/dryRun';
import { trackedCampaigns } from './inspect';
import { Problems } from '../workspace/problems';
import { SettingsLookup } from '../workspace/settings';
import { Plan, PlanEntry, planExitCode } from '../plan/format';
import { makePlan, writePlan } from '../plan/planFile';
import { planText } from '../plan/text';

const HELP = `usage: campaign plan [PATH...] [--out plan.json] [--format text|json] [service options]

What campaign push would send, without sending anything: for each campaign file (PATH: files
or folders; default the working folder), the preflight of a push (the rules, the campaign's
status on the service now, the merge with changes made there since the pull, the service's
own validation), then the exact PATCH or create bodies.

  --out FILE       also write the plan as JSON, for campaign push --plan FILE
  --format json    print the plan as JSON (docs/plan-format.md) instead of text

${SERVICE_HELP}

Exit status: 0 nothing to push, 2 changes pending, 1 errors or conflicts.`;

/**
 * The plan of these files, made against the service now: their campaigns read ahead 15 to a
 * call, then each file planned (an edited file costs one validation call).
 */
export async function planFiles(paths: string[], service: Service, io: CliIO): Promise<Plan> {
  const files = await readCampaignFiles(paths, io);
  const ctx = { service, io, settings: new SettingsLookup(io.cwd, Problems.onStderr(io.stderr, service.program)) };
  const edited = files.filter(hasLocalEdits);
  const wanted = trackedCampaigns(files, service, true);
  await service.readAll(wanted, edited.length);
  const entries = await plannedWithProgress(files, edited, ctx, wanted[0] && service.client(wanted[0].env));
  const environments = entries.some(e => e.environment) ? service.environments().environments : [];
  return makePlan(entries, environments);
}

/** Each file planned, with progress; `client` tells the time the validations left will take. */
async function plannedWithProgress(
  files: CampaignFile[],
  edited: CampaignFile[],
  ctx: PlanContext,
  client: ServiceClient | undefined,
): Promise<PlanEntry[]> {
  const { service } = ctx;
  const needsValidation = new Set(edited);
  let toValidate = edited.length;
  service.progress.begin({ what: l10n.t('files planned'), total: files.length, leftMs: async () => client?.paceFor(toValidate) });
  try {
    return await Promise.all(
      files.map(async f => {
        const entry = await planFile(f, ctx);
        if (needsValidation.has(f)) toValidate--;
        service.progress.advance();
        return entry;
      }),
    );
  } finally {
    service.progress.end();
  }
}

export async function runPlan(argv: string[], io: CliIO): Promise<number> {
  const args = commandArgs('plan', argv, { ...SERVICE_OPTIONS, out: { type: 'string' } }, HELP, io);
  if (!args) return 0;
  const { values, positionals, format } = args;
  const plan = await planFiles(positionals, new Service(serviceOptions(values), io, 'campaign plan'), io);
  const out = stringOption(values, 'out');
  if (out) {
    writePlan(out, plan, io);
    io.stderr(`campaign plan: the plan is in ${out}; campaign push --plan ${out} applies it.\n`);
  }
  if (format === 'json') writeJson(io, plan);
  else io.stdout(planText(plan, useColour(io)));
  return planExitCode(plan.entries);
}
