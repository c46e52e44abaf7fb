import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kindOf, parse, validate } from '../../src/index';

/**
 * Loading core runs no schema code: the precompiled validators (a quarter of a megabyte) are
 * evaluated at the first check, so a process that starts (the server before its first document,
 * the CLI's `--help`) does not pay for them.
 */

const validatorsLoaded = (): boolean => Object.keys(require.cache).some(file => /generated[\\/]validators\.js$/.test(file));

test('the validators are evaluated at the first check, not when core is loaded', () => {
  assert.equal(validatorsLoaded(), false, 'loading core evaluated the validators');
  const findings = validate(parse('{ "channel": "PUSH" }'), { kind: kindOf('a.campaign.json'), settings: { features: {} } });
  assert.ok(
    findings.some(f => f.rule === 'D3'),
    'the first check ran the schema',
  );
  assert.equal(validatorsLoaded(), true);
});
