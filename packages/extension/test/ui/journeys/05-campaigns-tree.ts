import * as assert from 'assert';
import type { Journey } from '../journey';
import { emulatorOf, signIn } from '../remote';

/**
 * Browse the Campaigns view: status groups that count their campaigns before they are expanded,
 * a group's campaigns with their hover, grouping by channel, a group paged 15 at a time with
 * "Load more…", a filter (collapsed groups say how many match) and clearing it, a campaign renamed
 * by a colleague shown by its new name after Refresh, typing in a read-only campaign (it says why
 * and offers "Fetch to Edit"), and the context menus of an ACTIVE and a PAUSED campaign, which
 * offer only the status actions that apply.
 */
export const journey: Journey = {
  title: 'browse the Campaigns tree',
  needs: ['emulator'],
  async run(ctx) {
    const { page, workbench, step } = ctx;
    const sidebar = page.locator('.part.sidebar');
    const description = (row: ReturnType<typeof workbench.treeItem>) => row.locator('.label-description').first().textContent();
    /** The group's count comes with its first page, read when the view is drawn: wait for it to say `count`. */
    const waitForCount = (row: ReturnType<typeof workbench.treeItem>, count: string, what: string) => {
      let shown: string | null = null;
      return workbench.until(
        async () => (shown = await description(row)) === count,
        what,
        () => `the group says ${JSON.stringify(shown)}`,
      );
    };
    const campaigns = (names: string[]) => names.filter(n => / campaign$/.test(n));
    const hover = page
      .locator('.workbench-hover, .monaco-hover')
      .filter({ hasText: /[0-9a-f]{24}/ })
      .first();

    await step('signed in, the Campaigns view groups the campaigns by status', async () => {
      await signIn(ctx);
      await workbench.openActivity('Campaigns');
      for (const s of ['DRAFT', 'SCHEDULED', 'ACTIVE', 'PAUSED', 'SENT', 'STOPPED', 'ARCHIVED']) {
        await workbench.treeItem(`Status ${s}`).waitFor({ state: 'visible' });
      }
    });

    await step('each group counts its campaigns before it is expanded', async () => {
      const scheduled = workbench.treeItem('Status SCHEDULED');
      await waitForCount(scheduled, '8', 'the collapsed Scheduled group to count its 8 campaigns');
      assert.notStrictEqual(await scheduled.getAttribute('aria-expanded'), 'true', 'the Scheduled group is still collapsed');
      for (const s of ['DRAFT', 'ACTIVE', 'PAUSED', 'SENT', 'STOPPED', 'ARCHIVED']) {
        await workbench.waitForValue(
          () => description(workbench.treeItem(`Status ${s}`)),
          d => /^\d+\+?$/.test(d ?? ''),
          `the collapsed ${s} group to show its count ("7", or "15+" for more than a page)`,
        );
      }
    });

    await step(
      'a status group lists its campaigns; hovering one shows its details',
      async () => {
        const scheduled = workbench.treeItem('Status SCHEDULED');
        await workbench.expand(scheduled);
        const flash = workbench.treeItem('Weekend flash deal, PUSH SCHEDULED campaign');
        await flash.waitFor({ state: 'visible' });
        await waitForCount(scheduled, '8', 'the Scheduled group to count its 8 campaigns');
        const names = await workbench.waitForValue(
          async () => campaigns(await workbench.childrenOf(scheduled)),
          ns => ns.length === 8,
          'the Scheduled group to list its 8 campaigns',
        );
        assert.ok(
          names.every(n => / SCHEDULED campaign$/.test(n)),
          `a campaign of another status is listed: ${names.join(' | ')}`,
        );
        await workbench.waitForValue(
          () => description(flash),
          d => /^Push · \w/.test(d ?? ''),
          'the campaign to show its channel and delivery type',
        );
        await flash.locator('.monaco-icon-label').first().hover();
        // The hover is built when it opens (the metadata call): it shows the id once it is complete, and names the campaign.
        await hover.filter({ hasText: /Weekend flash deal/ }).waitFor({ state: 'visible' });
      },
      { readme: 'campaigns-tree', crop: [sidebar.locator('.composite.title'), workbench.treeItem('Status ARCHIVED'), hover] },
    );

    await step("grouped by channel from the view's title bar: Push, Email, SMS", async () => {
      await workbench.viewAction('Group Campaigns by Channel').click();
      for (const c of ['PUSH', 'EMAIL', 'SMS']) await workbench.treeItem(`Channel ${c}`).waitFor({ state: 'visible' });
      await workbench.treeItem('Status SCHEDULED').waitFor({ state: 'detached' });
      await workbench.viewAction('Group Campaigns by Status').waitFor({ state: 'visible' });
    });

    const push = workbench.treeItem('Channel PUSH');
    await step('Push lists 15 campaigns, then "Load more…"', async () => {
      await workbench.expand(push);
      await workbench.treeItem('Load the next 15').waitFor({ state: 'visible' });
      const names = await workbench.waitForValue(
        async () => campaigns(await workbench.childrenOf(push)),
        ns => ns.length === 15,
        'a page of 15 campaigns',
      );
      assert.ok(
        names.every(n => /, PUSH \w+ campaign$/.test(n)),
        `a campaign of another channel is listed: ${names.join(' | ')}`,
      );
      await waitForCount(push, '15+', 'the Push group to say "15+" while more pages remain');
    });

    const readOnly = page.locator('.monaco-editor-overlaymessage').filter({ hasText: 'Fetch to Edit' });
    await step('typing in a read-only campaign says why, with "Fetch to Edit"', async () => {
      await workbench.openTreeItem(
        workbench.treeItem('Weekend flash deal, PUSH SCHEDULED campaign'),
        async () => /"name": "Weekend flash deal"/.test(await workbench.editorText()),
        'Weekend flash deal to open read-only',
      );
      await workbench.activeTab('Weekend flash deal').waitFor({ state: 'visible' });
      await workbench.editor().locator('.view-lines').click();
      await page.keyboard.type('x');
      await readOnly.waitFor({ state: 'visible' });
    });

    await step('"Fetch to Edit" writes the campaign into the workspace and opens its file', async () => {
      await readOnly.getByRole('link', { name: 'Fetch to Edit' }).click();
      await page
        .locator('.editor-group-container.active .tabs-container .tab.active')
        .filter({ hasText: /\.campaign\.json/ })
        .waitFor({ state: 'visible' });
      await workbench.waitForEditorText(/"name": "Weekend flash deal"/);
    });

    await step('"Load more…" brings the next page', async () => {
      await workbench.treeItem('Load the next 15').click();
      await workbench.treeItem('Load the next 15').waitFor({ state: 'detached' });
      let names: string[] = [];
      await workbench.until(async () => (names = campaigns(await workbench.childrenOf(push))).length > 15, 'more than 15 Push campaigns');
      await waitForCount(push, String(names.length), 'the group to count every campaign once the last page is in');
      assert.strictEqual(new Set(names).size, names.length, `a campaign is listed twice: ${names.join(' | ')}`);
    });

    const filterMessage = sidebar.locator('.tree-explorer-viewlet-tree-view .message:not(.hide)');
    await step('a filter (name contains "flash") narrows the tree, and the view says so', async () => {
      await workbench.viewAction('Filter Campaigns…').click();
      await workbench.pick('Name contains');
      await workbench.answer('flash');
      await filterMessage.filter({ hasText: 'Filtered: name "flash".' }).waitFor({ state: 'visible' });
      let names: string[] = [];
      await workbench.until(
        async () => {
          names = campaigns(await workbench.childrenOf(push).catch(() => []));
          return names.some(n => n.startsWith('Weekend flash deal,')) && names.every(n => /flash/i.test(n.split(',')[0]));
        },
        'the Push group to list only campaigns named with "flash"',
        () => names.join(' | '),
      );
      await waitForCount(push, `${names.length} match`, 'the Push group to count the campaigns that match');
      await workbench.viewAction('Clear Campaign Filters').waitFor({ state: 'visible' });
    });

    await step('under the filter, a collapsed group says how many of its campaigns match, or "no match"', async () => {
      for (const c of ['EMAIL', 'SMS']) {
        const group = workbench.treeItem(`Channel ${c}`);
        assert.notStrictEqual(await group.getAttribute('aria-expanded'), 'true', `the ${c} group is collapsed`);
        await workbench.waitForValue(
          () => description(group),
          d => /^(\d+\+? match|no match)$/.test(d ?? ''),
          `the collapsed ${c} group to say how many match`,
        );
      }
    });

    await step('Clear Campaign Filters lists everything again', async () => {
      await workbench.viewAction('Clear Campaign Filters').click();
      await workbench.viewAction('Clear Campaign Filters').waitFor({ state: 'detached' });
      await filterMessage.waitFor({ state: 'detached' });
      await workbench.until(
        async () => campaigns(await workbench.childrenOf(push).catch(() => [])).length === 15,
        'the Push group to list its first page again',
      );
    });

    await step('a campaign a colleague renamed shows its new name after Refresh Campaigns', async () => {
      const emulator = emulatorOf(ctx);
      const id = await emulator.campaignId('Summer launch teaser');
      const stored = await emulator.stored(id);
      await emulator.editAsColleague(id, { basic_details: { ...stored.components.basic_details, name: 'Summer launch teaser (renamed)' } });
      await workbench.viewAction('Refresh Campaigns').click();
      await workbench.treeItem('Summer launch teaser (renamed), PUSH SCHEDULED campaign').waitFor({ state: 'visible' });
      await workbench.treeItem('Summer launch teaser, PUSH SCHEDULED campaign').waitFor({ state: 'detached' });
    });

    const menu = page.locator('.context-view .monaco-menu');
    /** Right-clicks the listed Push campaign named `name` and returns its context menu's entries, once they hold `offers`. */
    const menuOf = async (name: string, status: string, offers: string[]): Promise<string[]> => {
      const item = workbench.treeItem(`${name}, PUSH ${status} campaign`);
      await workbench.clickTreeItem(item, { button: 'right' });
      await menu.waitFor({ state: 'visible' });
      return workbench.waitForValue(
        async () => (await menu.locator('.action-label').allTextContents()).map(t => t.trim()).filter(Boolean),
        entries => offers.every(o => entries.includes(o)),
        `the menu of ${name} to offer ${offers.join(' and ')}`,
      );
    };
    /** The screenshot of a step shows its menu open; the next step closes it. */
    const closeMenu = async () => {
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    };

    await step(
      'right-clicking an ACTIVE campaign offers Pause and Stop, not Resume',
      async () => {
        const entries = await menuOf('Weekly picks for you', 'ACTIVE', ['Pause Campaign', 'Stop Campaign']);
        assert.ok(!entries.includes('Resume Campaign'), `an ACTIVE campaign offers Resume: ${entries.join(' | ')}`);
      },
      { readme: 'context-menu-active', crop: [workbench.treeItem('Weekly picks for you, PUSH ACTIVE campaign'), menu] },
    );

    await step('right-clicking a PAUSED campaign offers Resume and Stop, not Pause', async () => {
      await closeMenu();
      const entries = await menuOf('Daily streak reminder', 'PAUSED', ['Resume Campaign', 'Stop Campaign']);
      assert.ok(!entries.includes('Pause Campaign'), `a PAUSED campaign offers Pause: ${entries.join(' | ')}`);
    });
  },
};
