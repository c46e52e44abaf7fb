import { parse } from '../../src/language/parse';
import { validate } from '../../src/language/validate';
import { toDiagnostics, CampaignDiagnostic } from '../../src/language/diagnostics';
import { CheckPurpose, DocumentKind, RemoteState, WorkspaceSettings } from '../../src/model/types';

/** Test helpers: lint a text the way the editor and the CLI do, and describe what came back. */

export interface LintOptions {
  kind?: DocumentKind;
  settings?: Partial<WorkspaceSettings> & { features?: WorkspaceSettings['features'] };
  remote?: RemoteState;
  purpose?: CheckPurpose;
  /** The current instant for the rules that depend on it (N2, N3). */
  now?: number;
}

export const SEV = ['error', 'warning', 'information', 'hint'] as const;

export interface Got {
  rule: string;
  severity: (typeof SEV)[number];
  path: string;
  message: string;
  range: CampaignDiagnostic['range'];
  fixes?: unknown[];
}

export function lint(doc: string | object, opts: LintOptions = {}): Got[] {
  const text = typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2);
  const parsed = parse(text);
  const findings = validate(parsed, {
    kind: opts.kind ?? 'campaign',
    settings: { features: {}, ...opts.settings } as WorkspaceSettings,
    remote: opts.remote,
    purpose: opts.purpose,
    now: opts.now,
    onRuleError: (ids, e) => {
      throw new Error(`rule ${ids.join('/')} threw: ${e instanceof Error ? e.stack : String(e)}`);
    },
  });
  return toDiagnostics(parsed, findings).map(d => ({
    rule: d.code,
    severity: SEV[d.severity - 1],
    path: d.data.path,
    message: d.message,
    range: d.range,
    fixes: d.data.fixes,
  }));
}

/** The diagnostics of one rule. */
export function only(got: Got[], rule: string): Got[] {
  return got.filter(g => g.rule === rule);
}

/** `rule@path severity` lines, sorted: compact to assert and readable in a failure. */
export function summary(got: Got[]): string[] {
  return got.map(g => `${g.rule}@${g.path} ${g.severity}`).sort();
}

/** 0-based [line, character] of the first occurrence of `needle` in `text` (plus `delta` chars). */
export function posOf(text: string, needle: string, delta = 0): { line: number; character: number } {
  const i = text.indexOf(needle);
  if (i < 0) throw new Error(`"${needle}" not in text`);
  const before = text.slice(0, i + delta);
  const lines = before.split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1].length };
}
