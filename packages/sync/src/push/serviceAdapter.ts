import * as l10n from '@vscode/l10n';
import { baseOfEnvironment, foreignBaseMessage } from '../remote/baseFormat';
import { readBaseSnapshot, writeBaseSnapshot, makeBaseSnapshot } from '../remote/baseSnapshots';
import { holdPushLock } from '../files/pushLock';
import { refusedWith } from '../remote/errors';
import { normalizeCampaign } from '../remote/normalize';
import { CampaignRead } from '../remote/batchRead';
import { ServiceClient } from '../remote/serviceClient';
import { errorEnvelope, ServiceErrorEnvelope } from './errorMapping';
import { CampaignDoc } from './model';
import { isObject } from '@campaign-studio/core';
import { BaseStore, PushApi, RemoteCampaign, TestRecipientResult, TestSendRequest } from './ports';
import type { StatusAction } from '../remote/serviceClient';

/**
 * The write flows' ports on top of the one service client (`client/src/remote/serviceClient.ts`)
 * and the base-snapshot sidecar (`.campaigns/base/<id>.json`). Nothing here builds a request: it
 * only says which client call serves which need; the client's errors reach the flows as they are,
 * carrying what happened to each call (`ServiceError.failure`, `CancelledError.sent`).
 */

function remoteFromRecord(record: CampaignDoc): RemoteCampaign {
  const n = normalizeCampaign(record);
  return { raw: record, normalized: n.document as CampaignDoc, status: typeof record.status === 'string' ? record.status : '' };
}

/** The id in a create answer: `data.id`, `id`, or the V1-style `campaign_id`. */
function idFromCreateAnswer(body: unknown): string | undefined {
  const holders = [body, isObject(body) ? body.data : undefined];
  for (const h of holders) {
    if (!isObject(h)) continue;
    for (const k of ['id', 'campaign_id']) if (typeof h[k] === 'string' && h[k]) return h[k] as string;
  }
  return undefined;
}

/** Per-recipient results: `data: { "<recipient>": { status, failure_reason } }` (the V1 reference shape) or a list. */
function testResults(body: unknown, recipients: readonly string[]): { message?: string; results: TestRecipientResult[] } {
  const message = isObject(body) && typeof body.message === 'string' ? body.message : undefined;
  const data = isObject(body) ? (body.data ?? body.results) : undefined;
  const results: TestRecipientResult[] = [];
  const okStatus = (s: unknown) => typeof s === 'string' && /^(success|sent|ok|queued)$/i.test(s);
  if (isObject(data)) {
    for (const [recipient, v] of Object.entries(data)) {
      const r = isObject(v) ? v : { status: v };
      results.push({
        recipient,
        ok: okStatus(r.status),
        reason:
          typeof r.failure_reason === 'string'
            ? r.failure_reason
            : typeof r.reason === 'string'
              ? r.reason
              : okStatus(r.status)
                ? undefined
                : `status ${String(r.status)}`,
      });
    }
  } else if (Array.isArray(data)) {
    for (const v of data) {
      if (!isObject(v)) continue;
      const recipient = String(v.recipient ?? v.identifier ?? v.email ?? '');
      results.push({ recipient, ok: okStatus(v.status), reason: typeof v.failure_reason === 'string' ? v.failure_reason : undefined });
    }
  }
  // A recipient the answer does not mention is reported, not assumed delivered.
  for (const r of recipients) {
    if (!results.some(x => x.recipient.toLowerCase() === r.toLowerCase()))
      results.push({ recipient: r, ok: false, reason: l10n.t("not mentioned in the service's answer") });
  }
  return { message, results };
}

/** The body of `POST /v5/campaigns/test`: draft mode by id, or inline content; `test_campaign_meta` names the recipients. */
function testBody(req: TestSendRequest): Record<string, unknown> {
  const meta = { identifier: req.channel === 'EMAIL' ? 'EMAIL' : 'USER_ATTRIBUTE_UNIQUE_ID', identifier_values: req.recipients };
  if (req.mode === 'draft') return { campaign_id: req.campaignId, test_campaign_meta: meta };
  return { ...(req.content ?? {}), test_campaign_meta: meta };
}

/**
 * The flows' calls on `client`. Every write is `confirmed`: each flow shows the exact change and
 * asks before it writes (for production a second time: the typed name, or a question of its
 * own), once per user action, so the client's per-request production prompt is not asked again.
 */
