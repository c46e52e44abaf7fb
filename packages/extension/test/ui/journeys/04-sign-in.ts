import * as assert from 'assert';
import type { Journey } from '../journey';
import { emulatorOf } from '../remote';

/**
 * Sign in to the service (the emulator): Command Palette → Campaign Studio: Sign In, the
 * environment, the API key. A wrong key is refused with a message saying what to do; the right
 * one connects, and the status bar and the Campaigns view show the environment.
 */
export const journey: Journey = {
  title: 'sign in to the emulator',
  needs: ['emulator'],
  async run(ctx) {
    const { page, workbench, step } = ctx;
    const env = emulatorOf(ctx).environment;
    const quickInput = page.locator('.quick-input-widget');

    await step('signed out: the status bar says so, the Campaigns view offers to sign in', async () => {
      await workbench.connectionStatus(`${env.name}: signed out`).waitFor({ state: 'visible' });
      await workbench.openActivity('Campaigns');
      await page.locator('.part.sidebar .welcome-view-content', { hasText: 'Sign in to browse the campaigns' }).waitFor({ state: 'visible' });
      await page.locator('.part.sidebar .welcome-view-content').getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' });
    });

    await step('Sign In asks which environment', async () => {
      await workbench.command('Campaign Studio: Sign In');
      await quickInput.locator('.quick-input-title', { hasText: 'Sign in to which environment?' }).waitFor({ state: 'visible' });
      const environments = emulatorOf(ctx).info.environments;
      const rows = await workbench.waitForQuickPickRows(rs => environments.every(e => rs.some(r => r.includes(e.name))) && rs.some(r => /Add an environment/.test(r)), 'every environment and "Add an environment…" in the list');
      for (const e of environments) {
        assert.ok(rows.some(r => r.includes(e.name) && r.includes(e.workspaceId)), `environment ${e.name} is not offered: ${rows.join(' | ')}`);
      }
      assert.ok(rows.some(r => /Add an environment/.test(r)), `no "Add an environment…" item: ${rows.join(' | ')}`);
    });

    await step('a wrong API key is refused, with what to do', async () => {
      await workbench.pickLabel(env.name);
      await quickInput.locator('.quick-input-title', { hasText: `Sign in to ${env.name}` }).waitFor({ state: 'visible' });
      await workbench.answer('not-the-right-key');
      const toast = await workbench.waitForNotification(/did not accept the API key/);
      const text = (await toast.textContent()) ?? '';
      assert.match(text, new RegExp(`environment \`?${env.name}\`?`), `the message should name the environment: ${text}`);
      assert.match(text, /Sign in again with the workspace's API key/, `the message should say what to do: ${text}`);
      await toast.getByRole('button', { name: 'Retry' }).waitFor({ state: 'visible' });
      await workbench.connectionStatus(`${env.name}: signed out`).waitFor({ state: 'visible' });
      await workbench.waitForProgressToEnd();
    });

    await step('Retry asks for the key once more; it is hidden as it is typed', async () => {
      const toast = await workbench.waitForNotification(/did not accept the API key/);
      await toast.getByRole('button', { name: 'Retry' }).click();
      const input = quickInput.locator('input');
      await quickInput.locator('.quick-input-title', { hasText: `Sign in to ${env.name}` }).waitFor({ state: 'visible' });
      await input.fill(env.apiKey);
      assert.strictEqual(await input.getAttribute('type'), 'password', 'the API key input should hide what is typed');
      await quickInput.locator('.quick-input-message', { hasText: `API key of workspace ${env.workspaceId}` }).waitFor({ state: 'visible' });
    });

    await step('connected: the status bar shows the environment, the Campaigns view its campaigns', async () => {
      await page.keyboard.press('Enter');
      await workbench.connectionStatus(`${env.name}: connected`).waitFor({ state: 'visible' });
      await workbench.waitForNotification(`Signed in to ${env.name}.`);
      await workbench.waitForProgressToEnd();
      await page.locator('.part.sidebar .composite.title h2', { hasText: new RegExp(`^Campaigns: ${env.name}$`, 'i') }).waitFor({ state: 'visible' });
      await workbench.treeItem(/^Status SCHEDULED/).waitFor({ state: 'visible' });
      const label = await workbench.connectionStatus().getAttribute('aria-label');
      assert.strictEqual(label, `Campaign Studio environment ${env.name}: connected`);
    });
  },
};
