/**
 * What the campaign preview's webview and its panel (`panel.ts`) say to each other, and the check
 * of each message the webview posts. No imports: the webview script (`src/webview/preview.ts`,
 * built for the browser) and the extension both use these.
 */

/** One labelled value: "utm_source" → "app", with the values under it (a goal's parts). */
export interface PreviewRow {
  label: string;
  value: string;
  items?: PreviewRow[];
}

/** A part of the audience or trigger in words: its sentence, and the filters of its group as nested parts. */
export interface PreviewWords {
  text: string;
  /** "Included", "Excluded", "Trigger", "Delay"…, for a top-level part. */
  label?: string;
  operator?: 'AND' | 'OR';
  items?: PreviewWords[];
}

/** One send as the timeline lists it: the same instant in the campaign's zone, in UTC and for the viewer. */
export interface PreviewSend {
  /** Epoch milliseconds: where the chart places it. */
  at: number;
  campaignTime: string;
  /** The day in the campaign's zone, such as `1 Mar 2030`: the chart's labels. */
  day: string;
  utc: string;
  viewerTime: string;
  /** Something to know about this send (a DST change next to it, users skipped); empty when none. */
  note: string;
}

/** One problem of the file, with the place "reveal" goes to (zero-based, as in the editor's API). */
export interface PreviewProblem {
  severity: 'error' | 'warning' | 'information' | 'hint';
  /** The severity as people read it. */
  severityText: string;
  message: string;
  /** The rule id, when the problem has one. */
  code: string;
  line: number;
  character: number;
  /** "Line 12": the link's text. */
  where: string;
}

/** Everything the preview draws: plain JSON, built in the extension by `previewModel`. */
export interface PreviewModel {
  fileName: string;
  /**
   * Set when the file is not summarised: not a campaign object (a syntax error at the root, an
   * array), or larger than the preview reads. Why, and what to do; the page then shows only the
   * header, this and the problems.
   */
  unreadable: string;
  header: {
    name: string;
    /** Channel, delivery type, status and environment, only those known. */
    rows: PreviewRow[];
  };
  schedule: {
    /** The schedule in one sentence. */
    summary: string;
    rows: PreviewRow[];
    sends: PreviewSend[];
    /** More sends follow those listed. */
    more: boolean;
    /** The chart's text alternative. */
    chartLabel: string;
  };
  /** The audience, in words. */
  audience: PreviewWords[];
  /** The trigger, in words; empty when the campaign has none. */
  trigger: PreviewWords[];
  limits: PreviewRow[];
  controlGroup: PreviewRow[];
  goals: PreviewRow[];
  utm: PreviewRow[];
  problems: PreviewProblem[];
  /** The problems not listed (past the first ones), as a sentence pointing to the Problems panel; empty when all are listed. */
  moreProblems: string;
}

/** The words of the page that no model changes, localized by the extension. */
export interface PreviewTexts {
  loading: string;
  headings: {
    schedule: string;
    audience: string;
    trigger: string;
    limits: string;
    controlGroup: string;
    goals: string;
    utm: string;
    problems: string;
  };
  columns: { campaignTime: string; utc: string; viewerTime: string; note: string };
  /** Said where a section has nothing to show. */
  none: string;
  noProblems: string;
  noSends: string;
  /** The label of the chart when it is drawn ("Next sends, as a timeline"). */
  chart: string;
  /** The disclosure that shows a group's filters as a nested list, and the list's labels by operator. */
  asList: string;
  allOf: string;
  anyOf: string;
}

/** Panel → webview: draw this. */
export interface ModelMessage {
  type: 'model';
  model: PreviewModel;
}

/** Webview → panel. */
export type ViewMessage = { type: 'ready' } | { type: 'reveal'; line: number; character: number };

const isPosition = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** True when `m` is a message the panel acts on; anything else the webview posts is ignored. */
export function isViewMessage(m: unknown): m is ViewMessage {
  if (typeof m !== 'object' || m === null) return false;
  const o = m as Record<string, unknown>;
  switch (o.type) {
    case 'ready':
      return true;
    case 'reveal':
      return isPosition(o.line) && isPosition(o.character);
    default:
      return false;
  }
}
