import * as fs from 'fs';
import type { TextEdit } from 'vscode-languageserver/node';
import {
  DocumentSettings,
  Finding,
  isFileUri,
  LanguageService,
  LanguageServiceOptions,
  ParsedDocument,
  Range,
  rangesFor,
  RemoteState,
  TextDocumentLike,
  uriToFileName,
  Utf16,
  utf16OfBytes,
} from '@campaign-studio/core';
import type { SettingsStore } from '@campaign-studio/sync';

/** The editor's indentation for a resource, which code actions insert text in. */
export type Indentation = { tabSize?: number; insertSpaces?: boolean; detectIndentation?: boolean } | undefined;

/** What a document's code actions reuse while its findings stay the same: their ranges, and the fix-all edits made (by rule; `''` for every rule). */
export interface Fixes {
  readonly findings: Finding[];
  readonly ranges: Range[];
  readonly fixAll: Map<string, TextEdit[]>;
}

/** What the language service reads about a URI: the registry answers. */
export type DocumentHooks = Required<Pick<LanguageServiceOptions, 'getRemote' | 'extraFindings' | 'savedAsUtf16'>>;

export interface RegistryDependencies {
  /** Makes the language service, which reads what the registry knows of a URI through `hooks`; its parse cache is the registry's to evict. */
  service(hooks: DocumentHooks): LanguageService;
  /** The open documents' text, by URI. */
  documents: { get(uri: string): TextDocumentLike | undefined };
  /** Settings resolved per resource: an open document's are dropped with it. */
  settings: Pick<SettingsStore, 'get' | 'forget'>;
}

/** What the registry holds for one open document, from `opened` to `forget`. */
interface Entry {
  /** What `findings` and `fixes` were made for (`stateOf`): another state makes them again. */
  state?: string;
  findings?: Finding[];
  fixes?: Fixes;
  /** The findings last made, of whatever version: completion ranks with them rather than wait for validation. */
  last?: Finding[];
  /** Its file's encoding on disk when UTF-16, read at open, at each save and when another program rewrites it. */
  diskEncoding?: Utf16;
  /** The file name, when the document is a `.campaignrc.json` whose unsaved text counts. */
  settingsFile?: string;
  /** The editor's indentation for it, asked once. */
  indentation?: Promise<Indentation>;
  /** Its pending diagnostics run (push clients). */
  timer?: NodeJS.Timeout;
  /** Opened, and the content event that opening fires not seen yet: its first diagnostics come at once. */
  justOpened: boolean;
  /** Past the size the features read, and the editor told so (once, until it is back under). */
  oversized: boolean;
}

/**
 * What the server knows per document, in one place. An open document's entry holds its
 * version's findings, its code actions' fixes, its encoding on disk, the editor's indentation for
 * it and its pending diagnostics; its parse is the language service's cache's (bounded by bytes
 * and dropped under memory pressure, so no entry holds one), which only the registry evicts.
 * Everything an entry holds is of one state of the document (`stateOf`: its version, what it is
 * checked against, its encoding on disk), and `current` is the one place that drops it when the
 * state moved on. `forget` drops all of it when the document closes.
 *
 * What the extension tells about a URI (the remote state of a fetched campaign, the service's own
 * findings) is kept here too, open or closed, until the extension says otherwise: it also governs
 * the diagnostics of the closed file, which the workspace check publishes, and the extension
 * does not tell it again when the file is opened again.
 */
export class DocumentRegistry {
  readonly service: LanguageService;
  private readonly entries = new Map<string, Entry>();
  /** Open `.campaignrc.json` buffers: file name → URI. */
  private readonly settingsBuffers = new Map<string, string>();
  private readonly remoteStates = new Map<string, RemoteState>();
  private readonly remoteFindings = new Map<string, Finding[]>();
  /** Bumped whenever something other than a document's text changes its findings. */
  private generation = 0;
  private readonly documents: RegistryDependencies['documents'];
  private readonly settings: RegistryDependencies['settings'];

