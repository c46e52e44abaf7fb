import type { FeatureFlags } from './types';
/**
 * A campaign's vocabulary: its channels and delivery types, and its top-level fields by what they
 * are (spec "Campaign structure" and "Other update rules"). The rules, the sync engine and the
 * emulator read these lists, so a new component or delivery type is added here once.
 */

export const CHANNELS = ['PUSH', 'EMAIL', 'SMS'] as const;
export type Channel = (typeof CHANNELS)[number];

export const DELIVERY_TYPES = [
  'ONE_TIME',
  'PERIODIC',
  'EVENT_TRIGGERED',
  'BUSINESS_EVENT_TRIGGERED',
  'DEVICE_TRIGGERED',
  'LOCATION_TRIGGERED',
  'BROADCAST_LIVE_ACTIVITY',
] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** The components, in the spec's order: what a draft gets by patching after it was created; each is sent whole (rule P4). */
export const COMPONENTS = [
  'basic_details',
  'campaign_content',
  'trigger_condition',
  'segmentation_details',
  'scheduling_details',
  'delivery_controls',
  'advanced',
  'conversion_goal_details',
  'control_group_details',
  'utm_params',
  'connector',
  'sender_name',
  'campaign_audience_limit',
] as const;
export type Component = (typeof COMPONENTS)[number];

/** Response-only metadata (rule D8): the service sets it, and a body that carries it has it ignored. */
export const READ_ONLY_FIELDS = [
  'id',
  'campaign_id',
  'version_number',
  'status',
  'created_at',
  'updated_at',
  'sent_time',
  'flow_id',
  'flow_name',
  'parent_id',
] as const;

/** What a campaign is, sent with every update (rule D6); not components. */
export const IDENTITY_FIELDS = ['channel', 'campaign_delivery_type'] as const;

/** Authorship: `created_by` belongs to the create call only, `updated_by` is set on each push. */
export const AUTHOR_FIELDS = ['created_by', 'updated_by'] as const;

const CHANNEL_SET: ReadonlySet<string> = new Set(CHANNELS);
const DELIVERY_TYPE_SET: ReadonlySet<string> = new Set(DELIVERY_TYPES);
const COMPONENT_SET: ReadonlySet<string> = new Set(COMPONENTS);
const READ_ONLY_SET: ReadonlySet<string> = new Set(READ_ONLY_FIELDS);
const AUTHOR_SET: ReadonlySet<string> = new Set(AUTHOR_FIELDS);
const NOT_COMPONENT_SET: ReadonlySet<string> = new Set([...IDENTITY_FIELDS, ...AUTHOR_FIELDS, ...READ_ONLY_FIELDS]);

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && CHANNEL_SET.has(value);
}

export function isDeliveryType(value: unknown): value is DeliveryType {
  return typeof value === 'string' && DELIVERY_TYPE_SET.has(value);
}

export function isComponent(key: string): key is Component {
  return COMPONENT_SET.has(key);
}

export function isReadOnlyField(key: string): boolean {
  return READ_ONLY_SET.has(key);
}

export function isAuthorField(key: string): boolean {
  return AUTHOR_SET.has(key);
}

/** Identity, authorship or read-only metadata: a known top-level field that is not a component. */
export function isKnownNonComponent(key: string): boolean {
  return NOT_COMPONENT_SET.has(key);
}

/** The workspace feature flags a settings file (`.campaignrc.json`, an environment's `settings`) may set, in the order docs/settings.md lists them. */
export const FEATURE_FLAGS = ['audienceLimit', 'queuing', 'portfolio', 'versioning'] as const satisfies ReadonlyArray<keyof FeatureFlags>;
