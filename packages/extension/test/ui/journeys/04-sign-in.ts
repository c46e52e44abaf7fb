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
      await page
        .locator('.part.sidebar .welcome-view-content', { hasText: 'Sign in to browse the campaigns' })
        .waitFor({ state: 'visible' });
      await page.locator('.part.sidebar .welcome-view-content').getByRole('button', { name: 'Sign In' }).waitFor({ state: 'visible' });
    });

    await step('Sign In asks which environment', async () => {
      await workbench.command('Campaign Studio: Sign In');
      await quickInput.locator('.quick-input-title', { hasText: 'Sign in to which environment?' }).waitFor({ state: 'visible' });
      const environments = emulatorOf(ctx).info.environments;
      await workbench.waitForQuickPickRows(
        rs =>
          environments.every(e => rs.some(r => r.includes(e.name) && r.includes(e.workspaceId))) &&
          rs.some(r => /Add an environment/.test(r)),
        'every environment with its workspace, and "Add an environment…", in the list',
      );
    });

    await step('a wrong API key is refused, with what to do', async () => {
      await workbench.pickLabel(env.name);
      await quickInput.locator('.quick-input-title', { hasText: `Sign in to ${env.name}` }).waitFor({ state: 'visible' });
      await workbench.answer('not-the-right-key');
      // The message names the environment and says what to do.
      const toast = await workbench.waitForNotification(/did not accept the API key/);
      await toast.filter({ hasText: new RegExp(`environment \`?${env.name}\`?`) }).waitFor({ state: 'visible' });
      await toast.filter({ hasText: /Sign in again with the workspace's API key/ }).waitFor({ state: 'visible' });
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
      await quickInput.locator('input[type="password"]').waitFor({ state: 'visible' });
      await quickInput
        .locator('.quick-input-message', { hasText: `API key of workspace ${env.workspaceId}` })
        .waitFor({ state: 'visible' });
    });

    await step('connected: the status bar shows the environment, the Campaigns view its campaigns', async () => {
      await page.keyboard.press('Enter');
      await workbench.connectionStatus(`${env.name}: connected`).waitFor({ state: 'visible' });
      await workbench.waitForNotification(`Signed in to ${env.name}.`);
      await workbench.waitForProgressToEnd();
      await page
        .locator('.part.sidebar .composite.title h2', { hasText: new RegExp(`^Campaigns: ${env.name}$`, 'i') })
        .waitFor({ state: 'visible' });
      await workbench.treeItem(/^Status SCHEDULED/).waitFor({ state: 'visible' });
      await workbench.waitForValue(
        () => workbench.connectionStatus().getAttribute('aria-label'),
        l => l === `Campaign Studio environment ${env.name}: connected`,
        "the status bar entry's accessible name to say the environment is connected",
      );
    });
  },
};
