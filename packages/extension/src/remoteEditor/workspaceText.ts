import * as fs from 'fs';
import * as vscode from 'vscode';

/**
 * A workspace file's text as the remote commands read it: what an editor holds comes before what
 * is on disk, so unsaved edits count.
 */

/** The open document of `uri`, if there is one. */
export function openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find(d => d.uri.toString() === uri.toString());
}

/** The open document's text, else the file on disk; undefined when neither can be read. */
export async function documentText(uri: vscode.Uri): Promise<string | undefined> {
  const open = openDocument(uri);
  return open ? open.getText() : fs.promises.readFile(uri.fsPath, 'utf8').catch(() => undefined);
}

/** The text of an editor with unsaved changes to `file` (a path), if there is one: a fetch's `unsavedText`. */
export function unsavedText(file: string): string | undefined {
  const fsPath = vscode.Uri.file(file).fsPath;
  return vscode.workspace.textDocuments.find(d => d.uri.fsPath === fsPath && d.isDirty)?.getText();
}
