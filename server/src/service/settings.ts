import * as fs from 'fs';
import * as path from 'path';
import { parse } from './parse';
import { schemaFindings } from './schemaErrors';
import { rangeFor } from './ranges';
import { FeatureFlags, Finding, WorkspaceSettings } from './types';

/**
 * Workspace settings come from the `.campaignrc.json` in the file's folder or its nearest parent.
 * The CLI and the language server both read them through this module, so they always agree.
 */

export const CAMPAIGNRC = '.campaignrc.json';

export interface LoadedSettings {
  settings: WorkspaceSettings;
  /** The settings file that was read, if any. */
  file?: string;
  /** Problems in that file (rule W1); when there are errors, the flags fall back to unknown. */
  problems: Finding[];
  /** One-line summary of the problems, with line numbers, for messages on other files. */
  problemSummary?: string;
}

export function findCampaignrc(startDir: string, stopAt?: string): string | undefined {
  let dir = path.resolve(startDir);
  for (;;) {
    const candidate = path.join(dir, CAMPAIGNRC);
    if (fs.existsSync(candidate)) return candidate;
    if (stopAt && path.resolve(stopAt) === dir) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Reads settings from the text of a `.campaignrc.json`; never throws. */
export function settingsFromText(text: string, file?: string): LoadedSettings {
  const parsed = parse(text);
  const problems: Finding[] = parsed.syntax.map(f => ({ ...f, rule: 'W1', message: `${f.message} (workspace settings file)` }));
  if (!parsed.tooDeep && parsed.value !== undefined) {
    problems.push(...schemaFindings('campaignrc', parsed.value).map(f => ({ ...f, rule: 'W1' })));
  }
  const errors = problems.filter(p => p.severity === 'error');
  const settings: WorkspaceSettings = { features: {}, source: file };
  const value = parsed.value as { features?: Record<string, unknown>; subscriptionCategories?: unknown } | undefined;
  // Use what is well-formed even when other parts are not, so that one typo does not turn
  // every flag into "unknown"; each problem is still reported.
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const features = value.features;
    if (features && typeof features === 'object' && !Array.isArray(features)) {
      for (const k of ['audienceLimit', 'queuing', 'portfolio', 'versioning'] as const) {
        if (typeof features[k] === 'boolean') settings.features[k] = features[k] as boolean;
      }
    }
    const cats = value.subscriptionCategories;
    if (Array.isArray(cats) && cats.every(c => typeof c === 'string')) settings.subscriptionCategories = cats as string[];
  }
  let problemSummary: string | undefined;
  if (errors.length) {
    problemSummary = errors.slice(0, 3).map(e => {
      const r = rangeFor(parsed, e);
      return `line ${r.start.line + 1}: ${e.message}`;
    }).join('; ') + (errors.length > 3 ? `; and ${errors.length - 3} more` : '');
  }
  return { settings, file, problems, problemSummary };
}

export function loadCampaignrc(file: string): LoadedSettings {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? String(e);
    return {
      settings: { features: {}, source: file },
      file,
      problems: [{ rule: 'W1', path: '', severity: 'error', message: `The workspace settings file could not be read (${reason}). Check its permissions.` }],
      problemSummary: `it could not be read (${reason})`,
    };
  }
  return settingsFromText(text, file);
}

/** Settings overrides from the editor (VS Code settings): `null`/undefined keeps the file's value. */
export interface SettingsOverrides {
  features?: { [K in keyof FeatureFlags]?: boolean | null };
  subscriptionCategories?: string[] | null;
}

export function applyOverrides(base: WorkspaceSettings, o?: SettingsOverrides): WorkspaceSettings {
  if (!o) return base;
  const features: FeatureFlags = { ...base.features };
  for (const [k, v] of Object.entries(o.features ?? {})) {
    if (typeof v === 'boolean') features[k as keyof FeatureFlags] = v;
  }
  const cats = Array.isArray(o.subscriptionCategories) ? o.subscriptionCategories : base.subscriptionCategories;
  return { ...base, features, subscriptionCategories: cats };
}

/**
 * The finding to show on a campaign file whose settings file is broken, so the user learns why
 * flag-gated rules say "unknown" instead of silently getting other results.
 */
export function brokenSettingsFinding(loaded: LoadedSettings, fromFile: string): Finding | undefined {
  if (!loaded.file || !loaded.problemSummary) return undefined;
  const rel = path.relative(path.dirname(fromFile), loaded.file) || CAMPAIGNRC;
  return {
    rule: 'W1',
    path: '',
    severity: 'warning',
    message: `The workspace settings file ${rel} has errors (${loaded.problemSummary}). Its broken parts are ignored, so the rules treat those settings as unknown. Fix ${CAMPAIGNRC}.`,
  };
}
