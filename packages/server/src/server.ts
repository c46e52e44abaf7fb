import { Console } from 'console';
import * as l10n from '@vscode/l10n';
import { Connection, ConnectionOptions, createConnection, ProposedFeatures, ResponseError } from 'vscode-languageserver/node';
import { loadL10nBundle } from '@campaign-studio/core';
import { version } from '../../../package.json';
import { createContext, describe, ServerOptions } from './context';
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
 */
export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const ctx = createContext(connection, options);
  const diagnostics = registerDiagnostics(ctx);
  const workspaceFiles = registerWorkspaceFiles(ctx, diagnostics);
  registerDocuments(ctx, diagnostics, workspaceFiles);
  registerWorkspace(ctx, diagnostics, workspaceFiles);
  registerRemoteState(ctx, diagnostics);
  registerCompletion(ctx, diagnostics);
  registerHover(ctx);
  registerCodeActions(ctx, diagnostics);
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
}

const USAGE = `usage: campaign-language-server --stdio | --node-ipc | --socket=PORT | --pipe=NAME
       campaign-language-server --version | --help
The Campaign Studio language server. Editors start it and speak LSP with it; see the README's
"Other editors" section. To check files from a terminal or CI, use campaign lint instead.`;

/**
 * The connection on the transport named by `args`. Requests the server cannot take are refused
 * with the protocol's codes (`guard.ts`). Over stdio the input is re-framed first, so a malformed
 * message is logged and skipped instead of leaving the server deaf to every later one.
 */
function transportConnection(args: string[]): Connection {
  const options: ConnectionOptions = { messageStrategy: refusingStrategy() };
  const connection = args.includes('--stdio') ? stdioConnection(options) : createConnection(ProposedFeatures.all, options);
  connection.onRequest(REFUSED_METHOD, (refused: Refusal) => { throw new ResponseError(refused.code, refused.message); });
  return connection;
}

function stdioConnection(options: ConnectionOptions): Connection {
  const input = process.stdin.pipe(reframed(problem => process.stderr.write(`${l10n.t('The language server skipped a malformed message from the editor ({0}) and reads on from the next message header.', problem)}\n`)));
  // stdout carries the protocol: anything a library prints goes to stderr, which editors log.
  globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  return createConnection(ProposedFeatures.all, input, process.stdout, options);
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
