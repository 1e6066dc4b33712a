import { describe, expect, it } from 'vitest';
import { BomFileError } from './bom-errors';
import { sniffDelimiter } from './delimiter';
import { decodeText, detectEncoding } from './text-decode';
import { textRows } from './text-rows';

// "شماره قطعه" in Windows-1256, as an old Persian Windows writes it.
const CP1256_HEADER = Buffer.from([0xd4, 0xe3, 0xc7, 0xd1, 0xe5, 0x20, 0xde, 0xd8, 0xda, 0xe5]);

describe('encodings', () => {
  it.each([
    ['utf-8', Buffer.from('Part,تعداد\nLM358,2\n'), 'utf-8', 'Part,تعداد'],
    ['utf-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('MPN;Qty')]), 'utf-8', 'MPN;Qty'],
    [
      'utf-16le with BOM (Excel "Unicode text")',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('MPN\tQty\n', 'utf16le')]),
      'utf-16le',
      'MPN\tQty',
    ],
    ['utf-16le without BOM', Buffer.from('MPN\tQty\nLM358\t2\n', 'utf16le'), 'utf-16le', 'MPN\tQty'],
    ['windows-1256', CP1256_HEADER, 'windows-1256', 'شماره قطعه'],
  ])('%s', (_name, bytes, encoding, starts) => {
    const out = decodeText(bytes);
    expect(out.encoding).toBe(encoding);
    expect(out.text.startsWith(starts)).toBe(true);
  });

  it('refuses binary garbage', () => {
    const bytes = Buffer.alloc(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256;
    expect(() => decodeText(bytes)).toThrow(BomFileError);
  });

  it('prefers UTF-8 when the bytes are valid UTF-8', () => {
    expect(detectEncoding(Buffer.from('مقاومت 10k')).encoding).toBe('utf-8');
  });
});

describe('delimiters', () => {
  it.each([
    ['MPN,Qty\nLM358,2\nNE555,1', ','],
    ['MPN;Qty;Ref\nLM358;2;U1,U2\nNE555;1;U3', ';'],
    ['MPN\tQty\nLM358\t2', '\t'],
    ['MPN|Qty\nLM358|2\nNE555|1', '|'],
    ['"Ref","Value"\n"R1,R2","10k"\n"C1","100n"', ','],
    ['LM358N 10\nNE555P 2', null],
    ['LM358N\nNE555P', null],
  ])('%j → %j', (text, d) => expect(sniffDelimiter(text)).toBe(d));
});

describe('text rows', () => {
  it('reads quoted cells and ragged rows', () => {
    const { rows } = textRows('"Ref","Value","Qty"\n"R1, R2","10k","2"\n"U1","LM358"\n');
    expect(rows).toEqual([
      ['Ref', 'Value', 'Qty'],
      ['R1, R2', '10k', '2'],
      ['U1', 'LM358'],
    ]);
  });

  it('refuses more rows than the cap, with the Persian message', () => {
    const text = 'R1,1\n'.repeat(101);
    expect(() => textRows(text, 100)).toThrow(/ردیف/);
    expect(textRows('R1,1\n'.repeat(100), 100).rows).toHaveLength(100);
  });
});
