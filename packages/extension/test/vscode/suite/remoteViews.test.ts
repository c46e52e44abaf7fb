import * as assert from 'assert';
import * as vscode from 'vscode';
import { RunningEmulator, startEmulator } from '@campaign-studio/emulator';
import { CampaignRecord, ServiceClient } from '@campaign-studio/sync';
import { VirtualClock } from '../../../../sync/test/helpers/virtualClock';
import { Connection } from '../../../src/remoteEditor/connection';
import { RemoteFeature } from '../../../src/remoteEditor/feature';
import { CampaignsProvider, ExplorerSnapshot } from '../../../src/remoteEditor/tree';
import { answering } from './dialogs';
import {
  activateExtension,
  closeAllEditors,
  manifest,
  open,
  ruleOf,
  waitForDiagnostics,
  waitForState,
  waitForTab,
  waitForValidation,
  endEmulatorSuite,
  setEnvironments,
} from './helpers';

/**
 * The remote views and commands as a person meets them, in a real VS Code against an emulator of
 * this suite's own: the status actions each campaign item offers (the manifest's `when` clauses
 * read against the `contextValue` the tree sets), Stop's confirmations, the palette's choice of
 * campaign, sign-in first, the read-only tabs and their diagnostics, execution history, grouping
 * kept as workspace state, the rate limit's countdown on a virtual clock, and the order in which
 * the Campaigns view and its commands are registered.
 */

const snapshot = () => vscode.commands.executeCommand<ExplorerSnapshot>('campaignStudio.internal.explorerSnapshot');

/**
 * A Campaigns view of its own, apart from the window's: its own connection, and a memory that
 * starts filtered to two groups (their reads share the service's budget of 100 a minute with the
 * rest of the suite).
 */
async function withOwnView(body: (tree: CampaignsProvider, memento: vscode.Memento, conn: Connection) => Promise<void>): Promise<void> {
  const api = await activateExtension();
  const log = vscode.window.createOutputChannel('Campaign Studio: a view of its own', { log: true });
  const conn = new Connection(api.ctx.extension, log);
  const kept = new Map<string, unknown>([['campaignStudio.explorer.filter', { statuses: ['ACTIVE', 'SENT'] }]]);
  const memento = {
    keys: () => [...kept.keys()],
    get: (k: string, d?: unknown) => (kept.has(k) ? kept.get(k) : d),
    update: async (k: string, v: unknown) => void kept.set(k, v),
  } as unknown as vscode.Memento;
  const tree = new CampaignsProvider(conn, memento);
  try {
    await body(tree, memento, conn);
  } finally {
    tree.dispose();
    conn.dispose();
    log.dispose();
  }
}

