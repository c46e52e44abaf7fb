import { cloneJson, Component, COMPONENTS, isComponent, isDeliveryType, isKnownNonComponent, isObject } from '@campaign-studio/core';
import { dequal } from 'dequal';
import { badRequest, ErrorDetail, forbidden, notFound, ServiceError, unprocessable, validationFailed } from './errors';
import { hash32 } from './ids';
import { CampaignDoc, Channel, DeliveryType, DELIVERY_TYPES, EMAIL, OBJECT_ID, Status, Workspace } from './model';
import { matches, pageOf, parseQuery, PAGE_LIMIT } from './query';
import { errorDetails, ruleFindings } from './ruleBridge';
import { basic, campaignName, campaignTags, capitalise, metaStatus, startTimeUtc, toRecord } from './shape';
import { Store } from './store';
import { Clock, instantOf, isoMicros, utcDay } from './time';

/**
 * The behaviour of each operation, one public method each, which the route tables (routes/)
 * name. They get an authenticated workspace and a parsed body and return `{ status, body }` or
 * throw a ServiceError; the HTTP layer does the rest.
 */

export interface OperationContext {
  ws: Workspace;
  body: Record<string, unknown>;
  params: { campaign_id?: string };
  requestId: string;
  /** True when the caller sent a request id (header or body). */
  requestIdGiven: boolean;
}

export interface OperationResult {
  status: number;
  body: unknown;
}

/** How PATCH treats the state of a campaign (rules P1–P3). */
const LOCKED_WHEN_LIVE: Component[] = ['trigger_condition', 'segmentation_details', 'conversion_goal_details'];
/** States that have begun sending: the `ACTIVE` rule (P1) applies to them. */
const LIVE_STATES: Status[] = ['ACTIVE', 'PAUSED', 'SENDING', 'SENT'];
const PAUSABLE: DeliveryType[] = ['PERIODIC', 'EVENT_TRIGGERED', 'BUSINESS_EVENT_TRIGGERED', 'DEVICE_TRIGGERED', 'LOCATION_TRIGGERED'];
const EXECUTION_PARENTS: DeliveryType[] = ['PERIODIC', 'BUSINESS_EVENT_TRIGGERED'];
const REACHABILITY_TYPES: DeliveryType[] = ['ONE_TIME', 'BUSINESS_EVENT_TRIGGERED', 'EVENT_TRIGGERED'];
const TRIGGER_REQUIRED: DeliveryType[] = ['EVENT_TRIGGERED', 'DEVICE_TRIGGERED', 'LOCATION_TRIGGERED'];

const TEST_IDENTIFIERS = [
  'EMAIL',
  'ID',
  'CUSTOM_SEGMENT',
  'MOBILE_NUMBER',
  'USER_ATTRIBUTE_UNIQUE_ID',
  'USER_ATTRIBUTE_USER_EMAIL',
  'USER_ATTRIBUTE_USER_MOBILE',
  'MOE_GAID',
  'ADVERTISING_IDENTIFIER',
  'PUSH_ID',
];
const MAX_TEST_RECIPIENTS = 10;
const MAX_STATUS_IDS = 10;

const code = (s: unknown) => '`' + (typeof s === 'string' ? s : JSON.stringify(s)) + '`';

