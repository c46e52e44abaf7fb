import * as assert from 'assert';
import * as vscode from 'vscode';
import { serviceTimeText } from '@campaign-studio/core';
import { ADMIN_TOKEN_HEADER, RunningEmulator, startEmulator } from '@campaign-studio/emulator';
import { answering, Dialog } from './dialogs';
import { pushConfirmed, pushReviewed, Review } from './reviews';
import { ServiceClient } from '@campaign-studio/sync';
import type { PushResult } from '@campaign-studio/sync';
import type { ExplorerSnapshot, SnapshotCampaign } from '../../../src/remoteEditor/tree';
import { activateExtension, closeAllEditors, open, replaceText, waitForText, workspaceRoot, setEnvironments } from './helpers';

/**
 * After a push, the campaign as the push read it back shows everywhere it is shown: its item in
 * the Campaigns tree and its open read-only view, with no refresh and no other read. A push whose
 * answer is lost reads the campaign again and says what the service holds. It runs against an
 * emulator of its own, and removes the files and bases it fetched, leaving the workspace as it
 * found it.
 */

const ENV = 'readback-1';
const EMAIL = 'readback.tester@example.com';

/** The campaign's item as the Campaigns tree lists it now (nothing is listed again). */
async function listed(id: string): Promise<SnapshotCampaign | undefined> {
  const snap = await vscode.commands.executeCommand<ExplorerSnapshot>('campaignStudio.internal.explorerSnapshot');
  return snap.groups.flatMap(g => g.campaigns).find(c => c.id === id);
}

/** The tooltip's row of the service's time, read in this machine's zone and locale. */
const updatedLine = (updatedAt: unknown) => `updated: \`${serviceTimeText(String(updatedAt))}\``;