  constructor(dependencies: RegistryDependencies) {
    this.documents = dependencies.documents;
    this.settings = dependencies.settings;
    this.service = dependencies.service({
      getRemote: uri => this.remoteStates.get(uri),
      extraFindings: uri => this.remoteFindings.get(uri) ?? [],
      savedAsUtf16: uri => this.entries.get(uri)?.diskEncoding,
    });
  }

  /** A document opened. `settingsFile` is its file name when it is a `.campaignrc.json`: its unsaved text then counts. */
  opened(uri: string, settingsFile?: string): void {
    const entry = this.entries.get(uri) ?? { justOpened: true, oversized: false };
    entry.justOpened = true;
    entry.settingsFile = settingsFile;
    this.entries.set(uri, entry);
    this.readDiskEncoding(uri);
    if (settingsFile !== undefined) this.settingsBuffers.set(settingsFile, uri);
  }

  /** The file name of an open `.campaignrc.json`, or undefined for any other document. */
  settingsFileOf(uri: string): string | undefined {
    return this.entries.get(uri)?.settingsFile;
  }

  isOpen(uri: string): boolean {
    return this.entries.has(uri);
  }

  /** A document closed: everything held for it goes, its parse and its resolved settings with it. */
  forget(uri: string): void {
    const entry = this.entries.get(uri);
    clearTimeout(entry?.timer);
    if (entry?.settingsFile !== undefined) this.settingsBuffers.delete(entry.settingsFile);
    this.entries.delete(uri);
    this.service.cache.delete(uri);
    this.settings.forget(uri);
  }

  /**
   * What a document's findings are of: its version, what it is checked against (`stateChanged`)
   * and its encoding on disk (saving a UTF-16 file as UTF-8 changes it, not the text). A pull's
   * `resultId`.
   */
  stateOf(doc: TextDocumentLike): string {
    return `${doc.version}:${this.generation}:${this.entries.get(doc.uri)?.diskEncoding ?? ''}`;
  }

  /** Something other than the documents' text changed their findings (settings, remote state, base snapshots): each is checked again when next asked. */
  stateChanged(): void {
    this.generation++;
  }

  /** The parse of a document's version. */
  parsed(doc: TextDocumentLike): ParsedDocument {
    return this.service.parsed(doc);
  }

  /** A document's findings, made once per state: its diagnostics and code actions share them. */
  findings(doc: TextDocumentLike, settings: DocumentSettings): Finding[] {
    const entry = this.current(doc);
    if (entry?.findings) return entry.findings;
    const findings = this.service.findings(doc, settings);
    if (entry) entry.findings = entry.last = findings;
    return findings;
  }

  /** The findings last made for an open document, of whatever version, or none: for what must never wait for validation. */
  lastFindings(uri: string): Finding[] | undefined {
    return this.entries.get(uri)?.last;
  }

  /** What the code actions of a document's state reuse: its findings, their ranges, the fix-all edits made so far. */
  fixes(doc: TextDocumentLike, settings: DocumentSettings): Fixes {
    const entry = this.current(doc);
    if (entry?.fixes) return entry.fixes;
    const findings = this.findings(doc, settings);
    const fixes: Fixes = { findings, ranges: rangesFor(this.parsed(doc), findings), fixAll: new Map() };
    if (entry) entry.fixes = fixes;
    return fixes;
  }

  /**
   * What `use` makes of a document that may be no open one (a file on disk checked in the
   * background, a preflight of a closed file's text): unless the document is open, nothing of it
   * is kept.
   */
  transient<R>(doc: TextDocumentLike, use: () => R): R {
    try {
      return use();
    } finally {
      if (!this.entries.has(doc.uri)) this.service.cache.delete(doc.uri);
    }
  }

