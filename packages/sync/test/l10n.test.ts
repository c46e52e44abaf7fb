import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { adviceFor, ServiceError } from '../src/remote/errors';
import { campaignTooltipLines, describeFilter, EMPTY_FILTER } from '../src/remote/explorerModel';
import { describeComponentSummary } from '../src/remote/componentDiff';

/**
 * Sync's words (error advice, the Campaigns view's texts, the push flows' sentences) go through
 * @vscode/l10n: the bundle the extension hands it at activation replaces the English text.
 */

after(() => l10n.config({ contents: {} }));

const notFound = () =>
  new ServiceError({
    status: 404,
    code: 'NOT_FOUND',
    failure: { kind: 'http', status: 404 },
    message: 'No such campaign.',
    method: 'GET',
    path: '/v5/campaigns/c1',
    requestId: 'r1',
  });

test('a bundle changes the advice on a failed call, sentence by sentence, the values kept', () => {
  const english = adviceFor(notFound(), { environment: 'staging', doing: 'Fetching campaign c1' });
  assert.equal(
    english.message,
    'Fetching campaign c1 failed: NOT_FOUND (HTTP 404): No such campaign. The campaign no longer exists, or it belongs to another workspace than environment `staging`. Refresh the Campaigns view, or switch to the environment it came from.',
  );

  l10n.config({
    contents: {
      '{0} failed: {1}/what was being done (such as "Fetching campaign 65f…"), then why it failed': '{0} a échoué : {1}',
      'The campaign no longer exists, or it belongs to another workspace than environment {0}.':
        "La campagne n'existe plus, ou elle appartient à un autre espace que l'environnement {0}.",
      'Refresh the Campaigns view, or switch to the environment it came from.':
        'Actualisez la vue Campagnes, ou passez à son environnement.',
    },
  });
  try {
    const translated = adviceFor(notFound(), { environment: 'staging', doing: 'Fetching campaign c1' });
    assert.equal(
      translated.message,
      "Fetching campaign c1 a échoué : NOT_FOUND (HTTP 404): No such campaign. La campagne n'existe plus, ou elle appartient à un autre espace que l'environnement `staging`. Actualisez la vue Campagnes, ou passez à son environnement.",
    );
    assert.deepEqual(translated.actions, english.actions);
  } finally {
    l10n.config({ contents: {} });
  }
});

test("a bundle changes the Campaigns view's tooltip rows, filter description and component summary", () => {
  const record = { id: 'c1', campaign_id: 'c1', channel: 'PUSH', status: 'ACTIVE', basic_details: { name: 'Sale' } };
  const summary = { changes: [{ key: 'utm_params', kind: 'changed' as const, paths: [] }], unchanged: [], readOnlyDiffering: [] };
  assert.deepEqual(campaignTooltipLines(record).slice(2, 5), ['id: `c1`  ', 'channel: `PUSH`  ', 'status: `ACTIVE`  ']);
  assert.equal(describeComponentSummary(summary, 'remote', 'local'), '1 component differs between remote and local: `utm_params` changed.');

  l10n.config({
    contents: {
      'channel: {0}': 'canal : {0}',
      'status {0}/a filter of the Campaigns view: the statuses it keeps': 'statut {0}',
      '1 component differs between {0} and {1}: {2}.': 'Un composant diffère entre {0} et {1} : {2}.',
      '{0} changed': '{0} modifié',
    },
  });
  try {
    assert.deepEqual(campaignTooltipLines(record).slice(2, 5), ['id: `c1`  ', 'canal : `PUSH`  ', 'status: `ACTIVE`  ']);
    assert.equal(describeFilter({ ...EMPTY_FILTER, statuses: ['ACTIVE', 'DRAFT'] }), 'statut ACTIVE, DRAFT');
    assert.equal(
      describeComponentSummary(summary, 'remote', 'local'),
      'Un composant diffère entre remote et local : `utm_params` modifié.',
    );
  } finally {
    l10n.config({ contents: {} });
  }
});
