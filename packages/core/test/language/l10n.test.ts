import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import * as l10n from '@vscode/l10n';
import { RULE_GROUPS } from '../../src/rules/catalog';
import { L10N_BUNDLE_VARIABLE, loadL10nBundle } from '../../src/l10n';
import { lint, only } from '../helpers/lint';
import { newCampaignChannels, newCampaignDeliveryTypes } from '../../src/language/newCampaign';

/** The rules' messages go through @vscode/l10n: a bundle's translation replaces the English text. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-l10n-'));
after(() => {
  l10n.config({ contents: {} });
  fs.rmSync(dir, { recursive: true, force: true });
});

function bundle(name: string, translations: Record<string, string>): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(translations));
  return file;
}

test("a translated template in a bundle changes a rule's message: a definition's template and a check's own", () => {
  const doc = { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: 'jane', status: 'DRAFT' };
  const english = lint(doc);
  assert.match(only(english, 'D6')[0].message, /^`jane` is not an email address/);
  assert.match(only(english, 'D8')[0].message, /^`status` is read-only metadata/);

  const problem = loadL10nBundle({
    [L10N_BUNDLE_VARIABLE]: pathToFileURL(
      bundle('bundle.l10n.qps.json', {
        '`{value}` is not an email address: use the address of the person making the change, such as `jane@example.com`.':
          "«{value}» n'est pas une adresse électronique.",
        '`{0}` is read-only metadata from the service: it is never sent on push, and editing it has no effect.':
          '«{0}» est une métadonnée en lecture seule.',
      }),
    ).href,
  });
  assert.equal(problem, undefined);
  const translated = lint(doc);
  assert.equal(only(translated, 'D6')[0].message, "«jane» n'est pas une adresse électronique.");
  assert.equal(only(translated, 'D8')[0].message, '«status» est une métadonnée en lecture seule.');
});

test('a bundle that cannot be read is said, and the messages stay in English', () => {
  const problem = loadL10nBundle({ [L10N_BUNDLE_VARIABLE]: path.join(dir, 'missing.json') });
  assert.match(problem ?? '', /^VSCODE_L10N_BUNDLE_LOCATION: the translation bundle .*missing\.json could not be read \(ENOENT/);
});

test("every rule's message template fills through l10n: each {name} is a placeholder of its own, not inside other braces", () => {
  for (const group of RULE_GROUPS) {
    for (const rule of group.rules) {
      for (const [name, template] of Object.entries(rule.messages ?? {})) {
        const vars = Object.fromEntries([...template.matchAll(/\{(\w+)\}/g)].map(m => [m[1], `<${m[1]}>`]));
        const filled = l10n.t(template, vars);
        assert.doesNotMatch(filled, /\{\w+\}/, `${rule.id} ${name}: ${template}`);
      }
    }
  }
});

test("a bundle changes New Campaign's channel and delivery-type labels when they are asked for", () => {
  assert.deepEqual(
    newCampaignChannels().map(c => c.label),
    ['Push', 'Email'],
  );
  l10n.config({
    contents: {
      Email: 'Courriel',
      Periodic: 'Périodique',
      'Sent again and again on a schedule: daily, weekly or monthly.': 'Envoyée selon un calendrier : chaque jour, semaine ou mois.',
    },
  });
  try {
    assert.deepEqual(
      newCampaignChannels().map(c => c.label),
      ['Push', 'Courriel'],
    );
    const periodic = newCampaignDeliveryTypes('EMAIL').find(t => t.value === 'PERIODIC');
    assert.deepEqual(periodic, {
      value: 'PERIODIC',
      label: 'Périodique',
      detail: 'Envoyée selon un calendrier : chaque jour, semaine ou mois.',
    });
  } finally {
    l10n.config({ contents: {} });
  }
});
