import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleTests } from '../helpers/ruleTests';
import { lint, only } from '../helpers/lint';
import {
  Doc,
  fixProblems,
  pushEventTriggered,
  pushOneTime,
  pushPeriodic,
  rangeOf,
  valueRangeOf,
  withPatch,
} from '../helpers/ruleCampaigns';
import { RemoteState } from '../../src/model/types';

/** A fetched campaign: the file as fetched (with read-only metadata) and its base copy. */
function fetched(doc: Doc, status: string): { file: Doc; remote: RemoteState } {
  const file = { id: '6650f1c2a4b1d2e3f4a5b6c7', status, ...structuredClone(doc), updated_by: 'jane.doe@example.com' };
  return { file, remote: { status, base: structuredClone(doc) } };
}
const remote = (doc: Doc, status: string): RemoteState => fetched(doc, status).remote;
const edit = (doc: Doc, status: string, patch: Doc): Doc => withPatch(fetched(doc, status).file, patch);

const newAudience = { segmentation_details: { is_all_user_campaign: true, included_filters: undefined } };
const newContent = { campaign_content: { content: { push: { android: { basic_details: { title: 'Last day of the sale!' } } } } } };

// ---- P1
const activeAudience = edit(pushOneTime, 'ACTIVE', newAudience);
const activeStart = edit(pushOneTime, 'ACTIVE', { scheduling_details: { start_time: '2026-03-05T10:00:00' } });
ruleTests('P1', {
  breaks: [
    {
      name: 'ACTIVE: the audience changed',
      document: activeAudience,
      remote: remote(pushOneTime, 'ACTIVE'),
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details',
          range: rangeOf(activeAudience, '"segmentation_details"'),
          message: /`ACTIVE`: the service refuses changes to `segmentation_details`/,
        },
      ],
    },
    {
      name: 'ACTIVE: the start time changed',
      document: activeStart,
      remote: remote(pushOneTime, 'ACTIVE'),
      expect: [
        {
          severity: 'error',
          path: '/scheduling_details/start_time',
          range: valueRangeOf(activeStart, 'start_time'),
          message: /`2026-03-01T10:00:00` on the service/,
        },
      ],
    },
    {
      name: 'ACTIVE: the schedule type changed',
      document: edit(pushOneTime, 'ACTIVE', { scheduling_details: { delivery_type: 'ASAP', start_time: undefined, timezone: undefined } }),
      remote: remote(pushOneTime, 'ACTIVE'),
      expect: [
        { severity: 'error', path: '/scheduling_details/delivery_type' },
        { severity: 'error', path: '/scheduling_details/start_time', message: /removes `scheduling_details.start_time`/ },
      ],
    },
    {
      name: 'ACTIVE: a trigger added',
      document: edit(pushEventTriggered, 'ACTIVE', { trigger_condition: { trigger_delay_value: 4 } }),
      remote: remote(pushEventTriggered, 'ACTIVE'),
      expect: [{ severity: 'error', path: '/trigger_condition' }],
    },
    {
      name: 'ACTIVE: goals changed',
      document: edit(pushOneTime, 'ACTIVE', { conversion_goal_details: { attribution_window_in_hours: 48 } }),
      remote: remote(pushOneTime, 'ACTIVE'),
      expect: [{ severity: 'error', path: '/conversion_goal_details' }],
    },
  ],
  satisfies: [
    { name: 'ACTIVE: content changed', document: edit(pushOneTime, 'ACTIVE', newContent), remote: remote(pushOneTime, 'ACTIVE') },
    {
      name: 'ACTIVE: the expiry changed',
      document: edit(pushOneTime, 'ACTIVE', { scheduling_details: { expiry_time: '2026-03-09T10:00:00' } }),
      remote: remote(pushOneTime, 'ACTIVE'),
    },
    {
      name: 'ACTIVE: the same start time with an offset',
      document: edit(pushOneTime, 'ACTIVE', { scheduling_details: { start_time: '2026-03-01T10:00:00+01:00' } }),
      remote: remote(pushOneTime, 'ACTIVE'),
    },
    {
      name: 'ACTIVE: a component left out (not sent)',
      document: withPatch(fetched(pushOneTime, 'ACTIVE').file, { segmentation_details: undefined }),
      remote: remote(pushOneTime, 'ACTIVE'),
    },
    { name: 'DRAFT: the audience changed', document: edit(pushOneTime, 'DRAFT', newAudience), remote: remote(pushOneTime, 'DRAFT') },
    { name: 'no remote state known', document: activeAudience },
  ],
});

