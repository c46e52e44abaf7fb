import { RuleCheck } from '../service/types';
import { documentRules } from './document';
import { schedulingRules } from './scheduling';
import { deliveryControlRules } from './deliveryControls';
import { goalRules } from './goals';
import { controlGroupRules } from './controlGroup';
import { utmRules } from './utm';
import { audienceLimitRules } from './audienceLimit';
import { updateRules } from './updates';

/**
 * Every rule function, in one list. Each group lives in its own module
 * (`document.ts`, `basicDetails.ts`, `scheduling.ts`, …) and exports an array of RuleCheck.
 */
export const RULE_CHECKS: RuleCheck[] = [
  ...documentRules,
  ...schedulingRules,
  ...deliveryControlRules,
  ...goalRules,
  ...controlGroupRules,
  ...utmRules,
  ...audienceLimitRules,
  ...updateRules,
];
