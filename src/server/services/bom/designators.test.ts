import { describe, expect, it } from 'vitest';
import { parseDesignators } from './designators';
import { parseQuantityCell } from './quantity-cell';

describe('designators: what they name and how many', () => {
  it.each([
    ['R1', 1, ['R1']],
    ['R1-R5', 5, ['R1', 'R2', 'R3', 'R4', 'R5']],
    ['R1 - R3', 3, ['R1', 'R2', 'R3']],
    ['R1-3', 3, ['R1', 'R2', 'R3']],
    ['R1..R3', 3, ['R1', 'R2', 'R3']],
    ['D1–D4', 4, ['D1', 'D2', 'D3', 'D4']],
    ['C1, C2', 2, ['C1', 'C2']],
    ['C1,C2,C2', 2, ['C1', 'C2']],
    ['U1 U2', 2, ['U1', 'U2']],
    ['c1; c5', 2, ['C1', 'C5']],
    ['R۱، R۲', 2, ['R1', 'R2']],
    ['R1-R5, C7', 6, ['R1', 'R2', 'R3', 'R4', 'R5', 'C7']],
    ['LED1 LED2', 2, ['LED1', 'LED2']],
  ])('%s → %d', (text, count, names) => {
    expect(parseDesignators(text)).toEqual({ count, names });
  });

  it('counts huge ranges without listing them', () => {
    expect(parseDesignators('R1-R50000')?.count).toBe(50_000);
  });

  it.each(['', 'LM358', 'NE555P', '10k', 'ATMEGA328P-PU', 'R5-R1', 'R1-C5', 'hello world', '100nF'])(
    '%s is not a designator list',
    (text) => {
      expect(parseDesignators(text)).toBeNull();
    },
  );
});

describe('quantity cells', () => {
  it.each([
    ['10', 10],
    ['۱۰', 10],
    ['1,000', 1000],
    ['۱٬۰۰۰', 1000],
    ['10 pcs', 10],
    ['۵ عدد', 5],
    ['x3', 3],
    ['4.0', 4],
    [' 7 ', 7],
  ])('%s → %d', (text, n) => expect(parseQuantityCell(text)).toBe(n));

  it.each(['', '0', '-3', '2.5', 'abc', '1,5', '1e3', 'NaN'])('%s → not a quantity', (text) => expect(parseQuantityCell(text)).toBeNull());
});
