import { Random } from './mutate';
import { BUILT_IN_WORDS } from '../../../core/test/helpers/builtinWords';

/**
 * Inputs that broke language servers before, each built from a seeded generator around a valid
 * campaign: an unterminated string before deep nesting, lone surrogates, CR / CRLF / U+2028 line
 * ends, 100,000-character strings, and a word that names a built-in property (`constructor`,
 * `__proto__`, …) written without quotes as a key or a value, which crashed the rules once.
 */

export interface SpecialInput {
  name: string;
  text: string;
}

/** An offset inside the text, at a line start or just after a quote, where insertions stay readable. */
function spot(r: Random, text: string): number {
  const at = r.int(text.length + 1);
  const quote = text.indexOf('"', at);
  return quote < 0 ? at : quote + 1;
}

function insert(text: string, at: number, what: string): string {
  return text.slice(0, at) + what + text.slice(at);
}

/** A quoted key or value of `text`, picked by `r`, replaced by `word` without its quotes. */
function unquoted(r: Random, text: string, word: string): SpecialInput {
  const strings = [...text.matchAll(/"(?:[^"\\\n]|\\.)*"(\s*:)?/g)];
  const asKey = r.int(2) === 0;
  const some = strings.filter(m => (m[1] !== undefined) === asKey);
  const m = some.length ? r.pick(some) : undefined;
  const name = `${word} unquoted as a ${asKey ? 'key' : 'value'}`;
  if (!m) return { name, text: `{${asKey ? `${word}: 1` : `"channel": ${word}`}}` };
  const end = m.index + m[0].length - (m[1]?.length ?? 0);
  return { name, text: text.slice(0, m.index) + word + text.slice(end) };
}

const BUILDERS: Array<(r: Random, base: string) => SpecialInput> = [
  (r, base) => {
    // Past the 512-level guard as jsonc-parser counts it, which ends the string at the line break.
    const depth = r.pick([10, 600, 3_000, 20_000]);
    const open = r.int(2) ? '['.repeat(depth) : '{"a":'.repeat(depth);
    const at = spot(r, base);
    return { name: `unterminated string before ${depth}-deep nesting`, text: `${base.slice(0, at)}unterminated\n${open}${base.slice(at)}` };
  },
  (r, base) => {
    const lone = r.pick(['\ud800', '\udfff', '\udbff\u0041', 'x\ud83d']);
    return { name: 'lone surrogates', text: insert(insert(base, spot(r, base), lone), r.int(base.length), lone) };
  },
  (r, base) => {
    const end = r.pick(['\r', '\r\n', '\u2028', '\u2029', '\r\r\n']);
    return { name: `line ends ${JSON.stringify(end)}`, text: base.replace(/\n/g, end) };
  },
  (r, base) => {
    const long = r.pick(['x', 'é', '\\"', '\\u00e9', '😀']).repeat(100_000 / 2);
    return { name: '100,000-character string', text: insert(base, spot(r, base), long) };
  },
  (r, base) => {
    const at = spot(r, base);
    return { name: 'a string that never ends', text: base.slice(0, at) + 'x'.repeat(r.int(1000)) };
  },
  (r, base) => unquoted(r, base, r.pick(BUILT_IN_WORDS)),
];

/** One of the inputs above, picked by `r` and built on `base`. */
export function special(r: Random, base: string): SpecialInput {
  return r.pick(BUILDERS)(r, base);
}

/** Bytes that break the base protocol's framing, each followed by nothing: the next message must still be read. */
export function badFrame(r: Random): { name: string; bytes: string } {
  const body = '{"jsonrpc":"2.0","id":999999,"method":"shutdown"}';
  const frames: Array<{ name: string; bytes: string }> = [
    { name: 'no Content-Length', bytes: `Content-Type: application/json\r\n\r\n${body}` },
    { name: 'Content-Length: -5', bytes: `Content-Length: -5\r\n\r\n${body}` },
    { name: 'a Content-Length that is not a number', bytes: `Content-Length: ${r.pick(['abc', '1e3', '0x10', ''])}\r\n\r\n${body}` },
    { name: 'a Content-Length shorter than the body', bytes: `Content-Length: ${r.int(body.length)}\r\n\r\n${body}` },
    { name: 'a body that is not JSON', bytes: 'Content-Length: 7\r\n\r\n{"id":,' },
    { name: 'random bytes', bytes: Array.from({ length: 1 + r.int(64) }, () => String.fromCharCode(r.int(128))).join('') },
    { name: 'a header line without a colon', bytes: `garbage\r\n\r\n${body}` },
  ];
  return r.pick(frames);
}
