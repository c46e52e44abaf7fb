import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import * as path from 'path';
import { version } from '../../../../package.json';
import { Environment } from '@campaign-studio/sync';
import { CliError, CliIO } from '../io';
import { Plan, PLAN_FORMAT, PLAN_VERSION, PlanEntry, summaryOf } from './format';

/** A plan of these entries, made now. */
export function makePlan(entries: PlanEntry[], environments: Environment[]): Plan {
  const used = new Set(entries.map(e => e.environment));
  return {
    format: PLAN_FORMAT, version: PLAN_VERSION, createdAt: new Date().toISOString(), tool: { name: 'campaign', version },
    environments: environments.filter(e => used.has(e.name)).map(e => ({ name: e.name, baseUrl: e.baseUrl, workspaceId: e.workspaceId, production: e.production })),
    summary: summaryOf(entries), entries,
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

/** A plan file, checked enough that a push can trust its shape; a one-line error otherwise. */
export function readPlan(file: string, io: CliIO): Plan {
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
  } catch (e) {
    throw new CliError(l10n.t`--plan ${file}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
  let plan: Partial<Plan>;
  try {
    plan = JSON.parse(text) as Partial<Plan>;
  } catch {
    throw new CliError(l10n.t`--plan ${file} is not JSON: give a file written by campaign plan --out.`);
  }
  if (plan?.format !== PLAN_FORMAT || !Array.isArray(plan.entries)) throw new CliError(l10n.t`--plan ${file} is not a plan: give a file written by campaign plan --out.`);
  if (plan.version !== PLAN_VERSION) throw new CliError(l10n.t`--plan ${file} is a version ${String(plan.version)} plan; this campaign ${version} reads version ${PLAN_VERSION}. Make the plan again with this version.`);
  return plan as Plan;
}
