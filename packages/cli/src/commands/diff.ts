import { serviceTimeText } from '@campaign-studio/core';
import { PathChange } from '@campaign-studio/sync';
import { commandArgs, writeJson } from '../args';
import { CliIO, oneLine, painter, useColour } from '../io';
import { SERVICE_HELP, SERVICE_OPTIONS, serviceOptions } from '../service/environments';
import { Service } from '../service/session';
import { shown } from '../values';
import { readCampaignFiles } from '../workspace/files';
import { FileReport, inspectFiles } from './inspect';

const HELP = `usage: campaign diff [PATH...] [--format text|json] [service options]

What changed since each file was pulled, field by field (JSON paths; key order and number
spellings are no change): base → your file, and base → the service now, with the fields both
changed differently. Files unchanged on both sides are counted in one line, not listed (the
JSON lists them, with state "unchanged").

${SERVICE_HELP}

Exit status: 0 when every file could be compared, 1 otherwise.
--format json: { "version": 1, "files": [{ "file", "campaignId", "environment", "state",
"local": [{ "path", "before", "after" }], "remote": [...], "conflicts": [paths], "message" }] }
(before or after is absent where the field is absent on that side).`;

export async function runDiff(argv: string[], io: CliIO): Promise<number> {
  const args = commandArgs('diff', argv, SERVICE_OPTIONS, HELP, io);
  if (!args) return 0;
  const { values, positionals, format } = args;
  const reports = await inspectFiles(await readCampaignFiles(positionals, io), new Service(serviceOptions(values), io, 'campaign diff'));
  if (format === 'json') writeJson(io, { version: 1, files: reports });
  else io.stdout(diffTexts(reports, useColour(io)));
  return reports.some(r => r.state === 'error') ? 1 : 0;
}

/** The files that differ, each with its changes, then how many are unchanged in one line (the JSON lists them all). */
function diffTexts(reports: FileReport[], colour: boolean): string {
  const differing = reports.filter(r => r.state !== 'unchanged');
  const unchanged = reports.length - differing.length;
  const blocks = differing.map(r => diffText(r, colour));
  if (unchanged)
    blocks.push(
      `${unchanged === reports.length ? 'No differences: ' : ''}${unchanged} file${unchanged === 1 ? ' is' : 's are'} unchanged since the pull, on both sides (not listed).\n`,
    );
  return blocks.join('\n');
}

function diffText(r: FileReport, colour: boolean): string {
  const paint = painter(colour);
  const where = r.campaignId ? ` campaign ${r.campaignId}${r.environment ? ` on ${r.environment}` : ''}` : '';
  const head = `${paint(1, r.file)}${where}: ${r.state}${r.message ? ` (${r.message})` : ''}`;
  const by = r.remoteUpdatedBy
    ? `, last changed by ${r.remoteUpdatedBy}${r.remoteUpdatedAt ? ` at ${serviceTimeText(r.remoteUpdatedAt)}` : ''}`
    : '';
  const sections = [
    side('yours (base → file)', r.local, paint),
    side(`service (base → now${by})`, r.remote, paint),
    r.conflicts.length ? [`  ${paint(35, 'conflicts')}: ${r.conflicts.join(', ')}`] : [],
  ].flat();
  return `${[head, ...sections].map(l => oneLine(l, colour)).join('\n')}\n`;
}

function side(title: string, changes: PathChange[], paint: (code: number, s: string) => string): string[] {
  if (!changes.length) return [];
  return [`  ${title}:`, ...changes.map(c => `    ${changeLine(c, paint)}`)];
}

function changeLine(c: PathChange, paint: (code: number, s: string) => string): string {
  if (!('before' in c)) return paint(32, `+ ${c.path}: ${shown(c.after)}`);
  if (!('after' in c)) return paint(31, `- ${c.path}: ${shown(c.before)}`);
  return paint(33, `~ ${c.path}: ${shown(c.before)} → ${shown(c.after)}`);
}
