import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseCell, toCsv } from './spreadsheet-safe';

describe('cells written back to spreadsheets are never formulas', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['LM358', 'LM358'],
    ['مقاومت ۱۰ کیلو', 'مقاومت ۱۰ کیلو'],
    ['10k-0805', '10k-0805'],
  ])('%j → %j', (input, out) => expect(neutraliseCell(input)).toBe(out));

  it('quotes what CSV needs quoted, after neutralising', () => {
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('R1, R2')).toBe('"R1, R2"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });

  it('starts with a byte-order mark and ends rows with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        ['=b', null],
      ]),
    ).toBe("\uFEFFa,1\r\n'=b,\r\n");
  });
});
