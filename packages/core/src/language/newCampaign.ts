import * as l10n from '@vscode/l10n';
import { bodyText, expandSnippet, SKELETON_SNIPPETS } from './snippets';
import { CAMPAIGN_FILE_SUFFIX } from '../model/fileKinds';

/**
 * What "New Campaign…" offers: the channels and delivery types a campaign can be created with
 * through the service's version 5 (SMS and `BROADCAST_LIVE_ACTIVITY` cannot), and the skeleton of
 * `snippets/skeletons.json` for each pair. Plain data and functions, so the extension offers them
 * without the rule engine.
 */

export interface NewCampaignChoice {
  /** The value the campaign file holds. */
  value: string;
  label: string;
  detail: string;
}

/**
 * The channels, in the order they are offered. A function, not a constant: its labels are
 * translated when asked for, after the extension has given `@vscode/l10n` its bundle.
 */
export function newCampaignChannels(): NewCampaignChoice[] {
  return [
    { value: 'PUSH', label: l10n.t('Push'), detail: l10n.t('Notifications on Android, iOS and the web.') },
    { value: 'EMAIL', label: l10n.t('Email'), detail: l10n.t('Emails sent through a connector, promotional or transactional.') },
  ];
}

const DELIVERY_TYPES = (): ReadonlyArray<NewCampaignChoice & { channels: readonly string[] }> => [
  { value: 'ONE_TIME', label: l10n.t('One-time'), detail: l10n.t('Sent once, at the time you set.'), channels: ['PUSH', 'EMAIL'] },
  {
    value: 'PERIODIC',
    label: l10n.t('Periodic'),
    detail: l10n.t('Sent again and again on a schedule: daily, weekly or monthly.'),
    channels: ['PUSH', 'EMAIL'],
  },
  {
    value: 'EVENT_TRIGGERED',
    label: l10n.t('Event-triggered'),
    detail: l10n.t('Sent when a user performs an event, such as adding to the cart.'),
    channels: ['PUSH', 'EMAIL'],
  },
  {
    value: 'BUSINESS_EVENT_TRIGGERED',
    label: l10n.t('Business-event-triggered'),
    detail: l10n.t('Sent when your business raises an event, such as a price drop.'),
    channels: ['PUSH', 'EMAIL'],
  },
  {
    value: 'DEVICE_TRIGGERED',
    label: l10n.t('Device-triggered'),
    detail: l10n.t('Shown by the device itself when the user performs an event, even offline.'),
    channels: ['PUSH'],
  },
  {
    value: 'LOCATION_TRIGGERED',
    label: l10n.t('Location-triggered'),
    detail: l10n.t('Sent when a user enters or leaves a geofence.'),
    channels: ['PUSH'],
  },
];

/** The delivery types a campaign of `channel` can be created with, in the order they are offered. */
export function newCampaignDeliveryTypes(channel: string): NewCampaignChoice[] {
  return DELIVERY_TYPES()
    .filter(t => t.channels.includes(channel))
    .map(({ value, label, detail }) => ({ value, label, detail }));
}

export interface CampaignSkeleton {
  name: string;
  /** The skeleton in snippet syntax: its first placeholder is the first field to fill. */
  snippet: string;
}

/** The skeleton for a channel and a delivery type, or undefined for a pair that cannot be created. */
export function campaignSkeleton(channel: string, deliveryType: string): CampaignSkeleton | undefined {
  if (!newCampaignDeliveryTypes(channel).some(t => t.value === deliveryType)) return undefined;
  const found = SKELETON_SNIPPETS.find(s => {
    const doc = JSON.parse(expandSnippet(bodyText(s))) as { channel?: unknown; campaign_delivery_type?: unknown };
    return doc.channel === channel && doc.campaign_delivery_type === deliveryType;
  });
  return found && { name: found.name, snippet: bodyText(found) };
}

/** The name a new campaign file gets before its author names it: `new-push-one-time.campaign.json`. */
export function newCampaignFileName(channel: string, deliveryType: string, counter = 1): string {
  const slug = `new-${channel}-${deliveryType}`.toLowerCase().replace(/_/g, '-');
  return `${slug}${counter > 1 ? `-${counter}` : ''}${CAMPAIGN_FILE_SUFFIX}`;
}
