import * as vscode from 'vscode';
import {
  EXECUTION_TYPES,
  executionsMarkdown,
  isObject,
  loadExecutions,
  plainText,
  publishExplanation,
  pushApi,
} from '@campaign-studio/sync';
import type { PushActions } from './actions';
import { campaignFrom, checkEnvironment } from './targets';
import type { PreviewDocuments } from './vscodeUi';

/** What a campaign's item offers besides writes: its execution history, and how publishing works. */

/** The executions of a periodic or business-event campaign, as a read-only Markdown document. */
export async function showExecutions(actions: PushActions, histories: PreviewDocuments, arg: unknown) {
  const target = await campaignFrom(actions, arg);
  const { client, ui } = actions.actionOn(target.doc?.uri);
  checkEnvironment(arg, client);
  const api = pushApi(client);
  let deliveryType = target.deliveryType;
  let name = target.name;
  if (deliveryType === undefined) {
    const remote = await api.getCampaign(target.id);
    deliveryType = remote.raw.campaign_delivery_type;
    const bd = remote.raw.basic_details;
    name = isObject(bd) && typeof bd.name === 'string' ? bd.name : name;
  }
  if (typeof deliveryType === 'string' && !EXECUTION_TYPES.includes(deliveryType)) {
    throw new Error(
      vscode.l10n.t(
        'Execution history exists only for periodic and business-event-triggered campaigns; campaign {0} is `{1}`.',
        target.id,
        deliveryType,
      ),
    );
  }
  const history = await ui.progress(vscode.l10n.t('Reading the executions of {0}…', target.id), () =>
    loadExecutions(api, target.id, deliveryType),
  );
  const title = vscode.l10n.t({
    message: 'Executions of {0}',
    args: [(name ?? target.id).replace(/[\\/]+/g, '-')],
    comment: "the name of the document that lists a campaign's executions",
  });
  const uri = histories.single(target.id, { name: `${title}.md`, text: executionsMarkdown(history, name) });
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true });
  return history;
}

/** Why publishing is not part of V5, and the V1 route to copy. */
export async function publishInfo(actions: PushActions, arg: unknown) {
  let id: string | undefined;
  try {
    id = (await campaignFrom(actions, arg)).id;
  } catch {
    id = undefined;
  }
  const copy = vscode.l10n.t('Copy the V1 Route');
  const route = `PATCH /core-services/v1/campaigns/${id ?? '{campaign_id}'}`;
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t('Publishing is not part of V5.'),
    { modal: true, detail: plainText(publishExplanation(id)) },
    copy,
  );
  if (answer === copy) await vscode.env.clipboard.writeText(route);
  return route;
}
