import * as path from 'path';
import * as l10n from '@vscode/l10n';
import { parse, ParsedDocument } from './parse';
import { rangeFor } from './ranges';
import { validate } from './validate';
import { EMPTY_SETTINGS, FeatureFlags, Finding, WorkspaceSettings } from '../model/types';
import { SETTINGS_FILE_NAME } from '../model/fileKinds';
import { FEATURE_FLAGS } from '../model/vocabulary';

/**
 * Workspace settings come from the `.campaignrc.json` in the file's folder or its nearest parent,
 * and in the editor the `campaignStudio.*` settings may override them per resource. This module
 * resolves them from text the caller passes in; `@campaign-studio/sync` finds and reads the files
 * (and the server's open buffers), so the CLI and the language server always agree.
 */

export interface LoadedSettings {
  settings: WorkspaceSettings;
  /** The settings file that was read, if any. */
  file?: string;
  /** Problems in that file (rule W1); the parts that are well-formed still apply. */
  problems: Finding[];
  /** One-line summary of the error problems, with line numbers, for messages on other files. */
  problemSummary?: string;
  /** True when the file could not be read at all (a directory, a dangling link, no permission). */
  unreadable?: boolean;
  /** Why it could not be read, in words ("it is a directory"). */
  readError?: string;
  /** The parsed file the problems refer to, for their ranges. */
  parsed?: ParsedDocument;
}

/**
 * The problems of a parsed settings file: exactly the diagnostics the editor shows on the file
 * itself (rule W1), so what a campaign file's warning summarises is what the settings file shows.
 */
export function settingsProblems(parsed: ParsedDocument): Finding[] {
  return validate(parsed, { kind: 'campaignrc', settings: EMPTY_SETTINGS });
}

/** Reads settings from a parsed `.campaignrc.json`; never throws. */
export function settingsFromParsed(parsed: ParsedDocument, file?: string): LoadedSettings {
  const problems = settingsProblems(parsed);
  const settings: WorkspaceSettings = { features: {}, source: file };
  const value = parsed.value as { features?: Record<string, unknown>; subscriptionCategories?: unknown } | undefined;
  // Use what is well-formed even when other parts are not, so that one typo does not turn
  // every flag into "unknown"; each problem is still reported.
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const features = value.features;
    if (features && typeof features === 'object' && !Array.isArray(features)) {
      for (const k of FEATURE_FLAGS) {
        if (typeof features[k] === 'boolean') settings.features[k] = features[k] as boolean;
      }
    }
    const cats = value.subscriptionCategories;
    if (Array.isArray(cats) && cats.every(c => typeof c === 'string')) settings.subscriptionCategories = [...new Set(cats as string[])];
  }
  const errors = problems.filter(p => p.severity === 'error');
  let problemSummary: string | undefined;
  if (errors.length) {
    problemSummary =
      errors
        .slice(0, 3)
        .map(e => l10n.t('line {0}: {1}', rangeFor(parsed, e).start.line + 1, e.message))
        .join('; ') + (errors.length > 3 ? l10n.t`; and ${errors.length - 3} more` : '');
  }
  return { settings, file, problems, problemSummary, parsed };
}

/** Reads settings from the text of a `.campaignrc.json`; never throws. */
export function settingsFromText(text: string, file?: string): LoadedSettings {
  return settingsFromParsed(parse(text), file);
}

/**
 * The settings of a `.campaignrc.json` that exists but could not be read (a directory, a
 * dangling link, no permission): a W1 error saying why. `code` is the system's error code.
 */
export function unreadableSettings(file: string, code: string): LoadedSettings {
  const what = code === 'EISDIR' ? l10n.t('it is a directory') : code === 'ENOENT' ? l10n.t('it does not exist (a broken link?)') : code;
  return {
    settings: { features: {}, source: file },
    file,
    problems: [
      {
        rule: 'W1',
        path: '',
        severity: 'error',
        message: l10n.t(
          'The workspace settings file could not be read ({0}). Make {1} a readable JSON file, or remove it.',
          what,
          SETTINGS_FILE_NAME,
        ),
      },
    ],
    problemSummary: l10n.t`it could not be read: ${what}`,
    unreadable: true,
    readError: what,
  };
}

/**
 * The editor's own settings for a resource (VS Code's `campaignStudio.*`): each value overrides
 * the settings file's; absent keeps the file's value.
 */
export interface SettingsOverrides {
  features?: { [K in keyof FeatureFlags]?: boolean | null };
  subscriptionCategories?: string[] | null;
}
export type EditorSettings = SettingsOverrides;

