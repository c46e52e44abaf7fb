import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { RunningEmulator, startEmulator } from '@campaign-studio/emulator';
import { LINKS_FILE, parseLinks, ServiceClient } from '@campaign-studio/sync';
import type { ExplorerSnapshot } from '../../../src/remoteEditor/tree';
import { answering, Dialog } from './dialogs';
import { Review, reviewTabs, waitForReview } from './reviews';
import {
  activateExtension,
  closeAllEditors,
  endEmulatorSuite,
  open,
  replaceText,
  setEnvironments,
  waitForTab,
  workspaceRoot,
} from './helpers';

/**
 * Promotion inside a real VS Code, against an emulator of the suite's own with its two
 * workspaces as two environments: staging (every feature) and production (none, as its
 * `settings` say; a production environment, so its name is typed). The first promotion reviews
 * the new draft and links it; the next, after an edit in staging, reviews the update of that same
 * campaign; the Campaigns view marks the link, equal or not; Compare with Environment opens both
 * sides; a feature production lacks, and a file with unpushed edits, are refused.
 */

const EMAIL = 'promote.tester@example.com';

type PromoteResult = { outcome: string; ok: boolean; message: string; targetId?: string } | undefined;

function campaign(name: string) {
  return {
    basic_details: { name, platforms: ['ANDROID'], tags: ['promote'] },
    campaign_content: { content: { push: { android: { title: 'Hi', message: 'From staging' } } } },
    segmentation_details: { is_all_user_campaign: true },
    scheduling_details: { delivery_type: 'ASAP' },
  };
}

const snapshot = () => vscode.commands.executeCommand<ExplorerSnapshot>('campaignStudio.internal.explorerSnapshot');