test('P1: the fix restores the fetched value, or removes a component the campaign does not have', () => {
  const [d] = only(lint(activeAudience, { remote: remote(pushOneTime, 'ACTIVE') }), 'P1');
  assert.deepEqual(d.fixes, [
    {
      title: 'Restore the fetched `segmentation_details`',
      edits: [{ kind: 'replaceValue', path: '/segmentation_details', value: pushOneTime.segmentation_details }],
      isPreferred: true,
    },
  ]);
  const [s] = only(lint(activeStart, { remote: remote(pushOneTime, 'ACTIVE') }), 'P1');
  assert.deepEqual(s.fixes, [
    {
      title: 'Restore the fetched `start_time`',
      edits: [{ kind: 'replaceValue', path: '/scheduling_details/start_time', value: '2026-03-01T10:00:00' }],
      isPreferred: true,
    },
  ]);
  const withoutTrigger = withPatch(pushOneTime, {});
  const [t] = only(
    lint(edit(withoutTrigger, 'ACTIVE', { trigger_condition: { trigger_delay_type: 'ASAP' } }), {
      remote: remote(withoutTrigger, 'ACTIVE'),
    }),
    'P1',
  );
  assert.deepEqual(t.fixes, [
    {
      title: 'Remove `trigger_condition` (the campaign on the service has none)',
      edits: [{ kind: 'remove', path: '/trigger_condition' }],
      isPreferred: true,
    },
  ]);
});

// ---- P2
const scheduledType = edit(pushOneTime, 'SCHEDULED', {
  scheduling_details: {
    delivery_type: 'SEND_IN_USER_TIMEZONE',
    timezone: undefined,
    user_timezone_details: { send_in_user_timezone: true },
  },
});
ruleTests('P2', {
  breaks: [
    {
      name: 'SCHEDULED: the schedule type changed',
      document: scheduledType,
      remote: remote(pushOneTime, 'SCHEDULED'),
      expect: [
        {
          severity: 'error',
          path: '/scheduling_details/delivery_type',
          range: rangeOf(scheduledType, '"SEND_IN_USER_TIMEZONE"'),
          message: /`SCHEDULED` campaign keeps its schedule type/,
        },
      ],
    },
    {
      name: 'status in capitalised form',
      document: scheduledType,
      remote: remote(pushOneTime, 'Scheduled'),
      expect: [{ severity: 'error', path: '/scheduling_details/delivery_type' }],
    },
  ],
  satisfies: [
    {
      name: 'SCHEDULED: the start time changed',
      document: edit(pushOneTime, 'SCHEDULED', { scheduling_details: { start_time: '2026-03-03T10:00:00' } }),
      remote: remote(pushOneTime, 'SCHEDULED'),
    },
    {
      name: 'SCHEDULED: the audience changed',
      document: edit(pushOneTime, 'SCHEDULED', newAudience),
      remote: remote(pushOneTime, 'SCHEDULED'),
    },
    { name: 'PAUSED: the schedule type changed', document: scheduledType, remote: remote(pushOneTime, 'PAUSED') },
  ],
});

// ---- P3
const stoppedEdit = edit(pushOneTime, 'STOPPED', newContent);
const archivedNoBase = fetched(pushOneTime, 'ARCHIVED').file;
ruleTests('P3', {
  breaks: [
    {
      name: 'STOPPED: content changed',
      document: stoppedEdit,
      remote: remote(pushOneTime, 'STOPPED'),
      expect: [
        {
          severity: 'error',
          path: '/campaign_content',
          range: rangeOf(stoppedEdit, '"campaign_content"'),
          message: /`STOPPED`: the service accepts no update/,
        },
      ],
    },
    {
      name: 'ARCHIVED: two components changed',
      document: edit(pushOneTime, 'ARCHIVED', { ...newContent, utm_params: { utm_campaign: 'other' } }),
      remote: remote(pushOneTime, 'ARCHIVED'),
      expect: [
        { severity: 'error', path: '/campaign_content' },
        { severity: 'error', path: '/utm_params' },
      ],
    },
    {
      name: 'ARCHIVED without a base copy',
      document: archivedNoBase,
      remote: { status: 'ARCHIVED' },
      expect: [{ severity: 'error', path: '', range: [0, 0, 0, 1], message: /accepts no update to it/ }],
    },
  ],
  satisfies: [
    { name: 'STOPPED: nothing changed', document: fetched(pushOneTime, 'STOPPED').file, remote: remote(pushOneTime, 'STOPPED') },
    { name: 'ACTIVE: content changed', document: edit(pushOneTime, 'ACTIVE', newContent), remote: remote(pushOneTime, 'ACTIVE') },
    { name: 'PAUSED without a base copy', document: archivedNoBase, remote: { status: 'PAUSED' } },
  ],
});

