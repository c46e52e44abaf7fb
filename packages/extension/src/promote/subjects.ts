import * as path from 'path';
import * as vscode from 'vscode';
import { parse } from '@campaign-studio/core';
import {
  BaseSnapshot,
  campaignIdOf,
  Environment,
  isObject,
  plainText,
  readBaseSnapshot,
  secretKeyFor,
  ServiceClient,
} from '@campaign-studio/sync';
import { isCampaignFile } from '../fileKinds';
import type { Connection } from '../remoteEditor/connection';
import { parseRemoteUri } from '../remoteEditor/documents';
import { CampaignNode } from '../remoteEditor/tree';

/**
 * The campaign a promotion or a comparison is about, and the clients of its environments: a
 * campaign file (in the environment its base snapshot names), an item of the Campaigns view (in
 * the view's environment), a `campaign://` document, or what a script passes.
 */

export interface Subject {
  environment: Environment;
  id: string;
  /** The folder of the promotion's committed files: the workspace folder of the file, else the first. */
  folder: string;
  /** The campaign file, when the command runs on one. */
  doc?: vscode.TextDocument;
  /** The file's base snapshot, when it has one. */
  base?: BaseSnapshot;
}

/** What a script or test may pass: a campaign of an environment. */
interface SubjectArgs {
  id: string;
  environment: string;
}

function isSubjectArgs(a: unknown): a is SubjectArgs {
  return isObject(a) && !(a instanceof vscode.Uri) && typeof a.id === 'string' && typeof a.environment === 'string';
}

function firstFolder(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder)
    throw new Error(vscode.l10n.t('Open the folder that holds your campaign files: promotion links live in its `campaign.links.json`.'));
  return folder.uri.fsPath;
}

function environmentNamed(conn: Connection, name: string): Environment {
  const env = conn.environmentNamed(name);
  if (!env)
    throw new Error(
      vscode.l10n.t('No environment named `{0}` in the `campaignStudio.environments` setting: add it, then try again.', name),
    );
  return env;
}

/** The campaign the command was run on: a tree item, a URI, script arguments, else the active editor's file. */
export async function subjectOf(conn: Connection, arg: unknown): Promise<Subject> {
  if (arg instanceof CampaignNode) return { environment: environmentNamed(conn, arg.environment), id: arg.id, folder: firstFolder() };
  if (isSubjectArgs(arg)) return { environment: environmentNamed(conn, arg.environment), id: arg.id, folder: firstFolder() };
  const remote = arg instanceof vscode.Uri ? parseRemoteUri(arg) : undefined;
  if (remote) return { environment: environmentNamed(conn, remote.environment), id: remote.id, folder: firstFolder() };
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (!uri || !isCampaignFile(uri))
    throw new Error(vscode.l10n.t('Open a `.campaign.json` file, or choose a campaign in the Campaigns view, first.'));
  return subjectOfFile(conn, await vscode.workspace.openTextDocument(uri));
}

async function subjectOfFile(conn: Connection, doc: vscode.TextDocument): Promise<Subject> {
  const name = path.basename(doc.uri.fsPath);
  const value = parse(doc.getText()).value;
  const id = isObject(value) ? campaignIdOf(value) : undefined;
  if (!id) throw new Error(vscode.l10n.t('{0} has no campaign id: push it to an environment first, then promote it from there.', name));
  const folder = vscode.workspace.getWorkspaceFolder(doc.uri)?.uri.fsPath ?? firstFolder();
  const base = await readBaseSnapshot(folder, id);
  if (!base)
    throw new Error(
      vscode.l10n.t(
        '{0} has no base snapshot, so the environment it comes from is not known: fetch it ("Campaign Studio: Fetch"), then promote.',
        name,
      ),
    );
  return { environment: environmentNamed(conn, base.environment), id, folder, doc, base };
}

/**
 * The client of `env`, with the API key kept in secret storage for it (as sign-in keeps it);
 * without one, offers to enter it, and keeps it. Undefined when the person declines.
 */
export async function clientWithKey(conn: Connection, secrets: vscode.SecretStorage, env: Environment): Promise<ServiceClient | undefined> {
  const client = await conn.clientFor(env.name);
  if (client) return client;
  const enter = vscode.l10n.t('Enter API Key');
  const pick = await vscode.window.showWarningMessage(
    plainText(vscode.l10n.t('No API key of environment {0} is stored: enter it to read and write campaigns there.', env.name)),
    enter,
  );
  if (pick !== enter) return undefined;
  const key = await vscode.window.showInputBox({
    title: vscode.l10n.t('API key of {0}', env.name),
    prompt: vscode.l10n.t("API key of workspace {0} ({1}). It is kept in the editor's secret storage only.", env.workspaceId, env.baseUrl),
    password: true,
    ignoreFocusOut: true,
    validateInput: v => (v.trim() ? undefined : vscode.l10n.t("Paste the API key from the dashboard's workspace settings.")),
  });
  if (!key?.trim()) return undefined;
  await secrets.store(secretKeyFor(env), key.trim());
  return conn.clientFor(env.name);
}
