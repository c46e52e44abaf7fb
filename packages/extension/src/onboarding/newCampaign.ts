import * as vscode from 'vscode';
import {
  campaignSkeleton,
  newCampaignChannels,
  newCampaignDeliveryTypes,
  NewCampaignChoice,
  newCampaignFileName,
} from '@campaign-studio/core';
import { TEXT } from './text';

/**
 * "New Campaign…": the channel and the delivery type picked (or given, for automation), then an
 * unsaved campaign file filled from the pair's skeleton as a snippet, so the cursor stands on the
 * first field to fill and Tab moves to the next. The file is named after the pair, in the folder
 * Fetch writes to (`campaignStudio.fetch.folder`); saving it puts it there.
 */

export interface NewCampaignArgs {
  channel?: string;
  deliveryType?: string;
}

async function pick(choices: readonly NewCampaignChoice[], title: string): Promise<string | undefined> {
  const item = await vscode.window.showQuickPick(
    choices.map(c => ({ label: c.label, detail: c.detail, value: c.value })),
    { title, ignoreFocusOut: true },
  );
  return item?.value;
}

function isFree(uri: vscode.Uri, taken: ReadonlySet<string>): Thenable<boolean> {
  if (taken.has(uri.path)) return Promise.resolve(false);
  return vscode.workspace.fs.stat(uri.with({ scheme: 'file' })).then(
    () => false,
    () => true,
  );
}

/** An untitled document's address: the pair's file name in the fetch folder, with a counter when taken. */
async function untitledUri(channel: string, deliveryType: string): Promise<vscode.Uri> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder || folder.uri.scheme !== 'file')
    return vscode.Uri.from({ scheme: 'untitled', path: newCampaignFileName(channel, deliveryType) });
  const sub = vscode.workspace.getConfiguration('campaignStudio.fetch', folder.uri).get<string>('folder', 'campaigns');
  const dir = sub ? vscode.Uri.joinPath(folder.uri, sub) : folder.uri;
  const taken = new Set(vscode.workspace.textDocuments.map(d => d.uri.path));
  for (let counter = 1; ; counter++) {
    const uri = vscode.Uri.joinPath(dir, newCampaignFileName(channel, deliveryType, counter)).with({ scheme: 'untitled' });
    if (await isFree(uri, taken)) return uri;
  }
}

/** Resolves with the new document's URI, or undefined when a pick was cancelled. */
export async function newCampaign(args: NewCampaignArgs = {}): Promise<vscode.Uri | undefined> {
  const channel = args.channel ?? (await pick(newCampaignChannels(), TEXT.pickChannel()));
  if (!channel) return undefined;
  const channelName = newCampaignChannels().find(c => c.value === channel)?.label ?? channel;
  const deliveryType = args.deliveryType ?? (await pick(newCampaignDeliveryTypes(channel), TEXT.pickDeliveryType(channelName)));
  if (!deliveryType) return undefined;
  const skeleton = campaignSkeleton(channel, deliveryType);
  if (!skeleton) throw new Error(TEXT.noSkeleton(channel, deliveryType));
  const doc = await vscode.workspace.openTextDocument(await untitledUri(channel, deliveryType));
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  await editor.insertSnippet(new vscode.SnippetString(skeleton.snippet), new vscode.Position(0, 0));
  return doc.uri;
}
