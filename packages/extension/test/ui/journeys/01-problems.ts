import * as assert from 'assert';
import type { Journey } from '../journey';

/** Open a campaign with mistakes: each shows where it is, and the Problems panel lists them with their rules. */
export const journey: Journey = {
  title: 'open a campaign with mistakes and see them in the Problems panel',
  async run({ page, workbench, step }) {
    const line = (text: string) => workbench.editor().locator('.view-line', { hasText: text }).first();
    await step('the example workspace is open', async () => {
      await workbench.treeItem(/^drafts/).click();
      await workbench.treeItem(/black-friday\.campaign\.json/).waitFor({ state: 'visible' });
    });

    await step(
      'a campaign with mistakes opens with each mistake underlined',
      async () => {
        await workbench.openFile('drafts/black-friday.campaign.json');
        await workbench.squiggles('error').first().waitFor({ state: 'visible' });
        await workbench.squiggles('warning').first().waitFor({ state: 'visible' });
      },
      { readme: 'diagnostics', crop: [page.locator('.editor-group-container.active .tabs-container'), line('"utm_medium"')] },
    );

    await step(
      'the Problems panel lists every mistake with its rule',
      async () => {
        await workbench.showProblems();
        const rows = await workbench.waitForProblems(
          rows => ['F1', 'F3', 'H2', 'H3', 'H5', 'D7'].every(rule => rows.some(r => r.includes(rule))),
          'rules F1, F3, H2, H3, H5 and D7 in the Problems panel',
        );
        assert.ok(
          rows.some(r => /`AND` is not allowed for `filter_operator`/.test(r)),
          `F1's message is missing:\n${rows.join('\n')}`,
        );
        assert.ok(
          rows.some(r => /did you mean `utm_params`/.test(r)),
          `D7's suggestion is missing:\n${rows.join('\n')}`,
        );
      },
      { readme: 'problems-panel', crop: [line('"filter_operator"'), page.locator('.markers-panel .monaco-list-row').last()] },
    );

    await step(
      'hovering a mistake explains it',
      async () => {
        await workbench.problem(/`schedule_time` is the name a fetched campaign uses/).click();
        // The hover explains the mistake: use start_time.
        await workbench.hoverAtCursor(/start_time/);
      },
      { readme: 'hover-mistake', crop: [page.locator('.monaco-hover:not(.hidden)').first(), line('"schedule_time"')] },
    );
  },
};
