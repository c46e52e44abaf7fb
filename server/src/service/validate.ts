import * as path from 'path';
import { ParsedDocument } from './parse';
import { schemaFindings } from './schemaErrors';
import { RULE_CHECKS } from '../rules';
import { CheckPurpose, DocumentKind, Finding, RemoteState, WorkspaceSettings } from './types';

/** What a file is, by its name alone, so that every editor and the CLI agree. */
export function kindOf(fileName: string): DocumentKind {
  const base = path.basename(fileName.replace(/\\/g, '/')).toLowerCase();
  if (base === '.campaignrc.json') return 'campaignrc';
  if (base.endsWith('.search.json')) return 'search';
  return 'campaign';
}

export interface ValidateOptions {
  kind: DocumentKind;
  settings: WorkspaceSettings;
  remote?: RemoteState;
  /** What the document is checked for (rule B8: inline test sends). */
  purpose?: CheckPurpose;
  /** Called when a rule function throws: the rest still runs. */
  onRuleError?: (ids: string[], error: unknown) => void;
}

/** The whole rule set over one parsed document: syntax, schema, then the rule functions. */
export function validate(parsed: ParsedDocument, opts: ValidateOptions): Finding[] {
  // In a settings file every problem is W1 ("a malformed .campaignrc.json"), syntax included.
  const findings: Finding[] = opts.kind === 'campaignrc' ? parsed.syntax.map(f => ({ ...f, rule: 'W1' })) : [...parsed.syntax];
  if (parsed.tooDeep || parsed.value === undefined) return findings;
  append(findings, schemaFindings(opts.kind, parsed.value));
  const ctx = { doc: parsed.value, kind: opts.kind, settings: opts.settings, remote: opts.remote, purpose: opts.purpose };
  for (const rule of RULE_CHECKS) {
    if (!rule.kinds.includes(opts.kind)) continue;
    try {
      append(findings, rule.check(ctx));
    } catch (e) {
      opts.onRuleError?.(rule.ids, e);
    }
  }
  return findings;
}

/** `target.push(...items)` without spreading: a spread of a few hundred thousand findings overflows the stack. */
function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
