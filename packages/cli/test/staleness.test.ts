import { test } from 'node:test';
import { serviceTimeText } from '@campaign-studio/core';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pushCampaign } from '../../sync/test/push/harness';
import { staleness } from '../src/plan/apply';
import { remoteStamp } from '../src/plan/dryRun';
import { PlanEntry, sha256 } from '../src/plan/format';
import { CliIO } from '../src/io';
import { Service } from '../src/service/session';

/**
 * A plan records what it read of each campaign; push --plan refuses when any of it moved. Against
 * a stubbed service, since the emulator moves `updated_at` on every change: here only the status
 * changes (a campaign published since the plan), with the same `updated_at`, version and content.
 */

const ID = '6ad88294a1c0ffee0100000f';
const FILE = `spring-sale.${ID}.campaign.json`;

/** A service that answers every read with the campaign in `status`, last changed at the same instant. */
function serviceIn(dir: string, status: () => string): { service: Service; io: CliIO } {
  const record = () => ({
    ...pushCampaign(),
    id: ID,
    status: status(),
    updated_at: '2026-10-22 09:52:00',
    updated_by: 'ana@example.com',
    version_number: 3,
  });
  const io: CliIO = {
    stdout: () => undefined,
    stderr: () => undefined,
    isTTY: false,
    cwd: dir,
    env: { CAMPAIGN_API_KEY: 'key' },
    fetch: async (_url, init) => {
      const requestId = new Headers(init?.headers).get('X-SVC-Request-Id');
      return new Response(JSON.stringify({ response_id: requestId, data: record() }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    },
  };
  return { service: new Service({}, io, 'campaign push'), io };
}

test("push --plan refuses a plan when only the campaign's status moved since (same updated_at, version and content)", async t => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-stale-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(
    path.join(dir, 'campaign.environments.json'),
    JSON.stringify({ environments: [{ name: 'staging', baseUrl: 'https://api-01.example.com', workspaceId: 'WS1' }] }),
  );
  const text = `${JSON.stringify(pushCampaign(), null, 2)}\n`;
  fs.writeFileSync(path.join(dir, FILE), text);
  let status = 'DRAFT';
  const { service, io } = serviceIn(dir, () => status);
  const planned = remoteStamp(await service.api(service.defaultEnvironment()).getCampaign(ID));
  const entry: PlanEntry = {
    file: FILE,
    fileSha256: sha256(text),
    campaignId: ID,
    environment: 'staging',
    action: 'update',
    requests: [],
    changes: [],
    remote: planned,
    fileTakes: [],
    conflicts: [],
    problems: [],
    notes: [],
  };
  assert.equal(await staleness(entry, service, io), undefined, 'nothing moved: the plan holds');
  status = 'ACTIVE';
  assert.equal(
    await staleness(entry, service, io),
    `campaign ${ID} changed on staging since the plan was made (at ${serviceTimeText('2026-10-22 09:52:00')} by ana@example.com)`,
  );
});
