import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parse, reparse } from '../../src/language/parse';
import { doHover } from '../../src/language/hover';
import { doComplete } from '../../src/language/completion';
import { positionAt } from '../../src/language/ranges';
import { generateCampaign } from '../../../../bench/generate';

/**
 * Hover and completion right after an edit read the new version without jsonc-parser's whole
 * position tree (`nodeAt`), from a parse made from the previous version's when the edit stays
 * inside one string (`reparse`, which carries where the containers passed over end). Both must answer as a full parse with the whole tree does: at
 * random offsets, after random edits (typing in strings, values, keys and members added or
 * removed, brackets and commas that break the JSON). A fixed seed, so a failure reproduces;
 * `NODE_AT_SEED` explores others.
 */

const SEED = Number(process.env.NODE_AT_SEED ?? 20261128);
const RUNS = 100;
const BASE = generateCampaign({ bytes: 4_000 });
const PIECES = ['a', 'x', ' ', '1', '"', '\\', ',', '{}', '[]', '"k": 2, ', '"name": "y"', ']', '}', '\n', 'é', 'true'];
const SETTINGS = { features: {} };

const edit = fc.record({
  at: fc.nat(),
  remove: fc.nat({ max: 12 }),
  insert: fc.array(fc.constantFrom(...PIECES), { maxLength: 3 }).map(p => p.join('')),
});

/** The edit applied to `text`; inside a string of the text, half of the time, to keep it strict JSON. */
function applied(text: string, e: { at: number; remove: number; insert: string }): string {
  const at = e.at % (text.length + 1);
  return text.slice(0, at) + e.insert + text.slice(Math.min(text.length, at + e.remove));
}

function answers(text: string, offsets: number[], parsedOf: (text: string) => ReturnType<typeof parse>): unknown[] {
  return offsets.map(o => {
    const parsed = parsedOf(text);
    const position = positionAt(parsed, o % (text.length + 1));
    return {
      hover: doHover({ parsed, kind: 'campaign', settings: SETTINGS, position }),
      completion: doComplete({ parsed, kind: 'campaign', settings: SETTINGS, position, findings: () => [] }),
    };
  });
}

test('nodeAt property: hover and completion after random edits answer as a full parse with the whole tree', () => {
  fc.assert(
    fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), fc.array(fc.nat(), { minLength: 4, maxLength: 8 }), (edits, offsets) => {
      let text = BASE;
      let previous = parse(text);
      for (const e of edits) {
        // A lookup before each edit: what it learnt of the text is carried to the next version.
        answers(text, [e.at], () => previous);
        text = applied(text, e);
        previous = reparse(previous, text);
      }
      const last = previous;
      const full = answers(text, offsets, t => {
        const p = parse(t);
        p.tree();
        return p;
      });
      assert.deepEqual(
        answers(text, offsets, () => last),
        full,
      );
      assert.deepEqual(
        answers(text, offsets, t => parse(t)),
        full,
      );
      assert.deepEqual(last.value, parse(text).value);
      assert.deepEqual(last.syntax, parse(text).syntax);
    }),
    { seed: SEED, numRuns: RUNS },
  );
});

test('nodeAt property: typing inside a string value of a large campaign reuses the previous parse', () => {
  const text = generateCampaign({ bytes: 200_000 });
  const at = text.indexOf('Winter sale reminder') + 6;
  const typed = text.slice(0, at) + 'x' + text.slice(at);
  type Campaign = { basic_details: { name: string }; segmentation_details: unknown };
  const previous = parse(text);
  const next = reparse(previous, typed);
  assert.deepEqual(next.value, JSON.parse(typed));
  assert.equal((next.value as Campaign).basic_details.name, 'Winterx sale reminder');
  assert.equal((previous.value as Campaign).basic_details.name, 'Winter sale reminder', 'the previous value is not changed');
  assert.equal(
    (next.value as Campaign).segmentation_details,
    (previous.value as Campaign).segmentation_details,
    'what the edit did not touch is shared',
  );
  const escaped = parse(text.replace('"Winter sale reminder"', '"Winter \\u0041 sale"'));
  const broken = escaped.text.replace('\\u00', '\\u00x');
  assert.deepEqual(
    reparse(escaped, broken).syntax,
    parse(broken).syntax,
    'an escape broken by the edit is a syntax error, as in a full parse',
  );
  assert.equal(parse(broken).strict, false);
  const typedKey = text.replace('"basic_details"', '"basic_detailsx"');
  assert.notEqual(
    (reparse(previous, typedKey).value as Campaign).segmentation_details,
    (previous.value as Campaign).segmentation_details,
    'a key typed into is parsed again',
  );
});

test('nodeAt: what a lookup learnt of one version serves the next, edited before, inside or after what it passed over', () => {
  const base = generateCampaign({ bytes: 200_000 });
  const places = [
    base.indexOf('Winter sale reminder') + 3, // before the filters and the schedule
    base.indexOf('Town 8"') + 2, // inside the filters, which the lookups pass over
    base.indexOf('"utm_campaign": "winter_sale') + 20, // after every lookup
  ];
  const lookups = [base.indexOf('"timezone"') + 3, base.indexOf('"Town 98"') + 2, base.indexOf('"bypass_dnd"') + 4];
  for (const at of places) {
    const previous = parse(base);
    answers(base, lookups, () => previous);
    const typed = base.slice(0, at) + 'xyz' + base.slice(at);
    const next = reparse(previous, typed);
    assert.notEqual(next.value, previous.value);
    assert.deepEqual(
      answers(
        typed,
        lookups.map(o => (o >= at ? o + 3 : o)),
        () => next,
      ),
      answers(
        typed,
        lookups.map(o => (o >= at ? o + 3 : o)),
        t => {
          const p = parse(t);
          p.tree();
          return p;
        },
      ),
    );
  }
});
