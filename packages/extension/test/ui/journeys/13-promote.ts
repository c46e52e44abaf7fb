import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Journey } from '../journey';
import { EmulatorClient, emulatorOf, fetchById, readJson, signIn } from '../remote';
import { joinedLines } from '../workbench';

/**
 * Promote a campaign from shopco to bookbarn: Promote to Environment… asks for the target, then
 * for bookbarn's API key (signed in to shopco only), and opens push's review of the new draft
 * beside the file, naming the source and the target; Push in its title bar creates exactly one
 * draft in bookbarn, links it in campaign.links.json, and the Campaigns view marks the link.
 * The sandbox's environments declare their workspaces' features, so bookbarn's (none) are
 * checked: the campaign is one bookbarn can take (no audience limit, no queuing, no project name).
 */
export const journey: Journey = {
  title: 'promote a campaign to another environment',
  needs: ['emulator'],
  async run(ctx) {
    const { page, workbench, step } = ctx;
    const shopco = emulatorOf(ctx);
    const bookbarn = new EmulatorClient(ctx.emulator!, 'bookbarn');
    const name = 'Weekend flash deal';
    const id = await shopco.campaignId(name);
    const source = await shopco.stored(id);
    // A campaign bookbarn can take: none of the fields its missing features would refuse.
    for (const flagged of ['campaign_audience_limit', 'queuing_enabled', 'queue_duration', 'project_name'])
      assert.ok(!JSON.stringify(source.components).includes(`"${flagged}":`), `${name} holds ${flagged}, which bookbarn lacks`);
    const draftsIn = async (workspaceId: string) =>
      (await shopco.requests()).filter(r => r.method === 'POST' && r.path === '/v5/campaigns' && r.workspace === workspaceId && r.applied)
        .length;
    const draftsBefore = await draftsIn(bookbarn.environment.workspaceId);
    assert.deepStrictEqual(await bookbarn.campaignIdsNamed(name, ['DRAFT']), [], `bookbarn holds no draft "${name}" yet`);

    await step('signed in to shopco, the campaign fetched', async () => {
      await signIn(ctx, 'shopco');
      await fetchById(ctx, id);
    });

    const title = `Promote ${name} from shopco (campaign ${id}) to bookbarn (new draft)`;
    const quickInput = page.locator('.quick-input-widget');
    await step('Promote to Environment…: every other environment is offered', async () => {
      await workbench.clearNotifications();
      // Room for the file and its review side by side.
      await workbench.command('View: Close Primary Side Bar');
      await page.locator('.part.sidebar').waitFor({ state: 'hidden' });
      await workbench.command('Campaign Studio: Promote to Environment…');
      await quickInput
        .locator('.quick-input-title', { hasText: 'Promote from shopco to which environment?' })
        .waitFor({ state: 'visible' });
      await workbench.waitForQuickPickRows(
        rows => rows.length === 1 && rows[0].includes('bookbarn') && rows[0].includes('WKSPNOFEATURES02'),
        'bookbarn only, with its workspace',
      );
    });

    await step('bookbarn chosen: its API key is not stored, so it is asked for', async () => {
      await workbench.pickLabel('bookbarn');
      const toast = await workbench.waitForNotification('No API key of environment bookbarn is stored');
      await toast.getByRole('button', { name: 'Enter API Key' }).click();
      await quickInput.locator('.quick-input-title', { hasText: 'API key of bookbarn' }).waitFor({ state: 'visible' });
    });

    const pushButton = workbench.editorAction('Push');
    await step(
      'the review of the new draft opens beside the file, naming source and target, Push and Cancel in its title bar',
      async () => {
        await workbench.answer(bookbarn.environment.apiKey);
        await workbench.activeTab(title).waitFor({ state: 'visible' });
        await pushButton.waitFor({ state: 'visible' });
        await workbench.editorAction('Cancel Push').waitFor({ state: 'visible' });
        // The diff editor shows the first change (the whole body, added): once it is drawn, Ctrl+Home
        // goes up to the header above it, where from, where to, and the requests it sends.
        const review = workbench.diffEditor();
        await review.locator('.line-insert').first().waitFor({ state: 'visible' });
        await review.locator('.editor.modified textarea').first().focus();
        await page.keyboard.press('Control+Home');
        // The header's sentences are wrapped, each line a comment, and the editor wraps them too: read them joined.
        await workbench.waitForDiffText(
          text =>
            joinedLines(text).includes(`Promote ${name} from shopco (campaign ${id}) to bookbarn (new draft)`) &&
            joinedLines(text).includes('First promotion: a new draft in bookbarn, linked in campaign.links.json.') &&
            text.includes('// Environment: bookbarn\n') &&
            text.includes('//   POST /v5/campaigns\n'),
          'the header naming shopco, the campaign and bookbarn, and the requests',
        );
        await workbench.waitForProgressToEnd();
        await workbench.movePointerAway();
      },
      { readme: 'promote-review', crop: [page.locator('.part.editor')] },
    );

    let targetId = '';
    await step('Push in the title bar: promoted, says its notification; one draft in bookbarn, linked in campaign.links.json', async () => {
      await pushButton.click();
      await page.locator('.tabs-container .tab', { hasText: title }).waitFor({ state: 'detached' });
      // The outcome pops up: the draft's eight requests report into one progress notification, so
      // VS Code's limit on new toasts (three in 800 ms) never swallows it.
      const outcome = await workbench.waitForNotification(`Promoted ${name} from shopco to bookbarn as new draft`);
      await outcome.getByRole('button', { name: 'Compare with bookbarn' }).waitFor({ state: 'visible' });
      const said = (await outcome.locator('.notification-list-item-message').textContent()) ?? '';
      targetId = /as new draft ([0-9a-f]{24}), linked in campaign\.links\.json/.exec(said)?.[1] ?? assert.fail(said);
      assert.strictEqual((await draftsIn(bookbarn.environment.workspaceId)) - draftsBefore, 1, 'exactly one draft created in bookbarn');
      assert.deepStrictEqual(await bookbarn.campaignIdsNamed(name, ['DRAFT']), [targetId]);
      const target = await bookbarn.stored(targetId);
      assert.strictEqual(target.workspace, bookbarn.environment.workspaceId);
      assert.strictEqual(target.status, 'DRAFT');
      assert.strictEqual(target.components.basic_details.name, name);
      assert.deepStrictEqual(target.components.campaign_content, source.components.campaign_content);
      assert.ok(fs.existsSync(path.join(ctx.workspace, 'campaign.links.json')), 'campaign.links.json was written');
      const links = readJson(ctx, 'campaign.links.json').links as Array<Record<string, any>>;
      assert.deepStrictEqual(
        links.map(l => [l.from.environment, l.from.workspaceId, l.from.campaignId, l.to.environment, l.to.workspaceId, l.to.campaignId]),
        [['shopco', shopco.environment.workspaceId, id, 'bookbarn', bookbarn.environment.workspaceId, targetId]],
      );
    });

    await step('the Campaigns view marks the campaign as linked to bookbarn, and equal; its hover says so', async () => {
      await workbench.clearNotifications();
      await page.locator('.notifications-center').waitFor({ state: 'hidden' });
      await workbench.openActivity('Campaigns');
      const scheduled = workbench.treeItem('Status SCHEDULED');
      await workbench.expand(scheduled);
      const item = workbench.treeItem(`${name}, PUSH SCHEDULED campaign`);
      await workbench.waitForTreeItem(item, `${name} in the Scheduled group`);
      await workbench.waitForValue(
        async () => (await item.locator('.label-description').first().textContent()) ?? '',
        d => d.endsWith('⇄ bookbarn = equal'),
        'the item to mark its link to bookbarn, equal',
      );
      // The view is narrow: its hover says the whole of it. A hover can come to nothing when the row
      // is redrawn under the pointer (the view redraws on each change of the links, or of a linked
      // campaign's read): as a person would, move the pointer away and back onto the row (three tries).
      const hover = page
        .locator('.workbench-hover, .monaco-hover')
        .filter({ hasText: `Promoted to campaign ${targetId} of bookbarn` })
        .filter({ hasText: 'Equal: bookbarn holds what a promotion would send.' })
        .first();
      for (const attempt of [1, 2, 3]) {
        if (attempt > 1) {
          ctx.log('no hover on the campaign yet; moving the pointer away and back');
          await workbench.movePointerAway();
        }
        await item.locator('.monaco-icon-label').first().hover();
        const shown = await hover.waitFor({ state: 'visible', timeout: attempt < 3 ? 5_000 : workbench.timeoutMs }).then(
          () => true,
          () => false,
        );
        if (shown) break;
        if (attempt === 3) throw new Error('the hover of the linked campaign never showed its promotion link');
      }
    });
  },
};
