import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CampaignRecord, plainText } from '@campaign-studio/sync';
import type { PreviewModel } from './preview/messages';
import type { WalkthroughStep } from './onboarding/walkthrough';

/** One campaign as just read from the service: the environment it was read from, and the record as returned. */
export interface CampaignRead {
  readonly environment: string;
  readonly record: CampaignRecord;
}

/** The connection as the status bar shows it now: for the extension's own tests and automation. */
export interface ConnectionShown {
  readonly state: string;
  readonly text: string;
  readonly tooltip: string;
}

/** A campaign file's state against the service, as its decoration in the Explorer shows it: for the extension's own tests and automation. */
export interface FileStateShown {
  readonly uri: string;
  readonly state: string;
  /** The badge, and the theme colour's id; none for an unchanged file. */
  readonly badge?: string;
  readonly color?: string;
  readonly tooltip: string;
}

/**
 * The one context object of the client: every feature receives it. Features add what they own
 * (a service client, tree providers, …) as fields of their own modules, not as globals.
 */
export interface StudioContext {
  readonly extension: vscode.ExtensionContext;
  readonly client: LanguageClient;
  readonly output: vscode.LogOutputChannel;
  /** "Campaign Studio: Service", one line per call to the service. */
  readonly serviceLog: vscode.LogOutputChannel;
  /**
   * Fired by whichever feature reads one campaign fresh (a push's read-back, a fetch), so that
   * every view of it (the Campaigns tree, a read-only document) shows it without reading again.
   */
  readonly campaignRead: vscode.EventEmitter<CampaignRead>;
  /** Fired each time the status bar shows the connection anew (a state, a countdown tick). */
  readonly connectionShown: vscode.EventEmitter<ConnectionShown>;
  /** Fired each time the campaign preview is sent a model to draw. */
  readonly previewPosted: vscode.EventEmitter<PreviewModel>;
  /** Fired each time the campaign files' states against the service change (a check, a save, a fetch, a push), with all of them. */
  readonly fileStatesShown: vscode.EventEmitter<readonly FileStateShown[]>;
  /** Fired by whichever feature did what a walkthrough step teaches (a push, a fetch, a promotion succeeded), however it was started. */
  readonly stepDone: vscode.EventEmitter<WalkthroughStep>;
}

/** A command implementation made from the context. */
export type CommandFactory = (ctx: StudioContext) => (...args: any[]) => unknown;

/** Registers a table of commands, each disposable tracked in `context.subscriptions`; a failure is shown as plain text. */
export function registerCommands(ctx: StudioContext, table: Record<string, CommandFactory>): void {
  for (const [id, factory] of Object.entries(table)) {
    const handler = factory(ctx);
    ctx.extension.subscriptions.push(
      vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        try {
          return await handler(...args);
        } catch (e) {
          const message = e instanceof Error ? e.message : String(e);
          ctx.output.error(`${id} failed: ${e instanceof Error ? (e.stack ?? message) : message}`);
          void vscode.window.showErrorMessage(vscode.l10n.t('Campaign Studio: {0}', plainText(message)));
          return undefined;
        }
      }),
    );
  }
}

/** A feature of the extension: activated once with the context, after the language client. */
export interface Feature {
  readonly name: string;
  activate(ctx: StudioContext): void | Promise<void>;
}
