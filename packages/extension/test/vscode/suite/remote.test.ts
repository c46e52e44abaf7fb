import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { RunningEmulator, startEmulator } from '@campaign-studio/emulator';
import { ServiceClient } from '@campaign-studio/sync';
import { readOnlyMessage } from '../../../src/remoteEditor/documents';
import type { ExplorerSnapshot } from '../../../src/remoteEditor/tree';
import { answering } from './dialogs';
import {
  activateExtension,
  closeAllEditors,
  manifest,
  ours,
  ruleOf,
  setText,
  waitForDiagnostics,
  waitForValidation,
  workspaceRoot,
  setEnvironments,
} from './helpers';

/**
 * Remote campaigns inside a real VS Code, against an emulator of the suite's own: sign in with
 * arguments, the Campaigns tree filled from the service (paging, filters, grouping), a remote
 * campaign opened read-only with diagnostics, fetch into the workspace (and over local edits),
 * and the diffs. Dialogs are answered by replacing `window.show*` while a command runs (`dialogs.ts`).
 */

const snapshot = (args?: { loadMore?: string }) =>
  vscode.commands.executeCommand<ExplorerSnapshot>('campaignStudio.internal.explorerSnapshot', args);

/**
 * Runs `fn` with the editor's feature flags set to those of the service workspace the campaigns
 * come from (the test workspace's `.campaignrc.json` describes another one), so that the rules
 * judge its campaigns by its features.
 */
async function withFeaturesOf<T>(features: RunningEmulator['workspaces'][number]['features'], fn: () => Promise<T>): Promise<T> {
  const flags = vscode.workspace.getConfiguration('campaignStudio.features');
  const names = ['audienceLimit', 'queuing', 'portfolio', 'versioning'] as const;
  for (const f of names) await flags.update(f, features[f] ?? null, vscode.ConfigurationTarget.Workspace);
  try {
    return await fn();
  } finally {
    for (const f of names) await flags.update(f, undefined, vscode.ConfigurationTarget.Workspace);
  }
}

