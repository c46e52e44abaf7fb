import * as path from 'path';
import * as vscode from 'vscode';
import { parse } from '@campaign-studio/core';
import { campaignIdOf, isObject, ServiceClient } from '@campaign-studio/sync';
import { parseRemoteUri } from '../remoteEditor/documents';
import type { PushActions } from './actions';

/** The campaign a command acts on, and what is known of it without reading the service. */
export interface CampaignTarget {
  id: string;
  /** The campaign file, when the command was given one or took the active one. */
  doc?: vscode.TextDocument;
  deliveryType?: unknown;
  name?: string;
}

/** A campaign id from a tree item, a file, a `campaign://` URI or a string; the active file otherwise. */
export async function campaignFrom(actions: PushActions, arg: unknown): Promise<CampaignTarget> {
  if (typeof arg === 'string' && arg) return { id: arg };
  if (isObject(arg)) {
    const record = isObject(arg.record) ? arg.record : undefined;
    const id =
      typeof arg.id === 'string'
        ? arg.id
        : record && typeof record.id === 'string'
          ? record.id
          : record && typeof record.campaign_id === 'string'
            ? record.campaign_id
            : undefined;
    if (id) {
      const bd = record && isObject(record.basic_details) ? record.basic_details : undefined;
      return { id, deliveryType: record?.campaign_delivery_type, name: typeof bd?.name === 'string' ? bd.name : undefined };
    }
  }
  const remote = arg instanceof vscode.Uri ? parseRemoteUri(arg) : undefined;
  if (remote) return { id: remote.id };
  const doc = await actions.documentFor(arg, 'actOn');
  const value = parse(doc.getText()).value;
  const id = isObject(value) ? campaignIdOf(value) : undefined;
  if (!id) throw new Error(vscode.l10n.t('{0} has no `id`: it is not on the service yet.', path.basename(doc.uri.fsPath)));
  const bd = isObject(value) && isObject(value.basic_details) ? value.basic_details : undefined;
  return {
    id,
    doc,
    deliveryType: isObject(value) ? value.campaign_delivery_type : undefined,
    name: typeof bd?.name === 'string' ? bd.name : undefined,
  };
}

/** A tree item of another environment than the active one must not be acted on with the active one's client. */
export function checkEnvironment(arg: unknown, client: ServiceClient): void {
  if (isObject(arg) && typeof arg.environment === 'string' && arg.environment !== client.environment.name) {
    throw new Error(
      vscode.l10n.t(
        'This campaign was listed from environment `{0}`, but the active environment is `{1}`. Switch environment first ("Campaign Studio: Switch Environment").',
        arg.environment,
        client.environment.name,
      ),
    );
  }
}
