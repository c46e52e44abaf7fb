import * as vscode from 'vscode';
import * as l10n from '@vscode/l10n';
import * as path from 'path';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { CAMPAIGN_SCHEME, SETTINGS_FILE_GLOB } from '@campaign-studio/core';
import { COMMAND_IDS, VSCODE_COMMANDS } from './commandIds';
import { CampaignRead, ConnectionShown, FileStateShown, StudioContext } from './context';
import { createFeatures } from './features';
import { visibleLog } from './log';
import { markStepDone, WalkthroughStep } from './onboarding/walkthrough';
import { serverRules } from './push/serverRules';
import { serverEnvironment } from './serverEnv';
import type { CheckedFinding } from '@campaign-studio/sync';
import type { PreviewModel } from './preview/messages';

/**
 * The extension's entry: starts the language server and registers the features.
 * Everything else hangs off one context object (`context.ts`).
 */

export const DOCUMENT_SELECTOR = [
  { scheme: 'file', language: 'campaign-json' },
  { scheme: 'untitled', language: 'campaign-json' },
  { scheme: CAMPAIGN_SCHEME, language: 'campaign-json' },
];

export interface CampaignStudioApi {
  client: LanguageClient | undefined;
  ctx: StudioContext;
  /** What push, create draft, validate remotely and test send check before writing: the language server's preflight of a file. */
  preflight(uri: vscode.Uri, text: string): Promise<CheckedFinding[]>;
  /** What the status bar shows of the connection now (`ctx.connectionShown` tells each change). */
  connectionShown(): ConnectionShown | undefined;
  /** What the campaign preview was last sent to draw (`ctx.previewPosted` tells each one). */
  previewShown(): PreviewModel | undefined;
  /** The campaign files' states against the service, as their decorations show them now (`ctx.fileStatesShown` tells each change). */
  fileStates(): readonly FileStateShown[];
  /** The walkthrough steps whose outcome happened in this window, in the order they first did. */
  stepsDone(): readonly WalkthroughStep[];
}

export async function activate(context: vscode.ExtensionContext): Promise<CampaignStudioApi> {
  // The modules that run without VS Code (the push review's and the conflict view's texts, the
  // sync package) say their words through @vscode/l10n: the extension's bundle translates them too.
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  const output = visibleLog(vscode.window.createOutputChannel('Campaign Studio', { log: true }));
  context.subscriptions.push(output);
  // Made once here, as a channel's name is one in the Output view: a feature made again (a test
  // does) shares it, and never closes a channel VS Code is still opening.
  const serviceLog = visibleLog(vscode.window.createOutputChannel('Campaign Studio: Service', { log: true }));
  context.subscriptions.push(serviceLog);
  const serverModule = context.asAbsolutePath(path.join('dist', 'server.js'));
  const env = serverEnvironment(process.env, vscode.l10n.uri?.toString());
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc, options: { env } },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { env, execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const extraPatterns = vscode.workspace.getConfiguration('campaignStudio').get<string[]>('files', []);
  const clientOptions: LanguageClientOptions = {
    documentSelector: [...DOCUMENT_SELECTOR, ...extraPatterns.map(pattern => ({ scheme: 'file', pattern }))],
    synchronize: {
      configurationSection: 'campaignStudio',
      fileEvents: vscode.workspace.createFileSystemWatcher(SETTINGS_FILE_GLOB),
    },
    // One "Campaign Studio" channel: the language server's log goes where the extension's does.
    outputChannel: output,
    // Rule links (a diagnostic's code, a hover's rules, the quick-fix menu) open the rule inside the editor.
    // The schedule's CodeLens opens the campaign preview.
    // VS Code shows the problems at the pointer in every hover itself, first, with their Quick Fix.
    initializationOptions: { ruleDocCommand: COMMAND_IDS.showRuleDoc, previewCommand: COMMAND_IDS.showPreview, problemsInHover: false },
    markdown: { isTrusted: { enabledCommands: [COMMAND_IDS.showRuleDoc] } },
    // Saving can change what the server says without changing the text: a UTF-16 file saved as UTF-8.
    diagnosticPullOptions: { onChange: true, onSave: true },
  };
  const client = new LanguageClient('campaignStudio', 'Campaign Studio', serverOptions, clientOptions);
  await client.start();
  context.subscriptions.push({ dispose: () => void client.stop() });
  const campaignRead = new vscode.EventEmitter<CampaignRead>();
  context.subscriptions.push(campaignRead);
  const connectionShown = new vscode.EventEmitter<ConnectionShown>();
  context.subscriptions.push(connectionShown);
  let shown: ConnectionShown | undefined;
  context.subscriptions.push(
    connectionShown.event(s => {
      shown = s;
    }),
  );
  const previewPosted = new vscode.EventEmitter<PreviewModel>();
  context.subscriptions.push(previewPosted);
  let previewed: PreviewModel | undefined;
  context.subscriptions.push(
    previewPosted.event(m => {
      previewed = m;
    }),
  );
  const fileStatesShown = new vscode.EventEmitter<readonly FileStateShown[]>();
  context.subscriptions.push(fileStatesShown);
  let fileStates: readonly FileStateShown[] = [];
  context.subscriptions.push(
    fileStatesShown.event(s => {
      fileStates = s;
    }),
  );
  const stepDone = new vscode.EventEmitter<WalkthroughStep>();
  context.subscriptions.push(stepDone);
  const stepsDone = new Set<WalkthroughStep>();
  context.subscriptions.push(
    stepDone.event(step => {
      stepsDone.add(step);
      void markStepDone(step);
    }),
  );
  const ctx: StudioContext = {
    extension: context,
    client,
    output,
    serviceLog,
    campaignRead,
    connectionShown,
    previewPosted,
    fileStatesShown,
    stepDone,
  };
  for (const feature of createFeatures()) {
    try {
      await feature.activate(ctx);
    } catch (e) {
      output.error(`feature ${feature.name} failed to start: ${e instanceof Error ? e.stack : String(e)}`);
    }
  }
  await vscode.commands.executeCommand(VSCODE_COMMANDS.setContext, 'campaignStudio.ready', true);
  return {
    client,
    ctx,
    preflight: (uri, text) => serverRules(client, uri).check(text, {}),
    connectionShown: () => shown,
    previewShown: () => previewed,
    fileStates: () => fileStates,
    stepsDone: () => [...stepsDone],
  };
}