suite('promotion (extension host, emulator)', () => {
  let emu: RunningEmulator;
  const clients: ServiceClient[] = [];
  const linksPath = () => path.join(workspaceRoot().fsPath, LINKS_FILE);

  function client(i: number): ServiceClient {
    const ws = emu.workspaces[i];
    clients[i] ??= new ServiceClient({
      environment: { name: `direct-${i}`, baseUrl: emu.url, workspaceId: ws.id, headerPrefix: 'SVC', email: EMAIL, production: false },
      apiKey: ws.apiKey,
    });
    return clients[i];
  }

  async function draft(name: string, extra: Record<string, unknown> = {}): Promise<string> {
    const created = await client(0).createDraft({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: EMAIL });
    const id = (created.body as any).data.id as string;
    await client(0).patch(id, { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: EMAIL, ...campaign(name), ...extra });
    return id;
  }

  async function fetchInto(id: string): Promise<vscode.TextDocument> {
    const r = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.fetch', { id, environment: 'staging', reveal: true }),
    );
    assert.ok(r.result?.file, `fetch of ${id} wrote no file: ${r.dialogs.map(d => d.message).join(' | ')}`);
    return (await open(vscode.Uri.file(r.result.file))).doc;
  }

  /** Answers a promotion's questions as a person does: the target, production's key when asked, its name typed. */
  function person(d: Dialog): string | undefined {
    if (d.kind === 'quickPick' && /Promote from staging to which environment/.test(d.message)) return 'production';
    if (d.kind === 'warning' && d.items.includes('Enter API Key')) return 'Enter API Key';
    if (d.kind === 'inputBox' && /^API key of production/.test(d.message)) return emu.workspaces[1].apiKey;
    if (d.kind === 'inputBox' && /^Promote to production environment production/.test(d.message)) return 'production';
    return undefined;
  }

  /** Promotes `arg`, lets `decide` look at the review and answer it, and returns the promotion's result with every dialog shown. */
  async function promoteReviewed(arg: unknown, decide: (review: Review) => Thenable<unknown>) {
    return answering(person, async () => {
      const promote = vscode.commands.executeCommand<PromoteResult>('campaignStudio.promote', arg);
      await decide(await waitForReview(promote as Thenable<any>));
      return promote;
    });
  }

  const accept = (review: Review) => vscode.commands.executeCommand('campaignStudio.review.push', review.input.modified);

  /** Drafts created in a workspace so far (applied, whether or not their answer arrived). */
  const createsIn = (i: number) =>
    emu.admin.requests().filter(r => r.method === 'POST' && r.path === '/v5/campaigns' && r.workspace === emu.workspaces[i].id && r.applied)
      .length;

  suiteSetup(async () => {
    emu = await startEmulator({});
    await activateExtension();
    await setEnvironments([
      { name: 'staging', baseUrl: emu.url, workspaceId: emu.workspaces[0].id, email: EMAIL },
      {
        name: 'production',
        baseUrl: emu.url,
        workspaceId: emu.workspaces[1].id,
        email: EMAIL,
        production: true,
        settings: {
          features: { audienceLimit: false, queuing: false, portfolio: false, versioning: false },
          subscriptionCategories: emu.workspaces[1].subscriptionCategories,
        },
      },
    ]);
    const signedIn = await answering(
      () => undefined,
      () => vscode.commands.executeCommand('campaignStudio.signIn', { environment: 'staging', apiKey: emu.workspaces[0].apiKey }),
    );
    assert.strictEqual(signedIn.result, true, signedIn.dialogs.map(d => d.message).join(' | '));
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('campaignStudio.explorer.clearFilters');
    fs.rmSync(linksPath(), { force: true });
    await endEmulatorSuite(emu);
  });

  teardown(async () => {
    await closeAllEditors();
  });

  let sourceId = '';
  let targetId = '';
  let doc: vscode.TextDocument;

  test('the first promotion reviews the new draft, naming source and target; accepted, it creates one draft and writes the link', async () => {
    sourceId = await draft('Spring promotion');
    doc = await fetchInto(sourceId);
    const createsBefore = createsIn(1);
    const { result, dialogs } = await promoteReviewed(doc.uri, async review => {
      assert.strictEqual(review.tab.label, `Promote Spring promotion from staging (campaign ${sourceId}) to production (new draft)`);
      assert.ok(review.left.endsWith('\n{}\n'), review.left);
      const sent = JSON.parse(review.right.slice(review.right.indexOf('\n{') + 1));
      assert.deepStrictEqual(sent.basic_details, campaign('Spring promotion').basic_details);
      assert.ok(review.right.includes('// Environment: production (PRODUCTION: you will be asked to type its name)'), review.right);
      await accept(review);
    });
    const said = dialogs.map(d => `${d.kind}: ${d.message}`).join('\n');
    assert.strictEqual(result?.outcome, 'created', said);
    assert.ok(result.targetId);
    targetId = result.targetId;
    assert.deepStrictEqual(reviewTabs(), [], 'the review closed once answered');
    assert.strictEqual(createsIn(1) - createsBefore, 1, 'exactly one draft in production');
    assert.ok(
      dialogs.some(d => d.kind === 'inputBox' && /^API key of production/.test(d.message)),
      `production's key was asked for: ${said}`,
    );
    assert.ok(
      dialogs.some(d => d.kind === 'inputBox' && /^Promote to production environment/.test(d.message)),
      `production's name was typed: ${said}`,
    );
    assert.ok(
      dialogs.some(d => d.kind === 'information' && d.message.includes(`as new draft ${targetId}, linked in campaign.links.json`)),
      said,
    );
    const links = parseLinks(fs.readFileSync(linksPath(), 'utf8'), LINKS_FILE).links;
    assert.deepStrictEqual(
      links.map(l => [l.from.environment, l.from.campaignId, l.to.environment, l.to.campaignId]),
      [['staging', sourceId, 'production', targetId]],
    );
    const target = await client(1).getCampaign(targetId);
    assert.strictEqual((target.basic_details as any).name, 'Spring promotion');
  });

  test('the next promotion, after an edit in staging, reviews the update of the same campaign and patches it', async () => {
    assert.ok(targetId, 'the first promotion ran');
    await client(0).patch(sourceId, {
      channel: 'PUSH',
      campaign_delivery_type: 'ONE_TIME',
      updated_by: EMAIL,
      basic_details: { ...campaign('Spring promotion').basic_details, name: 'Spring promotion, v2' },
    });
    const createsBefore = createsIn(1);
    const { result, dialogs } = await promoteReviewed({ id: sourceId, environment: 'staging' }, async review => {
      assert.strictEqual(
        review.tab.label,
        `Promote Spring promotion, v2 from staging (campaign ${sourceId}) to production (campaign ${targetId})`,
      );
      assert.ok(review.right.includes(`// PATCH /v5/campaigns/${targetId}\n`), review.right);
      // The header wraps: its lines read as one, without their comment marks.
      assert.ok(
        review.right.replace(/\n\/\/ */g, ' ').includes('basic_details.name: "Spring promotion" → "Spring promotion, v2"'),
        review.right,
      );
      await accept(review);
    });
    assert.strictEqual(result?.outcome, 'updated', dialogs.map(d => `${d.kind}: ${d.message}`).join('\n'));
    assert.strictEqual(result.targetId, targetId);
    assert.strictEqual(createsIn(1), createsBefore, 'no other draft');
    assert.strictEqual(((await client(1).getCampaign(targetId)).basic_details as any).name, 'Spring promotion, v2');
  });

  test('the Campaigns view marks the linked campaign: equal, then differs once production changes it', async () => {
    assert.ok(targetId, 'the promotions ran');
    await vscode.commands.executeCommand('campaignStudio.explorer.filter', { ids: [sourceId] });
    const item = async () => (await snapshot()).groups.flatMap(g => g.campaigns).find(c => c.id === sourceId);
    const equal = await item();
    assert.strictEqual(equal?.links, '⇄ production = equal', JSON.stringify(equal));
    assert.ok(equal.description?.endsWith('⇄ production = equal'), equal.description);
    assert.ok(equal.tooltip.includes(`Promoted to campaign ${targetId} of production`), equal.tooltip);
    await client(1).patch(targetId, {
      channel: 'PUSH',
      campaign_delivery_type: 'ONE_TIME',
      updated_by: EMAIL,
      basic_details: { ...campaign('x').basic_details, name: 'Renamed in production' },
    });
    await vscode.commands.executeCommand('campaignStudio.explorer.refresh');
    const differs = await item();
    assert.strictEqual(differs?.links, '⇄ production ≠ differs', JSON.stringify(differs));
  });

  test('Compare with Environment opens a read-only diff of both sides, titled with both environments', async () => {
    assert.ok(targetId, 'the promotions ran');
    const { result, dialogs } = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.compareEnvironment', doc.uri),
    );
    assert.ok(result, dialogs.map(d => d.message).join(' | '));
    assert.strictEqual(result.title, `Spring promotion, v2: staging (campaign ${sourceId}) ↔ production (campaign ${targetId})`);
    assert.strictEqual(result.equal, false);
    const tab = await waitForTab(t => t.label === result.title, 'the comparison to open');
    const input = tab.input as vscode.TabInputTextDiff;
    const [left, right] = await Promise.all([
      vscode.workspace.openTextDocument(input.original),
      vscode.workspace.openTextDocument(input.modified),
    ]);
    assert.strictEqual(JSON.parse(left.getText()).basic_details.name, 'Spring promotion, v2');
    assert.strictEqual(JSON.parse(right.getText()).basic_details.name, 'Renamed in production');
    assert.strictEqual(input.original.scheme, 'campaign-compare');
  });

  test("a feature production's workspace lacks is refused with its path, before anything is sent", async () => {
    const id = await draft('Limited', { campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 50000 } });
    const createsBefore = createsIn(1);
    const { result, dialogs } = await answering(person, () =>
      vscode.commands.executeCommand<PromoteResult>('campaignStudio.promote', { id, environment: 'staging' }),
    );
    assert.strictEqual(result?.outcome, 'refused', dialogs.map(d => d.message).join(' | '));
    const refusal = dialogs.find(d => d.kind === 'error' && d.modal);
    assert.ok(refusal?.message.startsWith('Nothing was sent to production'), refusal?.message);
    assert.match(refusal?.detail ?? '', /^campaign_audience_limit.*\[L1\]: .*cannot go to production/m);
    assert.strictEqual(createsIn(1), createsBefore);
    assert.deepStrictEqual(reviewTabs(), []);
  });

  test('a file with edits not pushed to staging is refused, offering Push', async () => {
    assert.ok(sourceId, 'the first promotion ran');
    const file = await fetchInto(sourceId);
    await replaceText(file, '"Spring promotion, v2"', '"Edited, not pushed"');
    const { result, dialogs } = await answering(person, () =>
      vscode.commands.executeCommand<PromoteResult>('campaignStudio.promote', file.uri),
    );
    assert.strictEqual(result?.outcome, 'unpushed');
    assert.ok(
      dialogs.some(d => d.kind === 'warning' && d.items.includes('Push') && /changes not pushed to staging/.test(d.message)),
      dialogs.map(d => d.message).join(' | '),
    );
  });
});
