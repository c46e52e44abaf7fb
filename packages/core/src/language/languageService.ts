import { parse, ParsedDocument, reparse } from './parse';
import { kindOf, validate } from './validate';
import { CampaignDiagnostic, toDiagnostics } from './diagnostics';
import { brokenSettingsFinding, DocumentSettings, settingsProblems } from './settings';
import { isFileUri, uriToFileName } from './uri';
import { CheckPurpose, DocumentKind, Finding, RemoteState } from '../model/types';
import { Utf16, utf16Finding } from './encoding';
import { CAMPAIGN_SCHEME } from '../model/fileKinds';

/**
 * The pure language service: every capability is a function of (document, parsed, settings).
 * The LSP entry (`server.ts`) and the CLI (`cli.ts`) both drive this object; nothing here knows
 * about the protocol connection.
 */

export interface TextDocumentLike {
  uri: string;
  version: number;
  getText(): string;
  /** The file's path when the caller has it (the CLI): spares turning the URI back into one, a visible cost over thousands of files. */
  fileName?: string;
}

/** A base snapshot that exists but cannot be used: `message` says why and what to do, `reason` only why. */
export interface BaseProblem {
  file: string;
  message: string;
  reason: string;
}

/**
 * Where the remote state of a fetched file on disk comes from (the base snapshot beside it).
 * `@campaign-studio/sync` reads them from disk; core only asks.
 */
export interface BaseSnapshotSource {
  lookup(fileName: string, doc: unknown): { found?: { remote: RemoteState }; problem?: BaseProblem };
  /** Forget what was read (a sidecar changed on disk). */
  clear(): void;
}

export interface LanguageServiceOptions {
  /**
   * Remote state of a fetched campaign (for P1–P5 and H5) that the editor knows; it wins over the
   * base snapshot found beside the file.
   */
  getRemote?(uri: string): RemoteState | undefined;
  /**
   * Where the base snapshots of fetched files on disk are found (`.campaigns/base/<id>.json` in
   * the file's folder or the nearest parent). Without one, only `getRemote` says what is remote.
   */
  baseSnapshots?: BaseSnapshotSource;
  /** A base snapshot that exists but cannot be used (damaged, unreadable), with what to do. */
  onBaseProblem?(problem: BaseProblem, uri: string): void;
  /**
   * Whether the file of a document is UTF-16 on disk, which its text does not show when the
   * editor decoded it (the server reads the first bytes of the open files it is asked about).
   */
  savedAsUtf16?(uri: string): Utf16 | undefined;
  /** Extra findings about a document that come from outside the rules (the service's validate call). */
  extraFindings?(uri: string): Finding[];
  log?(message: string): void;
  /** Where diagnostics link each rule's documentation (the repository's page by default). */
  ruleLink?(id: string): string;
  /** The current instant (epoch ms), for the rules that depend on it (N2, N3); without it they do not run. */
  now?(): number;
  /** How many parse results to keep (oldest evicted). */
  cacheSize?: number;
  /** How many bytes the parse cache may hold in all, by each result's footprint (oldest evicted; the newest always stays). */
  cacheBytes?: number;
  /** True when the process runs short of memory: a new parse then drops every other cached one. */
  memoryPressure?(): boolean;
}

/** The parse cache's default budget: a dozen 1 MB documents with their position trees, or sixty without. */
export const PARSE_CACHE_BYTES = 128 * 1024 * 1024;

interface CacheEntry {
  version: number;
  text: string;
  parsed: ParsedDocument;
}

/**
 * Parse results by URI and version: each version of a document is parsed once and handed to every
 * feature. Bounded by entries and by bytes (each result's footprint, which grows when its position
 * tree is built, so the bound is checked on every use); the least recently used entry goes first.
 * Under memory pressure a new parse drops all the others: they can be parsed again, a process
 * that runs out of memory cannot.
 */
export class ParseCache {
  private readonly map = new Map<string, CacheEntry>();
  /** How many times a text was actually parsed (for tests and statistics). */
  parses = 0;

  constructor(
    private readonly size = 64,
    private readonly maxBytes = PARSE_CACHE_BYTES,
    private readonly memoryPressure: () => boolean = () => false,
  ) {}

  get(doc: TextDocumentLike): ParsedDocument {
    const hit = this.map.get(doc.uri);
    if (hit && hit.version === doc.version) {
      this.touch(doc.uri, hit);
      this.trim(this.size, this.maxBytes);
      return hit.parsed;
    }
    const text = doc.getText();
    // The previous version's parse makes the next one's when an edit stays inside one string (`reparse`).
    const parsed = hit && hit.text === text ? hit.parsed : this.parse(text, hit?.parsed);
    this.touch(doc.uri, { version: doc.version, text, parsed });
    if (this.memoryPressure()) this.trim(1, 0);
    else this.trim(this.size, this.maxBytes);
    return parsed;
  }

  delete(uri: string): void {
    this.map.delete(uri);
  }

  has(uri: string): boolean {
    return this.map.has(uri);
  }

  get entries(): number {
    return this.map.size;
  }

  /** What the cached results hold, by their footprints. */
  get bytes(): number {
    let total = 0;
    for (const e of this.map.values()) total += e.parsed.footprint();
    return total;
  }