export class CampaignService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly onRuleError: (ids: string[], e: unknown) => void = () => undefined,
  ) {}

  // ---- lookups ---------------------------------------------------------------------------------

  private checkId(id: string | undefined): string {
    if (!id || !OBJECT_ID.test(id)) {
      throw validationFailed([
        { target: 'campaign_id', message: `${code(id ?? '')} is not a campaign id: ids are 24-character object ids (0-9, a-f).` },
      ]);
    }
    return id;
  }

  private find(ctx: OperationContext): CampaignDoc {
    const id = this.checkId(ctx.params.campaign_id);
    const doc = this.store.resolve(ctx.ws, id);
    if (!doc) throw notFound(id);
    return doc;
  }

  /** The campaign a write addresses: current revision only, never SMS. */
  private findWritable(ctx: OperationContext, what: string): CampaignDoc {
    const doc = this.find(ctx);
    this.checkWritable(doc, what);
    return doc;
  }

  private checkWritable(doc: CampaignDoc, what: string): void {
    if (!doc.current) {
      const cur = this.store.revisions(doc).find(d => d.current);
      throw unprocessable(
        `Revision ${doc.id} (version ${doc.version_number}) has been superseded by version ${cur?.version_number ?? '?'}${cur ? ` (id ${cur.id})` : ''}: ${what} the current revision, or address the campaign by its \`campaign_id\` ${doc.campaign_id}.`,
        'campaign_id',
      );
    }
    if (doc.channel === 'SMS') {
      throw forbidden(
        `SMS campaigns cannot be ${what === 'update' ? 'updated' : 'changed'} through this interface: they are managed in the dashboard (or V1). ${what === 'update' ? 'Updating' : 'This call'} works for PUSH and EMAIL campaigns.`,
        'channel',
      );
    }
  }

  // ---- reads -----------------------------------------------------------------------------------

  get(ctx: OperationContext): OperationResult {
    if (!ctx.requestIdGiven) {
      throw badRequest(
        '`X-SVC-Request-Id` is required on this request: send a unique id in the header (or as `request_id` in a body); it comes back as `response_id`.',
        'X-SVC-Request-Id',
      );
    }
    const doc = this.find(ctx);
    return { status: 200, body: { response_id: ctx.requestId, type: 'campaign', data: toRecord(doc, ctx.ws) } };
  }

  search(ctx: OperationContext): OperationResult {
    const q = parseQuery(ctx.body, ctx.ws, 'search');
    const hits = this.store.docs(ctx.ws).filter(d => matches(d, q, 'search'));
    const data = pageOf(hits, q).map(d => toRecord(d, ctx.ws, { relations: q.includeChildren }));
    return { status: 200, body: { response_id: ctx.requestId, type: 'campaign', data } };
  }

  meta(ctx: OperationContext): OperationResult {
    if (!ctx.requestIdGiven) {
      throw badRequest(
        '`request_id` is required by the metadata call (a V1 call): send it in the body or in `X-SVC-Request-Id`.',
        'request_id',
      );
    }
    const q = parseQuery(ctx.body, ctx.ws, 'meta');
    const hits = this.store.docs(ctx.ws).filter(d => matches(d, q, 'meta'));
    const today = utcDay(this.clock.now());
    let cacheChanged = false;
    const records = pageOf(hits, q).map(doc => {
      const b = basic(doc);
      const r: Record<string, unknown> = {
        campaign_id: doc.campaign_id,
        channel: doc.channel,
        platform: doc.channel === 'PUSH' && Array.isArray(b.platforms) ? cloneJson(b.platforms) : [],
        created_by: doc.created_by,
        campaign_delivery_type: doc.campaign_delivery_type,
        campaign_name: campaignName(doc),
        campaign_team: typeof b.team === 'string' ? b.team : '',
        campaign_tags: campaignTags(doc),
        campaign_status: capitalise(metaStatus(doc)),
        campaign_start_time: startTimeUtc(doc),
      };
      if (doc.parent_id && q.includeChildren) r.parent_campaign_id = doc.parent_id;
      if (doc.campaign_delivery_type === 'PERIODIC' && !doc.parent_id) r.total_child_campiagns = this.store.children(doc).length;
      if (doc.status === 'SCHEDULED' && REACHABILITY_TYPES.includes(doc.campaign_delivery_type)) {
        let entry = this.store.state.reachability[doc.id];
        if (!entry || entry.day !== today) {
          // Estimated once a day and cached: calls on the same day see the same figure.
          entry = { day: today, count: 1000 + (hash32(`${doc.id}:${today}`) % 90_000), last_updated_time: isoMicros(this.clock.now()) };
          this.store.state.reachability[doc.id] = entry;
          cacheChanged = true;
        }
        r.reachability_details = { count: entry.count, last_updated_time: entry.last_updated_time };
      }
      return r;
    });
    if (cacheChanged) this.store.persist();
    return { status: 200, body: records };
  }

  executions(ctx: OperationContext): OperationResult {
    const parent = this.find(ctx);
    if (!EXECUTION_PARENTS.includes(parent.campaign_delivery_type) || parent.parent_id) {
      throw unprocessable(
        `Execution history exists for periodic and business-event-triggered parent campaigns; this one is ${parent.parent_id ? 'a child campaign' : code(parent.campaign_delivery_type)}.`,
        'campaign_id',
      );
    }
    const problems: ErrorDetail[] = [];
    for (const k of Object.keys(ctx.body)) {
      if (!['request_id', 'limit', 'page'].includes(k))
        problems.push({ target: k, message: `\`${k}\` is not a field of an executions request (\`limit\`, \`page\`, \`request_id\`).` });
    }
    const limit = ctx.body.limit ?? PAGE_LIMIT;
    const page = ctx.body.page ?? 1;
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > PAGE_LIMIT)
      problems.push({ target: 'limit', message: `\`limit\` is an integer from 1 to ${PAGE_LIMIT}.` });
    if (typeof page !== 'number' || !Number.isInteger(page) || page < 1)
      problems.push({ target: 'page', message: '`page` is an integer from 1.' });
    if (problems.length) throw validationFailed(problems);
    const children = this.store.children(parent).sort((a, b) => ((a.sent_time ?? '') < (b.sent_time ?? '') ? 1 : -1));
    const l = limit as number;
    const p = page as number;
    const executions = children
      .slice((p - 1) * l, p * l)
      .map(c => ({ campaign_id: c.campaign_id, sent_time: c.sent_time ?? null, status: c.status }));
    return {
      status: 200,
      body: { response_id: ctx.requestId, type: 'executions', data: { executions, total_instances: children.length } },
    };
  }

  // ---- writes ------------------------------------------------------------------------------------

  private audienceLimitGate(ws: Workspace, body: Record<string, unknown>): void {
    if ('campaign_audience_limit' in body && !ws.features.audienceLimit) {
      const message =
        'The audience limit feature is not enabled in this workspace, so `campaign_audience_limit` cannot be used. Remove it, or ask for the feature to be enabled.';
      throw new ServiceError('VALIDATION_FAILED', message, 'campaign_audience_limit', [{ target: 'campaign_audience_limit', message }]);
    }
  }

  private queuingProblems(ws: Workspace, components: Record<string, unknown>): ErrorDetail[] {
    const dc = components.delivery_controls;
    if (ws.features.queuing || !isObject(dc)) return [];
    return ['queuing_enabled', 'queue_duration']
      .filter(k => k in dc)
      .map(k => ({
        target: `delivery_controls.${k}`,
        message: `Queuing is not enabled in this workspace, so \`${k}\` cannot be used. Remove it from \`delivery_controls\`, or ask for the feature to be enabled.`,
      }));
  }

  create(ctx: OperationContext): OperationResult {
    const { ws, body } = ctx;
    this.audienceLimitGate(ws, body);
    const problems: ErrorDetail[] = [];
    for (const k of Object.keys(body)) {
      if (['request_id', 'channel', 'campaign_delivery_type', 'created_by'].includes(k)) continue;
      problems.push({
        target: k,
        message: isComponent(k)
          ? `A draft is created from \`channel\`, \`campaign_delivery_type\` and \`created_by\` only: add \`${k}\` afterwards with PATCH /v5/campaigns/{campaign_id}.`
          : `\`${k}\` is not a field of a create request (\`channel\`, \`campaign_delivery_type\`, \`created_by\`).`,
      });
    }
    const channel = body.channel;
    const type = body.campaign_delivery_type;
    if (channel === undefined) problems.push({ target: 'channel', message: '`channel` is required: `PUSH` or `EMAIL`.' });
    else if (channel === 'SMS')
      problems.push({
        target: 'channel',
        message:
          'SMS campaigns cannot be created through V5: create them in the dashboard (or V1). V5 creates `PUSH` and `EMAIL` campaigns.',
      });
    else if (channel !== 'PUSH' && channel !== 'EMAIL')
      problems.push({ target: 'channel', message: `${code(channel)} is not a channel: use \`PUSH\` or \`EMAIL\`.` });
    if (type === undefined)
      problems.push({
        target: 'campaign_delivery_type',
        message: `\`campaign_delivery_type\` is required: one of ${DELIVERY_TYPES.filter(t => t !== 'BROADCAST_LIVE_ACTIVITY')
          .map(code)
          .join(', ')}.`,
      });
    else if (type === 'BROADCAST_LIVE_ACTIVITY')
      problems.push({
        target: 'campaign_delivery_type',
        message: '`BROADCAST_LIVE_ACTIVITY` campaigns cannot be created through POST /v5/campaigns: create them in the dashboard.',
      });
    else if (!isDeliveryType(type))
      problems.push({
        target: 'campaign_delivery_type',
        message: `${code(type)} is not a delivery type: use one of ${DELIVERY_TYPES.filter(t => t !== 'BROADCAST_LIVE_ACTIVITY')
          .map(code)
          .join(', ')}.`,
      });
    else if (channel === 'EMAIL' && (type === 'DEVICE_TRIGGERED' || type === 'LOCATION_TRIGGERED'))
      problems.push({ target: 'campaign_delivery_type', message: `${code(type)} is for PUSH campaigns only.` });
    if (body.created_by === undefined)
      problems.push({ target: 'created_by', message: '`created_by` is required: the email address of the person creating the draft.' });
    else if (typeof body.created_by !== 'string' || !EMAIL.test(body.created_by))
      problems.push({
        target: 'created_by',
        message: `${code(body.created_by)} is not an email address: use the creator's address, such as \`jane@example.com\`.`,
      });
    if (problems.length) throw validationFailed(problems);
    const now = this.store.stamp();
    const id = this.store.newId();
    const doc: CampaignDoc = {
      id,
      campaign_id: ws.features.versioning ? this.store.newId() : id,
      workspace: ws.id,
      version_number: 1,
      current: true,
      status: 'DRAFT',
      channel: channel as Channel,
      campaign_delivery_type: type as DeliveryType,
      created_by: body.created_by as string,
      updated_by: body.created_by as string,
      created_at: now,
      updated_at: now,
      components: {},
    };
    this.store.add(doc);
    this.store.persist();
    return { status: 201, body: { response_id: ctx.requestId, type: 'campaign', data: toRecord(doc, ws) } };
  }

  /**
   * Everything a body that changes components must pass, shared by PATCH, the validate call and
   * V1 publish. Returns the submitted components and the campaign as it would be.
   */
  private checkChange(
    ctx: OperationContext,
    doc: CampaignDoc,
    mode: 'update' | 'validate' | 'publish',
  ): { submitted: Map<Component, unknown>; merged: Record<string, unknown> } {
    const { ws, body } = ctx;
    const problems: ErrorDetail[] = [];
    const submitted = new Map<Component, unknown>();
    for (const [k, v] of Object.entries(body)) {
      if (isComponent(k)) submitted.set(k, v);
      else if (k === 'request_id' || isKnownNonComponent(k)) continue;
      else
        problems.push({
          target: k,
          message: `\`${k}\` is not a field of a campaign ${mode === 'validate' ? 'validation' : 'update'}; components are ${COMPONENTS.map(code).join(', ')}.`,
        });
    }
    problems.push(...changeMetaProblems(body, doc, mode));
    for (const [c, v] of submitted) {
      const ok = c === 'sender_name' ? typeof v === 'string' : isObject(v);
      if (!ok)
        problems.push({
          target: c,
          message:
            c === 'sender_name'
              ? '`sender_name` is a string.'
              : `\`${c}\` must be an object: send the whole component, even to change one field inside it.`,
        });
    }
    if (problems.length) throw validationFailed(problems);

    this.audienceLimitGate(ws, body);
    this.checkState(doc, submitted);

    const merged: Record<string, unknown> = { ...cloneJson(doc.components) };
    for (const [c, v] of submitted) merged[c] = cloneJson(v);
    const candidate: Record<string, unknown> = { channel: doc.channel, campaign_delivery_type: doc.campaign_delivery_type };
    if (typeof body.updated_by === 'string') candidate.updated_by = body.updated_by;
    Object.assign(candidate, merged);

    const findings = ruleFindings(candidate, ws, this.onRuleError);
    const whole = mode !== 'update';
    const scope = whole ? undefined : new Set<string>([...submitted.keys(), 'channel', 'campaign_delivery_type', 'updated_by']);
    const queuing = this.queuingProblems(ws, whole ? merged : Object.fromEntries(submitted));
    const details = mergeDetails(whole ? this.completeness(doc, merged) : [], queuing, errorDetails(findings, scope));
    if (details.length) throw validationFailed(details);
    return { submitted, merged };
  }

  /** P1–P3: what the campaign's state lets an update change. */
  private checkState(doc: CampaignDoc, submitted: Map<Component, unknown>): void {
    if (doc.status === 'STOPPED' || doc.status === 'ARCHIVED') {
      throw unprocessable(`The campaign is ${doc.status}: no update is accepted in this state.`, 'status');
    }
    const refused: ErrorDetail[] = [];
    const stored = isObject(doc.components.scheduling_details) ? doc.components.scheduling_details : {};
    const next = submitted.get('scheduling_details');
    const nextS = isObject(next) ? next : undefined;
    if (LIVE_STATES.includes(doc.status)) {
      for (const c of LOCKED_WHEN_LIVE) {
        if (submitted.has(c) && !dequal(submitted.get(c), doc.components[c])) {
          refused.push({
            target: c,
            message: `The campaign is ${doc.status}: \`${c}\` cannot be changed once it is live. Send it unchanged, or leave it out of the update.`,
          });
        }
      }
      if (nextS) {
        for (const k of ['delivery_type', 'start_time']) {
          if (!dequal(nextS[k], stored[k])) {
            refused.push({
              target: `scheduling_details.${k}`,
              message: `The campaign is ${doc.status}: \`scheduling_details.${k}\` cannot be changed once it is live (it is ${code(stored[k] ?? null)}).`,
            });
          }
        }
      }
    } else if (doc.status === 'SCHEDULED' && nextS && !dequal(nextS.delivery_type, stored.delivery_type)) {
      refused.push({
        target: 'scheduling_details.delivery_type',
        message: `The campaign is SCHEDULED: the scheduling type cannot change (it is ${code(stored.delivery_type ?? null)}). Everything else can be edited.`,
      });
    }
    if (refused.length) {
      throw unprocessable(
        refused.length === 1
          ? refused[0].message
          : `The campaign is ${doc.status}: ${refused.length} of the changes are not allowed in this state.`,
        refused[0].target,
        refused,
      );
    }
  }

  /** What publishing needs beyond the rule set: the components a live campaign cannot lack. */
  private completeness(doc: CampaignDoc, merged: Record<string, unknown>): ErrorDetail[] {
    const need: Component[] = ['basic_details', 'campaign_content', 'segmentation_details', 'scheduling_details', 'delivery_controls'];
    if (doc.channel === 'EMAIL') need.push('connector');
    if (TRIGGER_REQUIRED.includes(doc.campaign_delivery_type)) need.push('trigger_condition');
    const out: ErrorDetail[] = need
      .filter(c => merged[c] === undefined)
      .map(c => ({ target: c, message: `\`${c}\` is required to publish: add it with PATCH /v5/campaigns/{campaign_id}.` }));
    const b = merged.basic_details;
    if (isObject(b)) {
      if (typeof b.name !== 'string' || b.name.trim() === '')
        out.push({ target: 'basic_details.name', message: '`basic_details.name` is required to publish: give the campaign a name.' });
      if (doc.channel === 'PUSH' && (!Array.isArray(b.platforms) || b.platforms.length === 0))
        out.push({
          target: 'basic_details.platforms',
          message: '`basic_details.platforms` is required to publish: list at least one of `ANDROID`, `IOS`, `WEB`.',
        });
      if (doc.channel === 'EMAIL' && b.content_type === undefined)
        out.push({
          target: 'basic_details.content_type',
          message: '`basic_details.content_type` is required to publish: `PROMOTIONAL` or `TRANSACTIONAL`.',
        });
    }
    return out;
  }

  private apply(doc: CampaignDoc, submitted: Map<Component, unknown>, updatedBy: string): void {
    for (const [c, v] of submitted) doc.components[c] = cloneJson(v);
    if (submitted.size && doc.status !== 'DRAFT') doc.unpublished_edits = true;
    doc.updated_by = updatedBy;
    doc.updated_at = this.store.stamp(doc.updated_at);
  }

  update(ctx: OperationContext): OperationResult {
    const doc = this.findWritable(ctx, 'update');
    const { submitted } = this.checkChange(ctx, doc, 'update');
    this.apply(doc, submitted, ctx.body.updated_by as string);
    this.store.persist();
    return { status: 200, body: { response_id: ctx.requestId, type: 'campaign', data: toRecord(doc, ctx.ws) } };
  }

  validate(ctx: OperationContext): OperationResult {
    const doc = this.find(ctx);
    if (doc.channel === 'SMS') this.checkWritable(doc, 'validate');
    this.checkChange(ctx, doc, 'validate');
    return {
      status: 200,
      body: { response_id: ctx.requestId, type: 'validation', data: { id: doc.id, campaign_id: doc.campaign_id, valid: true } },
    };
  }

  /** Where publishing takes a campaign: SCHEDULED while its start is ahead, ACTIVE otherwise. */
  private liveStatus(doc: CampaignDoc): 'SCHEDULED' | 'ACTIVE' {
    const s = doc.components.scheduling_details;
    if (isObject(s) && typeof s.start_time === 'string') {
      const at = instantOf(s.start_time, typeof s.timezone === 'string' ? s.timezone : undefined);
      if (!Number.isNaN(at) && at > this.clock.now()) return 'SCHEDULED';
    }
    return 'ACTIVE';
  }

  private snapshot(doc: CampaignDoc): void {
    doc.published_at = doc.updated_at;
    delete doc.unpublished_edits;
    if (this.store.workspace(doc.workspace)?.features.versioning) {
      doc.published = { components: cloneJson(doc.components), updated_by: doc.updated_by, updated_at: doc.updated_at };
    }
  }

  publish(ctx: OperationContext): OperationResult {
    if (!ctx.requestIdGiven)
      throw badRequest('`request_id` is required by V1 calls: send it in the body or in `X-SVC-Request-Id`.', 'request_id');
    let doc = this.findWritable(ctx, 'publish');
    if (doc.status === 'SENT' || doc.status === 'SENDING') {
      throw unprocessable(`The campaign is ${doc.status}: it has already been sent, so there is nothing to publish.`, 'status');
    }
    const { submitted } = this.checkChange(ctx, doc, 'publish');
    if (submitted.size || doc.status === 'DRAFT') this.apply(doc, submitted, ctx.body.updated_by as string);
    if (doc.status === 'DRAFT') {
      doc.status = this.liveStatus(doc);
      this.snapshot(doc);
    } else if (ctx.ws.features.versioning && doc.unpublished_edits && doc.published) {
      // Publishing an edit of a published campaign: a new document, one version higher.
      const old = doc;
      const next: CampaignDoc = {
        ...cloneJson(old),
        id: this.store.newId(),
        version_number: Math.max(...this.store.revisions(old).map(d => d.version_number)) + 1,
        created_at: old.updated_at,
        current: true,
      };
      delete next.published;
      delete next.unpublished_edits;
      this.snapshot(next);
      old.current = false;
      delete old.unpublished_edits;
      old.components = cloneJson(old.published!.components);
      old.updated_by = old.published!.updated_by;
      old.updated_at = old.published!.updated_at;
      this.store.add(next);
      doc = next;
    }
    this.store.persist();
    return { status: 200, body: { response_id: ctx.requestId, type: 'campaign', data: toRecord(doc, ctx.ws) } };
  }

  changeStatus(ctx: OperationContext): OperationResult {
    const { ws, body } = ctx;
    const problems: ErrorDetail[] = [];
    for (const k of Object.keys(body)) {
      if (!['request_id', 'action', 'campaign_ids'].includes(k))
        problems.push({ target: k, message: `\`${k}\` is not a field of a status request (\`action\`, \`campaign_ids\`).` });
    }
    const action = body.action;
    if (action === undefined) problems.push({ target: 'action', message: '`action` is required: `PAUSE`, `RESUME` or `STOP`.' });
    else if (action !== 'PAUSE' && action !== 'RESUME' && action !== 'STOP')
      problems.push({ target: 'action', message: `${code(action)} is not an action: use \`PAUSE\`, \`RESUME\` or \`STOP\`.` });
    const ids = body.campaign_ids;
    if (ids === undefined)
      problems.push({ target: 'campaign_ids', message: '`campaign_ids` is required: a list of 1 to 10 campaign ids.' });
    else if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_STATUS_IDS || !ids.every(x => typeof x === 'string')) {
      problems.push({ target: 'campaign_ids', message: `\`campaign_ids\` is a list of 1 to ${MAX_STATUS_IDS} campaign ids (strings).` });
    } else if (new Set(ids).size !== ids.length) {
      problems.push({ target: 'campaign_ids', message: '`campaign_ids` lists a campaign more than once.' });
    }
    if (problems.length) throw validationFailed(problems);
    const missing: ErrorDetail[] = [];
    const forbiddenIds: ErrorDetail[] = [];
    const refused: ErrorDetail[] = [];
    const plan: Array<{ doc: CampaignDoc; to: Status }> = [];
    (ids as string[]).forEach((id, i) => {
      const target = `campaign_ids[${i}]`;
      const doc = OBJECT_ID.test(id) ? this.store.resolve(ws, id) : undefined;
      if (!doc) {
        missing.push({ target, message: `No campaign ${code(id)} in this workspace.` });
        return;
      }
      if (doc.channel === 'SMS') {
        forbiddenIds.push({ target, message: `${code(id)} is an SMS campaign: its status is managed in the dashboard.` });
        return;
      }
      if (!doc.current) {
        refused.push({
          target,
          message: `${code(id)} is a superseded revision (version ${doc.version_number}): use the campaign id ${doc.campaign_id}.`,
        });
        return;
      }
      const t = transition(doc, action as 'PAUSE' | 'RESUME' | 'STOP');
      if (typeof t === 'string') plan.push({ doc, to: t });
      else refused.push({ target, message: `${code(id)}: ${t.reason}` });
    });
    // All or nothing: one campaign that cannot take the action leaves every campaign as it was.
    if (missing.length)
      throw new ServiceError(
        'NOT_FOUND',
        missing.length === 1
          ? missing[0].message
          : `${missing.length} of the campaigns do not exist in this workspace; nothing was changed.`,
        missing[0].target,
        missing,
      );
    if (forbiddenIds.length)
      throw new ServiceError('FORBIDDEN', `${forbiddenIds[0].message} Nothing was changed.`, forbiddenIds[0].target, forbiddenIds);
    if (refused.length)
      throw unprocessable(
        `${refused.length === 1 ? refused[0].message : `${refused.length} of the campaigns cannot take \`${String(action)}\`.`} Nothing was changed.`,
        refused[0].target,
        refused,
      );
    const data = plan.map(({ doc, to }) => {
      const previous = doc.status;
      if (to === 'PAUSED') doc.paused_from = previous as 'ACTIVE' | 'SCHEDULED';
      else delete doc.paused_from;
      doc.status = to;
      doc.updated_at = this.store.stamp(doc.updated_at);
      return { id: doc.id, campaign_id: doc.campaign_id, previous_status: previous, status: to };
    });
    this.store.persist();
    return { status: 200, body: { response_id: ctx.requestId, type: 'status', data } };
  }

  test(ctx: OperationContext): OperationResult {
    const problems: ErrorDetail[] = [];
    const meta = ctx.body.test_campaign_meta;
    const { identifier, values } = readTestMeta(meta, problems);
    const { channel, content } = ctx.body.campaign_id === undefined ? this.inlineTest(ctx, problems) : this.savedTest(ctx, problems);
    checkTestLocale(meta, content);
    return testResult(ctx.requestId, identifier, values, channel);
  }

  /** A test by `campaign_id` (draft mode): the saved campaign's channel and content, once the body and the campaign allow a send. */
  private savedTest(ctx: OperationContext, problems: ErrorDetail[]): { channel: Channel; content: unknown } {
    const { ws, body } = ctx;
    // Draft mode: the saved campaign is what gets sent.
    for (const k of Object.keys(body)) {
      if (!['request_id', 'campaign_id', 'test_campaign_meta', 'personalization_details'].includes(k)) {
        problems.push({
          target: k,
          message: `\`${k}\` cannot be combined with \`campaign_id\`: a test by id sends the saved campaign. Leave \`campaign_id\` out to send inline content.`,
        });
      }
    }
    if (typeof body.campaign_id !== 'string' || !OBJECT_ID.test(body.campaign_id)) {
      throw validationFailed([
        { target: 'campaign_id', message: `${code(body.campaign_id)} is not a campaign id: ids are 24-character object ids.` },
        ...problems,
      ]);
    }
    const doc = this.store.resolve(ws, body.campaign_id);
    if (!doc) throw notFound(body.campaign_id);
    if (doc.channel === 'SMS') throw forbidden('SMS campaigns cannot be tested through V5: test them in the dashboard.', 'campaign_id');
    if (problems.length) throw validationFailed(problems);
    if (doc.components.campaign_content === undefined) {
      throw validationFailed([
        {
          target: 'campaign_content',
          message: 'This campaign has no `campaign_content` yet, so there is nothing to send: add the content with PATCH first.',
        },
      ]);
    }
    return { channel: doc.channel, content: doc.components.campaign_content };
  }

  /** An inline test: the body's own channel and content, once its fields and the shared rule set accept them. */
  private inlineTest(ctx: OperationContext, problems: ErrorDetail[]): { channel: Channel; content: unknown } {
    const { ws, body } = ctx;
    this.audienceLimitGate(ws, body);
    problems.push(...inlineTestProblems(body));
    if (problems.length) throw validationFailed(problems);
    const candidate: Record<string, unknown> = { channel: body.channel };
    const submitted = new Set<string>(['channel']);
    for (const c of ['basic_details', 'campaign_content', 'connector', 'utm_params']) {
      if (body[c] !== undefined) {
        candidate[c] = body[c];
        submitted.add(c);
      }
    }
    const details = errorDetails(ruleFindings(candidate, ws, this.onRuleError), submitted);
    if (details.length) throw validationFailed(details);
    return { channel: body.channel as Channel, content: body.campaign_content };
  }
}

