import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { RunningEmulator, startEmulator } from '@campaign-studio/emulator';
import { ServiceClient } from '@campaign-studio/sync';
import type { PushResult } from '@campaign-studio/sync';
import type { ConflictViewState } from '../../../src/push/conflictMessages';
import { answering, Dialog } from './dialogs';
import {
  activateExtension,
  closeAllEditors,
  open,
  replaceText,
  waitForTab,
  waitForTabs,
  within,
  workspaceRoot,
  endEmulatorSuite,
  setEnvironments,
} from './helpers';

/**
 * Conflicts resolved with the base in view, inside a real VS Code against the emulator: a
 * campaign is fetched and its name edited; meanwhile a colleague (another client of the service)
 * changes its tags and its name. The push merges the tags by itself and opens the "Resolve
 * conflicts" tab for the name only; the test chooses through `campaignStudio.conflicts.*`, as
 * the keyboard does, continues to the push review and confirms it, then checks that the service
 * and the file hold both people's edits. Cancelling sends nothing and changes nothing.
 */

const EMAIL = 'vscode.tester@example.com';
const COLLEAGUE = 'colleague@example.com';
/** The emulator's second workspace (any would do: the suite has an emulator of its own). */
const WS = 1;
const ENV = `conflicts-${WS}`;

type Pushing = Promise<{ result: PushResult | undefined; dialogs: Dialog[] }>;

