import { RuleCheck } from '../model/types';
import { RULE_GROUPS } from './catalog';

/**
 * Every rule function, in one list. Each group lives in its own module (`document.ts`,
 * `basicDetails.ts`, `scheduling.ts`, …), beside the definitions of the rules it reports.
 */
export const RULE_CHECKS: RuleCheck[] = RULE_GROUPS.flatMap(g => g.checks);
