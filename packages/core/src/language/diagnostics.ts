import { ParsedDocument } from './parse';
import { Range, rangesFor } from './ranges';
import { ruleHref } from '../rules/catalog';
import { Finding, Fix, Severity } from '../model/types';

/**
 * Findings become diagnostics here: a range from `ranges.ts`, and the identity every diagnostic
 * carries (`code` = rule id, `source`, `codeDescription.href` = the rule's documentation).
 */

/** An LSP diagnostic, as a plain object (no protocol import, so the CLI can use it). */
export interface CampaignDiagnostic {
  range: Range;
  severity: 1 | 2 | 3 | 4;
  code: string;
  source: 'campaign-studio';
  message: string;
  codeDescription: { href: string };
  /** The finding's pointer and its structural fixes, for code actions. */
  data: { path: string; fixes?: Fix[] };
}

export const DIAGNOSTIC_SOURCE = 'campaign-studio';
const SEVERITY_NUMBER = { error: 1, warning: 2, information: 3, hint: 4 } as const;
export const SEVERITY_NAME = ['error', 'warning', 'information', 'hint'] as const satisfies readonly Severity[];

/**
 * Diagnostics in document order (then by rule id, so equal positions come out the same each time),
 * each linking to its rule's documentation with `ruleLink` (the repository's page by default).
 */
export function toDiagnostics(
  parsed: ParsedDocument,
  findings: Finding[],
  ruleLink: (id: string) => string = ruleHref,
): CampaignDiagnostic[] {
  const ranges = rangesFor(parsed, findings);
  const out = findings.map((f, i) => {
    const d: CampaignDiagnostic = {
      range: ranges[i],
      severity: SEVERITY_NUMBER[f.severity],
      code: f.rule,
      source: DIAGNOSTIC_SOURCE,
      message: f.message,
      codeDescription: { href: ruleLink(f.rule) },
      data: { path: f.path },
    };
    if (f.fixes?.length) d.data.fixes = f.fixes;
    return d;
  });
  out.sort(compareDiagnostics);
  return out;
}

export function compareDiagnostics(a: CampaignDiagnostic, b: CampaignDiagnostic): number {
  return (
    a.range.start.line - b.range.start.line ||
    a.range.start.character - b.range.start.character ||
    a.severity - b.severity ||
    (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)
  );
}

/**
 * At most `max` diagnostics, the most severe first (errors before warnings and so on), still in
 * document order; `hidden` says how many were left out. The editor shows a bounded number per
 * file (as VS Code itself does) so that a huge broken file never floods the protocol.
 */
export function limitDiagnostics(all: CampaignDiagnostic[], max: number): { shown: CampaignDiagnostic[]; hidden: number } {
  if (all.length <= max) return { shown: all, hidden: 0 };
  const kept = all
    .map((d, i) => ({ d, i }))
    .sort((a, b) => a.d.severity - b.d.severity || a.i - b.i)
    .slice(0, max)
    .sort((a, b) => a.i - b.i)
    .map(x => x.d);
  return { shown: kept, hidden: all.length - max };
}
