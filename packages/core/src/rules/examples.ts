/**
 * Building blocks of the documentation examples (`docs` of each rule definition): small valid
 * parts that an example changes in one place, so that it breaks exactly the rule it documents.
 * test/rules/docs.test.ts lints every example and checks that it reports its rule.
 */

type Json = Record<string, unknown>;

export const push = (o: Json = {}): Json => ({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', ...o });
export const email = (o: Json = {}): Json => ({ channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME', ...o });
export const filter = {
  filter_type: 'user_attributes',
  data_type: 'string',
  category: 'Tracked Standard Attribute',
  name: 'city',
  operator: 'is',
  value: 'Berlin',
};
export const group = (...filters: Json[]): Json => ({ filter_operator: 'and', filters });
export const geofence = {
  name: 'Alexanderplatz store',
  latitude: '52.5219',
  longitude: '13.4132',
  radius: '150',
  triggered_at: 'ENTRY',
  response_time_value: '0',
  response_time_granularity: 'MINUTES',
};
export const cartTrigger = {
  included_filters: group({
    filter_type: 'actions',
    action_name: 'Added To Cart',
    execution: { type: 'atleast', count: 1 },
    executed: true,
  }),
};
export const fixedTime = { delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-20T09:00:00', timezone: 'Europe/Berlin' };
export const queuing = { features: { queuing: true } };
export const audience = { features: { audienceLimit: true } };