export function pushApi(client: ServiceClient): PushApi {
  const confirmed = { confirmed: true };
  return {
    getCampaign: async (id, signal, o) =>
      remoteFromRecord((await client.getCampaign(id, { signal, thenWrite: o?.thenWrite })) as CampaignDoc),
    updateCampaign: async (id, body) => {
      await client.patch(id, body, confirmed);
    },
    createCampaign: async body => {
      const r = await client.createDraft(body as { channel: string; campaign_delivery_type: string; created_by: string }, confirmed);
      const id = idFromCreateAnswer(r.body);
      // Created, but the answer does not say as what: the flows find it by looking, like a lost answer.
      if (!id) throw client.badResponse('createCampaign', r, l10n.t('the draft was created but the answer names no id'));
      return { id };
    },
    validateCampaign: async (id, content) => {
      try {
        const r = await client.validate(id, content);
        const b = r.body;
        if (isObject(b) && isObject(b.error)) return { ok: false as const, envelope: b as unknown as ServiceErrorEnvelope };
        if (isObject(b) && b.valid === false)
          return {
            ok: false as const,
            envelope: {
              error: {
                code: 'VALIDATION_FAILED',
                message: typeof b.message === 'string' ? b.message : l10n.t('The campaign is not valid.'),
                details: Array.isArray(b.details) ? b.details : Array.isArray(b.errors) ? b.errors : [],
              },
            },
          };
        return { ok: true as const };
      } catch (e) {
        const envelope = refusedWith(e, 400) || refusedWith(e, 422) ? errorEnvelope(e) : undefined;
        if (envelope) return { ok: false as const, envelope };
        throw e;
      }
    },
    testCampaign: async req => testResults((await client.testSend(testBody(req), confirmed)).body, req.recipients),
    changeStatus: async (action: StatusAction, id) => {
      await client.setStatus(action, [id], confirmed);
    },
    executions: async (id, page, limit) => {
      const p = await client.executions(id, { page, limit });
      return {
        executions: p.executions.map(e => ({
          campaign_id: String(e.campaign_id ?? e.id ?? ''),
          sent_time: typeof e.sent_time === 'string' ? e.sent_time : undefined,
          status: typeof e.status === 'string' ? e.status : undefined,
        })),
        total_instances: p.total_instances,
      };
    },
    findDrafts: async (createdBy, channel, deliveryType, signal) => {
      const records = await client.searchAll(
        { campaign_fields: { status: ['DRAFT'], created_by: [createdBy], channels: [channel], campaign_delivery_type: [deliveryType] } },
        { maxPages: 20, signal },
      );
      return records
        .map(r => ({ id: String(r.id ?? r.campaign_id ?? ''), created_at: typeof r.created_at === 'string' ? r.created_at : undefined }))
        .filter(r => r.id);
    },
  };
}

/**
 * `api`, whose next read of a campaign in `reads` is the read already made (by `readCampaigns`,
 * many in one call), which is then taken out of `reads` (the caller may add more at any time); a
 * read that failed there fails the same way. Every other read, and the read just before a
 * write, goes to the service.
 */
export function withReads(api: PushApi, reads: Map<string, CampaignRead>): PushApi {
  return {
    ...api,
    getCampaign: async (id, signal, o) => {
      const read = o?.thenWrite ? undefined : reads.get(id);
      if (!read) return api.getCampaign(id, signal, o);
      reads.delete(id);
      return remoteOfRead(read);
    },
  };
}

/** The campaign a batched read gave, as the flows see it; a read that failed throws its failure. */
export function remoteOfRead(read: CampaignRead): RemoteCampaign {
  if ('error' in read) throw read.error;
  return remoteFromRecord(read.record as CampaignDoc);
}

/**
 * Base snapshots of one workspace folder, for one environment: a base fetched from another
 * environment or workspace is refused rather than compared (it describes another campaign store).
 */
export function baseStore(workspaceRoot: string, client: ServiceClient): BaseStore {
  const env = client.environment;
  return {
    async read(id) {
      const snap = await readBaseSnapshot(workspaceRoot, id);
      if (!snap) return undefined;
      const own = baseOfEnvironment(snap, env);
      if (!own) throw new Error(foreignBaseMessage(id, snap, env));
      // A version-1 sidecar moves to version 2 (and to a new environment name) as it is used.
      if (own.migratedFrom) await writeBaseSnapshot(workspaceRoot, own);
      return { ...own.aside, ...own.campaign } as CampaignDoc;
    },
    async write(id, remote) {
      const n = normalizeCampaign(remote.raw);
      await writeBaseSnapshot(
        workspaceRoot,
        makeBaseSnapshot({
          environment: env.name,
          baseUrl: env.baseUrl,
          workspaceId: env.workspaceId,
          id,
          campaign: n.document,
          aside: n.aside,
          notes: n.notes,
        }),
      );
    },
    hold: (id, onWait) => holdPushLock(workspaceRoot, id, { onWait }),
  };
}
