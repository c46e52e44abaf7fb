import { CAMPAIGN_FILE_SUFFIX, SEARCH_FILE_SUFFIX, SETTINGS_FILE_GLOB } from '../model/fileKinds';

/**
 * Which files of a workspace the language server checks without their being open, and how much
 * of it: the `campaignStudio.validation.workspace` and `campaignStudio.files` settings, read from
 * the editor's `campaignStudio` section (nested, as `workspace/configuration` answers it).
 */

/** The campaign documents every workspace has, whatever the settings: each kind of `fileKind`. */
export const CAMPAIGN_FILE_GLOBS: readonly string[] = [`**/*${CAMPAIGN_FILE_SUFFIX}`, `**/*${SEARCH_FILE_SUFFIX}`, SETTINGS_FILE_GLOB];

/** At most this many files are checked in the background; the rest when opened. */
export const MAX_WORKSPACE_FILES = 5000;

/** A file larger than this is checked only when opened (a campaign is a few kilobytes). */
export const MAX_WORKSPACE_FILE_BYTES = 2 * 1024 * 1024;

export interface WorkspaceValidation {
  enabled: boolean;
  /** Glob patterns relative to each workspace folder. */
  patterns: string[];
}

/** The background check's settings from the editor's `campaignStudio` section; on unless turned off. */
export function workspaceValidation(section: unknown): WorkspaceValidation {
  const s = (section !== null && typeof section === 'object' ? section : {}) as { validation?: { workspace?: unknown }; files?: unknown };
  const extra = Array.isArray(s.files) ? s.files.filter((p): p is string => typeof p === 'string' && p.length > 0) : [];
  return {
    enabled: s.validation?.workspace !== false,
    patterns: [...CAMPAIGN_FILE_GLOBS, ...extra.filter(p => !CAMPAIGN_FILE_GLOBS.includes(p))],
  };
}
