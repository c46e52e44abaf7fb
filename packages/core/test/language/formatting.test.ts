import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../src/language/parse';
import { detectIndentation, format, MAX_FORMATTED_LENGTH, MAX_TAB_SIZE } from '../../src/language/formatting';
import { foldingRanges } from '../../src/language/folding';
import { applyTextEdits } from '../../src/language/codeActions';
import { generateCampaign } from '../../../../bench/generate';

/** Formatting with the editor's tab settings (whole document and a range), and folding ranges. */

const UGLY =
  '{"channel":"PUSH","campaign_delivery_type":"ONE_TIME","scheduling_details":{"delivery_type":"ASAP"},"basic_details":{"platforms":["IOS","ANDROID"]}}';

function formatted(text: string, options: Parameters<typeof format>[0]['options'], range?: Parameters<typeof format>[0]['range']): string {
  const parsed = parse(text);
  return applyTextEdits(parsed, format({ parsed, options, range }).edits);
}

test('formatting honours tabSize and insertSpaces', () => {
  const two = formatted(UGLY, { tabSize: 2, insertSpaces: true });
  assert.equal(
    two,
    '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "scheduling_details": {\n    "delivery_type": "ASAP"\n  },\n  "basic_details": {\n    "platforms": [\n      "IOS",\n      "ANDROID"\n    ]\n  }\n}',
  );
  const four = formatted(UGLY, { tabSize: 4, insertSpaces: true });
  assert.match(four, /\n {4}"channel"/);
  assert.match(four, /\n {8}"delivery_type"/);
  const tabs = formatted(UGLY, { tabSize: 4, insertSpaces: false });
  assert.match(tabs, /\n\t"channel"/);
  assert.match(tabs, /\n\t\t"delivery_type"/);
  assert.deepEqual(JSON.parse(tabs), JSON.parse(UGLY));
});

test('formatting a range leaves the rest alone', () => {
  const text =
    '{\n"channel":"PUSH",\n"scheduling_details":{"delivery_type":"ASAP","timezone":"UTC"},\n"campaign_delivery_type":"ONE_TIME"\n}';
  const out = formatted(text, { tabSize: 2, insertSpaces: true }, { start: { line: 2, character: 0 }, end: { line: 2, character: 62 } });
  assert.match(out, /"channel":"PUSH"/, 'outside the range: unchanged');
  assert.match(
    out,
    /\n"scheduling_details": \{\n {2}"delivery_type": "ASAP",\n {2}"timezone": "UTC"\n\},\n"campaign_delivery_type":"ONE_TIME"/,
  );
});

test('formatting keeps CRLF line ends, adds a final new line when asked, and is idempotent', () => {
  const crlf = formatted(UGLY.replace('{"channel"', '{\r\n"channel"'), { tabSize: 2, insertSpaces: true, insertFinalNewline: true });
  assert.ok(crlf.endsWith('}\r\n'));
  assert.ok(!/[^\r]\n/.test(crlf));
  const once = formatted(UGLY, { tabSize: 2, insertSpaces: true });
  assert.deepEqual(format({ parsed: parse(once), options: { tabSize: 2, insertSpaces: true } }), { edits: [] });
});

test('formatting a broken document or one with a BOM does not lose text', () => {
  const broken = '{"channel":"PUSH",\n"x": [1,2';
  const out = formatted(broken, { tabSize: 2, insertSpaces: true });
  assert.equal(out.replace(/\s/g, ''), broken.replace(/\s/g, ''));
  const bom = formatted('\ufeff{"a":1}', { tabSize: 2, insertSpaces: true });
  assert.equal(bom, '\ufeff{\n  "a": 1\n}');
});

test('formatting answers with the fewest edits: none where the text is right, one per changed line, one replace when most lines change', () => {
  const pretty = formatted(UGLY, { tabSize: 2, insertSpaces: true });
  const twoLines = pretty.replace('"channel": "PUSH"', '"channel":"PUSH"').replace('"IOS",', '"IOS"  ,');
  const few = format({ parsed: parse(twoLines), options: { tabSize: 2, insertSpaces: true } }).edits;
  assert.equal(few.length, 2, JSON.stringify(few));
  assert.deepEqual(
    few.map(e => e.range.start.line),
    [1, 8],
  );
  assert.equal(applyTextEdits(parse(twoLines), few), pretty);
  const minified = JSON.stringify(JSON.parse(generateCampaign({ bytes: 200_000 })));
  const once = format({ parsed: parse(minified), options: { tabSize: 2, insertSpaces: true } }).edits;
  assert.equal(once.length, 1, 'a minified document is one replace');
  assert.equal(applyTextEdits(parse(minified), once), JSON.stringify(JSON.parse(minified), null, 2));
  const indented = formatted(UGLY, { tabSize: 4, insertSpaces: true });
  const reindented = format({ parsed: parse(indented), options: { tabSize: 2, insertSpaces: true } }).edits;
  assert.equal(reindented.length, 1, 'every line changes: one replace');
  assert.equal(applyTextEdits(parse(indented), reindented), pretty);
});

