import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, ParsedDocument } from '../../src/language/parse';
import { offsetAt, positionAt, Range, rangeFor, rangesFor, valueOffsets } from '../../src/language/ranges';

/**
 * The one pointer → range mapper. Strict JSON is mapped by the guided scan over the text, and
 * anything else (comments, trailing commas, duplicate keys, or a tree already built) by the
 * position tree: every case runs both ways and must underline the same text. `⟦…⟧` marks the
 * expected range in the case's text.
 */

interface Case {
  name: string;
  text: string;
  pointer: string;
  target?: 'key' | 'value';
}

/** The text without the marks, and the offsets of what they enclose. */
function unmark(marked: string): { text: string; start: number; end: number } {
  const start = marked.indexOf('⟦');
  const end = marked.indexOf('⟧') - 1;
  return { text: marked.replace('⟦', '').replace('⟧', ''), start, end };
}

/** Line and character of an offset in text whose lines end with `\n`, counted by hand. */
function lineChar(text: string, offset: number): { line: number; character: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length - 1, character: before[before.length - 1].length };
}

function expectedRange(marked: string): Range {
  const { text, start, end } = unmark(marked);
  return { start: lineChar(text, start), end: lineChar(text, end) };
}

/** The document as the guided scan sees it (strict, no tree), and as the tree sees it. */
function bothWays(text: string): Array<{ way: string; doc: () => ParsedDocument }> {
  return [
    {
      way: 'scan',
      doc: () => {
        const d = parse(text);
        assert.ok(d.strict && !d.hasTree(), 'strict JSON, no tree yet');
        return d;
      },
    },
    {
      way: 'tree',
      doc: () => {
        const d = parse(text);
        d.tree();
        return d;
      },
    },
  ];
}

const NESTED = `{
  "name": "Spring \\"sale\\" {[",
  "basic_details": {
    "tags": ["a", "b]", {"k": "}"}],
    "count": -12.5e3,
    "flag": true,
    "none": null,
    "geofences": [
      {"name": "Mall", "radius": 200},
      {"name": "Park", "radius": 50}
    ]
  },
  "x/y~z": 77,
  "path": "C:\\\\",
  "esc\\u0041pe": 55,
  "say \\"hi\\"": "hello",
  "last":	"tab"
}`;

function mark(text: string, what: string, occurrence = 0): string {
  let at = -1;
  for (let i = 0; i <= occurrence; i++) at = text.indexOf(what, at + 1);
  assert.ok(at >= 0, `${what} is in the text`);
  return text.slice(0, at) + '⟦' + what + '⟧' + text.slice(at + what.length);
}

