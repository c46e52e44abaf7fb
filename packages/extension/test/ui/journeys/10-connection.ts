import type { Journey } from '../journey';
import { emulatorOf, signIn } from '../remote';

/** A campaign of the emulator's seed, opened while the service is rate-limited. */
const CAMPAIGN = 'Weekend flash deal';

/**
 * The connection tells the truth. The service (the emulator) is slowed down, rate-limited, cut
 * off and made to refuse the key on purpose, through its admin call, while the Campaigns view
 * is in use: the status bar and the view say what is happening, each wait says how long and
 * why, Retry brings the listing back, and Sign In Again leads to sign-in. Reads get 5 seconds
 * here (`campaignStudio.remote.timeoutSeconds`), so each failure shows quickly.
 */
export const journey: Journey = {
  title: 'connection states: slow, rate-limited, unreachable, refused key',
  needs: ['emulator'],
  settings: { 'campaignStudio.remote.timeoutSeconds': 5 },
  timeoutMs: 180_000,
  async run(ctx) {
    const { page, workbench, step } = ctx;
    const service = emulatorOf(ctx);
    const env = service.environment;
    const welcome = page.locator('.part.sidebar .welcome-view-content');
    const viewMessage = page.locator('.part.sidebar .tree-explorer-viewlet-tree-view-message, .part.sidebar .message');
    const refresh = async () => {
      await workbench.viewAction('Refresh Campaigns').click();
    };

    await step('connected: the status bar names the environment and says connected', async () => {
      await signIn(ctx);
      await workbench.openActivity('Campaigns');
      await workbench.treeItem(/^Status SCHEDULED/).waitFor({ state: 'visible' });
      await workbench.connectionStatus(`${env.name}: connected`).waitFor({ state: 'visible' });
    });

    await step(
      'slow: the status bar shows the latency seen, the view says so',
      async () => {
        await service.setFaults('latency=3200');
        await refresh();
        await workbench.expand(workbench.treeItem(/^Status SCHEDULED/));
        await workbench.connectionStatus(new RegExp(`${env.name}: slow \\(3\\.\\d s\\)`)).waitFor({ state: 'visible' });
        await viewMessage
          .filter({ hasText: /Slow \(3\.\d s\): The service answers, but slowly/ })
          .first()
          .waitFor({ state: 'visible' });
        await service.setFaults('none');
        await workbench.waitForProgressToEnd();
      },
      { readme: 'connection-slow' },
    );

    await step(
      'rate-limited: a read waits as Retry-After says, and the notification counts down with the reason',
      async () => {
        const id = await service.campaignId(CAMPAIGN);
        await service.setFaults('throttle=1,retry-after=3');
        await workbench.command('Campaign Studio: Open Remote Campaign (Read-Only)');
        await page.locator('.quick-input-widget', { hasText: 'Campaign id' }).waitFor({ state: 'visible' });
        await workbench.answer(id);
        await workbench.waitForNotification(/Waiting [1-3] seconds?: the service asked to slow down \(Retry-After\)/);
        await workbench.connectionStatus(new RegExp(`${env.name}: rate-limited \\([0-9]+ s\\)`)).waitFor({ state: 'visible' });
      },
      { readme: 'connection-rate-limited' },
    );

    await step('the read ends within its budget with one message: when the next call is allowed, and Retry', async () => {
      const toast = await workbench.waitForNotification(/rate limit was reached/);
      await toast.filter({ hasText: /allows the next call in \d+ seconds?/ }).waitFor({ state: 'visible' });
      await toast.getByRole('button', { name: 'Retry' }).waitFor({ state: 'visible' });
      await service.setFaults('none');
      await workbench.connectionStatus(`${env.name}: connected`).waitFor({ state: 'visible' });
      await workbench.clearNotifications();
    });

    await step(
      'unreachable: since when, the last error; the view offers Retry and Show Log',
      async () => {
        await service.setFaults('drop-rate=1');
        await refresh();
        await welcome.filter({ hasText: 'The service is unreachable' }).waitFor({ state: 'visible' });
        await welcome.getByRole('button', { name: 'Retry' }).waitFor({ state: 'visible' });
        await welcome.getByRole('button', { name: 'Show Log' }).waitFor({ state: 'visible' });
        await workbench.connectionStatus(new RegExp(`${env.name}: unreachable since \\d`)).waitFor({ state: 'visible' });
        await workbench.movePointerAway();
      },
      { readme: 'connection-unreachable' },
    );

    await step('Show Log: every try, with its outcome, its request id and when it is retried', async () => {
      await welcome.getByRole('button', { name: 'Show Log' }).click();
      await page
        .locator('.part.panel .view-lines', { hasText: /POST\s\/v5\/campaigns\/search\s→\sNETWORK\sin\s\d+\sms\s\[request/ })
        .first()
        .waitFor({ state: 'visible' });
    });

    await step('Retry, once the service is back: connected, the campaigns listed again', async () => {
      await service.setFaults('none');
      await workbench.reconnect(welcome, workbench.connectionStatus(`${env.name}: connected`));
      await workbench.treeItem(/^Status SCHEDULED/).waitFor({ state: 'visible' });
    });

    await step(
      'credentials rejected: the view and the status bar say so, and lead to Sign In Again',
      async () => {
        await service.setFaults('status=401');
        // Refresh lists every group again, so the service meets the key at once (a group's row would
        // not do: its first page is already read for its count, and opening it asks nothing). The
        // background check may meet the refusal first and take the button away: the click then
        // gives up after a few seconds, and the refusal is on screen either way.
        const rejected = welcome.filter({ hasText: 'The service rejected the API key' });
        const refreshed = workbench
          .viewAction('Refresh Campaigns')
          .click({ timeout: 5_000 })
          .catch(() => undefined);
        await rejected.waitFor({ state: 'visible' });
        await refreshed;
        await welcome.getByRole('button', { name: 'Sign In Again' }).waitFor({ state: 'visible' });
        await workbench.connectionStatus(`${env.name}: credentials rejected`).waitFor({ state: 'visible' });
        await workbench.movePointerAway();
      },
      { readme: 'connection-credentials-rejected' },
    );

    await step('Sign In Again with the key: connected', async () => {
      await service.setFaults('none');
      await welcome.getByRole('button', { name: 'Sign In Again' }).click();
      await workbench.pickLabel(env.name);
      await workbench.answer(env.apiKey);
      await workbench.connectionStatus(`${env.name}: connected`).waitFor({ state: 'visible' });
      await workbench.treeItem(/^Status SCHEDULED/).waitFor({ state: 'visible' });
    });
  },
};
