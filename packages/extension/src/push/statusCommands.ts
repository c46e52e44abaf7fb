import * as vscode from 'vscode';
import { parse } from '@campaign-studio/core';
import {
  BaseStore,
  campaignIdOf,
  humanize,
  idOf,
  isObject,
  nameOf,
  plainText,
  pushApi,
  runStatusAction,
  StatusAction,
  statusActionQuery,
  statusActionsFor,
  StatusDeps,
} from '@campaign-studio/sync';
import { COMMAND_IDS } from '../commandIds';
import { isCampaignUri } from '../fileKinds';
import { runWithProgress } from '../remoteEditor/progress';
import type { PushActions } from './actions';
import { campaignFrom, checkEnvironment } from './targets';
import { oneAtATime, statusWords } from './texts';

/**
 * Pause, resume or stop one campaign. From the Campaigns view with several campaigns selected
 * (VS Code passes the item clicked, then the selection), it is refused rather than applied to
 * the clicked one only: the person chose several, and a stop cannot be undone.
 */
export async function changeStatus(actions: PushActions, arg: unknown, action: StatusAction, selected?: unknown) {
  if (Array.isArray(selected) && selected.length > 1) throw new Error(oneAtATime(action, selected.length));
  const target = arg === undefined ? await statusTarget(actions, action) : await campaignFrom(actions, arg);
  if (!target) return undefined;
  const { client, ui } = actions.actionOn(target.doc?.uri);
  checkEnvironment(arg, client);
  const root = target.doc ? actions.workspaceRootOf(target.doc.uri) : vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const noBases: BaseStore = { read: async () => undefined, write: async () => undefined };
  const deps: StatusDeps = {
    api: pushApi(client),
    bases: root ? actions.bases(root, client, target.doc?.uri.toString() ?? '') : noBases,
    ui,
    env: { name: client.environment.name, production: client.environment.production, email: client.environment.email ?? '' },
    file: target.doc && actions.fileOf(target.doc),
  };
  const result = await runStatusAction(target.id, action, deps);
  if (result.outcome === 'done') void vscode.commands.executeCommand(COMMAND_IDS.explorerRefresh).then(undefined, () => undefined);
  return result;
}

/**
 * From the palette: the campaign of the active editor when the action applies to it as it was
 * last read; otherwise (a draft, an ended campaign, no campaign) the person picks one of the
 * service's campaigns the action applies to.
 */
async function statusTarget(actions: PushActions, action: StatusAction): Promise<{ id: string; doc?: vscode.TextDocument } | undefined> {
  const doc = vscode.window.activeTextEditor?.document;
  const value = doc && isCampaignUri(doc.uri) ? parse(doc.getText()).value : undefined;
  const id = isObject(value) ? campaignIdOf(value) : undefined;
  if (doc && id && isObject(value) && statusActionsFor(value).includes(action))
    return { id, doc: doc.uri.scheme === 'file' ? doc : undefined };
  const client = actions.client();
  const words = statusWords(action, client.environment.name);
  const candidates = (await runWithProgress(words.looking, step => client.forAction(step).searchAll(statusActionQuery(action)))).filter(r =>
    statusActionsFor(r).includes(action),
  );
  if (!candidates.length) {
    void vscode.window.showInformationMessage(plainText(words.none));
    return undefined;
  }
  const pick = await vscode.window.showQuickPick(
    candidates.map(r => ({
      label: nameOf(r),
      description: `${humanize(String(r.status ?? ''))} · ${humanize(String(r.channel ?? ''))} · ${humanize(String(r.campaign_delivery_type ?? ''))}`,
      detail: idOf(r),
      id: idOf(r),
    })),
    { title: words.title, placeHolder: vscode.l10n.t('The campaigns this action applies to now'), matchOnDetail: true },
  );
  return pick && { id: pick.id };
}