/**
 * The status state machine (docs/emulator.md, "Status actions"):
 *   PAUSE   ACTIVE | SCHEDULED → PAUSED   (periodic and triggered campaigns)
 *   RESUME  PAUSED → the state it was paused from
 *   STOP    SCHEDULED | ACTIVE | PAUSED → STOPPED   (not a one-time campaign that is already sending)
 */
export function transition(doc: CampaignDoc, action: 'PAUSE' | 'RESUME' | 'STOP'): Status | { reason: string } {
  const s = doc.status;
  switch (action) {
    case 'PAUSE':
      if (!PAUSABLE.includes(doc.campaign_delivery_type))
        return {
          reason: `a ${doc.campaign_delivery_type} campaign cannot be paused (periodic and triggered campaigns can); STOP a scheduled one instead.`,
        };
      if (s === 'ACTIVE' || s === 'SCHEDULED') return 'PAUSED';
      return { reason: s === 'PAUSED' ? 'it is already PAUSED.' : `a ${s} campaign cannot be paused (only ACTIVE or SCHEDULED ones).` };
    case 'RESUME':
      if (s === 'PAUSED') return doc.paused_from ?? 'ACTIVE';
      return { reason: `only a PAUSED campaign can be resumed; this one is ${s}.` };
    case 'STOP':
      if (s === 'SCHEDULED' || s === 'PAUSED') return 'STOPPED';
      if (s === 'ACTIVE')
        return doc.campaign_delivery_type === 'ONE_TIME'
          ? { reason: 'a one-time campaign that is already sending cannot be stopped.' }
          : 'STOPPED';
      return {
        reason: s === 'STOPPED' ? 'it is already STOPPED.' : `a ${s} campaign cannot be stopped (only SCHEDULED, ACTIVE or PAUSED ones).`,
      };
  }
}

