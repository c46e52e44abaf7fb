import {
  createConnection, Connection, ProposedFeatures, TextDocuments, TextDocumentSyncKind,
  DidChangeConfigurationNotification, DidChangeWatchedFilesNotification, DocumentDiagnosticReport, DiagnosticRefreshRequest,
  DocumentDiagnosticReportKind, Diagnostic, DiagnosticSeverity, CancellationToken, ResponseError, LSPErrorCodes,
  ServerCapabilities, ClientCapabilities, InitializeResult, PublishDiagnosticsParams,
  CodeAction, CodeActionKind, CompletionList, DocumentSymbol, FoldingRange, Hover, SymbolInformation, TextEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import * as path from 'path';
import { LanguageService, LanguageServiceOptions } from '@campaign-studio/core';
import { limitDiagnostics } from '@campaign-studio/core';
import { CAMPAIGNRC, DocumentSettings, SettingsStore } from '@campaign-studio/core';
import { isFileUri, uriToFileName } from '@campaign-studio/core';
import { ParsedDocument } from '@campaign-studio/core';
import { DocumentKind, Finding, RemoteState, Severity } from '@campaign-studio/core';
import { RemoteFindingsNotification, RemoteStateNotification, ServerStatsRequest } from '@campaign-studio/core';
import { BASE_FOLDER, BaseSnapshotStore } from '@campaign-studio/sync';
import { version } from '../../../package.json';
import { doComplete } from '@campaign-studio/core';
import { doHover } from '@campaign-studio/core';
import { codeActions, FIX_ALL_KIND } from '@campaign-studio/core';
import { documentSymbols, flattenSymbols } from '@campaign-studio/core';
import { format } from '@campaign-studio/core';
import { foldingRanges } from '@campaign-studio/core';

/**
 * The language server's entry: the only module that knows about the LSP connection. Each
 * capability has its own section below; the work itself is done by the pure language service.
 *
 * Run it with `node dist/server.js --stdio` (other editors) or `--node-ipc` (the VS Code client).
 */

/** How long typing pauses before diagnostics are pushed (clients without pull diagnostics). */
export const PUSH_DELAY_MS = 200;
/** Diagnostics per file sent to the editor (the most severe first); the CLI reports them all. */
export const MAX_PROBLEMS = 1000;

export interface ServerOptions {
  /** Makes the language service from the server's hooks (tests inject failures this way). */
  createService?: (hooks: LanguageServiceOptions) => LanguageService;
  pushDelayMs?: number;
  maxProblems?: number;
}

/** What a request handler gets from `safe`: the open document, parsed once, and its settings. */
export interface RequestContext {
  doc: TextDocument;
  parsed: ParsedDocument;
  kind: DocumentKind;
  settings: DocumentSettings;
  token: CancellationToken;
}

function describe(e: unknown): string {
  return e instanceof Error ? e.stack ?? e.message : String(e);
}

function isSettingsFile(uri: string): boolean {
  return path.basename(uriToFileName(uri)).toLowerCase() === CAMPAIGNRC;
}

function isBaseSnapshot(uri: string): boolean {
  return path.dirname(uriToFileName(uri)).replace(/\\/g, '/').endsWith(`/${BASE_FOLDER}`);
}

export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const documents = new TextDocuments(TextDocument);
  const pushDelay = options.pushDelayMs ?? PUSH_DELAY_MS;
  const maxProblems = options.maxProblems ?? MAX_PROBLEMS;
  let shuttingDown = false;

  // ── Logging ─────────────────────────────────────────────────────────────────────────────
  const log = {
    error: (m: string) => connection.console.error(m),
    warn: (m: string) => connection.console.warn(m),
    info: (m: string) => connection.console.info(m),
  };

  // ── What the client can do (read once, at initialize) ─────────────────────────────────────
  const client = {
    pullDiagnostics: false,
    diagnosticRefresh: false,
    configuration: false,
    configurationRegistration: false,
    watchedFilesRegistration: false,
    /** The first workspace folder: its settings file governs documents that are not files. */
    workspaceFolder: undefined as string | undefined,
    hierarchicalSymbols: false,
    codeActionLiterals: false,
    versionedWorkspaceEdits: false,
    foldingRangeLimit: undefined as number | undefined,
    /** VS Code and its relatives: they have the snippet files, and run `editor.action.triggerSuggest`. */
    vscode: false,
  };

  // ── Remote campaigns (state and the service's own findings, sent by the client) ───────────
  const remoteStates = new Map<string, RemoteState>();
  const remoteFindings = new Map<string, Finding[]>();

  /** Damaged base snapshots already logged (each once, until it changes). */
  const loggedBaseProblems = new Set<string>();

  const hooks: LanguageServiceOptions = {
    getRemote: uri => remoteStates.get(uri),
    extraFindings: uri => remoteFindings.get(uri) ?? [],
    onBaseProblem: (problem, uri) => {
      const key = `${problem.file}\n${problem.message}`;
      if (loggedBaseProblems.has(key)) return;
      loggedBaseProblems.add(key);
      log.warn(`${problem.message} The update rules (P1–P5) are not checked for ${uri} until then.`);
    },
    log: log.error,
    baseSnapshots: new BaseSnapshotStore(),
  };
  const service = options.createService?.(hooks) ?? new LanguageService(hooks);

  // ── Settings: one typed object per resource, cached, cleared on any change ─────────────────
  /** Editor settings when the client cannot answer `workspace/configuration` (sent at initialize or on change). */
  let pushedEditorSettings: unknown;
  /** Open settings-file buffers by file name: their unsaved text counts (see README, campaignrc). */
  const openSettingsFiles = new Map<string, string>();
  const settings = new SettingsStore({
    editorSettings: async uri => client.configuration
      ? connection.workspace.getConfiguration({ scopeUri: uri, section: 'campaignStudio' })
      : pushedEditorSettings,
    openSettingsBuffer: file => {
      const uri = openSettingsFiles.get(file);
      const doc = uri === undefined ? undefined : documents.get(uri);
      return doc ? service.parsed(doc) : undefined;
    },
    fallbackFolder: () => client.workspaceFolder,
    log: log.warn,
  });
  /** Bumped whenever something other than a document's text changes its diagnostics. */
  let generation = 0;

  function settingsChanged(): void {
    settings.clear();
    generation++;
    refreshAll();
  }

  // ── Requests: every handler runs inside `safe` ────────────────────────────────────────────
  /**
   * Runs a request handler for the open document `uri`: a closed document gets `fallback`,
   * cancellation is honoured (the client gets RequestCancelled), and an error is logged with what
   * was being computed for which file, the client getting `fallback` instead.
   */
  async function safe<R>(handler: string, uri: string, fallback: R, fn: (ctx: RequestContext) => R | Promise<R>, token: CancellationToken): Promise<R> {
    const cancelled = () => new ResponseError(LSPErrorCodes.RequestCancelled, `${handler} cancelled`);
    let version: number | undefined;
    try {
      if (token.isCancellationRequested) throw cancelled();
      if (!documents.get(uri)) return fallback;
      const docSettings = await settings.get(uri);
      if (token.isCancellationRequested) throw cancelled();
      const doc = documents.get(uri);
      if (!doc) return fallback;
      version = doc.version;
      const result = await fn({ doc, parsed: service.parsed(doc), kind: service.kind(doc), settings: docSettings, token });
      if (token.isCancellationRequested) throw cancelled();
      return result;
    } catch (e) {
      if (e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled) throw e;
      log.error(`${handler} failed for ${uri}${version === undefined ? '' : ` (version ${version})`}: ${describe(e)}`);
      return fallback;
    }
  }

  // ── Diagnostics ───────────────────────────────────────────────────────────────────────────
  /** All diagnostics of a document, capped at `maxProblems` with a note saying how many are hidden. */
  function computeDiagnostics(doc: TextDocument, docSettings: DocumentSettings): Diagnostic[] {
    const { shown, hidden } = limitDiagnostics(service.diagnostics(doc, docSettings), maxProblems);
    const out: Diagnostic[] = shown as Diagnostic[];
    if (hidden > 0) {
      out.push({
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        severity: DiagnosticSeverity.Information,
        source: 'campaign-studio',
        message: `${hidden} more problem${hidden === 1 ? ' is' : 's are'} not shown: the editor shows ${maxProblems} per file, the most severe first. Run \`campaign-lint\` on this file for the full list.`,
      });
    }
    return out;
  }

  // Pull (LSP 3.17): the client asks when it wants them; `resultId` lets it skip unchanged ones.
  const EMPTY_REPORT: DocumentDiagnosticReport = { kind: DocumentDiagnosticReportKind.Full, items: [] };
  connection.languages.diagnostics.on((params, token) => safe<DocumentDiagnosticReport>('diagnostics', params.textDocument.uri, EMPTY_REPORT, ctx => {
    const resultId = `${ctx.doc.version}:${generation}`;
    if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items: computeDiagnostics(ctx.doc, ctx.settings) };
  }, token));

  // Push: debounced per document; only the version that was validated is published.
  const pushTimers = new Map<string, NodeJS.Timeout>();

  function schedulePush(uri: string, delay: number): void {
    if (client.pullDiagnostics || shuttingDown) return;
    clearTimeout(pushTimers.get(uri));
    pushTimers.set(uri, setTimeout(() => {
      pushTimers.delete(uri);
      void push(uri);
    }, delay));
  }

  /** Sends diagnostics; a connection that is gone cannot hear about it, so stderr does. */
  function publish(params: PublishDiagnosticsParams): Promise<void> {
    return connection.sendDiagnostics(params).catch(e => { process.stderr.write(`could not publish diagnostics for ${params.uri}: ${describe(e)}\n`); });
  }

  async function push(uri: string): Promise<void> {
    const doc = documents.get(uri);
    if (!doc) return;
    const version = doc.version;
    let diagnostics: Diagnostic[];
    try {
      const docSettings = await settings.get(uri);
      const current = documents.get(uri);
      // A newer version (or a close) has scheduled its own publication.
      if (!current || current.version !== version) return;
      diagnostics = computeDiagnostics(current, docSettings);
    } catch (e) {
      // Never leave stale diagnostics behind: clear them and say why in the log.
      log.error(`diagnostics failed for ${uri} (version ${version}); its diagnostics are cleared: ${describe(e)}`);
      diagnostics = [];
    }
    if (!shuttingDown) await publish({ uri, version, diagnostics });
  }

  // After a change of settings or remote state: every open document again, coalesced.
  let refreshTimer: NodeJS.Timeout | undefined;
  function refreshAll(): void {
    if (refreshTimer || shuttingDown) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = undefined;
      if (!client.pullDiagnostics) {
        for (const d of documents.all()) schedulePush(d.uri, 0);
      } else if (client.diagnosticRefresh) {
        connection.sendRequest(DiagnosticRefreshRequest.type).catch(e => log.warn(`diagnostics refresh failed: ${describe(e)}`));
      }
    }, pushDelay);
  }

  // ── Documents ─────────────────────────────────────────────────────────────────────────────
  const justOpened = new Set<string>();
  documents.onDidOpen(e => {
    justOpened.add(e.document.uri);
    if (isSettingsFile(e.document.uri)) {
      openSettingsFiles.set(uriToFileName(e.document.uri), e.document.uri);
      settingsChanged();
    }
  });
  documents.onDidChangeContent(e => {
    // Opening also fires this: the first diagnostics come at once, later ones after a pause.
    schedulePush(e.document.uri, justOpened.delete(e.document.uri) ? 0 : pushDelay);
    if (isSettingsFile(e.document.uri)) settingsChanged();
  });
  documents.onDidClose(e => {
    const uri = e.document.uri;
    clearTimeout(pushTimers.get(uri));
    pushTimers.delete(uri);
    justOpened.delete(uri);
    service.cache.delete(uri);
    settings.forget(uri);
    if (isSettingsFile(uri)) {
      // The saved file counts again.
      openSettingsFiles.delete(uriToFileName(uri));
      settingsChanged();
    }
    if (!client.pullDiagnostics && !shuttingDown) void publish({ uri, diagnostics: [] });
  });

  // ── Workspace: editor settings and settings files on disk ─────────────────────────────────
  connection.onDidChangeConfiguration(params => {
    if (!client.configuration) pushedEditorSettings = (params.settings as { campaignStudio?: unknown } | undefined)?.campaignStudio;
    settingsChanged();
  });

  connection.onDidChangeWatchedFiles(params => {
    if (params.changes.some(c => isSettingsFile(c.uri))) settingsChanged();
    // A fetch or a push rewrote a base snapshot: files not described by the extension read it again.
    if (params.changes.some(c => isBaseSnapshot(c.uri))) {
      service.baseSnapshots?.clear();
      loggedBaseProblems.clear();
      generation++;
      refreshAll();
    }
  });

  // ── Remote campaigns (custom notifications from the extension) ────────────────────────────
  connection.onNotification(RemoteStateNotification.method, (p: RemoteStateNotification.Params) => {
    if (!Array.isArray(p?.entries)) return log.warn(`${RemoteStateNotification.method}: no entries array, ignored`);
    for (const e of p.entries) {
      if (typeof e?.uri !== 'string') continue;
      if (e.state && typeof e.state.status === 'string') remoteStates.set(e.uri, e.state);
      else remoteStates.delete(e.uri);
    }
    generation++;
    refreshAll();
  });

  connection.onNotification(RemoteFindingsNotification.method, (p: RemoteFindingsNotification.Params) => {
    if (typeof p?.uri !== 'string' || !Array.isArray(p.findings)) return log.warn(`${RemoteFindingsNotification.method}: malformed parameters, ignored`);
    const severities: Severity[] = ['error', 'warning', 'information', 'hint'];
    const findings = p.findings.filter(f => typeof f?.rule === 'string' && typeof f.path === 'string' && typeof f.message === 'string' && severities.includes(f.severity));
    if (findings.length < p.findings.length) log.warn(`${RemoteFindingsNotification.method}: ${p.findings.length - findings.length} malformed finding(s) for ${p.uri} ignored`);
    if (findings.length) remoteFindings.set(p.uri, findings); else remoteFindings.delete(p.uri);
    generation++;
    refreshAll();
  });

  // ── Editing: completion, hover, code actions, outline, formatting, folding ────────────────
  /**
   * The editor's indentation for a resource, for the text that fixes insert (the document's own
   * indentation wins when it has one). Asked once per document while it is open.
   */
  const indentation = new Map<string, Promise<{ tabSize?: number; insertSpaces?: boolean; detectIndentation?: boolean } | undefined>>();
  function indentationFor(uri: string) {
    if (!client.configuration) return Promise.resolve(undefined);
    let hit = indentation.get(uri);
    if (!hit) {
      hit = connection.workspace.getConfiguration({ scopeUri: uri, section: 'editor' }).then(
        (e: { tabSize?: unknown; insertSpaces?: unknown; detectIndentation?: unknown } | null) => ({
          tabSize: typeof e?.tabSize === 'number' && e.tabSize > 0 ? e.tabSize : undefined,
          insertSpaces: typeof e?.insertSpaces === 'boolean' ? e.insertSpaces : undefined,
          detectIndentation: typeof e?.detectIndentation === 'boolean' ? e.detectIndentation : undefined,
        }),
        () => undefined);
      indentation.set(uri, hit);
    }
    return hit;
  }
  documents.onDidClose(e => indentation.delete(e.document.uri));

  connection.onCompletion((params, token) => safe<CompletionList | null>('completion', params.textDocument.uri, null, ctx => doComplete({
    parsed: ctx.parsed, kind: ctx.kind, settings: ctx.settings.workspace, position: params.position,
    triggerSuggest: client.vscode, skeletons: !client.vscode,
    findings: () => service.findings(ctx.doc, ctx.settings),
  }), token));

  connection.onHover((params, token) => safe<Hover | null>('hover', params.textDocument.uri, null, ctx => doHover({
    parsed: ctx.parsed, kind: ctx.kind, settings: ctx.settings.workspace, position: params.position,
  }), token));

  connection.onCodeAction((params, token) => safe<CodeAction[]>('code actions', params.textDocument.uri, [], async ctx => {
    const formatting = await indentationFor(ctx.doc.uri);
    const actions = codeActions({
      uri: ctx.doc.uri, parsed: ctx.parsed, kind: ctx.kind, settings: ctx.settings.workspace,
      findings: service.findings(ctx.doc, ctx.settings), range: params.range, only: params.context.only, formatting,
    });
    if (!client.versionedWorkspaceEdits) return actions;
    // Tie each edit to the version it was computed on: the editor refuses it if the text moved on.
    return actions.map(a => {
      const edits = a.edit?.changes?.[ctx.doc.uri];
      return edits ? { ...a, edit: { documentChanges: [{ textDocument: { uri: ctx.doc.uri, version: ctx.doc.version }, edits }] } } : a;
    });
  }, token));

  connection.onDocumentSymbol((params, token) => safe<DocumentSymbol[] | SymbolInformation[]>('document symbols', params.textDocument.uri, [], ctx => {
    const symbols = documentSymbols({ parsed: ctx.parsed, kind: ctx.kind });
    return client.hierarchicalSymbols ? symbols : flattenSymbols(symbols, ctx.doc.uri);
  }, token));

  connection.onDocumentFormatting((params, token) => safe<TextEdit[]>('formatting', params.textDocument.uri, [], ctx => format({
    parsed: ctx.parsed, options: params.options,
  }), token));

  connection.onDocumentRangeFormatting((params, token) => safe<TextEdit[]>('range formatting', params.textDocument.uri, [], ctx => format({
    parsed: ctx.parsed, options: params.options, range: params.range,
  }), token));

  connection.onFoldingRanges((params, token) => safe<FoldingRange[]>('folding ranges', params.textDocument.uri, [], ctx => foldingRanges({
    parsed: ctx.parsed, rangeLimit: client.foldingRangeLimit,
  }), token));

  // ── Maintenance ───────────────────────────────────────────────────────────────────────────
  connection.onRequest(ServerStatsRequest.type, () => {
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, openDocuments: documents.all().length };
  });

  // ── Lifecycle ─────────────────────────────────────────────────────────────────────────────
  connection.onInitialize((params): InitializeResult => {
    const caps: ClientCapabilities = params.capabilities;
    client.pullDiagnostics = !!caps.textDocument?.diagnostic;
    client.diagnosticRefresh = !!caps.workspace?.diagnostics?.refreshSupport;
    client.configuration = !!caps.workspace?.configuration;
    client.configurationRegistration = !!caps.workspace?.didChangeConfiguration?.dynamicRegistration;
    client.watchedFilesRegistration = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    client.hierarchicalSymbols = !!caps.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport;
    client.codeActionLiterals = !!caps.textDocument?.codeAction?.codeActionLiteralSupport;
    client.versionedWorkspaceEdits = !!caps.workspace?.workspaceEdit?.documentChanges;
    client.foldingRangeLimit = caps.textDocument?.foldingRange?.rangeLimit;
    client.vscode = /visual studio code|vscode|code-server|vscodium|cursor/i.test(params.clientInfo?.name ?? '');
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri ?? undefined;
    client.workspaceFolder = folder && isFileUri(folder) ? uriToFileName(folder) : params.rootPath ?? undefined;
    pushedEditorSettings = (params.initializationOptions as { campaignStudio?: unknown } | undefined)?.campaignStudio;
    const capabilities: ServerCapabilities = {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: false },
      diagnosticProvider: client.pullDiagnostics ? { identifier: 'campaign-studio', interFileDependencies: false, workspaceDiagnostics: false } : undefined,
      completionProvider: { triggerCharacters: ['"', ':'] },
      hoverProvider: true,
      codeActionProvider: client.codeActionLiterals ? { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] } : true,
      documentSymbolProvider: { label: 'Campaign' },
      documentFormattingProvider: true,
      documentRangeFormattingProvider: true,
      foldingRangeProvider: true,
    };
    return { capabilities, serverInfo: { name: 'campaign-studio', version } };
  });

  connection.onInitialized(() => {
    if (client.configurationRegistration) {
      connection.client.register(DidChangeConfigurationNotification.type, { section: 'campaignStudio' })
        .catch(e => log.warn(`registering for settings changes failed: ${describe(e)}`));
    }
    if (client.watchedFilesRegistration) {
      connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: `**/${CAMPAIGNRC}` }, { globPattern: `**/${BASE_FOLDER}/*.json` }] })
        .catch(e => log.warn(`watching ${CAMPAIGNRC} files and base snapshots failed: ${describe(e)}`));
    }
  });

  connection.onShutdown(() => {
    for (const t of pushTimers.values()) clearTimeout(t);
    pushTimers.clear();
    if (refreshTimer) clearTimeout(refreshTimer);
    refreshTimer = undefined;
    shuttingDown = true;
  });

  documents.listen(connection);
  connection.listen();
}

const USAGE = `usage: node server.js --stdio | --node-ipc | --socket=PORT | --pipe=NAME
The Campaign Studio language server. Editors start it and speak LSP with it; see the README's
"Other editors" section. To check files from a terminal or CI, use campaign-lint instead.`;

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE + '\n');
  } else if (!args.some(a => /^--(stdio|node-ipc|socket|pipe)(=|$)/.test(a))) {
    process.stderr.write(`The language server needs a transport.\n${USAGE}\n`);
    process.exitCode = 2;
  } else {
    startServer(createConnection(ProposedFeatures.all));
    process.on('unhandledRejection', e => process.stderr.write(`unhandled rejection in the language server: ${describe(e)}\n`));
  }
}