/** Whether the Campaigns view's context menu offers `command` on an item with this `contextValue`, by the manifest's `when` clauses. */
function offered(command: string, contextValue: string): boolean {
  const entries: Array<{ command: string; when?: string }> = manifest().contributes.menus['view/item/context'];
  return entries
    .filter(e => e.command === command && /view == campaignStudio\.campaigns/.test(e.when ?? ''))
    .some(e => {
      const patterns = [...(e.when ?? '').matchAll(/viewItem =~ \/((?:\\\/|[^/])+)\//g)].map(m => new RegExp(m[1]));
      const equals = [...(e.when ?? '').matchAll(/viewItem == (\S+?)\)?(?:\s|$)/g)].map(m => m[1]);
      return patterns.some(p => p.test(contextValue)) || equals.includes(contextValue);
    });
}

const STATUS_COMMANDS = [
  'campaignStudio.pauseCampaign',
  'campaignStudio.resumeCampaign',
  'campaignStudio.stopCampaign',
  'campaignStudio.publishInfo',
];

suite('remote views and commands (extension host, emulator)', () => {
  let emu: RunningEmulator;
  let direct: ServiceClient;

  const signIn = async (environment: string, ws: number) => {
    const r = await answering(
      () => undefined,
      () => vscode.commands.executeCommand('campaignStudio.signIn', { environment, apiKey: emu.workspaces[ws].apiKey }),
    );
    assert.strictEqual(r.result, true, `sign-in failed: ${r.dialogs.map(d => d.message).join(' | ')}`);
  };

  /** The first listed campaign of a status group, with the menus its item offers. */
  const listed = async (status: string, match: (c: ExplorerSnapshot['groups'][number]['campaigns'][number]) => boolean = () => true) => {
    const group = (await snapshot()).groups.find(g => g.group === status);
    const item = group?.campaigns.find(match);
    assert.ok(item, `no ${status} campaign is listed`);
    return { ...item, offers: STATUS_COMMANDS.filter(c => offered(c, item.contextValue ?? '')) };
  };

  const find = async (fields: Record<string, unknown>, ws = 0): Promise<CampaignRecord> => {
    const c =
      ws === 0
        ? direct
        : new ServiceClient({
            environment: { name: 'direct-1', baseUrl: emu.url, workspaceId: emu.workspaces[1].id, headerPrefix: 'SVC', production: false },
            apiKey: emu.workspaces[1].apiKey,
          });
    const hit = (await c.searchAll({ campaign_fields: { channels: ['PUSH', 'EMAIL'], ...fields } }))[0];
    assert.ok(hit, `the seed has a campaign with ${JSON.stringify(fields)}`);
    return hit;
  };

  suiteSetup(async () => {
    emu = await startEmulator({});
    await activateExtension();
    await setEnvironments([
      { name: 'rv-0', baseUrl: emu.url, workspaceId: emu.workspaces[0].id, email: 'views.tester@example.com', readTimeoutSeconds: 3 },
      { name: 'rv-prod', baseUrl: emu.url, workspaceId: emu.workspaces[1].id, email: 'views.tester@example.com', production: true },
    ]);
    direct = new ServiceClient({
      environment: { name: 'direct', baseUrl: emu.url, workspaceId: emu.workspaces[0].id, headerPrefix: 'SVC', production: false },
      apiKey: emu.workspaces[0].apiKey,
    });
    await signIn('rv-0', 0);
    await vscode.commands.executeCommand('campaignStudio.explorer.clearFilters');
    await vscode.commands.executeCommand('campaignStudio.explorer.groupByStatus');
  });

  suiteTeardown(async () => {
    await endEmulatorSuite(emu);
  });

  teardown(async () => {
    await closeAllEditors();
  });

  test('each campaign item offers only the status actions that apply: ACTIVE pause and stop, PAUSED resume and stop, a draft publish', async () => {
    const active = await listed('ACTIVE', c => c.channel !== 'SMS' && /Periodic|triggered/i.test(c.description ?? ''));
    assert.deepStrictEqual(
      active.offers,
      ['campaignStudio.pauseCampaign', 'campaignStudio.stopCampaign'],
      `${active.name}: ${active.contextValue}`,
    );
    const paused = await listed('PAUSED', c => c.channel !== 'SMS');
    assert.deepStrictEqual(
      paused.offers,
      ['campaignStudio.resumeCampaign', 'campaignStudio.stopCampaign'],
      `${paused.name}: ${paused.contextValue}`,
    );
    const draft = await listed('DRAFT', c => c.channel !== 'SMS');
    assert.deepStrictEqual(draft.offers, ['campaignStudio.publishInfo'], `${draft.name}: ${draft.contextValue}`);
    const sent = await listed('SENT');
    assert.deepStrictEqual(sent.offers, [], `${sent.name}: ${sent.contextValue}`);
    // The offered command runs on that item, as its menu passes it.
    const resumed = await answering(
      d => (d.modal && d.items.includes('Resume') ? 'Resume' : undefined),
      () => vscode.commands.executeCommand<any>('campaignStudio.resumeCampaign', { id: paused.id, environment: 'rv-0' }),
    );
    assert.strictEqual(resumed.result?.outcome, 'done', resumed.dialogs.map(d => d.message).join(' | '));
    const after = (await snapshot()).groups.flatMap(g => g.campaigns).find(c => c.id === paused.id);
    assert.ok(
      after && after.status !== 'PAUSED' && !offered('campaignStudio.resumeCampaign', after.contextValue ?? ''),
      `after resuming: ${after?.contextValue}`,
    );
  });

  test('Stop asks with the safe answer first, never Stop as the default; refused answers leave the campaign running', async () => {
    const rec = await find({ status: ['ACTIVE'], campaign_delivery_type: ['EVENT_TRIGGERED'] });
    const id = String(rec.id);
    const r = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.stopCampaign', id),
    );
    assert.strictEqual(r.result?.outcome, 'cancelled');
    const ask = r.dialogs.find(d => d.modal)!;
    assert.ok(ask, r.dialogs.map(d => d.message).join(' | '));
    assert.deepStrictEqual(ask.items, ['Keep As It Is', 'Stop'], 'Stop is not the first (default) button');
    assert.strictEqual((await direct.getCampaign(id)).status, 'ACTIVE');
  });

  test("Stop in production is confirmed by typing the campaign's name", async () => {
    const rec = await find({ status: ['ACTIVE'], campaign_delivery_type: ['EVENT_TRIGGERED'] }, 1);
    const id = String(rec.id);
    const name = String((rec.basic_details as { name: string }).name);
    await signIn('rv-prod', 1);
    try {
      const wrong = await answering(
        d => (d.modal ? 'Stop' : d.kind === 'inputBox' ? 'rv-prod' : undefined),
        () => vscode.commands.executeCommand<any>('campaignStudio.stopCampaign', id),
      );
      assert.strictEqual(wrong.result?.outcome, 'cancelled', wrong.dialogs.map(d => d.message).join(' | '));
      const typed = wrong.dialogs.find(d => d.kind === 'inputBox')!;
      assert.ok(typed, 'production asks for the name in an input box');
      assert.strictEqual(typed.validate?.(name), undefined);
      assert.strictEqual(
        (typed.validate?.('rv-prod') as vscode.InputBoxValidationMessage).severity,
        vscode.InputBoxValidationSeverity.Error,
      );
      const right = await answering(
        d => (d.modal ? 'Stop' : d.kind === 'inputBox' ? name : undefined),
        () => vscode.commands.executeCommand<any>('campaignStudio.stopCampaign', id),
      );
      assert.strictEqual(right.result?.outcome, 'done', right.dialogs.map(d => d.message).join(' | '));
    } finally {
      await signIn('rv-0', 0);
    }
  });

  test('from the palette, Stop does not take the active draft file: it asks which campaign, among those it applies to', async () => {
    const draft = await find({ status: ['DRAFT'] });
    const fetched = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.fetch', { id: String(draft.id), environment: 'rv-0', reveal: true }),
    );
    await open(vscode.Uri.file(fetched.result.file));
    const r = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.stopCampaign'),
    );
    assert.strictEqual(r.result, undefined);
    const pick = r.dialogs.find(d => d.kind === 'quickPick');
    assert.ok(pick, `asked nothing: ${r.dialogs.map(d => `${d.kind}: ${d.message}`).join(' | ')}`);
    assert.match(pick.message, /Stop which campaign on rv-0\?/);
    assert.ok(
      pick.items.length > 0 && !pick.items.includes(String((draft.basic_details as { name: string }).name)),
      'the draft is not among them',
    );
    assert.deepStrictEqual(
      r.dialogs.filter(d => d.kind === 'error' || d.modal),
      [],
      'nothing was refused or confirmed',
    );
  });

  test('a command that needs the service, signed out, offers to sign in instead of failing', async () => {
    await vscode.commands.executeCommand('campaignStudio.signOut');
    try {
      const r = await answering(
        () => undefined,
        () => vscode.commands.executeCommand<any>('campaignStudio.pauseCampaign', '65f0c1d2e3a4b5c6d7e8f901'),
      );
      assert.strictEqual(r.result, undefined);
      const ask = r.dialogs.find(d => d.kind === 'warning');
      assert.ok(
        ask && ask.items.includes('Sign In') && /Not signed in to environment rv-0/.test(ask.message),
        r.dialogs.map(d => d.message).join(' | '),
      );
      assert.deepStrictEqual(
        r.dialogs.filter(d => d.kind === 'error'),
        [],
      );
    } finally {
      await signIn('rv-0', 0);
    }
  });

  test('notifications are plain text that says what to do next (no literal backticks)', async () => {
    const draft = await find({ status: ['DRAFT'] });
    const r = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.pauseCampaign', String(draft.id)),
    );
    assert.strictEqual(r.result?.outcome, 'blocked');
    const said = r.dialogs.find(d => d.kind === 'error')!;
    assert.match(said.message, /The campaign is DRAFT on the service, so it cannot be paused\. A draft is not live yet: publish it first/);
    assert.ok(
      r.dialogs.every(d => !d.message.includes('`')),
      r.dialogs.map(d => d.message).join(' | '),
    );
  });

  test("a read-only tab shows the campaign's name (its id in the address); the old campaign://<env>/<id> address still opens", async () => {
    const rec = await find({ status: ['ACTIVE'] });
    const id = String(rec.id);
    const name = String((rec.basic_details as { name: string }).name);
    const uri = await vscode.commands.executeCommand<string>('campaignStudio.openRemote', id);
    const tab = await waitForTab(t => t.input instanceof vscode.TabInputText && t.input.uri.toString() === uri, `the tab of ${uri}`);
    assert.strictEqual(tab.label, name);
    assert.match(uri, new RegExp(`^campaign://rv-0/${id}/`));
    await closeAllEditors();
    const old = await vscode.workspace.openTextDocument(vscode.Uri.parse(`campaign://rv-0/${id}`));
    assert.strictEqual(JSON.parse(old.getText()).id, id);
  });

  test('a read-only view reports no information-level findings, only errors and warnings', async () => {
    const rec = await find({ status: ['ACTIVE'], campaign_delivery_type: ['PERIODIC'] });
    const uri = vscode.Uri.parse((await vscode.commands.executeCommand<string>('campaignStudio.openRemote', String(rec.id)))!);
    const doc = vscode.workspace.textDocuments.find(d => d.uri.toString() === uri.toString())!;
    const diags = await waitForValidation(doc);
    const quiet = vscode.languages
      .getDiagnostics(uri)
      .filter(d => d.severity === vscode.DiagnosticSeverity.Information || d.severity === vscode.DiagnosticSeverity.Hint);
    assert.deepStrictEqual(
      quiet.map(d => `${ruleOf(d)} ${d.message}`),
      [],
      'no D8, P4, P5 or H5 notes in a view nothing can be edited in',
    );
    assert.ok(diags.every(d => d.severity === vscode.DiagnosticSeverity.Error || d.severity === vscode.DiagnosticSeverity.Warning));
  });

  test('Validate Remotely twice: a problem the rules and the service both find shows once, each run replacing the last', async () => {
    const draft = await find({ status: ['DRAFT'], channels: ['PUSH'] });
    const fetched = await answering(
      () => undefined,
      () =>
        vscode.commands.executeCommand<any>('campaignStudio.fetch', {
          id: String(draft.id),
          environment: 'rv-0',
          reveal: true,
          onConflict: 'overwrite',
        }),
    );
    const { doc } = await open(vscode.Uri.file(fetched.result.file));
    const value = JSON.parse(doc.getText());
    value.basic_details = { ...value.basic_details, platforms: ['TOASTER'] };
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), JSON.stringify(value, null, 2));
    await vscode.workspace.applyEdit(edit);
    await doc.save();
    const line = doc
      .getText()
      .split('\n')
      .findIndex(l => l.includes('"TOASTER"'));
    const onLine = () =>
      vscode.languages.getDiagnostics(doc.uri).filter(d => d.range.start.line === line && d.severity === vscode.DiagnosticSeverity.Error);
    await waitForDiagnostics(doc.uri, ds => ds.some(d => d.range.start.line === line), 15_000, "the rule's error on the platform");
    for (let run = 1; run <= 2; run++) {
      const r = await answering(
        () => undefined,
        () => vscode.commands.executeCommand<any>('campaignStudio.validateRemote', doc.uri),
      );
      assert.strictEqual(r.result?.outcome, 'invalid', r.dialogs.map(d => d.message).join(' | '));
      // The findings reach the server before this pull, on the same connection: the report holds them.
      await waitForValidation(doc);
      assert.strictEqual(
        onLine().length,
        1,
        `run ${run}: ${onLine()
          .map(d => `${ruleOf(d)} ${d.message}`)
          .join(' | ')}`,
      );
    }
  });

  test('execution history opens read-only: nothing to save', async () => {
    const rec = await find({ status: ['ACTIVE'], campaign_delivery_type: ['PERIODIC'] });
    const r = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.showExecutions', String(rec.id)),
    );
    assert.ok(r.result?.executions, r.dialogs.map(d => d.message).join(' | '));
    const doc = vscode.window.activeTextEditor!.document;
    assert.strictEqual(doc.uri.scheme, 'campaign-executions');
    assert.strictEqual(doc.languageId, 'markdown');
    assert.strictEqual(doc.isDirty, false);
    assert.strictEqual(doc.isUntitled, false);
    assert.match(doc.getText(), /^# Executions of /);
  });

  test('grouping is kept in the workspace state, not in .vscode/settings.json; the deprecated setting gives only the initial grouping', async () => {
    const api = await activateExtension();
    const state = api.ctx.extension.workspaceState;
    const cfg = () => vscode.workspace.getConfiguration('campaignStudio.explorer');
    await state.update('campaignStudio.explorer.groupBy', undefined);
    await cfg().update('groupBy', 'channel', vscode.ConfigurationTarget.Workspace);
    try {
      assert.strictEqual((await snapshot()).groupBy, 'channel', 'the old setting is the default until a button is used');
      await vscode.commands.executeCommand('campaignStudio.explorer.groupByStatus');
      assert.strictEqual((await snapshot()).groupBy, 'status');
      assert.strictEqual(state.get('campaignStudio.explorer.groupBy'), 'status');
      assert.strictEqual(cfg().inspect('groupBy')?.workspaceValue, 'channel', 'the settings file is left alone');
    } finally {
      await cfg().update('groupBy', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await vscode.commands.executeCommand('campaignStudio.explorer.groupByChannel');
    assert.strictEqual((await snapshot()).groupBy, 'channel');
    assert.strictEqual(cfg().inspect('groupBy')?.workspaceValue, undefined);
    await vscode.commands.executeCommand('campaignStudio.explorer.groupByStatus');
  });

  test('each group shows its count before it is expanded, from one search per group that its listing then reuses', async () => {
    const searches = (since: number) =>
      emu.admin.requests().filter(r => r.seq > since && r.workspace === emu.workspaces[0].id && /\/campaigns\/search$/.test(r.path)).length;
    const since = emu.admin.requests().at(-1)?.seq ?? 0;
    await vscode.commands.executeCommand('campaignStudio.explorer.refresh');
    const collapsed = await vscode.commands.executeCommand<ExplorerSnapshot>('campaignStudio.internal.explorerSnapshot', { expand: false });
    assert.strictEqual(searches(since), 8, 'one search per group');
    assert.strictEqual(collapsed.groups.length, 8);
    assert.ok(
      collapsed.groups.every(g => g.campaigns.length === 0 && !g.expanded),
      'not expanded',
    );
    const seen = emu.admin.requests().at(-1)?.seq ?? 0;
    const expanded = await snapshot();
    assert.strictEqual(searches(seen), 0, "expanding reuses each group's first page");
    assert.ok(expanded.groups.some(g => g.campaigns.length > 0));
    assert.deepStrictEqual(
      collapsed.groups.map(g => `${g.group} ${g.count}`),
      expanded.groups.map(g => `${g.group} ${g.campaigns.length}${g.more ? '+' : ''}`),
      'the count is what the group lists when expanded ("15+" while more pages remain)',
    );
  });

  test('under a filter, collapsed groups say how many match, and "no match" where none does', async () => {
    const rec = await find({ status: ['PAUSED'] });
    const name = String((rec.basic_details as { name: string }).name);
    // Three groups, not eight: the reads share the service's budget of 100 a minute with the rest of the suite.
    await vscode.commands.executeCommand('campaignStudio.explorer.filter', { name, statuses: ['DRAFT', 'PAUSED', 'SENT'] });
    try {
      const collapsed = await vscode.commands.executeCommand<ExplorerSnapshot>('campaignStudio.internal.explorerSnapshot', {
        expand: false,
      });
      const expanded = await snapshot();
      assert.deepStrictEqual(
        collapsed.groups.map(g => `${g.group} ${g.count}`),
        expanded.groups.map(g => `${g.group} ${g.campaigns.length ? `${g.campaigns.length}${g.more ? '+' : ''} match` : 'no match'}`),
      );
      assert.ok(expanded.groups.find(g => g.group === 'PAUSED')?.campaigns.some(c => c.id === String(rec.id)));
      assert.ok(
        collapsed.groups.some(g => g.count === 'no match'),
        collapsed.groups.map(g => `${g.group} ${g.count}`).join(', '),
      );
    } finally {
      await vscode.commands.executeCommand('campaignStudio.explorer.clearFilters');
    }
  });

  test('a group expanded stays expanded after a reconnect, in its environment only', async () => {
    await withOwnView(async (tree, memento, conn) => {
      await conn.restore();
      const reloaded = new Promise<void>(resolve => tree.onDidChangeTreeData(() => resolve()));
      const groups = await tree.getChildren();
      const active = groups.find(g => tree.getTreeItem(g).label === 'Active')!;
      await tree.rememberExpansion(active, true);
      const before = tree.getTreeItem(active);
      assert.strictEqual(before.collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
      assert.strictEqual(before.id, 'group/rv-0/status/ACTIVE');
      await reloaded;
      // The service goes away: the view lists nothing, and the workbench folds the open group that
      // lost its children, as if the person had. That fold is not remembered.
      emu.admin.setFaults('drop-rate=1');
      try {
        await conn.restore();
        assert.strictEqual(conn.canList, false, 'unreachable: the view lists nothing');
        await tree.rememberExpansion(active, false);
      } finally {
        emu.admin.clearFaults();
      }
      const changed = new Promise<void>(resolve => tree.onDidChangeTreeData(() => resolve()));
      // Reconnecting empties the view (connecting), then lists it again.
      await conn.restore();
      await changed;
      const after = await tree.getChildren();
      assert.ok(after.length > 0 && after[0] !== groups[0], 'the groups were drawn anew');
      const states = Object.fromEntries(after.map(g => [tree.getTreeItem(g).id, tree.getTreeItem(g).collapsibleState]));
      assert.strictEqual(states['group/rv-0/status/ACTIVE'], vscode.TreeItemCollapsibleState.Expanded);
      assert.strictEqual(states['group/rv-0/status/SENT'], vscode.TreeItemCollapsibleState.Collapsed);
      assert.deepStrictEqual(memento.get('campaignStudio.explorer.expanded'), { 'rv-0': ['status/ACTIVE'] });
    });
  });

  test('a group the workbench lists is remembered as open though its expand event was lost; the snapshot remembers nothing', async () => {
    await withOwnView(async (tree, memento, conn) => {
      await conn.restore();
      const groups = await tree.getChildren();
      await tree.snapshot();
      assert.strictEqual(memento.get('campaignStudio.explorer.expanded'), undefined, "the snapshot's reads open nothing");
      // The workbench shows the group open and asks for its children; the event that says so never came.
      const active = groups.find(g => tree.getTreeItem(g).label === 'Active')!;
      await tree.getChildren(active);
      assert.strictEqual(tree.getTreeItem(active).collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
      assert.deepStrictEqual(memento.get('campaignStudio.explorer.expanded'), { 'rv-0': ['status/ACTIVE'] });
    });
  });

  test('a campaign renamed by a colleague shows its new name after a refresh, and after it is read again', async () => {
    const rec = await find({ status: ['SCHEDULED'] });
    const id = String(rec.id);
    const named = async () => (await snapshot()).groups.flatMap(g => g.campaigns).find(c => c.id === id)?.name;
    // One group, one read per refresh: the reads share the service's budget of 100 a minute with the rest of the suite.
    const rename = (name: string) => emu.admin.editCampaign(id, { basic_details: { ...(rec.basic_details as object), name } });
    await vscode.commands.executeCommand('campaignStudio.explorer.filter', { statuses: ['SCHEDULED'] });
    try {
      assert.ok(await named(), 'listed');
      rename('Renamed by a colleague');
      assert.notStrictEqual(await named(), 'Renamed by a colleague', 'the view keeps its pages until something says so');
      await vscode.commands.executeCommand('campaignStudio.explorer.refresh');
      assert.strictEqual(await named(), 'Renamed by a colleague');
      rename('Renamed again');
      await vscode.commands.executeCommand('campaignStudio.openRemote', id);
      assert.strictEqual(await named(), 'Renamed again', 'a read of the campaign shows in its item');
    } finally {
      rename(String((rec.basic_details as { name: string }).name));
      await vscode.commands.executeCommand('campaignStudio.explorer.clearFilters');
    }
  });

  test("rate-limited, the Campaigns view's message counts down each second of the connection's clock", async () => {
    const api = await activateExtension();
    const clock = new VirtualClock();
    const log = vscode.window.createOutputChannel('Campaign Studio: countdown test', { log: true });
    const conn = new Connection(api.ctx.extension, log, clock);
    const tree = new CampaignsProvider(conn, api.ctx.extension.workspaceState);
    const messages: Array<string | undefined> = [];
    tree.view = {
      set message(m: string | undefined) {
        messages.push(m);
      },
      get message() {
        return messages[messages.length - 1];
      },
    } as unknown as vscode.TreeView<never>;
    emu.admin.setFaults('throttle=1,retry-after=6');
    try {
      await conn.restore();
      await waitForState(
        conn.onDidChangeStatus,
        () => (conn.state === 'connected' ? true : undefined),
        'the wait to end',
        () => `the state is ${conn.state}`,
      );
    } finally {
      emu.admin.clearFaults();
      tree.dispose();
      conn.dispose();
      log.dispose();
    }
    const counted = messages
      .map(m => /next call is allowed in (\d+) seconds?/.exec(m ?? '')?.[1])
      .filter(Boolean)
      .map(Number);
    assert.deepStrictEqual(counted, [6, 5, 4, 3, 2, 1], messages.join('\n'));
    assert.strictEqual(messages[messages.length - 1], undefined, 'the message goes once the wait is over');
  });

  test("the Campaigns view's commands are registered before its view is created, so an item clicked while it loads finds its command", async () => {
    const api = await activateExtension();
    const order: string[] = [];
    const none = { dispose: () => undefined };
    const commands = vscode.commands as { registerCommand: unknown };
    const window = vscode.window as { createTreeView: unknown };
    const workspace = vscode.workspace as { registerTextDocumentContentProvider: unknown; registerFileSystemProvider: unknown };
    const saved = {
      registerCommand: commands.registerCommand,
      createTreeView: window.createTreeView,
      provider: workspace.registerTextDocumentContentProvider,
      files: workspace.registerFileSystemProvider,
    };
    commands.registerCommand = (id: string) => {
      order.push(`command ${id}`);
      return none;
    };
    window.createTreeView = (id: string) => {
      order.push(`view ${id}`);
      return {
        ...none,
        message: undefined,
        title: undefined,
        description: undefined,
        onDidExpandElement: () => none,
        onDidCollapseElement: () => none,
      };
    };
    workspace.registerFileSystemProvider = (scheme: string) => {
      order.push(`files ${scheme}`);
      return none;
    };
    workspace.registerTextDocumentContentProvider = (scheme: string) => {
      order.push(`documents ${scheme}`);
      return none;
    };
    const subscriptions: vscode.Disposable[] = [];
    const extension = Object.create(api.ctx.extension, { subscriptions: { value: subscriptions } });
    try {
      await new RemoteFeature().activate({ ...api.ctx, extension });
    } finally {
      commands.registerCommand = saved.registerCommand;
      window.createTreeView = saved.createTreeView;
      workspace.registerTextDocumentContentProvider = saved.provider;
      workspace.registerFileSystemProvider = saved.files;
      for (const d of subscriptions) d.dispose();
    }
    const view = order.indexOf('view campaignStudio.campaigns');
    assert.ok(view >= 0, order.join(', '));
    for (const id of [
      'campaignStudio.openRemote',
      'campaignStudio.explorer.loadMore',
      'campaignStudio.explorer.refresh',
      'campaignStudio.fetch',
    ]) {
      const at = order.indexOf(`command ${id}`);
      assert.ok(at >= 0 && at < view, `${id} is registered at ${at}, the view at ${view}: ${order.join(', ')}`);
    }
  });
});
