import * as vscode from 'vscode';
import { parse } from '@campaign-studio/core';
import { campaignIdOf, Environment as RemoteEnvironment, EXECUTION_TYPES, isObject, readBaseSnapshot } from '@campaign-studio/sync';
import { COMMAND_IDS } from '../commandIds';
import type { PushActions } from './actions';

/**
 * The CodeLens at the top of a campaign file: sign in; else create a draft (no `id` yet), or push
 * (fetch first when there is no base), validate remotely, send a test, and the executions of a
 * periodic or business-event campaign.
 */
export async function campaignLenses(actions: PushActions, doc: vscode.TextDocument): Promise<vscode.CodeLens[]> {
  const value = parse(doc.getText()).value;
  if (!isObject(value)) return [];
  const top = new vscode.Range(0, 0, 0, 0);
  const conn = actions.source();
  let env: RemoteEnvironment | undefined;
  try {
    env = conn?.requireClient().environment;
  } catch {
    env = undefined;
  }
  if (!env) return [new vscode.CodeLens(top, { title: `$(plug) ${vscode.l10n.t('Sign in to push')}`, command: COMMAND_IDS.signIn })];
  const id = campaignIdOf(value);
  const where = env.production ? vscode.l10n.t('{0} (production)', env.name) : env.name;
  const sendTest = new vscode.CodeLens(top, {
    title: `$(beaker) ${vscode.l10n.t('Send test')}`,
    command: COMMAND_IDS.sendTest,
    arguments: [doc.uri],
  });
  if (!id)
    return [
      new vscode.CodeLens(top, {
        title: `$(cloud-upload) ${vscode.l10n.t('Create draft on {0}', where)}`,
        command: COMMAND_IDS.createDraft,
        arguments: [doc.uri],
      }),
      sendTest,
    ];
  let hasBase = false;
  try {
    hasBase = !!(await readBaseSnapshot(actions.workspaceRootOf(doc.uri), id));
  } catch {
    hasBase = false;
  }
  const lenses = [
    hasBase
      ? new vscode.CodeLens(top, {
          title: `$(cloud-upload) ${vscode.l10n.t('Push to {0}', where)}`,
          command: COMMAND_IDS.push,
          arguments: [doc.uri],
          tooltip: vscode.l10n.t('Preflight, show exactly what will be sent, then push the changed components'),
        })
      : new vscode.CodeLens(top, {
          title: `$(cloud-download) ${vscode.l10n.t('Fetch to enable push')}`,
          command: COMMAND_IDS.fetch,
          arguments: [doc.uri],
          tooltip: vscode.l10n.t('Push needs the base snapshot that fetching records (it asks before replacing your edits)'),
        }),
    new vscode.CodeLens(top, {
      title: `$(checklist) ${vscode.l10n.t('Validate remotely')}`,
      command: COMMAND_IDS.validateRemote,
      arguments: [doc.uri],
    }),
    sendTest,
  ];
  if (EXECUTION_TYPES.includes(String(value.campaign_delivery_type)))
    lenses.push(
      new vscode.CodeLens(top, {
        title: `$(history) ${vscode.l10n.t('Executions')}`,
        command: COMMAND_IDS.showExecutions,
        arguments: [doc.uri],
      }),
    );
  return lenses;
}