const CASES: Array<Case & { expected: string }> = [
  { name: 'a string value: the value', text: NESTED, pointer: '/name', expected: mark(NESTED, '"Spring \\"sale\\" {["') },
  { name: 'a string value asked for its key: the key', text: NESTED, pointer: '/name', target: 'key', expected: mark(NESTED, '"name"') },
  { name: 'an object: its key, not the block', text: NESTED, pointer: '/basic_details', expected: mark(NESTED, '"basic_details"') },
  {
    name: 'an object asked for its key: the key',
    text: NESTED,
    pointer: '/basic_details',
    target: 'key',
    expected: mark(NESTED, '"basic_details"'),
  },
  { name: 'an array: its key', text: NESTED, pointer: '/basic_details/tags', expected: mark(NESTED, '"tags"') },
  { name: 'an array item past strings holding brackets', text: NESTED, pointer: '/basic_details/tags/1', expected: mark(NESTED, '"b]"') },
  { name: 'an object inside an array: its opening brace', text: NESTED, pointer: '/basic_details/tags/2', expected: mark(NESTED, '{', 3) },
  { name: 'a member of an object in an array', text: NESTED, pointer: '/basic_details/tags/2/k', expected: mark(NESTED, '"}"') },
  { name: 'a number with sign, fraction and exponent', text: NESTED, pointer: '/basic_details/count', expected: mark(NESTED, '-12.5e3') },
  { name: 'true', text: NESTED, pointer: '/basic_details/flag', expected: mark(NESTED, 'true') },
  { name: 'null', text: NESTED, pointer: '/basic_details/none', expected: mark(NESTED, 'null') },
  {
    name: 'a member of the second array element',
    text: NESTED,
    pointer: '/basic_details/geofences/1/radius',
    expected: mark(NESTED, '50'),
  },
  {
    name: 'a member of the first array element',
    text: NESTED,
    pointer: '/basic_details/geofences/0/radius',
    expected: mark(NESTED, '200'),
  },
  { name: 'a key with `/` and `~`, escaped in the pointer', text: NESTED, pointer: '/x~1y~0z', expected: mark(NESTED, '77') },
  { name: 'a string ending in an escaped backslash', text: NESTED, pointer: '/path', expected: mark(NESTED, '"C:\\\\"') },
  { name: 'a key written with a \\u escape', text: NESTED, pointer: '/escApe', expected: mark(NESTED, '55') },
  { name: 'a key with escaped quotes', text: NESTED, pointer: '/say "hi"', expected: mark(NESTED, '"hello"') },
  { name: 'a value after a tab', text: NESTED, pointer: '/last', expected: mark(NESTED, '"tab"') },
  {
    name: 'a missing member: the key of its parent',
    text: NESTED,
    pointer: '/basic_details/missing',
    expected: mark(NESTED, '"basic_details"'),
  },
  {
    name: "a missing member asked for its key: still the parent's key",
    text: NESTED,
    pointer: '/basic_details/missing',
    target: 'key',
    expected: mark(NESTED, '"basic_details"'),
  },
  { name: "below a scalar: the scalar's key", text: NESTED, pointer: '/name/deeper', expected: mark(NESTED, '"name"') },
  { name: "an index past the end: the array's key", text: NESTED, pointer: '/basic_details/tags/7', expected: mark(NESTED, '"tags"') },
  {
    name: "an index that is not a number: the array's key",
    text: NESTED,
    pointer: '/basic_details/tags/x',
    expected: mark(NESTED, '"tags"'),
  },
  { name: 'a missing top-level member: the opening brace', text: NESTED, pointer: '/nope', expected: mark(NESTED, '{', 0) },
  { name: 'the root: the opening brace', text: NESTED, pointer: '', expected: mark(NESTED, '{', 0) },
  { name: 'the root asked for its key: the opening brace', text: NESTED, pointer: '', target: 'key', expected: mark(NESTED, '{', 0) },
  { name: 'a root array item', text: '[1, [2, 3], 4]', pointer: '/2', expected: '[1, [2, 3], ⟦4⟧]' },
  { name: 'the root of a document that is a string', text: '"just text"', pointer: '', expected: '⟦"just text"⟧' },
  { name: 'a value in an empty object', text: '{ }', pointer: '/a', expected: '⟦{⟧ }' },
  { name: 'a value in an empty array', text: '{"a": [ ]}', pointer: '/a/0', expected: '{⟦"a"⟧: [ ]}' },
  { name: 'a key that only shares a prefix is not a match', text: '{"ab": 1, "a": 2}', pointer: '/a', expected: '{"ab": 1, "a": ⟦2⟧}' },
  { name: 'a key that is one escaped backslash', text: '{"\\\\": 1, "a": 2}', pointer: '/\\', expected: '{"\\\\": ⟦1⟧, "a": 2}' },
  {
    name: 'lines ending in CRLF',
    text: '{\r\n  "a": 1,\r\n  "b": true\r\n}',
    pointer: '/b',
    expected: '{\r\n  "a": 1,\r\n  "b": ⟦true⟧\r\n}',
  },
];

describe('a pointer maps to the range a person expects, both ways', () => {
  for (const c of CASES) {
    for (const { way, doc } of bothWays(c.text)) {
      test(`${c.name} (${way})`, () => {
        assert.equal(unmark(c.expected).text, c.text);
        assert.deepEqual(rangeFor(doc(), { path: c.pointer, target: c.target }), expectedRange(c.expected));
      });
    }
  }
});

