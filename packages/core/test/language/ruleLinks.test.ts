import { test } from 'node:test';
import assert from 'node:assert/strict';
import { commandRuleLink, fileRuleLink, ruleDocActions, webRuleLink } from '../../src/language/ruleLinks';
import { toDiagnostics } from '../../src/language/diagnostics';
import { doHover } from '../../src/language/hover';
import { parse } from '../../src/language/parse';

/** Where rule links lead, and the quick-fix menu's documentation entries. */

test('links: a section of a local docs/rules.md, an editor command with the rule id, or the web page', () => {
  assert.equal(fileRuleLink('file:///opt/campaign-studio/docs/rules.md')('H2'), 'file:///opt/campaign-studio/docs/rules.md#h2');
  assert.equal(commandRuleLink('campaignStudio.showRuleDoc')('H2'), 'command:campaignStudio.showRuleDoc?%5B%22H2%22%5D');
  assert.match(webRuleLink('H2'), /^https:\/\/.+\/docs\/rules\.md#h2$/);
});

test('diagnostics and hovers use the link they are given', () => {
  const parsed = parse(
    '{ "channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "segmentation_details": { "included_filters": { "filter_operator": "AND", "filters": [] } } }',
  );
  const link = commandRuleLink('show');
  const [d] = toDiagnostics(
    parsed,
    [{ rule: 'F1', path: '/segmentation_details/included_filters/filter_operator', message: 'm', severity: 'error' }],
    link,
  );
  assert.equal(d.codeDescription.href, link('F1'));
  const at = parsed.text.indexOf('"AND"') + 1;
  const hover = doHover({
    parsed,
    kind: 'campaign',
    settings: { features: {} } as never,
    position: { line: 0, character: at },
    ruleLink: link,
  });
  assert.ok((hover?.contents as { value: string }).value.includes(`[F1](${link('F1')})`));
});

test('the quick-fix menu: one documentation entry per rule of ours, running the command', () => {
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } };
  const actions = ruleDocActions(
    [
      { range, message: 'a', code: 'H2', source: 'campaign-studio' },
      { range, message: 'b', code: 'H2', source: 'campaign-studio' },
      { range, message: 'c', code: 'F1', source: 'campaign-studio' },
      { range, message: 'd', code: 'X1', source: 'another-linter' },
    ],
    'show',
  );
  assert.deepEqual(
    actions.map(a => [a.title, a.command?.arguments, a.diagnostics?.length]),
    [
      ['Show documentation for rule H2', ['H2'], 2],
      ['Show documentation for rule F1', ['F1'], 1],
    ],
  );
});
