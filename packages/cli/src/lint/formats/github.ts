import { Severity } from '@campaign-studio/core';
import { FileReport, JsonDiagnostic, relativeName } from '../report';
import { FormatContext } from './format';

/**
 * GitHub Actions workflow commands: one annotation per diagnostic, which the run's summary and
 * the pull request's changed lines show (`::error file=…,line=…::message`).
 */

const COMMAND: Record<Severity, 'error' | 'warning' | 'notice'> = {
  error: 'error',
  warning: 'warning',
  information: 'notice',
  hint: 'notice',
};

/** The escaping of a command's message (GitHub's `escapeData`). */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** The escaping of a command's property values (GitHub's `escapeProperty`). */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Lines and columns are 1-based; the end column is the last one the range covers. */
function annotation(file: string, d: JsonDiagnostic): string {
  const { start, end } = d.range;
  const endColumn = end.line === start.line ? Math.max(end.character, start.character + 1) : Math.max(end.character, 1);
  const properties = [
    `file=${escapeProperty(file)}`,
    `line=${start.line + 1}`,
    `col=${start.character + 1}`,
    `endLine=${end.line + 1}`,
    `endColumn=${endColumn}`,
    `title=${escapeProperty(d.rule)}`,
  ];
  return `::${COMMAND[d.severity]} ${properties.join(',')}::${escapeData(d.message)}`;
}

export function formatGithub(reports: FileReport[], { cwd }: FormatContext): string {
  const lines = reports.flatMap(r => {
    const file = relativeName(cwd, r.abs);
    return r.diagnostics.map(d => annotation(file, d));
  });
  return lines.length ? lines.join('\n') + '\n' : '';
}
