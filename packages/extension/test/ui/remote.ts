import * as fs from 'fs';
import * as path from 'path';
import type { EmulatorInfo, JourneyContext } from './journey';

/**
 * What the remote journeys share: the emulator as another client sees it (its API, to find a
 * campaign; its admin endpoints, to read what is stored and to change a campaign as a colleague
 * would), and the steps every remote journey starts with (sign in, fetch a campaign). Each
 * journey runs them itself, so it depends on no other journey.
 */

export type Json = Record<string, any>;

export class EmulatorClient {
  readonly environment: EmulatorInfo['environments'][number];

  constructor(
    readonly info: EmulatorInfo,
    environment = info.environments[0].name,
  ) {
    const env = info.environments.find(e => e.name === environment);
    if (!env) throw new Error(`the workspace has no environment "${environment}"; it has ${info.environments.map(e => e.name).join(', ')}`);
    this.environment = env;
  }

  private async call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> {
    const res = await fetch(`${this.info.url}${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${text.slice(0, 500)}`);
    return text ? JSON.parse(text) : undefined;
  }

  /** A call of the service's API with this environment's credentials. */
  private api(method: string, route: string, body?: unknown): Promise<any> {
    const { workspaceId, apiKey } = this.environment;
    return this.call(method, route, body, {
      Authorization: `Basic ${Buffer.from(`${workspaceId}:${apiKey}`).toString('base64')}`,
      'SVC-APPKEY': workspaceId,
      'X-SVC-Request-Id': `ui-journey-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    });
  }

  /** The id of the (non-draft) campaign named `name`, read through the search API page by page. */
  async campaignId(name: string): Promise<string> {
    for (let page = 1; page < 50; page++) {
      const r = await this.api('POST', '/v5/campaigns/search', {
        campaign_fields: { channels: ['PUSH', 'EMAIL', 'SMS'] },
        page,
        limit: 15,
      });
      const hit = (r.data as Json[]).find(c => c.basic_details?.name === name);
      if (hit) return hit.id;
      if (r.data.length < 15) break;
    }
    throw new Error(`the emulator has no campaign named "${name}"`);
  }

  /** The ids of every campaign of this environment named `name` in one of `statuses` (drafts included when asked for), through the search API. */
  async campaignIdsNamed(name: string, statuses: string[]): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; page < 50; page++) {
      const r = await this.api('POST', '/v5/campaigns/search', {
        campaign_fields: { channels: ['PUSH', 'EMAIL', 'SMS'], status: statuses, name },
        page,
        limit: 15,
      });
      ids.push(...(r.data as Json[]).filter(c => c.basic_details?.name === name).map(c => c.id as string));
      if (r.data.length < 15) break;
    }
    return ids;
  }

  /** A call of the emulator's admin endpoints, with the token of its ready line. */
  private admin(method: string, route: string, body?: unknown): Promise<any> {
    return this.call(method, `/__admin${route}`, body, { 'X-Emulator-Admin-Token': this.info.adminToken });
  }

  /** The stored campaign (`GET /__admin/campaigns/{id}`: its components, status, authorship). */
  stored(id: string): Promise<Json> {
    return this.admin('GET', `/campaigns/${encodeURIComponent(id)}`);
  }

  /** The API requests the emulator logged (`GET /__admin/requests`): method, path, workspace, whether a write was applied. */
  async requests(): Promise<Array<{ method: string; path: string; workspace?: string; applied?: boolean }>> {
    return (await this.admin('GET', '/requests')).requests;
  }

  /** Sets the service's faults (`PUT /__admin/faults`): `hang`, `throttle=1,retry-after=3`, `none`, … */
  setFaults(spec: string): Promise<Json> {
    return this.admin('PUT', '/faults', { spec });
  }

  /** Changes components of a campaign as another client would (`PATCH /__admin/campaigns/{id}`). */
  editAsColleague(id: string, changes: Json, by = 'colleague@shopco.example'): Promise<Json> {
    return this.admin('PATCH', `/campaigns/${encodeURIComponent(id)}`, { ...changes, updated_by: by });
  }
}

export function emulatorOf(ctx: JourneyContext): EmulatorClient {
  if (!ctx.emulator) throw new Error("this journey needs the emulator: declare `needs: ['emulator']`");
  return new EmulatorClient(ctx.emulator);
}

/**
 * Sign in as a person does: Command Palette → Campaign Studio: Sign In, the environment, the API
 * key; done when the status bar says the environment is connected.
 */
export async function signIn(ctx: JourneyContext, environment = ctx.emulator!.environments[0].name): Promise<void> {
  const { workbench } = ctx;
  const env = emulatorOf(ctx).info.environments.find(e => e.name === environment)!;
  await workbench.command('Campaign Studio: Sign In');
  await workbench.pickLabel(environment);
  await workbench.answer(env.apiKey);
  await workbench.connectionStatus(`${environment}: connected`).waitFor({ state: 'visible', timeout: workbench.timeoutMs });
  await workbench.waitForNotification(`Signed in to ${environment}.`);
  await workbench.waitForProgressToEnd();
}

/**
 * Fetch a campaign by id as a person does from the Command Palette (Fetch Campaign into
 * Workspace, then the id); done when its file is open. Returns the file's path in the workspace.
 */
export async function fetchById(ctx: JourneyContext, id: string): Promise<string> {
  const { workbench, page } = ctx;
  await workbench.command('Campaign Studio: Fetch Campaign into Workspace');
  await page.locator('.quick-input-widget', { hasText: 'Campaign id' }).waitFor({ state: 'visible', timeout: workbench.timeoutMs });
  await workbench.answer(id);
  await workbench.activeTab(`.${id}.campaign.json`).waitFor({ state: 'visible', timeout: workbench.timeoutMs });
  await workbench.waitForNotification(/^Fetched "/);
  await workbench.waitForProgressToEnd();
  return fetchedFile(ctx, id);
}

/** The fetched file of a campaign (`campaigns/<name-slug>.<id>.campaign.json`), relative to the workspace. */
export function fetchedFile(ctx: JourneyContext, id: string): string {
  const dir = path.join(ctx.workspace, 'campaigns');
  const name = fs.existsSync(dir) ? fs.readdirSync(dir).find(f => f.endsWith(`.${id}.campaign.json`)) : undefined;
  if (!name) throw new Error(`no file campaigns/*.${id}.campaign.json in the workspace`);
  return `campaigns/${name}`;
}

/** The base snapshot fetch recorded for a campaign (`.campaigns/base/<id>.json`). */
export function baseSnapshot(ctx: JourneyContext, id: string): Json {
  const file = path.join(ctx.workspace, '.campaigns', 'base', `${id}.json`);
  if (!fs.existsSync(file)) throw new Error(`the base snapshot .campaigns/base/${id}.json does not exist`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** A workspace file as JSON. */
export function readJson(ctx: JourneyContext, relative: string): Json {
  return JSON.parse(fs.readFileSync(path.join(ctx.workspace, relative), 'utf8'));
}
