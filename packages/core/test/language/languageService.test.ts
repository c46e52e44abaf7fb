import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LanguageService, ParseCache, TextDocumentLike } from '../../src/language/languageService';
import { compareDiagnostics, CampaignDiagnostic, limitDiagnostics, toDiagnostics } from '../../src/language/diagnostics';
import { documentSettings, settingsFromText } from '../../src/language/settings';
import { parse } from '../../src/language/parse';
import { uriToFileName } from '../../src/language/uri';

/** The language service the server and the CLI share: the parse cache, document kinds, diagnostics. */

function doc(uri: string, text: string, version = 1): TextDocumentLike & { reads: number } {
  const d = {
    uri,
    version,
    reads: 0,
    getText: () => {
      d.reads++;
      return text;
    },
  };
  return d;
}

const NONE = documentSettings(undefined);
const CAMPAIGN = '{ "channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "status": "DRAFT" }';

describe('the parse cache', () => {
  test('each version is parsed once; a new version with the same text reuses the parse', () => {
    const cache = new ParseCache(4);
    const a1 = doc('file:///a.campaign.json', CAMPAIGN, 1);
    const p1 = cache.get(a1);
    assert.equal(cache.get(a1), p1);
    assert.equal(a1.reads, 1, 'the text is not even read again for the same version');
    assert.equal(cache.get(doc('file:///a.campaign.json', CAMPAIGN, 2)), p1);
    const p3 = cache.get(doc('file:///a.campaign.json', CAMPAIGN + ' ', 3));
    assert.notEqual(p3, p1);
    assert.equal(cache.parses, 2);
  });

  test('bounded by entries: the least recently used goes first', () => {
    const cache = new ParseCache(2);
    const a = doc('file:///a.json', '{}'),
      b = doc('file:///b.json', '{}'),
      c = doc('file:///c.json', '{}');
    cache.get(a);
    cache.get(b);
    cache.get(a); // a is now the most recent
    cache.get(c);
    assert.deepEqual([cache.has(a.uri), cache.has(b.uri), cache.has(c.uri)], [true, false, true]);
    assert.equal(cache.entries, 2);
  });

  test('bounded by bytes, but the newest document always stays', () => {
    const cache = new ParseCache(10, 250);
    cache.get(doc('file:///a.json', `{"a": "${'x'.repeat(40)}"}`));
    cache.get(doc('file:///b.json', `{"b": "${'x'.repeat(40)}"}`));
    assert.equal(cache.entries, 2);
    cache.get(doc('file:///c.json', `{"c": "${'x'.repeat(40)}"}`));
    assert.deepEqual([cache.has('file:///a.json'), cache.has('file:///c.json')], [false, true]);
    cache.get(doc('file:///huge.json', `{"h": "${'x'.repeat(500)}"}`));
    assert.deepEqual([cache.entries, cache.has('file:///huge.json')], [1, true]);
    cache.delete('file:///huge.json');
    assert.equal(cache.entries, 0);
  });

  test('a position tree built after caching counts: the next use evicts the oldest', () => {
    const text = `{"a": "${'x'.repeat(1000)}"}`;
    const a = doc('file:///a.json', text),
      b = doc('file:///b.json', text + ' ');
    const cache = new ParseCache(10, 3 * parse(text).footprint());
    cache.get(a);
    const parsedB = cache.get(b);
    assert.equal(cache.entries, 2);
    parsedB.tree();
    assert.ok(cache.bytes > 3 * parse(text).footprint(), 'the tree weighs more than the text');
    cache.get(b);
    assert.deepEqual([cache.has(a.uri), cache.has(b.uri)], [false, true]);
  });

  test('large broken documents build no position tree until a range is needed', () => {
    const parsed = parse(`{"a": [${'1, '.repeat(100_000)}],}`);
    assert.equal(parsed.strict, false);
    assert.ok(
      parsed.syntax.some(f => /Trailing comma/.test(f.message)),
      JSON.stringify(parsed.syntax),
    );
    assert.equal(parsed.hasTree(), false);
    const before = parsed.footprint();
    assert.ok(parsed.tree());
    assert.ok(parsed.footprint() > before);
  });

  test('under memory pressure a new parse drops every other entry', () => {
    let pressure = false;
    const cache = new ParseCache(10, Infinity, () => pressure);
    cache.get(doc('file:///a.json', '{}'));
    cache.get(doc('file:///b.json', '{}'));
    assert.equal(cache.entries, 2);
    pressure = true;
    cache.get(doc('file:///c.json', '{}'));
    assert.deepEqual([cache.entries, cache.has('file:///c.json')], [1, true]);
  });
});

