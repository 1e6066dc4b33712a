import { describe, expect, it } from 'vitest';
import { canonicalEconomicCode, canonicalNationalId } from './invoice-buyer';

describe('official invoice identifiers', () => {
  it.each([
    ['0499370899', '0499370899'],
    ['۰۴۹۹۳۷۰۸۹۹', '0499370899'], // typed on a Persian keyboard
    ['049-937089-9', '0499370899'],
    ['0499370898', null], // wrong check digit
    ['10380284790', '10380284790'], // a company's national ID
    ['10380284791', null],
    ['123', null],
    ['1111111111', null], // repeated digits are not a code
  ])('national ID %s → %s', (raw, out) => expect(canonicalNationalId(raw)).toBe(out));

  it.each([
    ['411111111111', '411111111111'], // an older 12-digit economic code
    ['10380284790', '10380284790'],
    ['0499370899', '0499370899'],
    ['41111111111a', null],
    ['4111111', null],
  ])('economic code %s → %s', (raw, out) => expect(canonicalEconomicCode(raw)).toBe(out));
});
