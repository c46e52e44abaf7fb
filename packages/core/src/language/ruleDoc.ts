import { ruleHref, ruleInfo } from '../rules/catalog';
import { Severity } from './types';

export interface RuleDoc {
  id: string;
  severity: Severity;
  /** The rule in Markdown: its id, default severity, what it says, and where its full page is. */
  markdown: string;
  href: string;
}

const SEVERITY_WORD: Record<Severity, string> = { error: 'Error', warning: 'Warning', information: 'Information', hint: 'Hint' };

/** One rule's documentation, or `null` for an id that is not a rule. */
export function ruleDoc(id: string): RuleDoc | null {
  const info = ruleInfo(id);
  if (!info) return null;
  const href = ruleHref(info.id);
  const markdown = `### ${info.id} · ${SEVERITY_WORD[info.severity]}\n\n${info.summary}\n\n[All about ${info.id}](${href})\n`;
  return { id: info.id, severity: info.severity, markdown, href };
}
