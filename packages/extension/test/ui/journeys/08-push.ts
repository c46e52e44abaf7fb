import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Journey } from '../journey';
import { baseSnapshot, emulatorOf, fetchById, readJson, signIn } from '../remote';
import { joinedLines } from '../workbench';

/**
 * Push an edit: a review opens beside the file, the exact body as a diff of the service's values
 * now and what will be sent, under a header that says to check the body and press Push and lists
 * each field that changes; Push in its title bar sends it, the service has the change, the base snapshot follows, and the file stays as
 * written.
 */
export const journey: Journey = {
  title: 'push an edit to the service',
  needs: ['emulator'],
  async run(ctx) {
    const { page, workbench, step } = ctx;
    const emulator = emulatorOf(ctx);
    const id = await emulator.campaignId('Weekend flash deal');
    const before = await emulator.stored(id);
    let file = '';

    await step('signed in, the campaign fetched', async () => {
      await signIn(ctx);
      file = await fetchById(ctx, id);
    });

    await step('an edit: the push message says $29 instead of $39, saved', async () => {
      await workbench.replaceInEditor('Sneakers from $39', 'Sneakers from $29', { every: true });
      await workbench.save();
    });

    const title = 'Review push: Weekend flash deal → shopco';
    const pushButton = workbench.editorAction('Push');
    const cancelButton = workbench.editorAction('Cancel Push');
    await step(
      'Push: the review opens beside the file, the exact body as a diff, Push and Cancel in its title bar',
      async () => {
        await workbench.clearNotifications();
        // Room for the file and its review side by side.
        await workbench.command('View: Close Primary Side Bar');
        await page.locator('.part.sidebar').waitFor({ state: 'hidden' });
        await workbench.command('Campaign Studio: Push Changes to the Service');
        await workbench.activeTab(title).waitFor({ state: 'visible' });
        await pushButton.waitFor({ state: 'visible' });
        await cancelButton.waitFor({ state: 'visible' });
        // The file stays in view, in the other group.
        await page
          .locator('.editor-group-container:not(.active) .tab.active', { hasText: file.split('/').pop()! })
          .waitFor({ state: 'visible' });
        const shown = await workbench.waitForDiffText(
          text => text.includes(`// PATCH /v5/campaigns/${id}`) && text.includes('"updated_by": "you@example.com"'),
          'the request line, and the body with the fields a write needs',
        );
        // The lines an inline diff draws as deleted, in a wrapping editor, are read first: the document starts at its header.
        const review = shown.slice(shown.indexOf('// Check'));
        assert.match(review, /\/\/ Environment: shopco\n/, review);
        // The header wraps: its lines read as one, without their comment marks.
        assert.match(
          joinedLines(review),
          /campaign_content\.\S+: "Sneakers from \$39 this weekend\." → "Sneakers from \$29 this weekend\."/,
          review,
        );
        assert.match(review, /^\/\/ Check the body below, then press Push/, review);
        const body = [...review.matchAll(/^ {2}"([^"]+)":/gm)].map(m => m[1]);
        assert.deepStrictEqual(
          body.slice(0, 4),
          ['channel', 'campaign_delivery_type', 'updated_by', 'campaign_content'],
          `the body sent: the three fields a write needs, then the edited component:\n${review}`,
        );
        await workbench.waitForProgressToEnd();
        await workbench.movePointerAway();
      },
      { readme: 'push-review', crop: [page.locator('.part.editor')] },
    );

    await step('Push in the title bar: pushed, the review closes, and the service has the change', async () => {
      await pushButton.click();
      await workbench.waitForNotification('Pushed Content of “Weekend flash deal” to shopco.');
      await page.locator('.tabs-container .tab', { hasText: title }).waitFor({ state: 'detached' });
      const after = await emulator.stored(id);
      const sent = JSON.stringify(after.components.campaign_content);
      assert.match(sent, /Sneakers from \$29 this weekend\./);
      assert.doesNotMatch(sent, /\$39/, "both platforms' messages changed");
      assert.strictEqual(after.updated_by, 'you@example.com');
      assert.notStrictEqual(after.updated_at, before.updated_at);
      for (const k of Object.keys(before.components).filter(k => k !== 'campaign_content')) {
        assert.deepStrictEqual(after.components[k], before.components[k], `\`${k}\` was not sent, and is as it was`);
      }
      // The base follows the service; the file stays exactly as written.
      const text = fs.readFileSync(path.join(ctx.workspace, file), 'utf8');
      assert.match(text, /Sneakers from \$29 this weekend\./);
      assert.deepStrictEqual(baseSnapshot(ctx, id).campaign.campaign_content, readJson(ctx, file).campaign_content);
      await page.locator('.tabs-container .tab.dirty').first().waitFor({ state: 'detached' });
    });
  },
};
