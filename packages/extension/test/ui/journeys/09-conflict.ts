import * as assert from 'assert';
import type { Journey } from '../journey';
import { baseSnapshot, emulatorOf, fetchById, readJson, signIn } from '../remote';
import { joinedLines } from '../workbench';

/**
 * Meet a conflict: between the fetch and the push a colleague changes the same component
 * (through the emulator's admin endpoint, as another client would): a tag added, a field the
 * user left alone, and the name, which the user changed too. The push merges the tag by itself
 * and opens "Resolve conflicts" beside the file for the name only: base, yours and theirs side by
 * side. The user picks per field by clicking in the view, writes the name by hand (the view says
 * when it is not JSON), previews the result, continues to the push review and pushes. The service
 * ends up with both people's edits.
 */
export const journey: Journey = {
  title: 'resolve a conflict with the base in view, then push',
  needs: ['emulator'],
  timeoutMs: 180_000,
  async run(ctx) {
    const { page, workbench, step } = ctx;
    const emulator = emulatorOf(ctx);
    const id = await emulator.campaignId('Weekend flash deal');
    const colleague = 'colleague@shopco.example';
    const agreed = 'Weekend sneaker deal, 48 hours';
    let file = '';

    // code-server draws a webview in an iframe holding another: the view's page is the inner one.
    const webview = page.locator('iframe.webview.ready');
    const view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    const card = view.locator('section.conflict[data-path="basic_details.name"]');
    const side = (which: 'base' | 'local' | 'remote') => card.locator(`.side.${which}`);
    const status = view.locator('footer .status');
    const proceed = view.locator('footer vscode-button', { hasText: 'Continue' });
    const error = card.locator('.edit .error');
    const isDisabled = (button: typeof proceed) => button.evaluate(b => b.hasAttribute('disabled'));

    await step('signed in, the campaign fetched', async () => {
      await signIn(ctx);
      file = await fetchById(ctx, id);
    });

    await step('my edits, saved: the campaign renamed "Weekend flash deal, 48 hours", the push title says 48 hours', async () => {
      await workbench.replaceInEditor('Weekend flash deal', 'Weekend flash deal, 48 hours');
      await workbench.replaceInEditor('24 hours only', '48 hours only', { every: true });
      await workbench.save();
      await workbench.goTo(1, 1);
      await workbench.waitForEditorText(/"name": "Weekend flash deal, 48 hours"[\s\S]*"title": "Flash deal: 48 hours only"/);
      const mine = readJson(ctx, file);
      assert.strictEqual(mine.basic_details.name, 'Weekend flash deal, 48 hours');
      assert.match(JSON.stringify(mine.campaign_content), /48 hours only/);
    });

    await step('meanwhile a colleague changes the same component (a tag added, and the name), as Compare with Remote shows', async () => {
      const stored = await emulator.stored(id);
      const basic = {
        ...stored.components.basic_details,
        name: 'Weekend sneaker deal',
        tags: [...stored.components.basic_details.tags, 'weekend'],
      };
      await emulator.editAsColleague(id, { basic_details: basic }, colleague);
      const after = await emulator.stored(id);
      assert.strictEqual(after.updated_by, colleague);
      assert.deepStrictEqual(
        [after.components.basic_details.name, after.components.basic_details.tags],
        ['Weekend sneaker deal', ['deal', 'weekend']],
      );
      await workbench.clearNotifications();
      await workbench.command('Campaign Studio: Compare with Remote');
      await workbench.waitForDiff(
        d =>
          /"name": "Weekend sneaker deal"[\s\S]*"weekend"/.test(d.original) &&
          d.modified.includes('"name": "Weekend flash deal, 48 hours"'),
        'their name and tag on the left, my name on the right',
      );
      await workbench.waitForProgressToEnd();
    });

    await step(
      'Push: only the name conflicts, its base, mine and theirs side by side beside the file',
      async () => {
        // The comparison seen, back to the file: the push is about the active campaign file.
        await workbench.command('View: Close Editor');
        await workbench.activeTab(file.split('/').pop()!).filter({ hasNotText: '↔' }).waitFor({ state: 'visible' });
        await workbench.clearNotifications();
        await workbench.command('Campaign Studio: Push Changes to the Service');
        await workbench.activeTab('Resolve conflicts:').waitFor({ state: 'visible' });
        await card.waitFor({ state: 'visible' });
        // Their tag merged by itself: one conflict, the name, with the three values and who changed theirs.
        await workbench.waitForValue(
          () => view.locator('section.conflict h2').allTextContents(),
          h => h.join() === 'basic_details.name',
          'one conflict, on basic_details.name',
        );
        await side('base')
          .locator('pre', { hasText: /^"Weekend flash deal"$/ })
          .waitFor({ state: 'visible' });
        await side('local')
          .locator('pre', { hasText: /^"Weekend flash deal, 48 hours"$/ })
          .waitFor({ state: 'visible' });
        await side('remote')
          .locator('pre', { hasText: /^"Weekend sneaker deal"$/ })
          .waitFor({ state: 'visible' });
        await side('remote')
          .locator('.who', { hasText: `changed by ${colleague} at ` })
          .waitFor({ state: 'visible' });
        await view.locator('.intro', { hasText: 'nothing is sent until you confirm it there' }).waitFor({ state: 'visible' });
        await workbench.until(
          async () => (await status.textContent()) === '0 of 1 field decided',
          'the view to say nothing is decided yet',
        );
        await workbench.until(() => isDisabled(proceed), 'Continue to wait for a choice');
        // The file stays open, beside the view.
        await page
          .locator('.tabs-container .tab', { hasText: file.split('/').pop()! })
          .first()
          .waitFor({ state: 'visible' });
        await workbench.waitForProgressToEnd();
        await workbench.movePointerAway();
      },
      { readme: 'conflict', crop: [view.locator('h1'), card, view.locator('footer')] },
    );

    await step('Theirs: their column is marked, and every field is decided', async () => {
      await card.locator('vscode-radio[value="remote"]').click();
      await card.locator('.side.remote.chosen').waitFor({ state: 'visible' });
      await workbench.until(async () => (await status.textContent()) === '1 of 1 field decided', 'the view to count the choice');
      await workbench.until(async () => !(await isDisabled(proceed)), 'Continue to be enabled');
    });

    await step('Edit: the name typed without quotes is not JSON, and the view says what to write', async () => {
      await card.locator('vscode-radio[value="edit"]').click();
      const text = card.locator('vscode-textarea textarea');
      await text.waitFor({ state: 'visible' });
      await workbench.waitForValue(
        () => text.inputValue(),
        v => v === '"Weekend flash deal, 48 hours"',
        'the edit to start from mine',
      );
      await text.fill(agreed);
      await error.filter({ hasText: `Text goes in double quotes: "${agreed}".` }).waitFor({ state: 'visible' });
      await workbench.until(async () => (await status.textContent()) === '0 of 1 field decided', 'the invalid edit not to count');
      await workbench.until(() => isDisabled(proceed), 'Continue to wait for a valid edit');
    });

    await step('in quotes it is valid: every field decided', async () => {
      await card.locator('vscode-textarea textarea').fill(JSON.stringify(agreed));
      await error.filter({ hasText: /\S/ }).waitFor({ state: 'hidden' });
      await workbench.until(async () => (await status.textContent()) === '1 of 1 field decided', 'the edit to count');
      await workbench.until(async () => !(await isDisabled(proceed)), 'Continue to be enabled');
    });

    await step('Preview result: my basic_details now ↔ after the merge (their tag, the name as written)', async () => {
      await view.locator('footer vscode-button', { hasText: 'Preview result' }).click();
      const tab = page.locator('.tabs-container .tab', { hasText: 'now ↔ after the merge (basic_details)' }).first();
      await tab.waitFor({ state: 'visible' });
      await tab.click();
      await workbench.waitForDiff(
        s =>
          s.original.includes('"Weekend flash deal, 48 hours"') &&
          s.modified.includes(`"${agreed}"`) &&
          /"weekend"/.test(s.modified) &&
          !/"weekend"/.test(s.original),
        'mine on the left; the name as written and their tag on the right',
      );
      // The view stays in sight beside the preview.
      await card.waitFor({ state: 'visible' });
    });

    await step('Continue: the merge is in my file, and the push review shows what will be sent', async () => {
      await proceed.click();
      await webview.waitFor({ state: 'detached' });
      await workbench.activeTab('Review push: ').waitFor({ state: 'visible' });
      // It opens at its top: what to do, and the campaign by name.
      await workbench.waitForDiff(
        s => joinedLines(s.modified).startsWith(`// Check the body below, then press Push to write “${agreed}” on shopco.`),
        "the review's top to say what to check and what it writes",
      );
      await workbench.waitForDiff(
        s => joinedLines(s.modified).includes(`basic_details.name: "Weekend sneaker deal" → "${agreed}"`),
        'the header to list the name as written',
      );
      // Push and Cancel at its top, though VS Code's diff editor shows no CodeLens by default.
      await workbench
        .diffEditor()
        .locator('.editor.modified .codelens-decoration a', { hasText: 'Push to shopco' })
        .waitFor({ state: 'visible' });
      await workbench.until(async () => readJson(ctx, file).basic_details?.name === agreed, 'the file to hold the merge');
      assert.deepStrictEqual(readJson(ctx, file).basic_details.tags, ['deal', 'weekend']);
      await workbench.waitForProgressToEnd();
    });

    await step("Push: the service holds both people's edits, and so does my file", async () => {
      await workbench.editorAction('Push').click();
      await workbench.waitForNotification(new RegExp(`^Pushed .* of “${agreed}” to shopco\\.$`));
      const remote = (await emulator.stored(id)).components;
      assert.strictEqual(remote.basic_details.name, agreed, 'the name as written');
      assert.deepStrictEqual(remote.basic_details.tags, ['deal', 'weekend'], 'their tag kept');
      assert.match(JSON.stringify(remote.campaign_content), /48 hours only/, 'my title');
      // The file shows the name and their tag at its top.
      await workbench.openFile(file);
      await workbench.goTo(1, 1);
      await workbench.waitForEditorText(new RegExp(`"name": "${agreed}"[\\s\\S]*"weekend"`));
      const mine = readJson(ctx, file);
      for (const k of ['basic_details', 'campaign_content']) {
        assert.deepStrictEqual(mine[k], remote[k], `the file's \`${k}\` is what the service holds`);
        assert.deepStrictEqual(baseSnapshot(ctx, id).campaign[k], remote[k], `the base's \`${k}\` follows`);
      }
    });
  },
};
