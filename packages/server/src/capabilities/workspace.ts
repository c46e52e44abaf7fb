import * as path from 'path';
import { isSettingsFileName, SETTINGS_FILE_GLOB, uriToFileName } from '@campaign-studio/core';
import { BASE_FOLDER } from '@campaign-studio/sync';
import { ServerContext } from '../context';
import { Diagnostics } from './diagnostics';
import type { WorkspaceFiles } from './workspaceFiles';

/** Editor settings, settings files and base snapshots on disk: what changes diagnostics without an edit. */

export function isSettingsFile(uri: string): boolean {
  return isSettingsFileName(uriToFileName(uri));
}

function isBaseSnapshot(uri: string): boolean {
  return path.dirname(uriToFileName(uri)).replace(/\\/g, '/').endsWith(`/${BASE_FOLDER}`);
}

/** Settings are one typed object per resource, cached: any change clears them all. */
export function settingsChanged(ctx: ServerContext, diagnostics: Diagnostics): void {
  ctx.settings.clear();
  diagnostics.changed();
}

export function registerWorkspace(ctx: ServerContext, diagnostics: Diagnostics, workspaceFiles: WorkspaceFiles): void {
  ctx.connection.onDidChangeConfiguration(params => {
    if (!ctx.client.configuration)
      ctx.client.pushedEditorSettings = (params.settings as { campaignStudio?: unknown } | undefined)?.campaignStudio;
    settingsChanged(ctx, diagnostics);
    void workspaceFiles.configure();
  });

  ctx.connection.onDidChangeWatchedFiles(params => {
    workspaceFiles.filesChanged(params.changes.filter(c => !isBaseSnapshot(c.uri)));
    // An open document's file rewritten by another program (converted to UTF-8, say): its encoding is read again.
    for (const { uri } of params.changes.filter(c => ctx.documents.get(c.uri))) {
      ctx.registry.readDiskEncoding(uri);
      diagnostics.schedule(uri, 0);
    }
    if (params.changes.some(c => isSettingsFile(c.uri))) settingsChanged(ctx, diagnostics);
    // A fetch or a push rewrote a base snapshot: files not described by the extension read it again.
    if (params.changes.some(c => isBaseSnapshot(c.uri))) {
      ctx.service.baseSnapshots?.clear();
      ctx.loggedBaseProblems.clear();
      diagnostics.changed();
    }
  });
}

/** The globs the server asks a client to watch, when it can register them. */
export const WATCHED_FILES = [{ globPattern: SETTINGS_FILE_GLOB }, { globPattern: `**/${BASE_FOLDER}/*.json` }];
