import { parse, ParsedDocument } from '@campaign-studio/core';
import { validate } from '@campaign-studio/core';
import { rangeFor } from '@campaign-studio/core';
import { CheckPurpose, Finding, RemoteState, WorkspaceSettings } from '@campaign-studio/core';

/**
 * The first gate of every write: the shared rule set, the very code the language server and the
 * CLI run, over the file's current text. Errors block; warnings and hints do not.
 */

export interface LocalCheck {
  parsed: ParsedDocument;
  errors: Finding[];
  warnings: Finding[];
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
export function checkLocal(text: string, settings: WorkspaceSettings, purpose?: CheckPurpose, remote?: RemoteState): LocalCheck {
  const parsed = parse(text);
  const findings = validate(parsed, { kind: 'campaign', settings, purpose, remote }).filter(f => !CHECKED_AGAINST_REMOTE.has(f.rule));
  return {
    parsed,
    errors: findings.filter(f => f.severity === 'error'),
    warnings: findings.filter(f => f.severity === 'warning'),
  };
}

/** "line 12: message" for the first few errors, for a notification. */
export function summarize(parsed: ParsedDocument, findings: Finding[], max = 3): string {
  const lines = findings.slice(0, max).map(f => `line ${rangeFor(parsed, f).start.line + 1} (${f.rule}): ${f.message}`);
  if (findings.length > max) lines.push(`and ${findings.length - max} more (see the Problems panel)`);
  return lines.join('; ');
}

export function lineOf(parsed: ParsedDocument, path: string): number {
  return rangeFor(parsed, { path }).start.line + 1;
}
