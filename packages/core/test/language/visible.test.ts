import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { code, visible } from '../../src/model/strings';
import { LanguageService } from '../../src/language/languageService';
import { documentSettings } from '../../src/language/settings';
import { hoverText } from './editingHelpers';

/**
 * Values from files quoted into messages, hovers and fix titles show their control and bidi
 * characters written out: a key that holds a terminal escape cannot clear a screen or retitle a
 * terminal when a message quotes it, and the editor and the CLI show the same text.
 */

/** The key of the issue: it retitles the terminal, rings the bell and clears the screen. */
const EVIL = '\u001b]0;pwned\u0007\u001b[2J';
const EVIL_SHOWN = '\\u001b]0;pwned\\u0007\\u001b[2J';
/** Any C0 or C1 control but tab and line feed, DEL, or a bidi embedding, override or isolate. */
const UNSEEN = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

const service = new LanguageService();
const NONE = documentSettings(undefined);

let version = 0;
function findings(text: string) {
  return service.findings({ uri: 'file:///w/evil.campaign.json', version: ++version, getText: () => text }, NONE);
}

describe('visible', () => {
  test('writes out C0 and C1 controls, DEL and bidi overrides as \\uXXXX; keeps tabs, line feeds and the rest', () => {
    assert.equal(visible(EVIL), EVIL_SHOWN);
    assert.equal(visible('a\u0000b\u007f\u0085\u202a\u202e\u2066\u2069\r'), 'a\\u0000b\\u007f\\u0085\\u202a\\u202e\\u2066\\u2069\\u000d');
    assert.equal(visible('tab\there\nnext line, “quotes”, é, 中, 😀, \u200d'), 'tab\there\nnext line, “quotes”, é, 中, 😀, \u200d');
  });

  test('every character from U+0000 to U+FFFF comes out shown or written out', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const s = String.fromCharCode(c);
      assert.doesNotMatch(visible(s), UNSEEN, `U+${c.toString(16)}`);
    }
  });

  test('code quotes a value as inline code, its controls written out', () => {
    assert.equal(code(EVIL), '`' + EVIL_SHOWN + '`');
    assert.equal(code({ k: '\u202e' }), '`{"k":"\u202e"}`'.replace('\u202e', '\\u202e'));
  });
});

describe('messages quote file values visibly', () => {
  test('D7: an unknown key holding a terminal escape is quoted written out, in the message and the fix titles', () => {
    const text = JSON.stringify({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: 'dev@example.com', [EVIL]: 1 });
    const d7 = findings(text).filter(f => f.rule === 'D7');
    assert.equal(d7.length, 1);
    assert.equal(d7[0].message, `\`${EVIL_SHOWN}\` is not a property of the document. Remove it, or check the spelling against the spec.`);
    assert.deepEqual(
      d7[0].fixes?.map(f => f.title),
      [`Remove \`${EVIL_SHOWN}\``],
    );
    // The path still names the real key, so the fix removes it.
    assert.equal(d7[0].path, '/' + EVIL);
  });

  test('a rule message template fills {value} written out (D6)', () => {
    const text = JSON.stringify({ channel: 'PUSH', campaign_delivery_type: 'ONE_TIME', created_by: `x\u202e${EVIL}` });
    const d6 = findings(text).find(f => f.rule === 'D6');
    assert.ok(d6);
    assert.doesNotMatch(d6.message, UNSEEN);
    assert.ok(d6.message.startsWith(`\`x\\u202e${EVIL_SHOWN}\` is not an email address`), d6.message);
  });

  test('D1: a duplicate key is quoted written out', () => {
    const key = JSON.stringify(EVIL);
    const text = `{ "channel": "PUSH", "campaign_delivery_type": "ONE_TIME", ${key}: 1, ${key}: 2 }`;
    const dup = findings(text).find(f => f.rule === 'D1');
    assert.ok(dup);
    assert.ok(dup.message.startsWith(`Duplicate key \`${EVIL_SHOWN}\`: it is already set`), dup.message);
  });

  test('no message about a file full of control characters holds one', () => {
    const text = JSON.stringify({
      channel: 'PUSH',
      campaign_delivery_type: 'ONE_TIME',
      created_by: EVIL,
      basic_details: { name: 'n', [EVIL]: 1, platforms: [EVIL], geofences: [{ name: EVIL, latitude: EVIL }] },
      utm_params: { [EVIL]: 'x' },
      scheduling_details: { delivery_type: EVIL, timezone: EVIL },
    });
    const all = findings(text);
    assert.ok(all.length > 5);
    for (const f of all) {
      assert.doesNotMatch(f.message, UNSEEN, f.message);
      for (const fix of f.fixes ?? []) assert.doesNotMatch(fix.title, UNSEEN, fix.title);
    }
  });

  test('the hover of an unknown key quotes it written out', () => {
    const hover = hoverText(`{ "channel": "PUSH", "campaign_delivery_type": "ONE_TIME", "|\\u001b]0;pwned\\u0007": 1 }`);
    assert.ok(hover);
    assert.doesNotMatch(hover, UNSEEN);
    assert.match(hover, /`\\u001b\]0;pwned\\u0007` is not a property of the document/);
  });
});
