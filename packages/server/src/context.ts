import * as fs from 'fs';
import * as path from 'path';
import * as v8 from 'v8';
import { pathToFileURL } from 'url';
import * as l10n from '@vscode/l10n';
import { CancellationToken, Connection, LSPErrorCodes, ResponseError, TextDocuments } from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  commandRuleLink,
  CompletionClient,
  DocumentKind,
  DocumentSettings,
  fileRuleLink,
  LanguageService,
  LanguageServiceOptions,
  ParsedDocument,
  PLAIN_CLIENT,
  RuleLink,
  visible,
  webRuleLink,
} from '@campaign-studio/core';
import { BaseSnapshotStore, SettingsStore } from '@campaign-studio/sync';
import { DocumentRegistry } from './documentRegistry';

/** How long typing pauses before diagnostics are pushed (clients without pull diagnostics). */
export const PUSH_DELAY_MS = 200;
/** Diagnostics per file sent to the editor (the most severe first); the CLI reports them all. */
export const MAX_PROBLEMS = 1000;

/**
 * The largest open document the features work on, in characters (about its bytes: a campaign is
 * JSON, mostly ASCII). Campaign files run 3–400 KB. Measured in one process on a shared 2-core
 * machine (Node 20, load about 9), the costliest request, the first hover (it builds jsonc-parser's
 * position tree), took 0.67 s of CPU at 10 MB and 1.6 s at 20 MB; formatting 0.41 s and 0.66 s;
 * parse and validation under 0.2 s at 10 MB. So up to 10 MB every request is served within a
 * second (the bench's 10 MB documents among them); past it the document is kept, as its edits
 * must apply, but no feature reads it: one 200 MB document held every request for minutes.
 */
export const MAX_DOCUMENT_CHARS = 10 * 1024 * 1024;

/** Whether the features leave a document alone: it is past MAX_DOCUMENT_CHARS. */
export function oversized(doc: TextDocument): boolean {
  return doc.getText().length > MAX_DOCUMENT_CHARS;
}

export interface ServerOptions {
  /** Makes the language service from the server's hooks (tests inject failures this way). */
  createService?: (hooks: LanguageServiceOptions) => LanguageService;
  pushDelayMs?: number;
  maxProblems?: number;
}

/** What the client can do, read once at initialize. */
export interface ClientInfo {
  pullDiagnostics: boolean;
  diagnosticRefresh: boolean;
  configuration: boolean;
  configurationRegistration: boolean;
  watchedFilesRegistration: boolean;
  /** The first workspace folder: its settings file governs documents that are not files. */
  workspaceFolder: string | undefined;
  /** Every workspace folder on disk, as file names. */
  workspaceFolders: string[];
  /** The client tells when workspace folders are added or removed (`workspace/didChangeWorkspaceFolders`). */
  workspaceFolderChanges: boolean;
  hierarchicalSymbols: boolean;
  codeActionLiterals: boolean;
  /** The client asks for a code action's edit with `codeAction/resolve` (`resolveSupport` names `edit`). */
  codeActionResolve: boolean;
  versionedWorkspaceEdits: boolean;
  foldingRangeLimit: number | undefined;
  /** What completion items may hold: snippets, markdown, label details. */
  completion: CompletionClient;
  /** VS Code and its relatives: they run `editor.action.triggerSuggest`. */
  vscode: boolean;
  /** Editor settings when the client cannot answer `workspace/configuration` (sent at initialize or on change). */
  pushedEditorSettings: unknown;
  /** The editor command that shows a rule's documentation (`initializationOptions.ruleDocCommand`), if the client has one. */
  ruleDocCommand: string | undefined;
  /** The editor command that opens the campaign preview of a URI (`initializationOptions.previewCommand`), if the client has one. */
  previewCommand: string | undefined;
  /**
   * Whether hovers lead with the problems at the position: editors such as Neovim and Emacs show
   * no diagnostic in a hover; VS Code shows its own, first, with its Quick Fix (it passes
   * `initializationOptions.problemsInHover: false`).
   */
  problemsInHover: boolean;
  /** Where diagnostics and hovers link each rule's documentation. */
  ruleLink: RuleLink;
}

