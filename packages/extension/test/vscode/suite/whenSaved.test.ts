import * as assert from 'assert';
import * as vscode from 'vscode';
import { DocumentFile } from '../../../src/push/vscodeUi';
import { closeAllEditors, open, replaceText, scratchFile, within } from './helpers';

/**
 * `DocumentFile.whenSaved`, which moves a campaign's base only once the merged file is saved: at
 * once for a saved buffer, at the next save of an edited one with the text saved, never when
 * cancelled or closed unsaved.
 */

/** Resolves at the next event of `event` for which `matches` holds (listeners registered before it have run). */
function next<T>(event: vscode.Event<T>, matches: (e: T) => boolean, what: string): Promise<T> {
  return within(
    new Promise<T>(resolve => {
      const sub = event(e => {
        if (matches(e)) {
          sub.dispose();
          resolve(e);
        }
      });
    }),
    10_000,
    what,
  );
}

function savedCalls(file: DocumentFile): { calls: string[]; handle: { cancel(): void } } {
  const calls: string[] = [];
  const handle = file.whenSaved(text => {
    calls.push(text);
  });
  return { calls, handle };
}

suite('whenSaved (the base follows a merge once it is saved)', () => {
  teardown(async () => {
    await closeAllEditors();
  });

  test('a buffer without unsaved changes: called at once with its text', async () => {
    const { doc } = await open(await scratchFile('saved.campaign.json', '{ "a": 1 }\n'));
    const { calls } = savedCalls(new DocumentFile(doc));
    assert.deepStrictEqual(calls, ['{ "a": 1 }\n']);
  });

  test('an edited buffer: called once, at its next save, with the text saved', async () => {
    const { doc } = await open(await scratchFile('dirty.campaign.json', '{ "a": 1 }\n'));
    await replaceText(doc, '1', '2');
    const { calls } = savedCalls(new DocumentFile(doc));
    await replaceText(doc, '2', '3');
    assert.deepStrictEqual(calls, [], 'not before the save');
    const saved = next(vscode.workspace.onDidSaveTextDocument, d => d === doc, 'the save');
    assert.ok(await doc.save());
    await saved;
    assert.deepStrictEqual(calls, ['{ "a": 3 }\n']);
    await replaceText(doc, '3', '4');
    const again = next(vscode.workspace.onDidSaveTextDocument, d => d === doc, 'the second save');
    assert.ok(await doc.save());
    await again;
    assert.deepStrictEqual(calls, ['{ "a": 3 }\n'], 'only the first save counts');
  });

  test('cancelled before the save: never called', async () => {
    const { doc } = await open(await scratchFile('cancelled.campaign.json', '{ "a": 1 }\n'));
    await replaceText(doc, '1', '2');
    const { calls, handle } = savedCalls(new DocumentFile(doc));
    handle.cancel();
    const saved = next(vscode.workspace.onDidSaveTextDocument, d => d === doc, 'the save');
    assert.ok(await doc.save());
    await saved;
    assert.deepStrictEqual(calls, []);
  });

  test('closed without saving: never called', async () => {
    // An untitled buffer is disposed as soon as it is reverted and closed, so its close can be awaited.
    const doc = await vscode.workspace.openTextDocument({ language: 'json', content: '{ "a": 1 }\n' });
    await vscode.window.showTextDocument(doc, { preview: false });
    assert.ok(doc.isDirty, 'an untitled buffer with content is unsaved');
    const { calls } = savedCalls(new DocumentFile(doc));
    const closed = next(vscode.workspace.onDidCloseTextDocument, d => d === doc, 'the untitled document to close');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await closed;
    assert.deepStrictEqual(calls, []);
  });
});
