import { test } from 'node:test';
import assert from 'node:assert/strict';
import { workspaceValidation } from '../../src/language/workspaceFiles';

/** The settings of the background check of a workspace's campaign files. */

test('the background check is on unless turned off, over the default names and campaignStudio.files', () => {
  assert.deepEqual(workspaceValidation(undefined), {
    enabled: true,
    patterns: ['**/*.campaign.json', '**/*.search.json', '**/.campaignrc.json'],
  });
  assert.equal(workspaceValidation({ validation: { workspace: false } }).enabled, false);
  assert.deepEqual(workspaceValidation({ files: ['drafts/*.json', '**/*.campaign.json', 3] }).patterns, [
    '**/*.campaign.json',
    '**/*.search.json',
    '**/.campaignrc.json',
    'drafts/*.json',
  ]);
});
