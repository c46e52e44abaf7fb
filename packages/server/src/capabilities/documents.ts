import { uriToFileName } from '@campaign-studio/core';
import { readDiskEncoding, ServerContext } from '../context';
import { Diagnostics } from './diagnostics';
import { WorkspaceFiles } from './workspaceFiles';
import { isSettingsFile, settingsChanged } from './workspace';

/**
 * Open documents: the first diagnostics come at once, later ones after a pause. An open
 * `.campaignrc.json` counts with its unsaved text; closed, the saved file counts again.
 */
export function registerDocuments(ctx: ServerContext, diagnostics: Diagnostics, workspaceFiles: WorkspaceFiles): void {
  const justOpened = new Set<string>();

  ctx.documents.onDidOpen(e => {
    justOpened.add(e.document.uri);
    readDiskEncoding(ctx, e.document.uri);
    workspaceFiles.opened(e.document.uri);
    if (isSettingsFile(e.document.uri)) {
      ctx.openSettingsFiles.set(uriToFileName(e.document.uri), e.document.uri);
      settingsChanged(ctx, diagnostics);
    }
  });

  ctx.documents.onDidChangeContent(e => {
    // Opening also fires this.
    diagnostics.schedule(e.document.uri, justOpened.delete(e.document.uri) ? 0 : ctx.options.pushDelayMs);
    if (isSettingsFile(e.document.uri)) settingsChanged(ctx, diagnostics);
  });

  // Saving can change the file's encoding (a UTF-16 file saved as UTF-8) without changing its text.
  ctx.documents.onDidSave(e => {
    readDiskEncoding(ctx, e.document.uri);
    diagnostics.schedule(e.document.uri, 0);
  });

  ctx.documents.onDidClose(e => {
    const uri = e.document.uri;
    justOpened.delete(uri);
    ctx.diskEncodings.delete(uri);
    ctx.service.cache.delete(uri);
    ctx.settings.forget(uri);
    if (isSettingsFile(uri)) {
      ctx.openSettingsFiles.delete(uriToFileName(uri));
      settingsChanged(ctx, diagnostics);
    }
    diagnostics.closed(uri);
    workspaceFiles.closed(uri);
  });
}
