import { Channel, Components, DeliveryType, Status, Workspace } from './model';
import {
  action,
  ADVANCED,
  ALL_USERS,
  asap,
  asapTrigger,
  audience,
  bts,
  businessEventControls,
  CONNECTOR,
  CONTROL_GROUP,
  delayTrigger,
  emailBasic,
  emailContent,
  emailControls,
  eventEmailControls,
  eventPushControls,
  fixed,
  GOALS,
  inUserTz,
  periodic,
  pushBasic,
  pushContent,
  pushContentLocalised,
  pushControls,
  segment,
  userAttr,
  utm,
} from './seedParts';

/**
 * The seed's workspaces and their campaigns, as data: one entry per campaign, in the order its
 * ids are made (seed.ts reads the tables; the order fixes every id, so new campaigns go last).
 */

export const WORKSPACES: Workspace[] = [
  {
    id: 'WKSPALLFEATURES01',
    apiKey: 'emu-all-7f3a9c2e41b84d06a5c1',
    name: 'Shopco (every feature)',
    features: { audienceLimit: true, queuing: true, portfolio: true, versioning: true },
    subscriptionCategories: ['newsletters', 'product_updates', 'offers'],
  },
  {
    id: 'WKSPNOFEATURES02',
    apiKey: 'emu-none-2b8e5d1f9a6c30474e9d',
    name: 'Bookbarn (no optional features)',
    features: { audienceLimit: false, queuing: false, portfolio: false, versioning: false },
    subscriptionCategories: ['newsletters', 'offers'],
  },
];

/** One campaign of the seed, as `campaignsOf` in seed.ts reads it. */
export interface CampaignSeed {
  channel: Channel;
  type: DeliveryType;
  status: Status;
  /** Created this many days after the seed's first day; updated a day later unless `updatedDay`. */
  day: number;
  /** `created_by`, and `updated_by` unless `updatedBy`. */
  by: string;
  components: Components;
  sentDay?: number;
  pausedFrom?: 'ACTIVE' | 'SCHEDULED';
  updatedDay?: number;
  updatedBy?: string;
  /** False for a revision that a later version superseded. */
  current?: boolean;
  version?: number;
  /** The name a later version gives in `revises`. */
  key?: string;
  /** A later version of the campaign with this `key`: the same `campaign_id`. */
  revises?: string;
  /** A node of the flow of this name (its nodes are child campaigns); the flow's id is made with its first node. */
  flow?: string;
  /** One `SENT` child campaign per run of a periodic or business-event parent: `count` of them, every `every` days from day `first`. */
  executions?: { first: number; every: number; count: number };
}

const [shopco, bookbarn] = WORKSPACES;
const mobile = ['ANDROID', 'IOS'];

// ---- workspace 1: every feature ------------------------------------------------------------

const maya = 'maya.chen@shopco.example';
const omar = 'omar.haddad@shopco.example';
const lena = 'lena.fischer@shopco.example';
const raj = 'raj.iyer@shopco.example';
const buyers = userAttr(shopco, 'Last Purchase Date', 'datetime', 'inTheLast', 90);
const inUs = userAttr(shopco, 'Country', 'string', 'in', ['US', 'CA']);
const vip = segment('VIP customers', 'seg_vip_2025');

/** The components of a Shopco SMS campaign. */
const sms = (name: string, message: string): Components => ({
  basic_details: { name, team: 'Mobile', tags: ['sms'], user_attribute_identifier: 'Mobile Number (Standard)' },
  campaign_content: { content: { sms: { message, opt_out_status: true } } },
  connector: { connector_type: 'TWILIO', connector_name: 'Twilio main' },
  sender_name: 'SHOPCO',
  segmentation_details: ALL_USERS,
  scheduling_details: asap(),
});

