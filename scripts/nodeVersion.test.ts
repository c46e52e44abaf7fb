import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

/**
 * One Node for the whole project: the range in the root package.json's `engines`, which every
 * workspace package repeats, `.nvmrc` names the major of (CI checks it, `.ci/run`), and every
 * installed package accepts in full. A dependency that asks for a newer Node fails here, not as an
 * EBADENGINE warning at install that no one reads.
 */

const root = path.resolve(__dirname, '..');

type Lock = { packages: Record<string, { version?: string; engines?: { node?: string } }> };

function readJson<T>(file: string): T {
  return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as T;
}

function projectRange(): string {
  return readJson<{ engines: { node: string } }>('package.json').engines.node;
}

/** Installed packages whose `engines.node` leaves out some version of `range`, as `name@version (engines)`. */
function enginesExcluding(lock: Lock, range: string): string[] {
  return Object.entries(lock.packages)
    .filter(
      ([key, entry]) => key.startsWith('node_modules/') && entry.engines?.node !== undefined && !semver.subset(range, entry.engines.node),
    )
    .map(
      ([key, entry]) => `${key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${entry.version} (${entry.engines?.node})`,
    );
}

test('every installed package (package-lock.json) accepts every Node the project says it runs on', () => {
  assert.deepEqual(enginesExcluding(readJson<Lock>('package-lock.json'), projectRange()), []);
});

test('the check names a package that wants a newer Node, or accepts only part of the range', () => {
  const lock: Lock = {
    packages: {
      '': { engines: { node: '^20.19.0' } },
      'node_modules/a': { version: '1.0.0', engines: { node: '>=18' } },
      'node_modules/b': { version: '5.0.0', engines: { node: '>=22' } },
      'node_modules/a/node_modules/c': { version: '2.0.0', engines: { node: '>=20.20' } },
      'node_modules/d': { version: '3.0.0' },
    },
  };
  assert.deepEqual(enginesExcluding(lock, '^20.19.0'), ['b@5.0.0 (>=22)', 'c@2.0.0 (>=20.20)']);
});

test("every workspace package's engines.node is the root's, and so is the lock's", () => {
  const range = projectRange();
  for (const dir of fs.readdirSync(path.join(root, 'packages'))) {
    const file = `packages/${dir}/package.json`;
    assert.equal(readJson<{ engines?: { node?: string } }>(file).engines?.node, range, file);
  }
  assert.equal(
    readJson<Lock>('package-lock.json').packages['']?.engines?.node,
    range,
    'package-lock.json is older than package.json: npm install',
  );
});

test(".nvmrc names the major of the project's Node range, and @types/node describes that major", () => {
  const range = projectRange();
  const major = fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
  assert.ok(semver.subset(range, `${major}.x`), `engines.node ${range} is not within Node ${major} (.nvmrc)`);
  const types = readJson<{ devDependencies: Record<string, string> }>('package.json').devDependencies['@types/node'];
  assert.ok(semver.subset(types, `${major}.x`), `@types/node ${types} is not for Node ${major}`);
});
