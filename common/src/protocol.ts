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
