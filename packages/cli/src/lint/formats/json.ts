import { FileReport } from '../report';

/** `[{ "file", "diagnostics": [{ "rule", "severity", "path", "message", "range" }] }]`, 0-based as in LSP. */
export function formatJson(reports: FileReport[]): string {
  return (
    JSON.stringify(
      reports.map(r => ({ file: r.file, diagnostics: r.diagnostics })),
      null,
      2,
    ) + '\n'
  );
}
