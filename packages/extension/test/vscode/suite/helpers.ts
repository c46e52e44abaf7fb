import * as assert from 'assert';
import * as vscode from 'vscode';
import type { CampaignStudioApi } from '../../../src/extension';

/**
 * Helpers for the tests that run inside a real VS Code extension host (code-server or desktop).
 * Everything waits for a state or an event, with a deadline; nothing sleeps a fixed time.
 */

export const EXTENSION_ID = 'campaign-studio.campaign-studio';
export const SOURCE = 'campaign-studio';

/** The extension, activated; its exported API. */
export async function activateExtension(): Promise<CampaignStudioApi> {
  const ext = vscode.extensions.getExtension<CampaignStudioApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  return ext.isActive ? ext.exports : await ext.activate();
}

/** The extension's manifest, as VS Code read it. */
export function manifest(): any {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  return ext.packageJSON;
}

export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'no workspace folder is open: the runner opens test/vscode/workspace');
  return folder.uri;
}

/** A file of the test workspace (a copy of test/vscode/workspace made for this run). */
export function fixture(relativePath: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), ...relativePath.split('/'));
}

let scratchCount = 0;
/**
 * Writes a new file under `scratch/` of the test workspace and returns its URI. The name keeps
 * its suffix (`.campaign.json`, `.search.json`) and gets a counter, so tests never share a file.
 */
export async function scratchFile(name: string, text: string): Promise<vscode.Uri> {
  const dot = name.indexOf('.');
  const unique = dot < 0 ? `${name}-${++scratchCount}` : `${name.slice(0, dot)}-${++scratchCount}${name.slice(dot)}`;
  const uri = fixture(`scratch/${unique}`);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(text, 'utf8'));
  return uri;
}

/** Opens a document in an editor and returns both. */
export async function open(uri: vscode.Uri): Promise<{ doc: vscode.TextDocument; editor: vscode.TextEditor }> {
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  return { doc, editor };
}

/** Replaces the whole text of a document (unsaved), as a user's edit would. */
export async function setText(doc: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit), 'the edit was not applied');
}

/** Replaces the first occurrence of `search` in a document (unsaved). */
export async function replaceText(doc: vscode.TextDocument, search: string, replacement: string): Promise<void> {
  const at = doc.getText().indexOf(search);
  assert.ok(at >= 0, `${JSON.stringify(search)} is not in ${doc.uri.path}`);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(doc.positionAt(at), doc.positionAt(at + search.length)), replacement);
  assert.ok(await vscode.workspace.applyEdit(edit), 'the edit was not applied');
}

