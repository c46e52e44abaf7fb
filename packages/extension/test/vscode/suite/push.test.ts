import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { ServiceClient } from '@campaign-studio/sync';
import type { PushResult } from '@campaign-studio/sync';
import { activateExtension, closeAllEditors, emulator, open, replaceText, ruleOf, waitForDiagnostics, workspaceRoot } from './helpers';

/**
 * Push inside a real VS Code, against the emulator the runner started: fetch a campaign, edit
 * it, push it (the exact body shown in a diff and confirmed), and see the service's findings as
 * diagnostics on the right line (another client's edit: conflicts.test.ts). The dialogs are answered by replacing
 * `window.show*` while a command runs, the way a person would click.
 */

interface Dialog { kind: 'warning' | 'information' | 'error' | 'quickPick'; message: string; modal: boolean; items: string[] }

type Answer = (d: Dialog) => string | undefined;

/** Runs `fn` with the window's dialogs answered by `answer`; returns what was shown. */
async function answering<T>(answer: Answer, fn: () => Thenable<T>): Promise<{ result: T; dialogs: Dialog[] }> {
  const dialogs: Dialog[] = [];
  const w = vscode.window as any;
  const saved = { warning: w.showWarningMessage, information: w.showInformationMessage, error: w.showErrorMessage, quickPick: w.showQuickPick };
  const message = (kind: Dialog['kind']) => async (text: string, ...rest: any[]) => {
    const opts = rest[0] && typeof rest[0] === 'object' && !('title' in rest[0] && Object.keys(rest[0]).length === 1) ? rest[0] : undefined;
    const items = rest.filter(r => typeof r === 'string' || (r && typeof r === 'object' && 'title' in r)).map(r => (typeof r === 'string' ? r : r.title));
    const d: Dialog = { kind, message: text, modal: !!opts?.modal, items };
    dialogs.push(d);
    return answer(d);
  };
  w.showWarningMessage = message('warning');
  w.showInformationMessage = message('information');
  w.showErrorMessage = message('error');
  w.showQuickPick = async (items: any, opts?: any) => {
    const list = await items;
    const labels = list.map((i: any) => (typeof i === 'string' ? i : i.label));
    const d: Dialog = { kind: 'quickPick', message: opts?.title ?? '', modal: false, items: labels };
    dialogs.push(d);
    const chosen = answer(d);
    return list.find((i: any) => (typeof i === 'string' ? i : i.label) === chosen);
  };
  try {
    return { result: await fn(), dialogs };
  } finally {
    w.showWarningMessage = saved.warning;
    w.showInformationMessage = saved.information;
    w.showErrorMessage = saved.error;
    w.showQuickPick = saved.quickPick;
  }
}

const EMAIL = 'vscode.tester@example.com';

function campaign(name: string) {
  return {
    basic_details: { name, platforms: ['ANDROID'], tags: ['vscode'] },
    campaign_content: { content: { push: { android: { title: 'Hi', message: 'From the suite' } } } },
    segmentation_details: { is_all_user_campaign: true },
    scheduling_details: { delivery_type: 'ASAP' },
    utm_params: { utm_source: 'app', utm_medium: 'push' },
  };
}

