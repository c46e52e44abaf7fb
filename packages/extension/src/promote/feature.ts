import * as vscode from 'vscode';
import { COMMAND_IDS, CommandTable } from '../commandIds';
import { Feature, registerCommands, StudioContext } from '../context';
import type { PushActions } from '../push/actions';
import { trustedWrites } from '../push/trust';
import { PreviewDocuments } from '../push/vscodeUi';
import type { RemoteFeature } from '../remoteEditor/feature';
import { compareEnvironment, COMPARE_SCHEME } from './compare';
import { promote, PromoteParts } from './promote';

/**
 * Promotion between environments in the editor: "Promote to Environment…" and "Compare with
 * Environment…", on a campaign file or an item of the Campaigns view. It writes with what the push
 * feature shares (its review tab, its questions) on the connection's clients; the Campaigns view's
 * link marks belong to the remote feature (`LinkStates`), which a promotion refreshes.
 */
export function promoteFeature(remote: RemoteFeature, push: { actions(): PushActions | undefined }): Feature {
  return { name: 'promote', activate: ctx => activatePromote(ctx, remote, push) };
}

function activatePromote(ctx: StudioContext, remote: RemoteFeature, push: { actions(): PushActions | undefined }): void {
  const comparisons = new PreviewDocuments(COMPARE_SCHEME);
  const running = new Set<string>();
  ctx.extension.subscriptions.push(comparisons, vscode.workspace.registerTextDocumentContentProvider(COMPARE_SCHEME, comparisons));
  const parts = (): PromoteParts => {
    const conn = remote.connection();
    const actions = push.actions();
    if (!conn || !actions) throw new Error(vscode.l10n.t('The connection to the service is not available: reload the window.'));
    return { ctx, conn, actions, links: remote.linkStates(), running };
  };
  const table: CommandTable<'promote'> = {
    [COMMAND_IDS.promote]: () => (arg?: unknown) => promote(parts(), arg),
    [COMMAND_IDS.compareEnvironment]: () => (arg?: unknown) => compareEnvironment(parts(), comparisons, arg),
  };
  registerCommands(ctx, trustedWrites(table));
}
