import * as l10n from '@vscode/l10n';
import { isObject, JsonObject } from '@campaign-studio/core';
import type { PreviewModel, PreviewProblem, PreviewRow, PreviewSend } from './messages';

/**
 * What the campaign preview shows of one file, as plain JSON: the header, the schedule, the
 * audience and trigger, limits, control group, goals, UTM parameters and the file's problems.
 * Pure: the clock, the viewer's zone, the problems and what is known of the service are given.
 * Each section comes from one adapter (`scheduleSection`, `audienceSection`, `triggerSection`,
 * `factsSection`), so that where the words and numbers come from can change in one place.
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

/** The preview of a document's parsed value (`parse(text).value`) with its current problems. */
export function previewModel(value: unknown, problems: readonly ProblemInput[], options: PreviewOptions): PreviewModel {
  const doc = isObject(value) ? value : {};
  return {
    fileName: options.fileName,
    unreadable: isObject(value) ? '' : l10n.t('{0} does not hold a campaign object. Fix the problems below to see its summary.', options.fileName),
    header: headerSection(doc, options),
    schedule: scheduleSection(doc, options),
    audience: audienceSection(doc.segmentation_details),
    trigger: triggerSection(doc.trigger_condition),
    ...factsSection(doc),
    problems: problemList(problems),
  };
}

function headerSection(doc: JsonObject, options: PreviewOptions): PreviewModel['header'] {
  const details = isObject(doc.basic_details) ? doc.basic_details : {};
  const status = options.status ?? text(doc.status);
  const rows: Array<[string, string | undefined]> = [
    [l10n.t('Channel'), text(doc.channel)],
    [l10n.t('Delivery type'), text(doc.campaign_delivery_type)],
    [l10n.t('Status'), status],
    [l10n.t('Environment'), options.environment],
  ];
  return {
    name: text(details.name) ?? l10n.t('Unnamed campaign'),
    rows: rows.filter((r): r is [string, string] => r[1] !== undefined).map(([label, value]) => ({ label, value })),
  };
}

/**
 * The schedule: its fields as written, and the one send a fixed start time makes, in the
 * campaign's zone, in UTC and for the viewer.
 */
export function scheduleSection(doc: JsonObject, options: Pick<PreviewOptions, 'now' | 'viewerZone'>): PreviewModel['schedule'] {
  const scheduling = isObject(doc.scheduling_details) ? doc.scheduling_details : {};
  const rows = [
    ...fieldRows(scheduling),
    ...(doc.expiry_time === undefined ? [] : [{ label: 'expiry_time', value: valueText(doc.expiry_time) }]),
    ...fieldRows(isObject(doc.periodic_details) ? doc.periodic_details : {}, 'periodic_details.'),
  ];
  const deliveryType = text(scheduling.delivery_type);
  const start = typeof scheduling.start_time === 'string' ? Date.parse(scheduling.start_time) : NaN;
  const zone = text(scheduling.timezone) ?? 'UTC';
  const sends: PreviewSend[] = Number.isFinite(start) && start >= options.now ? [sendAt(start, zone, options.viewerZone)] : [];
  return {
    summary: deliveryType ? l10n.t('Delivery: {0}', deliveryType) : l10n.t('No delivery type is set in scheduling_details.'),
    rows,
    sends,
    chartLabel: l10n.t('{0} upcoming sends', sends.length),
  };
}

function sendAt(at: number, zone: string, viewerZone: string): PreviewSend {
  return { at, campaignTime: formatIn(at, zone), utc: formatIn(at, 'UTC'), viewerTime: formatIn(at, viewerZone), note: '' };
}

/** "Fri, 1 Mar 2030, 10:00 CET": the platform's own zone data; an unknown zone is said so. */
function formatIn(at: number, zone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short',
    }).format(at);
  } catch {
    return l10n.t('{0} is not a known time zone', zone);
  }
}

/** Who receives the campaign: all users, or each filter group's filters as written. */
export function audienceSection(segmentation: unknown): string[] {
  if (!isObject(segmentation)) return [];
  if (segmentation.is_all_user_campaign === true) return [l10n.t('All users')];
  return [
    ...groupLines(segmentation.included_filters, l10n.t('Included')),
    ...groupLines(segmentation.excluded_filters, l10n.t('Excluded')),
  ];
}

function groupLines(group: unknown, heading: string): string[] {
  return isObject(group) && Array.isArray(group.filters) ? [`${heading}: ${groupText(group, group.filters)}`] : [];
}

/** The group's filters joined by its operator, AND when it names none. */
function groupText(group: JsonObject, filters: unknown[]): string {
  return filters.map(filterText).join(` ${(text(group.filter_operator) ?? 'and').toUpperCase()} `);
}

function filterText(f: unknown): string {
  if (!isObject(f)) return valueText(f);
  if (Array.isArray(f.filters)) return `(${groupText(f, f.filters)})`;
  return [text(f.name) ?? text(f.filter_type), text(f.operator), f.value === undefined ? undefined : valueText(f.value)].filter(Boolean).join(' ');
}

/** What sets the campaign off, for triggered campaigns: the trigger's fields as written. */
export function triggerSection(trigger: unknown): string[] {
  return isObject(trigger) ? fieldRows(trigger).map(r => `${r.label}: ${r.value}`) : [];
}

/** Limits (delivery controls, audience cap), control group, conversion goals and UTM parameters, as written. */
export function factsSection(doc: JsonObject): Pick<PreviewModel, 'limits' | 'controlGroup' | 'goals' | 'utm'> {
  const object = (v: unknown): JsonObject => isObject(v) ? v : {};
  return {
    limits: [...fieldRows(object(doc.delivery_controls)), ...fieldRows(object(doc.campaign_audience_limit), 'campaign_audience_limit.')],
    controlGroup: fieldRows(object(doc.control_group_details)),
    goals: fieldRows(object(doc.conversion_goal_details)),
    utm: fieldRows(object(doc.utm_params)),
  };
}

/** One row per leaf field, labelled by its dotted path. */
function fieldRows(o: JsonObject, prefix = ''): PreviewRow[] {
  return Object.entries(o).flatMap(([k, v]) => isObject(v)
    ? fieldRows(v, `${prefix}${k}.`)
    : Array.isArray(v) && v.some(isObject)
      ? v.flatMap((item, i) => isObject(item) ? fieldRows(item, `${prefix}${k}[${i}].`) : [{ label: `${prefix}${k}[${i}]`, value: valueText(item) }])
      : [{ label: `${prefix}${k}`, value: valueText(v) }]);
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}

/** A value as read in the file: strings quoted, lists comma-separated. */
function valueText(v: unknown): string {
  if (Array.isArray(v)) return v.map(valueText).join(', ');
  return typeof v === 'string' ? `'${v}'` : JSON.stringify(v) ?? '';
}

function problemList(problems: readonly ProblemInput[]): PreviewProblem[] {
  return [...problems]
    .sort((a, b) => a.line - b.line || a.character - b.character)
    .map(p => ({ severity: p.severity, severityText: severityText(p.severity), message: p.message, code: p.code ?? '', line: p.line, character: p.character, where: l10n.t('Line {0}', p.line + 1) }));
}

function severityText(severity: PreviewProblem['severity']): string {
  switch (severity) {
    case 'error': return l10n.t('Error');
    case 'warning': return l10n.t('Warning');
    case 'information': return l10n.t('Info');
    case 'hint': return l10n.t('Hint');
  }
}