/** docs/rules.md as installed beside the bundle (`dist/server.js` → `docs/rules.md`, in the npm package and the VSIX). */
const BUNDLED_RULES_DOC = path.resolve(__dirname, '..', 'docs', 'rules.md');

/**
 * The client's command when it has one (VS Code shows the rule inside the editor), else the
 * installed docs/rules.md, which opens offline in any editor; the web page only when the server
 * runs without it (from source).
 */
export function ruleLinkFor(command: string | undefined): RuleLink {
  if (command) return commandRuleLink(command);
  return fs.existsSync(BUNDLED_RULES_DOC) ? fileRuleLink(pathToFileURL(BUNDLED_RULES_DOC).href) : webRuleLink;
}

/** What a request handler gets from `safe`: the open document, parsed once, and its settings. */
export interface RequestContext {
  doc: TextDocument;
  parsed: ParsedDocument;
  kind: DocumentKind;
  settings: DocumentSettings;
  token: CancellationToken;
}

export interface Log {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
}

/**
 * Everything the capabilities share, owned by one server instance: the connection, the open
 * documents, the registry of what is known per document (and the language service it owns), settings.
 */
export interface ServerContext {
  readonly connection: Connection;
  readonly documents: TextDocuments<TextDocument>;
  /** What the server knows per document: every capability reads and writes it there. */
  readonly registry: DocumentRegistry;
  /** The registry's language service. */
  readonly service: LanguageService;
  readonly settings: SettingsStore;
  readonly client: ClientInfo;
  readonly log: Log;
  readonly options: Required<Pick<ServerOptions, 'pushDelayMs' | 'maxProblems'>>;
  /** Damaged base snapshots already logged (each once, until it changes). */
  readonly loggedBaseProblems: Set<string>;
  shuttingDown: boolean;
  /**
   * Runs a request handler for the open document `uri`: a closed or oversized document gets `fallback`,
   * cancellation is honoured (the client gets RequestCancelled), and an error is logged with what
   * was being computed for which file, the client getting `fallback` instead.
   */
  safe<R>(handler: string, uri: string, fallback: R, fn: (ctx: RequestContext) => R | Promise<R>, token: CancellationToken): Promise<R>;
}

export function describe(e: unknown): string {
  return e instanceof Error ? (e.stack ?? e.message) : String(e);
}

function initialClientInfo(): ClientInfo {
  return {
    pullDiagnostics: false,
    diagnosticRefresh: false,
    configuration: false,
    configurationRegistration: false,
    watchedFilesRegistration: false,
    workspaceFolder: undefined,
    workspaceFolders: [],
    workspaceFolderChanges: false,
    hierarchicalSymbols: false,
    codeActionLiterals: false,
    codeActionResolve: false,
    versionedWorkspaceEdits: false,
    foldingRangeLimit: undefined,
    completion: PLAIN_CLIENT,
    vscode: false,
    pushedEditorSettings: undefined,
    ruleDocCommand: undefined,
    previewCommand: undefined,
    problemsInHover: true,
    ruleLink: webRuleLink,
  };
}

/** The editor's log, every line with its control characters written out (a file or a URI may hold any). */
function connectionLog(connection: Connection): Log {
  return {
    error: m => connection.console.error(visible(m)),
    warn: m => connection.console.warn(visible(m)),
    info: m => connection.console.info(visible(m)),
  };
}

/** Past this share of the heap limit the parse cache keeps only the document in use. */
const HEAP_PRESSURE = 0.5;

/** Whether the heap holds more than HEAP_PRESSURE of what it may (`--max-old-space-size` or V8's default). */
export function nearHeapLimit(heap: Pick<v8.HeapInfo, 'used_heap_size' | 'heap_size_limit'> = v8.getHeapStatistics()): boolean {
  return heap.used_heap_size > heap.heap_size_limit * HEAP_PRESSURE;
}

