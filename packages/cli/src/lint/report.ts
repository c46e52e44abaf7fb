import * as path from 'path';
import { Severity } from '@campaign-studio/core';

/** One diagnostic as `--format json` prints it: 0-based lines and characters, as in LSP. */
export interface JsonDiagnostic {
  rule: string;
  severity: Severity;
  path: string;
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

/** What was found in one checked file. */
export interface FileReport {
  /** The path as given on the command line (or as found under a given directory or glob). */
  file: string;
  /** Where it is (for `-`, the name it was given, or `<stdin>`, in the working folder). */
  abs: string;
  diagnostics: JsonDiagnostic[];
}

/** Most severe first: a diagnostic fails the run when its rank is at most the threshold's. */
const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/** Whether a diagnostic of `severity` fails a run that fails at `threshold`. */
export function fails(severity: Severity, threshold: Severity): boolean {
  return RANK[severity] <= RANK[threshold];
}

export function countBySeverity(reports: FileReport[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const r of reports) for (const d of r.diagnostics) counts[d.severity]++;
  return counts;
}

/** One line of text: a message's own line breaks become spaces. */
export function oneLine(message: string): string {
  return message.replace(/\s*\n\s*/g, ' ');
}

/** A path relative to the working folder with `/` separators, as code hosts name files (SARIF, GitHub annotations). */
export function relativeName(cwd: string, abs: string): string {
  return path.relative(cwd, abs).split(path.sep).join('/') || path.basename(abs);
}
