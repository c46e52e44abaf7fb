import { test } from 'node:test';
import { serviceTimeText } from '@campaign-studio/core';
import assert from 'node:assert/strict';
import type { Environment, LinksFile, PreparedPromotion, PromotionLink, PushPreview, RemoteCampaign } from '@campaign-studio/sync';
import { NO_LINKS, NO_VALUES } from '@campaign-studio/sync';
import {
  environmentOfEnd,
  equalityOf,
  LinkMark,
  linkedSides,
  markDescription,
  markTooltipLines,
  pairOf,
  promotedBody,
} from '../../src/promote/linkMarks';
import {
  createReviewDocuments,
  outcomeSeverity,
  outcomeText,
  promotionHeading,
  refusalTexts,
  typedPromotion,
  updateReviewDocuments,
} from '../../src/promote/texts';

/** The texts of a promotion and the marks of linked campaigns: pure, without VS Code. */

const staging: Environment = {
  name: 'staging',
  baseUrl: 'http://127.0.0.1:1',
  workspaceId: 'WKSTAGING',
  headerPrefix: 'SVC',
  production: false,
};
const production: Environment = {
  name: 'production',
  baseUrl: 'http://127.0.0.1:1',
  workspaceId: 'WKPROD',
  headerPrefix: 'SVC',
  production: true,
};
const SOURCE = '65f000000000000000000001';
const TARGET = '65f000000000000000000099';

const body = {
  channel: 'PUSH',
  campaign_delivery_type: 'ONE_TIME',
  basic_details: { name: 'Spring sale', platforms: ['ANDROID'] },
  utm_params: { utm_source: 'app' },
};

const link: PromotionLink = {
  from: { environment: 'staging', workspaceId: 'WKSTAGING', campaignId: SOURCE },
  to: { environment: 'production', workspaceId: 'WKPROD', campaignId: TARGET },
  promotedAt: '2026-01-01T10:00:00.000Z',
  promotedBy: 'ana@example.com',
  body: { ...body },
};
const links: LinksFile = { ...NO_LINKS, links: [link] };

function prepared(over: Partial<PreparedPromotion> = {}): PreparedPromotion {
  return {
    from: staging,
    to: production,
    sourceId: SOURCE,
    body,
    campaignName: 'Spring sale',
    substituted: [{ path: 'utm_params.utm_source', from: 'app-test', to: 'app' }],
    refused: [],
    ...over,
  };
}

function remote(doc: Record<string, unknown>): RemoteCampaign {
  return { raw: doc, normalized: doc, status: 'DRAFT' };
}

test('the heading names the source and the target: the linked campaign, or a new draft the first time', () => {
  assert.equal(promotionHeading(prepared()), `Promote Spring sale from staging (campaign ${SOURCE}) to production (new draft)`);
  assert.equal(
    promotionHeading(prepared({ link })),
    `Promote Spring sale from staging (campaign ${SOURCE}) to production (campaign ${TARGET})`,
  );
  assert.equal(promotionHeading(prepared({ campaignName: undefined }), 'X').startsWith(`Promote ${SOURCE} from staging`), true);
});

test('the first promotion reviews nothing in the target against the exact body of the new draft, with every request', () => {
  const docs = createReviewDocuments(prepared(), 'me@example.com');
  assert.equal(docs.title, `Promote Spring sale from staging (campaign ${SOURCE}) to production (new draft)`);
  assert.ok(docs.right.text.endsWith(`${JSON.stringify(body, null, 2)}\n`), docs.right.text);
  assert.ok(docs.left.text.endsWith('\n{}\n'), docs.left.text);
  const header = docs.right.text.slice(0, docs.right.text.indexOf('\n{') + 1);
  assert.equal(docs.left.text.slice(0, header.length), header, 'both sides carry the same header');
  assert.match(header, /\/\/ Environment: production \(PRODUCTION: you will be asked to type its name\)\n/);
  assert.match(header, /\/\/   POST \/v5\/campaigns\n/);
  assert.match(header, /\/\/   PATCH \/v5\/campaigns\/\{id\} basic_details\n/);
  assert.match(header, /\/\/   utm_params\.utm_source: "app-test" → "app"\n/);
  assert.match(header, /\/\/ First promotion: a new draft in production, linked in campaign\.links\.json\.\n/);
});