test('the tab size is clamped to 1..16 and tabs stay tabs', () => {
  for (const tabSize of [1e9, 1e6, Infinity]) {
    const { edits } = format({ parsed: parse(UGLY), options: { tabSize, insertSpaces: true } });
    const out = applyTextEdits(parse(UGLY), edits);
    assert.match(out, new RegExp(`\\n {${MAX_TAB_SIZE}}"channel"`), String(tabSize));
    assert.ok(out.length < UGLY.length * 10, `${tabSize}: ${out.length} characters`);
  }
  assert.match(formatted(UGLY, { tabSize: 0, insertSpaces: true }), /\n {2}"channel"/);
  assert.match(formatted(UGLY, { tabSize: -3, insertSpaces: true }), /\n "channel"/);
  assert.match(formatted(UGLY, { tabSize: 1e9, insertSpaces: false }), /\n\t\t"delivery_type"/);
});

test('range formatting of a document nested past the depth guard is declined with the same reason as formatting all of it', () => {
  const options = { tabSize: 2, insertSpaces: true };
  // 600 levels: past the guard (512), small enough that the formatter's own bounds would let it through.
  const nested = '{"a": ' + '['.repeat(600) + ']'.repeat(600) + '}';
  const runaway = '{"a": "x\n' + '['.repeat(20_000);
  for (const text of [nested, runaway]) {
    const parsed = parse(text);
    assert.equal(parsed.tooDeep, true);
    const whole = format({ parsed, options });
    assert.match(whole.declined ?? '', /^Not formatted: the document nests too deep/);
    const lastLine = text.split('\n').length - 1;
    for (const range of [
      { start: { line: 0, character: 0 }, end: { line: lastLine, character: 20_000 } },
      { start: { line: lastLine, character: 10 }, end: { line: lastLine, character: 20 } },
    ]) {
      assert.deepEqual(format({ parsed, options, range }), whole, `${JSON.stringify(range)} of ${text.slice(0, 20)}…`);
    }
  }
});

test('formatting whose text would outgrow memory stops at a bound and is declined with the reason', () => {
  const wide = '['.repeat(500) + '0,'.repeat(200_000) + '0' + ']'.repeat(500);
  const result = format({ parsed: parse(wide), options: { tabSize: 16, insertSpaces: true } });
  assert.deepEqual(result.edits, []);
  assert.match(result.declined ?? '', /Not formatted: the formatted text would grow past 48 MB/);
  assert.ok(200_000 * 500 * 16 > MAX_FORMATTED_LENGTH, 'the test document is past the limit');
  const ranged = format({
    parsed: parse(wide),
    options: { tabSize: 16, insertSpaces: true },
    range: { start: { line: 0, character: 500 }, end: { line: 0, character: 600 } },
  });
  assert.equal(ranged.declined, undefined, 'a selection of it is formatted, as the message suggests');
  assert.ok(ranged.edits.length > 0 && ranged.edits.reduce((n, e) => n + e.newText.length, 0) < 1_000_000);
  const deep = parse('{"a": "x\n' + '['.repeat(20_000));
  const declined = format({ parsed: deep, options: { tabSize: 2, insertSpaces: true } });
  assert.deepEqual(declined.edits, []);
  assert.match(declined.declined ?? '', /nests too deep/);
  const ok = format({ parsed: parse(UGLY), options: { tabSize: 2, insertSpaces: true } });
  assert.equal(ok.declined, undefined);
});

test('the indentation a document uses is detected', () => {
  assert.deepEqual(detectIndentation('{\n  "a": {\n    "b": 1\n  }\n}'), { tabSize: 2, insertSpaces: true });
  assert.deepEqual(detectIndentation('{\n    "a": {\n        "b": 1\n    }\n}'), { tabSize: 4, insertSpaces: true });
  assert.deepEqual(detectIndentation('{\n\t"a": {\n\t\t"b": 1\n\t}\n}'), { tabSize: 4, insertSpaces: false });
  assert.equal(detectIndentation('{"a":1}'), undefined);
});

test('folding ranges: multi-line objects and arrays, comments, regions; the closing bracket stays visible', () => {
  const text = [
    '{', // 0
    '  "channel": "PUSH",', // 1
    '  "basic_details": {', // 2
    '    "platforms": [', // 3
    '      "IOS",', // 4
    '      "ANDROID"', // 5
    '    ]', // 6
    '  },', // 7
    '  /* a block', // 8
    '     comment */', // 9
    '  // #region schedule', // 10
    '  "scheduling_details": { "delivery_type": "ASAP" },', // 11
    '  "tags": ["a",', // 12
    '    "b"]', // 13
    '  // #endregion', // 14
    '}', // 15
  ].join('\n');
  const ranges = foldingRanges({ parsed: parse(text) });
  assert.deepEqual(ranges, [
    { startLine: 0, endLine: 14 },
    { startLine: 2, endLine: 6 },
    { startLine: 3, endLine: 5 },
    { startLine: 8, endLine: 9, kind: 'comment' },
    { startLine: 10, endLine: 14, kind: 'region' },
    { startLine: 12, endLine: 13 },
  ]);
});

test("folding honours the client's range limit, keeping the outermost", () => {
  const text = JSON.stringify({ a: { b: { c: { d: 1 } } }, e: [1, 2] }, null, 2);
  const all = foldingRanges({ parsed: parse(text) });
  assert.equal(all.length, 5);
  const two = foldingRanges({ parsed: parse(text), rangeLimit: 2 });
  assert.deepEqual(
    two.map(r => r.startLine),
    [0, 1],
  );
});
