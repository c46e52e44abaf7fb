import { RequestType, RequestType0 } from 'vscode-jsonrpc';
import type { Range } from 'vscode-languageserver-types';
import type { CheckPurpose, RemoteState, Severity, WorkspaceSettings } from './model/types';

/**
 * Custom messages between the extension and the language server, defined once and imported by
 * both sides. Each namespace names its method and its parameters.
 */

/** Client → server: the remote state of fetched campaigns changed (P1–P5 read it). */
export namespace RemoteStateNotification {
  export const method = 'campaignStudio/remoteState';
  export interface Params {
    /** Document URI → remote status and base snapshot; `null` forgets a document. */
    entries: Array<{ uri: string; state: { status: string; base?: Record<string, unknown> } | null }>;
  }
}

/** Client → server: errors the service's validate call returned, mapped onto a file. */
export namespace RemoteFindingsNotification {
  export const method = 'campaignStudio/remoteFindings';
  export interface Params {
    uri: string;
    findings: Array<{ rule: string; path: string; message: string; severity: 'error' | 'warning' | 'information' | 'hint' }>;
  }
}

/** Client → server: memory and cache figures of the server process, for benchmarks and bug reports. */
export namespace ServerStatsRequest {
  export const method = 'campaignStudio/stats';
  export interface Result {
    rss: number;
    heapUsed: number;
    heapTotal: number;
    external: number;
    openDocuments: number;
    /** V8's heap limit (`--max-old-space-size` or its default). */
    heapLimit: number;
    /** Parse results cached, and the bytes they hold by their footprints. */
    parseCacheEntries: number;
    parseCacheBytes: number;
  }
  export const type = new RequestType0<Result, void>(method);
}

/**
 * Client → server: what the rule set says of a document before a write (push, create draft,
 * validate remotely, test send). The server answers from its live view: the open document and
 * the settings the Problems panel uses (an unsaved `.campaignrc.json` and the editor's overrides
 * included), so preflight and the Problems panel never disagree. The service's own findings (an
 * earlier "Validate Remotely") are not part of the answer: a write asks the service again.
 */
export namespace PreflightRequest {
  export const method = 'campaign/preflight';
  export interface Params {
    textDocument: { uri: string };
    /** The text to check when the document is not open in the server (an open one is checked as the server holds it). */
    text?: string;
    /** What the service holds now (status and base), read at write time; by default what the server knows. */
    remote?: RemoteState;
    purpose?: CheckPurpose;
    /**
     * The workspace settings to check with instead of the document's (`.campaignrc.json` and the
     * editor's overrides): a promotion checks a campaign with its target environment's settings.
     */
    settings?: WorkspaceSettings;
  }
  export interface Finding {
    rule: string;
    severity: Severity;
    message: string;
    /** JSON pointer of what the finding is about. */
    path: string;
    range: Range;
  }
  export interface Result {
    /** The version of the open document that was checked; `null` when the given text was. */
    version: number | null;
    findings: Finding[];
  }
  export const type = new RequestType<Params, Result, void>(method);
}

/** Client → server: one rule's documentation, as Markdown, for showing it inside the editor. */
export namespace RuleDocRequest {
  export const method = 'campaign/ruleDoc';
  export interface Params {
    rule: string;
  }
  /** `null` for an id that is not a rule. */
  export type Result = { id: string; severity: Severity; markdown: string; href: string } | null;
  export const type = new RequestType<Params, Result, void>(method);
}
