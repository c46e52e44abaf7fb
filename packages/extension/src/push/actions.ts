import * as path from 'path';
import * as vscode from 'vscode';
import { isCampaignFileName, RemoteStateNotification } from '@campaign-studio/core';
import {
  ActionDeps,
  BaseStore,
  baseStore,
  Environment as RemoteEnvironment,
  isObject,
  plainText,
  pushApi,
  ServiceClient,
  WriteEnvironment,
} from '@campaign-studio/sync';
import { COMMAND_IDS } from '../commandIds';
import { StudioContext } from '../context';
import { SteppedAction } from '../remoteEditor/progress';
import { serverRules } from './serverRules';
import { FileAction, openFirst, readOnlyView } from './texts';
import { DocumentFile, UiParts, VsCodePushUi } from './vscodeUi';

/**
 * What every write command shares: the connection's client, a user action's ports (the client
 * scoped to the action, its questions, the base store, the server's rules), the campaign file a
 * command is about, and which files have a write in progress. The commands themselves are the
 * modules beside this one; `feature.ts` wires them.
 */

/** What the write side needs from the connection (the Remote feature owns it). */
export interface ConnectionSource {
  environment(): RemoteEnvironment | undefined;
  /** The signed-in client, or an error saying how to sign in. */
  requireClient(): ServiceClient;
  readonly onDidChange?: vscode.Event<void>;
}

/** A command's handler, as VS Code calls it: the item or URI it runs on, then the selection. */
export type Handler = (arg?: unknown, selected?: unknown) => Promise<unknown>;

export class PushActions {
  /** Files with a write in progress: a second push of the same file waits for the first. */
  private readonly busy = new Set<string>();
  /** Saves made by the flows themselves (a merged component, a new id): not a reason to push. */
  private readonly ownSaves = new Set<string>();
  /** Fired when what the CodeLens shows may have changed (a new base, a new id, the connection). */
  readonly lensChanged = new vscode.EventEmitter<void>();

  /**
   * @param uiParts what the questions of every action share; each action gets its own `VsCodePushUi` (see `actionOn`).
   */
  constructor(
    readonly ctx: StudioContext,
    private readonly connection: () => ConnectionSource | undefined,
    private readonly uiParts: UiParts,
  ) {}

  /** The connection, when the Remote feature has one. */
  source(): ConnectionSource | undefined {
    return this.connection();
  }

  /**
   * The connection's client. The flows' writes go through `pushApi`, which marks them confirmed:
   * every flow here shows the exact change and asks itself (twice for production), once per user
   * action, so the client's per-request production prompt is not asked as well.
   */
  client(): ServiceClient {
    const conn = this.connection();
    if (!conn)
      throw new Error(vscode.l10n.t('The connection to the service is not available: sign in first ("Campaign Studio: Sign In").'));
    return conn.requireClient();
  }

  /**
   * A command that needs the service: signed out, it says so and offers to sign in, then goes on
   * once signed in; dismissed, it ends quietly.
   */
  signedIn(run: Handler): Handler {
    return async (arg, selected) => {
      try {
        this.client();
      } catch (e) {
        const signIn = vscode.l10n.t('Sign In');
        const pick = await vscode.window.showWarningMessage(plainText(e instanceof Error ? e.message : String(e)), signIn);
        if (pick !== signIn || !(await vscode.commands.executeCommand<boolean>(COMMAND_IDS.signIn))) return undefined;
      }
      return run(arg, selected);
    };
  }

  environmentOf(client: ServiceClient): WriteEnvironment {
    const env = client.environment;
    if (!env.email)
      throw new Error(
        vscode.l10n.t(
          'Environment `{0}` has no `email`: the service records who made each change (`updated_by`, `created_by`). Add `"email"` to it in the `campaignStudio.environments` setting.',
          env.name,
        ),
      );
    return { name: env.name, production: env.production, email: env.email };
  }

  workspaceRootOf(uri: vscode.Uri): string {
    const folder = vscode.workspace.getWorkspaceFolder(uri) ?? vscode.workspace.workspaceFolders?.[0];
    if (!folder)
      throw new Error(vscode.l10n.t('Open the folder that holds your campaign files: base snapshots live in its `.campaigns/` folder.'));
    return folder.uri.fsPath;
  }

