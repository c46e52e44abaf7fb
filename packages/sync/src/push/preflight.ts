import * as l10n from '@vscode/l10n';
import { CheckPurpose, parse, rangeFor, RemoteState, Severity, validate, WorkspaceSettings } from '@campaign-studio/core';

/**
 * The first gate of every write: the shared rule set over the file's current text. Errors block;
 * warnings and hints do not. In the editor the language server answers (`campaign/preflight`),
 * from the very documents and settings its Problems panel shows; elsewhere (tests, scripts)
 * `rulesWithSettings` runs the same rules in process.
 */

export interface CheckedFinding {
  rule: string;
  severity: Severity;
  message: string;
  /** JSON pointer of what the finding is about. */
  path: string;
  /** 1-based line, for messages. */
  line: number;
}

/** The rule set, asked about the text a write is about to send. */
export interface LocalRules {
  check(text: string, options: { purpose?: CheckPurpose; remote?: RemoteState }): Promise<CheckedFinding[]>;
}

export interface LocalCheck {
  errors: CheckedFinding[];
  warnings: CheckedFinding[];
}

/**
 * The update rules P1–P5 are checked by the flows against the campaign's current remote status,
 * not against whatever the editor last knew.
 */
const CHECKED_AGAINST_REMOTE = new Set(['P1', 'P2', 'P3', 'P4', 'P5']);

/**
 * `purpose` `inlineTest` adds rule B8 (an inline test send needs more basic details). `remote`
 * (the base snapshot) lets the rules tell a schedule kept as the service returned it, unchanged
 * since the fetch, from one the user wrote (rule H5), as the editor and `campaign-lint` do.
 */
export async function checkLocal(rules: LocalRules, text: string, purpose?: CheckPurpose, remote?: RemoteState): Promise<LocalCheck> {
  const findings = (await rules.check(text, { purpose, remote })).filter(f => !CHECKED_AGAINST_REMOTE.has(f.rule));
  return {
    errors: findings.filter(f => f.severity === 'error'),
    warnings: findings.filter(f => f.severity === 'warning'),
  };
}

/** The rule set run in this process with settings already resolved. */
export function rulesWithSettings(settings: WorkspaceSettings): LocalRules {
  return {
    check: async (text, options) => {
      const parsed = parse(text);
      return validate(parsed, { kind: 'campaign', settings, now: Date.now(), ...options }).map(f => ({
        rule: f.rule,
        severity: f.severity,
        message: f.message,
        path: f.path,
        line: rangeFor(parsed, f).start.line + 1,
      }));
    },
  };
}

/** "line 12: message" for the first few errors, for a notification. */
export function summarize(findings: CheckedFinding[], max = 3): string {
  const lines = findings.slice(0, max).map(f => l10n.t('line {0} ({1}): {2}', f.line, f.rule, f.message));
  if (findings.length > max) lines.push(l10n.t('and {0} more (see the Problems panel)', findings.length - max));
  return lines.join('; ');
}
