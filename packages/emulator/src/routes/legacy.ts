import type { ApiRoutes } from '../router';

/**
 * The V1 calls the service still answers: the campaign metadata call and publish. Methods and
 * paths are the service's route table (`DEFAULT_ROUTES` in sync's servicePaths.ts); what each
 * does is in service.ts.
 */
export const LEGACY_ROUTES = {
  campaignMeta: (emu, op) => emu.service.meta(op),
  publishCampaign: (emu, op) => emu.service.publish(op),
} satisfies ApiRoutes;
