import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EmulatorState } from '../src/model';
import { seedState } from '../src/seed';

/**
 * The seed is a contract: tests in every package, the sandbox's data files and the screenshots
 * name its ids, timestamps and texts. This pins it byte for byte (the JSON text, key order
 * included), with one hash per campaign so that a change says which campaign moved. After a
 * deliberate change of the seed, rewrite the fingerprint with
 * `UPDATE_SEED_FINGERPRINT=1 node --import tsx --test packages/emulator/test/seedFingerprint.test.ts`
 * and say why in the commit.
 */

const FILE = path.join(__dirname, 'fixtures', 'seed-fingerprint.json');

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function fingerprint(full: EmulatorState, empty: EmulatorState) {
  return {
    state: sha256(JSON.stringify(full)),
    withoutCampaigns: sha256(JSON.stringify(empty)),
    campaigns: full.campaigns.map(c => ({
      id: c.id,
      name: (c.components.basic_details as { name?: string } | undefined)?.name ?? null,
      sha256: sha256(JSON.stringify(c)),
    })),
  };
}

test('the seed is byte for byte the one pinned in fixtures/seed-fingerprint.json', () => {
  const got = fingerprint(seedState(), seedState(false));
  if (process.env.UPDATE_SEED_FINGERPRINT === '1') fs.writeFileSync(FILE, `${JSON.stringify(got, null, 2)}\n`);
  const pinned = JSON.parse(fs.readFileSync(FILE, 'utf8')) as ReturnType<typeof fingerprint>;
  assert.deepEqual(
    got.campaigns,
    pinned.campaigns,
    'a seed campaign changed (its sha256 differs), or campaigns were added, removed or reordered',
  );
  assert.equal(got.withoutCampaigns, pinned.withoutCampaigns, 'the workspaces of the seed changed');
  assert.equal(got.state, pinned.state, 'the seed state changed outside its campaigns (format, version, reachability, counter)');
});
