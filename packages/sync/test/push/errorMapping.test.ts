import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEnvelope, findingsFromEnvelope, stillCurrent, targetSegments, targetToPointer, track } from '../../src/push/errorMapping';
import { parse, rangeFor } from '@campaign-studio/core';

const doc = {
  channel: 'PUSH',
  delivery_controls: { queuing_enabled: true, queue_duration: 5 },
  conversion_goal_details: { goals: [{ goal_name: 'a' }, { goal_name: 'b' }] },
  campaign_audience_limit: { is_campaign_audience_limit_enabled: true, limit: 10 },
  'a/b': { c: 1 },
};

test('targets: dotted, bracketed, pointers and prefixes', () => {
  assert.deepEqual(targetSegments('delivery_controls.queue_duration'), ['delivery_controls', 'queue_duration']);
  assert.deepEqual(targetSegments('conversion_goal_details.goals[1].goal_name'), ['conversion_goal_details', 'goals', '1', 'goal_name']);
  assert.deepEqual(targetSegments('/conversion_goal_details/goals/0'), ['conversion_goal_details', 'goals', '0']);
  assert.deepEqual(targetSegments('body.campaign_audience_limit'), ['campaign_audience_limit']);
  assert.deepEqual(targetSegments('$.utm_params'), ['utm_params']);
  assert.deepEqual(targetSegments(''), []);
});

test('a target becomes the pointer of what exists, or of a missing leaf under an existing parent', () => {
  assert.equal(targetToPointer('delivery_controls.queue_duration', doc), '/delivery_controls/queue_duration');
  assert.equal(targetToPointer('conversion_goal_details.goals[1].goal_name', doc), '/conversion_goal_details/goals/1/goal_name');
  assert.equal(targetToPointer('campaign_audience_limit.metric', doc), '/campaign_audience_limit/metric');
  assert.equal(targetToPointer('conversion_goal_details.goals[7].goal_name', doc), '/conversion_goal_details/goals');
  assert.equal(targetToPointer('nothing.at.all', doc), '');
  assert.equal(targetToPointer('/a~1b/c', doc), '/a~1b/c');
});

test('an envelope with details gives one finding per detail, placed on the right line', () => {
  const text = JSON.stringify(doc, null, 2);
  const findings = findingsFromEnvelope(
    {
      response_id: 'r1',
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Validation failed',
        target: 'campaign_audience_limit',
        details: [
          { target: 'campaign_audience_limit', message: 'Audience limit is not enabled for this workspace' },
          { target: 'delivery_controls.queuing_enabled', message: 'Queuing is not enabled for this workspace' },
        ],
        request_id: 'q1',
      },
    },
    doc,
  );
  assert.deepEqual(
    findings.map(f => [f.rule, f.path, f.severity]),
    [
      ['VALIDATION_FAILED', '/campaign_audience_limit', 'error'],
      ['VALIDATION_FAILED', '/delivery_controls/queuing_enabled', 'error'],
    ],
  );
  const parsed = parse(text);
  const lines = text.split('\n');
  assert.match(lines[rangeFor(parsed, findings[0]).start.line], /"campaign_audience_limit"/);
  assert.match(lines[rangeFor(parsed, findings[1]).start.line], /"queuing_enabled"/);
  assert.match(findings[0].message, /^The service rejected this \(VALIDATION_FAILED\): Audience limit is not enabled/);
});

test('an envelope without details gives one finding at its target; duplicates are dropped', () => {
  assert.deepEqual(
    findingsFromEnvelope({ error: { code: 'BAD_REQUEST', message: 'Bad', target: 'delivery_controls' } }, doc).map(f => f.path),
    ['/delivery_controls'],
  );
  const dup = findingsFromEnvelope(
    {
      error: {
        code: 'X',
        message: 'm',
        details: [
          { target: 'channel', message: 'same' },
          { target: 'channel', message: 'same' },
        ],
      },
    },
    doc,
  );
  assert.equal(dup.length, 1);
});

test('a remote finding stays while its component is unchanged and clears once it changes', () => {
  const findings = track(
    findingsFromEnvelope(
      {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'm',
          details: [
            { target: 'delivery_controls.queue_duration', message: 'no queuing' },
            { target: 'channel', message: 'c' },
          ],
        },
      },
      doc,
    ),
    doc,
  );
  const { channel, ...rest } = doc;
  const reordered = { ...rest, channel, delivery_controls: { queue_duration: 5, queuing_enabled: true } };
  assert.equal(stillCurrent(findings, reordered).length, 2, 'key order is not a fix');
  const fixed = { ...doc, delivery_controls: { queuing_enabled: false, queue_duration: 0 } };
  assert.deepEqual(
    stillCurrent(findings, fixed).map(f => f.path),
    ['/channel'],
  );
  assert.deepEqual(stillCurrent(findings, undefined), []);
});

test('describeEnvelope names the code, target, details and request', () => {
  const s = describeEnvelope({
    error: { code: 'VALIDATION_FAILED', message: 'Bad', target: 'x', details: [{ target: 'x.y', message: 'z' }], request_id: 'rq' },
  });
  assert.equal(s, 'VALIDATION_FAILED: Bad (at `x`) — `x.y`: z [request rq]');
});
