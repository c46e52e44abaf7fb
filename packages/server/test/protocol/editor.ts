import { ChildProcess, fork, spawn } from 'child_process';
import * as path from 'path';
import { Writable } from 'stream';
import { withTimeout } from '../../../../scripts/lib/processes.mjs';
import {
  createProtocolConnection,
  ProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  IPCMessageReader,
  IPCMessageWriter,
  MessageReader,
  MessageWriter,
  InitializeRequest,
  InitializedNotification,
  InitializeResult,
  ClientCapabilities,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidChangeConfigurationNotification,
  FileChangeType,
  PublishDiagnosticsNotification,
  PublishDiagnosticsParams,
  LogMessageNotification,
  LogMessageParams,
  ShowMessageNotification,
  ShowMessageParams,
  ConfigurationRequest,
  ConfigurationParams,
  RegistrationRequest,
  Registration,
  DiagnosticRefreshRequest,
  DocumentDiagnosticRequest,
  DocumentDiagnosticReport,
  ShutdownRequest,
  ExitNotification,
  CancellationToken,
  Range,
} from 'vscode-languageserver-protocol/node';

/**
 * A scripted editor for protocol tests: it starts the built server (`dist/server.js`) over stdio
 * or IPC, or talks to any reader/writer pair, and records everything the server sends, so that a
 * test can wait for a state (a publication, a refresh, a log line) rather than for time.
 */

/**
 * What the connection writes to the server's stdin passes through here. While held, the frames are
 * gathered and then written at once, so the server reads them in one chunk: as it does when an
 * editor sends a change, its diagnostics pull and a hover back to back, with nothing between.
 */
class Batcher extends Writable {
  private held: Buffer[] | undefined;
  private readonly gathered = new Set<() => void>();

  constructor(private readonly out: Writable) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    if (!this.held) {
      this.out.write(chunk, done);
      return;
    }
    this.held.push(chunk);
    done();
    for (const check of [...this.gathered]) check();
  }

  /** Holds what `send` writes until it makes `messages` whole frames, then writes them in one write. */
  async together<T>(send: () => T, messages: number): Promise<T> {
    this.held = [];
    const result = send();
    await new Promise<void>(resolve => {
      const check = () => {
        if (framesIn(Buffer.concat(this.held!)) >= messages) {
          this.gathered.delete(check);
          resolve();
        }
      };
      this.gathered.add(check);
      check();
    });
    const frames = Buffer.concat(this.held);
    this.held = undefined;
    this.out.write(frames);
    return result;
  }
}

/** Whole `Content-Length` frames at the start of `bytes`. */
function framesIn(bytes: Buffer): number {
  let frames = 0;
  for (let at = 0; ; ) {
    const end = bytes.indexOf('\r\n\r\n', at);
    if (end < 0) return frames;
    const length = Number(/Content-Length: (\d+)/i.exec(bytes.subarray(at, end).toString('ascii'))?.[1]);
    at = end + 4 + length;
    if (at > bytes.length) return frames;
    frames++;
  }
}

export const SERVER = path.resolve(__dirname, '../../../../dist/server.js');

export interface EditorOptions {
  capabilities: ClientCapabilities;
  /** Answer to each `workspace/configuration` item, by its scope URI. */
  configuration?: (scopeUri: string | undefined, section: string | undefined) => unknown;
  initializationOptions?: unknown;
  /** The editor's name and version, as `initialize` sends them. */
  clientInfo?: { name: string; version?: string };
  workspaceFolder?: string;
  /** The editor's process id for the server's watchdog; `null` for a server in this process. */
  processId?: number | null;
  /** The server process's environment (this process's by default). */
  env?: NodeJS.ProcessEnv;
  /** How long a wait may take before the test fails (a hang, never a pacing device). */
  timeoutMs?: number;
  /** How long a request may go unanswered before the test fails (2 minutes by default). */
  requestTimeoutMs?: number;
}

export const PUSH_CAPABILITIES: ClientCapabilities = {
  textDocument: { synchronization: { dynamicRegistration: false }, publishDiagnostics: { versionSupport: true } },
};

