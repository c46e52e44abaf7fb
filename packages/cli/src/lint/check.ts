import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  BaseProblem, CAMPAIGNRC, CampaignDiagnostic, DocumentSettings, documentSettings, LanguageService, LoadedSettings, SEVERITY_NAME, toDiagnostics,
} from '@campaign-studio/core';
import { CliIO } from '../io';
import { baseSnapshotsByDirectory } from './bases';
import { Problems, reason } from './problems';
import { FileReport, JsonDiagnostic } from './report';
import { SettingsLookup } from './settings';
import { Target } from './targets';
import { decode } from './utf8';

function toJson(d: CampaignDiagnostic): JsonDiagnostic {
  return { rule: d.code, severity: SEVERITY_NAME[d.severity - 1], path: d.data.path, message: d.message, range: d.range };
}

/** `path` relative to the working folder, with `/`, as code hosts name files. */
function relativeName(cwd: string, abs: string): string {
  return path.relative(cwd, abs).split(path.sep).join('/') || path.basename(abs);
}

/**
 * Runs the language service over the files, in order, with one service, one settings lookup and
 * one base-snapshot store for the whole run.
 */
export class Checker {
  readonly reports: FileReport[] = [];
  private readonly reported = new Set<string>();
  private readonly badBases = new Set<string>();
  private readonly documentSettings = new Map<LoadedSettings | undefined, DocumentSettings>();
  private readonly service: LanguageService;
  /** The file being checked, for what a base-snapshot problem says. */
  private current: Target | undefined;

  constructor(
    private readonly io: CliIO,
    private readonly problems: Problems,
    private readonly settings: SettingsLookup,
    /** `--config` as given, to name its entry. */
    private readonly configShown?: string,
  ) {
    this.service = new LanguageService({
      cacheSize: 1,
      baseSnapshots: baseSnapshotsByDirectory(),
      onBaseProblem: p => this.baseProblem(p),
    });
  }

  async run(targets: Target[]): Promise<FileReport[]> {
    for (const t of targets) {
      const s = this.governing(t);
      this.reportSettingsFile(s, t);
      if (this.reported.has(t.abs)) continue;
      this.reported.add(t.abs);
      const bytes = await this.read(t);
      if (bytes) this.check(t, bytes, s);
    }
    return this.reports;
  }

  /** The settings a file is checked with; a settings file itself is read as settings, with none. */
  private governing(t: Target): LoadedSettings | undefined {
    return path.basename(t.abs).toLowerCase() === CAMPAIGNRC ? undefined : this.settings.for(t.abs);
  }

  /** A file's bytes, or stdin's for `-` (runLint made sure there is one); undefined when it cannot be read. */
  private async read(t: Target): Promise<Uint8Array | undefined> {
    try {
      return t.stdin ? await this.io.readStdin!() : fs.readFileSync(t.abs);
    } catch (e) {
      this.problems.unreadable(t.shown, reason(e), 'Check its permissions.');
      return undefined;
    }
  }

  private check(t: Target, bytes: Uint8Array, s: LoadedSettings | undefined): void {
    const { text, encoding } = decode(bytes);
    const doc = { uri: pathToFileURL(t.abs).href, version: 1, getText: () => text };
    this.current = t;
    const findings = this.service.findings(doc, this.settingsOf(s));
    if (encoding) findings.push(encoding);
    const relative = t.stdin && t.shown === '<stdin>' ? t.shown : relativeName(this.io.cwd, t.abs);
    this.reports.push({ file: t.shown, relative, diagnostics: toDiagnostics(this.service.parsed(doc), findings).map(toJson) });
  }

  private settingsOf(s: LoadedSettings | undefined): DocumentSettings {
    let d = this.documentSettings.get(s);
    if (!d) {
      d = documentSettings(s);
      this.documentSettings.set(s, d);
    }
    return d;
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
    else shown = path.relative(this.io.cwd, s.file) || CAMPAIGNRC;
    this.reports.push({ file: shown, relative: relativeName(this.io.cwd, s.file), diagnostics: toDiagnostics(s.parsed, s.problems).map(toJson) });
  }

  /**
   * A fetched file's base snapshot gives the update rules their remote state. One that cannot be
   * used is reported once, like an unreadable settings file: CI must not pass because a check
   * silently did not run.
   */
  private baseProblem(p: BaseProblem): void {
    if (this.badBases.has(p.file)) return;
    this.badBases.add(p.file);
    const t = this.current;
    const shownBase = t && path.isAbsolute(t.shown) ? p.file : path.relative(this.io.cwd, p.file) || p.file;
    this.problems.unreadable(`base snapshot ${shownBase}`, p.reason, `The update rules (P1–P5) are not checked for ${t?.shown ?? 'the files it belongs to'}: fetch the campaign again to rebuild it, or remove it.`);
  }
}
