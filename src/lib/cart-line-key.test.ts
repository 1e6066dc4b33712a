import { describe, expect, it } from 'vitest';
import { optionsKey, sameOptions } from './cart-line-key';

describe('cart line identity', () => {
  it.each([
    [[], ''],
    [[{ optionId: 2, valueId: 5 }], '2:5'],
    [
      [
        { optionId: 2, valueId: 5 },
        { optionId: 1, valueId: 9 },
      ],
      '1:9,2:5',
    ],
    [
      [
        { optionId: 1, valueId: 9 },
        { optionId: 2, valueId: 5 },
      ],
      '1:9,2:5',
    ],
    [
      [
        { optionId: 1, valueId: 3 },
        { optionId: 1, valueId: 2 },
      ],
      '1:2,1:3',
    ],
  ])('%j makes the key %j', (options, key) => {
    expect(optionsKey(options)).toBe(key);
  });

  it('treats the same options in another order as the same line, other values as another', () => {
    expect(
      sameOptions(
        [
          { optionId: 1, valueId: 1 },
          { optionId: 2, valueId: 2 },
        ],
        [
          { optionId: 2, valueId: 2 },
          { optionId: 1, valueId: 1 },
        ],
      ),
    ).toBe(true);
    expect(sameOptions([{ optionId: 1, valueId: 1 }], [{ optionId: 1, valueId: 2 }])).toBe(false);
    expect(sameOptions([], [])).toBe(true);
  });
});
