import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serviceTimeText } from '@campaign-studio/core';
import { CampaignDoc, ConflictQuestion, mergeFields } from '@campaign-studio/sync';
import { absent, chooseArgs, columnJson, ConflictSession, documentText, parseEdit } from '../../src/push/conflictSession';
import { conflictsPage } from '../../src/push/conflictHtml';
import { contentSecurityPolicy } from '../../src/webviewPage';

/** A question as the push flow asks it: the real merge's conflicts and result. */
function question(base: CampaignDoc, local: CampaignDoc, remote: CampaignDoc, extra: Partial<ConflictQuestion> = {}): ConflictQuestion {
  return {
    campaignId: 'c-1',
    campaignName: 'Spring sale',
    environment: 'staging',
    fileUri: 'file:///w/spring.c-1.campaign.json',
    fileName: 'spring.c-1.campaign.json',
    remoteUpdatedBy: 'colleague@example.com',
    remoteUpdatedAt: '2024-05-01T10:00:00Z',
    conflicts: mergeFields(base, local, remote).conflicts,
    base,
    local,
    remote,
    result: choices => mergeFields(base, local, remote, choices).merged,
    ...extra,
  };
}

const base = {
  basic_details: { name: 'Spring', tags: ['deal'], platforms: ['ANDROID'] },
  utm_params: { utm_source: 'app', utm_medium: 'push' },
};
const local = {
  basic_details: { name: 'Spring (mine)', tags: ['deal'], platforms: ['ANDROID'] },
  utm_params: { utm_source: 'mine', utm_medium: 'push' },
};
const remote = {
  basic_details: { name: 'Spring (theirs)', tags: ['deal', 'weekend'], platforms: ['ANDROID'] },
  utm_params: { utm_medium: 'push' },
};

test('one row per conflicting field, in document order, with each side as compact JSON; a field changed on one side only is no row', () => {
  const s = new ConflictSession(question(base, local, remote));
  const state = s.state();
  assert.deepEqual(
    state.rows.map(r => r.path),
    ['basic_details.name', 'utm_params.utm_source'],
  );
  assert.deepEqual(
    state.rows.map(r => [r.base, r.local, r.remote]),
    [
      ['"Spring"', '"Spring (mine)"', '"Spring (theirs)"'],
      ['"app"', '"mine"', absent()],
    ],
  );
  assert.equal(state.campaign, 'Campaign "Spring sale" (c-1) on staging');
  assert.equal(state.theirsBy, `changed by colleague@example.com at ${serviceTimeText('2024-05-01T10:00:00Z')}`);
  assert.deepEqual([state.decided, state.ready], [0, false]);
  assert.ok(state.rows.every(r => r.choice === undefined && !r.remove && r.error === undefined));
});

test('who changed theirs: "someone else" when the service does not say', () => {
  const s = new ConflictSession(question(base, local, remote, { remoteUpdatedBy: undefined, remoteUpdatedAt: undefined }));
  assert.equal(s.state().theirsBy, 'changed by someone else (the service does not say who)');
});

test('the edit is prefilled with yours; an absent yours starts empty', () => {
  const s = new ConflictSession(question(base, local, remote));
  assert.deepEqual(
    s.state().rows.map(r => r.editText),
    ['"Spring (mine)"', '"mine"'],
  );
  const deleted = new ConflictSession(
    question(
      base,
      { ...local, utm_params: { utm_medium: 'push' } },
      { ...remote, utm_params: { utm_source: 'theirs', utm_medium: 'push' } },
    ),
  );
  assert.equal(deleted.state().rows.find(r => r.path === 'utm_params.utm_source')?.editText, '');
});

test('Continue waits for a usable choice on every field; the choices are keyed by conflict id', () => {
  const q = question(base, local, remote);
  const s = new ConflictSession(q);
  s.choose('basic_details.name', 'remote');
  assert.equal(s.choices(), undefined);
  assert.deepEqual(s.problems(), ['`utm_params.utm_source` has no choice yet: yours, theirs or an edit.']);
  assert.deepEqual([s.state().decided, s.state().ready], [1, false]);
  s.choose(q.conflicts[1].id, 'local');
  assert.deepEqual(s.choices(), { [q.conflicts[0].id]: 'remote', [q.conflicts[1].id]: 'local' });
  assert.deepEqual([s.state().decided, s.state().ready], [2, true]);
  assert.deepEqual(
    s.state().rows.map(r => r.choice),
    ['remote', 'local'],
  );
});

