import * as l10n from '@vscode/l10n';
import {
  audienceInWords,
  CampaignFacts,
  campaignFacts,
  Fact,
  InWords,
  localZone,
  sendTimeline,
  SendTimeline,
  timelineLines,
  campaignTriggerInWords,
  WordsNode,
} from '@campaign-studio/core';
import { commandArgs, stringOption, writeJson } from '../args';
import { CliError, CliIO, forTerminal, oneLine, painter, plain, useColour } from '../io';
import { CampaignFile, readCampaignFiles } from '../workspace/files';

const HELP = `usage: campaign show [PATH...] [--zone IANA] [--at DATE-TIME] [--format text|json]

What each campaign does, in plain terms: when it sends (the next sends in the campaign's time
zone, in UTC and in yours, with daylight-saving changes marked), who receives it, what triggers
it, its limits, control group, conversion goals and UTM parameters. The files are read only;
nothing is sent to the service.

  --zone IANA        the time zone "your time" is shown in (default: this machine's, from TZ)
  --at DATE-TIME     count the sends from this instant instead of now (ISO 8601 with an offset,
                     e.g. 2030-03-01T09:00:00Z), to see a schedule as it will stand then

Exit status: 0 when every file was shown, 1 when a file is not a campaign object (said on
stderr, the others still shown) or on a usage error.
--format json: { "version": 1, "files": [{ "file", "facts", "timeline", "audience", "trigger" }] }
with "problem" instead of the summary for a file that is not a campaign object. "timeline" is
the send timeline (kind, summary, sends with each instant in the campaign's zone, UTC and yours,
window, expiry, notes); "audience" and "trigger" are { "text", "parts" }.`;

export interface ShowEntry {
  file: string;
  problem?: string;
  facts?: CampaignFacts;
  timeline?: SendTimeline;
  audience?: InWords;
  trigger?: InWords;
}

export async function runShow(argv: string[], io: CliIO): Promise<number> {
  const args = commandArgs('show', argv, { zone: { type: 'string' }, at: { type: 'string' } }, HELP, io);
  if (!args) return 0;
  const viewerZone = zoneOption(stringOption(args.values, 'zone') ?? io.env?.TZ ?? localZone());
  const now = instantOption(stringOption(args.values, 'at'));
  const entries = (await readCampaignFiles(args.positionals, io)).map(f => showEntry(f, { now, viewerZone }));
  for (const e of entries) if (e.problem) io.stderr(forTerminal(`campaign show: ${e.file}: ${e.problem}\n`, false));
  if (args.format === 'json') writeJson(io, { version: 1, files: entries });
  else
    io.stdout(
      entries
        .filter(e => !e.problem)
        .map(e => showText(e, useColour(io)))
        .join('\n'),
    );
  return entries.some(e => e.problem) ? 1 : 0;
}

/** One file's summary: the same computations the preview, the hover and the CodeLens show. */
export function showEntry(f: CampaignFile, options: { now: number; viewerZone: string }): ShowEntry {
  if (!f.doc) return { file: f.shown, problem: f.unreadable ?? l10n.t('not a JSON object: run campaign lint on it to see why.') };
  const doc = f.doc;
  return {
    file: f.shown,
    facts: campaignFacts(doc),
    timeline: sendTimeline(doc, options),
    audience: audienceInWords(doc.segmentation_details),
    trigger: campaignTriggerInWords(doc),
  };
}

function zoneOption(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw new CliError(l10n.t('--zone {0} is not an IANA time zone: write one such as Europe/Berlin or America/New_York.', zone), 1);
  }
}

function instantOption(at: string | undefined): number {
  if (at === undefined) return Date.now();
  const ms = /(Z|[+-]\d{2}:?\d{2})$/.test(at) ? Date.parse(at) : NaN;
  if (Number.isNaN(ms))
    throw new CliError(l10n.t('--at {0} is not an ISO 8601 date-time with an offset: write one such as 2030-03-01T09:00:00Z.', at), 1);
  return ms;
}

/** The summary as a terminal shows it: headings, then indented lines, field names without backticks. */
export function showText(e: ShowEntry, colour: boolean): string {
  const paint = painter(colour);
  const t = e.timeline!;
  const heading = (s: string) => paint(1, s);
  const lines = [
    `${heading(e.facts?.name ?? l10n.t('Unnamed campaign'))}  (${e.file})`,
    ...factLines(
      (e.facts?.overview ?? []).filter(f => f.value !== e.facts?.name),
      '  ',
    ),
    '',
    heading(l10n.t('When')),
    ...timelineLines(t, line => paint(33, line)),
    '',
    heading(l10n.t('Who')),
    ...wordsLines(e.audience?.parts ?? []),
    ...(e.trigger ? ['', heading(l10n.t('Trigger')), ...wordsLines(e.trigger.parts)] : []),
    ...section(heading(l10n.t('Limits')), e.facts?.limits),
    ...section(heading(l10n.t('Control group')), e.facts?.controlGroup),
    ...section(heading(l10n.t('Conversion goals')), e.facts?.goals),
    ...section(heading(l10n.t('UTM parameters')), e.facts?.utm),
  ];
  return `${lines.map(l => oneLine(plain(l), colour)).join('\n')}\n`;
}

function wordsLines(parts: WordsNode[]): string[] {
  return parts.map(p => `  ${p.label && !p.text.toLowerCase().startsWith(p.label.toLowerCase()) ? `${p.label}: ` : ''}${p.text}`);
}

function factLines(facts: Fact[], indent: string): string[] {
  return facts.flatMap(f => [`${indent}${f.label}: ${f.value}`, ...factLines(f.items ?? [], `${indent}  `)]);
}

function section(heading: string, facts: Fact[] | undefined): string[] {
  return facts?.length ? ['', heading, ...factLines(facts, '  ')] : [];
}
