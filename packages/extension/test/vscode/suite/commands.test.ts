import * as assert from 'assert';
import * as vscode from 'vscode';
import { registerCommands } from '../../../src/context';
import { activateExtension, manifest, messagesShownDuring, within } from './helpers';

/**
 * How each contributed command is exercised. Every command in package.json's
 * `contributes.commands` must be listed here (the test below says which is missing):
 * - `no-input`: runs from the palette without asking anything, finishes, shows no error;
 * - `needs-input`: asks the user (a quick pick, an input box, a tree item): checked registered only;
 *   its behaviour belongs in its feature's own test file.
 */
type HowItRuns = { run: 'no-input' } | { run: 'needs-input'; why: string };

export const COMMANDS: Record<string, HowItRuns> = {
  'campaignStudio.push': { run: 'needs-input', why: 'shows the body to send and asks to confirm (push.test.ts)' },
  'campaignStudio.review.push': { run: 'needs-input', why: 'answers a push review waiting in an editor tab (push.test.ts)' },
  'campaignStudio.review.cancel': { run: 'needs-input', why: 'answers a push review waiting in an editor tab (push.test.ts)' },
  'campaignStudio.createDraft': { run: 'needs-input', why: 'asks to confirm the create (push.test.ts)' },
  'campaignStudio.promote': { run: 'needs-input', why: 'asks for the target environment and reviews the promotion (promote.test.ts)' },
  'campaignStudio.compareEnvironment': { run: 'needs-input', why: 'needs a campaign with promotion links (promote.test.ts)' },
  'campaignStudio.validateRemote': { run: 'needs-input', why: 'needs a signed-in environment and a campaign file (push.test.ts)' },
  'campaignStudio.sendTest': { run: 'needs-input', why: 'asks for the mode and the recipients' },
  'campaignStudio.pauseCampaign': { run: 'needs-input', why: 'asks to confirm (push.test.ts)' },
  'campaignStudio.resumeCampaign': { run: 'needs-input', why: 'asks to confirm' },
  'campaignStudio.stopCampaign': { run: 'needs-input', why: 'asks which campaign, then to confirm (remoteViews.test.ts)' },
  'campaignStudio.showExecutions': { run: 'needs-input', why: 'needs a periodic or business-event campaign' },
  'campaignStudio.publishInfo': { run: 'needs-input', why: 'a modal explanation waits for the user' },
  'campaignStudio.conflicts.choose': { run: 'needs-input', why: 'acts on the conflict view a push opens (conflicts.test.ts)' },
  'campaignStudio.conflicts.previewResult': { run: 'needs-input', why: 'acts on the conflict view a push opens (conflicts.test.ts)' },
  'campaignStudio.conflicts.continue': { run: 'needs-input', why: 'acts on the conflict view a push opens (conflicts.test.ts)' },
  'campaignStudio.conflicts.cancel': { run: 'needs-input', why: 'acts on the conflict view a push opens (conflicts.test.ts)' },
  'campaignStudio.signIn': { run: 'needs-input', why: 'asks for the environment and the API key (remote.test.ts signs in with arguments)' },
  'campaignStudio.signOut': { run: 'no-input' },
  'campaignStudio.switchEnvironment': { run: 'needs-input', why: 'a quick pick of the environments' },
  'campaignStudio.addEnvironment': { run: 'needs-input', why: 'input boxes for name, base URL, workspace id, email' },
  'campaignStudio.showServiceLog': { run: 'no-input' },
  'campaignStudio.connection.retry': { run: 'no-input' },
  'campaignStudio.openRemote': {
    run: 'needs-input',
    why: 'asks for a campaign id without a tree item or campaign editor (remote.test.ts)',
  },
  'campaignStudio.fetch': { run: 'needs-input', why: 'asks for a campaign id without a tree item or campaign editor (remote.test.ts)' },
  'campaignStudio.fetchToEdit': {
    run: 'needs-input',
    why: 'shown only in a read-only campaign view, whose campaign it fetches; without one it asks for a campaign id (remote.test.ts)',
  },
  'campaignStudio.diffRemote': { run: 'needs-input', why: 'needs a fetched campaign file (remote.test.ts)' },
  'campaignStudio.diffBase': { run: 'needs-input', why: 'needs a fetched campaign file (remote.test.ts)' },
  'campaignStudio.summarizeChanges': { run: 'needs-input', why: 'needs a fetched campaign file; shows a quick pick' },
  'campaignStudio.checkWorkspace': {
    run: 'needs-input',
    why: 'reads the service for the fetched files of a signed-in environment, then offers a list of files (remoteMany.test.ts)',
  },
  'campaignStudio.explorer.refresh': { run: 'no-input' },
  'campaignStudio.explorer.filter': { run: 'needs-input', why: 'a quick pick of the filters (remote.test.ts passes a filter)' },
  'campaignStudio.explorer.clearFilters': { run: 'no-input' },
  'campaignStudio.explorer.groupByChannel': { run: 'no-input' },
  'campaignStudio.explorer.groupByStatus': { run: 'no-input' },
  'campaignStudio.explorer.loadMore': { run: 'needs-input', why: 'a "Load more" tree item' },
  'campaignStudio.explorer.copyId': { run: 'needs-input', why: 'a campaign tree item' },
  'campaignStudio.explorer.showFlow': { run: 'needs-input', why: 'a campaign tree item; shows a quick pick' },
  'campaignStudio.newCampaign': {
    run: 'needs-input',
    why: 'quick picks of the channel and the delivery type (onboarding.test.ts passes both)',
  },
  'campaignStudio.showPreview': { run: 'needs-input', why: 'needs a campaign file, active or passed (preview.test.ts)' },
  'campaignStudio.preview.reveal': { run: 'needs-input', why: 'a problem link of the preview passes the file and line (preview.test.ts)' },
  'campaignStudio.showRuleDoc': {
    run: 'needs-input',
    why: 'asks for the rule id without one (onboarding.test.ts passes it, as the rule links do)',
  },
};

