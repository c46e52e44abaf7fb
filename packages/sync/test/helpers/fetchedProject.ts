import * as fs from 'fs';
import * as path from 'path';
import { makeBaseSnapshot } from '../../src/remote/baseSnapshots';
import { serializeCampaign } from '../../src/remote/format';
import { campaignFileName } from '../../src/remote/naming';
import { normalizeCampaign } from '../../src/remote/normalize';
import { baseSnapshotPath } from '../../src/remote/baseFormat';
import { pushPeriodic } from '../../../core/test/helpers/ruleCampaigns';

/**
 * A workspace as fetch leaves it, written with the extension's own code: the campaign file
 * `campaigns/<slug>.<id>.campaign.json` in request shape (a periodic schedule kept as the service
 * returned it) and its base snapshot `.campaigns/base/<id>.json` at the workspace root.
 */

export const FETCHED_ID = '66a1b2c3d4e5f60718293a4b';

/** An `ACTIVE` weekly Push campaign as the service returns it (its schedule: a time of day). */
export function activePeriodicRecord(status = 'ACTIVE', id = FETCHED_ID): Record<string, unknown> {
  return {
    id,
    campaign_id: `c-${id.slice(0, 8)}`,
    version_number: 2,
    status,
    updated_at: '2026-02-01T10:00:00Z',
    created_at: '2026-01-20T08:00:00Z',
    created_by: 'jane.doe@example.com',
    ...structuredClone(pushPeriodic),
    scheduling_details: {
      delivery_type: 'SCHEDULED',
      schedule_time: '09:00:00',
      time_zone: 'Asia/Kolkata',
      frequency: 'WEEKLY',
      periodic_details: { sending_frequency: 'WEEKLY', repeat_frequency: 1, no_of_occurences: 12, repeat_on_days_of_week: ['MONDAY'] },
    },
  };
}

export interface FetchedProject {
  /** The campaign file. */
  file: string;
  /** Its text as fetch wrote it. */
  text: string;
  /** The document fetch wrote (request shape, metadata kept). */
  document: Record<string, unknown>;
  sidecar: string;
}

/** Writes the file and its base under `root` (the workspace folder), as a fetch would. */
export function writeFetched(root: string, record: Record<string, unknown> = activePeriodicRecord(), folder = 'campaigns'): FetchedProject {
  const n = normalizeCampaign(record);
  const id = String(record.id);
  const file = path.join(root, folder, campaignFileName((n.document.basic_details as { name?: string }).name, id));
  const text = serializeCampaign(n.document);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  const sidecar = baseSnapshotPath(root, id);
  fs.mkdirSync(path.dirname(sidecar), { recursive: true });
  const snap = makeBaseSnapshot({
    environment: 'staging',
    baseUrl: 'https://api.example.com',
    workspaceId: 'WS1',
    id,
    campaign: n.document,
    aside: n.aside,
    notes: n.notes,
  });
  fs.writeFileSync(sidecar, `${JSON.stringify(snap, null, 2)}\n`);
  return { file, text, document: n.document, sidecar };
}

/** The fetched text with `patch` applied to the document (top-level keys replaced). */
export function editedText(p: FetchedProject, patch: Record<string, unknown>): string {
  return serializeCampaign({ ...structuredClone(p.document), ...patch });
}

/**
 * Rewrites a sidecar as version 1 of the format wrote it (`baseUrl` required, right after
 * `environment`), with `fields` changed; returns the text written.
 */
export function rewriteAsVersion1(sidecar: string, fields: { environment?: string; baseUrl?: string } = {}): string {
  const v2 = JSON.parse(fs.readFileSync(sidecar, 'utf8'));
  const v1 = {
    format: v2.format,
    version: 1,
    environment: fields.environment ?? v2.environment,
    baseUrl: fields.baseUrl ?? v2.baseUrl,
    workspaceId: v2.workspaceId,
    id: v2.id,
    fetchedAt: v2.fetchedAt,
    campaign: v2.campaign,
    aside: v2.aside,
    notes: v2.notes,
  };
  const text = `${JSON.stringify(v1, null, 2)}\n`;
  fs.writeFileSync(sidecar, text);
  return text;
}
