import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import * as path from 'path';
import {
  DocumentSettings,
  documentSettings,
  EditorSettings,
  editorSettingsFrom,
  isFileUri,
  LoadedSettings,
  ParsedDocument,
  SETTINGS_FILE_NAME,
  settingsFromParsed,
  settingsFromText,
  unreadableSettings,
  uriToFileName,
} from '@campaign-studio/core';

/**
 * Settings files on disk: the nearest `.campaignrc.json` above a file, read (or an open editor
 * buffer of it, whose unsaved text counts), resolved by core from its text, and cached per
 * resource for the language server.
 */

/** When and how big a file was last written; a change of either means it must be read again. */
function fileStamp(p: string): string {
  try {
    const st = fs.statSync(p);
    return `${st.mtimeMs}:${st.size}:${st.ino}:${st.isDirectory() ? 'd' : 'f'}`;
  } catch (e) {
    return `unreadable:${(e as NodeJS.ErrnoException).code ?? ''}`;
  }
}

/** Whether anything is at `p`: a dangling link or a directory counts, and reading it is then reported. */
export function entryExists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * The nearest `.campaignrc.json` at or above `startDir`. `exists` lets the editor also count a
 * settings file that is open but not saved yet.
 */
export function findCampaignrc(startDir: string, stopAt?: string, exists: (file: string) => boolean = entryExists): string | undefined {
  let dir = path.resolve(startDir);
  for (;;) {
    const candidate = path.join(dir, SETTINGS_FILE_NAME);
    if (exists(candidate)) return candidate;
    if (stopAt && path.resolve(stopAt) === dir) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** Reads a `.campaignrc.json` from disk; never throws: a file that cannot be read is a W1 error. */
export function loadCampaignrc(file: string): LoadedSettings {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    return unreadableSettings(file, (e as NodeJS.ErrnoException).code ?? String(e));
  }
  return settingsFromText(text, file);
}

/** What the settings store needs from its host (the language server). */
export interface SettingsHost {
  /** The editor's raw `campaignStudio` settings for a resource; undefined when it has none. */
  editorSettings(uri: string): Promise<unknown>;
  /**
   * An open editor buffer of the settings file at `file`, if any: its text counts instead of the
   * saved file, so the effect of an edit shows while typing.
   */
  openSettingsBuffer(file: string): ParsedDocument | undefined;
  /** The folder whose settings file governs documents that are not files (untitled, virtual). */
  fallbackFolder(): string | undefined;
  log(message: string): void;
}

/**
 * Settings per resource, read once and cached until `clear()`: the server clears it whenever the
 * editor's settings or any settings file change, then refreshes the diagnostics.
 */
export class SettingsStore {
  private readonly resources = new Map<string, Promise<DocumentSettings>>();
  /** Settings files read from disk, with the stamp (time and size) they had when read. */
  private readonly files = new Map<string, { stamp: string; loaded: LoadedSettings }>();
  /** Settings read from open buffers, per parse (so per buffer version). */
  private readonly buffers = new WeakMap<ParsedDocument, LoadedSettings>();

  constructor(private readonly host: SettingsHost) {}

  get(uri: string): Promise<DocumentSettings> {
    let hit = this.resources.get(uri);
    if (!hit) {
      hit = this.resolve(uri);
      this.resources.set(uri, hit);
    }
    return hit;
  }

  /**
   * The settings file that governs `uri`: an open buffer's text, else the saved file, read again
   * whenever its time or size changed, so that a document opened again sees the file as it is now
   * even in an editor that does not report changed files.
   */
  settingsFileFor(uri: string): LoadedSettings | undefined {
    const dir = isFileUri(uri) ? path.dirname(uriToFileName(uri)) : this.host.fallbackFolder();
    if (!dir) return undefined;
    const rc = findCampaignrc(dir, undefined, f => this.host.openSettingsBuffer(f) !== undefined || entryExists(f));
    if (!rc) return undefined;
    const open = this.host.openSettingsBuffer(rc);
    if (open) {
      let loaded = this.buffers.get(open);
      if (!loaded) {
        loaded = settingsFromParsed(open, rc);
        this.buffers.set(open, loaded);
      }
      return loaded;
    }
    const stamp = fileStamp(rc);
    const cached = this.files.get(rc);
    if (cached && cached.stamp === stamp) return cached.loaded;
    const loaded = loadCampaignrc(rc);
    this.files.set(rc, { stamp, loaded });
    return loaded;
  }

  /** Forgets everything read so far. */
  clear(): void {
    this.resources.clear();
    this.files.clear();
  }

  forget(uri: string): void {
    this.resources.delete(uri);
  }

  private async resolve(uri: string): Promise<DocumentSettings> {
    let editor: EditorSettings = {};
    try {
      const read = editorSettingsFrom(await this.host.editorSettings(uri));
      editor = read.settings;
      for (const p of read.problems) this.host.log(l10n.t('settings for {0}: {1}', uri, p));
    } catch (e) {
      this.host.log(
        l10n.t(
          'reading the editor settings for {0} failed, using the settings file alone: {1}',
          uri,
          e instanceof Error ? e.message : String(e),
        ),
      );
    }
    return documentSettings(this.settingsFileFor(uri), editor);
  }
}
