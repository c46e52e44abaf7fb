import { parse, ParsedDocument } from './parse';
import { kindOf, validate } from './validate';
import { CampaignDiagnostic, toDiagnostics } from './diagnostics';
import { DocumentKind, Finding, RemoteState, WorkspaceSettings } from './types';

/**
 * The pure language service: every capability is a function of (document, parsed, settings).
 * The LSP entry (`server.ts`) and the CLI (`cli.ts`) both drive this object; nothing here knows
 * about the protocol connection.
 */

export interface TextDocumentLike {
  uri: string;
  version: number;
  getText(): string;
}

export interface LanguageServiceOptions {
  /** Settings for a document (from `.campaignrc.json` plus editor overrides). */
  getSettings(uri: string): WorkspaceSettings;
  /** Remote state of a fetched campaign (for P1–P5), when known. */
  getRemote?(uri: string): RemoteState | undefined;
  /** Extra findings about a document (e.g. a broken settings file). */
  extraFindings?(uri: string): Finding[];
  log?(message: string): void;
  /** How many parse results to keep (oldest evicted). */
  cacheSize?: number;
}

export class ParseCache {
  private readonly map = new Map<string, { version: number; text: string; parsed: ParsedDocument }>();
  constructor(private readonly size = 64) {}

  get(doc: TextDocumentLike): ParsedDocument {
    const hit = this.map.get(doc.uri);
    if (hit && hit.version === doc.version) {
      // Refresh recency.
      this.map.delete(doc.uri);
      this.map.set(doc.uri, hit);
      return hit.parsed;
    }
    const text = doc.getText();
    const parsed = hit && hit.text === text ? hit.parsed : parse(text);
    this.map.delete(doc.uri);
    this.map.set(doc.uri, { version: doc.version, text, parsed });
    while (this.map.size > this.size) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
    }
    return parsed;
  }

  delete(uri: string): void {
    this.map.delete(uri);
  }
}

export function uriToFileName(uri: string): string {
  try {
    if (uri.startsWith('file:')) return decodeURIComponent(new URL(uri).pathname);
    const u = new URL(uri);
    return decodeURIComponent(u.pathname);
  } catch {
    return uri;
  }
}

export class LanguageService {
  readonly cache: ParseCache;
  constructor(readonly options: LanguageServiceOptions) {
    this.cache = new ParseCache(options.cacheSize ?? 64);
  }

  kind(doc: TextDocumentLike): DocumentKind {
    return kindOf(uriToFileName(doc.uri));
  }

  parsed(doc: TextDocumentLike): ParsedDocument {
    return this.cache.get(doc);
  }

  findings(doc: TextDocumentLike): Finding[] {
    const parsed = this.parsed(doc);
    const kind = this.kind(doc);
    const settings = this.options.getSettings(doc.uri);
    const found = validate(parsed, {
      kind,
      settings,
      remote: this.options.getRemote?.(doc.uri),
      onRuleError: (ids, e) => this.options.log?.(`rule ${ids.join('/')} failed on ${doc.uri}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`),
    });
    if (this.options.extraFindings) found.push(...this.options.extraFindings(doc.uri));
    return found;
  }

  diagnostics(doc: TextDocumentLike): CampaignDiagnostic[] {
    return toDiagnostics(this.parsed(doc), this.findings(doc));
  }
}
