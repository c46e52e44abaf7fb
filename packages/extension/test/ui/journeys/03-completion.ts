import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Journey } from '../journey';

/**
 * Completions and hovers know the campaign: on a filter's `operator` the list offers only the
 * operators of the filter's data type; taking one fixes the mistake. A hover on a property says
 * what it is, its allowed values and the rules that govern it.
 */
export const journey: Journey = {
  title: 'complete a value and hover a property',
  async run({ page, workbench, workspace, step }) {
    const file = 'drafts/black-friday.campaign.json';
    const suggest = page.locator('.editor-widget.suggest-widget.visible');
    const details = page.locator('.suggest-details-container .suggest-details').first();
    const labels = () => suggest.locator('.monaco-list-row .label-name').allTextContents();

    await step('`contains` does not fit a `double` attribute: F3 says so', async () => {
      await workbench.openFile(file);
      await workbench.showProblems();
      await workbench.waitForProblems(rows => rows.some(r => r.includes('F3')), 'F3 in the Problems panel');
    });

    await step(
      'Ctrl+Space on the operator lists the operators of a `double`, each explained',
      async () => {
        // Line 18: `          "operator": "contains",`: the cursor inside the string.
        await workbench.goTo(18, 24);
        await page.keyboard.press('Control+Space');
        await suggest.waitFor({ state: 'visible' });
        const operators = ['in', 'between', 'lessThan', 'greaterThan'];
        const seen = await workbench.waitForValue(
          labels,
          ls => operators.every(op => ls.some(l => l.replace(/"/g, '') === op)),
          `the operators of a double in the list: ${operators.join(', ')}`,
        );
        assert.ok(!seen.some(l => /contains/.test(l)), `\`contains\` is not offered for a double: ${seen.join(' | ')}`);
        // Ctrl+Space again shows the focused item's explanation beside the list: why it is offered.
        await page.keyboard.press('Control+Space');
        await details.waitFor({ state: 'visible' });
        await workbench.waitForValue(
          async () => (await details.textContent()) ?? '',
          t => /Allowed for\s*data_type\s*double/.test(t),
          "the operator's explanation: allowed for data_type double",
        );
      },
      {
        readme: 'completion',
        crop: [
          suggest,
          details,
          workbench.editor().locator('.view-line', { hasText: '"filter_type": "user_attributes"' }),
          workbench.editor().locator('.view-line', { hasText: '"value": 500' }),
        ],
      },
    );

    await step('taking `greaterThan` replaces the value, and F3 is gone', async () => {
      await page.keyboard.type('greaterTh');
      await suggest.locator('.monaco-list-row.focused', { hasText: 'greaterThan' }).waitFor({ state: 'visible' });
      await page.keyboard.press('Enter');
      await suggest.waitFor({ state: 'hidden' });
      await workbench.waitForEditorText(/"operator": "greaterThan",/);
      await workbench.waitForProblems(rows => rows.length > 0 && !rows.some(r => r.includes('F3')), 'F3 gone from the Problems panel');
      await workbench.save();
      assert.match(fs.readFileSync(path.join(workspace, file), 'utf8'), /"operator": "greaterThan",/);
    });

    const hover = page.locator('.monaco-hover:not(.hidden)').first();
    await step(
      'a hover on `delivery_type` says what it is, its values and its rules',
      async () => {
        // Line 25: `    "delivery_type": "AT_FIXED_TIME",`: the cursor on the key.
        await workbench.goTo(25, 8);
        // It lists the delivery types and names the rules that govern it.
        await workbench.hoverAtCursor(/AT_FIXED_TIME[\s\S]*H\d|H\d[\s\S]*AT_FIXED_TIME/);
      },
      { readme: 'hover', crop: [hover, workbench.editor().locator('.view-line', { hasText: '"delivery_type": "AT_FIXED_TIME"' })] },
    );
  },
};
