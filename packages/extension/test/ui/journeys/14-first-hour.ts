import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { Locator } from 'playwright-core';
import type { Journey } from '../journey';
import { joinedLines } from '../workbench';
import { emulatorOf, fetchedFile, type Json, readJson, signIn } from '../remote';

/** The repository: the CLI a user runs is its dist/campaign.js. */
const ROOT = path.resolve(__dirname, '..', '..', '..', '..', '..');
const CAMPAIGN = 'Weekend flash deal';
/** The walkthrough's title ("Get Started with Campaign Studio", or a shorter one that fits its pane). */
const WALKTHROUGH = /Start(ed)? with Campaign Studio/;
const DRAFT = 'drafts/black-friday.campaign.json';
/** Another SCHEDULED campaign of the seed, which a colleague renames. */
const OTHER = 'Summer launch teaser';

/**
 * The first hour of a new user, end to end, in the sandbox as `npm start` makes it (the workspace
 * a copy of examples/ in `.vscode-test/`, which the repository around it ignores): the
 * walkthrough, New Campaign, the example's mistakes and their fixes, sign-in, the Campaigns
 * view, a read-only campaign, fetch, the preview, push, a colleague's conflicting edit resolved
 * in the CLI, and an outage. Each numbered check is a point of the issue that asked for this walk
 * ("(1)" … "(12)"); a point that does not hold is recorded and the walk goes on, so one run names
 * every point still missing, and the journey fails at its end listing them.
 */
