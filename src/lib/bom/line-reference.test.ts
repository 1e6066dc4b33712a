import { describe, expect, it } from 'vitest';
import { lineReference, mergeReferences, REFERENCE_MAX, typedReference } from './line-reference';

describe('a parts-list line as a cart reference', () => {
  it.each([
    [{ reference: 'CAN-1', designators: 'U1, U2' }, 'CAN-1 · U1, U2'],
    [{ reference: null, designators: 'R1-R4' }, 'R1-R4'],
    [{ reference: 'PWR-A', designators: null }, 'PWR-A'],
    [{ reference: 'U3', designators: 'U3' }, 'U3'],
    [{ reference: '  ', designators: ' C1,\n C2 ' }, 'C1, C2'],
    [{ reference: null, designators: null }, null],
    [{}, null],
  ])('%j → %j', (line, expected) => {
    expect(lineReference(line)).toBe(expected);
  });

  it('a very long list of places is cut to the column with an ellipsis', () => {
    const long = Array.from({ length: 200 }, (_, i) => `C${i + 1}`).join(', ');
    const ref = lineReference({ designators: long })!;
    expect(ref.length).toBe(REFERENCE_MAX);
    expect(ref.endsWith('…')).toBe(true);
    expect(ref.startsWith('C1, C2, C3')).toBe(true);
  });
});

describe('two lines of one product in one cart line', () => {
  it.each([
    [null, 'R1-R4', 'R1-R4'],
    ['R1-R4', null, 'R1-R4'],
    ['R1-R4', 'R9', 'R1-R4; R9'],
    ['R1-R4; R9', 'R9', 'R1-R4; R9'],
    ['R1-R4', 'R1-R4', 'R1-R4'],
    [null, null, null],
    ['', '  ', null],
  ])('%j + %j → %j', (a, b, expected) => {
    expect(mergeReferences(a, b)).toBe(expected);
  });

  it('never grows past the column', () => {
    expect(mergeReferences('x'.repeat(REFERENCE_MAX), 'R1')!.length).toBe(REFERENCE_MAX);
  });
});

describe('a reference typed in the cart', () => {
  it.each([
    ['  شاسی  اصلی ', 'شاسی اصلی'],
    ['', null],
    ['   ', null],
  ])('%j → %j', (text, expected) => {
    expect(typedReference(text)).toBe(expected);
  });
});
