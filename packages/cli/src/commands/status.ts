import { serviceTimeText } from '@campaign-studio/core';
import { commandArgs, writeJson } from '../args';
import { CliIO, oneLine, painter, useColour } from '../io';
import { widest } from '../values';
import { SERVICE_HELP, SERVICE_OPTIONS, serviceOptions } from '../service/environments';
import { Service } from '../service/session';
import { readCampaignFiles } from '../workspace/files';
import { FileReport, FileState, inspectFiles } from './inspect';

const HELP = `usage: campaign status [PATH...] [--format text|json] [service options]

For each campaign file (PATH: files or folders; default the working folder), where it stands
against its base snapshot and the service:
  unchanged       nothing changed since it was pulled
  modified        you changed it; the service did not: campaign push sends it
  behind          the service changed; you did not: campaign pull takes it
  diverged        both changed (conflicting fields listed): pull merges what it can,
                  campaign resolve decides the fields in conflict
  not-on-service  the campaign is gone from the service
  untracked       no id, or no base snapshot yet

${SERVICE_HELP}

Exit status: 0 when every file could be checked, 1 otherwise.
--format json: { "version": 1, "files": [{ "file", "campaignId", "environment", "state",
"conflicts", "message", "remoteUpdatedBy", "remoteUpdatedAt" }] }`;

export async function runStatus(argv: string[], io: CliIO): Promise<number> {
  const args = commandArgs('status', argv, SERVICE_OPTIONS, HELP, io);
  if (!args) return 0;
  const { values, positionals, format } = args;
  const reports = await inspectFiles(await readCampaignFiles(positionals, io), new Service(serviceOptions(values), io, 'campaign status'));
  if (format === 'json') writeJson(io, { version: 1, files: reports.map(({ local: _l, remote: _r, ...rest }) => rest) });
  else io.stdout(statusText(reports, useColour(io)));
  return reports.some(r => r.state === 'error') ? 1 : 0;
}

const STATE_COLOURS: Record<FileState, number> = {
  unchanged: 90,
  modified: 32,
  behind: 33,
  diverged: 35,
  'not-on-service': 31,
  untracked: 36,
  error: 31,
};

function statusText(reports: FileReport[], colour: boolean): string {
  const paint = painter(colour);
  const width = widest(reports.map(r => r.state));
  const lines = reports.map(r => {
    const env = r.environment ? ` (${r.environment})` : '';
    return `${paint(STATE_COLOURS[r.state], r.state.padEnd(width))}  ${r.file}${env}${detail(r)}`;
  });
  return `${lines.map(l => oneLine(l, colour)).join('\n')}\n`;
}

function detail(r: FileReport): string {
  if (r.message) return `: ${r.message}`;
  const by = r.remoteUpdatedBy
    ? ` (last changed by ${r.remoteUpdatedBy}${r.remoteUpdatedAt ? ` at ${serviceTimeText(r.remoteUpdatedAt)}` : ''})`
    : '';
  if (r.state === 'diverged')
    return r.conflicts.length
      ? `: conflicts in ${r.conflicts.join(', ')}${by}; campaign resolve ${r.file} decides them`
      : `: no field changed on both sides, so campaign pull merges them${by}`;
  return r.state === 'behind' ? by : '';
}
