import * as path from 'path';
import { BaseProblem, isSettingsFileName, LoadedSettings, SETTINGS_FILE_NAME, toDiagnostics } from '@campaign-studio/core';
import { CliIO } from '../io';
import { FileChecker, FileResult, toJson } from './fileCheck';
import { Problems, reason } from '../workspace/problems';
import { FileReport } from './report';
import { SettingsLookup } from '../workspace/settings';
import { Target } from '../workspace/targets';

/**
 * The most `-` reads from stdin: 64 MB, some 150 times the largest campaign (400 KB) and 6 times
 * the 10 MB document the editor's bench formats, so no real document reaches it, while a runaway
 * pipe stops there instead of filling the memory.
 */
export const MAX_STDIN_BYTES = 64 * 1024 * 1024;

/**
 * The reports of a run, in the order of the files: each settings file with problems as an entry
 * before the first file it governs, each unreadable file and unusable base snapshot said once.
 */
export class Checker {
  readonly reports: FileReport[] = [];
  private readonly reported = new Set<string>();
  private readonly badBases = new Set<string>();

  constructor(
    private readonly io: CliIO,
    private readonly problems: Problems,
    private readonly settings: SettingsLookup,
    private readonly files: FileChecker,
    /** `--config` as given, to name its entry. */
    private readonly configShown?: string,
  ) {}

  async run(targets: Target[]): Promise<FileReport[]> {
    for (const t of targets) {
      const s = this.governing(t);
      this.reportSettingsFile(s, t);
      if (this.reported.has(t.abs)) continue;
      this.reported.add(t.abs);
      this.report(t, t.stdin ? await this.stdin(t, s) : this.files.checkFile(t, s));
    }
    return this.reports;
  }

  /** The settings a file is checked with; a settings file itself is read as settings, with none. */
  private governing(t: Target): LoadedSettings | undefined {
    return isSettingsFileName(t.abs) ? undefined : this.settings.for(t.abs);
  }

  /** The document on stdin (runLint made sure there is a stdin), read up to {@link MAX_STDIN_BYTES}. */
  private async stdin(t: Target, s: LoadedSettings | undefined): Promise<FileResult> {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await this.io.readStdin!(MAX_STDIN_BYTES);
    } catch (e) {
      return { unreadable: reason(e) };
    }
    if (!bytes)
      return {
        unreadable: `it holds more than ${MAX_STDIN_BYTES >> 20} MB, far more than any campaign (they are 3–400 KB), so reading stopped there`,
        hint: "Check what is piped in, or give the file's path instead of -.",
      };
    return this.files.check(t, bytes, s);
  }

  private report(t: Target, result: FileResult): void {
    if ('unreadable' in result) {
      this.problems.unreadable(t.shown, result.unreadable, result.hint ?? 'Check its permissions.');
      return;
    }
    for (const p of result.baseProblems) this.baseProblem(p, t);
    this.reports.push({ file: t.shown, abs: t.abs, diagnostics: result.diagnostics });
  }

  /**
   * A settings file with problems is reported once, as an entry of its own, before the first
   * file it governs: a broken configuration is never silently ignored. Its problems are the ones
   * read with it (whatever the file is called, it is read as settings).
   */
  private reportSettingsFile(s: LoadedSettings | undefined, governed: Target): void {
    if (!s?.file || !s.parsed || !s.problems.length || this.reported.has(s.file)) return;
    this.reported.add(s.file);
    let shown: string;
    if (s === this.settings.config) shown = this.configShown!;
    else if (path.isAbsolute(governed.shown)) shown = s.file;
    else shown = path.relative(this.io.cwd, s.file) || SETTINGS_FILE_NAME;
    this.reports.push({ file: shown, abs: s.file, diagnostics: toDiagnostics(s.parsed, s.problems).map(toJson) });
  }

  /**
   * A fetched file's base snapshot gives the update rules their remote state. One that cannot be
   * used is reported once, like an unreadable settings file: CI must not pass because a check
   * silently did not run.
   */
  private baseProblem(p: BaseProblem, t: Target): void {
    if (this.badBases.has(p.file)) return;
    this.badBases.add(p.file);
    const shownBase = path.isAbsolute(t.shown) ? p.file : path.relative(this.io.cwd, p.file) || p.file;
    this.problems.unreadable(
      `base snapshot ${shownBase}`,
      p.reason,
      `The update rules (P1–P5) are not checked for ${t.shown}: fetch the campaign again to rebuild it, or remove it.`,
    );
  }
}
