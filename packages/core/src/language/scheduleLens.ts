import * as l10n from '@vscode/l10n';
import type { Range } from 'vscode-languageserver-types';
import { ParsedDocument } from './parse';
import { rangeFor } from './ranges';
import { isObj } from '../rules/util';
import { describeSchedule, ScheduleInstants, scheduleInstants, zonedText } from '../summary/timeline';

/**
 * The CodeLens above `scheduling_details`: when the campaign sends, in one line. Computed from
 * the document's parse (the cached one in the editor), never by validating again, and from the
 * schedule's instants: only the few times the line shows are put into words.
 */

export interface ScheduleLensInput {
  parsed: ParsedDocument;
  /** Epoch ms: the instant to count from. */
  now: number;
  /** The IANA zone of the person looking. */
  viewerZone: string;
}

export interface ScheduleLens {
  /** The `scheduling_details` key. */
  range: Range;
  title: string;
}

export function scheduleLens(input: ScheduleLensInput): ScheduleLens | undefined {
  const doc = input.parsed.value;
  if (!isObj(doc) || !Object.prototype.hasOwnProperty.call(doc, 'scheduling_details')) return undefined;
  const schedule = scheduleInstants(doc, { now: input.now, limit: 1 });
  return { range: rangeFor(input.parsed, { path: '/scheduling_details', target: 'key' }), title: lensTitle(schedule, input.viewerZone) };
}

/** The lens's words for a schedule: the next send, the window, or why there is none. */
export function lensTitle(s: ScheduleInstants, viewerZone: string): string {
  if (s.never || s.kind === 'incomplete') {
    const t = describeSchedule(s, viewerZone);
    return t.never
      ? l10n.t('never sends: {0}', t.never.replace(/^it (never sends|has expired): /, ''))
      : l10n.t('schedule incomplete: {0}', t.missing.join('; '));
  }
  const next = s.sends[0];
  switch (s.kind) {
    case 'asap':
      return l10n.t('sends as soon as it is created');
    case 'once':
    case 'periodic':
      return next
        ? l10n.t('next send: {0} · {1}', zonedText(next.ms, s.zone).short, zonedText(next.ms, 'UTC').time) +
            (s.kind === 'periodic' && s.more ? l10n.t(' · then more') : '')
        : l10n.t('no send ahead: every send is in the past');
    case 'bestTime': {
      const w = s.window!;
      return l10n.t(
        'best time window: {0} – {1}',
        zonedText(w.start, s.zone).short,
        w.end === undefined ? l10n.t('no end given') : zonedText(w.end, s.zone).short,
      );
    }
    case 'userTimezone': {
      const u = s.userTimezone!;
      const skipped = u.skippedOffsets.length ? l10n.t(' · skips {0} offsets already past', u.skippedOffsets.length) : '';
      return (
        l10n.t(
          'sends at {0} local time: {1} – {2} ({3} h)',
          zonedText(u.wall, 'UTC').time.slice(0, 5),
          zonedText(u.firstMs, 'UTC').short,
          zonedText(u.lastMs, 'UTC').short,
          (u.lastMs - u.firstMs) / 3_600_000,
        ) + skipped
      );
    }
    default:
      return s.window
        ? l10n.t(
            'active {0} – {1}',
            zonedText(s.window.start, s.zone).date,
            s.window.end === undefined ? l10n.t('no end') : zonedText(s.window.end, s.zone).date,
          )
        : s.expiryMs !== undefined
          ? l10n.t('active until {0}', zonedText(s.expiryMs, s.zone).date)
          : l10n.t('active from creation, no end');
  }
}
