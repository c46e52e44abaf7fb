import { RuleInfo, RULES, ruleHref, Severity } from '@campaign-studio/core';
import { SarifBuilder, SarifResultBuilder, SarifRuleBuilder, SarifRunBuilder } from 'node-sarif-builder';
import { homepage } from '../../../../../package.json';
import { FileReport, JsonDiagnostic, relativeName } from '../report';
import { FormatContext } from './format';

/**
 * SARIF 2.1.0, the format GitHub code scanning uploads: one run whose tool is campaign-lint
 * (under either command name, so the alerts of both stay one category), every rule with its
 * documentation, and one result per diagnostic.
 */

type Level = 'error' | 'warning' | 'note';

const LEVEL: Record<Severity, Level> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

/** A relative path as a URI reference: each segment percent-encoded, `/` between them. */
function uriOf(relative: string): string {
  return relative.split('/').map(encodeURIComponent).join('/');
}

function ruleBuilder(rule: RuleInfo): SarifRuleBuilder {
  return new SarifRuleBuilder({ defaultConfiguration: { level: LEVEL[rule.severity] } }).initSimple({
    ruleId: rule.id,
    shortDescriptionText: rule.title,
    fullDescriptionText: rule.summary,
    helpUri: ruleHref(rule.id),
  });
}

/** SARIF lines and columns are 1-based; the end column is the one just past the range. */
function resultBuilder(uri: string, d: JsonDiagnostic): SarifResultBuilder {
  return new SarifResultBuilder().initSimple({
    ruleId: d.rule,
    level: LEVEL[d.severity],
    messageText: d.message,
    fileUri: uri,
    startLine: d.range.start.line + 1,
    startColumn: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
  });
}

export function formatSarif(reports: FileReport[], { version, cwd }: FormatContext): string {
  const run = new SarifRunBuilder({
    tool: { driver: { name: 'campaign-lint', fullName: 'Campaign Studio', version, informationUri: homepage, rules: [] } },
    columnKind: 'utf16CodeUnits',
  });
  for (const rule of RULES) run.addRule(ruleBuilder(rule));
  for (const r of reports) {
    const uri = uriOf(relativeName(cwd, r.abs));
    for (const d of r.diagnostics) run.addResult(resultBuilder(uri, d));
  }
  const log = new SarifBuilder();
  log.addRun(run);
  return log.buildSarifJsonString({ indent: true }) + '\n';
}
