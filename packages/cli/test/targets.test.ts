import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { DocumentKind } from '@campaign-studio/core';
import { FILE_NAMES } from '../../core/test/helpers/fileNames';
import { CAMPAIGNS, LINTED, TargetCollector, Wanted } from '../src/workspace/targets';
import { Problems } from '../src/workspace/problems';

/** The CLI picks files by core's `fileKind`: the table of names every reader of a file's kind is checked against. */
const SELECTIONS: Array<[string, Wanted, DocumentKind[]]> = [
  ['lint', LINTED, ['campaign', 'search']],
  ['the sync commands', CAMPAIGNS, ['campaign']],
];

for (const [who, wanted, kinds] of SELECTIONS) {
  const selected = (kind: DocumentKind | undefined): boolean => kind !== undefined && kinds.includes(kind);

  test(`${who} accepts by name exactly what fileKind calls ${kinds.join(' or ')}`, () => {
    for (const [name, kind] of FILE_NAMES) assert.equal(wanted.accepts(name), selected(kind), name);
  });

  test(`${who}, given a folder, finds in it exactly the files fileKind calls ${kinds.join(' or ')}`, async () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-targets-')));
    try {
      // Each name in a folder of its own; a drive or a leading separator is dropped, the rest are folders.
      const files = FILE_NAMES.map(([name, kind], i) => ({
        rel: path.join(
          `n${i}`,
          ...name
            .replace(/^[A-Za-z]:/, '')
            .split(/[\\/]/)
            .filter(Boolean),
        ),
        kind,
      }));
      for (const { rel } of files) {
        fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        fs.writeFileSync(path.join(root, rel), '{}');
      }
      const said: string[] = [];
      const collector = new TargetCollector(root, new Problems(line => said.push(line)), wanted);
      await collector.add('.');
      assert.deepEqual(
        collector.targets.map(t => path.relative(root, t.abs)).sort(),
        files
          .filter(f => selected(f.kind))
          .map(f => f.rel)
          .sort(),
      );
      assert.deepEqual(said, []);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}
