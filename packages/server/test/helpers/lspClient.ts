import { spawn, ChildProcess } from 'child_process';
import * as path from 'path';
import {
  createProtocolConnection,
  ProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  InitializeRequest,
  InitializedNotification,
  DidOpenTextDocumentNotification,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  PublishDiagnosticsNotification,
  PublishDiagnosticsParams,
  ShutdownRequest,
  ExitNotification,
  ClientCapabilities,
  ConfigurationRequest,
  RegistrationRequest,
  DiagnosticRefreshRequest,
  InitializeResult,
} from 'vscode-languageserver-protocol/node';

/**
 * Drives the built language server (`dist/server.js --stdio`) the way an editor does, for
 * protocol tests, the fuzz test and the benchmark.
 */

export const SERVER = path.resolve(__dirname, '../../../../dist/server.js');

export interface StartOptions {
  /** Advertise pull diagnostics (textDocument/diagnostic). */
  pull?: boolean;
  capabilities?: ClientCapabilities;
  rootUri?: string | null;
  /** Answer to workspace/configuration requests for `campaignStudio`. */
  configuration?: unknown;
  serverPath?: string;
  /** Node's own options for the server process, such as `--max-old-space-size=1024`. */
  nodeArgs?: string[];
  /** `initializationOptions` of `initialize`, as an editor's configuration sends them. */
  initializationOptions?: unknown;
}

export class LspClient {
  readonly connection: ProtocolConnection;
  readonly stderr: string[] = [];
  private readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  private readonly waiters: Array<{
    uri: string;
    pred: (p: PublishDiagnosticsParams) => boolean;
    resolve: (p: PublishDiagnosticsParams) => void;
  }> = [];
  private exited: Promise<number | null>;
  private version = new Map<string, number>();
  /** What the server answered to `initialize` (its capabilities). */
  initializeResult: InitializeResult | undefined;

  private constructor(
    readonly child: ChildProcess,
    readonly options: StartOptions,
  ) {
    this.connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    child.stderr!.on('data', d => this.stderr.push(String(d)));
    this.exited = new Promise(resolve => child.on('exit', code => resolve(code)));
    // A server gone before answering fails the request waiting on it (the connection would wait forever).
    child.on('close', () => this.connection.dispose());
    this.connection.onNotification(PublishDiagnosticsNotification.type, p => {
      this.diagnostics.set(p.uri, p);
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        const w = this.waiters[i];
        if (w.uri === p.uri && w.pred(p)) {
          this.waiters.splice(i, 1);
          w.resolve(p);
        }
      }
    });
    this.connection.onRequest(ConfigurationRequest.type, params => params.items.map(() => options.configuration ?? null));
    this.connection.onRequest(RegistrationRequest.type, () => null);
    this.connection.onRequest(DiagnosticRefreshRequest.type, () => null);
    this.connection.listen();
  }

  static async start(options: StartOptions = {}): Promise<LspClient> {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.serverPath ?? SERVER, '--stdio'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const client = new LspClient(child, options);
    const capabilities: ClientCapabilities = options.capabilities ?? {
      textDocument: {
        synchronization: { dynamicRegistration: false },
        publishDiagnostics: { relatedInformation: false, versionSupport: true },
        ...(options.pull ? { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } } : {}),
      },
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, diagnostics: { refreshSupport: true } },
    };
    client.initializeResult = await client.connection.sendRequest(InitializeRequest.type, {
      processId: process.pid,
      rootUri: options.rootUri ?? null,
      capabilities,
      workspaceFolders: null,
      initializationOptions: options.initializationOptions,
    });
    await client.connection.sendNotification(InitializedNotification.type, {});
    return client;
  }

  async open(uri: string, text: string, languageId = 'campaign-json'): Promise<void> {
    this.version.set(uri, 1);
    await this.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version: 1, text } });
  }

  /** Replaces the range [start, end) (0-based line/character) with `text`. */
  async change(
    uri: string,
    range: { start: { line: number; character: number }; end: { line: number; character: number } },
    text: string,
  ): Promise<number> {
    const v = (this.version.get(uri) ?? 1) + 1;
    this.version.set(uri, v);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: v },
      contentChanges: [{ range, text }],
    });
    return v;
  }

  async replaceAll(uri: string, text: string): Promise<number> {
    const v = (this.version.get(uri) ?? 1) + 1;
    this.version.set(uri, v);
    await this.connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: v },
      contentChanges: [{ text }],
    });
    return v;
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification(DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  }

  /** Resolves with the first published diagnostics for `uri` matching `pred` (already received ones count). */
  waitForDiagnostics(
    uri: string,
    pred: (p: PublishDiagnosticsParams) => boolean = () => true,
    timeoutMs = 10000,
  ): Promise<PublishDiagnosticsParams> {
    const have = this.diagnostics.get(uri);
    if (have && pred(have)) return Promise.resolve(have);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no matching diagnostics for ${uri} within ${timeoutMs} ms; last: ${JSON.stringify(this.diagnostics.get(uri))?.slice(0, 500)}; stderr: ${this.stderr.join('').slice(-500)}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        uri,
        pred,
        resolve: p => {
          clearTimeout(timer);
          resolve(p);
        },
      });
    });
  }

  /** Drops what was received for `uri`, so the next wait sees only new diagnostics. */
  forget(uri: string): void {
    this.diagnostics.delete(uri);
  }

  async stop(): Promise<number | null> {
    try {
      await Promise.race([this.connection.sendRequest(ShutdownRequest.type), new Promise(r => setTimeout(r, 3000))]);
      await this.connection.sendNotification(ExitNotification.type);
    } catch {
      // The server may already be gone; the kill below is the fallback.
    }
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 3000);
    const code = await this.exited;
    clearTimeout(timer);
    this.connection.dispose();
    return code;
  }
}
