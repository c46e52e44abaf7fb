import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceTimeText } from '@campaign-studio/core';
import type { PushPreview } from '@campaign-studio/sync';
import {
  alignKeys,
  changeLine,
  compactJson,
  modalQuestion,
  reviewDocuments,
  reviewHeader,
  typedConfirmation,
  whoAndWhen,
} from '../../src/push/review';

/** The texts of the push review, the modal question, the typed confirmation and the conflict pick. */

function preview(over: Partial<PushPreview> = {}): PushPreview {
  const body = {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: 'me@example.com',
    basic_details: { name: 'Spring sale', tags: ['a', 'b'], platforms: ['ANDROID'] },
  };
  return {
    campaignId: '65f000000000000000000001',
    campaignName: 'Spring sale',
    environment: 'staging',
    production: false,
    status: 'DRAFT',
    request: { method: 'PATCH', path: '/v5/campaigns/65f000000000000000000001' },
    body,
    // The service holds the same keys in another order, and one value differs.
    before: {
      updated_by: 'colleague@example.com',
      campaign_delivery_type: 'ONE_TIME',
      channel: 'PUSH',
      basic_details: { platforms: ['ANDROID'], tags: ['a'], name: 'Spring sale' },
    },
    changed: ['basic_details'],
    changes: [{ path: 'basic_details.tags', before: ['a'], after: ['a', 'b'], overridesRemote: false }],
    takeFromRemote: [],
    notes: [],
    remoteUpdatedBy: 'colleague@example.com',
    remoteUpdatedAt: '2025-03-01T10:00:00Z',
    ...over,
  };
}

test('compact JSON: one line, "(absent)" for a missing field, long values cut with an ellipsis', () => {
  assert.equal(compactJson({ a: [1, 'x'] }), '{"a":[1,"x"]}');
  assert.equal(compactJson(undefined), '(absent)');
  assert.equal(compactJson(null), 'null');
  assert.equal(compactJson('x'.repeat(100), 10), '"xxxxxxxx…');
});

test('who and when: both, either, or nothing known', () => {
  // The service's UTC time is read in this machine's zone and locale.
  const when = serviceTimeText('2025-03-01 10:00:00');
  assert.notEqual(when, '2025-03-01 10:00:00');
  assert.equal(whoAndWhen('a@b.c', '2025-03-01 10:00:00'), `a@b.c at ${when}`);
  assert.equal(whoAndWhen('a@b.c', undefined), 'a@b.c');
  assert.equal(whoAndWhen(undefined, '2025-03-01 10:00:00'), `someone at ${when}`);
  assert.equal(whoAndWhen(undefined, undefined), undefined);
});

test("a change line: path, before → after; one that replaces the service's change says whose", () => {
  const c = { path: 'basic_details.name', before: 'Theirs', after: 'Mine', overridesRemote: false };
  assert.equal(changeLine(c), 'basic_details.name: "Theirs" → "Mine"');
  assert.equal(
    changeLine({ ...c, overridesRemote: true }, 'colleague@example.com'),
    'basic_details.name: "Theirs" → "Mine"  [replaces a change made on the service by colleague@example.com]',
  );
  assert.equal(
    changeLine({ ...c, overridesRemote: true }),
    'basic_details.name: "Theirs" → "Mine"  [replaces a change made on the service since your fetch]',
  );
  assert.equal(changeLine({ ...c, before: undefined }), 'basic_details.name: (absent) → "Mine"');
  assert.equal(changeLine({ ...c, after: undefined }), 'basic_details.name: "Theirs" → (absent)');
});

test("alignKeys: the before side takes the body's key order at every level; its own keys follow", () => {
  const aligned = alignKeys({ b: 1, extra: true, a: { y: 1, x: [{ q: 1, p: 2 }] } }, { a: { x: [{ p: 0, q: 0 }], y: 0 }, b: 0 });
  assert.equal(JSON.stringify(aligned), '{"a":{"x":[{"p":2,"q":1}],"y":1},"b":1,"extra":true}');
  assert.equal(alignKeys('x', { a: 1 }), 'x');
  assert.deepEqual(alignKeys([1, 2], undefined), [1, 2]);
});

