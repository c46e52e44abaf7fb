import { Console } from 'console';
import * as l10n from '@vscode/l10n';
import {
  Connection,
  createConnection,
  createServerPipeTransport,
  createServerSocketTransport,
  ErrorCodes,
  IPCMessageReader,
  IPCMessageWriter,
  MessageReader,
  MessageWriter,
  ProposedFeatures,
  ResponseError,
  ResponseMessage,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver/node';
import { loadL10nBundle, visible } from '@campaign-studio/core';
import { version } from '../../../package.json';
import { createContext, describe, ServerContext, ServerOptions } from './context';
import { reframed } from './framing';
import { REFUSED_METHOD, Refusal, refusingStrategy } from './guard';
import { registerCodeActions } from './capabilities/codeActions';
import { registerCodeLens } from './capabilities/codeLens';
import { registerCompletion } from './capabilities/completion';
import { registerDiagnostics } from './capabilities/diagnostics';
import { registerDocuments } from './capabilities/documents';
import { registerFolding } from './capabilities/folding';
import { registerFormatting } from './capabilities/formatting';
import { registerHover } from './capabilities/hover';
import { registerLargeDocuments } from './capabilities/largeDocuments';
import { registerLifecycle } from './capabilities/lifecycle';
import { registerPreflight } from './capabilities/preflight';
import { registerRemoteState } from './capabilities/remoteState';
import { registerRuleDoc } from './capabilities/ruleDoc';
import { registerStats } from './capabilities/stats';
import { registerSymbols } from './capabilities/symbols';
import { registerWorkspace } from './capabilities/workspace';
import { registerWorkspaceFiles } from './capabilities/workspaceFiles';

export { MAX_PROBLEMS, PUSH_DELAY_MS } from './context';
export type { RequestContext, ServerOptions } from './context';

/**
 * The language server's entry: the only module that creates the LSP connection. Each capability
 * is one module under `capabilities/` that translates the protocol to calls of the pure language
 * service in `@campaign-studio/core`.
 *
 * Run it with `node dist/server.js --stdio` (other editors) or `--node-ipc` (the VS Code client).
 * Returns the server's context, for tests that look inside a server in their own process.
 */
export function startServer(connection: Connection, options: ServerOptions = {}): ServerContext {
  const ctx = createContext(connection, options);
  const diagnostics = registerDiagnostics(ctx);
  const workspaceFiles = registerWorkspaceFiles(ctx, diagnostics);
  registerDocuments(ctx, diagnostics, workspaceFiles);
  registerLargeDocuments(ctx);
  registerWorkspace(ctx, diagnostics, workspaceFiles);
  registerRemoteState(ctx, diagnostics);
  registerCompletion(ctx);
  registerHover(ctx);
  registerCodeActions(ctx);
  registerSymbols(ctx);
  registerCodeLens(ctx);
  registerFormatting(ctx);
  registerFolding(ctx);
  registerPreflight(ctx);
  registerRuleDoc(ctx);
  registerStats(ctx);
  registerLifecycle(ctx, diagnostics, workspaceFiles);
  ctx.documents.listen(connection);
  connection.listen();
  return ctx;
}

const USAGE = `usage: campaign-language-server --stdio | --node-ipc | --socket=PORT | --pipe=NAME
       campaign-language-server --version | --help
The Campaign Studio language server. Editors start it and speak LSP with it; see "Other editors"
in docs/other-editors.md. To check files from a terminal or CI, use campaign lint instead.`;

/**
 * The connection on the transport named by `args`. Messages the server cannot take are refused
 * with the protocol's codes (`guard.ts`); one whose id cannot be read is answered with id null,
 * written by the connection's own writer so it never lands inside another message.
 */
function transportConnection(args: string[]): Connection {
  const [reader, writer] = transport(args);
  const answer = (error: Refusal) => {
    const response: ResponseMessage = { jsonrpc: '2.0', id: null, error };
    writer.write(response).catch(e => logLine(l10n.t('The language server could not answer a message: {0}', describe(e))));
  };
  const strategy = refusingStrategy(answer, logLine);
  const connection = createConnection(ProposedFeatures.all, reader, writer, { messageStrategy: strategy });
  connection.onRequest(REFUSED_METHOD, (refused: Refusal) => {
    throw new ResponseError(refused.code, refused.message);
  });
  if (args.includes('--stdio')) {
    // Once reframed, a body the reader cannot decode is one that is not JSON.
    reader.onError(e => {
      logLine(l10n.t('The language server answered a message from the editor that is not JSON with a parse error ({0}).', e.message));
      answer({ code: ErrorCodes.ParseError, message: l10n.t('Parse error: the message is not JSON ({0}).', e.message) });
    });
    // The editor closed the server's input: it is gone, and the server goes too (with 0 only if it was asked to shut down).
    reader.onClose(() => process.exit(strategy.shutDown ? 0 : 1));
  }
  return connection;
}

/** A line on stderr, which editors log; control characters written out. */
function logLine(line: string): void {
  process.stderr.write(`${visible(line)}\n`);
}

/** The value of `--name=value` or `--name value`. */
function argument(args: string[], name: string): string | undefined {
  const at = args.findIndex(a => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  return args[at].includes('=') ? args[at].slice(args[at].indexOf('=') + 1) : args[at + 1];
}

/** The reader and writer of the transport `args` name, as vscode-languageserver would make them. */
function transport(args: string[]): [MessageReader, MessageWriter] {
  if (args.includes('--stdio')) return stdioTransport();
  if (args.includes('--node-ipc')) return [new IPCMessageReader(process), new IPCMessageWriter(process)];
  const port = argument(args, 'socket');
  return port === undefined ? createServerPipeTransport(argument(args, 'pipe') ?? '') : createServerSocketTransport(Number(port));
}

/** Over stdio the input is re-framed first, so a malformed message is logged and skipped instead of leaving the server deaf to every later one. */
function stdioTransport(): [MessageReader, MessageWriter] {
  const input = process.stdin.pipe(
    reframed(problem =>
      logLine(
        l10n.t('The language server skipped a malformed message from the editor ({0}) and reads on from the next message header.', problem),
      ),
    ),
  );
  // stdout carries the protocol: anything a library prints goes to stderr, which editors log.
  globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  return [new StreamMessageReader(input), new StreamMessageWriter(process.stdout)];
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const bundleProblem = loadL10nBundle(process.env);
  if (bundleProblem) process.stderr.write(`${bundleProblem}\n`);
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(l10n.t(USAGE) + '\n');
  } else if (args.includes('--version') || args.includes('-v')) {
    process.stdout.write(`campaign-language-server ${version}\n`);
  } else if (!args.some(a => /^--(stdio|node-ipc|socket|pipe)(=|$)/.test(a))) {
    process.stderr.write(`${l10n.t('The language server needs a transport.')}\n${l10n.t(USAGE)}\n`);
    process.exitCode = 2;
  } else {
    startServer(transportConnection(args));
    process.on('unhandledRejection', e => process.stderr.write(`${l10n.t`unhandled rejection in the language server: ${describe(e)}`}\n`));
  }
}
