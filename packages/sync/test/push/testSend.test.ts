import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeResults, inInlineContent, inlineTestContent, parseRecipients, rememberRecipients } from '../../src/push/testSend';
import { executionsMarkdown } from '../../src/push/actionsFlow';

test('recipients: separators, duplicates, email checks, at most 10', () => {
  assert.deepEqual(parseRecipients('a@x.io, b@x.io; A@x.io  c@x.io', 'EMAIL'), {
    recipients: ['a@x.io', 'b@x.io', 'c@x.io'],
    problems: [],
  });
  assert.deepEqual(parseRecipients('nope, a@x.io', 'EMAIL').problems, ['`nope` is not an email address.']);
  assert.deepEqual(parseRecipients('user-1 user-2', 'PUSH').recipients, ['user-1', 'user-2']);
  assert.match(parseRecipients(Array.from({ length: 11 }, (_, i) => `u${i}@x.io`).join(','), 'EMAIL').problems[0], /at most 10/);
  assert.match(parseRecipients('  ', 'EMAIL').problems[0], /at least one/);
});

test('remembered recipients: newest first, no duplicates, at most 10', () => {
  const prev = Array.from({ length: 10 }, (_, i) => `p${i}@x.io`);
  const out = rememberRecipients(prev, ['new@x.io', 'P3@x.io']);
  assert.equal(out.length, 10);
  assert.deepEqual(out.slice(0, 3), ['new@x.io', 'P3@x.io', 'p0@x.io']);
  assert.ok(!out.includes('p3@x.io'));
});

test('inline content: the fields an inline test carries, nothing else', () => {
  const good = inlineTestContent({
    id: 'x',
    status: 'DRAFT',
    channel: 'EMAIL',
    campaign_delivery_type: 'ONE_TIME',
    basic_details: { name: 'n', content_type: 'PROMOTIONAL', subscription_category: 'news' },
    campaign_content: { content: { email: {} } },
    segmentation_details: { is_all_user_campaign: true },
  });
  assert.deepEqual(good.problems, []);
  assert.deepEqual(Object.keys(good.content!), ['channel', 'basic_details', 'campaign_content']);
  assert.ok(inInlineContent('/basic_details/name'));
  assert.ok(inInlineContent(''));
  assert.ok(!inInlineContent('/segmentation_details'));
});

test('inline Push needs content; SMS is refused', () => {
  assert.equal(inlineTestContent({ channel: 'PUSH' }).problems[0].path, '/campaign_content');
  assert.equal(inlineTestContent({ channel: 'SMS' }).problems[0].rule, 'D5');
});

test('per-recipient results read plainly', () => {
  const r = describeResults([
    { recipient: 'a', ok: true },
    { recipient: 'b', ok: false, reason: 'User not found' },
  ]);
  assert.equal(r.summary, 'Test sent to 1 of 2 recipients; 1 failed: b (User not found).');
  assert.deepEqual(r.lines, ['✓ a', '✗ b: User not found']);
  assert.equal(describeResults([{ recipient: 'a', ok: true }]).summary, 'Test sent to a.');
});

test('execution history renders one row per execution', () => {
  const md = executionsMarkdown(
    { id: 'p1', executions: [{ campaign_id: 'c1', sent_time: '2024-06-24 14:30:18', status: 'Sent' }], total: 8, truncated: false },
    'Weekly',
    { zone: 'Europe/Berlin', locale: 'en-GB' },
  );
  assert.match(md, /^# Executions of Weekly \(p1\)/);
  assert.match(md, /1 execution listed, 8 instances in total/);
  assert.match(md, /\| 1 \| `c1` \| 24 Jun 2024, 16:30 CEST \| Sent \|/, "the service's UTC time, in the reader's zone and locale");
});