describe('many pointers at once', () => {
  const pointers = CASES.filter(c => c.text === NESTED);
  for (const { way, doc } of bothWays(NESTED)) {
    test(`one pass maps every pointer as one at a time would (${way})`, () => {
      const d = doc();
      assert.deepEqual(
        rangesFor(
          d,
          pointers.map(c => ({ path: c.pointer, target: c.target })),
        ),
        pointers.map(c => expectedRange(c.expected)),
      );
    });
  }

  test('a second call on the same document maps the pointers it had not seen', () => {
    const d = parse(NESTED);
    assert.deepEqual(rangesFor(d, [{ path: '/basic_details/flag' }]), [expectedRange(mark(NESTED, 'true'))]);
    assert.deepEqual(rangesFor(d, [{ path: '/basic_details/flag' }, { path: '/last' }]), [
      expectedRange(mark(NESTED, 'true')),
      expectedRange(mark(NESTED, '"tab"')),
    ]);
  });

  test('a finding with its own offsets keeps them', () => {
    const d = parse('{"a": 1}');
    assert.deepEqual(rangesFor(d, [{ path: '/a', range: { start: 1, end: 4 } }, { path: '/a' }]), [
      { start: { line: 0, character: 1 }, end: { line: 0, character: 4 } },
      { start: { line: 0, character: 6 }, end: { line: 0, character: 7 } },
    ]);
    assert.deepEqual(rangeFor(d, { path: '/a', range: { start: 0, end: 1 } }), {
      start: { line: 0, character: 0 },
      end: { line: 0, character: 1 },
    });
  });

  test('an object item named alone, then the item after it', () => {
    const text = '[{"x": 1}, 5]';
    for (const { doc } of bothWays(text)) {
      assert.deepEqual(rangesFor(doc(), [{ path: '/0' }, { path: '/1' }]), [
        { start: { line: 0, character: 1 }, end: { line: 0, character: 2 } },
        { start: { line: 0, character: 11 }, end: { line: 0, character: 12 } },
      ]);
    }
  });

  test('many members of one object, one of them written with escapes', () => {
    const text = '{' + Array.from({ length: 10 }, (_, i) => `"k${i}": ${i}, `).join('') + '"say \\"hi\\"": "hello", "\\u0041b": true}';
    const pointers = ['/k0', '/k3', '/k9', '/k10', '/say "hi"', '/Ab', '/k1', '/k2', '/k4', '/k5'];
    const expected = ['0', '3', '9', null, '"hello"', 'true', '1', '2', '4', '5'];
    for (const { way, doc } of bothWays(text)) {
      const ranges = rangesFor(
        doc(),
        pointers.map(path => ({ path })),
      );
      assert.deepEqual(
        ranges.map(r => (r.start.line === 0 && r.end.line === 0 ? text.slice(r.start.character, r.end.character) : r)),
        expected.map(e => e ?? '{'),
        way,
      );
    }
  });

  test('members found before the end of the text: the scan stops, the ranges stay right', () => {
    const text = '{"a": {"b": 1, "c": [5, 6]}, "rest": [' + '0,'.repeat(50) + '0]}';
    const d = parse(text);
    assert.deepEqual(rangesFor(d, [{ path: '/a/b' }, { path: '/a/c/1' }, { path: '/a' }]), [
      { start: { line: 0, character: 12 }, end: { line: 0, character: 13 } },
      { start: { line: 0, character: 24 }, end: { line: 0, character: 25 } },
      { start: { line: 0, character: 1 }, end: { line: 0, character: 4 } },
    ]);
  });
});

