import * as fs from 'fs';
import * as path from 'path';
import { LoadedSettings, SETTINGS_FILE_NAME } from '@campaign-studio/core';
import { AncestorIndex, findCampaignrc, loadCampaignrc } from '@campaign-studio/sync';
import { Problems, reason } from './problems';

/**
 * The settings each file is checked with: `--config` for all, else the nearest settings file
 * above it, found once per directory and read once per file.
 */
export class SettingsLookup {
  private readonly withSettings = new AncestorIndex(dir => findCampaignrc(dir, dir) !== undefined);
  private readonly loaded = new Map<string, LoadedSettings>();
  private readonly byDirectory = new Map<string, LoadedSettings | undefined>();

  constructor(
    private readonly cwd: string,
    private readonly problems: Problems,
    readonly config?: LoadedSettings,
  ) {}

  /** The settings that govern the file `abs`; a settings file that cannot be read is reported once. */
  for(abs: string): LoadedSettings | undefined {
    if (this.config) return this.config;
    const dir = path.dirname(abs);
    if (!this.byDirectory.has(dir)) this.byDirectory.set(dir, this.nearest(dir));
    return this.byDirectory.get(dir);
  }

  private nearest(dir: string): LoadedSettings | undefined {
    const found = this.withSettings.nearest(dir);
    if (!found) return undefined;
    const rc = path.join(found, SETTINGS_FILE_NAME);
    let l = this.loaded.get(rc);
    if (!l) {
      l = loadCampaignrc(rc);
      this.loaded.set(rc, l);
      if (l.unreadable)
        this.problems.unreadable(
          `settings file ${path.relative(this.cwd, rc) || rc}`,
          l.readError ?? 'unknown reason',
          'The files it governs are checked with unknown settings.',
        );
    }
    return l;
  }
}

/** The settings given with --config: a file that cannot be read is a reason to stop (undefined). */
export function loadConfig(config: string, cwd: string, problems: Problems): LoadedSettings | undefined {
  const abs = path.resolve(cwd, config);
  let why: string | undefined;
  try {
    if (fs.statSync(abs).isDirectory()) why = 'it is a directory';
  } catch (e) {
    why = reason(e);
  }
  const loaded = why ? undefined : loadCampaignrc(abs);
  why ??= loaded?.readError;
  if (why || !loaded) {
    problems.unreadable(`--config ${config}`, why ?? 'unknown reason', `Give the path of a ${SETTINGS_FILE_NAME}-shaped JSON file.`);
    return undefined;
  }
  return loaded;
}