test('an edit is parsed as JSON; invalid JSON and an empty edit are shown on the row and block Continue', () => {
  const s = new ConflictSession(question(base, local, remote));
  s.choose('utm_params.utm_source', 'local');
  s.edit('basic_details.name', 'Spring (ours)');
  const row = () => s.state().rows[0];
  assert.equal(row().choice, 'edit');
  assert.equal(
    row().error,
    'Text goes in double quotes: "Spring (ours)". Numbers, true, false, null, [ … ] and { … } are written as in the file.',
  );
  assert.equal(s.choices(), undefined);
  assert.match(s.problems()[0], /^The edit of `basic_details\.name` cannot be used\. Text goes in double quotes/);
  s.edit('basic_details.name', '{ "a": 1, }');
  assert.match(row().error ?? '', /^Not valid JSON: .+\. Write the value as in the file\.$/);
  s.edit('basic_details.name', '   ');
  assert.match(row().error ?? '', /^The value is empty: .* or tick "Remove the field" to remove it\.$/);
  s.edit('basic_details.name', '"Spring (ours)"');
  assert.equal(row().error, undefined);
  assert.deepEqual(Object.values(s.choices() ?? {}), [{ value: 'Spring (ours)' }, 'local']);
});

test('removing the field is an explicit tick: the text is then not used', () => {
  const q = question(base, local, remote);
  const s = new ConflictSession(q);
  s.choose('utm_params.utm_source', 'remote');
  s.edit('basic_details.name', '');
  assert.equal(s.choices(), undefined, 'an empty edit is not a removal');
  s.setRemove('basic_details.name', true);
  assert.deepEqual(s.choices()?.[q.conflicts[0].id], { value: undefined });
  assert.equal(s.state().rows[0].remove, true);
  assert.equal('name' in (q.result(s.choices()!).basic_details as object), false);
});

test('choosing again replaces the earlier choice; switching away from an invalid edit makes the row usable', () => {
  const s = new ConflictSession(question(base, local, remote));
  s.edit('basic_details.name', '{ nope');
  s.choose('basic_details.name', 'local');
  assert.equal(s.state().rows[0].error, undefined);
  assert.equal(s.state().decided, 1);
  assert.equal(s.state().rows[0].editText, '{ nope', 'the text typed is kept for when Edit is chosen again');
});

test('an unknown field is refused, naming the ones there are', () => {
  const s = new ConflictSession(question(base, local, remote));
  assert.throws(
    () => s.choose('basic_details.tags', 'local'),
    /This view has no conflict "basic_details\.tags"; it has `basic_details\.name` and `utm_params\.utm_source`\./,
  );
});

test('the choose command: its argument is checked, and an edit takes a value or a removal', () => {
  assert.deepEqual(chooseArgs({ id: 'a', choice: 'local' }), {
    id: 'a',
    choice: 'local',
    value: undefined,
    hasValue: false,
    remove: false,
  });
  assert.deepEqual(chooseArgs({ id: 'a', choice: 'edit', value: null }), {
    id: 'a',
    choice: 'edit',
    value: null,
    hasValue: true,
    remove: false,
  });
  assert.throws(() => chooseArgs(undefined), /^Error: No conflict named\. Give `\{ id, choice \}`/);
  assert.throws(() => chooseArgs({ id: 'a', choice: 'mine' }), /Unknown choice "mine"/);
  assert.throws(() => chooseArgs({ id: 'a', choice: 'remote', value: 1 }), /A `value` or `remove` goes with the choice "edit" only/);

  const q = question(base, local, remote);
  const s = new ConflictSession(q);
  s.apply(chooseArgs({ id: 'basic_details.name', choice: 'edit', value: { a: [1, 2] } }));
  assert.equal(s.state().rows[0].editText, '{\n  "a": [\n    1,\n    2\n  ]\n}');
  s.apply(chooseArgs({ id: 'utm_params.utm_source', choice: 'edit', remove: true }));
  assert.deepEqual(s.choices(), { [q.conflicts[0].id]: { value: { a: [1, 2] } }, [q.conflicts[1].id]: { value: undefined } });
  s.apply(chooseArgs({ id: q.conflicts[1].id, choice: 'edit' }));
  assert.equal(s.state().rows[1].remove, true, 'choosing Edit alone keeps what the edit holds');
});

