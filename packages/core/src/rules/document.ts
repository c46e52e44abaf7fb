import * as l10n from '@vscode/l10n';
import { dequal } from 'dequal';
import { Finding, RemoteState, RuleCheck } from '../model/types';
import { COMPONENTS, isChannel, isReadOnlyField, READ_ONLY_FIELDS } from '../model/vocabulary';
import { campaignKind, finding, isObj, Obj } from './util';
import { RuleGroup } from './define';
import { push, email } from './examples';

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
  if (!channel || !type || !isChannel(channel)) return [];
  const out: Finding[] = [];
  if (PUSH_ONLY_TYPES.includes(type) && channel !== 'PUSH') {
    out.push(
      finding(
        'D4',
        'error',
        '/campaign_delivery_type',
        l10n.t(
          '`{0}` campaigns are Push only, and this is an `{1}` campaign: set `channel` to `PUSH`, or choose another delivery type.',
          type,
          channel,
        ),
      ),
    );
  }
  if (type === 'BROADCAST_LIVE_ACTIVITY') {
    if (channel !== 'PUSH') {
      out.push(
        finding(
          'D4',
          'error',
          '/campaign_delivery_type',
          l10n.t`\`BROADCAST_LIVE_ACTIVITY\` is for iOS Push campaigns only, and this is an \`${channel}\` campaign: set \`channel\` to \`PUSH\`, or choose another delivery type.`,
        ),
      );
    } else if (isObj(doc.basic_details)) {
      const platforms = doc.basic_details.platforms;
      if (Array.isArray(platforms) && !platforms.includes('IOS')) {
        out.push(
          finding(
            'D4',
            'error',
            '/basic_details/platforms',
            l10n.t('`BROADCAST_LIVE_ACTIVITY` is iOS only: `platforms` must contain `IOS`.'),
            {
              fixes: [
                {
                  title: l10n.t('Add `IOS` to `platforms`'),
                  edits: [{ kind: 'insert', path: '/basic_details/platforms/-', value: 'IOS' }],
                  isPreferred: true,
                },
              ],
            },
          ),
        );
      } else if (platforms === undefined) {
        out.push(
          finding(
            'D4',
            'error',
            '/basic_details/platforms',
            l10n.t('`BROADCAST_LIVE_ACTIVITY` is iOS only: add `"platforms": ["IOS"]` to `basic_details`.'),
            {
              fixes: [
                {
                  title: l10n.t('Add `"platforms": ["IOS"]`'),
                  edits: [{ kind: 'insert', path: '/basic_details/platforms', value: ['IOS'] }],
                  isPreferred: true,
                },
              ],
            },
          ),
        );
      }
    }
  }
  return out;
}

/** D5: what V5 cannot create or update. */
/**
 * D5. A fetched campaign (one with a base) already exists, so "cannot be created" does not apply
 * to it, and an SMS campaign fetched as it is holds nothing that push would have to refuse: the
 * warning waits for an edit.
 */
