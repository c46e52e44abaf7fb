import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { pathToFileURL } from 'url';
import { fileUri } from '../../src/language/uri';

const segment = fc.stringMatching(/^[A-Za-z0-9._~ %#?é-]{1,8}$/);
const absolutePath = fc.array(segment, { minLength: 1, maxLength: 5 }).map(parts => `/${parts.join('/')}`);

test('fileUri writes the URI pathToFileURL writes, for plain and unusual paths alike', () => {
  fc.assert(
    fc.property(absolutePath, p => {
      assert.equal(fileUri(p), pathToFileURL(p).href);
    }),
    { numRuns: 2000 },
  );
});
