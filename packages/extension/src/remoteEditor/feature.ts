import * as vscode from 'vscode';
import { CAMPAIGN_SCHEME } from '@campaign-studio/core';
import { Feature, registerCommands, StudioContext } from '../context';
import { Connection } from './connection';
import { remoteCommands } from './commands';
import { BASE_SCHEME, readOnlyMessage, RemoteDocuments } from './documents';
import { CampaignFileStates } from './fileStates';
import { ConnectionStatusBar } from './statusBar';
import { CampaignsProvider, VIEW_ID } from './tree';
import { LinkStates } from '../promote/linkStates';

/**
 * Remote campaigns in the editor: the connection (environments, sign-in, status bar), the
 * Campaigns explorer, read-only remote documents, fetch and diff. The service client itself is
 * plain TypeScript in `@campaign-studio/sync`.
 */
export class RemoteFeature implements Feature {
  readonly name = 'remote';
  private conn: Connection | undefined;
  private links: LinkStates | undefined;

  /** The connection, once activated, for other features (push) to share. */
  connection(): Connection | undefined {
    return this.conn;
  }

  /** The promotion links the Campaigns view marks, once activated, for promotion to refresh. */
  linkStates(): LinkStates | undefined {
    return this.links;
  }

  async activate(ctx: StudioContext): Promise<void> {
    const subs = ctx.extension.subscriptions;
    const conn = new Connection(ctx.extension, ctx.serviceLog);
    subs.push(conn);
    this.conn = conn;
    subs.push({
      dispose: () => {
        if (this.conn === conn) this.conn = undefined;
      },
    });

    const documents = new RemoteDocuments(ctx, conn);
    subs.push(documents);
    const links = new LinkStates(conn);
    this.links = links;
    subs.push(links, {
      dispose: () => {
        if (this.links === links) this.links = undefined;
      },
    });
    const tree = new CampaignsProvider(conn, ctx.extension.workspaceState, links);
    subs.push(tree);
    const fileStates = new CampaignFileStates(conn, ctx.campaignRead.event, ctx.fileStatesShown);
    subs.push(fileStates, vscode.window.registerFileDecorationProvider(fileStates));
    // The commands first: the status bar, documents and tree items below name them, and an item
    // clicked while the tree (re)loads must find its command.
    registerCommands(ctx, remoteCommands({ conn, tree, documents, fileStates, campaignRead: ctx.campaignRead, stepDone: ctx.stepDone }));

    subs.push(new ConnectionStatusBar(conn, ctx.connectionShown));
    subs.push(
      vscode.workspace.registerFileSystemProvider(CAMPAIGN_SCHEME, documents, { isCaseSensitive: true, isReadonly: readOnlyMessage() }),
    );
    subs.push(vscode.workspace.registerTextDocumentContentProvider(BASE_SCHEME, documents));
    // Several campaigns can be selected: Fetch and Copy Id take them all (VS Code passes the item
    // clicked, then the selection); the commands about one campaign act on the item clicked.
    const view = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true, canSelectMany: true });
    tree.view = view;
    subs.push(
      view,
      view.onDidExpandElement(e => void tree.rememberExpansion(e.element, true)),
      view.onDidCollapseElement(e => void tree.rememberExpansion(e.element, false)),
    );

    subs.push(
      ctx.campaignRead.event(read => {
        tree.showRead(read);
        documents.showRead(read);
      }),
    );

    tree.refresh();
    // Reconnect with a stored key in the background; the status bar shows the progress.
    void conn.restore();
  }
}