export const SHOPCO_CAMPAIGNS: readonly CampaignSeed[] = [
  // Push, one-time
  {
    channel: 'PUSH',
    type: 'ONE_TIME',
    status: 'SENT',
    day: 1,
    sentDay: 3,
    by: maya,
    components: {
      basic_details: pushBasic('Spring sale kickoff', mobile, 'Growth', ['sale', 'spring']),
      campaign_content: pushContent(mobile, 'Spring sale starts now', 'Up to 40% off everything until Sunday.', 'shopco://sale/spring'),
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
      delivery_controls: pushControls(),
      advanced: ADVANCED,
      conversion_goal_details: GOALS,
      control_group_details: CONTROL_GROUP,
      utm_params: utm('push', 'spring_sale', { utm_content: 'hero' }),
    },
  },
  {
    channel: 'PUSH',
    type: 'ONE_TIME',
    status: 'SCHEDULED',
    day: 420,
    by: omar,
    components: {
      basic_details: pushBasic('Summer launch teaser', mobile, 'Growth', ['launch', 'summer']),
      campaign_content: pushContent(
        mobile,
        'Something new is coming',
        'Be the first to see the summer collection.',
        'shopco://collections/summer',
      ),
      segmentation_details: audience([buyers, inUs]),
      scheduling_details: fixed('2027-05-20T10:00:00', 'America/New_York'),
      delivery_controls: pushControls({ queuing_enabled: true, queue_duration: 6 }),
      advanced: ADVANCED,
      campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 50000 },
    },
  },
  {
    channel: 'PUSH',
    type: 'ONE_TIME',
    status: 'SCHEDULED',
    day: 431,
    by: lena,
    components: {
      basic_details: pushBasic('Weekend flash deal', mobile, 'Merchandising', ['deal']),
      campaign_content: pushContent(mobile, 'Flash deal: 24 hours only', 'Sneakers from $39 this weekend.', 'shopco://deals/flash'),
      segmentation_details: audience([vip]),
      scheduling_details: bts('2027-02-06T09:00:00', 'Europe/Berlin'),
      delivery_controls: pushControls(),
      advanced: ADVANCED,
      utm_params: utm('push', 'flash_deal'),
    },
  },
  {
    channel: 'PUSH',
    type: 'ONE_TIME',
    status: 'SENDING',
    day: 530,
    sentDay: 538,
    by: raj,
    components: {
      basic_details: pushBasic('Black Friday early access', ['WEB'], 'Growth', ['black-friday']),
      campaign_content: pushContent(
        ['WEB'],
        'Early access is open',
        'Black Friday prices, a day early, for you.',
        'https://shopco.example/black-friday',
      ),
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
      delivery_controls: pushControls(),
    },
  },
  {
    channel: 'PUSH',
    type: 'ONE_TIME',
    status: 'STOPPED',
    day: 60,
    by: maya,
    components: {
      basic_details: pushBasic('Store opening Lyon', mobile, 'Retail', ['store', 'fr']),
      campaign_content: pushContent(mobile, 'Nouveau magasin à Lyon', 'Venez découvrir notre nouveau magasin.', 'shopco://stores/lyon'),
      segmentation_details: audience([userAttr(shopco, 'City', 'string', 'is', 'Lyon')]),
      scheduling_details: fixed('2025-08-30T11:00:00', 'Europe/Paris'),
      delivery_controls: pushControls(),
      advanced: ADVANCED,
    },
  },
  {
    channel: 'PUSH',
    type: 'ONE_TIME',
    status: 'ARCHIVED',
    day: 5,
    sentDay: 6,
    by: omar,
    components: {
      basic_details: pushBasic('App update 4.2', mobile, 'Product', ['release']),
      campaign_content: pushContent(mobile, 'Shopco 4.2 is here', 'Faster checkout and a new wishlist.', 'shopco://whats-new'),
      segmentation_details: audience([userAttr(shopco, 'App Version', 'string', 'startWithInTheFollowing', ['4.1'])]),
      scheduling_details: asap(),
      delivery_controls: pushControls(),
    },
  },
  { channel: 'PUSH', type: 'ONE_TIME', status: 'DRAFT', day: 535, by: lena, components: {} },
  {
    channel: 'PUSH',
    type: 'ONE_TIME',
    status: 'DRAFT',
    day: 536,
    by: raj,
    components: {
      basic_details: pushBasic('Holiday gift guide', mobile, 'Merchandising', ['holiday']),
      campaign_content: pushContent(mobile, 'Gifts they will love', 'Our holiday gift guide is live.', 'shopco://guides/holiday'),
    },
  },
  {
    channel: 'PUSH',
    type: 'ONE_TIME',
    status: 'SCHEDULED',
    day: 533,
    by: maya,
    components: {
      basic_details: pushBasic('New year, new gear', mobile, 'Growth', ['new-year', 'localised']),
      campaign_content: pushContentLocalised(
        mobile,
        {
          default: ['New year, new gear', 'Start the year with 20% off sportswear.'],
          fr: ['Nouvelle année, nouvel équipement', "Commencez l'année avec 20 % de remise."],
          de: ['Neues Jahr, neue Ausrüstung', 'Starte das Jahr mit 20 % Rabatt.'],
        },
        'shopco://collections/sport',
      ),
      segmentation_details: audience([inUs, vip], 'or'),
      scheduling_details: inUserTz('2027-01-02T09:00:00'),
      delivery_controls: pushControls(),
      advanced: ADVANCED,
      control_group_details: CONTROL_GROUP,
    },
  },

  // Push, periodic (parents with children)
  {
    channel: 'PUSH',
    type: 'PERIODIC',
    status: 'ACTIVE',
    day: 300,
    by: omar,
    executions: { first: 308, every: 7, count: 3 },
    components: {
      basic_details: pushBasic('Weekly picks for you', mobile, 'Personalisation', ['weekly', 'recommendations']),
      campaign_content: pushContent(mobile, 'Your weekly picks', 'Five products we think you will like.', 'shopco://picks'),
      segmentation_details: audience([buyers]),
      scheduling_details: periodic('2026-04-06T18:30:00', 'Europe/London', {
        sending_frequency: 'WEEKLY',
        repeat_frequency: 1,
        no_of_occurences: 52,
        repeat_on_days_of_week: ['MONDAY'],
      }),
      delivery_controls: pushControls({ queuing_enabled: true, queue_duration: 12 }),
      advanced: ADVANCED,
      campaign_audience_limit: { is_campaign_audience_limit_enabled: true, metric: 'SENT', frequency: 'INSTANCE', limit: 20000 },
    },
  },
  {
    channel: 'PUSH',
    type: 'PERIODIC',
    status: 'PAUSED',
    pausedFrom: 'ACTIVE',
    day: 350,
    by: lena,
    executions: { first: 364, every: 1, count: 2 },
    components: {
      basic_details: pushBasic('Daily streak reminder', ['ANDROID'], 'Engagement', ['streak']),
      campaign_content: pushContent(['ANDROID'], 'Keep your streak going', 'Open Shopco today to keep your streak.', 'shopco://streak'),
      segmentation_details: audience([action('App Opened', 3)]),
      scheduling_details: periodic(
        '2026-06-01T08:00:00',
        'Asia/Kolkata',
        { sending_frequency: 'DAILY', repeat_frequency: 1, no_of_occurences: 30 },
        '2026-07-01T08:00:00',
      ),
      delivery_controls: pushControls(),
    },
  },
  {
    channel: 'PUSH',
    type: 'PERIODIC',
    status: 'SENT',
    day: 20,
    by: raj,
    executions: { first: 29, every: 30, count: 4 },
    components: {
      basic_details: pushBasic('Monthly member perks', mobile, 'Loyalty', ['loyalty']),
      campaign_content: pushContent(mobile, 'Your member perks are here', 'This month: free shipping on everything.', 'shopco://perks'),
      segmentation_details: audience([vip]),
      scheduling_details: periodic('2025-07-01T12:00:00', 'America/Chicago', {
        sending_frequency: 'MONTHLY',
        repeat_frequency: 1,
        no_of_occurences: 4,
        repeat_on_date_of_month: [1],
      }),
      delivery_controls: pushControls(),
      advanced: ADVANCED,
    },
  },
  {
    channel: 'PUSH',
    type: 'PERIODIC',
    status: 'DRAFT',
    day: 537,
    by: maya,
    components: {
      basic_details: pushBasic('First-Saturday restock alert', mobile, 'Merchandising', ['restock']),
      scheduling_details: periodic('2027-01-02T10:00:00', 'Europe/Madrid', {
        sending_frequency: 'MONTHLY',
        repeat_frequency: 1,
        no_of_occurences: 6,
        repeat_on_days_of_week_for_month: [{ week_granularity: 'FIRST', repeat_on_days_of_week: ['SATURDAY'] }],
      }),
    },
  },

  // Push, event-triggered (one with two versions)
  {
    channel: 'PUSH',
    type: 'EVENT_TRIGGERED',
    status: 'ACTIVE',
    day: 100,
    by: omar,
    key: 'cart',
    current: false,
    updatedDay: 101,
    components: {
      basic_details: pushBasic('Abandoned cart nudge', mobile, 'Lifecycle', ['cart'], { send_to_triggered_platform_only: true }),
      campaign_content: pushContent(mobile, 'You left something behind', 'Your cart is waiting for you.', 'shopco://cart'),
      trigger_condition: delayTrigger([action('Added To Cart')], 1, 'HOURS'),
      segmentation_details: ALL_USERS,
      scheduling_details: asap('2027-12-31T23:59:00Z'),
      delivery_controls: eventPushControls(),
      advanced: ADVANCED,
    },
  },
  {
    channel: 'PUSH',
    type: 'EVENT_TRIGGERED',
    status: 'ACTIVE',
    day: 240,
    by: omar,
    revises: 'cart',
    version: 2,
    updatedBy: maya,
    components: {
      basic_details: pushBasic('Abandoned cart nudge', mobile, 'Lifecycle', ['cart'], { send_to_triggered_platform_only: true }),
      campaign_content: pushContent(mobile, 'Still thinking it over?', 'Your cart is saved, and shipping is on us today.', 'shopco://cart'),
      trigger_condition: delayTrigger(
        [
          {
            ...action('Added To Cart'),
            attributes: { filter_operator: 'and', filters: [userAttr(shopco, 'cart_value', 'double', 'greaterThan', 25)] },
          },
        ],
        45,
        'MINUTES',
      ),
      segmentation_details: ALL_USERS,
      scheduling_details: asap('2027-12-31T23:59:00Z'),
      delivery_controls: eventPushControls({ queuing_enabled: true, queue_duration: 12 }),
      advanced: ADVANCED,
      conversion_goal_details: GOALS,
    },
  },
  {
    channel: 'PUSH',
    type: 'EVENT_TRIGGERED',
    status: 'PAUSED',
    pausedFrom: 'ACTIVE',
    day: 150,
    by: lena,
    components: {
      basic_details: pushBasic('Price drop on wishlist', mobile, 'Lifecycle', ['wishlist']),
      campaign_content: pushContent(mobile, 'Price drop!', 'An item on your wishlist just got cheaper.', 'shopco://wishlist'),
      trigger_condition: {
        included_filters: { filter_operator: 'and', filters: [action('Wishlist Price Dropped')] },
        trigger_delay_type: 'INTELLIGENT_DELAY',
        intelligent_delay_optimization: {
          min_delay_value: 30,
          min_delay_granularity: 'MINUTES',
          max_delay_value: 1,
          max_delay_granularity: 'DAYS',
        },
      },
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
      delivery_controls: eventPushControls(),
    },
  },
  {
    channel: 'PUSH',
    type: 'EVENT_TRIGGERED',
    status: 'SCHEDULED',
    day: 525,
    by: raj,
    components: {
      basic_details: pushBasic('Order delivered: rate us', mobile, 'Support', ['feedback']),
      campaign_content: pushContent(mobile, 'How did we do?', 'Rate your delivery in one tap.', 'shopco://orders/latest/rate'),
      trigger_condition: asapTrigger([action('Order Delivered')]),
      segmentation_details: audience([inUs]),
      scheduling_details: fixed('2027-01-15T00:00:00', 'America/Los_Angeles', '2027-12-31T00:00:00'),
      delivery_controls: eventPushControls(),
      advanced: ADVANCED,
    },
  },
  {
    channel: 'PUSH',
    type: 'EVENT_TRIGGERED',
    status: 'STOPPED',
    day: 70,
    by: maya,
    components: {
      basic_details: pushBasic('Subscription renewal reminder', mobile, 'Lifecycle', ['subscription']),
      campaign_content: pushContent(
        mobile,
        'Your plan renews tomorrow',
        'Review your Shopco Plus plan before it renews.',
        'shopco://account/plan',
      ),
      trigger_condition: {
        included_filters: { filter_operator: 'and', filters: [action('Subscription Started')] },
        trigger_delay_type: 'DELAY',
        trigger_delay_value: 1,
        trigger_delay_granularity: 'DAYS',
        trigger_relation: 'BEFORE',
        trigger_attr: { name: 'subscription_renewal_date' },
      },
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
      delivery_controls: eventPushControls(),
    },
  },

  // Push, business-event
  {
    channel: 'PUSH',
    type: 'BUSINESS_EVENT_TRIGGERED',
    status: 'ACTIVE',
    day: 200,
    by: omar,
    executions: { first: 215, every: 12, count: 2 },
    components: {
      basic_details: pushBasic('Back in stock', mobile, 'Merchandising', ['restock'], { business_event: 'product_restocked' }),
      campaign_content: pushContent(mobile, 'Back in stock', 'The item you wanted is back. Grab it before it goes.', 'shopco://restock'),
      segmentation_details: audience([action('Product Viewed', 2)]),
      scheduling_details: asap(),
      delivery_controls: businessEventControls(),
      advanced: ADVANCED,
    },
  },
  {
    channel: 'PUSH',
    type: 'BUSINESS_EVENT_TRIGGERED',
    status: 'DRAFT',
    day: 534,
    by: lena,
    components: {
      basic_details: pushBasic('Flash sale announcement', mobile, 'Growth', ['sale'], { business_event: 'flash_sale_started' }),
    },
  },

  // Push, device- and location-triggered, live activity
  {
    channel: 'PUSH',
    type: 'DEVICE_TRIGGERED',
    status: 'ACTIVE',
    day: 180,
    by: raj,
    components: {
      basic_details: pushBasic('Offline browsing tip', ['ANDROID'], 'Product', ['device']),
      campaign_content: pushContent(['ANDROID'], 'Browse offline', 'Saved items are available without a connection.', 'shopco://saved'),
      trigger_condition: asapTrigger([action('App Backgrounded')]),
      segmentation_details: ALL_USERS,
      scheduling_details: asap('2027-06-30T00:00:00Z'),
      delivery_controls: {
        bypass_dnd: false,
        count_for_frequency_capping: false,
        ignore_frequency_capping: false,
        minimum_delay_between_two_notification_in_hour: 24,
        max_time_to_show_message_of_same_camapign: '72',
        expiry_time_of_sync_data_in_hour: '48',
        send_message_in_offline_mode: true,
      },
    },
  },
  {
    channel: 'PUSH',
    type: 'DEVICE_TRIGGERED',
    status: 'PAUSED',
    pausedFrom: 'ACTIVE',
    day: 190,
    by: maya,
    components: {
      basic_details: pushBasic('Low battery saver mode', mobile, 'Product', ['device']),
      campaign_content: pushContent(mobile, 'Save battery while you shop', 'Turn on lite mode from settings.', 'shopco://settings/lite'),
      trigger_condition: asapTrigger([action('Battery Low')]),
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
      delivery_controls: {
        bypass_dnd: false,
        count_for_frequency_capping: false,
        ignore_frequency_capping: false,
        minimum_delay_between_two_notification_in_hour: 48,
        send_message_in_offline_mode: false,
      },
    },
  },
  {
    channel: 'PUSH',
    type: 'LOCATION_TRIGGERED',
    status: 'ACTIVE',
    day: 260,
    by: omar,
    components: {
      basic_details: pushBasic('Near the flagship store', mobile, 'Retail', ['store', 'geo'], {
        geofences: [
          {
            name: 'Flagship store NYC',
            latitude: '40.7580',
            longitude: '-73.9855',
            radius: '200',
            response_time_value: '5',
            response_time_granularity: 'MINUTES',
            triggered_at: 'ENTRY',
          },
        ],
      }),
      campaign_content: pushContent(
        mobile,
        'You are close to our flagship',
        'Show this notification for a free coffee.',
        'shopco://stores/nyc',
      ),
      trigger_condition: asapTrigger([action('Geofence Entered')]),
      segmentation_details: ALL_USERS,
      scheduling_details: { ...asap('2027-03-31T00:00:00Z'), geo_fence_timelimit: { notification_schedule: 'ALWAYS' } },
      delivery_controls: {
        bypass_dnd: false,
        count_for_frequency_capping: true,
        ignore_frequency_capping: false,
        send_limit_value: '2',
        send_limit_granularity_in_hours: '24',
      },
      advanced: ADVANCED,
    },
  },
  {
    channel: 'PUSH',
    type: 'LOCATION_TRIGGERED',
    status: 'SCHEDULED',
    day: 528,
    by: lena,
    components: {
      basic_details: pushBasic('Stadium game day offers', mobile, 'Retail', ['geo', 'sports'], {
        geofences: [
          {
            name: 'Stadium north gate',
            latitude: '51.5560',
            longitude: '-0.2796',
            radius: '350',
            dwell_time_value: '10',
            dwell_time_granularity: 'MINUTES',
            response_time_value: '2',
            response_time_granularity: 'MINUTES',
            triggered_at: 'dwell',
          },
          {
            name: 'Stadium south gate',
            latitude: '51.5541',
            longitude: '-0.2790',
            radius: '300',
            response_time_value: '0',
            response_time_granularity: 'MINUTES',
            triggered_at: 'EXIT',
          },
        ],
      }),
      campaign_content: pushContent(
        mobile,
        'Game day deals',
        'Show this at the store by the stadium for 15% off.',
        'shopco://offers/gameday',
      ),
      trigger_condition: asapTrigger([action('Geofence Dwelled')]),
      segmentation_details: audience([userAttr(shopco, 'Favourite Sport', 'string', 'is', 'football')]),
      scheduling_details: {
        ...fixed('2027-01-10T08:00:00', 'Europe/London', '2027-01-11T00:00:00'),
        geo_fence_timelimit: {
          notification_schedule: 'LIMITED_TIME',
          timebounds: [{ start_time: '2027-01-10T12:00:00', end_time: '2027-01-10T20:00:00' }],
        },
      },
      delivery_controls: {
        bypass_dnd: false,
        count_for_frequency_capping: true,
        ignore_frequency_capping: false,
        send_limit_value: '1',
        send_limit_granularity_in_hours: '12',
      },
    },
  },
  {
    channel: 'PUSH',
    type: 'BROADCAST_LIVE_ACTIVITY',
    status: 'ACTIVE',
    day: 520,
    by: raj,
    components: {
      basic_details: pushBasic('Live: order tracking', ['IOS'], 'Product', ['live-activity'], {
        broadcast_live_activity_id: 'order-tracking-v2',
      }),
      campaign_content: pushContent(['IOS'], 'Your order is on its way', 'Follow your delivery live.', 'shopco://orders/latest'),
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
      delivery_controls: { bypass_dnd: true, count_for_frequency_capping: false, ignore_frequency_capping: true },
    },
  },
  {
    channel: 'PUSH',
    type: 'BROADCAST_LIVE_ACTIVITY',
    status: 'SENT',
    day: 400,
    sentDay: 401,
    by: maya,
    components: {
      basic_details: pushBasic('Live: cup final score', ['IOS'], 'Partnerships', ['live-activity', 'sports'], {
        broadcast_live_activity_id: 'cup-final-2026',
      }),
      campaign_content: pushContent(['IOS'], 'Cup final is live', 'Follow the score on your lock screen.', 'shopco://live/cup-final'),
      segmentation_details: audience([userAttr(shopco, 'Favourite Sport', 'string', 'is', 'football')]),
      scheduling_details: fixed('2026-07-08T19:00:00', 'Europe/London'),
      delivery_controls: { bypass_dnd: true, count_for_frequency_capping: false, ignore_frequency_capping: true },
    },
  },

  // Email
  {
    channel: 'EMAIL',
    type: 'ONE_TIME',
    status: 'SENT',
    day: 10,
    sentDay: 12,
    by: lena,
    components: {
      basic_details: emailBasic('June newsletter', 'PROMOTIONAL', 'Content', ['newsletter'], 'newsletters'),
      campaign_content: emailContent(
        'What is new in June',
        'Summer edits, staff picks and a sale.',
        'Here is what we have been working on this month.',
      ),
      segmentation_details: ALL_USERS,
      scheduling_details: fixed('2025-06-14T08:00:00', 'Europe/Berlin'),
      delivery_controls: emailControls(),
      conversion_goal_details: GOALS,
      utm_params: utm('email', 'june_newsletter'),
      connector: CONNECTOR,
    },
  },
  {
    channel: 'EMAIL',
    type: 'ONE_TIME',
    status: 'SCHEDULED',
    day: 527,
    by: omar,
    components: {
      basic_details: emailBasic('Terms of service update', 'TRANSACTIONAL', 'Legal', ['legal']),
      campaign_content: emailContent(
        'We are updating our terms',
        'What changes on 1 February 2027.',
        'Our terms change on 1 February 2027. Here is a summary.',
        'legal@shopco.example',
      ),
      segmentation_details: ALL_USERS,
      scheduling_details: fixed('2027-01-05T07:00:00', 'UTC'),
      delivery_controls: emailControls({ bypass_dnd: true }),
      connector: CONNECTOR,
    },
  },
  {
    channel: 'EMAIL',
    type: 'ONE_TIME',
    status: 'DRAFT',
    day: 537,
    by: raj,
    components: {
      basic_details: emailBasic('Winter clearance', 'PROMOTIONAL', 'Growth', ['clearance', 'winter'], 'offers'),
      campaign_content: emailContent('Winter clearance: up to 60% off', 'Last chance for winter styles.', 'Everything winter must go.'),
      segmentation_details: audience([buyers]),
    },
  },
  {
    channel: 'EMAIL',
    type: 'ONE_TIME',
    status: 'ARCHIVED',
    day: 2,
    sentDay: 4,
    by: maya,
    components: {
      basic_details: emailBasic('Welcome to the new Shopco', 'PROMOTIONAL', 'Brand', ['rebrand'], 'product_updates'),
      campaign_content: emailContent('Meet the new Shopco', 'A fresh look, the same great prices.', 'We have a new look. Take a tour.'),
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
      delivery_controls: emailControls(),
      connector: CONNECTOR,
    },
  },
  {
    channel: 'EMAIL',
    type: 'ONE_TIME',
    status: 'SENDING',
    day: 536,
    sentDay: 538,
    by: lena,
    components: {
      basic_details: emailBasic('Cyber Monday preview', 'PROMOTIONAL', 'Growth', ['cyber-monday'], 'offers'),
      campaign_content: emailContent('Cyber Monday starts early', 'Your preview of the biggest deals.', 'Deals go live for members first.'),
      segmentation_details: audience([vip, buyers], 'or'),
      scheduling_details: inUserTz('2026-10-20T09:00:00'),
      delivery_controls: emailControls(),
      control_group_details: CONTROL_GROUP,
      connector: CONNECTOR,
    },
  },
  {
    channel: 'EMAIL',
    type: 'ONE_TIME',
    status: 'STOPPED',
    day: 90,
    by: omar,
    components: {
      basic_details: emailBasic('Survey: shopping habits', 'PROMOTIONAL', 'Research', ['survey'], 'product_updates'),
      campaign_content: emailContent('Two minutes to help us?', 'Tell us how you shop.', 'Answer five questions and get 10% off.'),
      segmentation_details: audience([inUs], 'and', [segment('Recent survey takers', 'seg_surveyed')]),
      scheduling_details: bts('2025-09-10T10:00:00', 'America/New_York'),
      delivery_controls: emailControls(),
      connector: CONNECTOR,
    },
  },
  {
    channel: 'EMAIL',
    type: 'PERIODIC',
    status: 'ACTIVE',
    day: 280,
    by: raj,
    executions: { first: 303, every: 30, count: 3 },
    components: {
      basic_details: emailBasic('Monthly style digest', 'PROMOTIONAL', 'Content', ['digest'], 'newsletters'),
      campaign_content: emailContent('Your monthly style digest', 'Trends, picks and stories.', 'The month in style, picked for you.'),
      segmentation_details: ALL_USERS,
      scheduling_details: periodic('2026-04-01T07:30:00', 'Europe/Paris', {
        sending_frequency: 'MONTHLY',
        repeat_frequency: 1,
        no_of_occurences: 12,
        repeat_on_date_of_month: [1],
      }),
      delivery_controls: emailControls(),
      utm_params: utm('email', 'style_digest', { utm_term: 'monthly', utm_region: 'eu' }),
      connector: CONNECTOR,
      campaign_audience_limit: { is_campaign_audience_limit_enabled: true, metric: 'SENT', frequency: 'TOTAL', limit: 250000 },
    },
  },
  {
    channel: 'EMAIL',
    type: 'PERIODIC',
    status: 'SCHEDULED',
    day: 529,
    by: maya,
    components: {
      basic_details: emailBasic('Weekly deals roundup', 'PROMOTIONAL', 'Growth', ['weekly', 'deals'], 'offers'),
      campaign_content: emailContent("This week's best deals", 'Handpicked deals for the week.', 'Seven days, seven deals.'),
      segmentation_details: audience([buyers]),
      scheduling_details: periodic('2027-01-04T06:00:00', 'America/New_York', {
        sending_frequency: 'WEEKLY',
        repeat_frequency: 2,
        no_of_occurences: 26,
        repeat_on_days_of_week: ['MONDAY', 'THURSDAY'],
      }),
      delivery_controls: emailControls(),
      connector: CONNECTOR,
    },
  },
  {
    channel: 'EMAIL',
    type: 'EVENT_TRIGGERED',
    status: 'ACTIVE',
    day: 120,
    by: lena,
    components: {
      basic_details: emailBasic('Abandoned cart email', 'PROMOTIONAL', 'Lifecycle', ['cart'], 'offers'),
      campaign_content: emailContent(
        'Your cart misses you',
        'Complete your order in one click.',
        'The items in your cart are still available.',
      ),
      trigger_condition: delayTrigger([action('Added To Cart')], 4, 'HOURS'),
      segmentation_details: ALL_USERS,
      scheduling_details: asap('2027-12-31T23:59:00Z'),
      delivery_controls: eventEmailControls(),
      conversion_goal_details: GOALS,
      connector: CONNECTOR,
      campaign_audience_limit: { is_campaign_audience_limit_enabled: true, metric: 'SENT', frequency: 'TOTAL', limit: 100000 },
    },
  },
  {
    channel: 'EMAIL',
    type: 'EVENT_TRIGGERED',
    status: 'DRAFT',
    day: 535,
    by: omar,
    components: {
      basic_details: emailBasic('Password changed notice', 'TRANSACTIONAL', 'Security', ['security']),
      trigger_condition: asapTrigger([action('Password Changed')]),
    },
  },
  {
    channel: 'EMAIL',
    type: 'EVENT_TRIGGERED',
    status: 'PAUSED',
    pausedFrom: 'ACTIVE',
    day: 160,
    by: raj,
    components: {
      basic_details: emailBasic('Review request', 'PROMOTIONAL', 'Support', ['feedback'], 'product_updates'),
      campaign_content: emailContent(
        'How is your new purchase?',
        'Leave a review and help others.',
        'Tell us what you think of your order.',
      ),
      trigger_condition: delayTrigger([action('Order Delivered')], 7, 'DAYS'),
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
      delivery_controls: eventEmailControls(),
      connector: CONNECTOR,
    },
  },
  {
    channel: 'EMAIL',
    type: 'BUSINESS_EVENT_TRIGGERED',
    status: 'ACTIVE',
    day: 140,
    by: maya,
    executions: { first: 160, every: 20, count: 2 },
    components: {
      basic_details: emailBasic('Price alert digest', 'PROMOTIONAL', 'Merchandising', ['price-alert'], 'offers', {
        business_event: 'price_drop_batch',
      }),
      campaign_content: emailContent('Prices dropped on items you follow', 'See what got cheaper.', 'These items now cost less.'),
      segmentation_details: audience([action('Product Followed')]),
      scheduling_details: asap(),
      delivery_controls: businessEventControls(),
      connector: CONNECTOR,
    },
  },
  {
    channel: 'EMAIL',
    type: 'BUSINESS_EVENT_TRIGGERED',
    status: 'SCHEDULED',
    day: 526,
    by: lena,
    components: {
      basic_details: emailBasic('Warehouse sale invite', 'PROMOTIONAL', 'Retail', ['event'], 'offers', {
        business_event: 'warehouse_sale_opened',
      }),
      campaign_content: emailContent('You are invited: warehouse sale', 'Members-only prices for one weekend.', 'Doors open at 9.'),
      segmentation_details: audience([vip]),
      scheduling_details: fixed('2027-03-01T00:00:00', 'Europe/Berlin', '2027-03-31T00:00:00'),
      delivery_controls: businessEventControls(),
      connector: CONNECTOR,
    },
  },
  {
    channel: 'EMAIL',
    type: 'BUSINESS_EVENT_TRIGGERED',
    status: 'STOPPED',
    day: 45,
    by: omar,
    components: {
      basic_details: emailBasic('Weather-based picks', 'PROMOTIONAL', 'Personalisation', ['weather'], 'newsletters', {
        business_event: 'weather_changed',
      }),
      campaign_content: emailContent('Rain is coming: we have you covered', 'Rain gear picks.', 'Stay dry in style.'),
      segmentation_details: audience([userAttr(shopco, 'City', 'string', 'in', ['London', 'Dublin'])]),
      scheduling_details: asap(),
      delivery_controls: businessEventControls(),
      connector: CONNECTOR,
    },
  },

  // SMS (retrieval only in V5)
  {
    channel: 'SMS',
    type: 'ONE_TIME',
    status: 'SENT',
    day: 40,
    sentDay: 41,
    by: maya,
    components: sms('SMS: summer sale', 'Shopco: summer sale ends tonight. Reply STOP to opt out.'),
  },
  {
    channel: 'SMS',
    type: 'PERIODIC',
    status: 'ACTIVE',
    day: 310,
    by: raj,
    components: {
      ...sms('SMS: weekly code', "Shopco: this week's code is {{code}}."),
      scheduling_details: periodic('2026-04-13T12:00:00', 'UTC', {
        sending_frequency: 'WEEKLY',
        repeat_frequency: 1,
        no_of_occurences: 20,
        repeat_on_days_of_week: ['MONDAY'],
      }),
    },
  },
  {
    channel: 'SMS',
    type: 'ONE_TIME',
    status: 'DRAFT',
    day: 536,
    by: lena,
    components: { basic_details: { name: 'SMS: store closure notice', team: 'Retail', tags: ['sms'] } },
  },
  {
    channel: 'SMS',
    type: 'EVENT_TRIGGERED',
    status: 'PAUSED',
    pausedFrom: 'ACTIVE',
    day: 210,
    by: omar,
    components: {
      ...sms('SMS: delivery today', 'Shopco: your order arrives today.'),
      trigger_condition: asapTrigger([action('Out For Delivery')]),
    },
  },

  // A flow: its nodes are child campaigns, listed only with the child-inclusion flag.
  {
    channel: 'PUSH',
    type: 'EVENT_TRIGGERED',
    status: 'ACTIVE',
    day: 380,
    by: maya,
    flow: 'Onboarding journey',
    components: {
      basic_details: pushBasic('Onboarding 1: welcome', mobile, 'Lifecycle', ['onboarding']),
      campaign_content: pushContent(mobile, 'Welcome to Shopco', 'Here is 10% off your first order.', 'shopco://welcome'),
      trigger_condition: asapTrigger([action('Signed Up')]),
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
      delivery_controls: eventPushControls(),
    },
  },
  {
    channel: 'EMAIL',
    type: 'EVENT_TRIGGERED',
    status: 'ACTIVE',
    day: 380,
    by: maya,
    flow: 'Onboarding journey',
    components: {
      basic_details: emailBasic('Onboarding 2: getting started', 'TRANSACTIONAL', 'Lifecycle', ['onboarding']),
      campaign_content: emailContent(
        'Getting started with Shopco',
        'Three tips for your first week.',
        'Save items, follow prices, and check out in one tap.',
      ),
      trigger_condition: delayTrigger([action('Signed Up')], 1, 'DAYS'),
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
      delivery_controls: eventEmailControls(),
      connector: CONNECTOR,
    },
  },
  {
    channel: 'PUSH',
    type: 'EVENT_TRIGGERED',
    status: 'ACTIVE',
    day: 380,
    by: maya,
    flow: 'Onboarding journey',
    components: {
      basic_details: pushBasic('Onboarding 3: first purchase nudge', mobile, 'Lifecycle', ['onboarding']),
      campaign_content: pushContent(mobile, 'Your welcome offer ends soon', 'Use your 10% before Sunday.', 'shopco://welcome'),
      trigger_condition: delayTrigger([action('Signed Up')], 3, 'DAYS'),
      segmentation_details: audience([action('Purchase Completed', 0, 'exactly')]),
      scheduling_details: asap(),
      delivery_controls: eventPushControls(),
    },
  },
];

