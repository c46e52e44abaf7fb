import * as fs from 'fs';
import {
  BaseProblem,
  CampaignDiagnostic,
  DocumentSettings,
  documentSettings,
  fileUri,
  Finding,
  LanguageService,
  LoadedSettings,
  SEVERITY_NAME,
  toDiagnostics,
} from '@campaign-studio/core';
import { baseSnapshotsByDirectory } from '../workspace/bases';
import { reason } from '../workspace/problems';
import { JsonDiagnostic } from './report';
import { Target } from '../workspace/targets';
import { decode, withoutBom } from './utf8';

/**
 * What checking one file found: its diagnostics and the base snapshots that could not be used on
 * the way, or why the file could not be read. How it is reported is the run's business.
 */
export type FileResult = { diagnostics: JsonDiagnostic[]; baseProblems: BaseProblem[] } | { unreadable: string; hint?: string };

export function toJson(d: CampaignDiagnostic): JsonDiagnostic {
  return { rule: d.code, severity: SEVERITY_NAME[d.severity - 1], path: d.data.path, message: d.message, range: d.range };
}

/**
 * Checks files one at a time with one language service and one base-snapshot store for the whole
 * run: the editor's rules, under the settings the run found for each file.
 */
export class FileChecker {
  private readonly service: LanguageService;
  private readonly documentSettings = new Map<LoadedSettings | undefined, DocumentSettings>();
  /** The base-snapshot problems met while checking the current file. */
  private baseProblems: BaseProblem[] = [];

  constructor() {
    this.service = new LanguageService({
      cacheSize: 1,
      now: Date.now,
      baseSnapshots: baseSnapshotsByDirectory(),
      onBaseProblem: p => this.baseProblems.push(p),
    });
  }

  /**
   * Reads a file from disk and checks it. Node reads and decodes UTF-8 in one native call, the
   * fastest way to read thousands of files; it puts U+FFFD where the bytes are not UTF-8, so only
   * a text holding one is read again as bytes, to say where (or that U+FFFD is really there).
   */
  checkFile(t: Target, settings: LoadedSettings | undefined): FileResult {
    let read: string | Uint8Array;
    try {
      read = fs.readFileSync(t.abs, 'utf8');
      if (read.includes('\uFFFD')) read = fs.readFileSync(t.abs);
    } catch (e) {
      return { unreadable: reason(e) };
    }
    return typeof read === 'string' ? this.checkText(t, withoutBom(read), settings) : this.check(t, read, settings);
  }

  /** Checks bytes read from somewhere (a file, stdin). */
  check(t: Target, bytes: Uint8Array, settings: LoadedSettings | undefined): FileResult {
    const { text, encoding } = decode(bytes);
    return this.checkText(t, text, settings, encoding);
  }

  private checkText(t: Target, text: string, settings: LoadedSettings | undefined, encoding?: Finding): FileResult {
    const doc = { uri: fileUri(t.abs), fileName: t.abs, version: 1, getText: () => text };
    this.baseProblems = [];
    const findings = this.service.findings(doc, this.settingsOf(settings));
    if (encoding) findings.push(encoding);
    return { diagnostics: toDiagnostics(this.service.parsed(doc), findings).map(toJson), baseProblems: this.baseProblems };
  }

  private settingsOf(s: LoadedSettings | undefined): DocumentSettings {
    let d = this.documentSettings.get(s);
    if (!d) {
      d = documentSettings(s);
      this.documentSettings.set(s, d);
    }
    return d;
  }
}
