import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { lint, only } from '../helpers/lint';

/**
 * A schema error whose rule has its own message for the keyword is written once, in the rule's
 * words: the keyword's generic sentence is not built and thrown away (on a small file with
 * mistakes, messages were most of the schema check's time).
 */

after(() => l10n.config({ contents: {} }));

/** Which message templates l10n is asked for while `run` runs (a bundle that records its look-ups). */
function templatesAskedFor(run: () => void): string[] {
  const asked: string[] = [];
  l10n.config({
    contents: new Proxy(
      {},
      {
        get: (_, key) => {
          if (typeof key === 'string') asked.push(key);
          return undefined;
        },
      },
    ),
  });
  try {
    run();
  } finally {
    l10n.config({ contents: {} });
  }
  return asked;
}

test("an enum value outside its rule's list is worded by the rule (A1), and the generic enum sentence is never written", () => {
  const doc = {
    channel: 'PUSH',
    campaign_delivery_type: 'ONE_TIME',
    advanced: { expiration_settings: { remove_from_inbox_after_type: 'HOUR', remove_from_inbox_after_value: 2 } },
  };
  let message = '';
  const asked = templatesAskedFor(() => {
    message = only(lint(doc), 'A1')[0].message;
  });
  assert.match(message, /^`remove_from_inbox_after_type` takes only `DAY`, not `HOUR`/);
  assert.deepEqual(
    asked.filter(t => t.startsWith('{0} is not allowed {1}')),
    [],
  );
});

test('an enum value whose rule has no message of its own gets the generic sentence, listing what is allowed', () => {
  const doc = { channel: 'FAX', campaign_delivery_type: 'ONE_TIME' };
  let message = '';
  const asked = templatesAskedFor(() => {
    message = only(lint(doc), 'D2')[0].message;
  });
  assert.equal(message, '`FAX` is not allowed for `channel`: use one of `PUSH`, `EMAIL`, `SMS`.');
  assert.deepEqual(
    asked.filter(t => t.startsWith('{0} is not allowed {1}')),
    ['{0} is not allowed {1}: use {2}.'],
  );
});
