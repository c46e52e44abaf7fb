import * as l10n from '@vscode/l10n';
import {
  audienceInWords,
  CampaignFacts,
  campaignFacts,
  DstMark,
  isObject,
  JsonObject,
  Moment,
  sendTimeline,
  SendTimeline,
  campaignTriggerInWords,
  visible,
  ZonedTime,
} from '@campaign-studio/core';
import type { PreviewModel, PreviewProblem, PreviewRow, PreviewSend } from './messages';

/**
 * What the campaign preview shows of one file, as plain JSON: the header, the schedule, the
 * audience and trigger, limits, control group, goals, UTM parameters and the file's problems.
 * Pure: the clock, the viewer's zone, the problems and what is known of the service are given.
 * The schedule, the sentences and the facts are core's (`sendTimeline`, `audienceInWords`,
 * `triggerInWords`, `campaignFacts`): the preview, the hovers, the CodeLens and `campaign show`
 * say the same thing.
 */

export interface PreviewOptions {
  fileName: string;
  /** Epoch milliseconds: the instant the schedule counts from. */
  now: number;
  /** IANA zone of the person looking. */
  viewerZone: string;
  /** The status the service gave when the campaign was last read, when it was. */
  status?: string;
  /** The environment it was read from or would be pushed to, when known. */
  environment?: string;
}

/** A problem of the file as the editor holds it (zero-based position). */
export interface ProblemInput {
  severity: PreviewProblem['severity'];
  message: string;
  code?: string;
  line: number;
  character: number;
}

/** A campaign file is 100–400 lines: past this many characters the preview does not parse it on each edit. */
export const MAX_PREVIEW_CHARS = 2 * 1024 * 1024;
/** The problems listed; the Problems panel has them all. */
export const MAX_LISTED_PROBLEMS = 100;

/** The preview of a document's parsed value (`parse(text).value`) with its current problems. */
export function previewModel(value: unknown, problems: readonly ProblemInput[], options: PreviewOptions): PreviewModel {
  const doc = isObject(value) ? value : {};
  const facts = campaignFacts(doc);
  return writtenOut({
    fileName: options.fileName,
    unreadable: isObject(value)
      ? ''
      : l10n.t('{0} does not hold a campaign object. Fix the problems below to see its summary.', options.fileName),
    header: headerSection(doc, facts, options),
    schedule: scheduleSection(doc, options),
    audience: audienceInWords(doc.segmentation_details).parts,
    trigger: campaignTriggerInWords(doc)?.parts ?? [],
    ...factsSection(facts),
    ...problemList(problems),
  });
}

/** Every text of the model with its control and bidi characters written out: core's summary gives them as they are. */
function writtenOut<T>(value: T): T {
  if (typeof value === 'string') return visible(value) as T;
  if (Array.isArray(value)) return value.map(writtenOut) as T;
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, writtenOut(v)])) as T;
  return value;
}

/**
 * The preview of a file of `length` characters, more than {@link MAX_PREVIEW_CHARS}: not parsed,
 * so typing in it stays fast; it says so, what to run instead, and lists the problems.
 */
export function oversizedModel(length: number, problems: readonly ProblemInput[], options: PreviewOptions): PreviewModel {
  const mb = (n: number) => (n / (1024 * 1024)).toFixed(1);
  return {
    fileName: options.fileName,
    header: { name: options.fileName, rows: [] },
    schedule: { summary: '', rows: [], sends: [], more: false, chartLabel: '' },
    audience: [],
    trigger: [],
    limits: [],
    controlGroup: [],
    goals: [],
    utm: [],
    ...problemList(problems),
    unreadable: l10n.t(
      '{0} is {1} MB: the preview summarises campaign files up to {2} MB. Run `campaign show {0}` in a terminal for its summary.',
      options.fileName,
      mb(length),
      mb(MAX_PREVIEW_CHARS),
    ),
  };
}

function headerSection(doc: JsonObject, facts: CampaignFacts, options: PreviewOptions): PreviewModel['header'] {
  const status = options.status ?? text(doc.status);
  const rows: Array<[string, string | undefined]> = [
    [l10n.t('Channel'), facts.channel],
    [l10n.t('Delivery type'), facts.campaignDeliveryType],
    [l10n.t('Status'), status],
    [l10n.t('Environment'), options.environment],
  ];
  return {
    name: facts.name ?? l10n.t('Unnamed campaign'),
    rows: rows.filter((r): r is [string, string] => r[1] !== undefined).map(([label, value]) => ({ label, value })),
  };
}

