/**
 * What a campaign does, computed as a person edits: the campaign preview's model (the send
 * timeline, the audience and trigger in words, the facts) on each edit, and the rule N1, whose
 * search for a schedule that never sends runs through ten years of the calendar on each keystroke.
 * In process, against the full validation of the same document in the same run.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Figure } from './figures';
import { ms, times } from './figures';
import { measure, Stats } from './measure';
import { parse } from '../packages/core/src/language/parse';
import { validate } from '../packages/core/src/language/validate';
import { previewModel } from '../packages/extension/src/preview/model';

/** The preview waits this long after the last edit (`DEBOUNCE_MS` of the panel) before it computes. */
const PREVIEW_DEBOUNCE_MS = 60;
/** The bound from an edit to the preview showing it. */
const PREVIEW_BOUND_MS = 300;
/** N1 runs on every keystroke: its worst case should stay a small part of a frame. */
const N1_GOAL_MS = 5;

export interface SummaryFigures {
  /** The preview's model of a campaign sent daily for six years, and the validation of the same text. */
  preview: { model: Stats; validation: Stats };
  /** Validation of a periodic campaign whose days never occur (N1's ten-year search), and of the same campaign with days that do. */
  neverSends: { validation: Stats; sendingValidation: Stats };
}

const YEAR_MS = 365.25 * 24 * 3600 * 1000;

function campaignWith(scheduling: object): string {
  const example = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../examples/campaigns/spring-sale.campaign.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  return JSON.stringify({ ...example, campaign_delivery_type: 'PERIODIC', scheduling_details: scheduling }, null, 2);
}

/** Every twelfth month from February a year ago, on `days`: the 30th never occurs, the 28th always does. */
function everyFebruary(days: number[], now: number): string {
  const start = `${new Date(now - YEAR_MS).getUTCFullYear()}-02-10T09:00:00`;
  return campaignWith({
    delivery_type: 'AT_FIXED_TIME',
    timezone: 'Europe/Berlin',
    start_time: start,
    periodic_details: { sending_frequency: 'MONTHLY', repeat_frequency: 12, repeat_on_date_of_month: days },
  });
}

function validation(text: string, now: number, runs: number, budget: number): Stats {
  return measure(
    () => {
      validate(parse(text), { kind: 'campaign', settings: { features: {} }, now });
    },
    runs,
    budget,
  );
}

export function summaryBench(quick: boolean): SummaryFigures {
  const now = Date.now();
  const [runs, budget] = quick ? [20, 300] : [100, 2000];
  const daily = campaignWith({
    delivery_type: 'AT_FIXED_TIME',
    timezone: 'Europe/Berlin',
    start_time: new Date(now - 6 * YEAR_MS).toISOString().slice(0, 19),
    periodic_details: { sending_frequency: 'DAILY', repeat_frequency: 1 },
  });
  const viewerZone = 'America/New_York';
  const model = measure(
    () => {
      previewModel(parse(daily).value, [], { fileName: 'daily.campaign.json', now, viewerZone });
    },
    runs,
    budget,
  );
  const never = everyFebruary([30], now);
  const sending = everyFebruary([28], now);
  return {
    preview: { model, validation: validation(daily, now, runs, budget) },
    neverSends: { validation: validation(never, now, runs, budget), sendingValidation: validation(sending, now, runs, budget) },
  };
}

export function summaryGoals(f: SummaryFigures): Figure[] {
  const within = PREVIEW_BOUND_MS - PREVIEW_DEBOUNCE_MS;
  return [
    {
      goal: `campaign preview's model of a campaign sent daily for 6 years: under ${within} ms (${PREVIEW_BOUND_MS} ms from an edit, less the ${PREVIEW_DEBOUNCE_MS} ms debounce)`,
      met: f.preview.model.p95 < within,
      value: `${ms(f.preview.model.median)} ms (p95 ${ms(f.preview.model.p95)})`,
      anchor: `its validation ${ms(f.preview.validation.median)} ms`,
      ratio: times(f.preview.model.median / f.preview.validation.median),
    },
    {
      goal: `validation of a schedule that never sends (N1 searches 10 years): under ${N1_GOAL_MS} ms`,
      met: f.neverSends.validation.p95 < N1_GOAL_MS,
      value: `${ms(f.neverSends.validation.median)} ms (p95 ${ms(f.neverSends.validation.p95)})`,
      anchor: `a schedule that sends ${ms(f.neverSends.sendingValidation.median)} ms`,
      ratio: times(f.neverSends.validation.median / f.neverSends.sendingValidation.median),
    },
  ];
}