export const PULL_CAPABILITIES: ClientCapabilities = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    publishDiagnostics: { versionSupport: true },
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
  },
  workspace: {
    configuration: true,
    didChangeConfiguration: { dynamicRegistration: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
    diagnostics: { refreshSupport: true },
  },
};

export class Editor {
  readonly publications: PublishDiagnosticsParams[] = [];
  readonly logs: LogMessageParams[] = [];
  readonly messages: ShowMessageParams[] = [];
  readonly registrations: Registration[] = [];
  readonly configurationRequests: ConfigurationParams[] = [];
  refreshes = 0;
  stderr = '';
  initializeResult!: InitializeResult;
  private readonly versions = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private exitCode: Promise<number | null> | undefined;

  /**
   * The connection, whose requests fail (saying what the server wrote on stderr) when the server
   * exits before answering or leaves one unanswered too long: a test fails, it never hangs.
   */
  readonly connection: ProtocolConnection;
  private readonly gone: Promise<never>;

  constructor(
    connection: ProtocolConnection,
    readonly options: EditorOptions,
    readonly child?: ChildProcess,
    private readonly batcher?: Batcher,
  ) {
    const changed = () => {
      for (const w of [...this.waiters]) w();
    };
    this.connection = this.guarded(connection);
    this.gone = new Promise<never>((_, reject) =>
      child?.on('close', (code, signal) => {
        reject(new Error(`the server exited (${signal ?? `status ${code}`}) before answering; stderr: ${this.stderr.slice(-1500)}`));
      }),
    );
    this.gone.catch(() => undefined);
    connection.onNotification(PublishDiagnosticsNotification.type, p => {
      this.publications.push(p);
      changed();
    });
    connection.onNotification(LogMessageNotification.type, p => {
      this.logs.push(p);
      changed();
    });
    connection.onNotification(ShowMessageNotification.type, p => {
      this.messages.push(p);
      changed();
    });
    connection.onRequest(ConfigurationRequest.type, p => {
      this.configurationRequests.push(p);
      changed();
      return p.items.map(i => options.configuration?.(i.scopeUri, i.section) ?? null);
    });
    connection.onRequest(RegistrationRequest.type, p => {
      this.registrations.push(...p.registrations);
      changed();
    });
    connection.onRequest(DiagnosticRefreshRequest.type, () => {
      this.refreshes++;
      changed();
    });
    if (child) {
      child.stderr?.on('data', d => {
        this.stderr += String(d);
      });
      this.exitCode = new Promise(resolve =>
        child.on('exit', code => {
          resolve(code);
          changed();
        }),
      );
    }
    connection.listen();
  }