/** What is wrong in `channel`, `campaign_delivery_type` (neither can change) and `updated_by` (an address); an update sends all three. */
function changeMetaProblems(body: Record<string, unknown>, doc: CampaignDoc, mode: 'update' | 'validate' | 'publish'): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const requireMeta = mode === 'update';
  if (body.channel === undefined) {
    if (requireMeta)
      problems.push({ target: 'channel', message: `\`channel\` is required in every update body: add \`"channel": "${doc.channel}"\`.` });
  } else if (body.channel !== doc.channel) {
    problems.push({
      target: 'channel',
      message: `\`channel\` is ${code(body.channel)} but this campaign is ${code(doc.channel)}: the channel of a campaign cannot change.`,
    });
  }
  if (body.campaign_delivery_type === undefined) {
    if (requireMeta)
      problems.push({
        target: 'campaign_delivery_type',
        message: `\`campaign_delivery_type\` is required in every update body: add \`"campaign_delivery_type": "${doc.campaign_delivery_type}"\`.`,
      });
  } else if (body.campaign_delivery_type !== doc.campaign_delivery_type) {
    problems.push({
      target: 'campaign_delivery_type',
      message: `\`campaign_delivery_type\` is ${code(body.campaign_delivery_type)} but this campaign is ${code(doc.campaign_delivery_type)}: the delivery type of a campaign cannot change.`,
    });
  }
  if (body.updated_by === undefined) {
    if (mode !== 'validate')
      problems.push({
        target: 'updated_by',
        message: '`updated_by` is required in every update body: the email address of the person making the change.',
      });
  } else if (typeof body.updated_by !== 'string' || !EMAIL.test(body.updated_by)) {
    problems.push({
      target: 'updated_by',
      message: `${code(body.updated_by)} is not an email address: use the address of the person making the change, such as \`jane@example.com\`.`,
    });
  }
  return problems;
}