suite('read back after a push (extension host, emulator)', () => {
  /** This suite's own service: its data, faults and rate limits touch no other suite. */
  let emu: RunningEmulator | undefined;
  let direct: ServiceClient;
  const written: vscode.Uri[] = [];

  suiteSetup(async function () {
    emu = await startEmulator({});
    await activateExtension();
    const ws = emu!.workspaces[1];
    await setEnvironments([{ name: ENV, baseUrl: emu!.url, workspaceId: ws.id, email: EMAIL }]);
    direct = new ServiceClient({
      environment: { name: 'direct', baseUrl: emu!.url, workspaceId: ws.id, headerPrefix: 'SVC', production: false },
      apiKey: ws.apiKey,
    });
    assert.strictEqual(
      await vscode.commands.executeCommand('campaignStudio.signIn', { environment: ENV, apiKey: ws.apiKey }),
      true,
      `sign-in to ${ENV} failed`,
    );
  });

  suiteTeardown(async () => {
    await closeAllEditors();
    await vscode.commands.executeCommand('campaignStudio.explorer.clearFilters');
    for (const uri of written) await vscode.workspace.fs.delete(uri);
    await setEnvironments(undefined);
    await emu?.close();
  });

  /** A campaign made by another client, listed alone in the tree, and fetched into the workspace. */
  async function fetchedCampaign(name: string): Promise<{ id: string; doc: vscode.TextDocument; item: SnapshotCampaign; before: unknown }> {
    const created = await direct.createDraft({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: EMAIL });
    const id = (created.body as any).data.id as string;
    await direct.patch(id, {
      channel: 'PUSH',
      campaign_delivery_type: 'ONE_TIME',
      updated_by: EMAIL,
      basic_details: { name, platforms: ['ANDROID'] },
      campaign_content: { content: { push: { android: { title: 'Hi', message: 'From the suite' } } } },
      segmentation_details: { is_all_user_campaign: true },
      scheduling_details: { delivery_type: 'ASAP' },
    });
    const before = (await direct.getCampaign(id)).updated_at;

    await vscode.commands.executeCommand('campaignStudio.explorer.filter', { ids: [id] });
    const item = await listed(id);
    assert.ok(item, `campaign ${id} is not in the tree`);
    assert.strictEqual(item.name, name);
    assert.ok(item.tooltip.includes(updatedLine(before)), item.tooltip);

    const fetched = await vscode.commands.executeCommand<any>('campaignStudio.fetch', { id, environment: ENV, reveal: true });
    assert.ok(fetched?.file, `fetch of ${id} wrote no file`);
    written.push(vscode.Uri.file(fetched.file), vscode.Uri.joinPath(workspaceRoot(), '.campaigns', 'base', `${id}.json`));
    const { doc } = await open(vscode.Uri.file(fetched.file));
    return { id, doc, item, before };
  }

  /** Sets the emulator's faults (`none` clears them), as its admin endpoint does. */
  async function setFaults(spec: string): Promise<void> {
    const headers = { 'Content-Type': 'application/json', [ADMIN_TOKEN_HEADER]: emu!.adminToken };
    const res = await fetch(`${emu!.url}/__admin/faults`, { method: 'PUT', headers, body: JSON.stringify({ spec }) });
    assert.ok(res.ok, `setting the faults to ${spec}: HTTP ${res.status}`);
  }

  test('the tree item and the open read-only view show the pushed campaign as read back', async () => {
    const { id, doc, item, before } = await fetchedCampaign('Read back');
    const viewUri = await vscode.commands.executeCommand<string>('campaignStudio.openRemote', id);
    await vscode.commands.executeCommand('workbench.action.keepEditor');
    await open(doc.uri);
    await replaceText(doc, '"Read back"', '"Read back, pushed"');

    const result = await pushConfirmed(doc.uri);
    assert.strictEqual(result?.outcome, 'pushed');
    const after = (await direct.getCampaign(id)).updated_at;
    assert.notStrictEqual(after, before, 'the push moved updated_at');

    // The tree takes the read-back as the push records it: by the time the push is done.
    const shown = await listed(id);
    assert.strictEqual(shown?.name, 'Read back, pushed');
    assert.ok(shown.tooltip.includes(updatedLine(after)), shown.tooltip);
    assert.strictEqual(shown.description, item.description);
    const view = vscode.workspace.textDocuments.find(d => d.uri.toString() === viewUri);
    assert.ok(view, `the read-only view ${viewUri} is still open`);
    const text = await waitForText(view, t => t.includes('"Read back, pushed"'), 'the read-only view to show the campaign as read back');
    assert.strictEqual(JSON.parse(text).updated_at, after);
  });

  test('a push whose answer is lost reads the campaign again, says it applied, and the tree shows it as read back', async () => {
    const { id, doc } = await fetchedCampaign('Answer lost');
    await replaceText(doc, '"Answer lost"', '"Answer lost, yet applied"');
    const confirm = (review: Review) => vscode.commands.executeCommand('campaignStudio.review.push', review.input.modified);
    // The emulator stores the update, then drops the connection without answering.
    await setFaults('write-drop');
    let shown: { result: PushResult | undefined; dialogs: Dialog[] };
    try {
      shown = await answering(
        () => undefined,
        () => pushReviewed(doc.uri, confirm),
      );
    } finally {
      await setFaults('none');
    }
    const { result, dialogs } = shown;
    assert.strictEqual(result?.outcome, 'pushed-after-timeout', result?.message);
    const said = dialogs.map(d => `${d.kind}: ${d.message}`);
    assert.deepStrictEqual(said, [
      `information: Pushed Basic details of “Answer lost, yet applied” to ${ENV}: the answer was lost, but reading the campaign again confirmed it applied.`,
    ]);
    assert.strictEqual(((await direct.getCampaign(id)).basic_details as any).name, 'Answer lost, yet applied');
    assert.strictEqual((await listed(id))?.name, 'Answer lost, yet applied', 'the tree takes the campaign as the check read it');
  });
});