/**
 * The schedule from core's send timeline: its summary, the next sends (for a send in each
 * user's zone, the first and the last zone's), and the window, bounds, expiry, what is missing
 * and the timeline's notes as rows.
 */
export function scheduleSection(doc: unknown, options: Pick<PreviewOptions, 'now' | 'viewerZone'>): PreviewModel['schedule'] {
  const t = sendTimeline(doc, { now: options.now, viewerZone: options.viewerZone });
  const sends = t.userTimezone
    ? [toSend(t.userTimezone.first, l10n.t('The first users, at UTC+14')), toSend(t.userTimezone.last, l10n.t('The last users, at UTC-12'))]
    : t.sends.map(s => toSend(s.at, s.dst ? dstNote(s.dst) : ''));
  return {
    summary: t.never ? l10n.t('Never sends: {0}', t.never) : t.summary,
    rows: scheduleRows(t),
    sends,
    more: t.more,
    chartLabel:
      sends.length === 1
        ? l10n.t('one send')
        : t.more
          ? l10n.t('the next {0} sends; more follow', sends.length)
          : l10n.t('{0} sends', sends.length),
  };
}

/** A send's row: UTC and the viewer's time name the day only when it is not the campaign's. */
function toSend(at: Moment, note: string): PreviewSend {
  const beside = (z: ZonedTime) => (z.date === at.campaign.date ? z.time : z.short);
  return {
    at: at.epochMs,
    campaignTime: at.campaign.text,
    day: at.campaign.date,
    utc: beside(at.utc),
    viewerTime: beside(at.viewer),
    note,
  };
}

/** The DST change next to a send, short: the schedule's rows say it in full once. */
function dstNote(dst: DstMark): string {
  return dst.relation === 'before'
    ? l10n.t('Clocks went {0} on {1}', dst.direction, dst.day)
    : l10n.t('Clocks go {0} on {1}', dst.direction, dst.day);
}

/** Each DST change next to a listed send, in full, once. */
function dstRows(t: SendTimeline): Array<[string, string]> {
  const byChange = new Map<string, string>();
  for (const s of t.sends) if (s.dst && !byChange.has(s.dst.changeIso)) byChange.set(s.dst.changeIso, s.dst.text);
  return [...byChange.values()].map(text => [l10n.t('Daylight saving'), text]);
}

function scheduleRows(t: SendTimeline): PreviewRow[] {
  const rows: Array<[string, string | undefined]> = [
    [l10n.t('Time zone'), t.campaignZone],
    [l10n.t('Active'), t.window?.text],
    ...(t.timebounds ?? []).map((b): [string, string] => [l10n.t('Time bounds'), b.text]),
    [l10n.t('Users skipped'), t.userTimezone?.skippedText],
    [l10n.t('Sends in all'), t.total === undefined ? undefined : String(t.total)],
    [l10n.t('Expires'), t.expiry?.campaign.text],
    ...dstRows(t),
    ...t.missing.map((m): [string, string] => [l10n.t('Missing'), m]),
    ...t.notes.map((n): [string, string] => [l10n.t('Note'), n]),
  ];
  return rows.filter((r): r is [string, string] => r[1] !== undefined).map(([label, value]) => ({ label, value }));
}

/** Limits, control group, conversion goals and UTM parameters, from core's facts of the campaign. */
export function factsSection(facts: CampaignFacts): Pick<PreviewModel, 'limits' | 'controlGroup' | 'goals' | 'utm'> {
  return { limits: facts.limits, controlGroup: facts.controlGroup, goals: facts.goals, utm: facts.utm };
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}

function problemList(problems: readonly ProblemInput[]): Pick<PreviewModel, 'problems' | 'moreProblems'> {
  const listed = [...problems]
    .sort((a, b) => a.line - b.line || a.character - b.character)
    .slice(0, MAX_LISTED_PROBLEMS)
    .map(p => ({
      severity: p.severity,
      severityText: severityText(p.severity),
      message: p.message,
      code: p.code ?? '',
      line: p.line,
      character: p.character,
      where: l10n.t('Line {0}', p.line + 1),
    }));
  const more = problems.length - listed.length;
  return { problems: listed, moreProblems: more > 0 ? l10n.t('… and {0} more in the Problems panel.', more) : '' };
}

function severityText(severity: PreviewProblem['severity']): string {
  switch (severity) {
    case 'error':
      return l10n.t('Error');
    case 'warning':
      return l10n.t('Warning');
    case 'information':
      return l10n.t('Info');
    case 'hint':
      return l10n.t('Hint');
  }
}