export const journey: Journey = {
  title: 'the first hour: sandbox, walkthrough, mistakes, connect, fetch, preview, push, conflict, CLI, outage',
  needs: ['emulator'],
  workspaceIn: 'sandbox',
  settings: { 'campaignStudio.remote.timeoutSeconds': 10 },
  timeoutMs: 900_000,
  // The walk makes more than the service's 100 reads a minute: a read may wait its turn (up to a
  // minute, counted down in a notification) before the state a step waits for comes.
  stepTimeoutMs: 90_000,
  async run(ctx) {
    const { page, workbench, step, workspace } = ctx;
    const emulator = emulatorOf(ctx);
    const env = emulator.environment;
    const missing: string[] = [];
    // The ids, read before the extension signs in: afterwards its reads share the service's rate limit.
    const id = await emulator.campaignId(CAMPAIGN);
    const otherId = await emulator.campaignId(OTHER);

    /**
     * One point of the issue: `check` waits for the state the point asks for. When it does not
     * come, the point is recorded as missing (said in the log) and the walk goes on.
     */
    const point = async (n: number, what: string, check: () => Promise<void>): Promise<void> => {
      try {
        await check();
        ctx.log(`  (${n}) ${what}: yes`);
      } catch (e) {
        const message = (e instanceof Error ? e.message : String(e)).split('\n').slice(0, 6).join('\n      ');
        missing.push(`(${n}) ${what}: ${message}`);
        ctx.log(`  ✘ (${n}) ${what}: ${message}`);
      }
    };

    /** `campaign …` from the workspace folder, with the environment's key where the CLI reads it. */
    const cli = (...args: string[]) => {
      const r = spawnSync(process.execPath, [path.join(ROOT, 'dist', 'campaign.js'), ...args], {
        cwd: workspace,
        encoding: 'utf8',
        timeout: 120_000,
        env: { ...process.env, NODE_OPTIONS: '', [`CAMPAIGN_API_KEY_${env.name.toUpperCase()}`]: env.apiKey },
      });
      const output = `${r.stdout}${r.stderr}`.trim();
      ctx.log(`  $ campaign ${args.join(' ')} → exit ${r.status}\n      ${output.split('\n').join('\n      ')}`);
      return { status: r.status, stdout: r.stdout, output };
    };

    // The walkthrough and its step pages (a webview holding the page's frame).
    // The walkthrough on screen: the editor of another walkthrough (the editor's own) may be open, hidden, in the same group.
    const walkthrough = page.locator('.gettingStartedContainer:visible');
    const stepMedia = page.frameLocator('.gettingStartedContainer:visible iframe').frameLocator('#active-frame');
    const openWalkthrough = async () => {
      await workbench.command('Welcome: Open Walkthrough...');
      await workbench.pick(WALKTHROUGH);
      await walkthrough.locator('h2.category-title', { hasText: WALKTHROUGH }).waitFor({ state: 'visible' });
    };
    /** The steps of the walkthrough by id, and whether each is checked. */
    const walkthroughSteps = () =>
      walkthrough.locator('[data-step-id]').evaluateAll(els =>
        els.map(e => ({
          full: e.getAttribute('data-step-id') ?? '',
          id: (e.getAttribute('data-step-id') ?? '').split('#').pop() ?? '',
          done: e.getAttribute('aria-checked') === 'true',
        })),
      );
    /** Elements whose text is cut off (wider or taller than their box) under `root`, as `tag "text"`. */
    const cutOff = (root: Locator, selector: string) =>
      root
        .locator(selector)
        .evaluateAll(els =>
          els
            .filter(e => e.clientWidth > 0 && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
            .map(
              e =>
                `${e.tagName.toLowerCase()} "${(e.textContent ?? '').trim().slice(0, 60)}" (${e.scrollWidth}×${e.scrollHeight} in ${e.clientWidth}×${e.clientHeight})`,
            ),
        );

    const problemRows = page.locator('.markers-panel .monaco-list-row');
    const errorRows = problemRows.filter({ has: page.locator('.codicon-error') });
    const sidebar = page.locator('.part.sidebar');
    const tree = (name: string | RegExp) => sidebar.getByRole('treeitem', { name });
    const description = (row: Locator) => row.locator('.label-description').first().textContent();
    const webview = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');

    await step('sandbox start: the example workspace is a copy of examples/ that the repository around it ignores', async () => {
      const ignored = spawnSync('git', ['check-ignore', '--quiet', workspace], { cwd: path.dirname(workspace) });
      assert.strictEqual(ignored.status, 0, `git does not ignore ${workspace}: the journey's workspace is not where npm start keeps it`);
      assert.ok(fs.existsSync(path.join(workspace, DRAFT)), `${DRAFT} is missing from the workspace`);
    });

    await step('(4) walkthrough: open at start, its title and every step page fully visible', async () => {
      await point(4, 'the walkthrough is open at start', async () => {
        await walkthrough.locator('h2.category-title', { hasText: WALKTHROUGH }).waitFor({ state: 'visible', timeout: 20_000 });
      });
      if (!(await walkthrough.locator('h2.category-title', { hasText: WALKTHROUGH }).isVisible())) await openWalkthrough();
      await point(4, 'the walkthrough title and step titles are not cut off', async () => {
        const cut = await cutOff(walkthrough, 'h2.category-title, h3.step-title');
        assert.deepStrictEqual(cut, [], `cut off: ${cut.join('; ')}`);
      });
      const steps = await walkthroughSteps();
      const ids = steps.map(s => s.id);
      ctx.log(`  the walkthrough's steps: ${steps.map(s => s.full).join(', ')}`);
      assert.ok(ids.length >= 5, `the walkthrough lists ${ids.length} steps: ${ids.join(', ')}`);
      let shown = '';
      for (const { id, full } of steps) {
        const stepRow = walkthrough.locator(`[data-step-id="${full}"]`);
        await stepRow.locator('h3.step-title').click();
        await workbench.until(async () => (await stepRow.getAttribute('aria-expanded')) === 'true', `the step "${id}" to open`);
        await point(4, `the page of the walkthrough step "${id}" reads without a horizontal cut-off`, async () => {
          const body = stepMedia.locator('body');
          // The step's own page: the media shows another text than the last step's.
          shown = await workbench.waitForValue(
            async () => ((await body.textContent().catch(() => '')) ?? '').trim(),
            t => t !== '' && t !== shown,
            `the page of the step "${id}"`,
          );
          const size = await body.evaluate(b => ({
            scroll: b.ownerDocument.documentElement.scrollWidth,
            client: b.ownerDocument.documentElement.clientWidth,
          }));
          const cut = await cutOff(body, 'table, pre, code, p, h1, h2, h3, li');
          assert.ok(
            size.scroll <= size.client + 1 && cut.length === 0,
            `the page is ${size.scroll} px wide in ${size.client} px; cut off: ${cut.join('; ')}`,
          );
        });
      }
    });

    await step('New Campaign: the skeleton opens with its tab stops', async () => {
      await workbench.command('Create: New File...');
      await workbench.pick('New Campaign…');
      await workbench.pickLabel('Push');
      await workbench.pickLabel('One-time');
      await workbench.activeTab('new-push-one-time.campaign.json').waitFor({ state: 'visible' });
      await workbench.waitForEditorText(/"campaign_delivery_type": "ONE_TIME"/);
      // The first tab stop is selected: the status bar counts the selection.
      await page.locator('.part.statusbar', { hasText: /\(\d+ selected\)/ }).waitFor({ state: 'visible' });
    });

    await step('(1) mistakes: Problems lists the errors of the example draft before it is opened', async () => {
      await workbench.showProblems();
      await workbench.filterProblems('black-friday');
      await point(1, `Problems lists the errors of ${DRAFT} (the workspace is git-ignored by the repository around it)`, async () => {
        await workbench.waitForProblems(
          rows => ['F1', 'F3', 'H5'].every(rule => rows.some(r => r.includes(rule))),
          `the errors F1, F3 and H5 of ${DRAFT} in the Problems panel, the file not open`,
        );
      });
    });

    await step('(6) mistakes: "ANDRIOD" typed in platforms gets "did you mean" and a quick fix', async () => {
      await workbench.openFile(DRAFT);
      await workbench.replaceInEditor('ANDROID', 'ANDRIOD');
      const row = workbench.problem(/ANDRIOD/);
      await row.waitFor({ state: 'visible' });
      await point(6, 'the error on "ANDRIOD" says "did you mean ANDROID"', async () => {
        await workbench.waitForProblems(
          rows => rows.some(r => /ANDRIOD/.test(r) && /did you mean/i.test(r) && /ANDROID/.test(r.replace(/ANDRIOD/g, ''))),
          'an error on ANDRIOD saying "did you mean `ANDROID`"',
        );
      });
      await row.click();
      await point(6, 'the quick-fix menu offers to change it to ANDROID', async () => {
        const offered = await workbench.quickFixes();
        assert.ok(
          offered.some(a => /ANDROID/.test(a) && !/documentation/i.test(a)),
          `no quick fix to ANDROID; offered: ${offered.join(' | ')}`,
        );
      });
    });

    await step('(6) hovering the wrong value shows its error first', async () => {
      await page.keyboard.press('Escape');
      await workbench.problem(/ANDRIOD/).click();
      await point(6, 'the pointer on "ANDRIOD" shows its error in the hover', async () => {
        // As a person does: the pointer rests on the value.
        await workbench.editor().locator('.view-lines .view-line > span > span', { hasText: 'ANDRIOD' }).first().hover();
        const hover = page.locator('.monaco-hover:not(.hidden)').first();
        await workbench.waitForValue(
          async () => ((await hover.isVisible()) ? ((await hover.textContent()) ?? '') : ''),
          t => /ANDRIOD/.test(t) && /did you mean|not allowed/i.test(t),
          "the hover to show the value's error",
        );
      });
    });

    await step('fix: the quick fixes clear every error of the draft', async () => {
      await page.keyboard.press('Escape');
      const fixed: string[] = [];
      const unfixed: string[] = [];
      const asked = new Map<string, number>();
      await point(6, 'quick fixes clear every error, ANDRIOD included', async () => {
        // Each error in turn, the least asked first: its first fix taken, or passed over when it has none.
        for (let round = 0; round < 24; round++) {
          const labels = (await errorRows.allTextContents()).map(l => l.replace(/\s+/g, ' ').trim());
          const open = labels.filter(l => !unfixed.includes(l)).sort((a, b) => (asked.get(a) ?? 0) - (asked.get(b) ?? 0));
          if (open.length === 0) break;
          const label = open[0];
          const before = await workbench.problems();
          await errorRows.nth(labels.indexOf(label)).click();
          const offered = await workbench.quickFixes().catch(() => [] as string[]);
          const fix = offered.find(a => !/documentation/i.test(a));
          if (!fix) {
            // Asked three times: an answer may be for the text before the last fix.
            asked.set(label, (asked.get(label) ?? 0) + 1);
            if (asked.get(label) === 3) unfixed.push(label);
            await page.keyboard.press('Escape');
            continue;
          }
          fixed.push(fix);
          await workbench.chooseAction(fix);
          await workbench.until(
            async () => JSON.stringify(await workbench.problems()) !== JSON.stringify(before),
            `the fix "${fix}" to change the problems`,
          );
        }
        assert.ok(unfixed.length === 0, `no quick fix for: ${unfixed.join(' | ')} (fixed: ${fixed.join(' | ') || 'nothing'})`);
      });
      await workbench.save();
    });

    await step('connect: signed in to the emulator’s environment', async () => {
      await workbench.clearNotifications();
      await signIn(ctx);
    });

    const scheduled = tree(/^Status SCHEDULED/);
    await step('(7) Campaigns view: each group counts its campaigns before it is expanded', async () => {
      await workbench.openActivity('Campaigns');
      await scheduled.waitFor({ state: 'visible' });
      await point(7, 'the collapsed groups show their counts', async () => {
        for (const s of ['DRAFT', 'SCHEDULED', 'ACTIVE']) {
          const group = tree(new RegExp(`^Status ${s}`));
          assert.notStrictEqual(await group.getAttribute('aria-expanded'), 'true', `${s} is expanded already`);
          await workbench.waitForValue(
            () => description(group),
            d => /\d/.test(d ?? ''),
            `the collapsed ${s} group to show its count`,
          );
        }
      });
    });

    await step('(7) a filter: the collapsed groups say how many match', async () => {
      await workbench.viewAction('Filter Campaigns…').click();
      await workbench.pick('Name contains');
      await workbench.answer('flash');
      await sidebar
        .locator('.message', { hasText: /Filtered: name "flash"/ })
        .first()
        .waitFor({ state: 'visible' });
      await point(7, 'a collapsed group hints how many of its campaigns match the filter', async () => {
        await workbench.waitForValue(
          () => description(scheduled),
          d => /\d+ of \d+|match/i.test(d ?? ''),
          'the collapsed SCHEDULED group to say how many match',
        );
      });
    });

    let renamed = '';
    await step('(7) after a reconnect: the expanded group stays open, and shows a colleague’s rename', async () => {
      await workbench.viewAction('Clear Campaign Filters').click();
      await workbench.viewAction('Clear Campaign Filters').waitFor({ state: 'detached' });
      await workbench.expand(scheduled);
      await workbench.waitForTreeItem(tree(new RegExp(`^${OTHER},`)), `${OTHER} listed under SCHEDULED`);
      const basic = (await emulator.stored(otherId)).components.basic_details;
      renamed = `${OTHER} (renamed)`;
      await emulator.editAsColleague(otherId, { basic_details: { ...basic, name: renamed } });
      // The service goes away and comes back: the view says unreachable, then Retry reconnects.
      await emulator.setFaults('drop-rate=1');
      await workbench.viewAction('Refresh Campaigns').click();
      const welcome = sidebar.locator('.welcome-view-content');
      await welcome.filter({ hasText: 'The service is unreachable' }).waitFor({ state: 'visible' });
      await emulator.setFaults('none');
      await workbench.reconnect(welcome, workbench.connectionStatus(`${env.name}: connected`));
      await scheduled.waitFor({ state: 'visible' });
      await point(7, 'the expanded group is still expanded after the reconnect', async () => {
        await workbench.until(async () => (await scheduled.getAttribute('aria-expanded')) === 'true', 'SCHEDULED to be expanded again');
      });
      await point(7, "the colleague's rename shows after the reconnect", async () => {
        await workbench.expand(scheduled);
        await workbench.waitForTreeItem(tree(new RegExp(`^${renamed.replace(/[()]/g, '\\$&')},`)), `"${renamed}" listed`);
      });
    });

    const item = tree(new RegExp(`^${CAMPAIGN}, PUSH SCHEDULED campaign`));
    await step('(8) read-only: typing in a campaign opened from the tree offers "Fetch to edit"', async () => {
      await workbench.expand(scheduled);
      await workbench.waitForTreeItem(item, `${CAMPAIGN} listed under SCHEDULED`);
      // A click opens it. By now the walk has used much of the service's rate limit (100 calls
      // a minute): the read may wait its turn, which the progress notification counts down.
      await workbench.openTreeItem(
        item,
        async () => /"name": "Weekend flash deal"/.test(await workbench.editorText()),
        'the campaign to open read-only from the tree (after any wait for the rate limit)',
        90_000,
      );
      await workbench.editor().locator('.view-lines').click();
      await page.keyboard.type('x');
      await point(8, 'typing says why it is read-only and offers "Fetch to edit"', async () => {
        await page
          .locator('.monaco-editor-overlaymessage, .notifications-toasts .notification-list-item', { hasText: /Fetch to edit/i })
          .first()
          .waitFor({ state: 'visible' });
      });
    });

    let file = '';
    await step('(5) fetch: the fetched file has no problem at all', async () => {
      // The read-only view closes (it is the active editor): the fetched file is what is edited next.
      await page.keyboard.press('Escape');
      await workbench.command('View: Close Editor');
      await page.locator('.tabs-container .tab', { hasText: new RegExp(`^${CAMPAIGN}$`) }).waitFor({ state: 'detached' });
      await workbench.treeItemAction(item, 'Fetch Campaign into Workspace');
      // Like the open above, the fetch may wait its turn for the rate limit (it says so, counting down).
      await workbench.activeTab(`.${id}.campaign.json`).waitFor({ state: 'visible', timeout: 90_000 });
      await workbench.waitForNotification(`Fetched "${CAMPAIGN}"`);
      file = fetchedFile(ctx, id);
      // With its base snapshot read, the file offers to push: the server has checked it.
      await workbench.codeLens(new RegExp(`Push to ${env.name}`)).waitFor({ state: 'visible' });
      await point(5, 'a just-fetched file has zero findings (Problems panel and `campaign lint`)', async () => {
        await workbench.showProblems();
        await workbench.filterProblems(path.basename(file));
        const lint = spawnSync(process.execPath, [path.join(ROOT, 'dist', 'cli.js'), '--fail-severity', 'info', file], {
          cwd: workspace,
          encoding: 'utf8',
        });
        assert.strictEqual(lint.status, 0, `campaign-lint finds:\n${lint.stdout}`);
        await workbench.waitForProblems(rows => rows.length === 0, `no problem listed for ${path.basename(file)}`);
      });
    });

    await step('(11) preview: a one-time campaign has no trigger, and the preview says so', async () => {
      await workbench.activeTab(path.basename(file)).click();
      await page
        .locator('.editor-group-container.active .editor-actions')
        .getByRole('button', { name: 'Open Campaign Preview to the Side' })
        .click();
      await webview.getByRole('heading', { name: CAMPAIGN, level: 1 }).waitFor({ state: 'visible' });
      const trigger = webview.locator('section[aria-labelledby="trigger"]');
      await trigger.waitFor({ state: 'visible' });
      await point(11, 'the Trigger section says a one-time campaign has none (not "Not set in this file")', async () => {
        await workbench.waitForValue(
          async () => (await trigger.textContent()) ?? '',
          t => !/Not set in this file/i.test(t) && /\bno\b|none|one-time/i.test(t),
          'the Trigger section to say the campaign has no trigger',
        );
      });
    });

    const before: Json = readJson(ctx, file);
    await step('(2) push: the review opens in the active group, names the environment and the campaign, Push in words', async () => {
      // The preview seen (it opened beside the file, which kept the focus), back to the file alone.
      const previewTab = page.locator('.tabs-container .tab', { hasText: `Preview ${path.basename(file)}` });
      await previewTab.click();
      await workbench.command('View: Close Editor');
      await previewTab.waitFor({ state: 'detached' });
      await workbench.activeTab(path.basename(file)).waitFor({ state: 'visible' });
      await workbench.replaceInEditor('Sneakers from $39', 'Sneakers from $29', { every: true });
      await workbench.save();
      await workbench.clearNotifications();
      await workbench.command('Campaign Studio: Push Changes to the Service');
      await workbench.activeTab('Review push:').waitFor({ state: 'visible' });
      await workbench.waitForDiffText(t => t.includes('Sneakers from $29'), 'the review of the request, the edit in view');
      // Its top, where the header says what is written where.
      await workbench.diffEditor().locator('.editor.modified .monaco-editor textarea').first().focus();
      await page.keyboard.press('Control+Home');
      const review = joinedLines(
        await workbench.waitForDiffText(t => joinedLines(t).includes(`/v5/campaigns/${id}`), 'the top of the review: the request line'),
      );
      await point(2, 'the review names the environment and the campaign', async () => {
        const tab = (await page.locator('.editor-group-container.active .tab.active').textContent()) ?? '';
        assert.ok(
          new RegExp(env.name).test(review + tab) && new RegExp(CAMPAIGN).test(review + tab),
          `the review and its tab say:\n${tab}\n${review}`,
        );
      });
      await point(2, 'the review opens in the active group, not a narrow extra column', async () => {
        const widths = await page
          .locator('.part.editor .editor-group-container')
          .evaluateAll(gs => gs.map(g => g.getBoundingClientRect().width));
        const own = (await page.locator('.editor-group-container.active').boundingBox())?.width ?? 0;
        assert.ok(
          widths.length <= 2 && own >= 0.45 * widths.reduce((a, b) => a + b, 0),
          `editor groups ${widths.map(Math.round).join(' + ')} px, the review's ${Math.round(own)} px`,
        );
      });
      await point(2, 'the review offers Push in words (a CodeLens or a labelled button)', async () => {
        const lens = page.locator('.editor-group-container.active .codelens-decoration a', { hasText: /Push/ });
        const labelled = page.locator('.editor-group-container.active .editor-actions .action-label', { hasText: /Push/ });
        await lens.or(labelled).first().waitFor({ state: 'visible' });
      });
      await point(2, "the review's header lines are not cut off", async () => {
        const modified = workbench.diffEditor().locator('.editor.modified .monaco-editor').first();
        const box = await modified.boundingBox();
        // The text of each line is a span: a comment line is cut off when it ends past the editor's
        // right edge (less its vertical scroll bar).
        const cut = await modified.locator('.view-lines .view-line > span').evaluateAll(
          (spans, right) =>
            spans
              .map(s => ({ text: (s.textContent ?? '').replace(/\u00a0/g, ' '), right: s.getBoundingClientRect().right }))
              .filter(l => /^\s*\/\//.test(l.text) && l.right > right)
              .map(l => l.text.trim()),
          (box?.x ?? 0) + (box?.width ?? 0) - 14,
        );
        assert.deepStrictEqual(cut, [], 'header lines run past the right edge');
      });
      await workbench.waitForProgressToEnd();
    });

    await step('(9) pushed: the notification names the campaign, the file holds the new version', async () => {
      const lens = page.locator('.editor-group-container.active .codelens-decoration a', { hasText: /^Push/ }).first();
      if (await lens.isVisible()) await lens.click();
      else await workbench.editorAction('Push').click();
      await page.locator('.tabs-container .tab', { hasText: 'Review push:' }).waitFor({ state: 'detached' });
      await workbench.until(
        async () => /\$29/.test(JSON.stringify((await emulator.stored(id)).components.campaign_content)),
        'the service to hold the push',
      );
      await point(9, 'the notification names the campaign by its name', async () => {
        await workbench.waitForNotification(new RegExp(`Pushed[\\s\\S]*${CAMPAIGN}`));
      });
      await point(5, 'the file shows the version and time of the push (version_number, updated_at)', async () => {
        await workbench.until(
          async () => {
            // As the service holds it now (its version moves only where the workspace keeps versions).
            const now = readJson(ctx, file);
            const stored = await emulator.stored(id);
            return (
              now.updated_at !== before.updated_at && (stored.version_number === undefined || now.version_number === stored.version_number)
            );
          },
          'the file on disk to hold the new version_number and updated_at',
          () =>
            `before: ${before.version_number} ${before.updated_at}; now: ${JSON.stringify(readJson(ctx, file).version_number)} ${JSON.stringify(readJson(ctx, file).updated_at)}`,
        );
      });
    });

    await step('(4) the walkthrough has checked each step done: create, problems, connect, fetch, push', async () => {
      await openWalkthrough();
      await point(4, 'the walkthrough checks the steps the user did', async () => {
        let steps: Array<{ id: string; done: boolean }> = [];
        await workbench.until(
          async () => {
            steps = await walkthroughSteps();
            return ['create', 'problems', 'connect', 'fetch', 'push'].every(s => steps.some(x => x.id === s && x.done));
          },
          'create, problems, connect, fetch and push checked',
          () => steps.map(s => `${s.id}: ${s.done ? 'checked' : 'unchecked'}`).join(', '),
        );
      });
      await workbench.command('View: Close Editor');
    });

    const colleague = '12 hours only';
    await step('conflict: a colleague changes the same title; the push reports the conflict', async () => {
      await workbench.activeTab(path.basename(file)).waitFor({ state: 'visible' });
      await workbench.replaceInEditor('24 hours only', '48 hours only', { every: true });
      await workbench.save();
      const content = (await emulator.stored(id)).components.campaign_content;
      await emulator.editAsColleague(id, { campaign_content: JSON.parse(JSON.stringify(content).replace(/24 hours only/g, colleague)) });
      await workbench.clearNotifications();
      await workbench.command('Campaign Studio: Push Changes to the Service');
      await workbench.activeTab('Resolve conflicts:').waitFor({ state: 'visible' });
      await webview.locator('section.conflict').first().waitFor({ state: 'visible' });
    });

    await step('(3) resolve in the CLI: `campaign resolve --theirs`, and the editor shows their title', async () => {
      // Not decided here: the conflict view closes, nothing is sent.
      await workbench.command('View: Close Editor');
      await page.locator('.tabs-container .tab', { hasText: 'Resolve conflicts:' }).waitFor({ state: 'detached' });
      await workbench.waitForProgressToEnd();
      await workbench.activeTab(path.basename(file)).waitFor({ state: 'visible' });
      await point(3, '`campaign push` reports the conflict and names `campaign resolve`', async () => {
        const push = cli('push', file, '--yes');
        assert.notStrictEqual(push.status, 0, 'campaign push exits 0 on a conflict');
        assert.match(push.output, /campaign resolve/, 'the conflict message does not name `campaign resolve`');
      });
      await point(3, '`campaign resolve FILE --theirs` takes their title and exits 0', async () => {
        const resolve = cli('resolve', file, '--theirs');
        assert.strictEqual(resolve.status, 0, 'campaign resolve --theirs failed');
        await workbench.waitForEditorText(new RegExp(colleague));
      });
    });

    await step('(3) then `campaign push` succeeds, and `campaign diff` lists only what changed', async () => {
      await point(3, 'after resolving, `campaign push FILE --yes` succeeds', async () => {
        const push = cli('push', file, '--yes');
        assert.strictEqual(push.status, 0, 'campaign push failed after the conflict was resolved');
        assert.match(JSON.stringify((await emulator.stored(id)).components.campaign_content), new RegExp(colleague));
      });
      await point(11, '`campaign diff` lists only the files that differ', async () => {
        const diff = cli('diff');
        const listed = diff.stdout.split('\n').filter(l => /\.campaign\.json/.test(l));
        assert.ok(
          !listed.some(l => l.includes(path.basename(file))),
          `campaign diff lists the unchanged ${path.basename(file)}:\n${diff.stdout}`,
        );
      });
      await workbench.waitForEditorText(new RegExp(colleague));
    });

    await step('outage: the status bar says the service is unreachable, and a push says what happened and what to do', async () => {
      await emulator.setFaults('drop-rate=1');
      await workbench.openActivity('Campaigns');
      await workbench.viewAction('Refresh Campaigns').click();
      await workbench.connectionStatus(new RegExp(`${env.name}: unreachable`)).waitFor({ state: 'visible' });
      await workbench.activeTab(path.basename(file)).click();
      await workbench.replaceInEditor('Sneakers from $29', 'Sneakers from $25', { every: true });
      await workbench.save();
      await workbench.clearNotifications();
      await workbench.command('Campaign Studio: Push Changes to the Service');
      const toast = await workbench.waitForNotification(/Nothing was sent|could not|unreachable/i);
      await point(9, 'the failed push names the campaign and says what to do', async () => {
        const text = (await toast.textContent()) ?? '';
        assert.match(text, new RegExp(CAMPAIGN), `the message does not name the campaign: ${text}`);
        assert.match(text, /try again|retry|when the service|check/i, `the message does not say what to do: ${text}`);
      });
      await workbench.movePointerAway();
    });

    if (missing.length) throw new Error(`${missing.length} point(s) of the first hour do not hold yet:\n  ${missing.join('\n  ')}`);
  },
};
