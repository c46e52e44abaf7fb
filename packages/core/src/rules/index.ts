import { RuleCheck } from '../language/types';
import { documentRules } from './document';
import { basicDetailsRules } from './basicDetails';
import { campaignContentRules } from './content';
import { triggerRules } from './trigger';
import { filterRules } from './filters';
import { segmentationRules } from './segmentation';
import { searchRules } from './search';
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
  ...basicDetailsRules,
  ...campaignContentRules,
  ...triggerRules,
  ...filterRules,
  ...segmentationRules,
  ...searchRules,
  ...schedulingRules,
  ...deliveryControlRules,
  ...goalRules,
  ...controlGroupRules,
  ...utmRules,
  ...audienceLimitRules,
  ...updateRules,
];