  /** The settings of a file that is not open, read for one check and not kept. */
  async settingsOnce(uri: string): Promise<DocumentSettings> {
    const settings = await this.settings.get(uri);
    this.settings.forget(uri);
    return settings;
  }

  /** The parse of the open `.campaignrc.json` buffer of the file `file`, if it is open. */
  settingsBuffer(file: string): ParsedDocument | undefined {
    const uri = this.settingsBuffers.get(file);
    const doc = uri === undefined ? undefined : this.documents.get(uri);
    return doc ? this.parsed(doc) : undefined;
  }

  /**
   * Reads whether an open document's file is UTF-16 on disk, which its text does not show when
   * the editor decoded it. The editor changes the file only when it saves it, so this runs at
   * open and at each save (and when another program rewrites it), not at each check.
   */
  readDiskEncoding(uri: string): void {
    const entry = this.entries.get(uri);
    if (entry) entry.diskEncoding = isFileUri(uri) ? utf16OfBytes(firstBytes(uriToFileName(uri))) : undefined;
  }

  /** Whether the content event of `uri` is the one its opening fired (true once per opening). */
  firstContent(uri: string): boolean {
    const entry = this.entries.get(uri);
    if (!entry?.justOpened) return false;
    entry.justOpened = false;
    return true;
  }

  /** Records whether a document is past the size the features read; true when it has just gone past it (the editor is told once). */
  newlyOversized(uri: string, oversized: boolean): boolean {
    const entry = this.entries.get(uri);
    if (!entry) return oversized;
    const news = oversized && !entry.oversized;
    entry.oversized = oversized;
    return news;
  }

  /** The editor's indentation for an open document, asked with `ask` once while it is open. */
  indentation(uri: string, ask: () => Promise<Indentation>): Promise<Indentation> {
    const entry = this.entries.get(uri);
    if (!entry) return ask();
    entry.indentation ??= ask();
    return entry.indentation;
  }

  /** Runs `run` after `delay` ms for an open document, in place of the run pending for it; `forget` calls it off. */
  schedule(uri: string, delay: number, run: () => void): void {
    const entry = this.entries.get(uri);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      run();
    }, delay);
  }

  /** Calls off every pending run (at shutdown). */
  cancelScheduled(): void {
    for (const entry of this.entries.values()) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
    }
  }

  /** The remote state of a fetched campaign, as the extension told it; `undefined` forgets it. */
  setRemoteState(uri: string, state: RemoteState | undefined): void {
    if (state) this.remoteStates.set(uri, state);
    else this.remoteStates.delete(uri);
  }

  remoteState(uri: string): RemoteState | undefined {
    return this.remoteStates.get(uri);
  }

  /** The service's own findings about a document, as the extension told them; none forgets them. */
  setRemoteFindings(uri: string, findings: Finding[]): void {
    if (findings.length) this.remoteFindings.set(uri, findings);
    else this.remoteFindings.delete(uri);
  }

  /** What the parse cache holds, for the server's statistics. */
  get parses(): { entries: number; bytes: number } {
    return { entries: this.service.cache.entries, bytes: this.service.cache.bytes };
  }

  /**
   * The entry of an open document, with what it holds of another state (an older version, other
   * settings, another encoding on disk) dropped: the one place a new version invalidates it. The
   * last findings stay, for completion.
   */
  private current(doc: TextDocumentLike): Entry | undefined {
    const entry = this.entries.get(doc.uri);
    if (!entry) return undefined;
    const state = this.stateOf(doc);
    if (entry.state !== state) {
      entry.state = state;
      entry.findings = undefined;
      entry.fixes = undefined;
    }
    return entry;
  }
}

/** The first bytes of a file, enough to tell UTF-16 by (none when it cannot be read). */
function firstBytes(file: string): Uint8Array {
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, 'r');
    const bytes = new Uint8Array(64);
    return bytes.subarray(0, fs.readSync(fd, bytes, 0, bytes.length, 0));
  } catch {
    return new Uint8Array(0);
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}
