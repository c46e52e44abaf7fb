import * as l10n from '@vscode/l10n';
import {
  ClientCapabilities,
  CodeActionKind,
  DidChangeConfigurationNotification,
  InitializeParams,
  InitializeResult,
  MarkupKind,
  ServerCapabilities,
  TextDocumentSyncKind,
  WorkspaceFolder,
} from 'vscode-languageserver/node';
import { FIX_ALL_KIND, isFileUri, loadValidators, uriToFileName } from '@campaign-studio/core';
import { version } from '../../../../package.json';
import { ClientInfo, describe, ruleLinkFor, ServerContext } from '../context';
import { Diagnostics } from './diagnostics';
import { WorkspaceFiles } from './workspaceFiles';
import { SHOW_SCHEDULE_COMMAND } from './codeLens';

/** What the client can do, from its capabilities and its name. */
function readClient(client: ClientInfo, params: InitializeParams): void {
  const caps: ClientCapabilities = params.capabilities;
  client.pullDiagnostics = !!caps.textDocument?.diagnostic;
  client.diagnosticRefresh = !!caps.workspace?.diagnostics?.refreshSupport;
  client.configuration = !!caps.workspace?.configuration;
  client.configurationRegistration = !!caps.workspace?.didChangeConfiguration?.dynamicRegistration;
  client.watchedFilesRegistration = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
  client.hierarchicalSymbols = !!caps.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport;
  client.codeActionLiterals = !!caps.textDocument?.codeAction?.codeActionLiteralSupport;
  client.codeActionResolve = !!caps.textDocument?.codeAction?.resolveSupport?.properties.includes('edit');
  client.versionedWorkspaceEdits = !!caps.workspace?.workspaceEdit?.documentChanges;
  client.foldingRangeLimit = caps.textDocument?.foldingRange?.rangeLimit;
  const item = caps.textDocument?.completion?.completionItem;
  client.completion = {
    snippets: !!item?.snippetSupport,
    markdown: !!item?.documentationFormat?.includes(MarkupKind.Markdown),
    labelDetails: !!item?.labelDetailsSupport,
  };
  client.vscode = /visual studio code|vscode|code-server|vscodium|cursor/i.test(params.clientInfo?.name ?? '');
  const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
  client.workspaceFolder = folder && isFileUri(folder) ? uriToFileName(folder) : (params.rootPath ?? undefined);
  const folders = params.workspaceFolders?.map(f => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
  client.workspaceFolders = folders.filter(isFileUri).map(uriToFileName);
  client.workspaceFolderChanges = !!caps.workspace?.workspaceFolders;
  const options = params.initializationOptions as
    | { campaignStudio?: unknown; ruleDocCommand?: unknown; previewCommand?: unknown; problemsInHover?: unknown }
    | undefined;
  client.pushedEditorSettings = options?.campaignStudio;
  client.ruleDocCommand = typeof options?.ruleDocCommand === 'string' ? options.ruleDocCommand : undefined;
  client.ruleLink = ruleLinkFor(client.ruleDocCommand);
  client.previewCommand = typeof options?.previewCommand === 'string' ? options.previewCommand : undefined;
  client.problemsInHover = options?.problemsInHover !== false;
}

function serverCapabilities(client: ClientInfo): ServerCapabilities {
  return {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: true },
    diagnosticProvider: client.pullDiagnostics
      ? { identifier: 'campaign-studio', interFileDependencies: false, workspaceDiagnostics: false }
      : undefined,
    completionProvider: { triggerCharacters: ['"', ':'] },
    hoverProvider: true,
    codeActionProvider: client.codeActionLiterals
      ? { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND], resolveProvider: client.codeActionResolve }
      : true,
    documentSymbolProvider: { label: 'Campaign' },
    codeLensProvider: { resolveProvider: false },
    // A client without a preview of its own (Neovim, Emacs) runs the lens's command on the server.
    ...(client.previewCommand ? {} : { executeCommandProvider: { commands: [SHOW_SCHEDULE_COMMAND] } }),
    documentFormattingProvider: true,
    documentRangeFormattingProvider: true,
    foldingRangeProvider: true,
    workspace: client.workspaceFolderChanges ? { workspaceFolders: { supported: true, changeNotifications: true } } : undefined,
  };
}

/** A registration a client allows only after `initialized`: settings changes (the watched files are the workspace check's). */
function registerDynamic(ctx: ServerContext): void {
  if (ctx.client.configurationRegistration) {
    ctx.connection.client
      .register(DidChangeConfigurationNotification.type, { section: 'campaignStudio' })
      .catch(e => ctx.log.warn(l10n.t`registering for settings changes failed: ${describe(e)}`));
  }
}
/** The workspace folders (file paths) once the editor added and removed some; folders that are not files are left out. */
function foldersAfter(current: string[], added: WorkspaceFolder[], removed: WorkspaceFolder[]): string[] {
  const paths = (folders: WorkspaceFolder[]) =>
    folders
      .map(f => f.uri)
      .filter(isFileUri)
      .map(uriToFileName);
  const gone = new Set(paths(removed));
  return [...new Set([...current.filter(f => !gone.has(f)), ...paths(added)])];
}

export function registerLifecycle(ctx: ServerContext, diagnostics: Diagnostics, workspaceFiles: WorkspaceFiles): void {
  ctx.connection.onInitialize((params): InitializeResult => {
    readClient(ctx.client, params);
    // Loaded once the answer is written, while the editor reads it and sends its first document.
    setImmediate(loadValidators);
    return { capabilities: serverCapabilities(ctx.client), serverInfo: { name: 'campaign-studio', version } };
  });
  ctx.connection.onInitialized(() => {
    registerDynamic(ctx);
    if (ctx.client.workspaceFolderChanges) {
      ctx.connection.workspace.onDidChangeWorkspaceFolders(({ added, removed }) => {
        ctx.client.workspaceFolders = foldersAfter(ctx.client.workspaceFolders, added, removed);
        void workspaceFiles.configure();
      });
    }
    void workspaceFiles.configure();
  });
  ctx.connection.onShutdown(() => {
    diagnostics.dispose();
    ctx.shuttingDown = true;
  });
}