suite('push (extension host, emulator)', () => {
  const emu = process.env.CAMPAIGN_STUDIO_EMULATOR ? emulator() : undefined;
  const clients: ServiceClient[] = [];

  function client(i: number): ServiceClient {
    if (!clients[i]) {
      const ws = emu!.workspaces[i];
      clients[i] = new ServiceClient({ environment: { name: `direct-${i}`, baseUrl: emu!.url, workspaceId: ws.id, headerPrefix: 'SVC', email: 'author@example.com', production: false }, apiKey: ws.apiKey });
    }
    return clients[i];
  }

  async function draft(i: number, name: string): Promise<string> {
    const c = client(i);
    const created = await c.createDraft({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: 'author@example.com' });
    const id = (created.body as any).data.id as string;
    await c.patch(id, { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: 'author@example.com', ...campaign(name) });
    return id;
  }

  async function signIn(i: number): Promise<void> {
    const ok = await answering(() => undefined, () => vscode.commands.executeCommand('campaignStudio.signIn', { environment: `push-${i}`, apiKey: emu!.workspaces[i].apiKey }));
    assert.strictEqual(ok.result, true, `sign-in to push-${i} failed: ${ok.dialogs.map(d => d.message).join(' | ')}`);
  }

  async function fetchInto(id: string, env: string): Promise<vscode.TextDocument> {
    const r = await answering(() => undefined, () => vscode.commands.executeCommand<any>('campaignStudio.fetch', { id, environment: env, reveal: true }));
    assert.ok(r.result?.file, `fetch of ${id} wrote no file: ${r.dialogs.map(d => d.message).join(' | ')}`);
    const { doc } = await open(vscode.Uri.file(r.result.file));
    return doc;
  }

  suiteSetup(async function () {
    if (!emu) this.skip();
    await activateExtension();
    await vscode.workspace.getConfiguration('campaignStudio').update('environments', emu!.workspaces.slice(0, 2).map((ws, i) => ({
      name: `push-${i}`, baseUrl: emu!.url, workspaceId: ws.id, email: EMAIL,
    })), vscode.ConfigurationTarget.Workspace);
  });

  suiteTeardown(async () => {
    await closeAllEditors();
    await vscode.workspace.getConfiguration('campaignStudio').update('environments', undefined, vscode.ConfigurationTarget.Workspace);
  });

  teardown(async () => { await closeAllEditors(); });

  test('fetch, edit, push: the exact body is shown and confirmed, the service takes it, the editor keeps the user\'s text', async () => {
    await signIn(0);
    const id = await draft(0, 'Round trip');
    const doc = await fetchInto(id, 'push-0');
    await replaceText(doc, '"Round trip"', '"Round trip, edited in VS Code"');
    const edited = doc.getText();
    const { result, dialogs } = await answering(d => (d.modal && d.items.includes('Push') ? 'Push' : undefined), () => vscode.commands.executeCommand<PushResult>('campaignStudio.push', doc.uri));
    assert.strictEqual(result?.outcome, 'pushed', dialogs.map(d => `${d.kind}: ${d.message}`).join('\n'));
    assert.deepStrictEqual(result.sent, ['basic_details']);
    const confirm = dialogs.find(d => d.modal && d.items.includes('Push'));
    assert.ok(confirm, 'the push asked for confirmation');
    assert.match(confirm.message, /Push 1 component to push-0/);
    // The diff of the body was on screen.
    const diffs = vscode.window.tabGroups.all.flatMap(g => g.tabs).map(t => t.input).filter((i): i is vscode.TabInputTextDiff => i instanceof vscode.TabInputTextDiff);
    assert.ok(diffs.some(d => d.modified.scheme === 'campaign-push'), 'the diff of what is sent was opened');
    // The service holds the edit; the editor's text is exactly what the user typed; the base moved.
    const remote = await client(0).getCampaign(id);
    assert.strictEqual((remote.basic_details as any).name, 'Round trip, edited in VS Code');
    assert.strictEqual(doc.getText(), edited);
    const folder = workspaceRoot().fsPath;
    const base = JSON.parse(fs.readFileSync(path.join(folder, '.campaigns', 'base', `${id}.json`), 'utf8'));
    assert.strictEqual(base.campaign.updated_at, remote.updated_at);
  });

  test('the service\'s validation findings appear on the right line, block the push, and clear once fixed', async () => {
    // Workspace 1 lacks the audience limit; the local settings say it has it, so only the service knows.
    await signIn(1);
    const id = await draft(1, 'Flag gated');
    const doc = await fetchInto(id, 'push-1');
    await replaceText(doc, '"utm_params"', '"campaign_audience_limit": { "is_campaign_audience_limit_enabled": true, "limit": 50 },\n  "utm_params"');
    const { result } = await answering(() => undefined, () => vscode.commands.executeCommand<PushResult>('campaignStudio.push', doc.uri));
    assert.strictEqual(result?.outcome, 'blocked');
    assert.strictEqual(result.stage, 'remote-validate');
    const diags = await waitForDiagnostics(doc.uri, ds => ds.some(d => ruleOf(d) === 'VALIDATION_FAILED'), 10_000, 'the service\'s finding');
    const finding = diags.find(d => ruleOf(d) === 'VALIDATION_FAILED')!;
    assert.match(doc.lineAt(finding.range.start.line).text, /"campaign_audience_limit"/);
    assert.strictEqual(finding.severity, vscode.DiagnosticSeverity.Error);
    assert.strictEqual(((await client(1).getCampaign(id)) as any).campaign_audience_limit, undefined, 'nothing was sent');
    // Fixed (the component removed): the finding goes.
    await replaceText(doc, '"campaign_audience_limit": { "is_campaign_audience_limit_enabled": true, "limit": 50 },\n  ', '');
    await waitForDiagnostics(doc.uri, ds => !ds.some(d => ruleOf(d) === 'VALIDATION_FAILED'), 10_000, 'the finding cleared');
  });

  test('a fetched file shows the push CodeLens at its top; a file without an id offers to create a draft', async () => {
    await signIn(0);
    const id = await draft(0, 'Lens');
    const doc = await fetchInto(id, 'push-0');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri, 10);
    const push = lenses.find(l => l.command?.command === 'campaignStudio.push');
    assert.ok(push, `no push lens: ${lenses.map(l => l.command?.title).join(', ')}`);
    assert.strictEqual(push.range.start.line, 0);
    assert.match(push.command!.title, /Push to push-0/);
    const fresh = vscode.Uri.file(path.join(workspaceRoot().fsPath, 'scratch', `lens-new-${Date.now()}.campaign.json`));
    await vscode.workspace.fs.writeFile(fresh, Buffer.from(JSON.stringify({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME' }, null, 2)));
    await open(fresh);
    const newLenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', fresh, 10);
    assert.ok(newLenses.some(l => l.command?.command === 'campaignStudio.createDraft'), newLenses.map(l => l.command?.title).join(', '));
  });

  test('push on save (when enabled) runs the same checked, confirmed push', async () => {
    await signIn(0);
    const id = await draft(0, 'On save');
    const doc = await fetchInto(id, 'push-0');
    const cfg = vscode.workspace.getConfiguration('campaignStudio.push');
    await cfg.update('onSave', true, vscode.ConfigurationTarget.Workspace);
    try {
      await replaceText(doc, '"On save"', '"On save, saved"');
      let confirmed!: () => void;
      const asked = new Promise<void>(r => { confirmed = r; });
      const { dialogs } = await answering(d => {
        if (d.modal && d.items.includes('Push')) { confirmed(); return 'Push'; }
        return undefined;
      }, async () => {
        await doc.save();
        await asked;
        // The push runs after the save; wait for the service to hold the edit.
        const deadline = Date.now() + 10_000;
        while (((await client(0).getCampaign(id)).basic_details as any).name !== 'On save, saved') {
          if (Date.now() > deadline) throw new Error('the push on save did not reach the service');
          await new Promise(r => setTimeout(r, 50));
        }
      });
      assert.ok(dialogs.some(d => d.modal && d.items.includes('Push')), 'the push on save asked first');
    } finally {
      await cfg.update('onSave', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  async function setStatus(id: string, status: string): Promise<void> {
    const res = await fetch(`${emu!.url}/__admin/campaigns/${id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status, updated_by: 'colleague@example.com' }) });
    assert.strictEqual(res.status, 200, await res.text());
  }

  test('ACTIVE: a locked component is refused on its line, whether the file knew the status or not, and shown once', async () => {
    await signIn(0);
    // Fetched as a draft, made ACTIVE on the service afterwards: only the push knows.
    const later = await draft(0, 'Went live');
    const doc = await fetchInto(later, 'push-0');
    await setStatus(later, 'ACTIVE');
    await replaceText(doc, '"is_all_user_campaign": true', '"is_all_user_campaign": false, "included_filters": { "filter_operator": "and", "filters": [ { "filter_type": "custom_segments", "name": "VIP", "id": "1" } ] }');
    const { result } = await answering(() => undefined, () => vscode.commands.executeCommand<PushResult>('campaignStudio.push', doc.uri));
    assert.strictEqual(result?.outcome, 'blocked');
    assert.strictEqual(result.stage, 'state');
    const line = doc.getText().split('\n').findIndex(l => l.includes('"segmentation_details"'));
    const diags = await waitForDiagnostics(doc.uri, ds => ds.some(d => ruleOf(d) === 'P1'), 10_000, 'a P1 diagnostic');
    assert.deepStrictEqual(diags.filter(d => ruleOf(d) === 'P1').map(d => d.range.start.line), [line]);
    assert.strictEqual(((await client(0).getCampaign(later)).segmentation_details as any).is_all_user_campaign, true, 'nothing was sent');

    // Fetched while ACTIVE: the editor already says it; the push refuses and does not repeat it.
    const live = await draft(0, 'Live already');
    await setStatus(live, 'ACTIVE');
    const doc2 = await fetchInto(live, 'push-0');
    await replaceText(doc2, '"is_all_user_campaign": true', '"is_all_user_campaign": false, "included_filters": { "filter_operator": "and", "filters": [ { "filter_type": "custom_segments", "name": "VIP", "id": "1" } ] }');
    await waitForDiagnostics(doc2.uri, ds => ds.some(d => ruleOf(d) === 'P1'), 10_000, 'the editor\'s own P1');
    const again = await answering(() => undefined, () => vscode.commands.executeCommand<PushResult>('campaignStudio.push', doc2.uri));
    assert.strictEqual(again.result?.outcome, 'blocked');
    const line2 = doc2.getText().split('\n').findIndex(l => l.includes('"segmentation_details"'));
    // A pull sent after the push's notification answers with everything the server now holds.
    const api = await activateExtension();
    const report: any = await api.client!.sendRequest('textDocument/diagnostic', { textDocument: { uri: doc2.uri.toString() } });
    const p1 = (report.items as any[]).filter(d => String(d.code) === 'P1' && d.range.start.line === line2);
    assert.strictEqual(p1.length, 1, p1.map(d => d.message).join(' | '));
  });

  test('create a draft from a new file: the id is written into the editor\'s document, which stays saved', async () => {
    await signIn(0);
    const uri = vscode.Uri.file(path.join(workspaceRoot().fsPath, 'scratch', `new-draft-${Date.now()}.campaign.json`));
    const text = JSON.stringify({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', ...campaign('Made in VS Code') }, null, 2) + '\n';
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
    const { doc } = await open(uri);
    const { result, dialogs } = await answering(d => (d.modal && d.items.includes('Create draft') ? 'Create draft' : undefined), () => vscode.commands.executeCommand<any>('campaignStudio.createDraft', uri));
    assert.strictEqual(result?.outcome, 'created', dialogs.map(d => `${d.kind}: ${d.message}`).join('\n'));
    assert.ok(result.components.every((c: any) => c.outcome === 'ok'));
    assert.ok(doc.getText().startsWith(`{\n  "id": "${result.id}",\n  "status": "DRAFT",\n`));
    assert.strictEqual(doc.getText().replace(`  "id": "${result.id}",\n  "status": "DRAFT",\n`, ''), text);
    assert.strictEqual(doc.isDirty, false, 'a saved file stays saved');
    assert.strictEqual(fs.readFileSync(uri.fsPath, 'utf8'), doc.getText());
    const remote = await client(0).getCampaign(result.id);
    assert.strictEqual((remote.basic_details as any).name, 'Made in VS Code');
    assert.strictEqual(remote.created_by, EMAIL);
  });

  test('pause and resume from an id (as the Campaigns view passes it): confirmed, then verified', async () => {
    await signIn(0);
    const c = client(0);
    const created = await c.createDraft({ channel: 'PUSH', campaign_delivery_type: 'EVENT_TRIGGERED', created_by: 'author@example.com' });
    const id = (created.body as any).data.id as string;
    await setStatus(id, 'ACTIVE');
    const paused = await answering(d => (d.modal && d.items.includes('Pause') ? 'Pause' : undefined), () => vscode.commands.executeCommand<any>('campaignStudio.pauseCampaign', id));
    assert.strictEqual(paused.result?.outcome, 'done', paused.dialogs.map(d => d.message).join(' | '));
    assert.strictEqual((await c.getCampaign(id)).status, 'PAUSED');
    const resumedTwice = await answering(() => undefined, () => vscode.commands.executeCommand<any>('campaignStudio.pauseCampaign', id));
    assert.strictEqual(resumedTwice.result?.outcome, 'blocked', 'a paused campaign cannot be paused again');
    const resumed = await answering(d => (d.modal && d.items.includes('Resume') ? 'Resume' : undefined), () => vscode.commands.executeCommand<any>('campaignStudio.resumeCampaign', id));
    assert.strictEqual(resumed.result?.outcome, 'done');
    assert.strictEqual((await c.getCampaign(id)).status, 'ACTIVE');
  });
});