test('the diff of one field: as fetched against yours, and against theirs, pretty JSON', () => {
  const s = new ConflictSession(question(base, local, remote));
  assert.deepEqual(s.fieldDiff('basic_details.name', 'local'), {
    title: 'basic_details.name: base (as fetched) ↔ yours (spring.c-1.campaign.json)',
    left: { name: 'base.json', text: '"Spring"\n' },
    right: { name: 'yours.json', text: '"Spring (mine)"\n' },
  });
  const theirs = s.fieldDiff('utm_params.utm_source', 'remote');
  assert.equal(
    theirs.title,
    `utm_params.utm_source: base (as fetched) ↔ theirs (staging, changed by colleague@example.com at ${serviceTimeText('2024-05-01T10:00:00Z')})`,
  );
  assert.deepEqual([theirs.right.name, theirs.right.text], ['theirs.json', `${absent()}\n`]);
});

test('the preview: the components of the conflicts, as the file has them and as the merge leaves them (their other fields merged in)', () => {
  const s = new ConflictSession(question(base, local, remote));
  s.choose('basic_details.name', 'remote');
  const d = s.resultDiff();
  assert.equal(d.title, 'spring.c-1.campaign.json: now ↔ after the merge (basic_details, utm_params)');
  assert.deepEqual(JSON.parse(d.left.text), { basic_details: local.basic_details, utm_params: local.utm_params });
  // An undecided field keeps yours; their tags came in by themselves.
  assert.deepEqual(JSON.parse(d.right.text), {
    basic_details: { name: 'Spring (theirs)', platforms: ['ANDROID'], tags: ['deal', 'weekend'] },
    utm_params: { utm_medium: 'push', utm_source: 'mine' },
  });
});

test('values in a column: one line while they fit, laid out with sorted keys when wider; (absent) for a missing field', () => {
  assert.equal(columnJson(undefined), absent());
  assert.equal(columnJson(['deal', 'weekend']), '["deal", "weekend"]');
  assert.equal(columnJson({ b: 1, a: null }), '{ "a": null, "b": 1 }');
  assert.equal(
    columnJson({ title: 'Sneakers from $39 this weekend only', message: 'Hurry' }),
    '{\n  "message": "Hurry",\n  "title": "Sneakers from $39 this weekend only"\n}',
  );
  assert.equal(documentText({ b: 1, a: 2 }), '{\n  "a": 2,\n  "b": 1\n}\n');
});

test('parseEdit: JSON values of every kind', () => {
  assert.deepEqual(parseEdit('42', false), { ok: true, value: 42 });
  assert.deepEqual(parseEdit(' null ', false), { ok: true, value: null });
  assert.deepEqual(parseEdit('', true), { ok: true, value: undefined });
  assert.equal(parseEdit("'single'", false).ok, false);
  assert.deepEqual(parseEdit('truely', false), {
    ok: false,
    error: 'Text goes in double quotes: "truely". Numbers, true, false, null, [ … ] and { … } are written as in the file.',
  });
  assert.match((parseEdit('[1,', false) as { error: string }).error, /^Not valid JSON: /);
});

test("the page: a strict Content-Security-Policy, only the nonce'd script, no inline handlers", () => {
  const parts = { cspSource: 'https://webview.test', nonce: 'abc123', scriptUri: 'https://webview.test/dist/webview/conflicts.js' };
  const csp = contentSecurityPolicy(parts);
  assert.equal(csp, "default-src 'none'; script-src 'nonce-abc123'; style-src https://webview.test 'nonce-abc123'");
  assert.doesNotMatch(csp, /unsafe/);
  const html = conflictsPage(parts);
  assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="${csp}">`));
  assert.deepEqual(
    [...html.matchAll(/<script[^>]*>/g)].map(m => m[0]),
    ['<script nonce="abc123" src="https://webview.test/dist/webview/conflicts.js">'],
  );
  assert.ok(html.includes('<style nonce="abc123">'));
  assert.doesNotMatch(html, /\son[a-z]+=/, 'no inline event handlers');
  assert.match(html, /var\(--vscode-foreground\)/, 'colours come from the theme');
});