  private parse(text: string, previous: ParsedDocument | undefined): ParsedDocument {
    this.parses++;
    return previous ? reparse(previous, text) : parse(text);
  }

  /** Makes `entry` the most recently used. */
  private touch(uri: string, entry: CacheEntry): void {
    this.map.delete(uri);
    this.map.set(uri, entry);
  }

  /** Evicts the least recently used entries until both bounds hold; the newest always stays. */
  private trim(size: number, maxBytes: number): void {
    let bytes = this.bytes;
    for (const [uri, entry] of this.map) {
      if (this.map.size <= 1 || (this.map.size <= size && bytes <= maxBytes)) return;
      bytes -= entry.parsed.footprint();
      this.map.delete(uri);
    }
  }
}

export class LanguageService {
  readonly cache: ParseCache;
  readonly baseSnapshots: BaseSnapshotSource | undefined;

  constructor(readonly options: LanguageServiceOptions = {}) {
    this.cache = new ParseCache(options.cacheSize ?? 64, options.cacheBytes, options.memoryPressure);
    this.baseSnapshots = options.baseSnapshots;
  }

  /**
   * What is known of the remote copy of a campaign document: what the editor said, else the base
   * snapshot found beside the file (a fetched file keeps its `id`), as `campaign-lint` finds it.
   */
  remote(doc: TextDocumentLike, parsed: ParsedDocument = this.parsed(doc), fileName = fileNameOf(doc)): RemoteState | undefined {
    const given = this.options.getRemote?.(doc.uri);
    if (given || !this.baseSnapshots || !isFileUri(doc.uri) || kindOf(fileName) !== 'campaign') return given;
    const found = this.baseSnapshots.lookup(fileName, parsed.value);
    if (found.problem) this.options.onBaseProblem?.(found.problem, doc.uri);
    return found.found?.remote;
  }

  /** What a document is, by its file name alone (never the editor's language id). */
  kind(doc: Pick<TextDocumentLike, 'uri' | 'fileName'>): DocumentKind {
    return kindOf(fileNameOf(doc));
  }

  parsed(doc: TextDocumentLike): ParsedDocument {
    return this.cache.get(doc);
  }

  /**
   * What the editor shows for a document: the rule set's findings, then the service's own that do
   * not repeat one of them. A read-only view of the service's copy shows errors and warnings only:
   * nothing in it can be edited, so notes about editing it (D8, P4, P5, H5) would only be noise.
   */
  findings(doc: TextDocumentLike, settings: DocumentSettings): Finding[] {
    const found = this.check(doc, settings);
    for (const f of this.options.extraFindings?.(doc.uri) ?? []) if (!found.some(r => repeats(f, r))) found.push(f);
    return isReadOnlyView(doc.uri) ? found.filter(f => f.severity === 'error' || f.severity === 'warning') : found;
  }

  /**
   * The rule set's findings for a document, the same the Problems panel shows without the
   * service's own: what a write checks before it sends anything (`campaign/preflight`).
   * `remote` replaces what is known of the remote copy (the status read at push time);
   * `purpose` adds the rules of that use (an inline test send: B8).
   */
  check(doc: TextDocumentLike, settings: DocumentSettings, options: { remote?: RemoteState; purpose?: CheckPurpose } = {}): Finding[] {
    const parsed = this.parsed(doc);
    const fileName = fileNameOf(doc);
    const kind = kindOf(fileName);
    // A settings file shows exactly the problems that campaign files summarise (rule W1).
    if (kind === 'campaignrc') return settingsProblems(parsed);
    const found = validate(parsed, {
      kind,
      settings: settings.workspace,
      remote: options.remote ?? this.remote(doc, parsed, fileName),
      purpose: options.purpose,
      now: this.options.now?.(),
      onRuleError: (ids, e) =>
        this.options.log?.(
          `rule ${ids.join('/')} failed on ${doc.uri} (version ${doc.version}); the other rules still ran: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
        ),
    });
    const broken = brokenSettingsFinding(settings.file, fileName);
    if (broken) found.push(broken);
    const saved = parsed.utf16 ? undefined : this.options.savedAsUtf16?.(doc.uri);
    if (saved) found.unshift(utf16Finding(saved));
    return found;
  }

  /** The diagnostics of `findings` (the document's, computed now when not given). */
  diagnostics(doc: TextDocumentLike, settings: DocumentSettings, findings: Finding[] = this.findings(doc, settings)): CampaignDiagnostic[] {
    return toDiagnostics(this.parsed(doc), findings, this.options.ruleLink);
  }
}

/** The path of a document's file (or the name a document of another scheme carries), read once per check. */
function fileNameOf(doc: Pick<TextDocumentLike, 'uri' | 'fileName'>): string {
  return doc.fileName ?? uriToFileName(doc.uri);
}

/** A document showing the service's copy of a campaign (`campaign://<environment>/<id>`), read-only in the editor. */
function isReadOnlyView(uri: string): boolean {
  return uri.startsWith(`${CAMPAIGN_SCHEME}:`);
}

/** A service finding says what a rule already says there: same place, and the same rule or the rule's own words. */
function repeats(service: Finding, rule: Finding): boolean {
  return service.path === rule.path && (service.rule === rule.rule || service.message.includes(rule.message));
}
