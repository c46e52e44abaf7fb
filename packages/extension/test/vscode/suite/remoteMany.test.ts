import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { ADMIN_TOKEN_HEADER, RunningEmulator, startEmulator } from '@campaign-studio/emulator';
import { FetchManyReport, FileCheck, makeBaseSnapshot, ServiceClient, writeBaseSnapshot } from '@campaign-studio/sync';
import type { FileStateShown } from '../../../src/context';
import type { ExplorerSnapshot } from '../../../src/remoteEditor/tree';
import { answering, Dialog } from './dialogs';
import { activateExtension, closeAllEditors, open, setEnvironments, setText, waitForState, workspaceRoot } from './helpers';

/**
 * Many campaigns at once, in a real VS Code against an emulator of this suite's own: Fetch with
 * several campaigns selected in the Campaigns view (one batched read, a question per file that
 * would lose work, a Cancel that leaves nothing half-written), several ids typed in the palette,
 * the commands about one campaign given a selection, the view's refresh (search pages only, its
 * progress in the view), and "Check Campaign Files against the Service" with the files' badges.
 * Its campaigns are drafts it makes itself, fetched into a folder of its own; it removes every
 * file and base it wrote, leaving the workspace as it found it.
 */

const ENV = 'many-0';
const EMAIL = 'many.tester@example.com';
const FOLDER = 'campaigns-many';

/** A progress notification as the extension asked for it: its title and every message it reported. */
interface ShownProgress {
  title?: string;
  location: vscode.ProgressOptions['location'];
  messages: string[];
  /** Cancel, as its button does. */
  cancel(): void;
}

/**
 * Runs `fn` with `window.withProgress` watched: each notification is still shown, its reports
 * recorded and handed to `onReport`, and its Cancel can be pressed from the test.
 */
async function watchingProgress<T>(
  fn: () => Thenable<T>,
  onReport: (p: ShownProgress) => void = () => undefined,
): Promise<{ result: T; shown: ShownProgress[] }> {
  const w = vscode.window as { withProgress: typeof vscode.window.withProgress };
  const saved = w.withProgress;
  const shown: ShownProgress[] = [];
  w.withProgress = ((options, task) => {
    const pressed = new vscode.CancellationTokenSource();
    const entry: ShownProgress = { title: options.title, location: options.location, messages: [], cancel: () => pressed.cancel() };
    shown.push(entry);
    return saved.call(vscode.window, options, (progress, token) => {
      const sub = token.onCancellationRequested(() => pressed.cancel());
      const watched = {
        report(value: { message?: string; increment?: number }) {
          progress.report(value);
          if (value.message) entry.messages.push(value.message);
          onReport(entry);
        },
      };
      return Promise.resolve(task(watched, pressed.token)).finally(() => sub.dispose());
    });
  }) as typeof vscode.window.withProgress;
  try {
    return { result: await fn(), shown };
  } finally {
    w.withProgress = saved;
  }
}

