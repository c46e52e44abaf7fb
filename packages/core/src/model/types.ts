/**
 * The vocabulary shared by every rule, the language server, the CLI and the emulator.
 * Rules speak in JSON pointers; only `ranges.ts` turns a pointer into a text range.
 */

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** What kind of document a file is, decided by its name (never by the editor's language id). */
export type DocumentKind = 'campaign' | 'search' | 'campaignrc';

/**
 * One edit of a fix, expressed on the JSON structure, not on text.
 * `codeActions` turns it into a text edit with jsonc-parser, keeping the user's formatting.
 */
export type FixEdit =
  /** Replace the value at `path` with `value`. */
  | { kind: 'replaceValue'; path: string; value: unknown }
  /** Rename the property whose value is at `path` to `newKey` (value and position kept). */
  | { kind: 'renameKey'; path: string; newKey: string }
  /** Remove the property or array item at `path`. */
  | { kind: 'remove'; path: string }
  /** Add a property (or append to an array when the last segment is `-`) at `path`. */
  | { kind: 'insert'; path: string; value: unknown };

export interface Fix {
  title: string;
  edits: FixEdit[];
  /** Preferred fixes are applied by "fix all" (`source.fixAll`) and shown first. */
  isPreferred?: boolean;
}

export interface Finding {
  /** Rule id from rules.md, e.g. `H2`. */
  rule: string;
  /**
   * RFC 6901 pointer: the offending value, or for a missing property the pointer where it belongs
   * (`/scheduling_details/start_time`); `""` for the whole document.
   */
  path: string;
  message: string;
  severity: Severity;
  /** `key` highlights the property name (unknown or misspelled keys) instead of the value. */
  target?: 'key' | 'value';
  fixes?: Fix[];
  /** Text offsets, only for findings about the text itself (D1): they win over `path`. */
  range?: { start: number; end: number };
}

/** Feature flags: true, false, or undefined = unknown (not configured). */
export interface FeatureFlags {
  audienceLimit?: boolean;
  queuing?: boolean;
  portfolio?: boolean;
  versioning?: boolean;
}

export interface WorkspaceSettings {
  features: FeatureFlags;
  /** The workspace's email subscription categories; undefined = not configured. */
  subscriptionCategories?: string[];
  /** Where these settings came from (a `.campaignrc.json` path), for messages and hovers. */
  source?: string;
}

/** What is known about the remote copy of a fetched campaign, for the update rules P1–P5. */
export interface RemoteState {
  status: string;
  /** The base snapshot (normalized remote as fetched), in request shape. */
  base?: Record<string, unknown>;
}

export interface RuleContext {
  /** The parsed document (JSON.parse result, or the recovered value after a syntax error). */
  doc: unknown;
  kind: DocumentKind;
  settings: WorkspaceSettings;
  remote?: RemoteState;
  /**
   * What the document is checked for: absent = a campaign file or draft (components may come
   * later); `inlineTest` = the body of an inline test send (`POST /v5/campaigns/test`, rule B8).
   */
  purpose?: CheckPurpose;
  /**
   * The current instant (epoch ms), for the rules that depend on it (N2, N3). The caller passes
   * it so that the rules stay pure; without it those rules do not run.
   */
  now?: number;
}

export type CheckPurpose = 'inlineTest';

/** A rule that the JSON Schema cannot express well: a small named function. */
export interface RuleCheck {
  /** The rule ids this function may report (for the catalogue test). */
  ids: string[];
  /** Which document kinds it applies to. */
  kinds: DocumentKind[];
  check(ctx: RuleContext): Finding[];
}

export const EMPTY_SETTINGS: WorkspaceSettings = Object.freeze({ features: {} }) as WorkspaceSettings;
