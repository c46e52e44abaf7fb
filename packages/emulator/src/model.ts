/**
 * The emulator's data model. Campaigns are stored in request shape (what create and patch
 * accept); the response shape (`scheduling_details` as `SCHEDULED` / `schedule_time` / …) is
 * derived on the way out by `shape.ts`, so the two can never disagree.
 */

import type { Channel, Component, DeliveryType } from '@campaign-studio/core';

export { CHANNELS, DELIVERY_TYPES } from '@campaign-studio/core';
export type { Channel, DeliveryType } from '@campaign-studio/core';

export const STATUSES = ['DRAFT', 'ACTIVE', 'SCHEDULED', 'PAUSED', 'SENT', 'SENDING', 'STOPPED', 'ARCHIVED'] as const;
export type Status = (typeof STATUSES)[number];

export interface Features {
  audienceLimit: boolean;
  queuing: boolean;
  portfolio: boolean;
  versioning: boolean;
}

export interface Workspace {
  id: string;
  apiKey: string;
  name: string;
  features: Features;
  /** The email subscription categories configured in the workspace (rule B7). */
  subscriptionCategories: string[];
}

export type Components = Partial<Record<Component, unknown>>;

/** What a revision looked like when it was last published (kept to freeze history). */
export interface PublishedSnapshot {
  components: Components;
  updated_by: string;
  updated_at: string;
}

/** One document: a campaign revision. */
export interface CampaignDoc {
  id: string;
  campaign_id: string;
  workspace: string;
  version_number: number;
  /** False for revisions superseded by a later version (campaign versioning). */
  current: boolean;
  status: Status;
  channel: Channel;
  campaign_delivery_type: DeliveryType;
  created_by: string;
  updated_by: string;
  created_at: string;
  updated_at: string;
  sent_time?: string;
  flow_id?: string;
  flow_name?: string;
  /** The parent's `campaign_id`, for periodic and business-event children. */
  parent_id?: string;
  components: Components;
  /** The state PAUSE came from, which RESUME returns to. */
  paused_from?: 'ACTIVE' | 'SCHEDULED';
  published_at?: string;
  published?: PublishedSnapshot;
  /** Components changed since the campaign was last published (campaign versioning). */
  unpublished_edits?: boolean;
}

export interface ReachabilityEntry {
  /** UTC day (`YYYY-MM-DD`) the estimate was computed for. */
  day: string;
  count: number;
  last_updated_time: string;
}

export interface EmulatorState {
  format: 'campaign-emulator-state';
  version: 1;
  workspaces: Workspace[];
  campaigns: CampaignDoc[];
  reachability: Record<string, ReachabilityEntry>;
  /** Counter part of generated object ids. */
  counter: number;
}

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export const OBJECT_ID = /^[0-9a-f]{24}$/;
export const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
