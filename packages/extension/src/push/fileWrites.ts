import * as vscode from 'vscode';
import { parse } from '@campaign-studio/core';
import { campaignIdOf, isObject, runCreateDraft, runPush, runRemoteValidate } from '@campaign-studio/sync';
import { COMMAND_IDS } from '../commandIds';
import { isCampaignFile } from '../fileKinds';
import type { PushActions } from './actions';
import type { DocumentFile } from './vscodeUi';

/** The writes of a campaign file: push, create a draft, validate remotely; and push on save. */

/** Outcomes that leave the service with the file's campaign: what the walkthrough's push step teaches. */
const PUSHED = new Set(['pushed', 'pushed-after-timeout', 'nothing-to-push']);

export async function pushFile(actions: PushActions, file: DocumentFile) {
  const result = await runPush(file, actions.deps(file.doc));
  if (PUSHED.has(result.outcome)) actions.ctx.stepDone.fire('pushed');
  return result;
}

export async function createDraft(actions: PushActions, file: DocumentFile) {
  const result = await runCreateDraft(file, actions.deps(file.doc));
  actions.lensChanged.fire();
  return result;
}

export async function validateRemote(actions: PushActions, file: DocumentFile) {
  return runRemoteValidate(file, actions.deps(file.doc));
}

/** `campaignStudio.push.onSave`: a save of a campaign file on the service pushes it, unless a flow saved it itself. */
export function pushOnSave(actions: PushActions, doc: vscode.TextDocument): void {
  const key = doc.uri.toString();
  if (actions.ownSave(key)) return;
  if (!isCampaignFile(doc.uri)) return;
  if (!vscode.workspace.getConfiguration('campaignStudio.push', doc.uri).get<boolean>('onSave', false)) return;
  const value = parse(doc.getText()).value;
  if (!isObject(value) || !campaignIdOf(value)) return;
  void vscode.commands.executeCommand(COMMAND_IDS.push, doc.uri);
}