describe('text that is not strict JSON', () => {
  test('duplicate keys: the last one, the value JSON.parse keeps', () => {
    const marked = '{"a": 1, "b": 2, "a": ⟦3⟧}';
    const d = parse(unmark(marked).text);
    assert.equal(d.strict, false);
    assert.deepEqual(rangeFor(d, { path: '/a' }), expectedRange(marked));
  });

  test('duplicate keys in an object of more than 32 members: still the last one', () => {
    const members = Array.from({ length: 40 }, (_, i) => `"k${i}": ${i}`).join(', ');
    const marked = `{${members}, "k5": ⟦"again"⟧, "k39": 1}`;
    const d = parse(unmark(marked).text);
    assert.deepEqual(rangeFor(d, { path: '/k5' }), expectedRange(marked));
    assert.deepEqual(rangeFor(d, { path: '/k12' }), expectedRange(mark(unmark(marked).text, '12', 1)));
    assert.deepEqual(rangeFor(d, { path: '/k99' }), expectedRange('⟦{⟧' + unmark(marked).text.slice(1)));
  });

  test('comments and a trailing comma, many findings at once', () => {
    const text = '{\n  // the name\n  "name": "x",\n  "list": [1, 2,],\n}';
    assert.deepEqual(rangesFor(parse(text), [{ path: '/name' }, { path: '/list/1' }]), [
      { start: { line: 2, character: 10 }, end: { line: 2, character: 13 } },
      { start: { line: 3, character: 14 }, end: { line: 3, character: 15 } },
    ]);
  });

  test('comments and a trailing comma', () => {
    const marked = '{\n  // the name\n  "name": ⟦"x"⟧, /* inline */\n  "list": [1, 2,],\n}';
    const d = parse(unmark(marked).text);
    assert.equal(d.strict, false);
    assert.deepEqual(rangeFor(d, { path: '/name' }), expectedRange(marked));
    assert.deepEqual(rangeFor(d, { path: '/list/1' }), expectedRange(mark(unmark(marked).text, '2', 0)));
  });

  test('an empty document: the start of the text', () => {
    assert.deepEqual(rangeFor(parse(''), { path: '/a' }), { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
  });

  test('a document that is only a comment: its first character', () => {
    assert.deepEqual(rangeFor(parse('// x'), { path: '/a' }), { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } });
  });
});

describe('a byte order mark', () => {
  const BOM = '\uFEFF';
  for (const { way, doc } of bothWays(BOM + '{"a": {"b": true}}')) {
    test(`shifts every range by one (${way})`, () => {
      const d = doc();
      assert.deepEqual(rangeFor(d, { path: '/a/b' }), { start: { line: 0, character: 13 }, end: { line: 0, character: 17 } });
      assert.deepEqual(rangeFor(d, { path: '/a' }), { start: { line: 0, character: 2 }, end: { line: 0, character: 5 } });
      assert.deepEqual(rangeFor(d, { path: '/a/b', target: 'key' }), { start: { line: 0, character: 8 }, end: { line: 0, character: 11 } });
      assert.deepEqual(rangeFor(d, { path: '' }), { start: { line: 0, character: 1 }, end: { line: 0, character: 2 } });
      assert.deepEqual(rangeFor(d, { path: '/a/zz' }), { start: { line: 0, character: 2 }, end: { line: 0, character: 5 } });
    });
  }

  test('an empty document after a byte order mark: the position after it', () => {
    assert.deepEqual(rangeFor(parse(BOM), { path: '' }), { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } });
  });
});