// ---- workspace 2: no optional features ----------------------------------------------------------

const ana = 'ana.souza@bookbarn.example';
const tom = 'tom.baker@bookbarn.example';
const readers = userAttr(bookbarn, 'Books Bought', 'double', 'greaterThan', 2);

export const BOOKBARN_CAMPAIGNS: readonly CampaignSeed[] = [
  {
    channel: 'PUSH',
    type: 'ONE_TIME',
    status: 'SENT',
    day: 30,
    sentDay: 31,
    by: ana,
    components: {
      basic_details: pushBasic('Author signing this Saturday', mobile, 'Events', ['event']),
      campaign_content: pushContent(mobile, 'Meet the author', 'Signing at our Main Street store, Saturday 2pm.', 'bookbarn://events'),
      segmentation_details: audience([readers]),
      scheduling_details: fixed('2025-07-05T09:00:00', 'America/Denver'),
      delivery_controls: pushControls(),
      advanced: ADVANCED,
    },
  },
  {
    channel: 'PUSH',
    type: 'ONE_TIME',
    status: 'SCHEDULED',
    day: 530,
    by: tom,
    components: {
      basic_details: pushBasic('Holiday opening hours', mobile, 'Retail', ['holiday']),
      campaign_content: pushContent(mobile, 'Holiday hours', 'We are open 9 to 9 until 24 December.', 'bookbarn://stores'),
      segmentation_details: ALL_USERS,
      scheduling_details: fixed('2027-12-15T09:00:00', 'America/Denver'),
      delivery_controls: pushControls(),
    },
  },
  {
    channel: 'PUSH',
    type: 'ONE_TIME',
    status: 'DRAFT',
    day: 537,
    by: ana,
    components: {
      basic_details: pushBasic('Reading challenge', mobile, 'Community', ['challenge']),
    },
  },
  {
    channel: 'PUSH',
    type: 'PERIODIC',
    status: 'ACTIVE',
    day: 200,
    by: tom,
    executions: { first: 220, every: 7, count: 2 },
    components: {
      basic_details: pushBasic('Book club pick of the week', mobile, 'Community', ['book-club']),
      campaign_content: pushContent(mobile, "This week's book club pick", 'Join the discussion on Thursday.', 'bookbarn://club'),
      segmentation_details: audience([readers]),
      scheduling_details: periodic('2026-01-05T17:00:00', 'America/Denver', {
        sending_frequency: 'WEEKLY',
        repeat_frequency: 1,
        no_of_occurences: 40,
        repeat_on_days_of_week: ['MONDAY'],
      }),
      delivery_controls: pushControls(),
    },
  },
  {
    channel: 'PUSH',
    type: 'EVENT_TRIGGERED',
    status: 'PAUSED',
    pausedFrom: 'ACTIVE',
    day: 150,
    by: ana,
    components: {
      basic_details: pushBasic('Preorder available', mobile, 'Merchandising', ['preorder']),
      campaign_content: pushContent(mobile, 'Preorder now', 'The sequel you wanted is up for preorder.', 'bookbarn://preorders'),
      trigger_condition: delayTrigger([action('Series Finished')], 2, 'HOURS'),
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
      delivery_controls: eventPushControls(),
    },
  },
  {
    channel: 'EMAIL',
    type: 'ONE_TIME',
    status: 'SCHEDULED',
    day: 531,
    by: tom,
    components: {
      basic_details: emailBasic('Winter reading list', 'PROMOTIONAL', 'Content', ['newsletter'], 'newsletters'),
      campaign_content: emailContent(
        'Twelve books for winter',
        'Our staff picks for long nights.',
        'Twelve books our staff could not put down.',
        'hello@bookbarn.example',
      ),
      segmentation_details: ALL_USERS,
      scheduling_details: fixed('2027-12-01T08:00:00', 'America/Denver'),
      delivery_controls: emailControls(),
      connector: CONNECTOR,
    },
  },
  {
    channel: 'EMAIL',
    type: 'EVENT_TRIGGERED',
    status: 'ACTIVE',
    day: 100,
    by: ana,
    components: {
      basic_details: emailBasic('Order receipt', 'TRANSACTIONAL', 'Operations', ['receipt']),
      campaign_content: emailContent('Your Bookbarn receipt', 'Thanks for your order.', 'Here is your receipt.', 'orders@bookbarn.example'),
      trigger_condition: asapTrigger([action('Order Placed')]),
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
      delivery_controls: eventEmailControls({ bypass_dnd: true }),
      connector: CONNECTOR,
    },
  },
  { channel: 'EMAIL', type: 'ONE_TIME', status: 'DRAFT', day: 536, by: tom, components: {} },
  {
    channel: 'EMAIL',
    type: 'BUSINESS_EVENT_TRIGGERED',
    status: 'ACTIVE',
    day: 160,
    by: tom,
    components: {
      basic_details: emailBasic('New release alert', 'PROMOTIONAL', 'Merchandising', ['releases'], 'offers', {
        business_event: 'new_release',
      }),
      campaign_content: emailContent(
        'New from an author you follow',
        'Out today.',
        'A new book from an author you follow is out.',
        'hello@bookbarn.example',
      ),
      segmentation_details: audience([action('Author Followed')]),
      scheduling_details: asap(),
      delivery_controls: businessEventControls(),
      connector: CONNECTOR,
    },
  },
  {
    channel: 'SMS',
    type: 'ONE_TIME',
    status: 'SENT',
    day: 80,
    sentDay: 81,
    by: ana,
    components: {
      basic_details: {
        name: 'SMS: order ready for pickup',
        team: 'Operations',
        tags: ['sms'],
        user_attribute_identifier: 'Mobile Number (Standard)',
      },
      campaign_content: { content: { sms: { message: 'Bookbarn: your order is ready for pickup.' } } },
      connector: { connector_type: 'TWILIO', connector_name: 'Twilio' },
      sender_name: 'BOOKBARN',
      segmentation_details: ALL_USERS,
      scheduling_details: asap(),
    },
  },
];
