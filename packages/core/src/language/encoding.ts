import * as l10n from '@vscode/l10n';
import { Finding } from '../model/types';

/**
 * UTF-16 files, told from their first bytes or from the text a reader made of them. Campaign
 * files are UTF-8 (the service, `campaign` and git diffs read them so); UTF-16 read as UTF-8 or
 * Latin-1 is a NUL between every two characters, which would give a page of syntax errors.
 */

export type Utf16 = 'UTF-16LE' | 'UTF-16BE';

/** How many leading bytes (or characters) are looked at: a JSON file starts with ASCII. */
const SAMPLE = 64;

/** A BOM read as text: as UTF-8 (two U+FFFD) or as Latin-1 (`ÿþ`, `þÿ`). */
const BOM_AS_TEXT: Record<string, Utf16 | undefined> = {
  '\uFFFD\uFFFD': undefined,
  '\u00FF\u00FE': 'UTF-16LE',
  '\u00FE\u00FF': 'UTF-16BE',
};

/**
 * UTF-16 by the order of a NUL and another unit in each pair: the high byte of an ASCII or Latin-1
 * character is NUL. Needs two pairs at least, and every pair of the sample to agree.
 */
function interleaved(unitAt: (i: number) => number, length: number): Utf16 | undefined {
  const pairs = Math.floor(Math.min(length, SAMPLE) / 2);
  if (pairs < 2) return undefined;
  let little = true;
  let big = true;
  for (let i = 0; i < pairs && (little || big); i++) {
    const first = unitAt(2 * i);
    const second = unitAt(2 * i + 1);
    little &&= second === 0 && first !== 0;
    big &&= first === 0 && second !== 0;
  }
  if (little) return 'UTF-16LE';
  return big ? 'UTF-16BE' : undefined;
}

/** From a file's first bytes: a UTF-16 byte order mark (FF FE, FE FF), or a NUL in every second byte. */
export function utf16OfBytes(bytes: Uint8Array): Utf16 | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  return interleaved(i => bytes[i], bytes.length);
}

/** From text an editor made of UTF-16 bytes by reading them as UTF-8 or Latin-1: its BOM as two characters, then a NUL in every second one. */
export function utf16OfText(text: string): Utf16 | undefined {
  const head = text.slice(0, 2);
  const bom = Object.hasOwn(BOM_AS_TEXT, head);
  const start = bom ? 2 : 0;
  return interleaved(i => text.charCodeAt(start + i), text.length - start) ?? (bom ? BOM_AS_TEXT[head] : undefined);
}

/** The one finding of a UTF-16 file (rule D1: the file cannot be read as the JSON the service takes). */
export function utf16Finding(encoding: Utf16): Finding {
  return {
    rule: 'D1',
    path: '',
    severity: 'error',
    message: l10n.t(
      'This file is {0}; save it as UTF-8: the service and `campaign` read campaign files as UTF-8, and as UTF-8 this file is not JSON.',
      encoding,
    ),
    range: { start: 0, end: 0 },
  };
}
