import { Finding, RuleCheck } from '../language/types';
import { campaignKind, finding, isObj, Obj } from './util';

/** D8: response-only fields are read-only metadata. */
const READ_ONLY = ['id', 'campaign_id', 'version_number', 'status', 'created_at', 'updated_at', 'sent_time', 'flow_id', 'flow_name', 'parent_id'];

/** The components of a campaign: anything a draft gets by patching after it was created. */
export const COMPONENTS = [
  'basic_details', 'campaign_content', 'trigger_condition', 'segmentation_details', 'scheduling_details',
  'delivery_controls', 'advanced', 'conversion_goal_details', 'control_group_details', 'utm_params',
  'connector', 'sender_name', 'campaign_audience_limit',
];

/**
 * True when the document carries at least one component. A bare create body (`channel`,
 * `campaign_delivery_type`, `created_by`) is the first step of a draft and is complete as it is;
 * once components are there, the ones a delivery type needs are expected too.
 */
export function hasComponents(doc: Obj): boolean {
  return COMPONENTS.some(c => c in doc);
}

const PUSH_ONLY_TYPES = ['DEVICE_TRIGGERED', 'LOCATION_TRIGGERED'];

/** D4: delivery types that exist for one channel (and, for Live Activities, one platform). */
function channelOfType(doc: Obj): Finding[] {
  const { channel, type } = campaignKind(doc);
  if (!channel || !type || !['PUSH', 'EMAIL', 'SMS'].includes(channel)) return [];
  const out: Finding[] = [];
  if (PUSH_ONLY_TYPES.includes(type) && channel !== 'PUSH') {
    out.push(finding('D4', 'error', '/campaign_delivery_type',
      `\`${type}\` campaigns are Push only, and this is an \`${channel}\` campaign: set \`channel\` to \`PUSH\`, or choose another delivery type.`));
  }
  if (type === 'BROADCAST_LIVE_ACTIVITY') {
    if (channel !== 'PUSH') {
      out.push(finding('D4', 'error', '/campaign_delivery_type',
        `\`BROADCAST_LIVE_ACTIVITY\` is for iOS Push campaigns only, and this is an \`${channel}\` campaign: set \`channel\` to \`PUSH\`, or choose another delivery type.`));
    } else if (isObj(doc.basic_details)) {
      const platforms = doc.basic_details.platforms;
      if (Array.isArray(platforms) && !platforms.includes('IOS')) {
        out.push(finding('D4', 'error', '/basic_details/platforms',
          '`BROADCAST_LIVE_ACTIVITY` is iOS only: `platforms` must contain `IOS`.',
          { fixes: [{ title: 'Add `IOS` to `platforms`', edits: [{ kind: 'insert', path: '/basic_details/platforms/-', value: 'IOS' }], isPreferred: true }] }));
      } else if (platforms === undefined) {
        out.push(finding('D4', 'error', '/basic_details/platforms',
          '`BROADCAST_LIVE_ACTIVITY` is iOS only: add `"platforms": ["IOS"]` to `basic_details`.',
          { fixes: [{ title: 'Add `"platforms": ["IOS"]`', edits: [{ kind: 'insert', path: '/basic_details/platforms', value: ['IOS'] }], isPreferred: true }] }));
      }
    }
  }
  return out;
}

/** D5: what V5 cannot create or update. */
function notThroughV5(doc: Obj): Finding[] {
  const { channel, type } = campaignKind(doc);
  const out: Finding[] = [];
  if (channel === 'SMS') {
    out.push(finding('D5', 'warning', '/channel',
      '`SMS` campaigns can be retrieved through V5 but not created or updated: manage them in the dashboard or through V1. Campaign Studio will not push this file.'));
  }
  if (type === 'BROADCAST_LIVE_ACTIVITY') {
    out.push(finding('D5', 'warning', '/campaign_delivery_type',
      '`BROADCAST_LIVE_ACTIVITY` campaigns cannot be created through `POST /v5/campaigns`: create the campaign in the dashboard. Campaign Studio will not create it from this file.'));
  }
  return out;
}

/** D9: components that belong to other channels. */
const CHANNEL_COMPONENTS: Array<{ key: string; channels: string[]; says: string }> = [
  { key: 'advanced', channels: ['PUSH'], says: 'Push only' },
  { key: 'connector', channels: ['EMAIL', 'SMS'], says: 'for Email and SMS only' },
  { key: 'sender_name', channels: ['SMS'], says: 'SMS only' },
];

function componentsOfChannel(doc: Obj): Finding[] {
  const { channel } = campaignKind(doc);
  if (!channel || !['PUSH', 'EMAIL', 'SMS'].includes(channel)) return [];
  return CHANNEL_COMPONENTS
    .filter(c => c.key in doc && !c.channels.includes(channel))
    .map(c => finding('D9', 'error', `/${c.key}`,
      `\`${c.key}\` is ${c.says}, and this is a \`${channel}\` campaign: remove it.`,
      { target: 'key', fixes: [{ title: `Remove \`${c.key}\``, edits: [{ kind: 'remove', path: `/${c.key}` }], isPreferred: true }] }));
}

export const documentRules: RuleCheck[] = [
  {
    ids: ['D8'],
    kinds: ['campaign'],
    check({ doc }) {
      if (!isObj(doc)) return [];
      return READ_ONLY.filter(k => k in doc).map(k =>
        finding('D8', 'information', `/${k}`, `\`${k}\` is read-only metadata from the service: it is never sent on push, and editing it has no effect.`, { target: 'key' }));
    },
  },
  { ids: ['D4'], kinds: ['campaign'], check: ({ doc }) => (isObj(doc) ? channelOfType(doc) : []) },
  { ids: ['D5'], kinds: ['campaign'], check: ({ doc }) => (isObj(doc) ? notThroughV5(doc) : []) },
  { ids: ['D9'], kinds: ['campaign'], check: ({ doc }) => (isObj(doc) ? componentsOfChannel(doc) : []) },
];