/** The recipients of a test (`test_campaign_meta`): its identifier and values, with what is wrong in it added to `problems`. */
function readTestMeta(meta: unknown, problems: ErrorDetail[]): { identifier: string; values: string[] } {
  let identifier = '';
  let values: string[] = [];
  if (!isObject(meta)) {
    problems.push({
      target: 'test_campaign_meta',
      message: '`test_campaign_meta` is required: `{ "identifier": "EMAIL", "identifier_values": ["jane@example.com"] }`.',
    });
    return { identifier, values };
  }
  for (const k of Object.keys(meta)) {
    if (!['identifier', 'identifier_values', 'locale_name', 'variation'].includes(k))
      problems.push({ target: `test_campaign_meta.${k}`, message: `\`${k}\` is not a field of \`test_campaign_meta\`.` });
  }
  if (typeof meta.identifier !== 'string' || !TEST_IDENTIFIERS.includes(meta.identifier)) {
    problems.push({
      target: 'test_campaign_meta.identifier',
      message: `\`identifier\` is one of ${TEST_IDENTIFIERS.map(code).join(', ')}.`,
    });
  } else {
    identifier = meta.identifier;
  }
  const v = meta.identifier_values;
  if (!Array.isArray(v) || v.length === 0 || !v.every(x => typeof x === 'string' && x.trim() !== '')) {
    problems.push({
      target: 'test_campaign_meta.identifier_values',
      message: `\`identifier_values\` is a list of 1 to ${MAX_TEST_RECIPIENTS} recipients (non-empty strings).`,
    });
  } else if (v.length > MAX_TEST_RECIPIENTS) {
    problems.push({
      target: 'test_campaign_meta.identifier_values',
      message: `A test goes to at most ${MAX_TEST_RECIPIENTS} recipients; this one lists ${v.length}.`,
    });
  } else {
    values = v as string[];
  }
  for (const k of ['locale_name', 'variation']) {
    if (meta[k] !== undefined && typeof meta[k] !== 'string')
      problems.push({ target: `test_campaign_meta.${k}`, message: `\`${k}\` is a string.` });
  }
  return { identifier, values };
}

