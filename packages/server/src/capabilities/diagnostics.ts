import * as l10n from '@vscode/l10n';
import {
  CancellationToken,
  Diagnostic,
  DiagnosticRefreshRequest,
  DocumentDiagnosticParams,
  DiagnosticSeverity,
  DocumentDiagnosticReport,
  DocumentDiagnosticReportKind,
  LSPErrorCodes,
  PublishDiagnosticsParams,
  ResponseError,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentSettings, Finding, limitDiagnostics } from '@campaign-studio/core';
import { describe, oversized, ServerContext } from '../context';
import { tooLargeDiagnostic } from './largeDocuments';

/**
 * Diagnostics, pulled (LSP 3.17: the client asks, `resultId` skips unchanged ones) or pushed
 * (debounced per document; only the version that was validated is published).
 */
export interface Diagnostics {
  /** Publishes a document's diagnostics after `delay` ms (push clients only). */
  schedule(uri: string, delay: number): void;
  /** Something other than a document's text changed its diagnostics (settings, remote state). */
  changed(): void;
  /** Runs `listener` after each (coalesced) `changed()`, for diagnostics of files that are not open. */
  onChanged(listener: () => void): void;
  /** A closed document (its pending run went with its registry entry): its diagnostics cleared. */
  closed(uri: string): void;
  dispose(): void;
}

const EMPTY_REPORT: DocumentDiagnosticReport = { kind: DocumentDiagnosticReportKind.Full, items: [] };

/** All diagnostics of a document (of `findings` when given), capped at `maxProblems` with a note saying how many are hidden. */
export function computeDiagnostics(
  ctx: ServerContext,
  doc: TextDocument,
  docSettings: DocumentSettings,
  findings?: Finding[],
): Diagnostic[] {
  const maxProblems = ctx.options.maxProblems;
  const { shown, hidden } = limitDiagnostics(ctx.service.diagnostics(doc, docSettings, findings), maxProblems);
  const out: Diagnostic[] = shown as Diagnostic[];
  if (hidden > 0) {
    out.push({
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: DiagnosticSeverity.Information,
      source: 'campaign-studio',
      message: `${hidden} more problem${hidden === 1 ? ' is' : 's are'} not shown: the editor shows ${maxProblems} per file, the most severe first. Run \`campaign-lint\` on this file for the full list.`,
    });
  }
  return out;
}

function tooLargeReport(doc: TextDocument): DocumentDiagnosticReport {
  return { kind: DocumentDiagnosticReportKind.Full, items: [tooLargeDiagnostic(doc)] };
}

/** Resolves after the messages already received have been handled. */
function nextTurn(): Promise<void> {
  return new Promise(resolve => setImmediate(resolve));
}

export function registerDiagnostics(ctx: ServerContext): Diagnostics {
  // An oversized document's one diagnostic says why it has no others.
  ctx.connection.languages.diagnostics.on((params, token) => {
    const open = ctx.documents.get(params.textDocument.uri);
    return open && oversized(open) ? tooLargeReport(open) : pull(ctx, params, token);
  });
  return new PublishedDiagnostics(ctx);
}

/** A pulled report: unchanged while the document's state is (`resultId`), else made from the state's findings. */
function pull(ctx: ServerContext, params: DocumentDiagnosticParams, token: CancellationToken): Promise<DocumentDiagnosticReport> {
  return ctx.safe<DocumentDiagnosticReport>(
    'diagnostics',
    params.textDocument.uri,
    EMPTY_REPORT,
    async req => {
      // Validation waits a turn of the event loop: requests that came with the edit (a hover, a
      // completion) are answered first, from the parse alone, and a pull that a newer edit made
      // stale is cancelled before it costs anything.
      await nextTurn();
      if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'diagnostics cancelled');
      const doc = ctx.documents.get(req.doc.uri);
      if (!doc) return EMPTY_REPORT;
      // An edit made it oversized while this pull waited.
      if (oversized(doc)) return tooLargeReport(doc);
      const resultId = ctx.registry.stateOf(doc);
      if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
      return {
        kind: DocumentDiagnosticReportKind.Full,
        resultId,
        items: computeDiagnostics(ctx, doc, req.settings, ctx.registry.findings(doc, req.settings)),
      };
    },
    token,
  );
}

/** Sends diagnostics; a connection that is gone cannot hear about it, so stderr does. */
function publish(ctx: ServerContext, params: PublishDiagnosticsParams): Promise<void> {
  return ctx.connection.sendDiagnostics(params).catch(e => {
    process.stderr.write(`could not publish diagnostics for ${params.uri}: ${describe(e)}\n`);
  });
}

/** Pushes (debounced per document, through the registry) and the refreshes that follow a change of state. */
class PublishedDiagnostics implements Diagnostics {
  private refreshTimer: NodeJS.Timeout | undefined;
  private readonly changeListeners: Array<() => void> = [];

  constructor(private readonly ctx: ServerContext) {}

  schedule(uri: string, delay: number): void {
    if (this.ctx.client.pullDiagnostics || this.ctx.shuttingDown) return;
    this.ctx.registry.schedule(uri, delay, () => void this.push(uri));
  }

  changed(): void {
    this.ctx.registry.stateChanged();
    this.refreshAll();
  }

  onChanged(listener: () => void): void {
    this.changeListeners.push(listener);
  }

  closed(uri: string): void {
    if (!this.ctx.client.pullDiagnostics && !this.ctx.shuttingDown) void publish(this.ctx, { uri, diagnostics: [] });
  }

  dispose(): void {
    this.ctx.registry.cancelScheduled();
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
  }

  private async push(uri: string): Promise<void> {
    const ctx = this.ctx;
    const doc = ctx.documents.get(uri);
    if (!doc) return;
    const version = doc.version;
    let diagnostics: Diagnostic[];
    try {
      const docSettings = await ctx.settings.get(uri);
      const current = ctx.documents.get(uri);
      // A newer version (or a close) has scheduled its own publication.
      if (!current || current.version !== version) return;
      diagnostics = oversized(current)
        ? [tooLargeDiagnostic(current)]
        : computeDiagnostics(ctx, current, docSettings, ctx.registry.findings(current, docSettings));
    } catch (e) {
      // Never leave stale diagnostics behind: clear them and say why in the log.
      ctx.log.error(l10n.t`diagnostics failed for ${uri} (version ${version}); its diagnostics are cleared: ${describe(e)}`);
      diagnostics = [];
    }
    if (!ctx.shuttingDown) await publish(ctx, { uri, version, diagnostics });
  }

  /** Every open document again, coalesced. */
  private refreshAll(): void {
    if (this.refreshTimer || this.ctx.shuttingDown) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      for (const listener of this.changeListeners) listener();
      if (!this.ctx.client.pullDiagnostics) {
        for (const d of this.ctx.documents.all()) this.schedule(d.uri, 0);
      } else if (this.ctx.client.diagnosticRefresh) {
        this.ctx.connection
          .sendRequest(DiagnosticRefreshRequest.type)
          .catch(e => this.ctx.log.warn(l10n.t`diagnostics refresh failed: ${describe(e)}`));
      }
    }, this.ctx.options.pushDelayMs);
  }
}