  /**
   * The base store. Each new base is a campaign just read from the service (a push's read-back,
   * the service's version taken into the file): the language server gets its remote state, and
   * the other views of it (the Campaigns tree, a read-only document) the record.
   */
  bases(root: string, client: ServiceClient, fileUri: string): BaseStore {
    const store = baseStore(root, client);
    return {
      read: id => store.read(id),
      hold: store.hold,
      write: async (id, remote) => {
        await store.write(id, remote);
        const params: RemoteStateNotification.Params = {
          entries: [{ uri: fileUri, state: { status: remote.status || 'UNKNOWN', base: remote.normalized } }],
        };
        void this.ctx.client.sendNotification(RemoteStateNotification.method, params).then(undefined, () => undefined);
        this.lensChanged.fire();
        this.ctx.campaignRead.fire({ environment: client.environment.name, record: remote.raw });
      },
    };
  }

  /**
   * One user action about the campaign file `uri` (if any): the connection's client scoped to it,
   * so each step's Cancel aborts the step's calls and its waits show there, and the questions,
   * which read the file's settings and run the steps.
   */
  actionOn(uri: vscode.Uri | undefined): { client: ServiceClient; ui: VsCodePushUi } {
    return this.actionWith(this.client(), uri);
  }

  /** One user action on `client` (another environment's, for a promotion), as `actionOn`. */
  actionWith(client: ServiceClient, uri: vscode.Uri | undefined): { client: ServiceClient; ui: VsCodePushUi } {
    const steps = new SteppedAction();
    return { client: client.forAction(steps), ui: new VsCodePushUi({ ...this.uiParts, resource: uri, action: steps }) };
  }

  /** The push review tabs, which a promotion opens too. */
  get reviews(): UiParts['reviews'] {
    return this.uiParts.reviews;
  }

  /** The log of the write commands. */
  get output(): UiParts['output'] {
    return this.uiParts.output;
  }

  /** One user action's ports. */
  deps(doc: vscode.TextDocument): ActionDeps {
    const { client, ui } = this.actionOn(doc.uri);
    return {
      api: pushApi(client),
      bases: this.bases(this.workspaceRootOf(doc.uri), client, doc.uri.toString()),
      ui,
      env: this.environmentOf(client),
      rules: serverRules(this.ctx.client, doc.uri),
    };
  }

  /** The campaign file a command is about: an explicit URI, else the active editor. */
  async documentFor(arg: unknown, action: FileAction | 'actOn'): Promise<vscode.TextDocument> {
    const uri = arg instanceof vscode.Uri ? arg : isObject(arg) && arg.resourceUri instanceof vscode.Uri ? arg.resourceUri : undefined;
    if (uri) return vscode.workspace.openTextDocument(uri);
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc || !isCampaignFileName(doc.uri.path)) throw new Error(openFirst(action));
    return doc;
  }

  /** Runs `run` on the workspace file a command is about, one write of a file at a time. */
  async withFile(arg: unknown, action: FileAction, run: (file: DocumentFile) => Promise<unknown>): Promise<unknown> {
    const doc = await this.documentFor(arg, action);
    if (doc.uri.scheme !== 'file') throw new Error(readOnlyView(action, doc.uri.toString()));
    const key = doc.uri.toString();
    if (this.busy.has(key)) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('A write of {0} is already in progress; wait for it to finish.', plainText(path.basename(doc.uri.fsPath))),
      );
      return undefined;
    }
    this.busy.add(key);
    try {
      return await run(this.fileOf(doc));
    } finally {
      this.busy.delete(key);
    }
  }

  /** A workspace document as the flows write it: their own saves are known as theirs. */
  fileOf(doc: vscode.TextDocument): DocumentFile {
    return new DocumentFile(doc, { onOwnSave: uri => this.ownSaves.add(uri) });
  }

  /** True, once, for a save one of the flows made itself. */
  ownSave(uri: string): boolean {
    return this.ownSaves.delete(uri);
  }
}
