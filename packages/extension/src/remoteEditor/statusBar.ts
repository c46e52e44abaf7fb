import * as vscode from 'vscode';
import { ConnectionStatus, Environment, escapeMarkdown } from '@campaign-studio/sync';
import { COMMAND_IDS, commandLink } from '../commandIds';
import { ConnectionShown } from '../context';
import { Connection } from './connection';

/**
 * The status bar item: the active environment and the true state of its connection (signed out,
 * connecting, connected, slow, rate-limited with a countdown, unreachable since when, credentials
 * rejected); a warning colour for production. A click does what the state calls for.
 */

const ICONS: Record<ConnectionStatus['state'], string> = {
  signedOut: '$(debug-disconnect)',
  connecting: '$(sync~spin)',
  connected: '$(cloud)',
  slow: '$(watch)',
  rateLimited: '$(clock)',
  unreachable: '$(cloud-offline)',
  credentialsRejected: '$(key)',
};

export class ConnectionStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly sub: vscode.Disposable;

  constructor(
    private readonly conn: Connection,
    private readonly shown?: vscode.EventEmitter<ConnectionShown>,
  ) {
    this.item = vscode.window.createStatusBarItem('campaignStudio.connection', vscode.StatusBarAlignment.Left, 50);
    this.item.name = vscode.l10n.t('Campaign Studio: Environment');
    // Every change of environment or client comes with a status of its own: that one event suffices.
    this.sub = conn.onDidChangeStatus(() => this.update());
    this.update();
  }

  update(): void {
    const env = this.conn.environment();
    const item = this.item;
    if (!env) {
      item.text = `$(cloud) ${vscode.l10n.t('Campaigns: no environment')}`;
      item.tooltip = vscode.l10n.t('No environment is configured. Click to add one and sign in.');
      item.command = COMMAND_IDS.signIn;
      item.backgroundColor = undefined;
      item.show();
      this.shown?.fire({ state: 'noEnvironment', text: item.text, tooltip: String(item.tooltip) });
      return;
    }
    const status = this.conn.status;
    const words = this.conn.words();
    item.text = `${env.production ? '$(warning) ' : ''}${ICONS[status.state]} ${env.name}: ${words.short}`;
    item.backgroundColor = env.production
      ? new vscode.ThemeColor('statusBarItem.warningBackground')
      : status.state === 'unreachable' || status.state === 'credentialsRejected'
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : undefined;
    item.tooltip = this.tooltip(env, status, words.detail);
    item.command = commandFor(status, env.name);
    item.accessibilityInformation = {
      label: env.production
        ? vscode.l10n.t('Campaign Studio environment {0}, production: {1}', env.name, words.short)
        : vscode.l10n.t('Campaign Studio environment {0}: {1}', env.name, words.short),
    };
    item.show();
    this.shown?.fire({ state: status.state, text: item.text, tooltip: (item.tooltip as vscode.MarkdownString).value });
  }

  private tooltip(env: Environment, status: ConnectionStatus, detail: string): vscode.MarkdownString {
    const md = new vscode.MarkdownString(undefined, true);
    md.isTrusted = {
      enabledCommands: [COMMAND_IDS.connectionRetry, COMMAND_IDS.showServiceLog, COMMAND_IDS.switchEnvironment, COMMAND_IDS.signIn],
    };
    const name = escapeMarkdown(env.name);
    md.appendMarkdown(
      `${env.production ? vscode.l10n.t('**Campaign Studio: {0}** — **production**: every write asks for confirmation', name) : vscode.l10n.t('**Campaign Studio: {0}**', name)}\n\n`,
    );
    md.appendMarkdown(`${escapeMarkdown(env.baseUrl)}  \n${vscode.l10n.t('workspace {0}', `\`${escapeMarkdown(env.workspaceId)}\``)}\n\n`);
    md.appendMarkdown(`${escapeMarkdown(detail)}\n\n`);
    if (this.conn.lastError && status.state !== 'connected') md.appendMarkdown(`${escapeMarkdown(this.conn.lastError)}\n\n`);
    const retry = `[${vscode.l10n.t('Retry')}](${commandLink(COMMAND_IDS.connectionRetry)})`;
    const showLog = `[${vscode.l10n.t('Show Log')}](${commandLink(COMMAND_IDS.showServiceLog)})`;
    const links =
      status.state === 'unreachable'
        ? [retry, showLog]
        : status.state === 'signedOut' || status.state === 'credentialsRejected'
          ? [`[${vscode.l10n.t('Sign In')}](${commandLink(COMMAND_IDS.signIn)})`]
          : [showLog];
    md.appendMarkdown([...links, `[${vscode.l10n.t('Switch Environment')}](${commandLink(COMMAND_IDS.switchEnvironment)})`].join(' · '));
    return md;
  }

  dispose(): void {
    this.sub.dispose();
    this.item.dispose();
  }
}

/** What a click does: retry when unreachable, sign in when signed out or refused, else switch. */
function commandFor(status: ConnectionStatus, environment: string): vscode.Command | string {
  if (status.state === 'unreachable') return { command: COMMAND_IDS.connectionRetry, title: vscode.l10n.t('Retry') };
  if (status.state === 'signedOut' || status.state === 'credentialsRejected')
    return { command: COMMAND_IDS.signIn, title: vscode.l10n.t('Sign In'), arguments: [{ environment }] };
  return COMMAND_IDS.switchEnvironment;
}
