/**
 * The service's paths. The spec gives get, search, metadata and executions; for create, update,
 * validate, test, status and V1 publish it names the operation but not the path, so these follow
 * the emulator's documented choices. A client may override any of them (`ServiceClientOptions.paths`).
 */
export interface ServicePaths {
  getCampaign(id: string): string;
  search: string;
  meta: string;
  executions(parentId: string): string;
  create: string;
  patch(id: string): string;
  validate(id: string): string;
  test: string;
  status: string;
  publishV1(id: string): string;
}

export const SERVICE_PATHS: ServicePaths = {
  getCampaign: id => `/v5/campaigns/${id}`,
  search: '/v5/campaigns/search',
  meta: '/core-services/v1/campaigns/meta',
  executions: id => `/v5/campaigns/${id}/executions`,
  create: '/v5/campaigns',
  patch: id => `/v5/campaigns/${id}`,
  validate: id => `/v5/campaigns/${id}/validate`,
  test: '/v5/campaigns/test',
  status: '/v5/campaigns/status',
  publishV1: id => `/core-services/v1/campaigns/${id}`,
};
