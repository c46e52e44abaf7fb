import * as vscode from 'vscode';
import type { StatusAction } from '@campaign-studio/sync';

/**
 * What the write commands say, one whole sentence per case (a translator gets each sentence, never
 * pieces of one): the tables of `openFirst`, `readOnlyView`, the status actions' and the test
 * send's words.
 */

/** What the commands on a campaign file do, for what they say when they have none to work on. */
export type FileAction = 'push' | 'createDraft' | 'validate' | 'sendTest';

/** No campaign file given, and none active: which one to open, as a whole sentence per action. */
export function openFirst(action: FileAction | 'actOn'): string {
  switch (action) {
    case 'push':
      return vscode.l10n.t('Open the `.campaign.json` file to push first.');
    case 'createDraft':
      return vscode.l10n.t('Open the `.campaign.json` file to create a draft from first.');
    case 'validate':
      return vscode.l10n.t('Open the `.campaign.json` file to validate first.');
    case 'sendTest':
      return vscode.l10n.t('Open the `.campaign.json` file to send a test of first.');
    case 'actOn':
      return vscode.l10n.t('Open the `.campaign.json` file to act on first.');
  }
}

/** The document at `uri` is a read-only view of the service: fetch it first. */
export function readOnlyView(action: FileAction, uri: string): string {
  switch (action) {
    case 'push':
      return vscode.l10n.t('{0} is a read-only view of the service; fetch it into the workspace to push it.', uri);
    case 'createDraft':
      return vscode.l10n.t('{0} is a read-only view of the service; fetch it into the workspace to create a draft from it.', uri);
    case 'validate':
      return vscode.l10n.t('{0} is a read-only view of the service; fetch it into the workspace to validate it.', uri);
    case 'sendTest':
      return vscode.l10n.t('{0} is a read-only view of the service; fetch it into the workspace to send a test of it.', uri);
  }
}

/** What the palette's pause, resume or stop says while it looks for a campaign to act on. */
export function statusWords(action: StatusAction, env: string): { looking: string; none: string; title: string } {
  switch (action) {
    case 'PAUSE':
      return {
        looking: vscode.l10n.t('Looking for campaigns to pause on {0}', env),
        none: vscode.l10n.t('No campaign on {0} can be paused now. Refresh the Campaigns view to see the current statuses.', env),
        title: vscode.l10n.t('Pause which campaign on {0}?', env),
      };
    case 'RESUME':
      return {
        looking: vscode.l10n.t('Looking for campaigns to resume on {0}', env),
        none: vscode.l10n.t('No campaign on {0} can be resumed now. Refresh the Campaigns view to see the current statuses.', env),
        title: vscode.l10n.t('Resume which campaign on {0}?', env),
      };
    case 'STOP':
      return {
        looking: vscode.l10n.t('Looking for campaigns to stop on {0}', env),
        none: vscode.l10n.t('No campaign on {0} can be stopped now. Refresh the Campaigns view to see the current statuses.', env),
        title: vscode.l10n.t('Stop which campaign on {0}?', env),
      };
  }
}

/** Why pause, resume or stop refuses several selected campaigns. */
export function oneAtATime(action: StatusAction, selected: number): string {
  switch (action) {
    case 'PAUSE':
      return vscode.l10n.t('Pause works on one campaign at a time, and {0} are selected: select only the campaign to pause.', selected);
    case 'RESUME':
      return vscode.l10n.t('Resume works on one campaign at a time, and {0} are selected: select only the campaign to resume.', selected);
    case 'STOP':
      return vscode.l10n.t('Stop works on one campaign at a time, and {0} are selected: select only the campaign to stop.', selected);
  }
}

/** What the test send asks about its recipients: email addresses, or user identifiers. */
export function recipientWords(channel: string): { other: string; tick: string } {
  const email = channel === 'EMAIL';
  return {
    other: email ? vscode.l10n.t('Other email addresses…') : vscode.l10n.t('Other user identifiers…'),
    tick: email
      ? vscode.l10n.t('Tick remembered email addresses, or choose "Other" to type more')
      : vscode.l10n.t('Tick remembered user identifiers, or choose "Other" to type more'),
  };
}

/** The input box's prompt for more recipients, with those already ticked. */
export function recipientsPrompt(channel: string, already: string[]): string {
  const email = channel === 'EMAIL';
  if (!already.length) {
    return email
      ? vscode.l10n.t('Email addresses, separated by commas (at most 10 in all)')
      : vscode.l10n.t('User identifiers, separated by commas (at most 10 in all)');
  }
  const chosen = already.join(', ');
  return email
    ? vscode.l10n.t('Email addresses, separated by commas (at most 10 in all); already chosen: {0}', chosen)
    : vscode.l10n.t('User identifiers, separated by commas (at most 10 in all); already chosen: {0}', chosen);
}