/** Closes every editor and discards unsaved changes, so tests start from a clean workbench. */
export async function closeAllEditors(): Promise<void> {
  // A dirty editor would ask whether to save when closed; revert each one first.
  for (const doc of vscode.workspace.textDocuments) {
    if (!doc.isDirty || doc.isClosed) continue;
    await vscode.window.showTextDocument(doc, { preview: false });
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/**
 * Text with one `|` marking the cursor: the text without it, and the cursor's position.
 * `{ "channel": "|" }` → text `{ "channel": "" }`, position inside the quotes.
 */
export function withCursor(marked: string): { text: string; position: vscode.Position } {
  const at = marked.indexOf('|');
  assert.ok(at >= 0 && marked.indexOf('|', at + 1) < 0, 'mark the cursor with exactly one |');
  const before = marked.slice(0, at);
  const lines = before.split('\n');
  return { text: before + marked.slice(at + 1), position: new vscode.Position(lines.length - 1, lines[lines.length - 1].length) };
}

/** Position of the first occurrence of `search` in a document (plus `offset` characters). */
export function positionOf(doc: vscode.TextDocument, search: string, offset = 0): vscode.Position {
  const at = doc.getText().indexOf(search);
  assert.ok(at >= 0, `${JSON.stringify(search)} is not in ${doc.uri.path}`);
  return doc.positionAt(at + offset);
}

/** The rule id of a diagnostic (`code` is `{ value, target }` with a link to the rule). */
export function ruleOf(d: vscode.Diagnostic): string | undefined {
  const code = d.code;
  if (code === undefined) return undefined;
  return typeof code === 'object' ? String(code.value) : String(code);
}

/** Our diagnostics for a document (other extensions' are left out). */
export function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter(d => d.source === SOURCE);
}

export function describeDiagnostics(diags: readonly vscode.Diagnostic[]): string {
  if (diags.length === 0) return '(none)';
  return diags
    .map(
      d =>
        `${d.range.start.line + 1}:${d.range.start.character + 1} ${vscode.DiagnosticSeverity[d.severity]} ${ruleOf(d) ?? '-'} ${d.message}`,
    )
    .join('\n  ');
}

/**
 * Resolves with what `look` finds once it finds something: checked now, then on every `event`.
 * Rejects after `timeoutMs` with `seen()`, so a failure says what there was instead. The one way
 * these tests wait: for a state, re-checked when the editor says something changed.
 */
export function waitForState<T, E>(
  event: vscode.Event<E>,
  look: () => T | undefined,
  what: string,
  seen: () => string,
  timeoutMs = 10_000,
): Promise<T> {
  const now = look();
  if (now !== undefined) return Promise.resolve(now);
  return new Promise((resolve, reject) => {
    const sub = event(() => {
      const found = look();
      if (found === undefined) return;
      finish();
      resolve(found);
    });
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; ${seen()}`));
    }, timeoutMs);
    function finish(): void {
      clearTimeout(timer);
      sub.dispose();
    }
  });
}

/**
 * Resolves with our diagnostics for `uri` as soon as `predicate` holds for them: checked now, then
 * on every `languages.onDidChangeDiagnostics`. Rejects after `timeoutMs` with what was there, so a
 * failure says what the server reported instead.
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  predicate: (diagnostics: vscode.Diagnostic[]) => boolean,
  timeoutMs = 10_000,
  what = 'the expected diagnostics',
): Promise<vscode.Diagnostic[]> {
  const look = () => {
    const diags = ours(uri);
    return predicate(diags) ? diags : undefined;
  };
  return waitForState(
    vscode.languages.onDidChangeDiagnostics,
    look,
    `${what} on ${vscode.workspace.asRelativePath(uri)}`,
    () => `it has:\n  ${describeDiagnostics(ours(uri))}`,
    timeoutMs,
  );
}

/** Waits until the document has a diagnostic of `rule`, and returns that diagnostic. */
export async function waitForRule(uri: vscode.Uri, rule: string, timeoutMs = 10_000): Promise<vscode.Diagnostic> {
  const diags = await waitForDiagnostics(uri, ds => ds.some(d => ruleOf(d) === rule), timeoutMs, `a ${rule} diagnostic`);
  return diags.find(d => ruleOf(d) === rule)!;
}

/** Waits until the document has no diagnostic of `rule`. */
export async function waitForNoRule(uri: vscode.Uri, rule: string, timeoutMs = 10_000): Promise<vscode.Diagnostic[]> {
  return waitForDiagnostics(uri, ds => !ds.some(d => ruleOf(d) === rule), timeoutMs, `no ${rule} diagnostic`);
}

/**
 * Waits until the server has validated the document's current version. Diagnostics for a file
 * that has none never change, so this waits for a report that holds for the text as it is: the
 * server answers a pull for the current version (VS Code asks for it as soon as the document is
 * shown), and we look at the result once the pull has landed.
 */
export async function waitForValidation(doc: vscode.TextDocument, timeoutMs = 10_000): Promise<vscode.Diagnostic[]> {
  const api = await activateExtension();
  assert.ok(api.client, 'the language client is not running');
  const deadline = Date.now() + timeoutMs;
  // A direct pull answers with exactly what the editor will show for this version.
  const report: any = await Promise.race([
    api.client.sendRequest('textDocument/diagnostic', { textDocument: { uri: doc.uri.toString() } }),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error(`no diagnostic report for ${doc.uri.path} within ${timeoutMs} ms`)), timeoutMs),
    ),
  ]);
  const expected: number = report?.items?.length ?? 0;
  return waitForDiagnostics(
    doc.uri,
    ds => ds.length === expected,
    Math.max(1000, deadline - Date.now()),
    `the ${expected} diagnostics the server reported`,
  );
}

/**
 * Watches `window.showErrorMessage` (or another `show…Message`) while `fn` runs, and returns what
 * each call was given: the message, then its buttons. The messages are still shown.
 */
export async function messagesShownDuring(
  kind: 'showErrorMessage' | 'showWarningMessage',
  fn: () => Promise<unknown>,
): Promise<string[][]> {
  const shown: string[][] = [];
  const window = vscode.window as unknown as Record<typeof kind, (...args: unknown[]) => Thenable<unknown>>;
  const original = window[kind];
  window[kind] = (...args: unknown[]) => {
    shown.push(args.filter((a): a is string => typeof a === 'string'));
    return original(...args);
  };
  try {
    await fn();
  } finally {
    window[kind] = original;
  }
  return shown;
}

/** Rejects with a message after `ms` unless the promise settles first. */
export function within<T>(promise: Thenable<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    Promise.resolve(promise).finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
    }),
  ]);
}

/** The label of a completion item as text, without the JSON quotes some providers add. */
export function completionLabel(item: vscode.CompletionItem): string {
  const label = typeof item.label === 'string' ? item.label : item.label.label;
  return label.replace(/^"(.*)"$/, '$1');
}

/** The plain text of a hover's contents. */
export function hoverText(hovers: readonly vscode.Hover[]): string {
  return hovers
    .flatMap(h => h.contents)
    .map(c => (typeof c === 'string' ? c : 'value' in c ? c.value : String(c)))
    .join('\n');
}

/**
 * Resolves with what `find` returns for the editor tabs once it returns something: checked now,
 * then on every `window.tabGroups.onDidChangeTabs`. Rejects after `timeoutMs` listing the tabs.
 */
export function waitForTabs<T>(find: (tabs: vscode.Tab[]) => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const tabs = () => vscode.window.tabGroups.all.flatMap(g => g.tabs);
  return waitForState(
    vscode.window.tabGroups.onDidChangeTabs,
    () => find(tabs()),
    what,
    () =>
      `the tabs are: ${
        tabs()
          .map(t => t.label)
          .join(', ') || '(none)'
      }`,
    timeoutMs,
  );
}

/** The document's text once `done` holds for it: checked now, then on every change of that document. */
export function waitForText(doc: vscode.TextDocument, done: (text: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
  const look = () => (done(doc.getText()) ? doc.getText() : undefined);
  return waitForState(vscode.workspace.onDidChangeTextDocument, look, what, () => `it holds:\n${doc.getText()}`, timeoutMs);
}

/** The first editor tab that satisfies `predicate`, once there is one. */
export function waitForTab(predicate: (tab: vscode.Tab) => boolean, what: string, timeoutMs = 10_000): Promise<vscode.Tab> {
  return waitForTabs(tabs => tabs.find(predicate), what, timeoutMs);
}

/** The workspace's `campaignStudio.environments`, as a suite sets them; `undefined` removes them. */
export async function setEnvironments(environments: unknown[] | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('campaignStudio').update('environments', environments, vscode.ConfigurationTarget.Workspace);
}

/** A suite with an emulator of its own ends: its editors closed, its environments removed, the emulator closed. */
export async function endEmulatorSuite(emulator: { close(): Promise<void> } | undefined): Promise<void> {
  await closeAllEditors();
  await setEnvironments(undefined);
  await emulator?.close();
}