test('the header lists the request, the campaign, the environment, the last change, each field, what the file took, and the notes', () => {
  const lines = reviewHeader(
    preview({
      takeFromRemote: ['basic_details.platforms'],
      notes: ['Changes to `campaign_content` of a live event-triggered campaign take up to 30 minutes to reach users.'],
      changes: [
        { path: 'basic_details.tags', before: ['a'], after: ['a', 'b'], overridesRemote: false },
        { path: 'basic_details.name', before: 'Theirs', after: 'Spring sale', overridesRemote: true },
      ],
    }),
  );
  assert.deepEqual(lines, [
    'Check the body below, then press Push to write “Spring sale” on staging. Cancel, or closing this tab, sends nothing.',
    '',
    'PATCH /v5/campaigns/65f000000000000000000001',
    'Campaign "Spring sale" (65f000000000000000000001), status DRAFT',
    'Environment: staging',
    `Last changed on the service: colleague@example.com at ${serviceTimeText('2025-03-01T10:00:00Z')}`,
    'Sends `basic_details` whole (an update replaces each component it carries), with `channel`, `campaign_delivery_type` and `updated_by`.',
    '',
    '2 field changes (on staging now → after push):',
    '  basic_details.tags: ["a"] → ["a","b"]',
    '  basic_details.name: "Theirs" → "Spring sale"  [replaces a change made on the service by colleague@example.com]',
    '',
    'Your file already took from the service (not sent):',
    '  basic_details.platforms',
    '',
    'Notes:',
    '  - Changes to `campaign_content` of a live event-triggered campaign take up to 30 minutes to reach users.',
    '',
    'Below: the campaign on staging now, against the exact request body that Push sends.',
  ]);
});

test('the header flags production, and says when the service did not record who changed it last', () => {
  const lines = reviewHeader(
    preview({ environment: 'live', production: true, remoteUpdatedBy: undefined, remoteUpdatedAt: undefined, status: '' }),
  );
  assert.ok(lines.includes('Environment: live (PRODUCTION: you will be asked to type its name)'), lines.join('\n'));
  assert.ok(lines.includes('Last changed on the service: not recorded by the service'), lines.join('\n'));
  assert.ok(lines.includes('Campaign "Spring sale" (65f000000000000000000001), status unknown'), lines.join('\n'));
});

test("the review: the same comment header on both sides, the right side ends with exactly the body sent, the left in the body's key order", () => {
  const p = preview();
  const docs = reviewDocuments(p);
  assert.equal(docs.title, 'Review push: Spring sale → staging');
  assert.equal(docs.left.name, 'on staging now.campaign-review');
  assert.equal(docs.right.name, 'after push.campaign-review');
  const body = JSON.stringify(p.body, null, 2) + '\n';
  assert.ok(docs.right.text.endsWith(body));
  const header = docs.right.text.slice(0, -body.length);
  assert.ok(docs.left.text.startsWith(header), 'both sides start with the same header');
  assert.ok(
    header
      .split('\n')
      .slice(0, -1)
      .every(l => l.startsWith('//')),
    header,
  );
  const before = JSON.parse(docs.left.text.slice(header.length));
  assert.deepEqual(before, p.before);
  assert.deepEqual(Object.keys(before), Object.keys(p.body));
  assert.deepEqual(Object.keys(before.basic_details as object), ['name', 'tags', 'platforms']);
});

test("the service's side shows its `updated_by`, so the diff shows whose name the push replaces", () => {
  const left = reviewDocuments(preview()).left.text;
  assert.equal(JSON.parse(left.slice(left.indexOf('\n{') + 1)).updated_by, 'colleague@example.com');
});

