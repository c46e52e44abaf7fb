import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '@campaign-studio/core';
import { ConflictChoice, mergeFields, mergeKept } from '../../src/push/merge';
import { CampaignDoc } from '../../src/push/model';
import { computePatch, isEmptyPatch, reviewChanges } from '../../src/push/patch';
import { applyFieldChanges } from '../../src/push/textEdits';

/**
 * The conflict matrix: base, local and remote content, what the merge makes of them, and the
 * exact PATCH body a push would then send (`null`: nothing to send). Each row is one of the cases
 * the closing note of the field-level merge lists.
 */

const ME = 'me@example.com';
const IDENTITY = { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME' };

const BASE: CampaignDoc = {
  ...IDENTITY,
  basic_details: { name: 'Spring sale', tags: ['spring'], platforms: ['ANDROID'] },
  segmentation_details: {
    included_filters: {
      filter_operator: 'and',
      filters: [{ filter_type: 'user_attributes', data_type: 'string', name: 'city', operator: 'in', value: ['Berlin'] }],
    },
    send_campaign_to_opt_out_users: false,
  },
  utm_params: { utm_source: 'app', utm_medium: 'push' },
  advanced: { expiration_settings: { expire_notification_after_value: 2, expire_notification_after_type: 'DAY' } },
};

type Edit = (d: any) => void;

function edited(...edits: Edit[]): CampaignDoc {
  const d = structuredClone(BASE);
  for (const e of edits) e(d);
  return d;
}

interface Row {
  name: string;
  local: CampaignDoc;
  remote: CampaignDoc;
  choices?: Record<string, ConflictChoice>;
  /** The merged content expected. */
  merged: CampaignDoc;
  /** Readable paths of the conflicts. */
  conflicts: string[];
  /** The exact PATCH body, or null when the push has nothing to send. */
  patch: CampaignDoc | null;
}

function patchOf(merged: CampaignDoc, remote: CampaignDoc): CampaignDoc | null {
  const plan = computePatch(merged, remote, ME);
  return isEmptyPatch(plan) ? null : plan.body;
}

/** Choices keyed by readable path, as the rows write them, turned into ids. */
function byId(
  base: CampaignDoc,
  local: CampaignDoc,
  remote: CampaignDoc,
  choices: Record<string, ConflictChoice> = {},
): Record<string, ConflictChoice> {
  const conflicts = mergeFields(base, local, remote).conflicts;
  return Object.fromEntries(Object.entries(choices).map(([path, c]) => [conflicts.find(x => x.path === path)!.id, c]));
}

const body = (components: CampaignDoc): CampaignDoc => ({ ...IDENTITY, updated_by: ME, ...components });

const name =
  (v: string): Edit =>
  d => {
    d.basic_details.name = v;
  };
const tags =
  (v: string[]): Edit =>
  d => {
    d.basic_details.tags = v;
  };

const ROWS: Row[] = [
  {
    name: 'different fields in the same component: both kept, no conflict',
    local: edited(name('Mine')),
    remote: edited(tags(['spring', 'theirs'])),
    merged: edited(name('Mine'), tags(['spring', 'theirs'])),
    conflicts: [],
    patch: body({ basic_details: { name: 'Mine', tags: ['spring', 'theirs'], platforms: ['ANDROID'] } }),
  },
  {
    name: 'the same field changed to the same value: no conflict, nothing to send',
    local: edited(name('Same')),
    remote: edited(name('Same')),
    merged: edited(name('Same')),
    conflicts: [],
    patch: null,
  },
  {
    name: 'the same field changed to different values, yours chosen',
    local: edited(name('Mine')),
    remote: edited(name('Theirs'), tags(['spring', 'theirs'])),
    choices: { 'basic_details.name': 'local' },
    merged: edited(name('Mine'), tags(['spring', 'theirs'])),
    conflicts: ['basic_details.name'],
    patch: body({ basic_details: { name: 'Mine', tags: ['spring', 'theirs'], platforms: ['ANDROID'] } }),
  },
  {
    name: 'the same field changed to different values, theirs chosen: nothing to send',
    local: edited(name('Mine')),
    remote: edited(name('Theirs')),
    choices: { 'basic_details.name': 'remote' },
    merged: edited(name('Theirs')),
    conflicts: ['basic_details.name'],
    patch: null,
  },
  {
    name: 'the same field changed to different values, edited by hand',
    local: edited(name('Mine')),
    remote: edited(name('Theirs')),
    choices: { 'basic_details.name': { value: 'Ours' } },
    merged: edited(name('Ours')),
    conflicts: ['basic_details.name'],
    patch: body({ basic_details: { name: 'Ours', tags: ['spring'], platforms: ['ANDROID'] } }),
  },
  {
    name: 'deleted locally, edited remotely: a conflict; keeping the deletion sends the component without it',
    local: edited(d => {
      delete d.basic_details.tags;
    }),
    remote: edited(tags(['spring', 'theirs'])),
    choices: { 'basic_details.tags': 'local' },
    merged: edited(d => {
      delete d.basic_details.tags;
    }),
    conflicts: ['basic_details.tags'],
    patch: body({ basic_details: { name: 'Spring sale', platforms: ['ANDROID'] } }),
  },
  {
    name: 'the same key added on both sides with the same value: no conflict',
    local: edited(d => {
      d.utm_params.utm_campaign = 'spring';
    }),
    remote: edited(d => {
      d.utm_params.utm_campaign = 'spring';
    }),
    merged: edited(d => {
      d.utm_params.utm_campaign = 'spring';
    }),
    conflicts: [],
    patch: null,
  },
  {
    name: 'the same key added on both sides with different values: a conflict',
    local: edited(d => {
      d.utm_params.utm_campaign = 'mine';
    }),
    remote: edited(d => {
      d.utm_params.utm_campaign = 'theirs';
      d.utm_params.utm_term = 'sale';
    }),
    choices: { 'utm_params.utm_campaign': 'local' },
    merged: edited(d => {
      d.utm_params.utm_campaign = 'mine';
      d.utm_params.utm_term = 'sale';
    }),
    conflicts: ['utm_params.utm_campaign'],
    patch: body({ utm_params: { utm_source: 'app', utm_medium: 'push', utm_campaign: 'mine', utm_term: 'sale' } }),
  },
  {
    name: 'a new component added on both sides, different keys: merged key by key',
    local: edited(d => {
      d.control_group_details = { is_campaign_control_group_enabled: true, campaign_control_group_percentage: 10 };
    }),
    remote: edited(d => {
      d.control_group_details = { is_campaign_control_group_enabled: true, is_global_control_group_enabled: false };
    }),
    merged: edited(d => {
      d.control_group_details = {
        is_campaign_control_group_enabled: true,
        campaign_control_group_percentage: 10,
        is_global_control_group_enabled: false,
      };
    }),
    conflicts: [],
    patch: body({
      control_group_details: {
        is_campaign_control_group_enabled: true,
        campaign_control_group_percentage: 10,
        is_global_control_group_enabled: false,
      },
    }),
  },
  {
    name: 'both sides edit the same array (tags): arrays are values, so a conflict',
    local: edited(tags(['spring', 'mine'])),
    remote: edited(tags(['spring', 'theirs'])),
    choices: { 'basic_details.tags': 'remote' },
    merged: edited(tags(['spring', 'theirs'])),
    conflicts: ['basic_details.tags'],
    patch: null,
  },
  {
    name: 'geofences added on both sides merge by name: one added by each, one added by both alike',
    local: edited(d => {
      d.basic_details.geofences = [
        { name: 'Mall', radius: '200' },
        { name: 'Park', radius: '50' },
      ];
    }),
    remote: edited(d => {
      d.basic_details.geofences = [
        { name: 'Mall', radius: '200' },
        { name: 'Station', radius: '80' },
      ];
    }),
    merged: edited(d => {
      d.basic_details.geofences = [
        { name: 'Mall', radius: '200' },
        { name: 'Park', radius: '50' },
        { name: 'Station', radius: '80' },
      ];
    }),
    conflicts: [],
    patch: body({
      basic_details: {
        name: 'Spring sale',
        tags: ['spring'],
        platforms: ['ANDROID'],
        geofences: [
          { name: 'Mall', radius: '200' },
          { name: 'Park', radius: '50' },
          { name: 'Station', radius: '80' },
        ],
      },
    }),
  },
  {
    name: 'a filter inside segmentation_details changes locally, another field of it remotely: both kept',
    local: edited(d => {
      d.segmentation_details.included_filters.filters[0].value = ['Berlin', 'Paris'];
    }),
    remote: edited(d => {
      d.segmentation_details.send_campaign_to_opt_out_users = true;
    }),
    merged: edited(d => {
      d.segmentation_details.included_filters.filters[0].value = ['Berlin', 'Paris'];
      d.segmentation_details.send_campaign_to_opt_out_users = true;
    }),
    conflicts: [],
    patch: body({
      segmentation_details: {
        included_filters: {
          filter_operator: 'and',
          filters: [{ filter_type: 'user_attributes', data_type: 'string', name: 'city', operator: 'in', value: ['Berlin', 'Paris'] }],
        },
        send_campaign_to_opt_out_users: true,
      },
    }),
  },
  {
    name: 'the filter list changes on both sides: the list is one value, so a conflict at it',
    local: edited(d => {
      d.segmentation_details.included_filters.filters[0].value = ['Paris'];
    }),
    remote: edited(d => {
      d.segmentation_details.included_filters.filter_operator = 'or';
      d.segmentation_details.included_filters.filters[0].value = ['Rome'];
    }),
    choices: { 'segmentation_details.included_filters.filters': 'local' },
    merged: edited(d => {
      d.segmentation_details.included_filters.filter_operator = 'or';
      d.segmentation_details.included_filters.filters[0].value = ['Paris'];
    }),
    conflicts: ['segmentation_details.included_filters.filters'],
    patch: body({
      segmentation_details: {
        included_filters: {
          filter_operator: 'or',
          filters: [{ filter_type: 'user_attributes', data_type: 'string', name: 'city', operator: 'in', value: ['Paris'] }],
        },
        send_campaign_to_opt_out_users: false,
      },
    }),
  },
  {
    name: 'an object turns into a scalar on one side while the other edits inside it: a conflict at the object',
    local: edited(d => {
      d.advanced = null;
    }),
    remote: edited(d => {
      d.advanced.expiration_settings.expire_notification_after_value = 3;
    }),
    choices: { advanced: 'remote' },
    merged: edited(d => {
      d.advanced.expiration_settings.expire_notification_after_value = 3;
    }),
    conflicts: ['advanced'],
    patch: null,
  },
  {
    name: 'a component added remotely: taken, and not sent back',
    local: edited(name('Mine')),
    remote: edited(d => {
      d.conversion_goal_details = { attribution_window_in_hours: 36, goals: [] };
    }),
    merged: edited(name('Mine'), d => {
      d.conversion_goal_details = { attribution_window_in_hours: 36, goals: [] };
    }),
    conflicts: [],
    patch: body({ basic_details: { name: 'Mine', tags: ['spring'], platforms: ['ANDROID'] } }),
  },
  {
    name: 'a component removed locally: the merge drops it, and an update cannot delete it, so nothing is sent',
    local: edited(d => {
      delete d.utm_params;
    }),
    remote: edited(),
    merged: edited(d => {
      delete d.utm_params;
    }),
    conflicts: [],
    patch: null,
  },
  {
    name: 'a component removed locally while edited remotely: a conflict',
    local: edited(d => {
      delete d.utm_params;
    }),
    remote: edited(d => {
      d.utm_params.utm_source = 'newsletter';
    }),
    choices: { utm_params: 'remote' },
    merged: edited(d => {
      d.utm_params.utm_source = 'newsletter';
    }),
    conflicts: ['utm_params'],
    patch: null,
  },
  {
    name: 'a field deleted on the service, untouched locally: the merge drops it too, and it is not sent back',
    local: edited(name('Mine')),
    remote: edited(d => {
      delete d.basic_details.tags;
    }),
    merged: edited(name('Mine'), d => {
      delete d.basic_details.tags;
    }),
    conflicts: [],
    patch: body({ basic_details: { name: 'Mine', platforms: ['ANDROID'] } }),
  },
  {
    name: 'a component deleted on the service, untouched locally: the merge drops it, nothing to send',
    local: edited(),
    remote: edited(d => {
      delete d.utm_params;
    }),
    merged: edited(d => {
      delete d.utm_params;
    }),
    conflicts: [],
    patch: null,
  },
  {
    name: 'a field deleted on the service while edited locally: a conflict; keeping the edit sends it',
    local: edited(tags(['spring', 'mine'])),
    remote: edited(d => {
      delete d.basic_details.tags;
    }),
    choices: { 'basic_details.tags': 'local' },
    merged: edited(tags(['spring', 'mine'])),
    conflicts: ['basic_details.tags'],
    patch: body({ basic_details: { name: 'Spring sale', tags: ['spring', 'mine'], platforms: ['ANDROID'] } }),
  },
];

for (const row of ROWS) {
  test(`conflict matrix: ${row.name}`, () => {
    const choices = byId(BASE, row.local, row.remote, row.choices);
    const m = mergeFields(BASE, row.local, row.remote, choices);
    assert.deepEqual(
      m.conflicts.map(c => c.path),
      row.conflicts,
    );
    assert.deepEqual(m.merged, row.merged);
    assert.deepEqual(patchOf(m.merged, row.remote), row.patch);
  });
}

test('conflict matrix: geofences from the same base merge element by element', () => {
  const base = edited(d => {
    d.basic_details.geofences = [
      { name: 'Mall', radius: '100' },
      { name: 'Park', radius: '50' },
    ];
  });
  const local = edited(d => {
    d.basic_details.geofences = [
      { name: 'Mall', radius: '200' },
      { name: 'Park', radius: '50' },
    ];
  });
  const remote = edited(d => {
    d.basic_details.geofences = [
      { name: 'Mall', radius: '100' },
      { name: 'Station', radius: '80' },
    ];
  });
  const m = mergeFields(base, local, remote);
  assert.deepEqual(m.conflicts, []);
  assert.deepEqual(m.merged.basic_details, {
    ...(BASE.basic_details as object),
    geofences: [
      { name: 'Mall', radius: '200' },
      { name: 'Station', radius: '80' },
    ],
  });
  assert.deepEqual(m.keptLocal, ['basic_details.geofences[name="Mall"]']);
  assert.deepEqual(m.takenFromRemote.sort(), ['basic_details.geofences[name="Park"]', 'basic_details.geofences[name="Station"]']);
  // One geofence deleted on one side and edited on the other is a conflict on that geofence only.
  const edit = edited(d => {
    d.basic_details.geofences = [
      { name: 'Mall', radius: '100' },
      { name: 'Park', radius: '75' },
    ];
  });
  assert.deepEqual(
    mergeFields(base, edit, remote).conflicts.map(c => c.path),
    ['basic_details.geofences[name="Park"]'],
  );
});

test('conflict matrix: only key order, number spelling and string escapes differ: no change, nothing to send', () => {
  const baseText =
    '{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","basic_details":{"name":"Sale","platforms":["ANDROID"]},"advanced":{"expiration_settings":{"expire_notification_after_value":2}}}';
  const localText =
    '{"campaign_delivery_type":"ONE_TIME","advanced":{"expiration_settings":{"expire_notification_after_value":2.0}},"basic_details":{"platforms":["ANDROID"],"name":"\\u0053ale"},"channel":"PUSH"}';
  const base = parse(baseText).value as CampaignDoc;
  const local = parse(localText).value as CampaignDoc;
  const m = mergeFields(base, local, base);
  assert.deepEqual(m.conflicts, []);
  assert.deepEqual([...m.keptLocal, ...m.takenFromRemote, ...m.convergent], []);
  assert.equal(patchOf(m.merged, base), null);
});

test('conflict matrix: Ctrl+Z after "take theirs" before saving: the base stays, so the next push meets the conflict again', () => {
  const local = edited(name('Mine'));
  const remote = edited(name('Theirs'));
  const theirs = byId(BASE, local, remote, { 'basic_details.name': 'remote' });
  const taken = mergeFields(BASE, local, remote, theirs).merged;
  assert.deepEqual(taken, remote);
  // Undo: the file holds "Mine" again. Saved so, it does not keep the merge: the base may not move.
  assert.equal(mergeKept(BASE, remote, taken, local), false);
  assert.equal(mergeKept(BASE, remote, taken, taken), true);
  // So the next push merges against the old base and asks again; nothing is sent unasked.
  const again = mergeFields(BASE, local, remote);
  assert.deepEqual(
    again.conflicts.map(c => c.path),
    ['basic_details.name'],
  );
});

test('conflict matrix: Ctrl+Z after "take theirs" once the merge was saved: the revert is a change the review shows', () => {
  const remote = { ...edited(name('Theirs')) };
  // The merged file was saved: the base is the remote version it was merged with. Then the undo.
  const newBase = remote;
  const local = edited(name('Mine'));
  const m = mergeFields(newBase, local, remote);
  assert.deepEqual(m.conflicts, []);
  const plan = computePatch(m.merged, remote, ME);
  assert.deepEqual(plan.body, body({ basic_details: { name: 'Mine', tags: ['spring'], platforms: ['ANDROID'] } }));
  assert.deepEqual(reviewChanges(plan, m.merged, remote, newBase), [
    { path: 'basic_details.name', before: 'Theirs', after: 'Mine', overridesRemote: false },
  ]);
});

test('the review marks a field that replaces a change made on the service since the fetch', () => {
  const local = edited(name('Mine'));
  const remote = edited(name('Theirs'));
  const m = mergeFields(BASE, local, remote, byId(BASE, local, remote, { 'basic_details.name': 'local' }));
  const plan = computePatch(m.merged, remote, ME);
  assert.deepEqual(reviewChanges(plan, m.merged, remote, BASE), [
    { path: 'basic_details.name', before: 'Theirs', after: 'Mine', overridesRemote: true },
  ]);
});

test('the merge goes into the file field by field; every other byte stays', () => {
  const text =
    '{\n  "id": "c1",\n  "basic_details": {\n    "name": "Mine", // my name\n    "tags": ["spring"]\n  },\n  "utm_params": { "utm_source": "app", "utm_medium": "push" }\n}\n';
  const local = { basic_details: { name: 'Mine', tags: ['spring'] }, utm_params: { utm_source: 'app', utm_medium: 'push' } };
  const merged = {
    basic_details: { name: 'Mine', tags: ['spring', 'theirs'] },
    utm_params: { utm_source: 'app', utm_medium: 'push', utm_term: 'x' },
  };
  const out = applyFieldChanges(text, local, merged);
  assert.deepEqual(parse(out).value, { id: 'c1', ...merged });
  assert.match(out, /"name": "Mine", \/\/ my name\n/, 'the comment and the untouched field keep their bytes');
  assert.equal(out.split('\n')[1], '  "id": "c1",');
});

test('a geofence added by the merge rewrites the geofence list; an edit inside one touches only its field', () => {
  const local = { basic_details: { geofences: [{ name: 'Mall', radius: '100' }] } };
  const text = JSON.stringify(local, null, 2);
  const edit = { basic_details: { geofences: [{ name: 'Mall', radius: '150' }] } };
  assert.equal(applyFieldChanges(text, local, edit), text.replace('"100"', '"150"'));
  const added = {
    basic_details: {
      geofences: [
        { name: 'Mall', radius: '100' },
        { name: 'Park', radius: '50' },
      ],
    },
  };
  assert.deepEqual(JSON.parse(applyFieldChanges(text, local, added)), added);
});