/** The error messages shown while `fn` runs. */
async function errorsShownDuring(fn: () => Promise<unknown>): Promise<string[]> {
  return (await messagesShownDuring('showErrorMessage', fn)).map(([message]) => message);
}

suite('commands', () => {
  suiteSetup(async () => {
    await activateExtension();
  });
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  const contributed: Array<{ command: string; title: string }> = manifest().contributes?.commands ?? [];

  test('every contributed command is registered by the extension', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter(c => !registered.has(c.command)).map(c => c.command);
    assert.deepStrictEqual(missing, [], `contributed in package.json but never registered: ${missing.join(', ')}`);
  });

  test('every contributed command says how it runs (COMMANDS in commands.test.ts), and nothing else is listed', () => {
    const ids = contributed.map(c => c.command);
    const unlisted = ids.filter(id => !COMMANDS[id]);
    const stale = Object.keys(COMMANDS).filter(id => !ids.includes(id));
    assert.deepStrictEqual(unlisted, [], `add these to COMMANDS in test/vscode/suite/commands.test.ts: ${unlisted.join(', ')}`);
    assert.deepStrictEqual(stale, [], `listed in COMMANDS but not contributed: ${stale.join(', ')}`);
  });

  test('a failing command is caught by the error check below (the check itself works)', async () => {
    const api = await activateExtension();
    const id = 'campaignStudio.test.alwaysFails';
    registerCommands(api.ctx, {
      [id]: () => () => {
        throw new Error('deliberate failure');
      },
    });
    const errors = await errorsShownDuring(async () => vscode.commands.executeCommand(id));
    assert.strictEqual(errors.length, 1, 'the error notification of a failing command was not seen');
    assert.match(errors[0], /deliberate failure/);
  });

  for (const { command, title } of contributed) {
    const how = COMMANDS[command];
    if (how?.run !== 'no-input') continue;
    test(`runs without input and without an error: ${command} (${title})`, async () => {
      const errors = await errorsShownDuring(() =>
        within(vscode.commands.executeCommand(command), 15_000, `${command} (if it waits for input, list it as needs-input)`),
      );
      assert.deepStrictEqual(errors, [], `${command} showed an error`);
    });
  }
});
