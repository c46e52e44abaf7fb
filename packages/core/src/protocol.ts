import { RequestType0 } from 'vscode-jsonrpc';

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
  export interface Result { rss: number; heapUsed: number; heapTotal: number; external: number; openDocuments: number }
  export const type = new RequestType0<Result, void>(method);
}