/**
 * What a `campaignStudio.features.*` setting may hold: `"fromFile"`, `"on"` or `"off"` (the Settings
 * UI's choices), and, as written before those existed, `null`, `true` or `false` (same meanings).
 */
const FLAG_VALUES = new Map<unknown, boolean | undefined>([
  ['fromFile', undefined],
  [null, undefined],
  [undefined, undefined],
  ['on', true],
  [true, true],
  ['off', false],
  [false, false],
]);

/**
 * Reads the editor's `campaignStudio` section (as `workspace/configuration` returns it) into
 * typed overrides. Values of the wrong type are dropped and described in `problems`, for the log.
 */
export function editorSettingsFrom(raw: unknown): { settings: EditorSettings; problems: string[] } {
  if (raw === null || raw === undefined) return { settings: {}, problems: [] };
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return { settings: {}, problems: [l10n.t('campaignStudio settings are not an object ({0}): ignored', JSON.stringify(raw))] };
  }
  const r = raw as { features?: unknown; subscriptionCategories?: unknown };
  const features = featureOverrides(r.features);
  const categories = categoryOverride(r.subscriptionCategories);
  const settings: EditorSettings = {};
  if (features.value) settings.features = features.value;
  if (categories.value) settings.subscriptionCategories = categories.value;
  return { settings, problems: [...features.problems, ...categories.problems] };
}

function featureOverrides(raw: unknown): { value?: NonNullable<EditorSettings['features']>; problems: string[] } {
  if (raw === undefined || raw === null) return { problems: [] };
  if (typeof raw !== 'object' || Array.isArray(raw)) return { problems: [l10n.t('campaignStudio.features is not an object: ignored')] };
  const value: NonNullable<EditorSettings['features']> = {};
  const problems: string[] = [];
  for (const k of FEATURE_FLAGS) {
    const v = (raw as Record<string, unknown>)[k];
    if (!FLAG_VALUES.has(v))
      problems.push(l10n.t('campaignStudio.features.{0} must be "fromFile", "on" or "off", not {1}: ignored', k, JSON.stringify(v)));
    else if (FLAG_VALUES.get(v) !== undefined) value[k] = FLAG_VALUES.get(v);
  }
  return { value, problems };
}

/** `null` (the default, what Reset Setting gives) uses the file's list; any list, even empty, replaces it. */
function categoryOverride(raw: unknown): { value?: string[]; problems: string[] } {
  if (raw === undefined || raw === null) return { problems: [] };
  if (Array.isArray(raw) && raw.every(c => typeof c === 'string')) return { value: raw as string[], problems: [] };
  return { problems: [l10n.t('campaignStudio.subscriptionCategories must be a list of strings, not {0}: ignored', JSON.stringify(raw))] };
}

export function applyOverrides(base: WorkspaceSettings, o?: SettingsOverrides): WorkspaceSettings {
  if (!o) return base;
  const features: FeatureFlags = { ...base.features };
  for (const k of FEATURE_FLAGS) {
    const v = o.features?.[k];
    if (typeof v === 'boolean') features[k] = v;
  }
  const cats = Array.isArray(o.subscriptionCategories) ? o.subscriptionCategories : base.subscriptionCategories;
  return { ...base, features, subscriptionCategories: cats };
}

/** Everything the features know about a document's settings: one typed object per resource. */
export interface DocumentSettings {
  /** What the rules read: the settings file's values with the editor's overrides applied. */
  readonly workspace: WorkspaceSettings;
  /** The nearest settings file as read, with its problems; undefined when there is none. */
  readonly file?: LoadedSettings;
  /** The editor's own settings for the resource; empty in the CLI. */
  readonly editor: EditorSettings;
}

export function documentSettings(file: LoadedSettings | undefined, editor: EditorSettings = {}): DocumentSettings {
  return { workspace: applyOverrides(file?.settings ?? { features: {} }, editor), file, editor };
}

/**
 * The finding to show on a campaign file whose settings file is broken, so the user learns why
 * flag-gated rules say "unknown" instead of silently getting other results.
 */
export function brokenSettingsFinding(loaded: LoadedSettings | undefined, fromFile: string): Finding | undefined {
  if (!loaded?.file || !loaded.problemSummary) return undefined;
  const rel = path.relative(path.dirname(fromFile), loaded.file) || SETTINGS_FILE_NAME;
  return {
    rule: 'W1',
    path: '',
    severity: 'warning',
    message: l10n.t(
      'The workspace settings file {0} has errors ({1}). Its broken parts are ignored, so the rules treat those settings as unknown. Fix {2}.',
      rel,
      loaded.problemSummary,
      SETTINGS_FILE_NAME,
    ),
  };
}
