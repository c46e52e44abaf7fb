import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Journey } from '../journey';
import { baseSnapshot, emulatorOf, fetchedFile, readJson, signIn } from '../remote';

/**
 * Fetch a campaign into the workspace from the Campaigns view: its file opens, checked like any
 * other (here a periodic campaign, whose schedule the service returns in a form a request cannot
 * take, with the information diagnostic that says so), and the base snapshot is written beside it.
 * Once a colleague changes the campaign, Check Campaign Files marks the file behind in the Explorer.
 */
export const journey: Journey = {
  title: 'fetch a campaign into the workspace',
  needs: ['emulator'],
  async run(ctx) {
    const { page, workbench, step } = ctx;
    const name = 'Weekly picks for you';
    const id = await emulatorOf(ctx).campaignId(name);
    const item = workbench.treeItem(`${name}, PUSH ACTIVE campaign`);

    await step('signed in, the campaign is listed under Active', async () => {
      await signIn(ctx);
      await workbench.openActivity('Campaigns');
      await workbench.expand(workbench.treeItem('Status ACTIVE'));
      await workbench.waitForTreeItem(item, `${name} listed under Active`);
    });

    let file = '';
    await step('its Fetch button writes the file and opens it, with its diagnostics', async () => {
      await workbench.treeItemAction(item, 'Fetch Campaign into Workspace');
      await workbench.activeTab(`.${id}.campaign.json`).waitFor({ state: 'visible' });
      const toast = await workbench.waitForNotification(`Fetched "${name}" into campaigns/`);
      await toast.filter({ hasText: /scheduling_details`? is kept as the service returned it/ }).waitFor({ state: 'visible' });
      file = fetchedFile(ctx, id);
      assert.strictEqual(path.basename(file), `weekly-picks-for-you.${id}.campaign.json`);
      await workbench.waitForEditorText(new RegExp(`"id": "${id}"`));
      // With a base snapshot, the file offers to push.
      await workbench.codeLens(/Push to shopco/).waitFor({ state: 'visible' });
      // A file fresh from the service has nothing to report: no read-only notes, no note on the kept schedule.
      for (const kind of ['error', 'warning', 'info'] as const)
        assert.strictEqual(await workbench.squiggles(kind).count(), 0, `no ${kind} squiggle in a freshly fetched file`);
    });

    await step('the base snapshot is written beside it, in .campaigns/base/', async () => {
      const base = baseSnapshot(ctx, id);
      assert.strictEqual(base.format, 'campaign-studio-base');
      assert.strictEqual(base.environment, emulatorOf(ctx).environment.name);
      assert.strictEqual(base.workspaceId, emulatorOf(ctx).environment.workspaceId);
      assert.strictEqual(base.id, id);
      assert.deepStrictEqual(base.campaign, readJson(ctx, file), 'the base records exactly what the file holds');
      assert.ok(
        base.notes.some((n: { path: string }) => n.path === '/scheduling_details'),
        'the base keeps the normalization note',
      );
      assert.ok(fs.existsSync(path.join(ctx.workspace, '.campaigns', 'base', `${id}.json`)));
      // As a person checks it: the Explorer shows the file under .campaigns/base/.
      await workbench.openActivity('Explorer');
      // (.campaigns/base shows as one row: the Explorer compacts folders holding one folder, and
      // its second label's name, "base, compact, .campaigns", holds the first's: match it whole.)
      await workbench.expand(workbench.treeItem(/^\.campaigns$/));
      await workbench.treeItem(`${id}.json`).waitFor({ state: 'visible' });
    });

    await step('a colleague changes it on the service: Check Campaign Files marks the file B (behind) in the Explorer', async () => {
      await emulatorOf(ctx).editAsColleague(id, { utm_params: { utm_source: 'colleague', utm_medium: 'push' } });
      await workbench.command('Campaign Studio: Check Campaign Files against the Service');
      await workbench.waitForNotification(`Checked 1 campaign file against ${emulatorOf(ctx).environment.name}: 1 behind.`);
      await workbench.waitForProgressToEnd();
      const row = page.locator('.explorer-folders-view').getByRole('treeitem', { name: path.basename(file) });
      await row.waitFor({ state: 'visible' });
      // VS Code draws a decoration's badge as the ::after content of an element of the row.
      const badges = () =>
        row.locator('[class*="monaco-decoration-itemBadge"]').evaluateAll(els => {
          const page = globalThis as unknown as { getComputedStyle(el: unknown, pseudo: string): { content: string } };
          return els.map(el => page.getComputedStyle(el, '::after').content);
        });
      await workbench.until(
        async () => (await badges()).includes('"B"'),
        'the badge B on the file',
        () => 'no badge B',
      );
    });
  },
};