suite('many campaigns at once (extension host, emulator)', () => {
  let emu: RunningEmulator;
  let direct: ServiceClient;
  /** Drafts made for this suite, by name. */
  const drafts: Array<{ id: string; name: string }> = [];
  /** Ids whose files and bases this suite may have written. */
  const touched = new Set<string>();

  const requestsSince = (seq: number) => emu.admin.requests().filter(r => r.seq > seq && r.workspace === emu.workspaces[0].id);
  const lastSeq = () => emu.admin.requests().at(-1)?.seq ?? 0;
  const baseFile = (id: string) => path.join(workspaceRoot().fsPath, '.campaigns', 'base', `${id}.json`);
  const fileOf = (id: string) => {
    const dir = path.join(workspaceRoot().fsPath, FOLDER);
    const name = fs.existsSync(dir) ? fs.readdirSync(dir).find(f => f.endsWith(`.${id}.campaign.json`)) : undefined;
    return name && path.join(dir, name);
  };
  /** Items of the Campaigns view as a script passes them: VS Code passes the item clicked, then every selected one. */
  const items = (ids: string[]) => ids.map(id => ({ id, environment: ENV }));
  const says = (dialogs: Dialog[]) => dialogs.map(d => `${d.kind}: ${d.message}`).join(' | ');

  /** Changes a campaign as another client would, through the emulator's admin endpoint. */
  async function changeOnService(id: string, changes: Record<string, unknown>): Promise<void> {
    const res = await fetch(`${emu.url}/__admin/campaigns/${id}`, {
      method: 'PATCH',
      headers: { [ADMIN_TOKEN_HEADER]: emu.adminToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...changes, updated_by: 'colleague@example.com' }),
    });
    assert.strictEqual(res.status, 200, await res.text());
  }

  /** `n` drafts not yet fetched by this suite. */
  const fresh = (n: number) => {
    const out = drafts.filter(d => !touched.has(d.id)).slice(0, n);
    assert.strictEqual(out.length, n, `${n} drafts wanted, ${out.length} left`);
    for (const d of out) touched.add(d.id);
    return out.map(d => d.id);
  };

  suiteSetup(async () => {
    emu = await startEmulator({});
    await activateExtension();
    const ws = emu.workspaces[0];
    await setEnvironments([{ name: ENV, baseUrl: emu.url, workspaceId: ws.id, email: EMAIL }]);
    await vscode.workspace.getConfiguration('campaignStudio.fetch').update('folder', FOLDER, vscode.ConfigurationTarget.Workspace);
    direct = new ServiceClient({
      environment: { name: 'direct', baseUrl: emu.url, workspaceId: ws.id, headerPrefix: 'SVC', production: false },
      apiKey: ws.apiKey,
    });
    for (let i = 1; i <= 52; i++) {
      const created = await direct.createDraft({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: EMAIL });
      const id = (created.body as { data: { id: string } }).data.id;
      const name = `Many ${String(i).padStart(2, '0')}`;
      emu.admin.editCampaign(
        id,
        {
          basic_details: { name, platforms: ['ANDROID'] },
          segmentation_details: { is_all_user_campaign: true },
          scheduling_details: { delivery_type: 'ASAP' },
        },
        EMAIL,
      );
      drafts.push({ id, name });
    }
    const signedIn = await answering(
      () => undefined,
      () => vscode.commands.executeCommand('campaignStudio.signIn', { environment: ENV, apiKey: ws.apiKey }),
    );
    assert.strictEqual(signedIn.result, true, says(signedIn.dialogs));
    // Storing the key reconnects once more (its check is one search): the tests count the calls after it.
    const signInDone = lastSeq();
    await emu.admin.whenRequest(
      r => r.seq > signInDone && r.operation === 'searchCampaigns',
      'the check of the reconnect after the key was stored',
      10_000,
    );
  });

  suiteTeardown(async () => {
    await closeAllEditors();
    emu.admin.clearFaults();
    for (const id of touched) {
      const file = fileOf(id);
      if (file) fs.rmSync(file);
      fs.rmSync(baseFile(id), { force: true });
      const backups = path.join(workspaceRoot().fsPath, '.campaigns', 'backup');
      if (fs.existsSync(backups))
        for (const b of fs.readdirSync(backups).filter(f => f.startsWith(`${id}.`))) fs.rmSync(path.join(backups, b));
    }
    fs.rmSync(path.join(workspaceRoot().fsPath, FOLDER), { recursive: true, force: true });
    await vscode.workspace.getConfiguration('campaignStudio.fetch').update('folder', undefined, vscode.ConfigurationTarget.Workspace);
    await setEnvironments(undefined);
    await emu.close();
  });

  teardown(async () => {
    emu.admin.clearFaults();
    await closeAllEditors();
  });

  test('Fetch with three campaigns selected: one search call, no GET, three files with their bases, a count in the notification', async () => {
    const ids = fresh(3);
    const mark = lastSeq();
    const { result: r, shown } = await watchingProgress(() =>
      answering(
        () => undefined,
        () => vscode.commands.executeCommand<FetchManyReport>('campaignStudio.fetch', items(ids)[1], items(ids)),
      ),
    );
    const calls = requestsSince(mark).map(x => `${x.method} ${x.path}`);
    assert.deepStrictEqual(calls, ['POST /v5/campaigns/search'], `one batched read: ${JSON.stringify(requestsSince(mark))}`);
    assert.deepStrictEqual(
      r.result?.entries.map(e => [e.id, e.outcome]),
      ids.map(id => [id, 'written']),
      says(r.dialogs),
    );
    for (const id of ids) {
      const file = fileOf(id);
      assert.ok(file, `no file for ${id}`);
      const base = JSON.parse(fs.readFileSync(baseFile(id), 'utf8'));
      assert.strictEqual(base.environment, ENV);
      assert.deepStrictEqual(JSON.parse(fs.readFileSync(file, 'utf8')), base.campaign);
    }
    const note = shown.find(p => p.title === `Fetching 3 campaigns from ${ENV}…`);
    assert.ok(note, `the notifications: ${shown.map(p => p.title).join(', ')}`);
    assert.strictEqual(note.location, vscode.ProgressLocation.Notification);
    assert.strictEqual(note.messages.at(-1), '3 of 3');
    assert.deepStrictEqual(
      r.dialogs.map(d => `${d.kind}: ${d.message}`),
      [`information: Fetch of 3 campaigns from ${ENV}: 3 fetched.`],
    );
  });

  test('Cancel during a fetch of 36 campaigns (slow answers): no further file is written, none half-written, and the message says so', async () => {
    const ids = fresh(36);
    emu.admin.setFaults('latency=300-2000,seed=5');
    let pressed = false;
    const { result: r, shown } = await watchingProgress(
      () =>
        answering(
          () => undefined,
          () => vscode.commands.executeCommand<FetchManyReport>('campaignStudio.fetch', items(ids)[0], items(ids)),
        ),
      p => {
        if (!pressed && p.messages.at(-1)?.startsWith('1 of 36')) {
          pressed = true;
          p.cancel();
        }
      },
    );
    assert.ok(pressed, `the count never said 1 of 36: ${shown.map(p => p.messages.join(', ')).join(' / ')}`);
    const report = r.result!;
    assert.strictEqual(report.cancelled, true);
    const written = report.entries.filter(e => e.outcome === 'written').map(e => e.id);
    assert.strictEqual(written.length, 1, JSON.stringify(report.entries.map(e => e.outcome)));
    assert.strictEqual(report.entries.filter(e => e.outcome === 'cancelled').length, 35);
    for (const id of ids) {
      const file = fileOf(id);
      assert.strictEqual(!!file, written.includes(id), `${id}: a file only for the campaign written`);
      assert.strictEqual(fs.existsSync(baseFile(id)), written.includes(id), `${id}: a base only for the campaign written`);
      if (file)
        assert.deepStrictEqual(
          JSON.parse(fs.readFileSync(file, 'utf8')),
          JSON.parse(fs.readFileSync(baseFile(id), 'utf8')).campaign,
          `${id} is whole`,
        );
    }
    const said = r.dialogs.find(d => d.kind === 'warning');
    assert.strictEqual(
      said?.message,
      `Fetch of 36 campaigns from ${ENV} cancelled: 1 fetched, 35 cancelled. Files already written stay as written.`,
      says(r.dialogs),
    );
  });

  test('over local edits each file asks, naming it; "Skip All" answers for the rest, which keep their text', async () => {
    const ids = fresh(3);
    await vscode.commands.executeCommand('campaignStudio.fetch', { ids, environment: ENV });
    const edited: Record<string, string> = {};
    for (const id of ids.slice(1)) {
      const file = fileOf(id)!;
      const text = fs.readFileSync(file, 'utf8').replace(/"name": "(Many \d+)"/, '"name": "$1 (mine)"');
      fs.writeFileSync(file, text);
      edited[id] = text;
    }
    for (const id of ids) await changeOnService(id, { utm_params: { utm_source: 'colleague', utm_medium: 'push' } });
    const r = await answering(
      d => (d.modal ? 'Skip All' : undefined),
      () => vscode.commands.executeCommand<FetchManyReport>('campaignStudio.fetch', items(ids)[0], items(ids)),
    );
    const asked = r.dialogs.filter(d => d.modal);
    assert.strictEqual(asked.length, 1, says(r.dialogs));
    assert.ok(
      asked[0].message.startsWith(`${path.basename(fileOf(ids[1])!)}: The file has local edits since it was fetched (basic_details).`),
      asked[0].message,
    );
    assert.deepStrictEqual(asked[0].items, ['Overwrite (keep a backup)', 'Overwrite All (keep backups)', 'Show Diff', 'Skip', 'Skip All']);
    assert.deepStrictEqual(
      r.result?.entries.map(e => e.outcome),
      ['written', 'skipped', 'skipped'],
    );
    for (const id of ids.slice(1)) assert.strictEqual(fs.readFileSync(fileOf(id)!, 'utf8'), edited[id]);
    assert.deepStrictEqual(JSON.parse(fs.readFileSync(fileOf(ids[0])!, 'utf8')).utm_params, {
      utm_source: 'colleague',
      utm_medium: 'push',
    });
    assert.ok(
      r.dialogs.some(d => d.kind === 'information' && d.message === `Fetch of 3 campaigns from ${ENV}: 1 fetched, 2 skipped.`),
      says(r.dialogs),
    );
  });

  test('a campaign that cannot be read is named in the final message with the reason', async () => {
    const [id] = fresh(1);
    const gone = '0123456789abcdef01234567';
    const r = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<FetchManyReport>('campaignStudio.fetch', { ids: [id, gone], environment: ENV }),
    );
    assert.deepStrictEqual(
      r.result?.entries.map(e => e.outcome),
      ['written', 'failed'],
    );
    const said = r.dialogs.find(d => d.kind === 'warning');
    assert.ok(said, says(r.dialogs));
    assert.match(
      said.message,
      new RegExp(
        `^Fetch of 2 campaigns from ${ENV}: 1 fetched, 1 failed\\. ${gone} could not be read: NOT_FOUND \\(HTTP 404\\).*The campaign no longer exists, or it belongs to another workspace than environment ${ENV}\\.`,
      ),
    );
    assert.deepStrictEqual(said.items, ['Show Log']);
  });

  test('the palette takes several ids, separated by commas or spaces, each checked as one is', async () => {
    const ids = fresh(2);
    let input: Dialog | undefined;
    const r = await answering(
      d => {
        if (d.kind !== 'inputBox') return undefined;
        input = d;
        return `${ids[0]}, ${ids[1]}`;
      },
      () => vscode.commands.executeCommand<FetchManyReport>('campaignStudio.fetch'),
    );
    assert.ok(input, says(r.dialogs));
    assert.match(input.message, new RegExp(`^Campaign ids \\(${ENV}\\): One or more campaign ids`));
    assert.strictEqual(input.validate?.(`${ids[0]} ${ids[1]}`), undefined);
    assert.strictEqual(
      input.validate?.(`${ids[0]}, ../etc`),
      '../etc is not a campaign id: ids are letters and digits, such as 65f0c1d2e3a4b5c6d7e8f901.',
    );
    assert.strictEqual(input.validate?.(' , '), 'A campaign id: letters and digits, such as 65f0c1d2e3a4b5c6d7e8f901.');
    assert.deepStrictEqual(
      r.result?.entries.map(e => [e.id, e.outcome]),
      ids.map(id => [id, 'written']),
    );
  });

  test('given a selection, the commands about one campaign act on the item clicked; Stop refuses several', async () => {
    const ids = fresh(2);
    const one = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.fetch', items(ids)[0], items(ids).slice(0, 1)),
    );
    assert.strictEqual(one.result?.outcome, 'written', 'one selected item is a fetch of one, as before');
    const opened = await vscode.commands.executeCommand<string>('campaignStudio.openRemote', items(ids)[1], items(ids));
    assert.ok(opened?.startsWith(`campaign://${ENV}/${ids[1]}/`), opened);
    const stop = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.stopCampaign', items(ids)[0], items(ids)),
    );
    assert.strictEqual(stop.result, undefined);
    assert.deepStrictEqual(
      stop.dialogs.map(d => `${d.kind}: ${d.message}`),
      ['error: Campaign Studio: Stop works on one campaign at a time, and 2 are selected: select only the campaign to stop.'],
    );
  });

  test("the view's refresh reads search pages only, with its progress in the view", async () => {
    const mark = lastSeq();
    const { shown } = await watchingProgress(async () => {
      await vscode.commands.executeCommand('campaignStudio.explorer.refresh');
      return vscode.commands.executeCommand<ExplorerSnapshot>('campaignStudio.internal.explorerSnapshot');
    });
    const operations = new Set(requestsSince(mark).map(x => x.operation));
    assert.deepStrictEqual([...operations], ['searchCampaigns'], 'no per-campaign read');
    assert.ok(
      shown.length > 0 && shown.every(p => (p.location as { viewId?: string }).viewId === 'campaignStudio.campaigns'),
      JSON.stringify(shown.map(p => p.location)),
    );
  });

  test('Check Campaign Files: one batched read, a badge and a tooltip per state; a save, a fetch keep them right without reading', async () => {
    const api = await activateExtension();
    const [modified, behind, diverged, untouched] = fresh(4);
    await vscode.commands.executeCommand('campaignStudio.fetch', { ids: [modified, behind, diverged, untouched], environment: ENV });
    const edit = async (id: string, from: RegExp, to: string) => {
      const { doc } = await open(vscode.Uri.file(fileOf(id)!));
      await setText(doc, doc.getText().replace(from, to));
      assert.ok(await doc.save());
    };
    await edit(modified, /"is_all_user_campaign": true/, '"is_all_user_campaign": false');
    await changeOnService(behind, { utm_params: { utm_source: 'colleague', utm_medium: 'push' } });
    await edit(diverged, /"name": "(Many \d+)"/, '"name": "$1 (mine)"');
    await changeOnService(diverged, { basic_details: { name: 'Theirs', platforms: ['ANDROID'] } });
    // A file whose campaign is not on the service: fetched once from this environment, since deleted.
    const gone = '0123456789abcdef01234567';
    touched.add(gone);
    const goneFile = path.join(workspaceRoot().fsPath, FOLDER, `gone.${gone}.campaign.json`);
    const goneDoc = { ...JSON.parse(fs.readFileSync(fileOf(untouched)!, 'utf8')), id: gone, campaign_id: gone };
    fs.writeFileSync(goneFile, JSON.stringify(goneDoc, null, 2));
    await writeBaseSnapshot(
      workspaceRoot().fsPath,
      makeBaseSnapshot({ environment: ENV, workspaceId: emu.workspaces[0].id, id: gone, campaign: goneDoc, aside: {}, notes: [] }),
    );
    await closeAllEditors();

    const mark = lastSeq();
    const stateOf = (id: string) => api.fileStates().find(s => path.basename(vscode.Uri.parse(s.uri).fsPath).includes(`.${id}.`));
    let shownFiles: string[] = [];
    const r = await answering(
      d => {
        if (d.kind === 'information' && d.items.includes('Show Files')) return 'Show Files';
        if (d.kind === 'quickPick') {
          shownFiles = d.items;
          return d.items.find(i => i.includes(behind));
        }
        if (d.kind === 'information' && d.items.includes('Fetch')) return 'Fetch';
        return undefined;
      },
      async () => {
        const checks = await vscode.commands.executeCommand<FileCheck[]>('campaignStudio.checkWorkspace');
        const states = Object.fromEntries(checks.map(c => [c.id, c.state]));
        assert.deepStrictEqual(
          [states[modified], states[behind], states[diverged], states[untouched], states[gone]],
          ['modified', 'behind', 'diverged', 'unchanged', 'not-on-service'],
        );
        // One batched read: searches of 15 ids for every campaign checked, a GET only for the one search did not answer.
        const ids = new Set(checks.map(c => c.id));
        const calls = requestsSince(mark);
        assert.strictEqual(
          calls.filter(c => c.operation === 'searchCampaigns').length,
          Math.ceil(ids.size / 15),
          calls.map(c => `${c.method} ${c.path}`).join(', '),
        );
        assert.deepStrictEqual(
          calls.filter(c => c.method === 'GET').map(c => c.path),
          [`/v5/campaigns/${gone}`],
        );
        const look = (s: FileStateShown | undefined) => s && [s.state, s.badge, s.color];
        assert.deepStrictEqual(look(stateOf(modified)), ['modified', 'M', 'gitDecoration.modifiedResourceForeground']);
        assert.deepStrictEqual(look(stateOf(behind)), ['behind', 'B', 'gitDecoration.submoduleResourceForeground']);
        assert.deepStrictEqual(look(stateOf(diverged)), ['diverged', 'D', 'gitDecoration.conflictingResourceForeground']);
        assert.deepStrictEqual(look(stateOf(gone)), ['not-on-service', 'X', 'gitDecoration.deletedResourceForeground']);
        assert.deepStrictEqual(look(stateOf(untouched)), ['unchanged', undefined, undefined]);
        assert.match(
          stateOf(modified)!.tooltip,
          /^Modified: you changed segmentation_details\.is_all_user_campaign since the fetch; the campaign on many-0 has not changed\.$/,
        );
        assert.match(
          stateOf(behind)!.tooltip,
          /^Behind: the campaign changed on many-0 since the fetch \(utm_params\), by colleague@example\.com at .*; the file is as fetched\. Fetch it to take the changes\.$/,
        );
        assert.match(
          stateOf(diverged)!.tooltip,
          /^Diverged: you changed basic_details\.name, and the campaign changed on many-0 \(basic_details\.name\), by colleague@example\.com at .*\. Both changed basic_details\.name differently: a push asks which to keep\.$/,
        );
        assert.match(
          stateOf(gone)!.tooltip,
          /^Not on the service: campaign 0123456789abcdef01234567 is not on many-0: deleted, or another workspace's\.$/,
        );
        // Picking the file behind opens it and offers Fetch: once fetched, it is unchanged, with no badge.
        await waitForState(
          api.ctx.fileStatesShown.event,
          () => (stateOf(behind)?.state === 'unchanged' ? true : undefined),
          'the file behind, fetched, to be unchanged',
          () => JSON.stringify(stateOf(behind)),
        );
        return checks;
      },
    );
    // The files of the other tests are checked too: those with edits skipped by a fetch have diverged.
    assert.ok(
      r.dialogs.some(
        d =>
          d.kind === 'information' &&
          /^Checked \d+ campaign files against many-0: 1 modified, 1 behind, \d+ diverged, 1 not on the service, \d+ unchanged\.$/.test(
            d.message,
          ),
      ),
      says(r.dialogs),
    );
    for (const id of [modified, behind, diverged, gone])
      assert.ok(
        shownFiles.some(f => f.includes(id)),
        `${id} is listed: ${shownFiles.join(', ')}`,
      );
    assert.ok(!shownFiles.some(f => f.includes(untouched)), 'unchanged files are not listed');
    assert.deepStrictEqual(JSON.parse(fs.readFileSync(fileOf(behind)!, 'utf8')).utm_params, {
      utm_source: 'colleague',
      utm_medium: 'push',
    });

    // A save is compared with the campaign as last read: no call.
    const afterCheck = lastSeq();
    await edit(untouched, /"delivery_type": "ASAP"/, '"delivery_type": "ASAP", "timezone": "UTC"');
    await waitForState(
      api.ctx.fileStatesShown.event,
      () => (stateOf(untouched)?.state === 'modified' ? true : undefined),
      'the saved file to be modified',
      () => JSON.stringify(stateOf(untouched)),
    );
    assert.strictEqual(stateOf(untouched)?.badge, 'M');
    assert.deepStrictEqual(
      requestsSince(afterCheck).map(c => `${c.method} ${c.path}`),
      [],
      'a save reads nothing',
    );
  });
});
