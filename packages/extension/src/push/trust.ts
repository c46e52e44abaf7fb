import * as vscode from 'vscode';
import { COMMAND_IDS, CommandId, VSCODE_COMMANDS } from '../commandIds';
import { CommandFactory } from '../context';

/**
 * The commands that change something on the service. In a workspace the person has not trusted,
 * its files or settings must not make them send anything: package.json enables these commands
 * only when `isWorkspaceTrusted`, and `trustedWrites` refuses them when they run anyway (from a
 * keybinding, a link, another extension, push on save).
 */
export const WRITE_COMMANDS: readonly CommandId[] = [
  COMMAND_IDS.push,
  COMMAND_IDS.reviewPush,
  COMMAND_IDS.createDraft,
  COMMAND_IDS.sendTest,
  COMMAND_IDS.pauseCampaign,
  COMMAND_IDS.resumeCampaign,
  COMMAND_IDS.stopCampaign,
  COMMAND_IDS.promote,
];

/** The command table with each write command refused, and explained, while the workspace is not trusted. */
export function trustedWrites(
  table: Record<string, CommandFactory>,
  isTrusted: () => boolean = () => vscode.workspace.isTrusted,
): Record<string, CommandFactory> {
  const writes = new Set<string>(WRITE_COMMANDS);
  return Object.fromEntries(
    Object.entries(table).map(([id, factory]) => [id, writes.has(id) ? onlyWhenTrusted(factory, isTrusted) : factory]),
  );
}

function onlyWhenTrusted(factory: CommandFactory, isTrusted: () => boolean): CommandFactory {
  return ctx => {
    const handler = factory(ctx);
    return (...args: unknown[]) => {
      if (isTrusted()) return handler(...args);
      void explainUntrusted();
      return undefined;
    };
  };
}

async function explainUntrusted(): Promise<void> {
  const manage = vscode.l10n.t('Manage Workspace Trust');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t(
      'Campaign Studio sends nothing that changes the service from a workspace you have not trusted (Restricted Mode). Trust this workspace to push, create drafts, promote, send tests or pause, resume and stop campaigns.',
    ),
    manage,
  );
  if (answer === manage) await vscode.commands.executeCommand(VSCODE_COMMANDS.manageTrust);
}
