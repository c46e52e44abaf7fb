import * as vscode from 'vscode';
import { escapeMarkdown } from '@campaign-studio/sync';
import { Connection } from './connection';

/**
 * The status bar item: the active environment and the connection state; a warning colour for
 * production. A click switches environment (or signs in when signed out).
 */
export class ConnectionStatusBar implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  private readonly sub: vscode.Disposable;

  constructor(private readonly conn: Connection) {
    this.item = vscode.window.createStatusBarItem('campaignStudio.connection', vscode.StatusBarAlignment.Left, 50);
    this.item.name = 'Campaign Studio: Environment';
    this.sub = conn.onDidChange(() => this.update());
    this.update();
  }

  update(): void {
    const env = this.conn.environment();
    const item = this.item;
    if (!env) {
      item.text = '$(cloud) Campaigns: no environment';
      item.tooltip = 'No environment is configured. Click to add one and sign in.';
      item.command = 'campaignStudio.signIn';
      item.backgroundColor = undefined;
      item.show();
      return;
    }
    const state = this.conn.state;
    const icon = state === 'connected' ? '$(cloud)' : state === 'connecting' ? '$(sync~spin)' : state === 'failed' ? '$(cloud-offline)' : '$(debug-disconnect)';
    const words = state === 'connected' ? 'connected' : state === 'connecting' ? 'connecting…' : state === 'failed' ? 'unreachable' : 'signed out';
    item.text = `${env.production ? '$(warning) ' : ''}${icon} ${env.name}: ${words}`;
    item.backgroundColor = env.production ? new vscode.ThemeColor('statusBarItem.warningBackground') : state === 'failed' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    const md = new vscode.MarkdownString(undefined, true);
    md.appendMarkdown(`**Campaign Studio: ${escapeMarkdown(env.name)}**${env.production ? ' — **production**: every write asks for confirmation' : ''}\n\n`);
    md.appendMarkdown(`${escapeMarkdown(env.baseUrl)}  \nworkspace \`${escapeMarkdown(env.workspaceId)}\`  \nstate: ${words}\n\n`);
    if (this.conn.lastError) md.appendMarkdown(`${escapeMarkdown(this.conn.lastError)}\n\n`);
    md.appendMarkdown(state === 'signedOut' ? 'Click to sign in.' : 'Click to switch environment.');
    item.tooltip = md;
    item.command = state === 'signedOut' ? { command: 'campaignStudio.signIn', title: 'Sign In', arguments: [{ environment: env.name }] } : 'campaignStudio.switchEnvironment';
    item.accessibilityInformation = { label: `Campaign Studio environment ${env.name}${env.production ? ', production' : ''}: ${words}` };
    item.show();
  }

  dispose(): void {
    this.sub.dispose();
    this.item.dispose();
  }
}