/** What is wrong in the fields of an inline test: unknown fields, the channel, the components it needs (rule B8 for email). */
function inlineTestProblems(body: Record<string, unknown>): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const allowed = [
    'request_id',
    'channel',
    'basic_details',
    'campaign_content',
    'connector',
    'utm_params',
    'personalization_details',
    'test_campaign_meta',
  ];
  for (const k of Object.keys(body)) {
    if (!allowed.includes(k))
      problems.push({
        target: k,
        message: `\`${k}\` is not a field of an inline test (${allowed
          .filter(a => a !== 'request_id')
          .map(code)
          .join(', ')}); or send \`campaign_id\` to test a saved campaign.`,
      });
  }
  if (body.channel !== 'PUSH' && body.channel !== 'EMAIL') {
    problems.push({
      target: 'channel',
      message:
        body.channel === 'SMS'
          ? 'SMS campaigns cannot be tested through V5.'
          : '`channel` is required for an inline test: `PUSH` or `EMAIL`.',
    });
  }
  for (const c of ['basic_details', 'campaign_content']) {
    if (!isObject(body[c])) problems.push({ target: c, message: `\`${c}\` is required for an inline test (an object).` });
  }
  if (body.personalization_details !== undefined && !isObject(body.personalization_details))
    problems.push({
      target: 'personalization_details',
      message: '`personalization_details` is an object: `{ "user_attributes": {…}, "event_attributes": {…} }`.',
    });
  if (body.channel === 'EMAIL' && isObject(body.basic_details)) problems.push(...inlineEmailProblems(body.basic_details));
  return problems;
}

