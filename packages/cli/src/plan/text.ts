import { requestBodyText } from '@campaign-studio/sync';
import { oneLine, painter } from '../io';
import { indented, shown, widest } from '../values';
import { PlanAction, PlanEntry, Plan } from './format';

const ACTION_COLOURS: Record<PlanAction, number> = { update: 33, create: 32, none: 90, behind: 36, blocked: 31, conflict: 35, error: 31 };

/** The plan for a terminal or a CI log: each file, the requests with their exact bodies, then a summary. */
/** How a plan's text names things: its summary's title, and the two sides of a conflict. */
export interface PlanWords {
  title: string;
  base: string;
  local: string;
  remote: string;
}

const PLAN_WORDS: PlanWords = { title: 'Plan', base: 'base', local: 'yours', remote: 'service' };

export function planText(plan: Pick<Plan, 'entries' | 'summary'>, colour: boolean, words: PlanWords = PLAN_WORDS): string {
  const paint = painter(colour);
  const width = widest(
    plan.entries.map(e => e.action),
    6,
  );
  const blocks = plan.entries.map(e => entryText(e, width, colour, words));
  return `${blocks.join('')}\n${summaryLine(plan, words.title)}\n`;
}

/** Each line of an entry is one line, whatever its file, campaign or messages hold; each request's body is JSON, its strings escaped. */
function entryText(e: PlanEntry, width: number, colour: boolean, words: PlanWords): string {
  const paint = painter(colour);
  const where = [e.campaignId ? `campaign ${e.campaignId}` : '', e.environment ? `on ${e.environment}` : ''].filter(Boolean).join(' ');
  const lines = [
    `${paint(ACTION_COLOURS[e.action], e.action.padEnd(width))}  ${paint(1, e.file)}${where ? ` (${where})` : ''}${e.message ? `: ${e.message}` : ''}`,
  ];
  const indent = ' '.repeat(width + 2);
  for (const p of e.problems.filter(p => p.message !== e.message))
    lines.push(`${indent}${[p.severity, p.rule, p.path || '/'].filter(Boolean).join(' ')}: ${p.message}`);
  for (const c of e.conflicts)
    lines.push(
      `${indent}${paint(35, '!')} ${c.path}: ${words.base} ${shown(c.base)}, ${words.local} ${shown(c.local)}, ${words.remote} ${shown(c.remote)}`,
    );
  for (const c of e.changes)
    lines.push(
      `${indent}${paint(33, '~')} ${c.path}: ${shown(c.before)} → ${shown(c.after)}${c.overridesRemote ? ' (replaces a change made on the service)' : ''}`,
    );
  if (e.fileTakes.length) lines.push(`${indent}the file first takes ${e.fileTakes.join(', ')} from the service`);
  for (const n of e.notes) lines.push(`${indent}${paint(90, `note: ${n}`)}`);
  const requests = e.requests.map(
    r =>
      `${oneLine(`${indent}${paint(1, `${r.method} ${r.path}`)}`, colour)}\n${indented(requestBodyText(r.body).trimEnd(), `${indent}  `)}\n`,
  );
  return `${lines.map(l => oneLine(l, colour)).join('\n')}\n${requests.join('')}`;
}

function summaryLine(plan: Pick<Plan, 'summary'>, title: string): string {
  const s = plan.summary;
  const parts = [
    `${s.update} to update`,
    `${s.create} to create`,
    `${s.none} unchanged`,
    s.behind ? `${s.behind} behind the service (campaign pull)` : '',
    s.blocked ? `${s.blocked} blocked` : '',
    s.conflict ? `${s.conflict} in conflict` : '',
    s.error ? `${s.error} not checked` : '',
  ].filter(Boolean);
  return `${title}: ${parts.join(', ')}.`;
}
