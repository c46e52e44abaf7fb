import * as vscode from 'vscode';
import { parse } from '@campaign-studio/core';
import { campaignIdOf, isObject, parseRecipients, rememberRecipients, runTestSend } from '@campaign-studio/sync';
import type { PushActions } from './actions';
import { recipientsPrompt, recipientWords } from './texts';
import type { DocumentFile } from './vscodeUi';

/** The recipients of the last test sends of this workspace, offered first next time. */
const RECIPIENTS_KEY = 'campaignStudio.test.recipients';

/** A test send of a campaign file: the saved draft or the file's content, to up to 10 recipients. */
export async function sendTest(actions: PushActions, file: DocumentFile) {
  const deps = actions.deps(file.doc);
  const doc = parse(file.text()).value;
  if (!isObject(doc)) throw new Error(vscode.l10n.t('{0} does not hold a JSON object.', file.name));
  const id = campaignIdOf(doc);
  let mode: 'draft' | 'inline' = 'inline';
  if (id) {
    const pick = await vscode.window.showQuickPick(
      [
        {
          label: `$(cloud) ${vscode.l10n.t('The saved draft')}`,
          description: id,
          detail: vscode.l10n.t('What the service holds now (draft mode); unpushed edits are not included.'),
          mode: 'draft' as const,
        },
        {
          label: `$(file) ${vscode.l10n.t("This file's content")}`,
          description: 'inline',
          detail: vscode.l10n.t('The content of the file as it is now (inline mode, rule B8).'),
          mode: 'inline' as const,
        },
      ],
      { title: vscode.l10n.t('Send a test of…'), ignoreFocusOut: true },
    );
    if (!pick) return undefined;
    mode = pick.mode;
  }
  const channel = String(doc.channel ?? '');
  const state = actions.ctx.extension.workspaceState;
  const recipients = await askRecipients(state, channel);
  if (!recipients) return undefined;
  const result = await runTestSend(file, mode, recipients, deps);
  if (result.results) {
    await state.update(RECIPIENTS_KEY, rememberRecipients(state.get<string[]>(RECIPIENTS_KEY, []), recipients));
    actions.ctx.output.info(result.message);
  }
  return result;
}

/** Up to 10 recipients: the remembered ones to tick, and more to type. */
async function askRecipients(state: vscode.Memento, channel: string): Promise<string[] | undefined> {
  const remembered = state.get<string[]>(RECIPIENTS_KEY, []).filter(r => typeof r === 'string');
  const words = recipientWords(channel);
  let chosen: string[] = [];
  if (remembered.length) {
    type Item = vscode.QuickPickItem & { other?: boolean };
    const items: Item[] = [...remembered.map(r => ({ label: r })), { label: `$(add) ${words.other}`, other: true, alwaysShow: true }];
    const picks = await vscode.window.showQuickPick(items, {
      canPickMany: true,
      title: vscode.l10n.t('Send the test to (at most 10)'),
      placeHolder: words.tick,
      ignoreFocusOut: true,
    });
    if (!picks) return undefined;
    chosen = picks.filter(p => !p.other).map(p => p.label);
    if (!picks.some(p => p.other)) return checkRecipients(chosen.join(','), channel) ?? askTyped(channel, chosen);
  }
  return askTyped(channel, chosen);
}

function checkRecipients(text: string, channel: string): string[] | undefined {
  const r = parseRecipients(text, channel);
  return r.problems.length ? undefined : r.recipients;
}

async function askTyped(channel: string, already: string[]): Promise<string[] | undefined> {
  const typed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Send the test to'),
    prompt: recipientsPrompt(channel, already),
    ignoreFocusOut: true,
    validateInput: v => {
      const r = parseRecipients([...already, v].join(','), channel);
      return r.problems.length ? r.problems.join(' ') : undefined;
    },
  });
  if (typed === undefined) return undefined;
  return parseRecipients([...already, typed].join(','), channel).recipients;
}