/** Rule B8: an inline email test names everything the send needs. */
function inlineEmailProblems(basicDetails: Record<string, unknown>): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const k of ['name', 'content_type', 'user_attribute_identifier', 'subscription_category']) {
    const v = basicDetails[k];
    if (typeof v !== 'string' || v.trim() === '')
      problems.push({
        target: `basic_details.${k}`,
        message: `\`basic_details.${k}\` is required for an inline email test${k === 'user_attribute_identifier' ? ' (usually `Email (Standard)`)' : ''}.`,
      });
  }
  return problems;
}

/** A `locale_name` the test asks for must be one of the keyed content's locales. */
function checkTestLocale(meta: unknown, content: unknown): void {
  if (isObject(meta) && typeof meta.locale_name === 'string' && isObject(content) && isObject(content.content)) {
    const keyed = !('push' in content.content) && !('email' in content.content);
    if (keyed && !(meta.locale_name in content.content)) {
      throw validationFailed([
        {
          target: 'test_campaign_meta.locale_name',
          message: `The content has no locale ${code(meta.locale_name)}; its locales are ${Object.keys(content.content).map(code).join(', ')}.`,
        },
      ]);
    }
  }
}

/** The answer to a test send: an outcome per recipient, and a message that counts the failures. */
function testResult(requestId: string, identifier: string, values: string[], channel: Channel): OperationResult {
  const results: Record<string, RecipientResult> = {};
  for (const v of values) results[v] = recipientResult(identifier, v, channel);
  const failed = Object.values(results).filter(r => r.status === 'failed').length;
  return {
    status: 200,
    body: {
      response_id: requestId,
      type: 'test',
      data: results,
      message:
        failed === 0
          ? 'Test campaign sent to every recipient.'
          : `Test campaign processed: ${failed} of ${values.length} recipients failed.`,
    },
  };
}

