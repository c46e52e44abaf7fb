import * as l10n from '@vscode/l10n';
import { ParsedDocument } from './parse';
import { join } from '../model/pointer';
import { schemaFindings } from './schemaErrors';
import { code } from '../model/strings';
import { RULE_CHECKS } from '../rules';
import { fileKind } from '../model/fileKinds';
import { CheckPurpose, DocumentKind, Finding, RemoteState, WorkspaceSettings } from '../model/types';

/**
 * What a document is checked as, by its name (`fileKind`): a campaign unless its name says
 * otherwise (an untitled buffer in the Campaign JSON language is one).
 */
export function kindOf(fileName: string): DocumentKind {
  return fileKind(fileName) ?? 'campaign';
}

export interface ValidateOptions {
  kind: DocumentKind;
  settings: WorkspaceSettings;
  remote?: RemoteState;
  /** What the document is checked for (rule B8: inline test sends). */
  purpose?: CheckPurpose;
  /** The current instant (epoch ms), for the rules that depend on it (N2, N3). */
  now?: number;
  /** Called when a rule function throws: the rest still runs. */
  onRuleError?: (ids: string[], error: unknown) => void;
}

/** The whole rule set over one parsed document: syntax, schema, then the rule functions. */
export function validate(parsed: ParsedDocument, opts: ValidateOptions): Finding[] {
  // In a settings file every problem is W1 ("a malformed .campaignrc.json"), syntax included.
  const findings: Finding[] = opts.kind === 'campaignrc' ? parsed.syntax.map(f => ({ ...f, rule: 'W1' })) : [...parsed.syntax];
  if (parsed.tooDeep || parsed.value === undefined) return findings;
  try {
    append(findings, schemaFindings(opts.kind, parsed.value));
  } catch (e) {
    // The compiled validators compare objects with a library that calls `valueOf` and
    // `toString` on them: a key of that name (never a campaign field) makes them throw.
    const hazard = hazardousKey(parsed.value);
    if (!hazard) opts.onRuleError?.(['schema'], e);
    findings.push({
      rule: opts.kind === 'campaignrc' ? 'W1' : opts.kind === 'search' ? 'R1' : 'D7',
      severity: 'error',
      path: hazard ?? '',
      target: hazard ? 'key' : undefined,
      message: hazard
        ? l10n.t(
            'A key named {0} is not a field of any campaign component, and it stops the schema check of the whole file. Remove or rename it to have the rest checked.',
            code(hazard.slice(hazard.lastIndexOf('/') + 1)),
          )
        : l10n.t(
            'The schema check of this file failed unexpectedly, so only the other rules ran. Simplify the part you changed last, and report the file if it is valid JSON.',
          ),
    });
  }
  const ctx = { doc: parsed.value, kind: opts.kind, settings: opts.settings, remote: opts.remote, purpose: opts.purpose, now: opts.now };
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

const OBJECT_METHODS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** The pointer of the first key that shadows a method of Object.prototype, breadth first. */
function hazardousKey(value: unknown): string | undefined {
  const queue: Array<{ v: unknown; p: string }> = [{ v: value, p: '' }];
  for (let i = 0; i < queue.length; i++) {
    const { v, p } = queue[i];
    if (v === null || typeof v !== 'object') continue;
    for (const k of Object.keys(v)) {
      const child = join(p, k);
      if (!Array.isArray(v) && OBJECT_METHODS.has(k)) return child;
      queue.push({ v: (v as Record<string, unknown>)[k], p: child });
    }
  }
  return undefined;
}

/** `target.push(...items)` without spreading: a spread of a few hundred thousand findings overflows the stack. */
function append<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}
