import * as assert from 'assert';
import type { Journey } from '../journey';
import { baseSnapshot, emulatorOf, fetchById, readJson, signIn } from '../remote';

/**
 * Meet a conflict: between the fetch and the push a colleague changes the same campaign (through
 * the emulator's admin endpoint, as another client would). The push merges per component: the
 * colleague's change to a component left alone is kept, and for the component both changed it
 * shows theirs and mine side by side and asks. Whatever is chosen, nothing else is lost.
 */
export const journey: Journey = {
  title: 'meet a conflict when pushing',
  needs: ['emulator'],
  async run(ctx) {
    const { page, workbench, step } = ctx;
    const emulator = emulatorOf(ctx);
    const id = await emulator.campaignId('Weekend flash deal');
    const colleague = 'colleague@shopco.example';
    const quickInput = page.locator('.quick-input-widget');
    let file = '';
    const side = (which: 'original' | 'modified', text: string) => workbench.diffEditor().locator(`.editor.${which} .view-line`, { hasText: text });

    await step('signed in, the campaign fetched', async () => {
      await signIn(ctx);
      file = await fetchById(ctx, id);
    });

    await step('my edits, saved: the push title says 48 hours, the throttle 30000 a minute', async () => {
      await workbench.replaceInEditor('24 hours only', '48 hours only', { every: true });
      await workbench.replaceInEditor('60000', '30000');
      await workbench.save();
      const mine = readJson(ctx, file);
      assert.strictEqual(mine.delivery_controls.campaign_throttle_rpm, 30000);
      assert.match(JSON.stringify(mine.campaign_content), /48 hours only/);
    });

    await step('meanwhile a colleague changes the same campaign: its push message, and its tags', async () => {
      const stored = await emulator.stored(id);
      const content = JSON.parse(JSON.stringify(stored.components.campaign_content).replace(/Sneakers from \$39/g, 'Sneakers from $35'));
      const basic = { ...stored.components.basic_details, tags: [...stored.components.basic_details.tags, 'weekend'] };
      await emulator.editAsColleague(id, { campaign_content: content, basic_details: basic }, colleague);
      const after = await emulator.stored(id);
      assert.strictEqual(after.updated_by, colleague);
      assert.deepStrictEqual(after.components.basic_details.tags, ['deal', 'weekend']);
    });

    await step('Push: both changed `campaign_content`: theirs and mine side by side, and a choice', async () => {
      await workbench.clearNotifications();
      await workbench.command('Campaign Studio: Push Changes to the Service');
      await quickInput.locator('.quick-input-title', { hasText: `Conflict 1 of 1: \`campaign_content\` changed on the service (by ${colleague}` }).waitFor({ state: 'visible' });
      const rows = await workbench.waitForQuickPickRows(rs => rs.length >= 3, 'the three choices of the conflict');
      assert.ok(rows.some(r => /Keep mine.*Your `campaign_content` is sent and overwrites the change made by colleague@shopco\.example/.test(r)), rows.join(' | '));
      assert.ok(rows.some(r => /Take theirs.*replaced in the file by the service's version; it is not sent/.test(r)), rows.join(' | '));
      assert.ok(rows.some(r => /Cancel the push.*Nothing is sent and nothing changes/.test(r)), rows.join(' | '));
      await workbench.activeTab('campaign_content: theirs (service) ↔ yours (file)').waitFor({ state: 'visible' });
      await workbench.waitForDiff(s => /Sneakers from \$35/.test(s.original) && /24 hours only/.test(s.original)
        && /Sneakers from \$39/.test(s.modified) && /48 hours only/.test(s.modified), 'their message and title on the left, mine on the right');
      await workbench.waitForProgressToEnd();
    }, { readme: 'conflict', crop: [quickInput, side('original', 'Sneakers from $35').first(), side('modified', '48 hours only').last()] });

    const dialog = page.locator('.monaco-dialog-box');
    await step('Keep mine: the confirmation sends my two components, and says my file takes their tags', async () => {
      await workbench.pickLabel('Keep mine');
      await workbench.waitForDialog('Push 2 components to shopco?');
      const text = ((await dialog.textContent()) ?? '').replace(/\s+/g, ' ');
      assert.match(text, /Sends `campaign_content` and `delivery_controls` whole/, text);
      assert.match(text, /Afterwards your file takes `basic_details` from the service\./, text);
      assert.match(text, new RegExp(`The campaign changed on the service by ${colleague.replace('.', '\\.')} since you fetched it\\. Changed only there, \`basic_details\` is kept and will be merged into your file\\. Changed only by you: \`delivery_controls\`\\. Changed on both sides: \`campaign_content\` \\(keeping yours\\)\\.`), text);
      await workbench.waitForProgressToEnd();
    });

    await step('pushed: my title and throttle are on the service, their tags kept, and my file has their tags', async () => {
      await workbench.dialogButton(/^Push$/);
      const toast = await workbench.waitForNotification(`to campaign ${id} on shopco.`);
      const said = (await toast.textContent()) ?? '';
      assert.match(said, /Pushed `campaign_content` and `delivery_controls`/, said);
      assert.match(said, /took `basic_details` from the service/, said);
      const remote = (await emulator.stored(id)).components;
      assert.match(JSON.stringify(remote.campaign_content), /48 hours only/, 'my title is on the service');
      assert.match(JSON.stringify(remote.campaign_content), /Sneakers from \$39/, 'mine replaced their message, as chosen');
      assert.strictEqual(remote.delivery_controls.campaign_throttle_rpm, 30000, 'my throttle is on the service');
      assert.deepStrictEqual(remote.basic_details.tags, ['deal', 'weekend'], 'their tags were not overwritten');
      await workbench.until(async () => JSON.stringify(readJson(ctx, file).basic_details?.tags) === '["deal","weekend"]', 'the file to take their tags');
      const mine = readJson(ctx, file);
      assert.match(JSON.stringify(mine.campaign_content), /48 hours only/);
      assert.strictEqual(mine.delivery_controls.campaign_throttle_rpm, 30000);
      const base = baseSnapshot(ctx, id).campaign;
      for (const k of ['basic_details', 'campaign_content', 'delivery_controls']) assert.deepStrictEqual(base[k], mine[k], `the base's \`${k}\` is what the file and the service now hold`);
    });
  },
};
