/**
 * The lint bench's corpus: every delivery type, channel and schedule the seed of the emulator
 * holds (one-time, periodic daily, weekly and monthly, in users' time zones, best time, and each
 * kind of trigger), each grown to a chosen size through its audience filters, a tenth with a
 * mistake in a filter and one in its time zone.
 */
import { seedState } from '../packages/emulator/src/seed';
import { actionFilter, userAttributeFilter } from './generate';

type Doc = Record<string, unknown>;

/** The seed's top-level campaigns of its every-feature workspace, as files: identity and components. */
function templates(): Doc[] {
  return seedState()
    .campaigns.filter(d => d.workspace === 'WKSPALLFEATURES01' && d.current && !d.parent_id && !d.flow_id)
    .map(d => ({
      channel: d.channel,
      campaign_delivery_type: d.campaign_delivery_type,
      created_by: d.created_by,
      ...(JSON.parse(JSON.stringify(d.components)) as Doc),
    }));
}

function withFilters(template: Doc, count: number, errors: boolean): Doc {
  const filters = Array.from({ length: count }, (_, i) =>
    i % 2 === 0 ? userAttributeFilter(i, errors && i === 1) : actionFilter(i, errors && i === 1),
  );
  const doc: Doc = {
    ...template,
    segmentation_details: {
      included_filters: { filter_operator: 'and', filters },
      is_all_user_campaign: false,
      send_campaign_to_opt_out_users: false,
    },
  };
  const sd = doc.scheduling_details as Doc | undefined;
  if (errors && sd && typeof sd.timezone === 'string') doc.scheduling_details = { ...sd, timezone: 'Mars/Olympus' };
  return doc;
}

/** `n` files of 3–8 KB, cycling through the templates; every `errorsEvery`th has mistakes. */
export function mixedCorpus(n: number, errorsEvery: number): Array<{ text: string; errors: boolean; type: string }> {
  const all = templates();
  const out: Array<{ text: string; errors: boolean; type: string }> = [];
  for (let i = 0; i < n; i++) {
    const template = all[i % all.length];
    const errors = i % errorsEvery === 0;
    const bytes = 3_000 + ((i * 7_919) % 5_001);
    const skeleton = JSON.stringify(withFilters(template, 0, errors), null, 2).length;
    const per = (JSON.stringify(withFilters(template, 10, errors), null, 2).length - skeleton) / 10;
    const text = JSON.stringify(withFilters(template, Math.max(1, Math.round((bytes - skeleton) / per)), errors), null, 2) + '\n';
    out.push({ text, errors, type: String(template.campaign_delivery_type) });
  }
  return out;
}
