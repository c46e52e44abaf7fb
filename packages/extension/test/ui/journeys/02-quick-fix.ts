import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Journey } from '../journey';

/** Put the cursor on a mistake, press Ctrl+. and take the fix: the text changes and the problem goes away. */
export const journey: Journey = {
  title: 'apply a quick fix',
  async run({ page, workbench, workspace, step }) {
    const line = (text: string) => workbench.editor().locator('.view-line', { hasText: text }).first();
    const file = 'drafts/black-friday.campaign.json';
    await step('the mistake `AND` is underlined and listed', async () => {
      await workbench.openFile(file);
      await workbench.showProblems();
      await workbench.waitForProblems(rows => rows.some(r => r.includes('F1')), 'F1 in the Problems panel');
      await workbench.problem(/`AND` is not allowed for `filter_operator`/).click();
    });

    let offered: string[] = [];
    await step(
      'Ctrl+. offers the fix',
      async () => {
        offered = await workbench.quickFixes();
        assert.ok(
          offered.some(a => /\band\b/.test(a)),
          `no quick fix mentioning \`and\`; offered: ${offered.join(' | ')}`,
        );
      },
      { readme: 'quick-fix', crop: [page.locator('.action-widget'), line('"segmentation_details"'), line('"operator": "contains"')] },
    );

    await step(
      'the fix is applied and the problem is gone',
      async () => {
        await workbench.chooseAction(offered.find(a => /\band\b/.test(a))!);
        await workbench.waitForEditorText(/"filter_operator": "and"/);
        await workbench.waitForProblems(rows => rows.length > 0 && !rows.some(r => r.includes('F1')), 'F1 gone from the Problems panel');
        await workbench.save();
        const text = fs.readFileSync(path.join(workspace, file), 'utf8');
        assert.match(text, /"filter_operator": "and"/, 'the saved file holds the fix');
      },
      { readme: 'quick-fix-applied', crop: [line('"segmentation_details"'), page.locator('.markers-panel .monaco-list-row').last()] },
    );
  },
};
