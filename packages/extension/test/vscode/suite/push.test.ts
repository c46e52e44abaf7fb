import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { ADMIN_TOKEN_HEADER, RunningEmulator, startEmulator } from '@campaign-studio/emulator';
import { ServiceClient } from '@campaign-studio/sync';
import type { PushResult } from '@campaign-studio/sync';
import { answering } from './dialogs';
import { pushReviewed, reviewTabs, sameReview, waitForReview } from './reviews';
import {
  activateExtension,
  closeAllEditors,
  manifest,
  open,
  replaceText,
  ruleOf,
  waitForDiagnostics,
  within,
  workspaceRoot,
  endEmulatorSuite,
  setEnvironments,
} from './helpers';

/**
 * Push inside a real VS Code, against an emulator of the suite's own: fetch a campaign, edit
 * it, push it (the exact body reviewed in an editor tab, answered by its title bar's commands),
 * and see the service's findings as diagnostics on the right line (another client's edit:
 * conflicts.test.ts).
 * The dialogs are answered by replacing `window.show*` while a command runs, the way a person
 * would click.
 */

/** The comment header of a review side: everything before the body. */
function headerOf(text: string): string {
  return text.slice(0, text.indexOf('\n{') + 1);
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
  /** This suite's own service: its data, faults and rate limits touch no other suite. */
  let emu: RunningEmulator | undefined;
  const clients: ServiceClient[] = [];

  function client(i: number): ServiceClient {
    if (!clients[i]) {
      const ws = emu!.workspaces[i];
      clients[i] = new ServiceClient({
        environment: {
          name: `direct-${i}`,
          baseUrl: emu!.url,
          workspaceId: ws.id,
          headerPrefix: 'SVC',
          email: 'author@example.com',
          production: false,
        },
        apiKey: ws.apiKey,
      });
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

  async function signIn(i: number, environment = `push-${i}`): Promise<void> {
    const ok = await answering(
      () => undefined,
      () => vscode.commands.executeCommand('campaignStudio.signIn', { environment, apiKey: emu!.workspaces[i].apiKey }),
    );
    assert.strictEqual(ok.result, true, `sign-in to ${environment} failed: ${ok.dialogs.map(d => d.message).join(' | ')}`);
  }

  async function fetchInto(id: string, env: string): Promise<vscode.TextDocument> {
    const r = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.fetch', { id, environment: env, reveal: true }),
    );
    assert.ok(r.result?.file, `fetch of ${id} wrote no file: ${r.dialogs.map(d => d.message).join(' | ')}`);
    const { doc } = await open(vscode.Uri.file(r.result.file));
    return doc;
  }

  suiteSetup(async function () {
    emu = await startEmulator({});
    await activateExtension();
    await setEnvironments([
      ...emu!.workspaces.slice(0, 2).map((ws, i) => ({ name: `push-${i}`, baseUrl: emu!.url, workspaceId: ws.id, email: EMAIL })),
      { name: 'push-prod', baseUrl: emu!.url, workspaceId: emu!.workspaces[1].id, email: EMAIL, production: true },
    ]);
  });

  suiteTeardown(async () => {
    await endEmulatorSuite(emu);
  });

  teardown(async () => {
    await closeAllEditors();
  });

  test("fetch, edit, push: the review tab beside the file shows the exact body; Push sends it; the editor keeps the user's text", async () => {
    await signIn(0);
    const id = await draft(0, 'Round trip');
    const doc = await fetchInto(id, 'push-0');
    const api = await activateExtension();
    assert.ok(api.stepsDone().includes('fetched'), "a fetch checks off the walkthrough's fetch step");
    await replaceText(doc, '"Round trip"', '"Round trip, edited in VS Code"');
    const edited = doc.getText();
    const fileColumn = vscode.window.activeTextEditor?.viewColumn;
    const { result, dialogs } = await answering(
      () => undefined,
      () =>
        pushReviewed(doc, async review => {
          assert.strictEqual(review.input.original.scheme, 'campaign-push');
          assert.strictEqual(review.tab.label, 'Review push: Round trip, edited in VS Code → push-0');
          assert.strictEqual(review.tab.isPreview, false, 'the review is not a preview tab that the next file would replace');
          assert.notStrictEqual(review.tab.group.viewColumn, fileColumn, 'the review opened beside the file');
          assert.ok(
            vscode.window.visibleTextEditors.some(e => e.document === doc),
            'the file stays visible',
          );
          // The right side ends with exactly the body the flow sends, in its order.
          const body = {
            channel: 'PUSH',
            campaign_delivery_type: 'ONE_TIME',
            updated_by: EMAIL,
            basic_details: JSON.parse(edited).basic_details,
          };
          assert.ok(review.right.endsWith(JSON.stringify(body, null, 2) + '\n'), review.right);
          // One header on both sides: the request, the environment, the changed field.
          const header = headerOf(review.right);
          assert.strictEqual(headerOf(review.left), header);
          assert.ok(header.includes(`// PATCH /v5/campaigns/${id}\n`), header);
          assert.ok(header.includes('// Environment: push-0\n'), header);
          // A line per sentence and per change: the editor wraps them at the review's width.
          assert.ok(
            header.startsWith(
              '// Check the body below, then press Push to write “Round trip, edited in VS Code” on push-0. Cancel, or closing this tab, sends nothing.\n',
            ),
            header,
          );
          assert.ok(header.includes('\n//   basic_details.name: "Round trip" → "Round trip, edited in VS Code"\n'), header);
          await vscode.commands.executeCommand('campaignStudio.review.push');
        }),
    );
    assert.strictEqual(result?.outcome, 'pushed', dialogs.map(d => `${d.kind}: ${d.message}`).join('\n'));
    assert.ok(api.stepsDone().includes('pushed'), "a push answered from the review's title bar checks off the walkthrough's push step");
    assert.deepStrictEqual(result.sent, ['basic_details']);
    assert.ok(
      dialogs.some(d => d.kind === 'information' && d.message === 'Pushed Basic details of “Round trip, edited in VS Code” to push-0.'),
      dialogs.map(d => `${d.kind}: ${d.message}`).join('\n'),
    );
    assert.deepStrictEqual(reviewTabs(), [], 'the review tab closed once answered');
    assert.ok(!dialogs.some(d => d.modal && d.items.includes('Push')), 'no modal confirmation besides the review');
    // The service holds the edit; the editor's text is what the user typed, its read-only
    // metadata refreshed from the service; the base moved.
    const remote = await client(0).getCampaign(id);
    assert.strictEqual((remote.basic_details as any).name, 'Round trip, edited in VS Code');
    assert.notStrictEqual(remote.updated_at, JSON.parse(edited).updated_at, 'the push changed updated_at on the service');
    assert.strictEqual(doc.getText(), edited.replace(/"updated_at": "[^"]*"/, `"updated_at": "${remote.updated_at}"`));
    const folder = workspaceRoot().fsPath;
    const base = JSON.parse(fs.readFileSync(path.join(folder, '.campaigns', 'base', `${id}.json`), 'utf8'));
    assert.strictEqual(base.campaign.updated_at, remote.updated_at);
  });

  test('the review\'s body is byte for byte the body sent (modulo indentation); "Push to <environment>" at its top pushes', async () => {
    await signIn(0);
    const id = await draft(0, 'Lens push');
    const doc = await fetchInto(id, 'push-0');
    await replaceText(doc, '"Lens push"', '"Lens push, edited"');
    let shownBody = '';
    const { result, dialogs } = await answering(
      () => undefined,
      () =>
        pushReviewed(doc, async review => {
          shownBody = review.right.slice(review.right.indexOf('\n{') + 1);
          const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
            'vscode.executeCodeLensProvider',
            review.input.modified,
            10,
          );
          assert.deepStrictEqual(
            lenses.map(l => [l.range.start.line, l.command?.title]),
            [
              [0, '$(cloud-upload) Push to push-0'],
              [0, 'Cancel'],
            ],
          );
          const push = lenses[0].command!;
          await vscode.commands.executeCommand(push.command, ...(push.arguments ?? []));
        }),
    );
    assert.strictEqual(result?.outcome, 'pushed', dialogs.map(d => `${d.kind}: ${d.message}`).join('\n'));
    // The draft was written once by the suite before the fetch; the push's PATCH is the last.
    const sent = emu!.admin.requests().filter(r => r.method === 'PATCH' && r.path === `/v5/campaigns/${id}`);
    assert.strictEqual(sent.length, 2);
    assert.strictEqual(JSON.stringify(JSON.parse(shownBody)), sent[1].body);
  });

  test('the review is Campaign Review: wrapped at any width, its CodeLens shown in the diff editor, not a campaign file', async () => {
    await signIn(0);
    const id = await draft(0, 'Wrapped review');
    const doc = await fetchInto(id, 'push-0');
    await replaceText(doc, '"Wrapped review"', '"Wrapped review, edited"');
    const api = await activateExtension();
    const selector = api.client!.clientOptions.documentSelector!;
    const { result, dialogs } = await answering(
      () => undefined,
      () =>
        pushReviewed(doc, async review => {
          for (const uri of [review.input.original, review.input.modified]) {
            const side = await vscode.workspace.openTextDocument(uri);
            assert.strictEqual(side.languageId, 'campaign-review', uri.toString());
            assert.strictEqual(
              vscode.workspace.getConfiguration('editor', side).get('wordWrap'),
              'on',
              'its lines wrap at the width of the review',
            );
            assert.strictEqual(
              vscode.workspace.getConfiguration('editor', side).get('wrappingIndent'),
              'indent',
              'a wrapped line is indented under its start',
            );
            assert.strictEqual(
              vscode.workspace.getConfiguration('diffEditor', side).get('codeLens'),
              true,
              'Push and Cancel show at its top',
            );
            assert.strictEqual(vscode.languages.match(selector, side), 0, 'the language server does not take it for a campaign file');
          }
          await vscode.commands.executeCommand('campaignStudio.review.cancel', review.input.modified);
        }),
    );
    assert.strictEqual(result?.outcome, 'cancelled', dialogs.map(d => `${d.kind}: ${d.message}`).join('\n'));
  });

  test("with two editor groups the review opens in the file's group, not in a new third column", async () => {
    await signIn(0);
    const id = await draft(0, 'Two groups');
    const doc = await fetchInto(id, 'push-0');
    await replaceText(doc, '"Two groups"', '"Two groups, edited"');
    // Something else beside the file, then back to the file.
    const other = await vscode.workspace.openTextDocument({ content: 'notes', language: 'plaintext' });
    await vscode.window.showTextDocument(other, vscode.ViewColumn.Beside);
    const fileEditor = await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    assert.strictEqual(vscode.window.tabGroups.all.length, 2);
    const { result } = await answering(
      () => undefined,
      () =>
        pushReviewed(doc, async review => {
          assert.strictEqual(review.tab.group.viewColumn, fileEditor.viewColumn, 'the review opened where the file is');
          assert.strictEqual(vscode.window.tabGroups.all.length, 2, 'no new column');
          await vscode.commands.executeCommand('campaignStudio.review.cancel', review.input.modified);
        }),
    );
    assert.strictEqual(result?.outcome, 'cancelled');
  });

  test("Push and Cancel Push sit in the review's title bar, and in the palette, only while a review waits", async () => {
    const menus = manifest().contributes.menus;
    const commands = manifest().contributes.commands;
    for (const command of ['campaignStudio.review.push', 'campaignStudio.review.cancel'])
      assert.strictEqual(
        commands.find((c: any) => c.command === command)?.icon,
        undefined,
        `${command} has no icon, so the title bar shows its words`,
      );
    for (const command of ['campaignStudio.review.push', 'campaignStudio.review.cancel']) {
      const title = menus['editor/title'].find((m: any) => m.command === command);
      assert.ok(title, `${command} is in the editor title`);
      assert.strictEqual(title.group.split('@')[0], 'navigation');
      // VS Code hands the manifest over with its when clauses normalized (quoted, reordered).
      assert.match(title.when, /resourceScheme == '?campaign-push'?/);
      assert.match(title.when, /campaignStudio\.reviewWaiting/);
      assert.strictEqual(menus.commandPalette.find((m: any) => m.command === command)?.when, 'campaignStudio.reviewWaiting');
    }
    // Without a review, running one says so.
    const { dialogs } = await answering(
      () => undefined,
      () => vscode.commands.executeCommand('campaignStudio.review.push'),
    );
    assert.ok(
      dialogs.some(d => d.kind === 'error' && /No push review is waiting/.test(d.message)),
      dialogs.map(d => d.message).join(' | '),
    );
  });

  test('Cancel Push, or closing the review tab, cancels: nothing is sent and the file is as typed', async () => {
    await signIn(1);
    const id = await draft(1, 'Not sent');
    const doc = await fetchInto(id, 'push-1');
    await replaceText(doc, '"Not sent"', '"Not sent, edited"');
    const edited = doc.getText();
    const stored = await client(1).getCampaign(id);
    const byCommand = await answering(
      () => undefined,
      () => pushReviewed(doc, () => vscode.commands.executeCommand('campaignStudio.review.cancel')),
    );
    assert.strictEqual(byCommand.result?.outcome, 'cancelled');
    assert.deepStrictEqual(reviewTabs(), [], 'the review tab closed once answered');
    // A tab object goes stale as the tab changes: close the review's tab as it is now.
    const byClosing = await answering(
      () => undefined,
      () => pushReviewed(doc, review => vscode.window.tabGroups.close(reviewTabs().filter(t => sameReview(t, review)))),
    );
    assert.strictEqual(byClosing.result?.outcome, 'cancelled');
    assert.match(byClosing.result.message, /nothing was sent/);
    const after = await client(1).getCampaign(id);
    assert.strictEqual(after.updated_at, stored.updated_at, 'the service was not written to');
    assert.strictEqual((after.basic_details as any).name, 'Not sent');
    assert.strictEqual(doc.getText(), edited);
  });

  test("two files' reviews open at once: each answer goes to its own review", async () => {
    await signIn(1);
    const first = await draft(1, 'First file');
    const second = await draft(1, 'Second file');
    const docA = await fetchInto(first, 'push-1');
    await replaceText(docA, '"First file"', '"First file, edited"');
    const docB = await fetchInto(second, 'push-1');
    await replaceText(docB, '"Second file"', '"Second file, edited"');
    const { result } = await answering(
      () => undefined,
      async () => {
        const pushA = vscode.commands.executeCommand<PushResult | undefined>('campaignStudio.push', docA.uri);
        const reviewA = await waitForReview(pushA);
        const pushB = vscode.commands.executeCommand<PushResult | undefined>('campaignStudio.push', docB.uri);
        const reviewB = await waitForReview(pushB, [reviewA]);
        assert.match(reviewA.tab.label, /First file, edited/);
        assert.match(reviewB.tab.label, /Second file, edited/);
        // The title bar passes its review's document: the second review is pushed, the first still waits.
        await vscode.commands.executeCommand('campaignStudio.review.push', reviewB.input.modified);
        const b = await pushB;
        assert.ok(
          reviewTabs().some(t => sameReview(t, reviewA)),
          'the first review is still open',
        );
        // From the palette, the one review left is the one answered.
        await vscode.commands.executeCommand('campaignStudio.review.cancel');
        return { a: await pushA, b };
      },
    );
    assert.strictEqual(result.b?.outcome, 'pushed');
    assert.strictEqual(result.a?.outcome, 'cancelled');
    assert.strictEqual(((await client(1).getCampaign(second)).basic_details as any).name, 'Second file, edited');
    assert.strictEqual(((await client(1).getCampaign(first)).basic_details as any).name, 'First file');
  });

  test('campaignStudio.push.confirmation = "modal": a short dialog lists the field changes instead of the review', async () => {
    await signIn(1);
    const id = await draft(1, 'Modal');
    const doc = await fetchInto(id, 'push-1');
    await replaceText(doc, '"Modal"', '"Modal, edited"');
    const cfg = vscode.workspace.getConfiguration('campaignStudio.push');
    await cfg.update('confirmation', 'modal', vscode.ConfigurationTarget.Workspace);
    const opened: vscode.Tab[] = [];
    const sub = vscode.window.tabGroups.onDidChangeTabs(e => opened.push(...e.opened));
    try {
      const { result, dialogs } = await answering(
        d => (d.modal && d.items.includes('Push') ? 'Push' : undefined),
        () => vscode.commands.executeCommand<PushResult>('campaignStudio.push', doc.uri),
      );
      assert.strictEqual(result?.outcome, 'pushed', dialogs.map(d => `${d.kind}: ${d.message}`).join('\n'));
      const confirm = dialogs.find(d => d.modal && d.items.includes('Push'));
      assert.strictEqual(confirm?.message, 'Push 1 field change in basic_details to push-1?');
      assert.match(confirm.detail ?? '', /^basic_details\.name: "Modal" → "Modal, edited"$/m);
      assert.ok(
        !opened.some(t => t.input instanceof vscode.TabInputTextDiff && t.input.modified.scheme === 'campaign-push'),
        'no review tab opened',
      );
      assert.strictEqual(((await client(1).getCampaign(id)).basic_details as any).name, 'Modal, edited');
    } finally {
      sub.dispose();
      await cfg.update('confirmation', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  test("production: after Push the environment's name must be typed; Escape cancels, the exact name pushes", async () => {
    await signIn(1, 'push-prod');
    const id = await draft(1, 'Live one');
    const doc = await fetchInto(id, 'push-prod');
    await replaceText(doc, '"Live one"', '"Live one, edited"');
    const escaped = await answering(
      () => undefined,
      () =>
        pushReviewed(doc, async review => {
          assert.ok(review.right.includes('// Environment: push-prod (PRODUCTION'), headerOf(review.right));
          await vscode.commands.executeCommand('campaignStudio.review.push');
        }),
    );
    assert.strictEqual(escaped.result?.outcome, 'cancelled');
    const ask = escaped.dialogs.find(d => d.kind === 'inputBox');
    assert.ok(ask, "the environment's name was asked for");
    assert.match(ask.message, /^Push to production environment push-prod: /);
    assert.deepStrictEqual(ask.validate?.(''), {
      message: 'Type push-prod to push, or press Escape to cancel.',
      severity: vscode.InputBoxValidationSeverity.Info,
    });
    assert.strictEqual((ask.validate?.('push-0') as vscode.InputBoxValidationMessage).severity, vscode.InputBoxValidationSeverity.Error);
    assert.strictEqual(ask.validate?.('push-prod'), undefined);
    assert.strictEqual(((await client(1).getCampaign(id)).basic_details as any).name, 'Live one', 'nothing was sent');

    const typed = await answering(
      d => (d.kind === 'inputBox' ? 'push-prod' : undefined),
      () => pushReviewed(doc, () => vscode.commands.executeCommand('campaignStudio.review.push')),
    );
    assert.strictEqual(typed.result?.outcome, 'pushed', typed.dialogs.map(d => `${d.kind}: ${d.message}`).join('\n'));
    assert.strictEqual(((await client(1).getCampaign(id)).basic_details as any).name, 'Live one, edited');
  });

  test("the service's validation findings appear on the right line, block the push, and clear once fixed", async () => {
    // Workspace 1 lacks the audience limit; the local settings say it has it, so only the service knows.
    await signIn(1);
    const id = await draft(1, 'Flag gated');
    const doc = await fetchInto(id, 'push-1');
    await replaceText(
      doc,
      '"utm_params"',
      '"campaign_audience_limit": { "is_campaign_audience_limit_enabled": true, "limit": 50 },\n  "utm_params"',
    );
    const { result } = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<PushResult>('campaignStudio.push', doc.uri),
    );
    assert.strictEqual(result?.outcome, 'blocked');
    assert.strictEqual(result.stage, 'remote-validate');
    const diags = await waitForDiagnostics(doc.uri, ds => ds.some(d => ruleOf(d) === 'VALIDATION_FAILED'), 10_000, "the service's finding");
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
    await vscode.workspace.fs.writeFile(
      fresh,
      Buffer.from(JSON.stringify({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME' }, null, 2)),
    );
    await open(fresh);
    const newLenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', fresh, 10);
    assert.ok(
      newLenses.some(l => l.command?.command === 'campaignStudio.createDraft'),
      newLenses.map(l => l.command?.title).join(', '),
    );
  });

  test('push on save (when enabled) runs the same checked push, reviewed before it sends', async () => {
    await signIn(0);
    const id = await draft(0, 'On save');
    const doc = await fetchInto(id, 'push-0');
    const cfg = vscode.workspace.getConfiguration('campaignStudio.push');
    await cfg.update('onSave', true, vscode.ConfigurationTarget.Workspace);
    try {
      await replaceText(doc, '"On save"', '"On save, saved"');
      let pushed!: () => void;
      const done = new Promise<void>(r => {
        pushed = r;
      });
      const { dialogs } = await answering(
        d => {
          if (d.kind === 'information' && d.message.startsWith('Pushed')) pushed();
          return undefined;
        },
        async () => {
          await doc.save();
          await waitForReview();
          await vscode.commands.executeCommand('campaignStudio.review.push');
          // The push runs after the save, on its own: its message says when it is done.
          await within(done, 10_000, 'the push on save');
        },
      );
      assert.ok(!dialogs.some(d => d.kind === 'error'), dialogs.map(d => d.message).join(' | '));
      assert.strictEqual(((await client(0).getCampaign(id)).basic_details as any).name, 'On save, saved');
    } finally {
      await cfg.update('onSave', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  async function setStatus(id: string, status: string): Promise<void> {
    const headers = { 'Content-Type': 'application/json', [ADMIN_TOKEN_HEADER]: emu!.adminToken };
    const res = await fetch(`${emu!.url}/__admin/campaigns/${id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ status, updated_by: 'colleague@example.com' }),
    });
    assert.strictEqual(res.status, 200, await res.text());
  }

  test('ACTIVE: a locked component is refused on its line, whether the file knew the status or not, and shown once', async () => {
    await signIn(0);
    // Fetched as a draft, made ACTIVE on the service afterwards: only the push knows.
    const later = await draft(0, 'Went live');
    const doc = await fetchInto(later, 'push-0');
    await setStatus(later, 'ACTIVE');
    await replaceText(
      doc,
      '"is_all_user_campaign": true',
      '"is_all_user_campaign": false, "included_filters": { "filter_operator": "and", "filters": [ { "filter_type": "custom_segments", "name": "VIP", "id": "1" } ] }',
    );
    const { result } = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<PushResult>('campaignStudio.push', doc.uri),
    );
    assert.strictEqual(result?.outcome, 'blocked');
    assert.strictEqual(result.stage, 'state');
    const line = doc
      .getText()
      .split('\n')
      .findIndex(l => l.includes('"segmentation_details"'));
    const diags = await waitForDiagnostics(doc.uri, ds => ds.some(d => ruleOf(d) === 'P1'), 10_000, 'a P1 diagnostic');
    assert.deepStrictEqual(
      diags.filter(d => ruleOf(d) === 'P1').map(d => d.range.start.line),
      [line],
    );
    assert.strictEqual(((await client(0).getCampaign(later)).segmentation_details as any).is_all_user_campaign, true, 'nothing was sent');

    // Fetched while ACTIVE: the editor already says it; the push refuses and does not repeat it.
    const live = await draft(0, 'Live already');
    await setStatus(live, 'ACTIVE');
    const doc2 = await fetchInto(live, 'push-0');
    await replaceText(
      doc2,
      '"is_all_user_campaign": true',
      '"is_all_user_campaign": false, "included_filters": { "filter_operator": "and", "filters": [ { "filter_type": "custom_segments", "name": "VIP", "id": "1" } ] }',
    );
    await waitForDiagnostics(doc2.uri, ds => ds.some(d => ruleOf(d) === 'P1'), 10_000, "the editor's own P1");
    const again = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<PushResult>('campaignStudio.push', doc2.uri),
    );
    assert.strictEqual(again.result?.outcome, 'blocked');
    const line2 = doc2
      .getText()
      .split('\n')
      .findIndex(l => l.includes('"segmentation_details"'));
    // A pull sent after the push's notification answers with everything the server now holds.
    const api = await activateExtension();
    const report: any = await api.client!.sendRequest('textDocument/diagnostic', { textDocument: { uri: doc2.uri.toString() } });
    const p1 = (report.items as any[]).filter(d => String(d.code) === 'P1' && d.range.start.line === line2);
    assert.strictEqual(p1.length, 1, p1.map(d => d.message).join(' | '));
  });

  test("create a draft from a new file: the id is written into the editor's document, which stays saved", async () => {
    await signIn(0);
    const uri = vscode.Uri.file(path.join(workspaceRoot().fsPath, 'scratch', `new-draft-${Date.now()}.campaign.json`));
    const text = JSON.stringify({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', ...campaign('Made in VS Code') }, null, 2) + '\n';
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
    const { doc } = await open(uri);
    const { result, dialogs } = await answering(
      d => (d.modal && d.items.includes('Create draft') ? 'Create draft' : undefined),
      () => vscode.commands.executeCommand<any>('campaignStudio.createDraft', uri),
    );
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
    const paused = await answering(
      d => (d.modal && d.items.includes('Pause') ? 'Pause' : undefined),
      () => vscode.commands.executeCommand<any>('campaignStudio.pauseCampaign', id),
    );
    assert.strictEqual(paused.result?.outcome, 'done', paused.dialogs.map(d => d.message).join(' | '));
    assert.strictEqual((await c.getCampaign(id)).status, 'PAUSED');
    const resumedTwice = await answering(
      () => undefined,
      () => vscode.commands.executeCommand<any>('campaignStudio.pauseCampaign', id),
    );
    assert.strictEqual(resumedTwice.result?.outcome, 'blocked', 'a paused campaign cannot be paused again');
    const resumed = await answering(
      d => (d.modal && d.items.includes('Resume') ? 'Resume' : undefined),
      () => vscode.commands.executeCommand<any>('campaignStudio.resumeCampaign', id),
    );
    assert.strictEqual(resumed.result?.outcome, 'done');
    assert.strictEqual((await c.getCampaign(id)).status, 'ACTIVE');
  });
});