// ---- P4 (information: a nested change sends the whole component)
const pausedFilter = edit(pushOneTime, 'PAUSED', {
  segmentation_details: {
    included_filters: {
      filters: [
        {
          filter_type: 'user_attributes',
          data_type: 'string',
          category: 'Tracked Standard Attribute',
          name: 'City',
          operator: 'in',
          value: ['Hamburg'],
          case_sensitive: false,
          negate: false,
        },
      ],
    },
  },
});
ruleTests('P4', {
  breaks: [
    {
      name: 'a filter value changed inside segmentation_details',
      document: pausedFilter,
      remote: remote(pushOneTime, 'PAUSED'),
      expect: [
        {
          severity: 'information',
          path: '/segmentation_details',
          range: rangeOf(pausedFilter, '"segmentation_details"'),
          message:
            /at `\/segmentation_details\/included_filters\/filters\/0\/value`\).*sends the complete `segmentation_details` component/,
        },
      ],
    },
    {
      name: 'a title changed deep inside the content',
      document: edit(pushOneTime, 'DRAFT', newContent),
      remote: remote(pushOneTime, 'DRAFT'),
      expect: [{ severity: 'information', path: '/campaign_content' }],
    },
    {
      name: 'ACTIVE: the expiry changed (scheduling is otherwise allowed)',
      document: edit(pushOneTime, 'ACTIVE', { scheduling_details: { expiry_time: '2026-03-09T10:00:00' } }),
      remote: remote(pushOneTime, 'ACTIVE'),
      expect: [{ severity: 'information', path: '/scheduling_details' }],
    },
  ],
  satisfies: [
    { name: 'nothing changed', document: fetched(pushOneTime, 'PAUSED').file, remote: remote(pushOneTime, 'PAUSED') },
    {
      name: 'a component the campaign did not have (sent whole anyway)',
      document: edit(pushOneTime, 'DRAFT', { campaign_audience_limit: { is_campaign_audience_limit_enabled: false } }),
      remote: remote(pushOneTime, 'DRAFT'),
    },
    { name: 'a refused change is not also described as sent', document: activeAudience, remote: remote(pushOneTime, 'ACTIVE') },
    {
      name: 'only read-only metadata differs',
      document: { ...fetched(pushOneTime, 'DRAFT').file, updated_at: '2026-03-01 10:00:00' },
      remote: remote(pushOneTime, 'DRAFT'),
    },
  ],
});

// ---- P5
const liveContent = edit(pushEventTriggered, 'ACTIVE', {
  campaign_content: { content: { push: { android: { basic_details: { title: 'Still thinking about it?' } } } } },
});
const scheduledPeriodic = edit(pushPeriodic, 'SCHEDULED', { utm_params: { utm_campaign: 'weekly_digest' } });
ruleTests('P5', {
  breaks: [
    {
      name: 'live event-triggered: content changed',
      document: liveContent,
      remote: remote(pushEventTriggered, 'ACTIVE'),
      expect: [
        {
          severity: 'information',
          path: '/campaign_content',
          range: rangeOf(liveContent, '"campaign_content"'),
          message: /up to 30 minutes/,
        },
      ],
    },
    {
      name: 'paused event-triggered: trigger changed',
      document: edit(pushEventTriggered, 'PAUSED', { trigger_condition: { trigger_delay_value: 3 } }),
      remote: remote(pushEventTriggered, 'PAUSED'),
      expect: [{ severity: 'information', path: '/trigger_condition' }],
    },
    {
      name: 'periodic: a change applies from the next run',
      document: scheduledPeriodic,
      remote: remote(pushPeriodic, 'SCHEDULED'),
      expect: [
        {
          severity: 'information',
          path: '/utm_params',
          range: rangeOf(scheduledPeriodic, '"utm_params"'),
          message: /from its next scheduled run/,
        },
      ],
    },
  ],
  satisfies: [
    {
      name: 'draft event-triggered: content changed',
      document: edit(pushEventTriggered, 'DRAFT', newContent),
      remote: remote(pushEventTriggered, 'DRAFT'),
    },
    { name: 'active one-time: content changed', document: edit(pushOneTime, 'ACTIVE', newContent), remote: remote(pushOneTime, 'ACTIVE') },
    {
      name: 'live event-triggered: only UTM changed',
      document: edit(pushEventTriggered, 'ACTIVE', { utm_params: { utm_term: 'cart' } }),
      remote: remote(pushEventTriggered, 'ACTIVE'),
    },
  ],
});

test('P1–P3: restoring the fetched value removes the refusal', () => {
  const cases: Array<[string, Doc, RemoteState]> = [
    ['P1', activeAudience, remote(pushOneTime, 'ACTIVE')],
    ['P1', activeStart, remote(pushOneTime, 'ACTIVE')],
    [
      'P1',
      edit(pushOneTime, 'ACTIVE', { scheduling_details: { delivery_type: 'ASAP', start_time: undefined, timezone: undefined } }),
      remote(pushOneTime, 'ACTIVE'),
    ],
    ['P2', scheduledType, remote(pushOneTime, 'SCHEDULED')],
    ['P3', stoppedEdit, remote(pushOneTime, 'STOPPED')],
  ];
  for (const [rule, doc, r] of cases) assert.deepEqual(fixProblems(doc, rule, { remote: r }), [], rule);
});

test('P4: a `__proto__` member added inside a component is named where it is, not below it', () => {
  const file = JSON.parse(
    JSON.stringify(fetched(pushOneTime, 'PAUSED').file).replace('"segmentation_details":{', '"segmentation_details":{"__proto__":{"x":1},'),
  );
  const [p4] = only(lint(JSON.stringify(file, null, 2), { remote: remote(pushOneTime, 'PAUSED') }), 'P4');
  assert.match(p4.message, /^Changed inside `segmentation_details` \(at `\/segmentation_details\/__proto__`\)/);
});
