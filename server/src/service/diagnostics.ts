import { ParsedDocument } from './parse';
import { Range, rangeFor } from './ranges';
import { ruleHref } from '../rules/catalog';
import { Finding, Fix } from './types';

/** An LSP diagnostic, as a plain object (no protocol import, so the CLI can use it). */
export interface CampaignDiagnostic {
  range: Range;
  severity: 1 | 2 | 3 | 4;
  code: string;
  source: 'campaign-studio';
  message: string;
  codeDescription: { href: string };
  data: { path: string; fixes?: Fix[] };
}

export const SEVERITY_NUMBER = { error: 1, warning: 2, information: 3, hint: 4 } as const;

export function toDiagnostics(parsed: ParsedDocument, findings: Finding[]): CampaignDiagnostic[] {
  const out = findings.map(f => {
    const d: CampaignDiagnostic = {
      range: rangeFor(parsed, f),
      severity: SEVERITY_NUMBER[f.severity],
      code: f.rule,
      source: 'campaign-studio',
      message: f.message,
      codeDescription: { href: ruleHref(f.rule) },
      data: { path: f.path },
    };
    if (f.fixes?.length) d.data.fixes = f.fixes;
    return d;
  });
  out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return out;
}
