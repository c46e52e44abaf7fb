import type { ApiRoutes } from '../router';

/**
 * The V5 campaign API: each operation's handler. Methods and paths are the service's route table
 * (`DEFAULT_ROUTES` in sync's servicePaths.ts); what each operation does is in service.ts.
 */
export const CAMPAIGN_ROUTES = {
  getCampaign: (emu, op) => emu.service.get(op),
  searchCampaigns: (emu, op) => emu.service.search(op),
  createCampaign: (emu, op) => emu.service.create(op),
  updateCampaign: (emu, op) => emu.service.update(op),
  validateCampaign: (emu, op) => emu.service.validate(op),
  testCampaign: (emu, op) => emu.service.test(op),
  changeStatus: (emu, op) => emu.service.changeStatus(op),
  executions: (emu, op) => emu.service.executions(op),
} satisfies ApiRoutes;
