import type { Journey } from '../journey';
import { emulatorOf, fetchById, signIn } from '../remote';

/**
 * Diff a fetched campaign: after an edit, Compare with Remote opens the diff editor (the service's
 * copy left, the file right) and says which components differ; Summarize Changed Components lists
 * them against the base and the remote, and opens the diff of the one picked.
 */
export const journey: Journey = {
  title: 'diff a fetched campaign with the remote',
  needs: ['emulator'],
  async run(ctx) {
    const { page, workbench, step } = ctx;
    const id = await emulatorOf(ctx).campaignId('Weekend flash deal');
    const quickInput = page.locator('.quick-input-widget');
    let file = '';
    const side = (which: 'original' | 'modified', text: string) =>
      workbench.diffEditor().locator(`.editor.${which} .view-line`, { hasText: text }).first();

    await step('signed in, the campaign fetched from the Command Palette by its id', async () => {
      await signIn(ctx);
      file = await fetchById(ctx, id);
      await workbench.waitForEditorText(new RegExp(`"id": "${id}"`));
    });

    await step('an edit: the push title says 48 hours instead of 24, saved', async () => {
      await workbench.replaceInEditor('24 hours only', '48 hours only', { every: true });
      await workbench.save();
    });

    await step(
      "Compare with Remote: the service's copy left, the file right, and which components differ",
      async () => {
        await workbench.clearNotifications();
        await workbench.command('Campaign Studio: Compare with Remote');
        await workbench.activeTab(`${file.split('/').pop()}: remote (shopco) ↔ local`).waitFor({ state: 'visible' });
        await workbench.waitForDiff(
          s => /24 hours only/.test(s.original) && /48 hours only/.test(s.modified) && !/48 hours only/.test(s.original),
          'the old title on the left and the new one on the right',
        );
        // Only the two titles differ.
        await workbench.waitForNotification(
          /1 component differs between the remote and the local file: campaign_content changed \(\/campaign_content\/content\/push\/android\/basic_details\/title, \/campaign_content\/content\/push\/ios\/basic_details\/title\)/,
        );
        await workbench.waitForProgressToEnd();
      },
      { readme: 'diff', crop: [side('original', '"campaign_content": {'), side('modified', '"segmentation_details": {')] },
    );

    await step('Summarize Changed Components: the edit against the base (as fetched) and against the remote', async () => {
      await workbench.clearNotifications();
      await workbench.command('Campaign Studio: Summarize Changed Components');
      await quickInput.locator('.quick-input-title', { hasText: 'Changes in ' }).waitFor({ state: 'visible' });
      // A section against the base and one against the remote, campaign_content edited in both, with the changed path.
      await workbench.waitForQuickPickRows(
        rows =>
          rows.some(t => /Local file vs base/.test(t)) &&
          rows.some(t => /Local file vs remote \(shopco\)/.test(t)) &&
          rows.filter(t => /campaign_content.*edited/.test(t)).length === 2 &&
          rows.some(t => /\/content\/push\/android\/basic_details\/title/.test(t)),
        'campaign_content edited against the base and against the remote, with the changed path',
      );
    });

    await step('picking a line opens its diff: the base (as fetched) against the file', async () => {
      await workbench.pick(/campaign_content/);
      await workbench.activeTab('Local file vs base').waitFor({ state: 'visible' });
      await workbench.waitForDiff(
        s => /24 hours only/.test(s.original) && /48 hours only/.test(s.modified),
        'the base on the left and the edit on the right',
      );
    });
  },
};