describe('offsets and positions', () => {
  const d = parse('{\r\n  "a": 1,\n  "b": 2\r\n}');
  // Line starts: 0, 3, 13, 23; line 0 ends with CRLF, line 1 (`  "a": 1,`) with LF, line 2 with CRLF.

  test('an offset becomes its line and character', () => {
    assert.deepEqual(positionAt(d, 0), { line: 0, character: 0 });
    assert.deepEqual(positionAt(d, 1), { line: 0, character: 1 });
    assert.deepEqual(positionAt(d, 3), { line: 1, character: 0 });
    assert.deepEqual(positionAt(d, 8), { line: 1, character: 5 });
    assert.deepEqual(positionAt(d, 12), { line: 1, character: 9 });
    assert.deepEqual(positionAt(d, 13), { line: 2, character: 0 });
    assert.deepEqual(positionAt(d, 14), { line: 2, character: 1 });
    assert.deepEqual(positionAt(d, 23), { line: 3, character: 0 });
    assert.deepEqual(positionAt(d, 24), { line: 3, character: 1 });
  });

  test('never between the two characters of CRLF, never past the text', () => {
    assert.deepEqual(positionAt(d, 2), { line: 0, character: 1 });
    assert.deepEqual(positionAt(d, 21), { line: 2, character: 8 });
    assert.deepEqual(positionAt(d, 22), { line: 2, character: 8 });
    assert.deepEqual(positionAt(d, 99), { line: 3, character: 1 });
    assert.deepEqual(positionAt(d, -5), { line: 0, character: 0 });
  });

  test('a position becomes its offset, clamped to its line and the text', () => {
    assert.equal(offsetAt(d, { line: 0, character: 0 }), 0);
    assert.equal(offsetAt(d, { line: 0, character: 1 }), 1);
    assert.equal(offsetAt(d, { line: 1, character: 2 }), 5);
    assert.equal(offsetAt(d, { line: 2, character: 3 }), 16);
    assert.equal(offsetAt(d, { line: 1, character: 50 }), 13);
    assert.equal(offsetAt(d, { line: 3, character: 1 }), 24);
    assert.equal(offsetAt(d, { line: 3, character: 9 }), 24);
    assert.equal(offsetAt(d, { line: 4, character: 0 }), 24);
    assert.equal(offsetAt(d, { line: -1, character: 3 }), 0);
  });
});

describe('an empty line', () => {
  test('has one position, its character 0, with LF and with CRLF', () => {
    assert.deepEqual(positionAt(parse('{\n\n"a": 1}'), 2), { line: 1, character: 0 });
    assert.deepEqual(positionAt(parse('{\r\n\r\n"a": 1}'), 3), { line: 1, character: 0 });
    assert.deepEqual(positionAt(parse('{\r\n\r\n"a": 1}'), 4), { line: 1, character: 0 });
  });
});

describe('the offsets of a value, end to end', () => {
  /** The text a value's offsets cover, or undefined when the document has no value there. */
  function valueText(d: ParsedDocument, pointer: string): string | undefined {
    const o = valueOffsets(d, pointer);
    return o && d.text.slice(o.start, o.end);
  }

  const BOM = '\uFEFF';
  const TEXT = BOM + '{"a": {"b": [1, {"c": null}]}, "n": 42}';
  for (const { way, doc } of bothWays(TEXT)) {
    test(`an object, an array, a scalar, after a byte order mark (${way})`, () => {
      const d = doc();
      assert.equal(valueText(d, '/a'), '{"b": [1, {"c": null}]}');
      assert.equal(valueText(d, '/a/b'), '[1, {"c": null}]');
      assert.equal(valueText(d, '/a/b/1/c'), 'null');
      assert.equal(valueText(d, '/n'), '42');
      assert.deepEqual(valueOffsets(d, '/n'), { start: 37, end: 39 });
      assert.equal(valueText(d, ''), TEXT.slice(1));
    });

    test(`a value the document does not have: none (${way})`, () => {
      const d = doc();
      assert.equal(valueOffsets(d, '/a/x'), undefined);
      assert.equal(valueOffsets(d, '/n/0'), undefined);
      assert.equal(valueOffsets(d, '/a/b/2'), undefined);
    });
  }

  for (const { way, doc } of bothWays('{"s": 1 , "n": 2\n, "r": 3\r\n, "t": 4\t}')) {
    test(`a number ends before a space, a line break or a tab (${way})`, () => {
      const d = doc();
      assert.deepEqual(
        ['/s', '/n', '/r', '/t'].map(p => valueText(d, p)),
        ['1', '2', '3', '4'],
      );
    });
  }

  for (const { way, doc } of bothWays('42')) {
    test(`a document that is one number: all of it (${way})`, () => {
      assert.deepEqual(valueOffsets(doc(), ''), { start: 0, end: 2 });
    });
  }

  test('JSON with comments and a trailing comma', () => {
    const d = parse('{ // the list\n  "a": [1, 2],\n}');
    assert.equal(d.strict, false);
    assert.equal(valueText(d, '/a'), '[1, 2]');
    assert.equal(valueText(d, '/a/1'), '2');
    assert.equal(valueOffsets(d, '/b'), undefined);
  });
});
