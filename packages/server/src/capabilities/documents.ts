import { uriToFileName } from '@campaign-studio/core';
import { ServerContext } from '../context';
import { Diagnostics } from './diagnostics';
import { WorkspaceFiles } from './workspaceFiles';
import { isSettingsFile, settingsChanged } from './workspace';

/**
 * Open documents: the first diagnostics come at once, later ones after a pause. An open
 * `.campaignrc.json` counts with its unsaved text; closed, the saved file counts again.
 */
export function registerDocuments(ctx: ServerContext, diagnostics: Diagnostics, workspaceFiles: WorkspaceFiles): void {
  ctx.documents.onDidOpen(e => {
    const uri = e.document.uri;
    const settingsFile = isSettingsFile(uri) ? uriToFileName(uri) : undefined;
    ctx.registry.opened(uri, settingsFile);
    workspaceFiles.opened(uri);
    if (settingsFile !== undefined) settingsChanged(ctx, diagnostics);
  });

  ctx.documents.onDidChangeContent(e => {
    // Opening also fires this.
    diagnostics.schedule(e.document.uri, ctx.registry.firstContent(e.document.uri) ? 0 : ctx.options.pushDelayMs);
    if (ctx.registry.settingsFileOf(e.document.uri) !== undefined) settingsChanged(ctx, diagnostics);
  });

  // Saving can change the file's encoding (a UTF-16 file saved as UTF-8) without changing its text.
  ctx.documents.onDidSave(e => {
    ctx.registry.readDiskEncoding(e.document.uri);
    diagnostics.schedule(e.document.uri, 0);
  });

  ctx.documents.onDidClose(e => {
    const uri = e.document.uri;
    const wasSettings = ctx.registry.settingsFileOf(uri) !== undefined;
    ctx.registry.forget(uri);
    if (wasSettings) settingsChanged(ctx, diagnostics);
    diagnostics.closed(uri);
    workspaceFiles.closed(uri);
  });
}
