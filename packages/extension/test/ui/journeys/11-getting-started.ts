import * as assert from 'assert';
import type { Journey } from '../journey';

/**
 * A first session: the walkthrough, a new campaign from File > New File (its picks, then the
 * skeleton with the cursor on the first field), and a rule's documentation opened inside the
 * editor from the Problems panel and from the quick-fix menu.
 */
export const journey: Journey = {
  title: "get started: the walkthrough, a new campaign, a rule's documentation",
  async run({ page, workbench, step }) {
    const walkthrough = page.locator('.gettingStartedContainer');
    const preview = (rule: string) => page.locator('.tabs-container .tab.active', { hasText: `Preview Rule ${rule}.md` });
    // The Markdown preview is a webview over the editor (the walkthrough's pages are webviews of their own).
    const previewText = (text: string) =>
      page.frameLocator('iframe.webview.ready:not(.gettingStartedContainer *)').frameLocator('#active-frame').getByText(text).first();
    const blackFriday = 'drafts/black-friday.campaign.json';

    await step(
      'the walkthrough lists the steps of a first session',
      async () => {
        await workbench.command('Welcome: Open Walkthrough...');
        await workbench.pick('Start with Campaign Studio');
        for (const title of ['Create a campaign', 'See and fix errors', 'Connect an environment', 'Fetch a campaign', 'Edit and push']) {
          await walkthrough.getByText(title, { exact: true }).first().waitFor({ state: 'visible' });
        }
      },
      { readme: 'walkthrough', crop: [walkthrough] },
    );

    await step("the walkthrough's connect step says how to reach the sandbox's emulator", async () => {
      await walkthrough.getByText('Connect an environment', { exact: true }).first().click();
      await walkthrough.getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' });
      // The step's page is a webview: an iframe holding the active frame.
      await page
        .frameLocator('.gettingStartedContainer iframe')
        .frameLocator('#active-frame')
        .getByText('WKSPALLFEATURES01')
        .first()
        .waitFor({ state: 'visible' });
    });

    await step(
      'File > New File offers New Campaign…',
      async () => {
        await workbench.command('Create: New File...');
        await workbench.waitForQuickPickRows(rows => rows.some(r => r.includes('New Campaign…')), 'New Campaign… among the new files');
      },
      { readme: 'new-file-campaign', crop: [page.locator('.quick-input-widget')] },
    );

    await step(
      'New Campaign asks for the channel',
      async () => {
        await workbench.pick('New Campaign…');
        await workbench.waitForQuickPickRows(
          rows => rows.some(r => r.includes('Push')) && rows.some(r => r.includes('Email')),
          'the channels',
        );
      },
      { crop: [page.locator('.quick-input-widget')] },
    );

    await step(
      'then the delivery types the channel allows',
      async () => {
        await workbench.pickLabel('Push');
        // The list is redrawn row by row as the channel's pick gives way to this one: wait for the whole of it.
        const types = ['One-time', 'Periodic', 'Event-triggered', 'Business-event-triggered', 'Device-triggered', 'Location-triggered'];
        await workbench.waitForQuickPickRows(
          rows => rows.length === types.length && types.every((t, i) => rows[i].trim().startsWith(t)),
          `the six Push delivery types, in order: ${types.join(', ')}`,
        );
      },
      { readme: 'new-campaign-delivery-type', crop: [page.locator('.quick-input-widget')] },
    );

    await step(
      'the skeleton opens with the first field to fill selected',
      async () => {
        await workbench.pickLabel('Event-triggered');
        await workbench.activeTab('new-push-event-triggered.campaign.json').waitFor({ state: 'visible' });
        await workbench.waitForEditorText(/"campaign_delivery_type": "EVENT_TRIGGERED"/);
        await page.locator('.part.statusbar', { hasText: /\(16 selected\)/ }).waitFor({ state: 'visible' });
        // Checked as inserted (the empty file before it was not): no error.
        await workbench.squiggles('error').first().waitFor({ state: 'detached' });
      },
      { readme: 'new-campaign', crop: [page.locator('.editor-group-container.active')] },
    );

    await step(
      "a rule's code in the Problems panel opens its documentation inside the editor",
      async () => {
        await workbench.openFile(blackFriday);
        await workbench.showProblems();
        await workbench.waitForProblems(rows => rows.some(r => r.includes('F1')), 'F1 in the Problems panel');
        await workbench
          .problem(/`AND` is not allowed for `filter_operator`/)
          .locator('.monaco-link')
          .click();
        await preview('F1').waitFor({ state: 'visible' });
        await previewText('Breaks it').waitFor({ state: 'visible' });
      },
      { readme: 'rule-doc', crop: [page.locator('.editor-group-container.active')] },
    );

    await step(
      "the quick-fix menu offers the rule's documentation too",
      async () => {
        // The preview has the keyboard: back to the campaign by its tab.
        await page.locator('.tabs-container .tab', { hasText: 'black-friday.campaign.json' }).click();
        await workbench.activeTab('black-friday.campaign.json').waitFor({ state: 'visible' });
        await workbench.problem(/`AND` is not allowed for `filter_operator`/).click();
        const offered = await workbench.quickFixes();
        assert.ok(
          offered.some(a => a.includes('Show documentation for rule F1')),
          offered.join(' | '),
        );
      },
      { crop: [page.locator('.action-widget')] },
    );

    await step('which opens the same page', async () => {
      await workbench.chooseAction('Show documentation for rule F1');
      await preview('F1').waitFor({ state: 'visible' });
      await previewText('Breaks it').waitFor({ state: 'visible' });
    });
  },
};