describe('document kinds, by file name only', () => {
  const service = new LanguageService();
  const cases: Array<[string, string]> = [
    ['file:///w/a.campaign.json', 'campaign'],
    ['file:///w/A.CAMPAIGN.JSON', 'campaign'],
    ['file:///w/q.search.json', 'search'],
    ['file:///w/.campaignrc.json', 'campaignrc'],
    ['file:///w/other.json', 'campaign'],
    ['file:///w/my%20campaigns/x.search.json', 'search'],
    ['untitled:Untitled-1', 'campaign'],
    ['campaign://remote/abc/Welcome.search.json', 'search'],
  ];
  for (const [uri, kind] of cases) test(`${uri} → ${kind}`, () => assert.equal(service.kind({ uri }), kind));

  test('file URIs become paths, percent escapes decoded', () => {
    assert.equal(uriToFileName('file:///w/my%20campaigns/x.json'), '/w/my campaigns/x.json');
    assert.equal(uriToFileName('untitled:Untitled-1'), 'Untitled-1');
    assert.equal(uriToFileName('not a uri'), 'not a uri');
  });
});

describe('diagnostics', () => {
  test('every diagnostic carries its rule id, source, documentation link and pointer', () => {
    const service = new LanguageService();
    const got = service.diagnostics(doc('file:///w/a.campaign.json', CAMPAIGN), NONE);
    assert.equal(got.length, 1);
    assert.deepEqual(got[0], {
      range: { start: { line: 0, character: 59 }, end: { line: 0, character: 67 } },
      severity: 3,
      code: 'D8',
      source: 'campaign-studio',
      message: got[0].message,
      codeDescription: { href: 'https://github.com/campaign-studio/campaign-studio/blob/main/docs/rules.md#d8' },
      data: { path: '/status' },
    });
  });

  test('a settings document shows exactly the problems its campaigns summarise, all W1', () => {
    const text = '{ "features": { "queuing": "no" }, }';
    const service = new LanguageService();
    const own = service.diagnostics(doc('file:///w/.campaignrc.json', text), NONE);
    const loaded = settingsFromText(text, '/w/.campaignrc.json');
    assert.deepEqual(
      own.map(d => `${d.code} ${d.severity} ${d.message}`).sort(),
      loaded.problems.map(p => `${p.rule} 1 ${p.message}`).sort(),
    );
    assert.equal(own.length, 2, 'the wrong type and the trailing comma');
  });

  test('a campaign under a broken settings file gets one W1 warning; extra findings are added; rule failures are logged', () => {
    const logs: string[] = [];
    const service = new LanguageService({
      extraFindings: uri =>
        uri.endsWith('a.campaign.json') ? [{ rule: 'D2', path: '/channel', message: 'from the service', severity: 'error' }] : [],
      log: m => logs.push(m),
    });
    const broken = documentSettings(settingsFromText('{ "features": [] }', '/w/.campaignrc.json'));
    const got = service.diagnostics(doc('file:///w/team/a.campaign.json', CAMPAIGN), broken);
    assert.deepEqual(got.map(d => `${d.code} ${d.severity}`).sort(), ['D2 1', 'D8 3', 'W1 2']);
    assert.match(got.find(d => d.code === 'W1')!.message, /\.\.\/\.campaignrc\.json has errors/);
    assert.deepEqual(logs, []);
  });

  test("a finding of the service that repeats a rule's (same place, its words or its id) is shown once; others are added", () => {
    const text = '{ "channel": "PUSH", "campaign_delivery_type": "NEVER" }';
    const rule = new LanguageService()
      .findings(doc('file:///w/a.campaign.json', text), NONE)
      .find(f => f.path === '/campaign_delivery_type')!;
    const extra = [
      {
        rule: 'VALIDATION_FAILED',
        path: '/campaign_delivery_type',
        message: `The service rejected this (VALIDATION_FAILED): ${rule.message}`,
        severity: 'error' as const,
      },
      { rule: rule.rule, path: '/campaign_delivery_type', message: "the same rule, in the push's words", severity: 'error' as const },
      {
        rule: 'VALIDATION_FAILED',
        path: '/channel',
        message: 'The service rejected this (VALIDATION_FAILED): something only it knows.',
        severity: 'error' as const,
      },
    ];
    const service = new LanguageService({ extraFindings: () => extra });
    const got = service.findings(doc('file:///w/a.campaign.json', text), NONE);
    assert.deepEqual(
      got.filter(f => f.path === '/campaign_delivery_type').map(f => f.message),
      [rule.message],
    );
    assert.equal(got.filter(f => f.path === '/channel').length, 1);
  });

  test("a read-only view of the service's copy (campaign://) reports errors and warnings, not information", () => {
    const text =
      '{ "id": "65f0c1d2e3a4b5c6d7e8f901", "status": "ACTIVE", "updated_at": "2025-01-01", "channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "oops": 1 }';
    const service = new LanguageService();
    const inFile = service.diagnostics(doc('file:///w/a.campaign.json', text), NONE).map(d => `${d.code} ${d.severity}`);
    const inView = service
      .diagnostics(doc('campaign://prod/65f0c1d2e3a4b5c6d7e8f901/Spring%20sale', text), NONE)
      .map(d => `${d.code} ${d.severity}`);
    assert.ok(inFile.includes('D8 3'), inFile.join(', '));
    assert.deepEqual(
      inView,
      inFile.filter(d => !/ [34]$/.test(d)),
    );
    assert.ok(inView.length > 0 && inView.every(d => / [12]$/.test(d)), inView.join(', '));
  });

  test('in document order, then by severity and rule id', () => {
    const mk = (line: number, character: number, severity: 1 | 2 | 3 | 4, code: string): CampaignDiagnostic => ({
      range: { start: { line, character }, end: { line, character } },
      severity,
      code,
      source: 'campaign-studio',
      message: '',
      codeDescription: { href: '' },
      data: { path: '' },
    });
    const sorted = [mk(2, 0, 1, 'B1'), mk(0, 5, 2, 'D7'), mk(0, 5, 1, 'D1'), mk(0, 5, 1, 'C1'), mk(0, 1, 4, 'X')].sort(compareDiagnostics);
    assert.deepEqual(
      sorted.map(d => d.code),
      ['X', 'C1', 'D1', 'D7', 'B1'],
    );
  });

  test("the editor's cap keeps the most severe, in document order, and counts the rest", () => {
    const text = `{\n${Array.from({ length: 30 }, (_, i) => `  "k${i}": ${i},`).join('\n')}\n  "channel": "PUSH"\n}`;
    const parsed = parse(text);
    const all = toDiagnostics(parsed, [
      ...Array.from({ length: 30 }, (_, i) => ({
        rule: 'D7',
        path: `/k${i}`,
        message: 'unknown',
        severity: 'warning' as const,
        target: 'key' as const,
      })),
      { rule: 'D2', path: '/channel', message: 'late error', severity: 'error' },
      { rule: 'D8', path: '/k0', message: 'info', severity: 'information' },
    ]);
    const { shown, hidden } = limitDiagnostics(all, 10);
    assert.equal(hidden, 22);
    assert.equal(shown.length, 10);
    assert.deepEqual(
      shown.map(d => d.code),
      ['D7', 'D7', 'D7', 'D7', 'D7', 'D7', 'D7', 'D7', 'D7', 'D2'],
    );
    assert.deepEqual(
      shown.map(d => d.range.start.line),
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 31],
    );
    assert.deepEqual(limitDiagnostics(all, 100), { shown: all, hidden: 0 });
  });
});
