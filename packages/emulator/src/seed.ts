import { cloneJson } from '@campaign-studio/core';
import { objectId } from './ids';
import { CampaignDoc, EmulatorState, Workspace } from './model';
import { BOOKBARN_CAMPAIGNS, CampaignSeed, SHOPCO_CAMPAIGNS, WORKSPACES } from './seedCampaigns';
import { Obj } from './seedParts';
import { serviceTimestamp } from './time';

/**
 * The seed data: two workspaces (every feature on; none) and their campaigns. Deterministic:
 * the same ids, names and timestamps on every run. Push and Email campaigns are valid under the
 * shared rule set in request shape (test/emulator/seed.test.ts checks it); the content internals
 * follow the public V1 reference shapes. The campaigns are data (seedCampaigns.ts, built with
 * seedParts.ts); this module turns them into stored documents.
 */

export { WORKSPACES };

const DAY = 86_400_000;
/** Seed "creation" times count from here. */
const T0 = Date.UTC(2025, 4, 3, 9, 15, 0);

/** Builds the documents of one workspace. */
class Builder {
  readonly docs: CampaignDoc[] = [];
  private counter = 0;
  constructor(
    readonly ws: Workspace,
    private readonly middle: string,
  ) {}

  private id(ms: number): string {
    return objectId(ms, ++this.counter, this.middle);
  }

  /** A seed's campaign as stored: with its flow and parent resolved, and its `campaign_id` when a revision shares one. */
  add(
    d: Omit<CampaignSeed, 'flow' | 'key' | 'revises' | 'executions'> & {
      flow?: { id: string; name: string };
      parent?: CampaignDoc;
      campaignId?: string;
    },
  ): CampaignDoc {
    const createdMs = T0 + d.day * DAY;
    const id = this.id(createdMs);
    const campaignId = d.campaignId ?? (this.ws.features.versioning ? this.id(createdMs) : id);
    const updatedMs = T0 + (d.updatedDay ?? d.day + 1) * DAY + 37 * 60_000;
    const doc: CampaignDoc = {
      id,
      campaign_id: campaignId,
      workspace: this.ws.id,
      version_number: d.version ?? 1,
      current: d.current ?? true,
      status: d.status,
      channel: d.channel,
      campaign_delivery_type: d.type,
      created_by: d.by,
      updated_by: d.updatedBy ?? d.by,
      created_at: serviceTimestamp(createdMs, false),
      updated_at: serviceTimestamp(updatedMs, false),
      components: cloneJson(d.components),
    };
    if (d.sentDay !== undefined) doc.sent_time = serviceTimestamp(T0 + d.sentDay * DAY + 2 * 3_600_000, false);
    if (d.flow) {
      doc.flow_id = d.flow.id;
      doc.flow_name = d.flow.name;
    }
    if (d.parent) doc.parent_id = d.parent.campaign_id;
    if (d.pausedFrom) doc.paused_from = d.pausedFrom;
    if (d.status !== 'DRAFT') {
      doc.published_at = doc.updated_at;
      if (this.ws.features.versioning)
        doc.published = { components: cloneJson(doc.components), updated_by: doc.updated_by, updated_at: doc.updated_at };
    }
    this.docs.push(doc);
    return doc;
  }

  /** Executions of a periodic or business-event parent: one SENT child per run. */
  children(parent: CampaignDoc, firstDay: number, everyDays: number, count: number): void {
    for (let i = 0; i < count; i++) {
      const day = firstDay + i * everyDays;
      const components = cloneJson(parent.components);
      const b = components.basic_details as Obj | undefined;
      if (b && typeof b.name === 'string') b.name = `${b.name} (${new Date(T0 + day * DAY).toISOString().slice(0, 10)})`;
      this.add({
        channel: parent.channel,
        type: parent.campaign_delivery_type,
        status: 'SENT',
        day,
        sentDay: day,
        by: parent.created_by,
        components,
        parent,
        updatedDay: day,
      });
    }
  }

  flowId(day: number): string {
    return this.id(T0 + day * DAY);
  }
}

/** The documents of one workspace's campaign table, in order: each entry, then its executions. */
function campaignsOf(ws: Workspace, idMiddle: string, table: readonly CampaignSeed[]): CampaignDoc[] {
  const b = new Builder(ws, idMiddle);
  const byKey = new Map<string, CampaignDoc>();
  const flows = new Map<string, { id: string; name: string }>();
  for (const { key, revises, flow: flowName, executions, ...campaign } of table) {
    let flow: { id: string; name: string } | undefined;
    if (flowName !== undefined) {
      flow = flows.get(flowName) ?? { id: b.flowId(campaign.day), name: flowName };
      flows.set(flowName, flow);
    }
    const campaignId = revises === undefined ? undefined : byKey.get(revises)?.campaign_id;
    if (revises !== undefined && campaignId === undefined)
      throw new Error(`The seed's campaign "${revises}" must come before its later versions.`);
    const doc = b.add({ ...campaign, campaignId, flow });
    if (key !== undefined) byKey.set(key, doc);
    if (executions) b.children(doc, executions.first, executions.every, executions.count);
  }
  return b.docs;
}

/** The whole seed state; a fresh deep copy on every call. */
export function seedState(withCampaigns = true): EmulatorState {
  const workspaces = cloneJson(WORKSPACES);
  const campaigns = withCampaigns
    ? [...campaignsOf(workspaces[0], 'a1c0ffee01', SHOPCO_CAMPAIGNS), ...campaignsOf(workspaces[1], 'b2c0ffee02', BOOKBARN_CAMPAIGNS)]
    : [];
  return { format: 'campaign-emulator-state', version: 1, workspaces, campaigns, reachability: {}, counter: 0 };
}