/** The language service's hooks but those the registry answers (what is known per document). */
function serviceHooks(ctx: Pick<ServerContext, 'loggedBaseProblems' | 'log' | 'client'>): LanguageServiceOptions {
  return {
    ruleLink: id => ctx.client.ruleLink(id),
    now: Date.now,
    onBaseProblem: (problem, uri) => {
      const key = `${problem.file}\n${problem.message}`;
      if (ctx.loggedBaseProblems.has(key)) return;
      ctx.loggedBaseProblems.add(key);
      ctx.log.warn(l10n.t`${problem.message} The update rules (P1–P5) are not checked for ${uri} until then.`);
    },
    log: ctx.log.error,
    baseSnapshots: new BaseSnapshotStore(),
    memoryPressure: () => nearHeapLimit(),
  };
}

function settingsStore(
  connection: Connection,
  ctx: Pick<ServerContext, 'client' | 'log'>,
  openSettingsBuffer: (file: string) => ParsedDocument | undefined,
): SettingsStore {
  return new SettingsStore({
    editorSettings: async uri =>
      ctx.client.configuration
        ? connection.workspace.getConfiguration({ scopeUri: uri, section: 'campaignStudio' })
        : ctx.client.pushedEditorSettings,
    openSettingsBuffer,
    fallbackFolder: () => ctx.client.workspaceFolder,
    log: ctx.log.warn,
  });
}

export function createContext(connection: Connection, options: ServerOptions): ServerContext {
  const shared = {
    connection,
    documents: new TextDocuments(TextDocument),
    client: initialClientInfo(),
    log: connectionLog(connection),
    options: { pushDelayMs: options.pushDelayMs ?? PUSH_DELAY_MS, maxProblems: options.maxProblems ?? MAX_PROBLEMS },
    loggedBaseProblems: new Set<string>(),
    shuttingDown: false,
  };
  // The settings read an open settings file's buffer from the registry, which drops a document's settings with it.
  const settings = settingsStore(connection, shared, file => registry.settingsBuffer(file));
  const registry = new DocumentRegistry({
    documents: shared.documents,
    settings,
    service: documentHooks => {
      const hooks = { ...serviceHooks(shared), ...documentHooks };
      return options.createService?.(hooks) ?? new LanguageService(hooks);
    },
  });
  const ctx: ServerContext = {
    ...shared,
    registry,
    service: registry.service,
    settings,
    safe: (handler, uri, fallback, fn, token) => safeRequest(ctx, handler, uri, fallback, fn, token),
  };
  return ctx;
}

/** The open document `uri`, unless it is closed or oversized. */
function servable(ctx: Pick<ServerContext, 'documents'>, uri: string): TextDocument | undefined {
  const doc = ctx.documents.get(uri);
  return doc && !oversized(doc) ? doc : undefined;
}

async function safeRequest<R>(
  ctx: ServerContext,
  handler: string,
  uri: string,
  fallback: R,
  fn: (req: RequestContext) => R | Promise<R>,
  token: CancellationToken,
): Promise<R> {
  const cancelled = () => new ResponseError(LSPErrorCodes.RequestCancelled, `${handler} cancelled`);
  let version: number | undefined;
  try {
    if (token.isCancellationRequested) throw cancelled();
    if (!servable(ctx, uri)) return fallback;
    const docSettings = await ctx.settings.get(uri);
    if (token.isCancellationRequested) throw cancelled();
    const doc = servable(ctx, uri);
    if (!doc) return fallback;
    version = doc.version;
    const result = await fn({ doc, parsed: ctx.registry.parsed(doc), kind: ctx.service.kind(doc), settings: docSettings, token });
    if (token.isCancellationRequested) throw cancelled();
    return result;
  } catch (e) {
    // Cancelled, or refused because the text moved on: the client's to handle, not a failure.
    if (e instanceof ResponseError && (e.code === LSPErrorCodes.RequestCancelled || e.code === LSPErrorCodes.ContentModified)) throw e;
    ctx.log.error(l10n.t`${handler} failed for ${uri}${version === undefined ? '' : l10n.t` (version ${version})`}: ${describe(e)}`);
    return fallback;
  }
}
