import { Severity } from '../model/types';
import { RuleDefinition, RuleGroup, SeverityColumn } from './define';
import { documentRules } from './document';
import { basicDetailsRules } from './basicDetails';
import { campaignContentRules } from './content';
import { triggerRules } from './trigger';
import { filterRules } from './filters';
import { segmentationRules } from './segmentation';
import { schedulingRules } from './scheduling';
import { sendTimeRules } from './sendTime';
import { deliveryControlRules } from './deliveryControls';
import { advancedRules } from './advanced';
import { goalRules } from './goals';
import { controlGroupRules } from './controlGroup';
import { utmRules } from './utm';
import { audienceLimitRules } from './audienceLimit';
import { geofenceRules } from './geofences';
import { updateRules } from './updates';
import { searchRules } from './search';
import { campaignrcRules } from './campaignrc';

/**
 * Every rule of rules.md, read from the rule-group modules that are each rule's one home, in
 * the order docs/rules.md lists them.
 */
export const RULE_GROUPS: readonly RuleGroup[] = [
  documentRules,
  basicDetailsRules,
  campaignContentRules,
  triggerRules,
  filterRules,
  segmentationRules,
  schedulingRules,
  sendTimeRules,
  deliveryControlRules,
  advancedRules,
  goalRules,
  controlGroupRules,
  utmRules,
  audienceLimitRules,
  geofenceRules,
  updateRules,
  searchRules,
  campaignrcRules,
];

export interface RuleInfo {
  id: string;
  title: string;
  severity: Severity;
  sev: SeverityColumn;
  summary: string;
}

/** The default severity of each column: a mixed rule reports its first, or each finding's own. */
const DEFAULT_SEVERITY: Record<SeverityColumn, Severity> = {
  E: 'error',
  W: 'warning',
  I: 'information',
  'E / W': 'error',
  'E / I': 'error',
  '—': 'information',
};

const DEFINITIONS: ReadonlyMap<string, RuleDefinition> = new Map(RULE_GROUPS.flatMap(g => g.rules).map(r => [r.id, r]));

export const RULES: readonly RuleInfo[] = [...DEFINITIONS.values()].map(r => ({
  id: r.id,
  title: r.title,
  severity: DEFAULT_SEVERITY[r.severity],
  sev: r.severity,
  summary: r.summary,
}));

const BY_ID = new Map(RULES.map(r => [r.id, r]));

export function ruleInfo(id: string): RuleInfo | undefined {
  return BY_ID.get(id);
}

/** A rule's whole definition: messages, documentation and fixes included. */
export function ruleDefinition(id: string): RuleDefinition | undefined {
  return DEFINITIONS.get(id);
}

/** The default severity of a rule; rules marked "E / W" pass the severity of each finding. */
export function ruleSeverity(id: string, fallback: RuleInfo['severity']): RuleInfo['severity'] {
  const r = BY_ID.get(id);
  if (!r) return fallback;
  return r.sev.includes('/') ? fallback : r.severity;
}

/** Where each rule is documented in the repository (diagnostic `codeDescription.href`). */
export const RULES_DOC_URL = 'https://github.com/campaign-studio/campaign-studio/blob/main/docs/rules.md';

export function ruleHref(id: string): string {
  return `${RULES_DOC_URL}#${id.toLowerCase()}`;
}
