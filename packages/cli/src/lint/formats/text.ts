import { Severity } from '@campaign-studio/core';
import { painter } from '../../io';
import { countBySeverity, FileReport, oneLine } from '../report';
import { FormatContext } from './format';

const COLOURS: Record<Severity, number> = { error: 31, warning: 33, information: 36, hint: 90 };

function plural(n: number, word: string, many = word + 's'): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** `file:line:col severity rule message` (1-based line and column, as terminals and editors jump to them), then a summary. */
export function formatText(reports: FileReport[], { colour }: FormatContext): string {
  const paint = painter(colour);
  const lines: string[] = [];
  for (const r of reports) {
    for (const d of r.diagnostics) {
      const where = `${r.file}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
      lines.push(`${where} ${paint(COLOURS[d.severity], d.severity)} ${paint(1, d.rule)} ${oneLine(d.message)}`);
    }
  }
  const counts = countBySeverity(reports);
  const summary =
    `${plural(reports.length, 'file')} checked: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ` +
    `${counts.information} information, ${plural(counts.hint, 'hint')}.`;
  lines.push(counts.error ? paint(31, summary) : summary);
  return lines.join('\n') + '\n';
}
