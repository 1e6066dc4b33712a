import { describe, expect, it } from 'vitest';
import { parseHandLine } from './hand-line';

describe('hand-typed parts-list lines', () => {
  it.each([
    ['LM358 x10', 'LM358', 10],
    ['LM358 X 10', 'LM358', 10],
    ['LM358×10', 'LM358', 10],
    ['2x AMS1117-3.3', 'AMS1117-3.3', 2],
    ['2 x AMS1117-3.3', 'AMS1117-3.3', 2],
    ['10k 0805 50', '10k 0805', 50],
    ['10k 0805', '10k 0805', null],
    ['100nF 0603', '100nF 0603', null],
    ['NE555 - 30 pcs', 'NE555', 30],
    ['- 30 pcs 1N4007', '1N4007', 30],
    ['ATmega328P-PU ۴ عدد', 'ATmega328P-PU', 4],
    ['۱۰۰nF 0603 ۱۰۰', '100nF 0603', 100],
    ['22pF 0603 x 4', '22pF 0603', 4],
    ['BC547 * 20', 'BC547', 20],
    ['7805 3', '7805', 3],
    ['TP4056, 5', 'TP4056', 5],
    ['10 LM358', 'LM358', 10],
    ['PH-M-1X40-S', 'PH-M-1X40-S', null],
    ['PH-M-1X40', 'PH-M-1X40', null],
    ['LM358', 'LM358', null],
    ['ESP32-WROOM-32 ۲ تا', 'ESP32-WROOM-32', 2],
    ['مقاومت ۱۰ کیلو ۰۸۰۵ ۲۰ عدد', 'مقاومت 10 کیلو 0805', 20],
    ['1N4007 5pcs', '1N4007', 5],
  ])('%j → %j × %j', (line, part, quantity) => {
    expect(parseHandLine(line)).toEqual({ kind: 'part', part, quantity });
  });

  it.each(['خازن‌ها:', 'Semiconductors', 'Passives:', 'لیست خرید پروژه دیتالاگر', '# comment', 'Resistors and capacitors'])(
    '%j is a heading',
    (line) => {
      expect(parseHandLine(line)).toEqual({ kind: 'heading' });
    },
  );

  it('an empty line is empty', () => expect(parseHandLine('   ')).toEqual({ kind: 'empty' }));
});