suite('remote campaigns (extension host, emulator)', () => {
  /** This suite's own service: its data, faults and rate limits touch no other suite. */
  let emu: RunningEmulator | undefined;
  let direct: ServiceClient;

  suiteSetup(async function () {
    emu = await startEmulator({});
    await activateExtension();
    await setEnvironments([
      { name: 'remote-0', baseUrl: emu!.url, workspaceId: emu!.workspaces[0].id, email: 'remote.tester@example.com' },
      { name: 'remote-prod', baseUrl: emu!.url, workspaceId: emu!.workspaces[1].id, email: 'remote.tester@example.com', production: true },
    ]);
    direct = new ServiceClient({
      environment: { name: 'direct', baseUrl: emu!.url, workspaceId: emu!.workspaces[0].id, headerPrefix: 'SVC', production: false },
      apiKey: emu!.workspaces[0].apiKey,
    });
    const r = await answering(
      () => undefined,
      () => vscode.commands.executeCommand('campaignStudio.signIn', { environment: 'remote-0', apiKey: emu!.workspaces[0].apiKey }),
    );
    assert.strictEqual(r.result, true, `sign-in failed: ${r.dialogs.map(d => d.message).join(' | ')}`);
  });

  suiteTeardown(async () => {
    await closeAllEditors();
    await vscode.commands.executeCommand('campaignStudio.explorer.clearFilters');
    await setEnvironments(undefined);
    await vscode.workspace.getConfiguration('campaignStudio.explorer').update('groupBy', undefined, vscode.ConfigurationTarget.Workspace);
    await emu?.close();
  });

  teardown(async () => {
    await closeAllEditors();
  });

  test('a wrong API key is refused with "sign in again"; the environment stays signed out', async () => {
    const r = await answering(
      () => undefined,
      () => vscode.commands.executeCommand('campaignStudio.signIn', { environment: 'remote-prod', apiKey: 'not-the-key-000' }),
    );
    assert.strictEqual(r.result, false);
    assert.ok(
      r.dialogs.some(d => d.kind === 'error' && /Sign in again/.test(d.message)),
      r.dialogs.map(d => d.message).join(' | '),
    );
    const snap = await snapshot();
    assert.deepStrictEqual([snap.environment, snap.state, snap.production, snap.groups.length], ['remote-prod', 'signedOut', true, 0]);
    const back = await answering(
      () => undefined,
      () => vscode.commands.executeCommand('campaignStudio.signIn', { environment: 'remote-0', apiKey: emu!.workspaces[0].apiKey }),
    );
    assert.strictEqual(back.result, true);
  });

  test('an environment on plain http:// (not this machine) is refused, saying why', async () => {
    const cfg = vscode.workspace.getConfiguration('campaignStudio');
    const envs = cfg.get<unknown[]>('environments') ?? [];
    await cfg.update(
      'environments',
      [...envs, { name: 'plain-http', baseUrl: 'http://api.example.com', workspaceId: 'WS9' }],
      vscode.ConfigurationTarget.Workspace,
    );
    try {
      const r = await answering(
        () => undefined,
        () => vscode.commands.executeCommand('campaignStudio.signIn', { environment: 'plain-http', apiKey: 'whatever-key' }),
      );
      assert.strictEqual(r.result, undefined);
      const err = r.dialogs.find(d => d.kind === 'error');
      assert.ok(err && /plain-http/.test(err.message) && /unencrypted/.test(err.message), r.dialogs.map(d => d.message).join(' | '));
    } finally {
      await cfg.update('environments', envs, vscode.ConfigurationTarget.Workspace);
    }
    assert.strictEqual((await snapshot()).environment, 'remote-0');
  });

  test('the Campaigns tree fills from the service, grouped by status, 15 at a time with "Load more"', async () => {
    await vscode.commands.executeCommand('campaignStudio.explorer.clearFilters');
    await vscode.commands.executeCommand('campaignStudio.explorer.groupByStatus');
    const snap = await snapshot();
    assert.strictEqual(snap.environment, 'remote-0');
    assert.strictEqual(snap.state, 'connected');
    assert.deepStrictEqual(
      snap.groups.map(g => g.group),
      ['DRAFT', 'SCHEDULED', 'ACTIVE', 'SENDING', 'PAUSED', 'SENT', 'STOPPED', 'ARCHIVED'],
    );
    const drafts = snap.groups.find(g => g.group === 'DRAFT')!;
    assert.ok(drafts.campaigns.length > 0, 'drafts are shown');
    assert.ok(drafts.campaigns.every(c => c.status === 'DRAFT'));
    for (const g of snap.groups) {
      assert.ok(g.campaigns.length <= 15);
      assert.ok(
        g.campaigns.every(c => c.status === g.group),
        `group ${g.group}`,
      );
    }
    const all = await direct.searchAll({ campaign_fields: { channels: ['PUSH', 'EMAIL', 'SMS'], status: ['ACTIVE'] } });
    const active = snap.groups.find(g => g.group === 'ACTIVE')!;
    assert.strictEqual(active.more, all.length >= 15);
    if (active.more) {
      const more = await snapshot({ loadMore: 'ACTIVE' });
      const after = more.groups.find(g => g.group === 'ACTIVE')!;
      assert.strictEqual(after.campaigns.length, Math.min(all.length, 30));
      assert.strictEqual(after.more, all.length >= 30);
    } else {
      assert.deepStrictEqual(active.campaigns.map(c => c.id).sort(), all.map(r => String(r.id)).sort());
    }
  });

  test('grouping by channel and filtering, from the view title commands', async () => {
    await vscode.commands.executeCommand('campaignStudio.explorer.groupByChannel');
    let snap = await snapshot();
    assert.strictEqual(snap.groupBy, 'channel');
    assert.deepStrictEqual(
      snap.groups.map(g => g.group),
      ['PUSH', 'EMAIL', 'SMS'],
    );
    assert.ok(snap.groups.find(g => g.group === 'SMS')!.campaigns.length > 0, 'SMS campaigns are asked for');
    await vscode.commands.executeCommand('campaignStudio.explorer.filter', {
      channels: ['EMAIL'],
      statuses: ['DRAFT', 'ACTIVE'],
      name: 'a',
    });
    snap = await snapshot();
    assert.deepStrictEqual(
      snap.groups.map(g => g.group),
      ['EMAIL'],
    );
    assert.match(snap.description ?? '', /channel EMAIL · status DRAFT, ACTIVE · name "a"/);
    // Alone in its container the view has no header for the description: the message shows the filter.
    assert.match(
      snap.message ?? '',
      /^Filtered: channel EMAIL · status DRAFT, ACTIVE · name "a"\. "Clear Campaign Filters" lists everything\.$/,
    );
    const want = await direct.searchAll({ campaign_fields: { channels: ['EMAIL'], status: ['DRAFT', 'ACTIVE'], name: 'a' } });
    assert.deepStrictEqual(snap.groups[0].campaigns.map(c => c.id).sort(), want.map(r => String(r.id)).sort());
    await vscode.commands.executeCommand('campaignStudio.explorer.filter', { ids: ['000000000000000000000000'] });
    snap = await snapshot();
    assert.ok(snap.groups.every(g => g.campaigns.length === 0 && /No campaign matches the filter/.test(g.message ?? '')));
    await vscode.commands.executeCommand('campaignStudio.explorer.clearFilters');
    await vscode.commands.executeCommand('campaignStudio.explorer.groupByStatus');
    snap = await snapshot();
    assert.strictEqual(snap.groupBy, 'status');
    assert.strictEqual(snap.description, undefined);
    assert.strictEqual(snap.message, undefined);
  });

  test('a remote campaign opens read-only as campaign://<environment>/<id>, with diagnostics', () =>
    withFeaturesOf(emu!.workspaces[0].features, async () => {
      const periodic = (
        await direct.searchAll({ campaign_fields: { channels: ['PUSH'], status: ['ACTIVE'], campaign_delivery_type: ['PERIODIC'] } })
      )[0];
      assert.ok(periodic, 'the seed has an active periodic push campaign');
      const id = String(periodic.id);
      const uri = await vscode.commands.executeCommand<string>('campaignStudio.openRemote', id);
      assert.ok(uri?.startsWith(`campaign://remote-0/${id}/`), uri);
      const editor = vscode.window.activeTextEditor!;
      assert.strictEqual(editor.document.uri.toString(), uri);
      assert.strictEqual(editor.document.languageId, 'campaign-json');
      const doc = JSON.parse(editor.document.getText());
      assert.strictEqual(doc.id, id);
      // The language server validates it; a read-only view shows errors and warnings only, and the service's own campaign has none.
      const diags = await waitForValidation(editor.document);
      assert.deepStrictEqual(
        diags.map(d => `${ruleOf(d)} ${d.message}`),
        [],
        'no errors, and no notes (D8, H5) in a view nothing can be edited in',
      );
      // Read-only: nothing can write a campaign:// document back (no file system behind it).
      assert.notStrictEqual(vscode.workspace.fs.isWritableFileSystem('campaign'), true);
      const edit = new vscode.WorkspaceEdit();
      edit.insert(editor.document.uri, new vscode.Position(0, 1), ' ');
      await vscode.workspace.applyEdit(edit);
      assert.strictEqual(editor.document.isDirty, false, 'a remote document never becomes a change to save');
      assert.strictEqual(await editor.document.save(), false, 'saving a remote document does nothing');
    }));

  test('typing in a read-only campaign says why and offers "Fetch to Edit", which fetches it into its file and opens that', async () => {
    const rec = (await direct.searchAll({ campaign_fields: { channels: ['PUSH'], status: ['SENT'] } }))[0];
    assert.ok(rec, 'the seed has a sent push campaign');
    const id = String(rec.id);
    const uri = vscode.Uri.parse((await vscode.commands.executeCommand<string>('campaignStudio.openRemote', id))!);
    assert.strictEqual((await vscode.workspace.fs.stat(uri)).permissions, vscode.FilePermission.Readonly);
    assert.strictEqual(vscode.workspace.fs.isWritableFileSystem('campaign'), false);
    // The message VS Code shows on a keystroke, and its link.
    const message = readOnlyMessage();
    assert.match(message.value, /read-only/);
    assert.match(message.value, /\[Fetch to Edit\]\(command:campaignStudio\.fetchToEdit\)/);
    assert.deepStrictEqual(message.isTrusted, { enabledCommands: ['campaignStudio.fetchToEdit'] });
    const title = manifest().contributes.menus['editor/title'].find((m: { command: string }) => m.command === 'campaignStudio.fetchToEdit');
    assert.match(title?.when ?? '', /^resourceScheme == '?campaign'?$/);
    assert.ok((await vscode.commands.getCommands(true)).includes('campaignStudio.fetchToEdit'));
    // The link runs it with no argument: the campaign is the active read-only view's.
    const r = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.fetchToEdit'),
    );
    assert.strictEqual(r.result?.outcome, 'written', r.dialogs.map(d => d.message).join(' | '));
    const active = vscode.window.activeTextEditor?.document.uri;
    assert.strictEqual(active?.scheme, 'file');
    assert.match(path.basename(active.fsPath), new RegExp(`\\.${id}\\.campaign\\.json$`));
    assert.strictEqual(JSON.parse(vscode.window.activeTextEditor!.document.getText()).id, id);
  });

  test('fetch writes the file and its base; over local edits it asks, and cancel / overwrite never lose work', async () => {
    const rec = (
      await direct.searchAll({ campaign_fields: { channels: ['EMAIL'], status: ['SCHEDULED'], campaign_delivery_type: ['ONE_TIME'] } })
    )[0];
    assert.ok(rec);
    const id = String(rec.id);
    const first = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.fetch', { id, environment: 'remote-0', reveal: true }),
    );
    assert.strictEqual(first.result?.outcome, 'written', first.dialogs.map(d => d.message).join(' | '));
    const file: string = first.result.file;
    const root = workspaceRoot().fsPath;
    assert.ok(file.startsWith(path.join(root, 'campaigns') + path.sep), file);
    assert.match(path.basename(file), new RegExp(`\\.${id}\\.campaign\\.json$`));
    assert.ok(fs.existsSync(path.join(root, '.campaigns', 'base', `${id}.json`)));
    const editor = vscode.window.activeTextEditor!;
    assert.strictEqual(editor.document.uri.fsPath, file);
    const fetched = editor.document.getText();

    // Unsaved local edits, and the remote changed meanwhile.
    const edited = fetched.replace(/"name": "([^"]*)"/, '"name": "$1 (my unsaved edit)"');
    await setText(editor.document, edited);
    await direct.patch(id, {
      channel: 'EMAIL',
      campaign_delivery_type: 'ONE_TIME',
      updated_by: 'colleague@example.com',
      utm_params: { utm_source: 'colleague', utm_medium: 'email' },
    });

    const cancelled = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.fetch', { id, environment: 'remote-0', onConflict: 'cancel' }),
    );
    assert.strictEqual(cancelled.result?.outcome, 'cancelled');
    assert.strictEqual(editor.document.getText(), edited, 'the unsaved edit is still there');
    assert.ok(editor.document.isDirty);

    // Asked in a modal: answering "Show Diff" opens the diff and writes nothing.
    const diffed = await answering(
      d => (d.modal ? 'Show Diff' : undefined),
      () => vscode.commands.executeCommand<any>('campaignStudio.fetch', { id, environment: 'remote-0' }),
    );
    assert.strictEqual(diffed.result?.outcome, 'diff');
    const ask = diffed.dialogs.find(d => d.modal)!;
    assert.match(ask.message, /unsaved changes/);
    assert.ok(ask.items.includes('Show Diff') && ask.items.some(i => /Overwrite/.test(i)));
    assert.strictEqual(editor.document.getText(), edited);
    const tabs = vscode.window.tabGroups.all
      .flatMap(g => g.tabs)
      .map(t => t.input)
      .filter((i): i is vscode.TabInputTextDiff => i instanceof vscode.TabInputTextDiff);
    assert.ok(
      tabs.some(t => t.original.scheme === 'campaign' && t.modified.fsPath === file),
      'the diff remote ↔ local is open',
    );

    const over = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.fetch', { id, environment: 'remote-0', onConflict: 'overwrite' }),
    );
    assert.strictEqual(over.result?.outcome, 'written');
    assert.ok(over.result.backup && fs.readFileSync(over.result.backup, 'utf8') === edited, 'the overwritten text is kept in the backup');
    const doc = vscode.workspace.textDocuments.find(d => d.uri.fsPath === file)!;
    assert.strictEqual(doc.isDirty, false);
    assert.deepStrictEqual(JSON.parse(doc.getText()).utm_params, { utm_source: 'colleague', utm_medium: 'email' });
  });

  test("compare with remote and with base: VS Code's diff editor and a component summary", async () => {
    const rec = (await direct.searchAll({ campaign_fields: { channels: ['PUSH'], status: ['DRAFT'] } }))[0];
    const id = String(rec.id);
    const fetched = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.fetch', { id, environment: 'remote-0', reveal: true }),
    );
    const file = vscode.Uri.file(fetched.result.file);
    const doc = await vscode.workspace.openTextDocument(file);
    const local = JSON.parse(doc.getText());
    local.basic_details.name = `${local.basic_details.name} (edited)`;
    await setText(doc, JSON.stringify(local, null, 2));
    await doc.save();

    const base = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.diffBase', file),
    );
    assert.deepStrictEqual(
      base.result.changes.map((c: any) => c.key),
      ['basic_details'],
    );
    assert.ok(
      base.dialogs.some(d =>
        /1 component differs between the base \(as fetched\) and the local file: basic_details changed \(\/basic_details\/name\)/.test(
          d.message,
        ),
      ),
      base.dialogs.map(d => d.message).join(' | '),
    );
    let tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(tab instanceof vscode.TabInputTextDiff && tab.original.scheme === 'campaign-base' && tab.modified.fsPath === file.fsPath);

    await direct.patch(id, {
      channel: 'PUSH',
      campaign_delivery_type: String(rec.campaign_delivery_type),
      updated_by: 'colleague@example.com',
      utm_params: { utm_source: 'remote', utm_medium: 'push' },
    });
    const remote = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.diffRemote', file),
    );
    const keys = remote.result.changes.map((c: any) => `${c.key}:${c.kind}`).sort();
    // The remote has the colleague's utm_params, the file does not have them (or has the old ones).
    assert.deepStrictEqual(keys, ['basic_details:changed', rec.utm_params === undefined ? 'utm_params:removed' : 'utm_params:changed']);
    tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(tab instanceof vscode.TabInputTextDiff && tab.original.toString() === `campaign://remote-0/${id}`);
    // Read-only fields (updated_at moved) are not a component change.
    assert.ok(!keys.some((k: string) => k.startsWith('updated_at')));
  });

  test('a fetched periodic file has nothing to report, its kept schedule included; the server knows its remote state (rule P1)', () =>
    withFeaturesOf(emu!.workspaces[0].features, async () => {
      const rec = (
        await direct.searchAll({ campaign_fields: { channels: ['PUSH'], status: ['ACTIVE'], campaign_delivery_type: ['PERIODIC'] } })
      )[0];
      const id = String(rec.id);
      const r = await answering(
        () => undefined,
        () =>
          vscode.commands.executeCommand<any>('campaignStudio.fetch', {
            id,
            environment: 'remote-0',
            reveal: true,
            onConflict: 'overwrite',
          }),
      );
      const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(r.result.file));
      await vscode.window.showTextDocument(doc);
      // The fetch said why the schedule is kept (its note); the file itself has nothing to report.
      assert.match(
        r.result.normalized.notes.map((n: { message: string }) => n.message).join(' '),
        /kept as the service returned it: .*time of day/,
      );
      const keptNote = (d: vscode.Diagnostic) => ruleOf(d) === 'H5' && d.severity === vscode.DiagnosticSeverity.Information;
      // An ACTIVE campaign's audience cannot change (P1): the server knows the file's base and status.
      const edited = JSON.parse(doc.getText());
      edited.segmentation_details = { is_all_user_campaign: true };
      await setText(doc, JSON.stringify(edited, null, 2));
      const checked = await waitForDiagnostics(doc.uri, ds => ds.some(d => ruleOf(d) === 'P1'), 15_000, 'P1 on the changed audience');
      assert.deepStrictEqual(
        checked.filter(d => ruleOf(d) !== 'P1' && ruleOf(d) !== 'P4').map(d => `${ruleOf(d)} ${d.message}`),
        [],
        'a freshly fetched file, its audience edited: nothing else, no note on the kept schedule, no D8',
      );
      // Editing the kept schedule brings the response-shape errors back; rewriting it in request shape removes them and the note.
      edited.scheduling_details = { ...edited.scheduling_details, expiry_time: '2027-12-31T23:59:00' };
      await setText(doc, JSON.stringify(edited, null, 2));
      await waitForDiagnostics(
        doc.uri,
        ds => ds.some(d => ruleOf(d) === 'H1' && d.severity === vscode.DiagnosticSeverity.Error) && !ds.some(keptNote),
        15_000,
        'H1 back on the edited schedule',
      );
      edited.scheduling_details = {
        delivery_type: 'AT_FIXED_TIME',
        start_time: '2027-06-01T09:30:00',
        timezone: 'UTC',
        periodic_details: edited.scheduling_details.periodic_details,
      };
      await setText(doc, JSON.stringify(edited, null, 2));
      await waitForDiagnostics(
        doc.uri,
        ds => !ds.some(d => ruleOf(d) === 'H1' || ruleOf(d) === 'H5'),
        15_000,
        'the schedule in request shape: no H1, no H5',
      );
    }));

  test('quick clicks through campaigns: an open whose preview tab a later one took is no error, and the last one shows', async () => {
    const ids = (await direct.searchAll({ campaign_fields: { channels: ['PUSH'] } })).slice(0, 6).map(c => String(c.id));
    const r = await answering(
      () => undefined,
      () => Promise.all(ids.map(id => vscode.commands.executeCommand<string | undefined>('campaignStudio.openRemote', id))),
    );
    assert.deepStrictEqual(
      r.dialogs.filter(d => d.kind === 'error').map(d => d.message),
      [],
      'no error for an open the person moved on from',
    );
    assert.ok(
      r.result.some(uri => uri !== undefined),
      'at least one open showed its campaign',
    );
    const shown = vscode.window.activeTextEditor?.document.uri.toString();
    assert.ok(shown && r.result.includes(shown), `the editor shows one of the opened campaigns: ${shown}`);
  });

  test('an unknown campaign says it is gone or belongs to another workspace', async () => {
    const r = await answering(
      () => undefined,
      () => vscode.commands.executeCommand('campaignStudio.openRemote', '0123456789abcdef01234567'),
    );
    assert.strictEqual(r.result, undefined);
    const err = r.dialogs.find(d => d.kind === 'error');
    assert.ok(err && /no longer exists, or it belongs to another workspace/.test(err.message), r.dialogs.map(d => d.message).join(' | '));
    assert.deepStrictEqual(ours(vscode.Uri.parse('campaign://remote-0/0123456789abcdef01234567')), []);
  });
});