function notThroughV5(doc: Obj, remote: RemoteState | undefined): Finding[] {
  const { channel, type } = campaignKind(doc);
  const base = remote?.base;
  const out: Finding[] = [];
  if (channel === 'SMS' && !(base && sameContent(doc, base))) {
    out.push(
      finding(
        'D5',
        'warning',
        '/channel',
        l10n.t(
          '`SMS` campaigns can be retrieved through V5 but not created or updated: manage them in the dashboard or through V1. Campaign Studio will not push this file.',
        ),
      ),
    );
  }
  if (type === 'BROADCAST_LIVE_ACTIVITY' && !base) {
    out.push(
      finding(
        'D5',
        'warning',
        '/campaign_delivery_type',
        l10n.t(
          '`BROADCAST_LIVE_ACTIVITY` campaigns cannot be created through `POST /v5/campaigns`: create the campaign in the dashboard. Campaign Studio will not create it from this file.',
        ),
      ),
    );
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
  if (!channel || !isChannel(channel)) return [];
  return CHANNEL_COMPONENTS.filter(c => c.key in doc && !c.channels.includes(channel)).map(c =>
    finding('D9', 'error', `/${c.key}`, l10n.t('`{0}` is {1}, and this is a `{2}` campaign: remove it.', c.key, c.says, channel), {
      target: 'key',
      fixes: [{ title: l10n.t`Remove \`${c.key}\``, edits: [{ kind: 'remove', path: `/${c.key}` }], isPreferred: true }],
    }),
  );
}

/**
 * D8 speaks only where editing a read-only field would be lost: a value that differs from the
 * base the file was fetched as (push and pull keep the file's metadata in step with the base), or
 * any read-only field of a file with no base.
 */
function asFetched(doc: Obj, key: string, remote: RemoteState | undefined): boolean {
  return remote?.base !== undefined && dequal(doc[key], remote.base[key]);
}

/** The same campaign content, read-only metadata aside. */
function sameContent(a: Obj, b: Obj): boolean {
  const content = (o: Obj) => Object.fromEntries(Object.entries(o).filter(([k]) => !isReadOnlyField(k)));
  return dequal(content(a), content(b));
}

const checks: RuleCheck[] = [
  {
    ids: ['D8'],
    kinds: ['campaign'],
    check({ doc, remote }) {
      if (!isObj(doc)) return [];
      return READ_ONLY_FIELDS.filter(k => k in doc && !asFetched(doc, k, remote)).map(k =>
        finding(
          'D8',
          'information',
          `/${k}`,
          l10n.t`\`${k}\` is read-only metadata from the service: it is never sent on push, and editing it has no effect.`,
          { target: 'key' },
        ),
      );
    },
  },
  { ids: ['D4'], kinds: ['campaign'], check: ({ doc }) => (isObj(doc) ? channelOfType(doc) : []) },
  { ids: ['D5'], kinds: ['campaign'], check: ({ doc, remote }) => (isObj(doc) ? notThroughV5(doc, remote) : []) },
  { ids: ['D9'], kinds: ['campaign'], check: ({ doc }) => (isObj(doc) ? componentsOfChannel(doc) : []) },
];

export const documentRules: RuleGroup = {
  section: 'Document and top level',
  rules: [
    {
      id: 'D1',
      title: 'Strict JSON',
      severity: 'E',
      summary:
        'The file must parse as JSON; JSONC comments and trailing commas are reported (the service takes strict JSON) but do not stop validation. Duplicate keys are reported.',
      docs: {
        text: '{\n  "channel": "PUSH",\n  // sent every Monday\n  "campaign_delivery_type": "ONE_TIME",\n}',
        fix: 'Remove the comment and the trailing comma: the service takes strict JSON. The rest of the file is still checked while you fix it.',
      },
    },
    {
      id: 'D2',
      title: 'Channel',
      severity: 'E',
      summary: '`channel` is required and is one of `PUSH`, `EMAIL`, `SMS`.',
      messages: {
        missing: '`channel` is required: say which channel the campaign is for, `PUSH` or `EMAIL`.',
      },
      docs: {
        doc: { campaign_delivery_type: 'ONE_TIME', basic_details: { name: 'Spring sale' } },
        fix: 'Add `"channel": "PUSH"` or `"channel": "EMAIL"`. A wrong case (`"push"`) has a quick fix.',
      },
    },
    {
      id: 'D3',
      title: 'Delivery type',
      severity: 'E',
      summary: '`campaign_delivery_type` is required and is one of the seven delivery types.',
      messages: {
        missing:
          '`campaign_delivery_type` is required: say how the campaign is delivered, for example `ONE_TIME`, `PERIODIC` or `EVENT_TRIGGERED`.',
      },
      docs: {
        doc: push({ campaign_delivery_type: 'ONETIME' }),
        fix: 'Use one of the seven delivery types: `ONE_TIME`, `PERIODIC`, `EVENT_TRIGGERED`, `BUSINESS_EVENT_TRIGGERED`, `DEVICE_TRIGGERED`, `LOCATION_TRIGGERED`, `BROADCAST_LIVE_ACTIVITY`.',
      },
    },
    {
      id: 'D4',
      title: 'Delivery type fits the channel',
      severity: 'E',
      summary:
        '`DEVICE_TRIGGERED` and `LOCATION_TRIGGERED` are Push only; `BROADCAST_LIVE_ACTIVITY` is iOS Push only (`basic_details.platforms` must contain `IOS`).',
      docs: {
        doc: email({ campaign_delivery_type: 'LOCATION_TRIGGERED' }),
        fix: 'Location- and device-triggered campaigns are Push campaigns: set `channel` to `PUSH`, or choose another delivery type. A Live Activity broadcast also needs `IOS` in `basic_details.platforms` (quick fix).',
      },
    },
    {
      id: 'D5',
      title: 'Not through V5',
      severity: 'W',
      summary:
        '`BROADCAST_LIVE_ACTIVITY` cannot be created through `POST /v5/campaigns`; `SMS` campaigns cannot be created or updated through V5 (retrieval only). Reported on the file, and refused by push.',
      docs: {
        doc: { channel: 'SMS', campaign_delivery_type: 'ONE_TIME', sender_name: 'SHOP' },
        fix: 'Manage SMS campaigns (and create Live Activity broadcasts) in the dashboard or through V1. Campaign Studio can still show and check the file; it will not push it.',
      },
    },
    {
      id: 'D6',
      title: 'Author addresses',
      severity: 'E',
      summary:
        '`created_by` / `updated_by` are email addresses. A create body carries `created_by`; an update body carries `channel`, `campaign_delivery_type`, `updated_by`.',
      messages: {
        notEmail: '`{value}` is not an email address: use the address of the person making the change, such as `jane@example.com`.',
      },
      docs: {
        doc: push({ created_by: 'jane' }),
        fix: 'Use the email address of the person creating (`created_by`) or changing (`updated_by`) the campaign, such as `jane.doe@example.com`. Campaign Studio fills `updated_by` from your environment on push.',
      },
    },
    {
      id: 'D7',
      title: 'Unknown keys',
      severity: 'W',
      summary:
        'Unknown keys at any level whose fields the spec lists are reported, with a "did you mean" for near misses (edit distance ≤ 2, case-insensitive).',
      docs: {
        doc: push({ basic_details: { nmae: 'Spring sale', platforms: ['IOS'] } }),
        fix: 'Use the field the spec lists: here `name` (quick fix: rename). Keys that are not near misses can be removed (quick fix).',
      },
    },
    {
      id: 'D8',
      title: 'Read-only fields',
      severity: 'I',
      summary:
        'Response-only fields (`id`, `campaign_id`, `version_number`, `status`, `created_at`, `updated_at`, `sent_time`, `flow_id`, `flow_name`, `parent_id`) are read-only metadata: never sent on push; editing them has no effect. Reported where a value differs from the base snapshot (an edit that will have no effect), or in a file with no base.',
      docs: {
        doc: push({ id: '65f1c2a4b7e8d9f0a1b2c3d4', status: 'ACTIVE' }),
        fix: 'Put the value back as it was fetched, or remove the field: these fields come from the service, which sets them. Push and pull keep them up to date in a fetched file, where they show the state of the campaign and are never sent.',
      },
    },
    {
      id: 'D9',
      title: 'Components of the channel',
      severity: 'E',
      summary:
        'Components that do not apply to the channel: `advanced` is Push only; `connector` is Email and SMS only; `sender_name` is SMS only.',
      docs: {
        doc: email({ advanced: { expiration_settings: { expire_notification_after_value: 2, expire_notification_after_type: 'DAY' } } }),
        fix: 'Remove the component (quick fix): `advanced` is Push only, `connector` is for Email and SMS, `sender_name` is SMS only.',
      },
      removesInapplicable: true,
    },
  ],
  checks,
};
