import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { utf16OfBytes, utf16OfText } from '../../src/language/encoding';
import { LanguageService } from '../../src/language/languageService';
import { parse } from '../../src/language/parse';
import { documentSettings } from '../../src/language/settings';

/**
 * UTF-16 files: told from their bytes (a BOM, or a NUL in every second byte) and from the text an
 * editor made of them as Latin-1 or UTF-8, each given one D1 finding instead of a page of syntax
 * errors; and a file the editor decoded, told from its bytes on disk.
 */

const TEXT = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "created_by": "dév@example.com"\n}\n';

function utf16(text: string, order: 'LE' | 'BE', bom: boolean): Buffer {
  const le = Buffer.from((bom ? '\uFEFF' : '') + text, 'utf16le');
  return order === 'LE' ? le : Buffer.from(le).swap16();
}

const AS_TEXT = {
  latin1: (b: Buffer) => b.toString('latin1'),
  utf8: (b: Buffer) => new TextDecoder('utf-8').decode(b),
};

describe('telling UTF-16', () => {
  test('from bytes: either byte order, with or without a BOM', () => {
    for (const order of ['LE', 'BE'] as const) {
      for (const bom of [true, false])
        assert.equal(utf16OfBytes(utf16(TEXT, order, bom)), `UTF-16${order}`, `${order} ${bom ? 'with' : 'without'} BOM`);
    }
  });

  test('from bytes: UTF-8, with or without a BOM, empty or short, is not UTF-16', () => {
    assert.equal(utf16OfBytes(Buffer.from(TEXT)), undefined);
    assert.equal(utf16OfBytes(Buffer.from('\uFEFF' + TEXT)), undefined);
    assert.equal(utf16OfBytes(new Uint8Array(0)), undefined);
    assert.equal(utf16OfBytes(Buffer.from('{}')), undefined);
    // A NUL or two further on is the file's business (D1 says where), not an encoding.
    assert.equal(utf16OfBytes(Buffer.from('{ "a\u0000": "b\u0000" }')), undefined);
  });

  test('from text read as Latin-1 or as UTF-8, either byte order, with or without a BOM', () => {
    for (const [reader, read] of Object.entries(AS_TEXT)) {
      for (const order of ['LE', 'BE'] as const) {
        for (const bom of [true, false]) {
          assert.equal(utf16OfText(read(utf16(TEXT, order, bom))), `UTF-16${order}`, `${reader} ${order} ${bom ? 'with' : 'without'} BOM`);
        }
      }
    }
  });

  test('from text: JSON, with a BOM or not, is not UTF-16', () => {
    assert.equal(utf16OfText(TEXT), undefined);
    assert.equal(utf16OfText('\uFEFF' + TEXT), undefined);
    assert.equal(utf16OfText(''), undefined);
    assert.equal(utf16OfText('ÿþ'), 'UTF-16LE');
  });
});

describe('a UTF-16 file is one finding', () => {
  const service = new LanguageService();
  const NONE = documentSettings(undefined);
  let version = 0;
  const findings = (text: string, uri = 'file:///w/a.campaign.json') =>
    service.findings({ uri, version: ++version, getText: () => text }, NONE);

  test('text read from UTF-16: D1 says so, no value, no tree, nothing else', () => {
    for (const [reader, read] of Object.entries(AS_TEXT)) {
      const text = read(utf16(TEXT, 'LE', true));
      const parsed = parse(text);
      assert.equal(parsed.utf16, 'UTF-16LE', reader);
      assert.equal(parsed.value, undefined);
      assert.equal(parsed.tree(), undefined);
      const all = findings(text);
      assert.deepEqual(
        all.map(f => f.rule),
        ['D1'],
        `${reader}: ${all.map(f => f.message).join(' / ')}`,
      );
      assert.equal(
        all[0].message,
        'This file is UTF-16LE; save it as UTF-8: the service and `campaign` read campaign files as UTF-8, and as UTF-8 this file is not JSON.',
      );
    }
  });

  test('text an editor decoded from UTF-16: the file on disk tells, through savedAsUtf16', () => {
    const asked: string[] = [];
    const onDisk = new LanguageService({
      savedAsUtf16: uri => {
        asked.push(uri);
        return uri.endsWith('/utf16.campaign.json') ? 'UTF-16BE' : undefined;
      },
    });
    const check = (uri: string) => onDisk.findings({ uri, version: 1, getText: () => TEXT }, NONE);
    assert.deepEqual(
      check('file:///w/utf16.campaign.json').map(f => `${f.rule} ${f.message.split(':')[0]}`),
      ['D1 This file is UTF-16BE; save it as UTF-8'],
    );
    assert.deepEqual(check('file:///w/utf8.campaign.json'), []);
    assert.deepEqual(asked, ['file:///w/utf16.campaign.json', 'file:///w/utf8.campaign.json']);
  });
});
