import { isUtf8 } from 'buffer';
import { Finding, utf16OfBytes } from '@campaign-studio/core';

/**
 * Where the text stops being UTF-8: the byte offset of the first invalid sequence, or -1.
 * Overlong forms and surrogates are invalid too (RFC 3629).
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let cp: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
      cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
      cp = b & 0x0f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
      cp = b & 0x07;
    } else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/**
 * The text of a file as the editor would show it (UTF-8, BOM dropped), and a D1 finding when it
 * is not UTF-8. Valid text, the common case, is checked and decoded natively. UTF-16 is read as
 * Latin-1, its BOM and NULs kept, as an editor that does not know it would: the language service
 * knows that text and says, in one finding, that the file is UTF-16.
 */
export function decode(bytes: Uint8Array): { text: string; encoding?: Finding } {
  if (utf16OfBytes(bytes)) return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1') };
  if (isUtf8(bytes)) return { text: withoutBom(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')) };
  const text = new TextDecoder('utf-8').decode(bytes);
  const bad = firstInvalidUtf8(bytes);
  if (bad < 0) return { text };
  const before = new TextDecoder('utf-8').decode(bytes.subarray(0, bad)).length;
  return {
    text,
    encoding: {
      rule: 'D1',
      path: '',
      severity: 'error',
      message: `The file is not valid UTF-8: byte 0x${bytes[bad].toString(16).toUpperCase().padStart(2, '0')} cannot be read here. The service reads JSON as UTF-8: save the file as UTF-8 (it was probably saved as Latin-1 or Windows-1252).`,
      range: { start: before, end: before + 1 },
    },
  };
}

/** The text without its byte order mark, as editors show it (so columns match theirs). */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
