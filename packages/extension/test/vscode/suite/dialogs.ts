import * as vscode from 'vscode';

/**
 * The window's questions answered by a script, the way a person would click: `window.show*`
 * replaced while a command runs, each question recorded.
 */

export interface Dialog {
  kind: 'warning' | 'information' | 'error' | 'quickPick' | 'inputBox';
  message: string;
  modal: boolean;
  items: string[];
  detail?: string;
  /** An input box's own check, as VS Code would run it on what is typed. */
  validate?: (typed: string) => unknown;
}

export type Answer = (d: Dialog) => string | undefined;

/** Runs `fn` with the window's dialogs answered by `answer`; returns what was shown. */
export async function answering<T>(answer: Answer, fn: () => Thenable<T>): Promise<{ result: T; dialogs: Dialog[] }> {
  const dialogs: Dialog[] = [];
  const w = vscode.window as any;
  const saved = {
    warning: w.showWarningMessage,
    information: w.showInformationMessage,
    error: w.showErrorMessage,
    quickPick: w.showQuickPick,
    inputBox: w.showInputBox,
  };
  const message =
    (kind: Dialog['kind']) =>
    async (text: string, ...rest: any[]) => {
      const opts =
        rest[0] && typeof rest[0] === 'object' && !('title' in rest[0] && Object.keys(rest[0]).length === 1) ? rest[0] : undefined;
      const items = rest
        .filter(r => typeof r === 'string' || (r && typeof r === 'object' && 'title' in r))
        .map(r => (typeof r === 'string' ? r : r.title));
      const d: Dialog = { kind, message: text, modal: !!opts?.modal, detail: opts?.detail, items };
      dialogs.push(d);
      return answer(d);
    };
  w.showWarningMessage = message('warning');
  w.showInformationMessage = message('information');
  w.showErrorMessage = message('error');
  w.showQuickPick = async (items: any, opts?: any) => {
    const list = await items;
    const labels = list.map((i: any) => (typeof i === 'string' ? i : i.label));
    const d: Dialog = { kind: 'quickPick', message: opts?.title ?? '', modal: false, items: labels };
    dialogs.push(d);
    const chosen = answer(d);
    return list.find((i: any) => (typeof i === 'string' ? i : i.label) === chosen);
  };
  w.showInputBox = async (opts?: vscode.InputBoxOptions) => {
    const d: Dialog = {
      kind: 'inputBox',
      message: `${opts?.title ?? ''}: ${opts?.prompt ?? ''}`,
      modal: false,
      items: [],
      validate: opts?.validateInput,
    };
    dialogs.push(d);
    return answer(d);
  };
  try {
    return { result: await fn(), dialogs };
  } finally {
    w.showWarningMessage = saved.warning;
    w.showInformationMessage = saved.information;
    w.showErrorMessage = saved.error;
    w.showQuickPick = saved.quickPick;
    w.showInputBox = saved.inputBox;
  }
}