  /** Starts the built server as a child process, over stdio (`--stdio`) or Node IPC (`--node-ipc`). */
  static async start(transport: 'stdio' | 'ipc', options: EditorOptions): Promise<Editor> {
    let child: ChildProcess;
    let reader: MessageReader;
    let writer: MessageWriter;
    let batcher: Batcher | undefined;
    if (transport === 'stdio') {
      child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env: options.env });
      reader = new StreamMessageReader(child.stdout!);
      batcher = new Batcher(child.stdin!);
      writer = new StreamMessageWriter(batcher);
    } else {
      child = fork(SERVER, ['--node-ipc'], { stdio: ['pipe', 'pipe', 'pipe', 'ipc'], env: options.env });
      reader = new IPCMessageReader(child);
      writer = new IPCMessageWriter(child);
    }
    const editor = new Editor(createProtocolConnection(reader, writer), options, child, batcher);
    try {
      await editor.initialize();
    } catch (e) {
      // A server left running would keep the test file's process alive after its tests.
      editor.kill();
      throw e;
    }
    return editor;
  }

  private guarded(raw: ProtocolConnection): ProtocolConnection {
    const send = raw.sendRequest as (...args: unknown[]) => Promise<unknown>;
    const sendRequest = (...args: unknown[]) => this.answered(send(...args), args[0]);
    return { ...raw, sendRequest: sendRequest as ProtocolConnection['sendRequest'] };
  }

  /** `reply`, unless the server exits first or takes longer than the request timeout. */
  private answered<T>(reply: Promise<T>, type: unknown): Promise<T> {
    const method = typeof type === 'string' ? type : (type as { method?: string }).method;
    const timeoutMs = this.options.requestTimeoutMs ?? 120_000;
    return withTimeout(
      Promise.race([reply, this.gone]),
      timeoutMs,
      () => `${method} went unanswered for ${timeoutMs} ms; stderr: ${this.stderr.slice(-1500)}`,
    );
  }

  /**
   * Sends what `send` sends (`messages` of them) in one write, so the server reads them together,
   * as from an editor that sends them back to back. Over stdio only.
   */
  together<T>(send: () => T, messages: number): Promise<T> {
    if (!this.batcher) throw new Error('together() needs the stdio transport');
    return this.batcher.together(send, messages);
  }

  async initialize(): Promise<void> {
    const folder = this.options.workspaceFolder;
    this.initializeResult = await this.connection.sendRequest(InitializeRequest.type, {
      processId: this.options.processId === undefined ? process.pid : this.options.processId,
      rootUri: folder ?? null,
      workspaceFolders: folder ? [{ uri: folder, name: 'workspace' }] : null,
      capabilities: this.options.capabilities,
      clientInfo: this.options.clientInfo,
      initializationOptions: this.options.initializationOptions,
    });
    await this.connection.sendNotification(InitializedNotification.type, {});
  }

  /** Resolves with `check()`'s first defined result, re-checked whenever the server sends something. */
  until<T>(what: string, check: () => T | undefined | false): Promise<T> {
    const first = check();
    if (first !== undefined && first !== false) return Promise.resolve(first);
    return new Promise((resolve, reject) => {
      const timeoutMs = this.options.timeoutMs ?? 20_000;
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(
            `waited ${timeoutMs} ms for ${what}; last publications: ${JSON.stringify(this.publications.slice(-3)).slice(0, 1500)}; logs: ${JSON.stringify(this.logs.slice(-5))}; stderr: ${this.stderr.slice(-500)}`,
          ),
        );
      }, timeoutMs);
      const waiter = () => {
        const r = check();
        if (r === undefined || r === false) return;
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve(r);
      };
      this.waiters.add(waiter);
    });
  }

  /** The latest publication for `uri`, once one satisfies `pred` (earlier ones count too). */
  published(uri: string, pred: (p: PublishDiagnosticsParams) => boolean = () => true): Promise<PublishDiagnosticsParams> {
    return this.until(`diagnostics for ${uri}`, () => {
      const last = this.latest(uri);
      return last && pred(last) ? last : undefined;
    });
  }

  latest(uri: string): PublishDiagnosticsParams | undefined {
    for (let i = this.publications.length - 1; i >= 0; i--) if (this.publications[i].uri === uri) return this.publications[i];
    return undefined;
  }

  async open(uri: string, text: string, languageId = 'campaign-json'): Promise<void> {
    this.versions.set(uri, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
  }

  /** An incremental change: replaces `range` with `text`; returns the new version. */
  async edit(uri: string, range: Range, text: string): Promise<number> {
    const version = (this.versions.get(uri) ?? 1) + 1;
    this.versions.set(uri, version);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version },
      contentChanges: [{ range, text }],
    });
    return version;
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  async fileChanged(uri: string, type: FileChangeType = FileChangeType.Changed): Promise<void> {
    await this.connection.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri, type }] });
  }

  async settingsChanged(settings: unknown = null): Promise<void> {
    await this.connection.sendNotification(DidChangeConfigurationNotification.type, { settings });
  }

  pull(uri: string, previousResultId?: string, token?: CancellationToken): Promise<DocumentDiagnosticReport> {
    return this.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri }, previousResultId }, token);
  }

  /** shutdown, then exit; resolves with the server's exit code. */
  async stop(): Promise<number | null> {
    await this.connection.sendRequest(ShutdownRequest.type);
    await this.connection.sendNotification(ExitNotification.type);
    const code = await this.exited();
    this.connection.dispose();
    return code;
  }

  exited(): Promise<number | null> {
    if (!this.exitCode) throw new Error('no child process');
    return this.exitCode;
  }

  kill(): void {
    this.connection.dispose();
    this.child?.kill('SIGKILL');
  }
}