/** What a test send reports for one recipient. */
type RecipientResult = { status: 'success' } | { status: 'failed'; failure_reason: string };

/** A deterministic per-recipient outcome, so tests can exercise partial failures. */
function recipientResult(identifier: string, value: string, channel: Channel): RecipientResult {
  if (/unknown/i.test(value)) return { status: 'failed', failure_reason: 'User not found' };
  if ((identifier === 'EMAIL' || identifier === 'USER_ATTRIBUTE_USER_EMAIL') && !EMAIL.test(value))
    return { status: 'failed', failure_reason: 'Not a valid email address' };
  if ((identifier === 'MOBILE_NUMBER' || identifier === 'USER_ATTRIBUTE_USER_MOBILE') && !/^\+?[0-9]{7,15}$/.test(value))
    return { status: 'failed', failure_reason: 'Not a valid mobile number' };
  if (channel === 'PUSH' && /no-?device/i.test(value)) return { status: 'failed', failure_reason: 'No push token for this user' };
  return { status: 'success' };
}

/** The emulator's own problems first; rule-set findings add what they do not already cover. */
function mergeDetails(completeness: ErrorDetail[], queuing: ErrorDetail[], rules: ErrorDetail[]): ErrorDetail[] {
  const own = [...completeness, ...queuing];
  const covered = new Set(own.map(d => d.target));
  return [...own, ...rules.filter(d => !covered.has(d.target))];
}
