import type { Journey } from '../journey';

/**
 * The campaign preview, as a person uses it: opened from the editor title beside the campaign,
 * following an edit and the next campaign opened, a problem's link going to its line, in the
 * light theme and then the dark one.
 */
export const journey: Journey = {
  title: 'preview: a campaign at a glance beside its file, live, in light and dark themes',
  settings: { 'workbench.colorTheme': 'Default Light Modern' },
  async run({ page, workbench, step }) {
    // code-server draws a webview in an iframe holding another: the view's page is the inner one.
    const view = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    const previewTab = (name: string) => page.locator('.tabs-container .tab', { hasText: `Preview ${name}` });
    const editorGroups = page.locator('.part.editor');

    await step(
      'the preview opens beside the campaign from the editor title',
      async () => {
        await workbench.openFile('campaigns/weekly-deals.campaign.json');
        await page
          .locator('.editor-group-container.active .editor-actions')
          .getByRole('button', { name: 'Open Campaign Preview to the Side' })
          .click();
        await previewTab('weekly-deals.campaign.json').waitFor({ state: 'visible' });
        await view.getByRole('heading', { name: 'Weekly deals', level: 1 }).waitFor({ state: 'visible' });
        await view.getByRole('heading', { name: 'Send timeline' }).waitFor({ state: 'visible' });
        await view.getByRole('img', { name: /Upcoming sends on a timeline: the next 10 sends; more follow/ }).waitFor({ state: 'visible' });
        await view.getByRole('cell', { name: 'Clocks go forward on Sun 31 Mar 2030' }).first().waitFor({ state: 'visible' });
      },
      { readme: 'preview', crop: [editorGroups] },
    );

    await step('an edit in the file shows in the preview', async () => {
      // Without the quotes: a quote typed over a selection would surround it.
      await workbench.replaceInEditor('Weekly deals', 'Weekly deals for members');
      await view.getByRole('heading', { name: 'Weekly deals for members', level: 1 }).waitFor({ state: 'visible' });
    });

    await step(
      'the preview follows the campaign opened next, with its problems',
      async () => {
        await workbench.openFile('drafts/black-friday.campaign.json');
        await previewTab('black-friday.campaign.json').waitFor({ state: 'visible' });
        await view.getByRole('heading', { name: 'Black Friday early access', level: 1 }).waitFor({ state: 'visible' });
        await view.locator('ul.problems a').first().waitFor({ state: 'visible' });
      },
      { crop: [editorGroups] },
    );

    await step("a problem's link, followed with the keyboard, puts the cursor on its line", async () => {
      const link = view.locator('ul.problems a').first();
      const where = (await link.textContent()) ?? '';
      const line = /\d+/.exec(where)?.[0];
      await link.focus();
      await page.keyboard.press('Enter');
      await workbench.activeTab('black-friday.campaign.json').waitFor({ state: 'visible' });
      await page.locator('.part.statusbar', { hasText: new RegExp(`Ln ${line},`) }).waitFor({ state: 'visible' });
    });

    await step(
      "in the dark theme, the preview follows the theme's colours",
      async () => {
        await workbench.command('Preferences: Color Theme');
        await workbench.pick('Dark Modern');
        await page.locator('.monaco-workbench.vs-dark').waitFor({ state: 'visible' });
        await view.locator('body.vscode-dark').waitFor({ state: 'attached' });
        await view.getByRole('heading', { name: 'Problems' }).waitFor({ state: 'visible' });
      },
      { readme: 'preview-dark', crop: [editorGroups] },
    );
  },
};
