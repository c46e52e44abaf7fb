import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Journey } from '../journey';
import { baseSnapshot, emulatorOf, fetchById, readJson, signIn } from '../remote';

/**
 * Push an edit: the exact body is shown in a diff (the service's current values left, what will be
 * sent right) with a confirmation that says what is sent; once confirmed the service has the
 * change, the base snapshot follows, and the file stays as written.
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

    const dialog = page.locator('.monaco-dialog-box');
    const side = (which: 'original' | 'modified', text: string) => workbench.diffEditor().locator(`.editor.${which} .view-line`, { hasText: text }).first();
    await step('Push: the exact body in a diff, and a confirmation saying what is sent', async () => {
      await workbench.clearNotifications();
      await workbench.command('Campaign Studio: Push Changes to the Service');
      await workbench.waitForDialog('Push 1 component to shopco?');
      const detail = ((await dialog.textContent()) ?? '').replace(/\s+/g, ' ');
      assert.match(detail, new RegExp(`Campaign "Weekend flash deal" ${id} \\(SCHEDULED\\) on shopco\\.`), detail);
      assert.match(detail, /Sends `campaign_content` whole, with `channel`, `campaign_delivery_type` and `updated_by` \(the diff shows the exact body\)\./, detail);
      await workbench.activeTab(`Push ${id}: on shopco now ↔ what will be sent`).waitFor({ state: 'visible' });
      const sides = await workbench.waitForDiff(s => /Sneakers from \$29/.test(s.modified) && /Sneakers from \$39/.test(s.original),
        'the service\'s message on the left and the new one on the right');
      for (const key of ['"campaign_content"', '"channel": "PUSH"', '"campaign_delivery_type": "ONE_TIME"', '"updated_by": "you@example.com"']) {
        assert.ok(sides.modified.includes(key), `the body sent holds ${key}:\n${sides.modified}`);
      }
      await workbench.waitForProgressToEnd();
      const topLevel = [...sides.modified.matchAll(/^ {2}"([^"]+)":/gm)].map(m => m[1]);
      assert.deepStrictEqual(topLevel, ['campaign_content', 'campaign_delivery_type', 'channel', 'updated_by'], `the body sent holds the edited component and the three fields a write needs:\n${sides.modified}`);
    }, { readme: 'push-confirmation', crop: [side('original', '"campaign_content": {'), side('modified', '"updated_by"'), dialog] });

    await step('confirmed: pushed, and the service has the change', async () => {
      await workbench.dialogButton(/^Push$/);
      await workbench.waitForNotification(`Pushed \`campaign_content\` to campaign ${id} on shopco.`);
      const after = await emulator.stored(id);
      const sent = JSON.stringify(after.components.campaign_content);
      assert.match(sent, /Sneakers from \$29 this weekend\./);
      assert.doesNotMatch(sent, /\$39/, 'both platforms\' messages changed');
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
