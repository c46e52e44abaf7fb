import * as l10n from '@vscode/l10n';
import {
  CancellationToken, Diagnostic, DiagnosticRefreshRequest, DocumentDiagnosticParams, DiagnosticSeverity, DocumentDiagnosticReport, DocumentDiagnosticReportKind, LSPErrorCodes,
  PublishDiagnosticsParams, ResponseError,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentSettings, Finding, limitDiagnostics } from '@campaign-studio/core';
import { describe, oversized, savedAsUtf16, ServerContext } from '../context';
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
  /**
   * A document's findings, computed once per version and state (settings, remote state, encoding
   * on disk): the diagnostics and the code actions of that version share them.
   */
  findings(doc: TextDocument, docSettings: DocumentSettings): Finding[];
  /** The findings last computed for a document, of whatever version, or none: for what must never wait for validation. */
  lastFindings(uri: string): Finding[] | undefined;
  /** A closed document: nothing pending, and its diagnostics cleared. */
  closed(uri: string): void;
  dispose(): void;
}

const EMPTY_REPORT: DocumentDiagnosticReport = { kind: DocumentDiagnosticReportKind.Full, items: [] };

/** All diagnostics of a document (of `findings` when given), capped at `maxProblems` with a note saying how many are hidden. */
export function computeDiagnostics(ctx: ServerContext, doc: TextDocument, docSettings: DocumentSettings, findings?: Finding[]): Diagnostic[] {
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
  const pushTimers = new Map<string, NodeJS.Timeout>();
  let refreshTimer: NodeJS.Timeout | undefined;
  const changeListeners: Array<() => void> = [];
  /** Bumped whenever something other than a document's text changes its diagnostics. */
  let generation = 0;
  const found = new Map<string, { state: string; findings: Finding[] }>();

  /** What a document's findings depend on besides its settings, which change only with `generation`. */
  function stateOf(doc: TextDocument): string {
    // The file's encoding on disk is part of it: saving a UTF-16 file as UTF-8 changes it, not the text.
    return `${doc.version}:${generation}:${savedAsUtf16(ctx, doc.uri) ?? ''}`;
  }

  function findings(doc: TextDocument, docSettings: DocumentSettings): Finding[] {
    const state = stateOf(doc);
    const hit = found.get(doc.uri);
    if (hit?.state === state) return hit.findings;
    const fresh = ctx.service.findings(doc, docSettings);
    found.set(doc.uri, { state, findings: fresh });
    return fresh;
  }

  const pull = (params: DocumentDiagnosticParams, token: CancellationToken) => ctx.safe<DocumentDiagnosticReport>('diagnostics', params.textDocument.uri, EMPTY_REPORT, async req => {
    // Validation waits a turn of the event loop: requests that came with the edit (a hover, a
    // completion) are answered first, from the parse alone, and a pull that a newer edit made
    // stale is cancelled before it costs anything.
    await nextTurn();
    if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'diagnostics cancelled');
    const doc = ctx.documents.get(req.doc.uri);
    if (!doc) return EMPTY_REPORT;
    // An edit made it oversized while this pull waited.
    if (oversized(doc)) return tooLargeReport(doc);
    const resultId = stateOf(doc);
    if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items: computeDiagnostics(ctx, doc, req.settings, findings(doc, req.settings)) };
  }, token);

  // An oversized document's one diagnostic says why it has no others.
  ctx.connection.languages.diagnostics.on((params, token) => {
    const open = ctx.documents.get(params.textDocument.uri);
    return open && oversized(open) ? tooLargeReport(open) : pull(params, token);
  });

  /** Sends diagnostics; a connection that is gone cannot hear about it, so stderr does. */
  function publish(params: PublishDiagnosticsParams): Promise<void> {
    return ctx.connection.sendDiagnostics(params).catch(e => { process.stderr.write(`could not publish diagnostics for ${params.uri}: ${describe(e)}\n`); });
  }

  async function push(uri: string): Promise<void> {
    const doc = ctx.documents.get(uri);
    if (!doc) return;
    const version = doc.version;
    let diagnostics: Diagnostic[];
    try {
      const docSettings = await ctx.settings.get(uri);
      const current = ctx.documents.get(uri);
      // A newer version (or a close) has scheduled its own publication.
      if (!current || current.version !== version) return;
      diagnostics = oversized(current) ? [tooLargeDiagnostic(current)] : computeDiagnostics(ctx, current, docSettings, findings(current, docSettings));
    } catch (e) {
      // Never leave stale diagnostics behind: clear them and say why in the log.
      ctx.log.error(l10n.t`diagnostics failed for ${uri} (version ${version}); its diagnostics are cleared: ${describe(e)}`);
      diagnostics = [];
    }
    if (!ctx.shuttingDown) await publish({ uri, version, diagnostics });
  }

  function schedule(uri: string, delay: number): void {
    if (ctx.client.pullDiagnostics || ctx.shuttingDown) return;
    clearTimeout(pushTimers.get(uri));
    pushTimers.set(uri, setTimeout(() => {
      pushTimers.delete(uri);
      void push(uri);
    }, delay));
  }

  /** Every open document again, coalesced. */
  function refreshAll(): void {
    if (refreshTimer || ctx.shuttingDown) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = undefined;
      for (const listener of changeListeners) listener();
      if (!ctx.client.pullDiagnostics) {
        for (const d of ctx.documents.all()) schedule(d.uri, 0);
      } else if (ctx.client.diagnosticRefresh) {
        ctx.connection.sendRequest(DiagnosticRefreshRequest.type).catch(e => ctx.log.warn(l10n.t`diagnostics refresh failed: ${describe(e)}`));
      }
    }, ctx.options.pushDelayMs);
  }

  return {
    schedule,
    changed() {
      generation++;
      refreshAll();
    },
    findings,
    lastFindings: uri => found.get(uri)?.findings,
    onChanged(listener) {
      changeListeners.push(listener);
    },
    closed(uri) {
      found.delete(uri);
      clearTimeout(pushTimers.get(uri));
      pushTimers.delete(uri);
      if (!ctx.client.pullDiagnostics && !ctx.shuttingDown) void publish({ uri, diagnostics: [] });
    },
    dispose() {
      for (const t of pushTimers.values()) clearTimeout(t);
      pushTimers.clear();
      if (refreshTimer) clearTimeout(refreshTimer);
      refreshTimer = undefined;
    },
  };
}
