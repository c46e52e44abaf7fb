import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, only } from '../helpers/lint';
import { ruleTests } from '../helpers/ruleTests';
import { at, edited, fixture, text, fixesOf } from '../helpers/campaigns';

// S1: minimum audience.
const NO_AUDIENCE = edited('push-event-triggered', d => {
  d.segmentation_details = { send_campaign_to_opt_out_users: false };
});
const EMPTY_GROUP = edited('push-one-time', d => {
  d.segmentation_details.included_filters.filters = [];
});
const ALL_FALSE = edited('push-event-triggered', d => {
  d.segmentation_details.is_all_user_campaign = false;
});
ruleTests('S1', {
  breaks: [
    {
      name: 'neither all users nor filters',
      document: NO_AUDIENCE,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters',
          range: at(NO_AUDIENCE, '"segmentation_details"'),
          message: /no audience: set `is_all_user_campaign` to `true`, or add at least one filter under `included_filters`/,
        },
      ],
    },
    {
      name: 'an empty included group',
      document: EMPTY_GROUP,
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters/filters', range: at(EMPTY_GROUP, '"filters"') }],
    },
    {
      name: 'all users switched off, no filters',
      document: ALL_FALSE,
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters' }],
    },
    {
      name: 'only excluded filters',
      document: edited('push-one-time', d => {
        delete d.segmentation_details.included_filters;
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters' }],
    },
  ],
  satisfies: [
    { name: 'included filters', document: text(fixture('push-one-time')) },
    { name: 'all users', document: text(fixture('push-event-triggered')) },
    {
      name: 'no segmentation yet (a draft)',
      document: edited('push-one-time', d => {
        delete d.segmentation_details;
      }),
    },
  ],
});

test('S1: the fix (not preferred: it widens the audience) targets all users', () => {
  assert.deepEqual(only(lint(NO_AUDIENCE), 'S1')[0].fixes, [
    {
      title: 'Target all users (`"is_all_user_campaign": true`)',
      edits: [{ kind: 'insert', path: '/segmentation_details/is_all_user_campaign', value: true }],
    },
  ]);
  assert.deepEqual(fixesOf(only(lint(ALL_FALSE), 'S1')[0])[0].edits, [
    { kind: 'replaceValue', path: '/segmentation_details/is_all_user_campaign', value: true },
  ]);
});

// S2: the fields of segmentation_details.
const ALL_STRING = edited('push-event-triggered', d => {
  d.segmentation_details.is_all_user_campaign = 'true';
});
const EXCLUDED_ARRAY = edited('push-one-time', d => {
  d.segmentation_details.excluded_filters = d.segmentation_details.excluded_filters.filters;
});
ruleTests('S2', {
  breaks: [
    {
      name: 'is_all_user_campaign as a string',
      document: ALL_STRING,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/is_all_user_campaign',
          range: at(ALL_STRING, '"true"'),
          message: /`true` or `false`/,
        },
      ],
    },
    {
      name: 'excluded_filters as a bare array',
      document: EXCLUDED_ARRAY,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/excluded_filters',
          range: at(EXCLUDED_ARRAY, '"excluded_filters"'),
          message: /must be an object/,
        },
      ],
    },
    {
      name: 'send_campaign_to_opt_out_users as a number',
      document: edited('push-one-time', d => {
        d.segmentation_details.send_campaign_to_opt_out_users = 0;
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/send_campaign_to_opt_out_users' }],
    },
    {
      name: 'segmentation_details as an array',
      document: edited('push-one-time', d => {
        d.segmentation_details = [];
      }),
      expect: [{ severity: 'error', path: '/segmentation_details' }],
    },
  ],
  satisfies: [
    { name: 'both groups and both flags', document: text(fixture('push-one-time')) },
    { name: 'all users', document: text(fixture('push-event-triggered')) },
  ],
});

test('S2: "true" as a string gets the fix to the boolean, and S1 does not pile on', () => {
  const got = lint(ALL_STRING);
  assert.deepEqual(fixesOf(only(got, 'S2')[0])[0].edits, [
    { kind: 'replaceValue', path: '/segmentation_details/is_all_user_campaign', value: true },
  ]);
  assert.deepEqual(only(got, 'S1'), []);
});
