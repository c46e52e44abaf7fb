import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import * as path from 'path';
import { version } from '../../../../package.json';
import { Environment } from '@campaign-studio/sync';
import { CliError, CliIO, readAtMost } from '../io';
import { Plan, PLAN_FORMAT, PLAN_VERSION, PlanEntry, summaryOf } from './format';

/** A plan of these entries, made now. */
export function makePlan(entries: PlanEntry[], environments: Environment[]): Plan {
  const used = new Set(entries.map(e => e.environment));
  return {
    format: PLAN_FORMAT,
    version: PLAN_VERSION,
    createdAt: new Date().toISOString(),
    tool: { name: 'campaign', version },
    environments: environments
      .filter(e => used.has(e.name))
      .map(e => ({ name: e.name, baseUrl: e.baseUrl, workspaceId: e.workspaceId, production: e.production })),
    summary: summaryOf(entries),
    entries,
  };
}

export function writePlan(file: string, plan: Plan, io: CliIO): void {
  const abs = path.resolve(io.cwd, file);
  try {
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, `${JSON.stringify(plan, null, 2)}\n`);
  } catch (e) {
    throw new CliError(l10n.t`--out ${file}: cannot write the plan (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
}

/**
 * The most `push --plan` reads: 64 MB. A plan holds each request's body whole, about the size of
 * its campaign file and the changes again: a plan of 1,000 campaigns of a few KB is a few MB, and
 * 64 MB still holds some 80 of the largest (400 KB). A wrong path (`/dev/zero`, a log file) stops
 * there instead of filling the memory.
 */
export const MAX_PLAN_BYTES = 64 * 1024 * 1024;

/** A plan file, checked enough that a push can trust its shape; a one-line error otherwise. */
export async function readPlan(file: string, io: CliIO): Promise<Plan> {
  let bytes: Buffer | undefined;
  try {
    bytes = await readAtMost(fs.createReadStream(path.resolve(io.cwd, file)), MAX_PLAN_BYTES);
  } catch (e) {
    throw new CliError(l10n.t`--plan ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
  if (!bytes)
    throw new CliError(
      l10n.t`--plan ${file} holds more than ${MAX_PLAN_BYTES >> 20} MB, far more than any plan, so reading stopped there: give a file written by campaign plan --out.`,
    );
  const text = bytes.toString('utf8');
  let plan: Partial<Plan>;
  try {
    plan = JSON.parse(text) as Partial<Plan>;
  } catch {
    throw new CliError(l10n.t`--plan ${file} is not JSON: give a file written by campaign plan --out.`);
  }
  if (plan?.format !== PLAN_FORMAT || !Array.isArray(plan.entries))
    throw new CliError(l10n.t`--plan ${file} is not a plan: give a file written by campaign plan --out.`);
  if (plan.version !== PLAN_VERSION)
    throw new CliError(
      l10n.t`--plan ${file} is a version ${String(plan.version)} plan; this campaign ${version} reads version ${PLAN_VERSION}. Make the plan again with this version.`,
    );
  return plan as Plan;
}
