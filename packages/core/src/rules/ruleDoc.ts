import { Severity } from '../model/types';
import { RULE_GROUPS, ruleHref, ruleSeverity } from './catalog';
import { RuleDefinition, RuleDocs, SeverityColumn } from './define';

export { RULE_GROUPS, RULES } from './catalog';

/**
 * A rule's documentation page, rendered once from its definition: docs/rules.md holds one per
 * rule (scripts/gen-rule-docs.mjs), and the language server answers `campaign/ruleDoc` with the
 * same text, so the editor shows what the reference says.
 */

const SEVERITY_TEXT: Record<SeverityColumn, string> = {
  E: 'error: the service would reject it.',
  W: 'warning: almost certainly a mistake, or ignored by the service.',
  I: 'information: a note, nothing to fix.',
  'E / W': 'error or warning, depending on the case (see the rule).',
  'E / I': 'error or information, depending on the case (see the rule).',
  '—': 'information: a note about what a push sends.',
};

const KIND_NOTE: Record<string, string> = { search: 'a search request body (`*.search.json`)', campaignrc: 'a `.campaignrc.json`' };

/** JSON on one line, with a space after commas and colons. */
function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    return `{ ${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`)
      .join(', ')} }`.replace('{  }', '{}');
  }
  return JSON.stringify(value);
}

/** JSON with two-space indentation, keeping short arrays and objects on one line. */
function pretty(value: unknown, indent = ''): string {
  const flat = oneLine(value);
  if (value === null || typeof value !== 'object' || flat.length + indent.length <= 72) return flat;
  const inner = indent + '  ';
  if (Array.isArray(value)) return `[\n${value.map(v => inner + pretty(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pretty(v, inner)}`).join(',\n')}\n${indent}}`;
}

function example(d: RuleDocs): string {
  const body = d.text ?? pretty(d.doc);
  const lines: string[] = [];
  const where = d.kind && KIND_NOTE[d.kind] ? ` in ${KIND_NOTE[d.kind]}` : '';
  if (d.context) lines.push(d.context, '');
  if (d.settings) lines.push(`With this \`.campaignrc.json\`: \`${JSON.stringify(d.settings)}\``, '');
  if (d.purpose === 'inlineTest' && !d.context) lines.push('Checked as an inline test send:', '');
  lines.push(`**Breaks it**${where}:`, '', '```json', body, '```');
  return lines.join('\n');
}

/** A rule's section of docs/rules.md: its heading (the anchor diagnostics link to), the rule, its severity, an example that breaks it and the fix. */
export function ruleSection(r: RuleDefinition, section: string): string[] {
  return [
    `## ${r.id}`,
    '',
    `**${r.title}** · *${section}*`,
    '',
    `**Rule.** ${r.summary}`,
    '',
    `**Severity:** ${SEVERITY_TEXT[r.severity] ?? r.severity}`,
    '',
    example(r.docs),
    '',
    `**Fix.** ${r.docs.fix}`,
    '',
  ];
}

export interface RuleDoc {
  id: string;
  title: string;
  /** The default severity (a mixed rule gives each finding its own). */
  severity: Severity;
  /** The rule's section of docs/rules.md, as Markdown. */
  markdown: string;
  href: string;
}

/** One rule's documentation, or `null` for an id that is not a rule. */
export function ruleDoc(id: string): RuleDoc | null {
  for (const group of RULE_GROUPS) {
    const r = group.rules.find(d => d.id === id);
    if (r)
      return {
        id: r.id,
        title: r.title,
        severity: ruleSeverity(r.id, 'error'),
        markdown: ruleSection(r, group.section).join('\n'),
        href: ruleHref(r.id),
      };
  }
  return null;
}