suite('conflicts (extension host, emulator)', () => {
  /** This suite's own service: its data, faults and rate limits touch no other suite. */
  let emu: RunningEmulator | undefined;
  let direct: ServiceClient | undefined;

  /** The service as another client sees it. */
  function service(): ServiceClient {
    const ws = emu!.workspaces[WS];
    direct ??= new ServiceClient({
      environment: {
        name: 'direct',
        baseUrl: emu!.url,
        workspaceId: ws.id,
        headerPrefix: 'SVC',
        email: 'author@example.com',
        production: false,
      },
      apiKey: ws.apiKey,
    });
    return direct;
  }

  function campaign(name: string) {
    return {
      channel: 'PUSH',
      campaign_delivery_type: 'ONE_TIME',
      updated_by: 'author@example.com',
      basic_details: { name, platforms: ['ANDROID'], tags: ['vscode'] },
      campaign_content: { content: { push: { android: { title: 'Hi', message: 'From the suite' } } } },
      segmentation_details: { is_all_user_campaign: true },
      scheduling_details: { delivery_type: 'ASAP' },
      utm_params: { utm_source: 'app', utm_medium: 'push' },
    };
  }

  /** A draft on the service, fetched into the workspace and open in an editor. */
  async function fetched(name: string): Promise<{ id: string; doc: vscode.TextDocument }> {
    const created = await service().createDraft({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: 'author@example.com' });
    const id = (created.body as any).data.id as string;
    await service().patch(id, campaign(name));
    const signedIn = await vscode.commands.executeCommand('campaignStudio.signIn', {
      environment: ENV,
      apiKey: emu!.workspaces[WS].apiKey,
    });
    assert.strictEqual(signedIn, true, `sign-in to ${ENV} failed`);
    const r = await vscode.commands.executeCommand<any>('campaignStudio.fetch', { id, environment: ENV, reveal: true });
    assert.ok(r?.file, `fetch of ${id} wrote no file`);
    const { doc } = await open(vscode.Uri.file(r.file));
    return { id, doc };
  }

  /** The colleague's edit: the same component, its tags (a field the user left alone) and its name. */
  async function colleagueEdits(id: string, name: string): Promise<void> {
    await service().patch(id, {
      ...campaign(name),
      updated_by: COLLEAGUE,
      basic_details: { name, platforms: ['ANDROID'], tags: ['vscode', 'colleague'] },
    });
  }

  /** A fetched draft renamed `<name> (mine)` in the saved file and `<name> (colleague)` by the colleague, who also adds a tag. */
  async function renamedByBoth(name: string): Promise<{ id: string; doc: vscode.TextDocument }> {
    const { id, doc } = await fetched(name);
    await replaceText(doc, `"${name}"`, `"${name} (mine)"`);
    await doc.save();
    await colleagueEdits(id, `${name} (colleague)`);
    return { id, doc };
  }

  /**
   * The push review, confirmed: the one place that knows how (its tab's Push, as the editor title
   * offers it). `look` reads what the review shows on its right side first.
   */
  async function confirmReview(pushing: Pushing, look?: (after: string) => void): Promise<PushResult | undefined> {
    const review = await waitForTab(
      t =>
        t.input instanceof vscode.TabInputTextDiff &&
        t.input.modified.scheme === 'campaign-push' &&
        t.input.modified.path.endsWith('/after push.campaign-review'),
      'the push review',
    );
    const after = (review.input as vscode.TabInputTextDiff).modified;
    look?.((await vscode.workspace.openTextDocument(after)).getText());
    await vscode.commands.executeCommand('campaignStudio.review.push', after);
    return (await within(pushing, 15_000, 'the push, once its review was confirmed')).result;
  }

  /** Starts the push (any other question left unanswered, as if dismissed), and waits for the conflict tab. */
  async function pushUntilConflicts(doc: vscode.TextDocument): Promise<{ pushing: Pushing; tab: vscode.Tab }> {
    const pushing: Pushing = answering(
      () => undefined,
      () => vscode.commands.executeCommand<PushResult>('campaignStudio.push', doc.uri),
    );
    const endedFirst = pushing.then(r => {
      throw new Error(`the push ended without asking about conflicts: ${r.result?.outcome} ${r.result?.message}`);
    });
    // Once the tab is there, the push ending later is what should happen.
    void endedFirst.catch(() => undefined);
    const tab = await Promise.race([waitForTab(isConflictTab, 'the "Resolve conflicts" tab'), endedFirst]);
    return { pushing, tab };
  }

  function choose(arg: unknown): Thenable<ConflictViewState> {
    return vscode.commands.executeCommand<ConflictViewState>('campaignStudio.conflicts.choose', arg);
  }

  function basicDetails(doc: vscode.TextDocument): any {
    return JSON.parse(doc.getText()).basic_details;
  }

  suiteSetup(async function () {
    emu = await startEmulator({});
    await activateExtension();
    await setEnvironments([{ name: ENV, baseUrl: emu!.url, workspaceId: emu!.workspaces[WS].id, email: EMAIL }]);
  });

  suiteTeardown(async () => {
    await endEmulatorSuite(emu);
  });

  teardown(async () => {
    // A test that failed half-way leaves its view open: closing it cancels its push.
    for (const tab of vscode.window.tabGroups.all.flatMap(g => g.tabs).filter(isConflictTab)) await vscode.window.tabGroups.close(tab);
    await closeAllEditors();
  });

  test('only the name conflicts (their tags merge by themselves); theirs chosen: the service and the file hold their name and tags, and my other edit', async () => {
    const { id, doc } = await renamedByBoth('Conflict, theirs');
    await replaceText(doc, '"utm_source": "app"', '"utm_source": "app-mine"');
    await doc.save();

    const { pushing, tab } = await pushUntilConflicts(doc);
    assert.match(tab.label, /^Resolve conflicts: /);
    const fileEditor = vscode.window.visibleTextEditors.find(e => e.document === doc);
    assert.ok(fileEditor, 'the campaign file stays in view');
    assert.notStrictEqual(tab.group.viewColumn, fileEditor.viewColumn, 'the view opens beside the file');

    // From the palette, without an argument: quick picks ask (one field here, so only what it keeps).
    const fromPalette = await answering(
      d => (d.kind === 'quickPick' && d.message === 'Keep for basic_details.name' ? 'Yours' : undefined),
      () => vscode.commands.executeCommand<ConflictViewState>('campaignStudio.conflicts.choose'),
    );
    assert.strictEqual(fromPalette.result?.rows[0].choice, 'local', fromPalette.dialogs.map(d => `${d.kind}: ${d.message}`).join(' | '));

    const state = await choose({ id: 'basic_details.name', choice: 'remote' });
    assert.deepStrictEqual(
      state.rows.map(r => [r.path, r.base, r.local, r.remote]),
      [['basic_details.name', '"Conflict, theirs"', '"Conflict, theirs (mine)"', '"Conflict, theirs (colleague)"']],
    );
    assert.match(state.theirsBy, new RegExp(`changed by ${COLLEAGUE.replace(/\./g, '\\.')}`));
    assert.deepStrictEqual([state.rows[0].choice, state.decided, state.ready], ['remote', 1, true]);

    // The preview: the file's component now ↔ after the merge (their name, their tags).
    await vscode.commands.executeCommand('campaignStudio.conflicts.previewResult');
    const preview = await waitForTab(
      t => t.input instanceof vscode.TabInputTextDiff && t.input.modified.path.endsWith('/merged.json'),
      'the preview of the result',
    );
    const merged = JSON.parse((await vscode.workspace.openTextDocument((preview.input as vscode.TabInputTextDiff).modified)).getText());
    assert.deepStrictEqual(merged, {
      basic_details: { name: 'Conflict, theirs (colleague)', platforms: ['ANDROID'], tags: ['vscode', 'colleague'] },
    });

    await vscode.commands.executeCommand('campaignStudio.conflicts.continue');
    const result = await confirmReview(pushing);
    assert.strictEqual(result?.outcome, 'pushed', result?.message);
    assert.ok(!vscode.window.tabGroups.all.flatMap(g => g.tabs).some(isConflictTab), 'the conflict view closed');

    const stored = await service().getCampaign(id);
    assert.deepStrictEqual(stored.basic_details, {
      name: 'Conflict, theirs (colleague)',
      platforms: ['ANDROID'],
      tags: ['vscode', 'colleague'],
    });
    assert.strictEqual((stored.utm_params as any).utm_source, 'app-mine', 'my edit of another component was sent');
    assert.deepStrictEqual(basicDetails(doc), stored.basic_details, 'the file took their name and tags');
    assert.strictEqual(JSON.parse(doc.getText()).utm_params.utm_source, 'app-mine');
    assert.strictEqual(doc.isDirty, false, 'a saved file stays saved');
    assert.strictEqual(fs.readFileSync(doc.uri.fsPath, 'utf8'), doc.getText());
  });

  test('an edited value: the service and the file hold the name written by hand and their tags', async () => {
    const { id, doc } = await renamedByBoth('Conflict, edit');

    const { pushing } = await pushUntilConflicts(doc);
    const state = await choose({ id: 'basic_details.name', choice: 'edit', value: 'Conflict, agreed' });
    assert.deepStrictEqual(
      state.rows.map(r => r.path),
      ['basic_details.name'],
      'their tags are no conflict',
    );
    assert.deepStrictEqual(
      [state.rows[0].choice, state.rows[0].editText, state.rows[0].error, state.ready],
      ['edit', '"Conflict, agreed"', undefined, true],
    );

    await vscode.commands.executeCommand('campaignStudio.conflicts.continue');
    const result = await confirmReview(pushing);
    assert.strictEqual(result?.outcome, 'pushed', result?.message);
    assert.deepStrictEqual(result.sent, ['basic_details']);

    const stored = await service().getCampaign(id);
    assert.deepStrictEqual(stored.basic_details, { name: 'Conflict, agreed', platforms: ['ANDROID'], tags: ['vscode', 'colleague'] });
    assert.deepStrictEqual(basicDetails(doc), stored.basic_details);
    assert.strictEqual(fs.readFileSync(doc.uri.fsPath, 'utf8'), doc.getText());
  });

  test('yours chosen: it is sent, the review says it replaces their change, and their tags are kept', async () => {
    const { id, doc } = await renamedByBoth('Conflict, yours');

    const { pushing } = await pushUntilConflicts(doc);
    await choose({ id: 'basic_details.name', choice: 'local' });
    await vscode.commands.executeCommand('campaignStudio.conflicts.continue');
    let review = '';
    const result = await confirmReview(pushing, text => {
      review = text;
    });
    assert.strictEqual(result?.outcome, 'pushed', result?.message);
    // A header line per change, which the editor wraps.
    assert.ok(
      review.includes(
        `\n//   basic_details.name: "Conflict, yours (colleague)" → "Conflict, yours (mine)"  [replaces a change made on the service by ${COLLEAGUE}]\n`,
      ),
      review,
    );

    const stored = await service().getCampaign(id);
    assert.deepStrictEqual(stored.basic_details, { name: 'Conflict, yours (mine)', platforms: ['ANDROID'], tags: ['vscode', 'colleague'] });
    assert.deepStrictEqual(basicDetails(doc), stored.basic_details);
  });

  test("after the conflict view, the review opens in a column that was there (the file's group), never a new third one", async () => {
    const { doc } = await renamedByBoth('Conflict, columns');
    const { pushing } = await pushUntilConflicts(doc);
    const groupsWithView = vscode.window.tabGroups.all.length;
    await choose({ id: 'basic_details.name', choice: 'local' });
    await vscode.commands.executeCommand('campaignStudio.conflicts.continue');
    const review = await waitForTab(
      t => t.input instanceof vscode.TabInputTextDiff && t.input.modified.path.endsWith('/after push.campaign-review'),
      'the push review',
    );
    assert.ok(review.group.viewColumn <= groupsWithView, `the review opened in column ${review.group.viewColumn}`);
    assert.ok(vscode.window.tabGroups.all.length <= 2, `${vscode.window.tabGroups.all.length} editor groups`);
    await vscode.commands.executeCommand('campaignStudio.review.cancel', (review.input as vscode.TabInputTextDiff).modified);
    assert.strictEqual((await within(pushing, 15_000, 'the push, cancelled')).result?.outcome, 'cancelled');
  });

  test('cancel from the view, or close its tab: nothing is sent, the file and its base are byte for byte as they were', async () => {
    const { id, doc } = await renamedByBoth('Conflict, cancelled');
    const text = doc.getText();
    const baseFile = path.join(workspaceRoot().fsPath, '.campaigns', 'base', `${id}.json`);
    const base = fs.readFileSync(baseFile);
    const before = await service().getCampaign(id);

    const first = await pushUntilConflicts(doc);
    await vscode.commands.executeCommand('campaignStudio.conflicts.cancel');
    const cancelled = (await within(first.pushing, 10_000, 'the push, once cancelled from the view')).result;
    assert.strictEqual(cancelled?.outcome, 'cancelled', cancelled?.message);
    await waitForTabs(tabs => (tabs.some(isConflictTab) ? undefined : true), 'the cancelled view to close');

    const second = await pushUntilConflicts(doc);
    // The tab as it is now: a Tab object is replaced each time its state changes.
    const open = vscode.window.tabGroups.all.flatMap(g => g.tabs).find(isConflictTab);
    assert.ok(open && (await vscode.window.tabGroups.close(open)), 'the tab closed');
    const closed = (await within(second.pushing, 10_000, "the push, once the view's tab closed")).result;
    assert.strictEqual(closed?.outcome, 'cancelled', closed?.message);

    assert.strictEqual(doc.getText(), text);
    assert.strictEqual(fs.readFileSync(doc.uri.fsPath, 'utf8'), text);
    assert.ok(fs.readFileSync(baseFile).equals(base), 'the base snapshot is unchanged');
    const after = await service().getCampaign(id);
    assert.deepStrictEqual(
      [after.updated_at, after.updated_by, after.basic_details],
      [before.updated_at, COLLEAGUE, before.basic_details],
      'nothing was sent',
    );
  });
});

function isConflictTab(tab: vscode.Tab): boolean {
  return tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('campaignStudio.conflicts');
}