test("a later promotion is push's review of the update, headed by the promotion", () => {
  const preview: PushPreview = {
    campaignId: TARGET,
    campaignName: 'Spring sale',
    environment: 'production',
    production: true,
    status: 'DRAFT',
    request: { method: 'PATCH', path: `/v5/campaigns/${TARGET}` },
    body: { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', updated_by: 'me@example.com', basic_details: body.basic_details },
    before: { channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', basic_details: { name: 'Old', platforms: ['ANDROID'] } },
    changed: ['basic_details'],
    changes: [{ path: 'basic_details.name', before: 'Old', after: 'Spring sale', overridesRemote: false }],
    takeFromRemote: [],
    notes: [],
  };
  const docs = updateReviewDocuments(prepared({ link }), preview);
  assert.equal(docs.title, `Promote Spring sale from staging (campaign ${SOURCE}) to production (campaign ${TARGET})`);
  assert.match(docs.right.text, /^\/\/ Promote Spring sale from staging/);
  assert.match(docs.right.text, new RegExp(`// PATCH /v5/campaigns/${TARGET}\\n`));
  assert.ok(
    docs.right.text.includes(
      `\n// Linked in campaign.links.json; last promoted ${serviceTimeText('2026-01-01T10:00:00.000Z')} by ana@example.com.\n`,
    ),
    docs.right.text,
  );
  assert.ok(docs.right.text.endsWith(`${JSON.stringify(preview.body, null, 2)}\n`));
});

test("production's question: the environment's name typed exactly", () => {
  const t = typedPromotion(prepared());
  assert.equal(t.title, 'Promote to production environment production');
  assert.equal(t.check('production'), undefined);
  assert.equal(t.check('')?.severity, 'info');
  assert.equal(t.check('prod')?.severity, 'error');
});

test('refusals: one sentence, then each with its path (or the whole campaign) and its way out', () => {
  const r = refusalTexts(
    prepared({
      refused: [
        { path: 'campaign_audience_limit', rule: 'L1', message: 'cannot go to production: remove it.' },
        { path: '', message: 'same workspace.' },
      ],
    }),
  );
  assert.equal(r.message, 'Nothing was sent to production: 2 values or fields of Spring sale cannot go there.');
  assert.equal(r.detail, 'campaign_audience_limit [L1]: cannot go to production: remove it.\n(the campaign): same workspace.');
  assert.equal(refusalTexts(prepared({ refused: [{ path: 'a', message: 'm' }] })).message.includes('1 value or field'), true);
});

test('outcomes: created and updated say what to commit; a conflict points to the comparison; severities follow', () => {
  const created = { outcome: 'created' as const, ok: true, message: 'x', conflicts: [], targetId: TARGET };
  assert.match(outcomeText(prepared(), created), new RegExp(`as new draft ${TARGET}, linked in campaign\\.links\\.json\\. Commit`));
  assert.match(outcomeText(prepared({ link }), { ...created, outcome: 'updated' }), new RegExp(`campaign ${TARGET} updated`));
  assert.match(
    outcomeText(prepared({ link }), { ...created, outcome: 'conflict', ok: false, message: 'Nothing was sent.' }),
    /Compare with Environment/,
  );
  assert.equal(outcomeText(prepared(), { ...created, outcome: 'failed', ok: false, message: 'It failed.' }), 'It failed.');
  assert.equal(outcomeSeverity(created), 'info');
  assert.equal(outcomeSeverity({ ...created, ok: false, outcome: 'cancelled' }), 'info');
  assert.equal(outcomeSeverity({ ...created, ok: false, outcome: 'conflict' }), 'warning');
  assert.equal(outcomeSeverity({ ...created, ok: false, outcome: 'refused' }), 'error');
});

test('linked sides: seen from the source or the target, each with the configured environment of its workspace', () => {
  const envs = [staging, production, { ...production, name: 'prod-copy' }];
  const fromSource = linkedSides(links, envs, { environment: staging, campaignId: SOURCE });
  assert.deepEqual(
    fromSource.map(s => [s.direction, s.other.campaignId, s.otherEnvironment?.name]),
    [['to', TARGET, 'production']],
  );
  const fromTarget = linkedSides(links, envs, { environment: production, campaignId: TARGET });
  assert.deepEqual(
    fromTarget.map(s => [s.direction, s.other.campaignId, s.otherEnvironment?.name]),
    [['from', SOURCE, 'staging']],
  );
  assert.deepEqual(linkedSides(links, envs, { environment: staging, campaignId: TARGET }), []);
  assert.equal(
    environmentOfEnd({ ...link.to, environment: 'renamed' }, envs)?.name,
    'production',
    'the first of its workspace when the name changed',
  );
  assert.equal(environmentOfEnd({ ...link.to, environment: 'prod-copy' }, envs)?.name, 'prod-copy');
  assert.equal(linkedSides(links, [staging], { environment: staging, campaignId: SOURCE })[0].otherEnvironment, undefined);
});

test('equal when the target holds what promoting the source would send; differs after an edit on either side', () => {
  const [side] = linkedSides(links, [staging, production], { environment: staging, campaignId: SOURCE });
  const source = remote({ id: SOURCE, ...body });
  const same = pairOf({ environment: staging, campaignId: SOURCE }, source, side, remote({ id: TARGET, ...body, updated_by: 'x' }))!;
  assert.equal(equalityOf(same, NO_VALUES, links), 'equal');
  const edited = pairOf(
    { environment: staging, campaignId: SOURCE },
    source,
    side,
    remote({ id: TARGET, ...body, basic_details: { ...body.basic_details, name: 'Edited in production' } }),
  )!;
  assert.equal(equalityOf(edited, NO_VALUES, links), 'differs');
  // Seen from the target, the pair is the same promotion.
  const [back] = linkedSides(links, [staging, production], { environment: production, campaignId: TARGET });
  const fromTarget = pairOf({ environment: production, campaignId: TARGET }, remote({ id: TARGET, ...body }), back, source)!;
  assert.equal(fromTarget.from.name, 'staging');
  assert.equal(fromTarget.sourceId, SOURCE);
  assert.equal(equalityOf(fromTarget, NO_VALUES, links), 'equal');
  // The target's values are put in place before comparing.
  const values = { version: 1 as const, values: [{ path: 'utm_params.utm_source', values: { staging: 'app-test', production: 'app' } }] };
  const mapped = pairOf(
    { environment: staging, campaignId: SOURCE },
    remote({ ...body, utm_params: { utm_source: 'app-test' } }),
    side,
    remote(body),
  )!;
  assert.deepEqual(promotedBody(mapped, values, links).body.utm_params, { utm_source: 'app' });
  assert.equal(equalityOf(mapped, values, links), 'equal');
  assert.equal(equalityOf(mapped, NO_VALUES, links), 'differs');
});

test("marks: the other environment and whether the sides are equal, in the item's description and its tooltip", () => {
  const [side] = linkedSides(links, [staging, production], { environment: staging, campaignId: SOURCE });
  const marks = (equality: LinkMark['equality'], reason?: string): LinkMark[] => [{ side, equality, ...(reason ? { reason } : {}) }];
  assert.equal(markDescription([]), '');
  assert.equal(markDescription(marks('equal')), '⇄ production = equal');
  assert.equal(markDescription(marks('differs')), '⇄ production ≠ differs');
  assert.equal(markDescription(marks('unknown')), '⇄ production … not compared yet');
  assert.equal(markDescription(marks('unreadable')), '⇄ production ? not compared');
  assert.deepEqual(markTooltipLines([]), []);
  const tip = markTooltipLines(marks('differs')).join('\n');
  assert.match(
    tip,
    new RegExp(`Promoted to campaign ${TARGET} of production \\(last on 2026-01-01T10:00:00\\.000Z by ana@example\\.com\\)\\.`),
  );
  assert.match(tip, /Differs: production does not hold what a promotion would send/);
  assert.match(
    markTooltipLines(marks('unreadable', 'no API key of production is stored.')).join('\n'),
    /Not compared: no API key of production is stored\./,
  );
});
