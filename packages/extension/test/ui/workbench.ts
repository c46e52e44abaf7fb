import type { Locator, Page } from 'playwright-core';

/** How long a click on a tree row may show nothing before `openTreeItem` clicks again. */
const REPEAT_CLICK_MS = 15_000;

/**
 * A review's header as one text, whatever the column's width: the lines the editor wrapped (a
 * view line after a break, indented, without a comment mark; a break at a space keeps the space)
 * and the header's comment lines are joined.
 */
export function joinedLines(text: string): string {
  return text.replace(/\n *(\/\/ *)?/g, (_, mark?: string) => (mark ? ' ' : ''));
}

/**
 * What a person does in the VS Code workbench, as Playwright calls against code-server's page.
 * Every method ends by waiting for the state it produces (a selector, a text), never for a time.
 */
export class Workbench {
  constructor(
    readonly page: Page,
    readonly timeoutMs = 30_000,
  ) {}

  /** The workbench is up, the folder is open and the extension host is running. */
  async ready(): Promise<void> {
    await this.page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    await this.page.locator('.part.statusbar').waitFor({ state: 'visible', timeout: 60_000 });
    await this.page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ state: 'visible', timeout: 60_000 });
  }

  /**
   * The extension is active: its connection entry is in the status bar (it appears when the
   * extension activates, which a workspace with campaign files does at start-up).
   */
  async extensionActive(): Promise<void> {
    await this.page
      .locator('.part.statusbar [id$="campaignStudio.connection"]')
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 })
      .catch(() => {
        throw new Error('the Campaign Studio status bar entry never appeared: the extension did not activate');
      });
    await this.page.locator('.part.statusbar', { hasText: 'Activating Extensions' }).waitFor({ state: 'detached', timeout: 60_000 });
  }

  /** Runs a command from the palette (F1), by the title a person would type. */
  async command(title: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    const row = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: title }).first();
    await this.typeInQuickInput('F1', `>${title}`, () => row.isVisible());
    await row.click();
    // The palette is gone: the widget closed, or it now asks the command's own question.
    const widget = this.page.locator('.quick-input-widget');
    await this.until(
      async () => !(await widget.isVisible()) || !(await input.inputValue().catch(() => '')).startsWith('>'),
      `the Command Palette to close after "${title}"`,
    );
  }

  /**
   * Opens the quick input with its key, pressed with the focus on the status bar (in the
   * workbench, outside any webview: a webview keeps keys in its own frame), and types `text` into
   * it, until `shown` holds. A webview still loading (a walkthrough step's page) can take the
   * focus at any moment, as it would from a person: before the press, and the key is not heard;
   * or after it, and the quick input closes as it loses the focus. Either way the person presses
   * the key and types again, and so does this, said in the log. Three tries are the limit.
   */
  private async typeInQuickInput(key: string, text: string, shown: () => Promise<boolean>): Promise<void> {
    const widget = this.page.locator('.quick-input-widget');
    const input = widget.locator('input');
    let lost = '';
    for (const attempt of [1, 2, 3]) {
      if (lost) console.log(`[ui]   ${lost} (a webview took the focus); pressing ${key} again`);
      await this.focusStatusBar();
      await this.page.keyboard.press(key);
      const opened = await widget.waitFor({ state: 'visible', timeout: attempt < 3 ? 5_000 : this.timeoutMs }).then(
        () => true,
        () => false,
      );
      lost = `${key} was not heard`;
      if (!opened) continue;
      // Filling waits for the input to be visible: a quick input closed before it is not reopened by waiting.
      const typed = await input.fill(text, { timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (typed)
        await this.until(async () => (await shown()) || !(await widget.isVisible()), `"${text}" typed in the quick input to be answered`);
      if (typed && (await shown())) return;
      lost = `the quick input closed before "${text}" was answered`;
    }
    throw new Error(`${lost}, three times (the Command Palette, Quick Open or Go to Line)`);
  }

  /** Focuses a status bar entry: focusing it does nothing else, where focusing an editor would let a webview take the focus back. */
  private async focusStatusBar(): Promise<void> {
    const entry = this.page.locator('.part.statusbar .statusbar-item-label').first();
    const focused = this.page.locator('.part.statusbar .statusbar-item-label:focus');
    await this.until(async () => {
      await entry.focus().catch(() => undefined);
      return (await focused.count()) > 0;
    }, 'the focus on the status bar, outside any webview');
  }

  /** Chooses an item of the quick pick on screen (a command's question, an environment, …). */
  async pick(item: string | RegExp): Promise<void> {
    const row = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: item }).first();
    await row.waitFor({ state: 'visible', timeout: this.timeoutMs });
    await row.click();
  }

  /** Chooses the item of the quick pick on screen whose label is exactly `label` (its icon aside). */
  async pickLabel(label: string): Promise<void> {
    const exact = new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
    const row = this.page
      .locator('.quick-input-widget .quick-input-list .monaco-list-row', { has: this.page.locator('.label-name', { hasText: exact }) })
      .first();
    await row.waitFor({ state: 'visible', timeout: this.timeoutMs });
    await row.click();
  }

  /** Types an answer into the input box on screen (an API key, a campaign id, …) and presses Enter. */
  async answer(text: string): Promise<void> {
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: this.timeoutMs });
    await input.fill(text);
    await input.press('Enter');
  }

  /** Presses a button of the modal dialog on screen (a confirmation) and waits for it to close. */
  async dialogButton(label: string | RegExp): Promise<void> {
    const dialog = this.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ state: 'visible', timeout: this.timeoutMs });
    await dialog.getByRole('button', { name: label }).click();
    await dialog.waitFor({ state: 'hidden', timeout: this.timeoutMs });
  }

  /** Opens a workspace file through Quick Open (Ctrl+P), as a person types its path. */
  async openFile(relativePath: string): Promise<void> {
    const name = relativePath.split('/').pop()!;
    const row = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: name }).first();
    await this.typeInQuickInput('Control+P', relativePath, () => row.isVisible());
    await this.page.keyboard.press('Enter');
    await this.activeTab(name).waitFor({ state: 'visible', timeout: this.timeoutMs });
    await this.editor().waitFor({ state: 'visible', timeout: this.timeoutMs });
  }

  /** The active tab of the focused editor group: another group's active tab can hold the same name (a preview beside its file). */
  activeTab(name: string): Locator {
    return this.page.locator('.editor-group-container.active .tabs-container .tab.active', { hasText: name });
  }

  /** The editor that has focus (or the only one). */
  editor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-editor').first();
  }

  /** The visible text of the active editor (Monaco renders spaces as no-break spaces). */
  async editorText(): Promise<string> {
    return this.visibleText(this.editor());
  }

  /** The visible lines of one Monaco editor, in order. */
  private async visibleText(editor: Locator): Promise<string> {
    const lines = await editor.locator('.view-lines .view-line').evaluateAll(els =>
      els
        // Lines drawn in view zones (an inline diff's deleted lines) are not the document's.
        .filter(e => !(e as unknown as { closest(s: string): unknown }).closest('.view-zones'))
        .map(e => ({ top: parseFloat((e as unknown as { style: { top: string } }).style.top) || 0, text: e.textContent ?? '' }))
        .sort((a, b) => a.top - b.top)
        .map(l => l.text),
    );
    return lines.join('\n').replace(/\u00a0/g, ' ');
  }

  /** Waits until the active editor's visible text matches. */
  async waitForEditorText(pattern: RegExp): Promise<void> {
    await this.until(async () => pattern.test(await this.editorText()), `the editor to show ${pattern}`);
  }

  /** Squiggles in the active editor: `error`, `warning`, `info`. */
  squiggles(kind: 'error' | 'warning' | 'info'): Locator {
    return this.editor().locator(`.squiggly-${kind}`);
  }

  /** Moves the cursor to a 1-based line and column (Go to Line, Ctrl+G). */
  async goTo(line: number, column: number): Promise<void> {
    await this.editor().locator('.view-lines').click();
    const input = this.page.locator('.quick-input-widget input');
    const text = `:${line}:${column}`;
    await this.typeInQuickInput('Control+G', text, async () => (await input.isVisible()) && (await input.inputValue()) === text);
    await this.page.keyboard.press('Enter');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: this.timeoutMs });
    await this.page
      .locator('.editor-status-selection, [id="status.editor.selection"]', { hasText: `Ln ${line}, Col ${column}` })
      .first()
      .waitFor({ state: 'visible', timeout: this.timeoutMs });
  }

  /** Opens the Problems panel (Ctrl+Shift+M) and waits for it. */
  async showProblems(): Promise<void> {
    const panel = this.page.locator('.markers-panel');
    if (!(await panel.isVisible())) await this.command('Problems: Focus on Problems View');
    await panel.waitFor({ state: 'visible', timeout: this.timeoutMs });
  }

  /**
   * Shows only the problems of files whose path contains `text` (the panel's filter box): the
   * panel also lists the workspace's files that are not open.
   */
  async filterProblems(text: string): Promise<void> {
    const filter = this.page.locator('.markers-panel-action-filter input, .viewpane-filter input').first();
    await filter.fill(text);
    await this.until(
      async () => (await this.problems()).every(r => !/\.campaign\.json|\.search\.json/.test(r) || r.includes(text)),
      `the Problems panel to show only ${text}`,
    );
  }

  /** The rows of the Problems panel as shown: message, source, rule id, position. */
  async problems(): Promise<string[]> {
    return this.page
      .locator('.markers-panel .monaco-list-row')
      .evaluateAll(rows => rows.map(r => (r.textContent ?? '').replace(/\s+/g, ' ').trim()));
  }

  /** Waits until the Problems panel rows satisfy `predicate`, and returns them. */
  async waitForProblems(predicate: (rows: string[]) => boolean, what: string): Promise<string[]> {
    let rows: string[] = [];
    await this.until(
      async () => predicate((rows = await this.problems())),
      what,
      () => `Problems panel:\n  ${rows.join('\n  ') || '(empty)'}`,
    );
    return rows;
  }

  /** The rows of the open quick pick, once they satisfy `predicate` (they are drawn after its title). */
  async waitForQuickPickRows(predicate: (rows: string[]) => boolean, what: string): Promise<string[]> {
    let rows: string[] = [];
    const list = this.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    await this.until(
      async () => predicate((rows = (await list.allTextContents()).map(r => r.replace(/\s+/g, ' ')))),
      what,
      () => `quick pick rows:\n  ${rows.join('\n  ') || '(none)'}`,
    );
    return rows;
  }

  /** A row of the Problems panel. */
  problem(text: string | RegExp): Locator {
    return this.page.locator('.markers-panel .monaco-list-row', { hasText: text }).first();
  }

  /** Opens the quick-fix menu at the cursor (Ctrl+.) and returns the actions it lists. */
  async quickFixes(): Promise<string[]> {
    await this.editor().locator('textarea').first().focus();
    await this.page.keyboard.press('Control+.');
    const widget = this.page.locator('.action-widget');
    const none = this.editor().locator('.monaco-editor-overlaymessage', { hasText: /No code actions|No quick fixes/ });
    await widget.or(none).first().waitFor({ state: 'visible', timeout: this.timeoutMs });
    if (await none.isVisible()) throw new Error(`Ctrl+. offers nothing here: "${(await none.textContent())?.trim()}"`);
    const rows = widget.locator('.monaco-list-row.action');
    await rows.first().waitFor({ state: 'visible', timeout: this.timeoutMs });
    return rows.evaluateAll(els => els.map(e => (e.textContent ?? '').trim()));
  }

  /**
   * Chooses an action of the open quick-fix menu with the keyboard, as a person does after Ctrl+.
   * (the menu's pointer guard swallows synthetic clicks): arrow keys to the action, then Enter.
   */
  async chooseAction(text: string | RegExp): Promise<void> {
    const widget = this.page.locator('.action-widget');
    const matches = (label: string) => (typeof text === 'string' ? label.includes(text) : text.test(label));
    const count = await widget.locator('.monaco-list-row.action').count();
    const seen: string[] = [];
    for (let i = 0; i < count; i++) {
      const focused = widget.locator('.monaco-list-row.action.focused').first();
      await focused.waitFor({ state: 'visible', timeout: this.timeoutMs });
      const label = ((await focused.getAttribute('aria-label')) || (await focused.textContent()) || '').trim();
      if (matches(label)) {
        await this.page.keyboard.press('Enter');
        await widget.waitFor({ state: 'hidden', timeout: this.timeoutMs });
        return;
      }
      seen.push(label);
      if (i === count - 1) break;
      // The list's rows are numbered (`data-index`): the focus has moved on when another row holds it.
      const index = await focused.getAttribute('data-index');
      await this.page.keyboard.press('ArrowDown');
      await widget
        .locator(`.monaco-list-row.action.focused:not([data-index="${index}"])`)
        .first()
        .waitFor({ state: 'visible', timeout: this.timeoutMs });
    }
    throw new Error(`no action ${text} in the quick-fix menu; it lists: ${seen.join(' | ')}`);
  }

  /**
   * Shows the hover at the cursor (as Ctrl+K Ctrl+I does) and returns its text once it shows
   * `content` (the hover opens saying "Loading…" while the server answers).
   */
  async hoverAtCursor(content: RegExp): Promise<string> {
    await this.command('Show or Focus Hover');
    const hover = this.page.locator('.monaco-hover:not(.hidden)').first();
    await hover.waitFor({ state: 'visible', timeout: this.timeoutMs });
    return this.waitForValue(
      async () => (await hover.textContent()) ?? '',
      text => content.test(text),
      `the hover to show ${content}`,
    );
  }

  /** Saves the active editor (Ctrl+S) and waits until its tab is no longer dirty. */
  async save(): Promise<void> {
    await this.editor().locator('textarea').first().focus();
    await this.page.keyboard.press('Control+S');
    await this.page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached', timeout: this.timeoutMs });
  }

  /** Notification toasts on screen, as text. */
  async notifications(): Promise<string[]> {
    return this.page.locator('.notifications-toasts .notification-list-item-message').allTextContents();
  }

  /**
   * Reconnects once the service is back: Retry in the view's message `welcome`, unless the
   * connection's own check has found the service back first (the button then goes).
   */
  async reconnect(welcome: Locator, connected: Locator): Promise<void> {
    await this.until(async () => {
      if (await connected.isVisible()) return true;
      await welcome
        .getByRole('button', { name: 'Retry' })
        .click({ timeout: 1_000 })
        .catch(() => undefined);
      return connected.isVisible();
    }, 'the view to reconnect, by Retry or by itself');
  }

  /** A tree item (Explorer, Campaigns view, …) by its accessible name. */
  treeItem(name: string | RegExp): Locator {
    return this.page.getByRole('treeitem', { name });
  }

  /** Waits until a notification toast saying `text` is on screen, and returns it. */
  async waitForNotification(text: string | RegExp): Promise<Locator> {
    const toast = this.page.locator('.notifications-toasts .notification-list-item', { hasText: text }).first();
    let seen: string[] = [];
    await this.until(
      async () => (await toast.isVisible()) || ((seen = await this.notifications()), false),
      `a notification saying ${text}`,
      () => `notifications on screen:\n  ${seen.join('\n  ') || '(none)'}`,
    );
    return toast;
  }

  /** Closes every notification toast (Notifications: Clear All Notifications), so the next screen shows only what is new. */
  async clearNotifications(): Promise<void> {
    if ((await this.page.locator('.notifications-toasts .notification-list-item').count()) === 0) return;
    await this.command('Notifications: Clear All Notifications');
    await this.page
      .locator('.notifications-toasts .notification-list-item')
      .first()
      .waitFor({ state: 'detached', timeout: this.timeoutMs });
  }

  /**
   * Waits until no progress notification ("Signing in…", "Fetching…") is on screen. (The workbench
   * keeps one on screen a moment after its task ended, and shows at most three new toasts in
   * 800 ms: a journey that waits for this acts no faster than a person, whose next notification
   * is then shown too.)
   */
  async waitForProgressToEnd(): Promise<void> {
    await this.progressNotifications().first().waitFor({ state: 'detached', timeout: this.timeoutMs });
  }

  /** The progress bars of the notifications on screen (one per task still running). */
  progressNotifications(): Locator {
    return this.page.locator('.notifications-toasts .monaco-progress-container.active');
  }

  /** The extension's status bar entry (environment and connection state), holding `text` when given. */
  connectionStatus(text?: string | RegExp): Locator {
    return this.page.locator('.part.statusbar [id$="campaignStudio.connection"]', text ? { hasText: text } : {}).first();
  }

  /**
   * Shows a view container of the activity bar by its title ("Explorer", "Campaigns"), as a click
   * on its icon does (a click on the icon of the container already shown would hide it).
   */
  async openActivity(title: string): Promise<void> {
    const tab = this.page
      .locator('.part.activitybar li.action-item[role="tab"]', { has: this.page.locator(`a.action-label[aria-label^="${title}"]`) })
      .first();
    await tab.waitFor({ state: 'visible', timeout: this.timeoutMs });
    if ((await tab.getAttribute('aria-selected')) !== 'true' || !(await this.page.locator('.part.sidebar').isVisible())) await tab.click();
    await this.page
      .locator('.part.sidebar .composite.title h2', { hasText: new RegExp(`^${title}`, 'i') })
      .first()
      .waitFor({ state: 'visible', timeout: this.timeoutMs });
  }

  /** A button of the side bar's title bar (a view's actions), by its label ("Filter Campaigns…"). */
  viewAction(label: string): Locator {
    return this.page.locator(`.part.sidebar .composite.title .title-actions a.action-label[aria-label^="${label}"]`).first();
  }

  /**
   * Clicks a tree row's label (a campaign opens, a group expands). A tooltip left open where the
   * pointer rests (the group row's above, shown over the rows below it) closes first: it would
   * catch the click, and it stays open while the pointer is on it.
   */
  async clickTreeItem(item: Locator, options: { button?: 'left' | 'right' } = {}): Promise<void> {
    await item.waitFor({ state: 'visible', timeout: this.timeoutMs });
    await this.movePointerAway();
    await item.locator('.monaco-icon-label').first().click(options);
  }

  /**
   * Opens a tree row with a click, as a person does, and waits until `opened` holds. Now and then
   * a click selects the row and opens nothing (journey 14, twice in some twenty runs, right after a
   * reconnect). The likely cause is VS Code's: it keeps a row's command (with its arguments) in the
   * extension host only until the view's next redraw, and runs nothing for a click on a row drawn
   * before it; counts and link marks come in after a reconnect or a filter, paced by the rate
   * limit, and each redraws the view. So the click is repeated when nothing shows it was taken (no
   * progress notification, nothing opened), as a person would click again: once every
   * `REPEAT_CLICK_MS` at most (a cadence; the opened state and the deadline decide when this ends),
   * and three times at most.
   */
  async openTreeItem(item: Locator, opened: () => Promise<boolean>, what: string, timeoutMs = this.timeoutMs): Promise<void> {
    const progress = this.progressNotifications();
    let clicks = 0;
    let lastClick = 0;
    await this.until(
      async () => {
        if (await opened()) return true;
        if (clicks < 3 && Date.now() - lastClick >= REPEAT_CLICK_MS && !(await progress.count())) {
          await this.clickTreeItem(item);
          clicks++;
          lastClick = Date.now();
        }
        return false;
      },
      what,
      () => `${clicks} click${clicks === 1 ? '' : 's'} on the row`,
      timeoutMs,
    );
  }

  /** Runs an inline action of a tree item (the buttons that show when the pointer is on the row). */
  async treeItemAction(item: Locator, label: string): Promise<void> {
    await this.movePointerAway();
    await item.hover();
    const action = item.locator(`.actions a.action-label[aria-label^="${label}"]`).first();
    await action.waitFor({ state: 'visible', timeout: this.timeoutMs });
    await action.click();
  }

  /** Waits until `item` is on screen; when it never comes, the failure lists the tree rows that are (an error row, another page). */
  async waitForTreeItem(item: Locator, what: string): Promise<void> {
    let rows: string[] = [];
    await this.until(
      async () => (await item.isVisible()) || ((rows = await this.treeRows()), false),
      what,
      () => `the tree rows on screen:\n  ${rows.join('\n  ') || '(none)'}`,
    );
  }

  /** The accessible names of every tree row on screen, with their expanded state. */
  private treeRows(): Promise<string[]> {
    return this.page
      .getByRole('treeitem')
      .evaluateAll(rows =>
        rows.map(r => `${r.getAttribute('aria-label') ?? ''}${r.getAttribute('aria-expanded') === 'true' ? ' (expanded)' : ''}`),
      );
  }

  /** Expands a collapsed tree item (a click on its row) and waits until it is expanded. */
  async expand(item: Locator): Promise<void> {
    await item.waitFor({ state: 'visible', timeout: this.timeoutMs });
    if ((await item.getAttribute('aria-expanded')) !== 'true') {
      // The pointer first moves onto the row: a tooltip left open where it was (a title bar
      // button's) closes, instead of catching the click.
      await item.hover({ force: true });
      await item.click();
    }
    await this.until(async () => (await item.getAttribute('aria-expanded')) === 'true', 'the tree item to expand');
  }

  /** The accessible names of the rendered tree items below `parent` (one level deeper), in order. */
  async childrenOf(parent: Locator): Promise<string[]> {
    return parent.evaluate(row => {
      // The list renders its rows in any order: their `data-index` is their place.
      const rows = Array.from((row.parentElement?.children ?? []) as ArrayLike<typeof row>)
        .map(r => ({ r, i: Number(r.getAttribute('data-index')) }))
        .sort((a, b) => a.i - b.i);
      const level = Number(row.getAttribute('aria-level'));
      const out: string[] = [];
      for (const { r } of rows.slice(rows.findIndex(x => x.r === row) + 1)) {
        const l = Number(r.getAttribute('aria-level'));
        if (l <= level) break;
        if (l === level + 1) out.push(r.getAttribute('aria-label') ?? '');
      }
      return out;
    });
  }

  /** A CodeLens of the active editor by its title ("Push to shopco"). */
  codeLens(title: string | RegExp): Locator {
    return this.editor().locator('.codelens-decoration a', { hasText: title }).first();
  }

  /** The modal dialog on screen (a confirmation), once it is there. */
  async waitForDialog(text?: string | RegExp): Promise<Locator> {
    const dialog = this.page.locator('.monaco-dialog-box', text ? { hasText: text } : {}).first();
    await dialog.waitFor({ state: 'visible', timeout: this.timeoutMs });
    return dialog;
  }

  /**
   * Moves the pointer onto the empty middle of the status bar, away from anything with a tooltip
   * (after a click in the palette it rests over whatever lies beneath), and waits until no hover
   * is on screen.
   */
  async movePointerAway(): Promise<void> {
    const bar = await this.page.locator('.part.statusbar').boundingBox();
    if (!bar) throw new Error('the status bar is not on screen');
    const x = bar.x + bar.width / 2;
    const y = bar.y + bar.height / 2;
    await this.page.mouse.move(x, y);
    const hovers = this.page.locator('.workbench-hover, .monaco-hover:not(.hidden)');
    let moves = 0;
    await this.until(async () => {
      if ((await hovers.count()) === 0 || !(await hovers.first().isVisible())) return true;
      // A status bar item's hover shown for its keyboard focus (where the focus may land when a
      // notification closes) stays until the focus leaves; a pointer's, until the pointer moves.
      await this.page.evaluate("document.activeElement?.closest('.part.statusbar') && document.activeElement.blur()");
      await this.page.mouse.move(x + (++moves % 2), y);
      return false;
    }, 'the tooltips to close');
  }

  /** A button of the active editor's title bar (a command contributed to `editor/title`), by its title. */
  editorAction(title: string): Locator {
    return this.page.locator(`.editor-group-container.active .title .editor-actions a.action-label[aria-label="${title}"]`).first();
  }

  /** The diff editor of the active group. */
  diffEditor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-diff-editor').first();
  }

  /**
   * Waits until the modified side of the active diff editor (the right side, or the only one when
   * the group is too narrow for two) shows what `predicate` wants, and returns its visible text.
   */
  async waitForDiffText(predicate: (text: string) => boolean, what: string): Promise<string> {
    const modified = this.diffEditor().locator('.editor.modified .monaco-editor').first();
    await modified.waitFor({ state: 'visible', timeout: this.timeoutMs });
    let text = '';
    await this.until(
      async () => predicate((text = await this.visibleText(modified))),
      what,
      () => `the diff shows:\n${text}`,
    );
    return text;
  }

  /** The visible text of both sides of the active diff editor. */
  async diffText(): Promise<{ original: string; modified: string }> {
    const diff = this.diffEditor();
    return {
      original: await this.visibleText(diff.locator('.editor.original .monaco-editor').first()),
      modified: await this.visibleText(diff.locator('.editor.modified .monaco-editor').first()),
    };
  }

  /** Waits until the active diff editor shows what `predicate` wants on its two sides. */
  async waitForDiff(
    predicate: (sides: { original: string; modified: string }) => boolean,
    what: string,
  ): Promise<{ original: string; modified: string }> {
    let sides = { original: '', modified: '' };
    await this.diffEditor().waitFor({ state: 'visible', timeout: this.timeoutMs });
    await this.until(
      async () => predicate((sides = await this.diffText())),
      what,
      () => `left:\n${sides.original}\nright:\n${sides.modified}`,
    );
    return sides;
  }

  /**
   * Replaces a text of the active editor as a person does: Find (Ctrl+F) selects it, Escape
   * closes the find widget, then the replacement is typed over the selection. `find` must occur
   * once, or `every` must be set to replace each occurrence in turn. `replacement` must not hold
   * quotes or brackets, which the editor would close by itself.
   */
  async replaceInEditor(find: string, replacement: string, { every = false } = {}): Promise<void> {
    for (let done = 0; ; done++) {
      await this.editor().locator('textarea').first().focus();
      await this.page.keyboard.press('Control+F');
      const widget = this.editor().locator('.find-widget.visible');
      await widget.waitFor({ state: 'visible', timeout: this.timeoutMs });
      await widget.locator('.find-part textarea, .find-part input').first().fill(find);
      const count = widget.locator('.matchesCount');
      let matches = 0;
      let said = '';
      await this.until(
        async () => {
          said = ((await count.textContent()) ?? '').trim();
          const m = /^\d+ of (\d+)$/.exec(said);
          matches = m ? Number(m[1]) : 0;
          // After the first replacement, none left is the end.
          return matches > 0 || (done > 0 && /No results/i.test(said));
        },
        `"${find}" to be found in the editor`,
        () => `find says: ${said || '(nothing)'}`,
      );
      if (matches === 0) {
        await this.page.keyboard.press('Escape');
        return;
      }
      if (matches > 1 && !every) throw new Error(`"${find}" occurs ${matches} times in the editor; pass { every: true } to replace each`);
      // Escape first closes the notification toasts when some are on screen, then the find widget.
      const toasts = this.page.locator('.notifications-toasts.visible');
      for (let i = 0; i < 3 && (await widget.isVisible()); i++) {
        const toastsShown = await toasts.isVisible();
        await this.page.keyboard.press('Escape');
        await this.until(
          async () => !(await widget.isVisible()) || (toastsShown && !(await toasts.isVisible())),
          'Escape to close the toasts or the find widget',
        );
      }
      await widget.waitFor({ state: 'hidden', timeout: this.timeoutMs });
      await this.page.keyboard.type(replacement);
      await this.waitForEditorText(new RegExp(replacement.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      if (!every) return;
    }
  }

  /** Waits until `read()` gives a value that `ok` accepts, and returns it; a failure shows the last value read. */
  async waitForValue<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
    let value: T | undefined;
    await this.until(
      async () => ok((value = await read())),
      what,
      () => `it was: ${JSON.stringify(value)}`,
    );
    return value as T;
  }

  /** Polls `condition` (each call is a cheap DOM read) until it holds, or fails saying what was awaited. */
  async until(condition: () => Promise<boolean>, what: string, detail?: () => string, timeoutMs = this.timeoutMs): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await condition()) return;
      if (Date.now() > deadline)
        throw new Error(`timed out after ${timeoutMs / 1000}s waiting for ${what}${detail ? `\n${detail()}` : ''}`);
      // A polling interval, not a guess at how long something takes: the deadline above bounds it.
      await new Promise(r => setTimeout(r, 100));
    }
  }
}
