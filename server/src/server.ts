import {
  createConnection, ProposedFeatures, TextDocuments, TextDocumentSyncKind, DidChangeConfigurationNotification,
  DocumentDiagnosticReportKind, Diagnostic, InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import * as path from 'path';
import { LanguageService, uriToFileName } from './service/languageService';
import { applyOverrides, brokenSettingsFinding, findCampaignrc, loadCampaignrc, LoadedSettings, SettingsOverrides } from './service/settings';
import { Finding, RemoteState, WorkspaceSettings } from './service/types';
import { RemoteFindingsNotification, RemoteStateNotification, ServerStatsRequest } from '../../common/src/protocol';

/** The language server's entry: the only module that knows about the LSP connection. */

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

let pullDiagnostics = false;
let configurationSupport = false;
const overridesCache = new Map<string, SettingsOverrides>();
const rcCache = new Map<string, LoadedSettings>();
const remoteStates = new Map<string, RemoteState>();
const remoteFindings = new Map<string, Finding[]>();

function settingsFileFor(uri: string): LoadedSettings | undefined {
  if (!uri.startsWith('file:')) return undefined;
  const file = uriToFileName(uri);
  const rc = findCampaignrc(path.dirname(file));
  if (!rc) return undefined;
  let loaded = rcCache.get(rc);
  if (!loaded) {
    loaded = loadCampaignrc(rc);
    rcCache.set(rc, loaded);
  }
  return loaded;
}

function getSettings(uri: string): WorkspaceSettings {
  const base = settingsFileFor(uri)?.settings ?? { features: {} };
  return applyOverrides(base, overridesCache.get(uri));
}

const service = new LanguageService({
  getSettings,
  getRemote: uri => remoteStates.get(uri),
  extraFindings: uri => {
    const out: Finding[] = [...(remoteFindings.get(uri) ?? [])];
    const loaded = settingsFileFor(uri);
    if (loaded && !uri.endsWith('/.campaignrc.json')) {
      const f = brokenSettingsFinding(loaded, uriToFileName(uri));
      if (f) out.push(f);
    }
    return out;
  },
  log: m => connection.console.error(m),
});

async function loadOverrides(uri: string): Promise<void> {
  if (!configurationSupport) return;
  try {
    const cfg = await connection.workspace.getConfiguration({ scopeUri: uri, section: 'campaignStudio' });
    overridesCache.set(uri, { features: cfg?.features ?? {}, subscriptionCategories: cfg?.subscriptionCategories ?? null });
  } catch {
    overridesCache.delete(uri);
  }
}

function safeDiagnostics(doc: TextDocument): Diagnostic[] {
  try {
    return service.diagnostics(doc) as unknown as Diagnostic[];
  } catch (e) {
    connection.console.error(`validation failed for ${doc.uri}: ${e instanceof Error ? e.stack : String(e)}`);
    return [];
  }
}

const timers = new Map<string, NodeJS.Timeout>();
function schedule(doc: TextDocument, delay = 150): void {
  if (pullDiagnostics) return;
  clearTimeout(timers.get(doc.uri));
  timers.set(doc.uri, setTimeout(() => {
    timers.delete(doc.uri);
    const current = documents.get(doc.uri);
    if (current) void connection.sendDiagnostics({ uri: current.uri, version: current.version, diagnostics: safeDiagnostics(current) });
  }, delay));
}

function refreshAll(): void {
  if (pullDiagnostics) void connection.languages.diagnostics.refresh();
  else for (const d of documents.all()) schedule(d, 0);
}

connection.onInitialize((params): InitializeResult => {
  const caps = params.capabilities;
  pullDiagnostics = !!caps.textDocument?.diagnostic;
  configurationSupport = !!caps.workspace?.configuration;
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      diagnosticProvider: pullDiagnostics ? { interFileDependencies: false, workspaceDiagnostics: false } : undefined,
    },
    serverInfo: { name: 'campaign-studio' },
  };
});

connection.onInitialized(() => {
  if (configurationSupport) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'campaignStudio' });
});

connection.onDidChangeConfiguration(() => {
  overridesCache.clear();
  refreshAll();
});

connection.onDidChangeWatchedFiles(() => {
  rcCache.clear();
  refreshAll();
});

connection.languages.diagnostics.on(async (params) => {
  const doc = documents.get(params.textDocument.uri);
  if (!doc) return { kind: DocumentDiagnosticReportKind.Full, items: [] };
  if (!overridesCache.has(doc.uri)) await loadOverrides(doc.uri);
  return { kind: DocumentDiagnosticReportKind.Full, items: safeDiagnostics(doc) };
});

connection.onNotification(RemoteStateNotification.method, (p: RemoteStateNotification.Params) => {
  for (const e of p.entries) {
    if (e.state) remoteStates.set(e.uri, e.state); else remoteStates.delete(e.uri);
  }
  refreshAll();
});

connection.onRequest(ServerStatsRequest.type, () => {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, openDocuments: documents.all().length };
});

connection.onNotification(RemoteFindingsNotification.method, (p: RemoteFindingsNotification.Params) => {
  if (p.findings.length) remoteFindings.set(p.uri, p.findings); else remoteFindings.delete(p.uri);
  refreshAll();
});

documents.onDidOpen(e => { void loadOverrides(e.document.uri).then(() => schedule(e.document, 0)); });
documents.onDidChangeContent(e => {
  if (e.document.uri.endsWith('/.campaignrc.json')) { rcCache.clear(); refreshAll(); }
  schedule(e.document);
});
documents.onDidSave(e => {
  if (e.document.uri.endsWith('/.campaignrc.json')) { rcCache.clear(); refreshAll(); }
});
documents.onDidClose(e => {
  clearTimeout(timers.get(e.document.uri));
  service.cache.delete(e.document.uri);
  overridesCache.delete(e.document.uri);
  if (!pullDiagnostics) void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
});

process.on('unhandledRejection', e => connection.console.error(`unhandled rejection: ${String(e)}`));

documents.listen(connection);
connection.listen();
