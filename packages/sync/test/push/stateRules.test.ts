import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  propagationNotes,
  publishExplanation,
  sameInstant,
  stateProblems,
  statusActionProblem,
  writeRefusal,
} from '../../src/push/stateRules';

const remote = {
  channel: 'PUSH',
  campaign_delivery_type: 'EVENT_TRIGGERED',
  trigger_condition: { trigger_delay_type: 'ASAP' },
  segmentation_details: { is_all_user_campaign: true },
  conversion_goal_details: { attribution_window_in_hours: 24 },
  scheduling_details: {
    delivery_type: 'AT_FIXED_TIME',
    start_time: '2030-01-01T10:00:00',
    timezone: 'UTC',
    expiry_time: '2030-02-01T10:00:00',
  },
  basic_details: { name: 'n' },
};

test('P1: an ACTIVE campaign refuses changes to the locked components, on each component', () => {
  const local = { ...remote };
  const got = stateProblems(
    local,
    ['trigger_condition', 'segmentation_details', 'conversion_goal_details', 'basic_details'],
    remote,
    'ACTIVE',
  );
  assert.deepEqual(
    got.map(p => [p.rule, p.path]),
    [
      ['P1', '/trigger_condition'],
      ['P1', '/segmentation_details'],
      ['P1', '/conversion_goal_details'],
    ],
  );
  assert.ok(got.every(p => p.severity === 'error'));
});

test('P1: in scheduling, delivery_type and start_time are locked but expiry_time is not', () => {
  const expiry = { ...remote, scheduling_details: { ...remote.scheduling_details, expiry_time: '2030-03-01T10:00:00' } };
  assert.deepEqual(stateProblems(expiry, ['scheduling_details'], remote, 'ACTIVE'), []);
  const moved = {
    ...remote,
    scheduling_details: { ...remote.scheduling_details, start_time: '2030-01-02T10:00:00', delivery_type: 'ASAP' },
  };
  assert.deepEqual(
    stateProblems(moved, ['scheduling_details'], remote, 'ACTIVE').map(p => p.path),
    ['/scheduling_details/delivery_type', '/scheduling_details/start_time'],
  );
});

test('P1: the same instant written another way is not a change; SCHEDULED stands for any scheduled type', () => {
  assert.ok(sameInstant('2030-01-01 10:00:00', '2030-01-01T10:00:00Z'));
  assert.ok(!sameInstant('2030-01-01 10:00:00', '2030-01-01T11:00:00Z'));
  const r = { ...remote, scheduling_details: { delivery_type: 'SCHEDULED', start_time: '2030-01-01T10:00:00Z' } };
  const l = { ...remote, scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2030-01-01 10:00:00', timezone: 'UTC' } };
  assert.deepEqual(stateProblems(l, ['scheduling_details'], r, 'ACTIVE'), []);
});

test('P2: a SCHEDULED campaign refuses a new delivery_type only', () => {
  const l = { ...remote, scheduling_details: { ...remote.scheduling_details, delivery_type: 'ASAP' } };
  assert.deepEqual(
    stateProblems(l, ['scheduling_details'], remote, 'SCHEDULED').map(p => [p.rule, p.path]),
    [['P2', '/scheduling_details/delivery_type']],
  );
  assert.deepEqual(stateProblems({ ...remote, segmentation_details: {} }, ['segmentation_details'], remote, 'SCHEDULED'), []);
});

test('P3: STOPPED and ARCHIVED accept nothing; DRAFT accepts everything', () => {
  for (const st of ['STOPPED', 'ARCHIVED', 'Stopped']) {
    const got = stateProblems(remote, ['basic_details'], remote, st);
    assert.equal(got.length, 1);
    assert.equal(got[0].rule, 'P3');
    assert.match(got[0].message, /accepts no update/);
  }
  assert.deepEqual(stateProblems(remote, ['trigger_condition', 'segmentation_details'], remote, 'DRAFT'), []);
});

test('D5: SMS and BROADCAST_LIVE_ACTIVITY writes are refused, saying where to go instead', () => {
  const sms = writeRefusal({ channel: 'SMS', campaign_delivery_type: 'ONE_TIME' }, 'update');
  assert.equal(sms?.rule, 'D5');
  assert.match(sms!.message, /V1/);
  assert.match(
    writeRefusal({ channel: 'PUSH', campaign_delivery_type: 'BROADCAST_LIVE_ACTIVITY' }, 'create')!.message,
    /cannot be created/,
  );
  assert.ok(writeRefusal({ channel: 'PUSH', campaign_delivery_type: 'BROADCAST_LIVE_ACTIVITY' }, 'update'));
  assert.equal(writeRefusal({ channel: 'EMAIL', campaign_delivery_type: 'ONE_TIME' }, 'update'), undefined);
});

test('status actions: the starting states, and why others are refused', () => {
  const doc = { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME' };
  assert.equal(statusActionProblem('PAUSE', 'ACTIVE', doc), undefined);
  assert.equal(statusActionProblem('RESUME', 'PAUSED', doc), undefined);
  assert.equal(statusActionProblem('STOP', 'PAUSED', doc), undefined);
  assert.match(statusActionProblem('RESUME', 'ACTIVE', doc)!.message, /Only a paused campaign/);
  assert.match(statusActionProblem('PAUSE', 'DRAFT', doc)!.message, /publish it first/);
  assert.match(statusActionProblem('STOP', 'STOPPED', doc)!.message, /has ended/);
  assert.equal(statusActionProblem('PAUSE', 'ACTIVE', { channel: 'SMS' })!.rule, 'D5');
});

test('P5 notes and the publish explanation', () => {
  assert.match(propagationNotes(remote, ['campaign_content'], 'ACTIVE')[0].message, /30 minutes/);
  assert.deepEqual(propagationNotes(remote, ['campaign_content'], 'DRAFT'), []);
  assert.match(propagationNotes({ campaign_delivery_type: 'PERIODIC' }, ['basic_details'], 'ACTIVE')[0].message, /next scheduled run/);
  assert.match(publishExplanation('abc'), /PATCH \/core-services\/v1\/campaigns\/abc/);
});
