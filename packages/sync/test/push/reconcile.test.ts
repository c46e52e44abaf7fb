import { test } from 'node:test';
import assert from 'node:assert/strict';
import { changedMeanwhile, notAppliedAsSent, notAppliedFinding, reconcileCreate, reconcileWrite } from '../../src/push/reconcile';

const before = {
  updated_at: '2025-01-01 10:00:00',
  channel: 'PUSH',
  campaign_delivery_type: 'ONE_TIME',
  basic_details: { name: 'A' },
  utm_params: { utm_source: 's', utm_medium: 'm' },
};
const sent = { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: 'me@x.io', basic_details: { name: 'B' } };

test('a lost answer, and the remote now holds what was sent: applied', () => {
  const r = reconcileWrite({ before, sent, after: { ...before, updated_at: '2025-01-01 10:00:05', basic_details: { name: 'B' } } });
  assert.equal(r.outcome, 'applied');
  assert.deepEqual(r.matched, ['basic_details']);
  assert.deepEqual(r.changedElsewhere, []);
  assert.equal(changedMeanwhile(r), '');
});

test('applied, while another client changed something else: said so, with who', () => {
  const r = reconcileWrite({
    before,
    sent,
    after: { ...before, updated_at: 'x', basic_details: { name: 'B' }, utm_params: { utm_source: 'o', utm_medium: 'm' } },
  });
  assert.equal(r.outcome, 'applied');
  assert.deepEqual(r.changedElsewhere, ['utm_params']);
  assert.match(
    changedMeanwhile(r, 'colleague@x.io'),
    /^Meanwhile another client changed `utm_params` \(by colleague@x\.io\), which your file does not have/,
  );
});

test('a lost answer, and the remote is exactly as before: not applied', () => {
  const r = reconcileWrite({ before, sent, after: { ...before } });
  assert.equal(r.outcome, 'not-applied');
  assert.equal(notAppliedAsSent(r), false);
  assert.equal(notAppliedFinding(r), 'that it was not applied: the service still has `basic_details` as before the push.');
});

test('not applied, while another client changed something else: not applied, and the other change said', () => {
  const r = reconcileWrite({ before, sent, after: { ...before, updated_at: 'later', utm_params: { utm_source: 'o', utm_medium: 'm' } } });
  assert.equal(r.outcome, 'not-applied');
  assert.equal(notAppliedAsSent(r), false);
  assert.match(
    notAppliedFinding(r, 'colleague@x.io'),
    /not applied: .* Meanwhile another client changed `utm_params` \(by colleague@x\.io\)/,
  );
});

test('a lost answer, and another client wrote the same component: not applied as sent, never "unknown"', () => {
  const r = reconcileWrite({ before, sent, after: { ...before, updated_at: 'later', basic_details: { name: 'C' } } });
  assert.equal(r.outcome, 'not-applied');
  assert.deepEqual(r.overwritten, ['basic_details']);
  assert.equal(notAppliedAsSent(r), true);
  assert.equal(
    notAppliedFinding(r, 'colleague@x.io'),
    'that the update is not applied as sent: another client changed `basic_details` (by colleague@x.io).',
  );
});

test('part of what was sent is there, part as before: not applied as sent, each said', () => {
  const two = { ...sent, utm_params: { utm_source: 'new', utm_medium: 'm' } };
  const r = reconcileWrite({ before, sent: two, after: { ...before, updated_at: 'later', basic_details: { name: 'B' } } });
  assert.equal(r.outcome, 'not-applied');
  assert.deepEqual([r.matched, r.asBefore, r.overwritten], [['basic_details'], ['utm_params'], []]);
  assert.equal(
    notAppliedFinding(r),
    'that the update is not applied as sent: another client changed the campaign; `basic_details` holds what was sent; `utm_params` is as before the push.',
  );
});

test('a custom equivalence can accept normalized forms', () => {
  const r = reconcileWrite({
    before,
    sent,
    after: { ...before, basic_details: { name: 'b' } },
    equivalent: (_k, a, b) => JSON.stringify(a).toLowerCase() === JSON.stringify(b).toLowerCase(),
  });
  assert.equal(r.outcome, 'applied');
});

test('a lost create answer: exactly one new draft is ours; none is not created; several are ambiguous', () => {
  const start = Date.parse('2025-05-01T10:00:00Z');
  const known = new Set(['old']);
  const what = 'The answer to the create call was lost';
  const drafts = [
    { id: 'old', created_at: '2025-05-01 10:00:01' },
    { id: 'new', created_at: '2025-05-01 10:00:02.5' },
    { id: 'ancient', created_at: '2024-01-01 00:00:00' },
  ];
  assert.deepEqual(reconcileCreate(drafts, start, known, what).id, 'new');
  assert.equal(reconcileCreate(drafts.slice(0, 1), start, known, what).outcome, 'not-applied');
  const two = reconcileCreate([...drafts, { id: 'new2', created_at: '2025-05-01 10:00:03' }], start, known, what);
  assert.equal(two.outcome, 'ambiguous');
  assert.match(two.message, /\(new, new2\): one of them is this file's, and which one cannot be told/);
});