test('a line break in a name or a note stays inside its comment line', () => {
  const docs = reviewDocuments(preview({ campaignName: 'Two\nlines', notes: [] }));
  assert.ok(docs.left.text.includes('// Campaign "Two\\nlines"'), 'a name is quoted as JSON');
  const withNote = reviewDocuments(preview({ notes: ['first\nsecond'], remoteUpdatedBy: 'a\nb' }));
  const header = withNote.right.text.slice(0, withNote.right.text.indexOf('{'));
  assert.ok(
    header
      .split('\n')
      .slice(0, -1)
      .every(l => l.startsWith('//')),
    header,
  );
});

test('a campaign without a name is shown by its id', () => {
  const p = preview({ campaignName: undefined });
  assert.equal(reviewDocuments(p).title, 'Review push: 65f000000000000000000001 → staging');
  assert.ok(reviewHeader(p).includes('Campaign 65f000000000000000000001, status DRAFT'));
});

test('the modal question counts the field changes, names the components, and lists the fields', () => {
  const q = modalQuestion(preview({ takeFromRemote: ['basic_details.platforms'] }));
  assert.equal(q.message, 'Push 1 field change in `basic_details` to staging?');
  assert.equal(q.button, 'Push');
  assert.equal(
    q.detail,
    [
      'Campaign "Spring sale" (65f000000000000000000001).',
      'basic_details.tags: ["a"] → ["a","b"]',
      'Your file already took `basic_details.platforms` from the service.',
    ].join('\n'),
  );
  const many = modalQuestion(
    preview({
      production: true,
      changed: ['basic_details', 'utm_params'],
      changes: Array.from({ length: 20 }, (_, i) => ({ path: `utm_params.f${i}`, before: i, after: i + 1, overridesRemote: false })),
    }),
  );
  assert.equal(many.message, 'Push 20 field changes in `basic_details` and `utm_params` to staging (production)?');
  const lines = many.detail.split('\n');
  assert.equal(lines.length, 13);
  assert.equal(lines[12], '… and 9 more');
});

test("the typed confirmation accepts exactly the environment's name; empty says what to type, anything else is an error", () => {
  const t = typedConfirmation(preview({ environment: 'live', production: true }));
  assert.equal(t.title, 'Push to production environment live');
  assert.match(
    t.prompt,
    /the live campaign "Spring sale" \(65f000000000000000000001\): `basic_details`\. Type live to push, or press Escape to cancel\./,
  );
  assert.equal(t.check('live'), undefined);
  assert.deepEqual(t.check(''), { message: 'Type live to push, or press Escape to cancel.', severity: 'info' });
  assert.deepEqual(t.check('Live'), { message: "Type the environment's name exactly: live. Escape cancels.", severity: 'error' });
  assert.equal(t.check('live ')?.severity, 'error');
});

test('a header line per sentence and per change, for the editor to wrap at the width of the review; the values shortened (the body has them whole)', () => {
  const long = 'Sneakers from $39 this weekend only, in every store and online, while stocks last.';
  const docs = reviewDocuments(
    preview({
      changes: [
        {
          path: 'campaign_content.content.push.android.message',
          before: long,
          after: long.replace('$39', '$29'),
          overridesRemote: true,
        },
      ],
    }),
  );
  const header = docs.right.text.slice(0, docs.right.text.indexOf('\n{'));
  assert.ok(
    header.includes(
      '\n//   campaign_content.content.push.android.message: "Sneakers from $39 this weekend only, i… → "Sneakers from $29 this weekend only, i…  [replaces a change made on the service by colleague@example.com]\n',
    ),
    header,
  );
  assert.match(
    header,
    /^\/\/ Check the body below, then press Push to write “Spring sale” on staging\. Cancel, or closing this tab, sends nothing\.\n/,
  );
});

test("the review's primary action names the environment, production marked", () => {
  assert.equal(reviewDocuments(preview()).action, 'Push to staging');
  assert.equal(reviewDocuments(preview({ environment: 'live', production: true })).action, 'Push to live (production)');
});
