import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import { pushApi } from '../../src/push/serviceAdapter';
import { resolveFile, ResolveDeps } from '../../src/push/resolveFlow';
import { basePath, editJson, fetchedCampaign, pushCampaign, readBase, World, world } from './harness';

/**
 * The resolve flow against the emulator, below the CLI: a geofence in conflict (a keyed element)
 * written into the file with every other byte kept, and a file edited while it is resolved.
 */

function deps(w: World, o: Partial<ResolveDeps> = {}): ResolveDeps {
  return {
    api: pushApi(w.client),
    environment: { name: 'emu', baseUrl: w.emu.url, workspaceId: w.ws.id, headerPrefix: 'SVC', production: false },
    pick: 'theirs',
    paths: [],
    onWait: () => assert.fail('nothing else holds the campaign'),
    ...o,
  } as ResolveDeps;
}

const MALL = {
  name: 'Mall',
  latitude: '52.5219',
  longitude: '13.4132',
  radius: '100',
  triggered_at: 'ENTRY',
  response_time_value: '0',
  response_time_granularity: 'MINUTES',
};

test("--theirs on a geofence changed on both sides: the file takes the service's element, its other bytes and geofences stay", async t => {
  const w = await world(t);
  const doc = pushCampaign();
  const basic = { ...(doc.basic_details as object), geofences: [MALL, { ...MALL, name: 'Park' }] };
  const { id, file } = await fetchedCampaign(w, { ...doc, basic_details: basic });
  const mine = editJson(file, d => {
    (d.basic_details as any).geofences[0].radius = '150';
    (d.basic_details as any).geofences[1].radius = '300';
  });
  await w.client.patch(id, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: 'colleague@example.com',
    basic_details: {
      ...basic,
      geofences: [
        { ...MALL, radius: '200' },
        { ...MALL, name: 'Park' },
      ],
    },
  });

  const r = await resolveFile({ file: file.path, workspaceRoot: w.root, baseRoot: w.root, id }, deps(w));
  assert.equal(r.outcome, 'resolved', r.message);
  assert.deepEqual(r.outcome === 'resolved' && r.fields.map(f => [f.conflict.path, f.value]), [
    ['basic_details.geofences[name="Mall"].radius', '200'],
  ]);
  assert.equal(file.text(), mine.replace('"radius": "150"', '"radius": "200"'), 'only that value changed in the text');
  const base = readBase(w, id).campaign as { basic_details: { geofences: Array<{ name: string; radius: string }> } };
  assert.deepEqual(
    base.basic_details.geofences.map(g => [g.name, g.radius]),
    [
      ['Mall', '200'],
      ['Park', '100'],
    ],
    "the base takes the service's value of the resolved field only: Park's edit is still yours",
  );
});

test('the file edited while its conflicts are resolved: nothing is written', async t => {
  const w = await world(t);
  const { id, file } = await fetchedCampaign(w);
  editJson(file, d => {
    (d.basic_details as any).name = 'Mine';
  });
  await w.client.patch(id, {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    updated_by: 'colleague@example.com',
    basic_details: { ...(pushCampaign().basic_details as object), name: 'Theirs' },
  });
  const baseBefore = fs.readFileSync(basePath(w, id), 'utf8');
  const api = pushApi(w.client);
  let during = '';
  const r = await resolveFile(
    { file: file.path, workspaceRoot: w.root, baseRoot: w.root, id },
    deps(w, {
      api: {
        getCampaign: async campaign => {
          const remote = await api.getCampaign(campaign);
          during = editJson(file, d => {
            (d.basic_details as any).name = 'Mine, edited again';
          });
          return remote;
        },
      },
    }),
  );
  assert.deepEqual(
    [r.outcome, r.message],
    ['refused', 'Nothing was written: the file changed while its conflicts were being resolved. Resolve again.'],
  );
  assert.equal(file.text(), during, 'the edit made meanwhile stays');
  assert.equal(fs.readFileSync(basePath(w, id), 'utf8'), baseBefore);
});
