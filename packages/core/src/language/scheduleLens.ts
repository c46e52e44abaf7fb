import * as l10n from '@vscode/l10n';
import type { Range } from 'vscode-languageserver-types';
import { ParsedDocument } from './parse';
import { rangeFor } from './ranges';
import { isObj } from '../rules/util';
import { SendTimeline, sendTimeline } from '../summary/timeline';

/**
 * The CodeLens above `scheduling_details`: when the campaign sends, in one line. Computed from
 * the document's parse (the cached one in the editor), never by validating again.
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
  const timeline = sendTimeline(doc, { now: input.now, viewerZone: input.viewerZone, limit: 1 });
  return { range: rangeFor(input.parsed, { path: '/scheduling_details', target: 'key' }), title: lensTitle(timeline) };
}

/** The lens's words for a timeline: the next send, the window, or why there is none. */
export function lensTitle(t: SendTimeline): string {
  if (t.never) return l10n.t('never sends: {0}', t.never.replace(/^it (never sends|has expired): /, ''));
  const next = t.sends[0];
  switch (t.kind) {
    case 'asap':
      return l10n.t('sends as soon as it is created');
    case 'once':
    case 'periodic':
      return next
        ? l10n.t('next send: {0} · {1}', next.at.campaign.short, next.at.utc.time) +
            (t.kind === 'periodic' && t.more ? l10n.t(' · then more') : '')
        : l10n.t('no send ahead: every send is in the past');
    case 'bestTime':
      return l10n.t('best time window: {0} – {1}', t.window!.start.campaign.short, t.window!.end?.campaign.short ?? l10n.t('no end given'));
    case 'userTimezone': {
      const s = t.userTimezone!;
      const skipped = s.skippedOffsets.length ? l10n.t(' · skips {0} offsets already past', s.skippedOffsets.length) : '';
      return (
        l10n.t('sends at {0} local time: {1} – {2} ({3} h)', s.localTime.slice(11), s.first.utc.short, s.last.utc.short, s.hours) + skipped
      );
    }
    case 'triggered':
      return t.window
        ? l10n.t('active {0} – {1}', t.window.start.campaign.date, t.window.end?.campaign.date ?? l10n.t('no end'))
        : t.expiry
          ? l10n.t('active until {0}', t.expiry.campaign.date)
          : l10n.t('active from creation, no end');
    default:
      return l10n.t('schedule incomplete: {0}', t.missing.join('; '));
  }
}
