import { describe, expect, it } from 'vitest';
import { fieldsWithNul } from './storable-text';

describe('fieldsWithNul', () => {
  it.each([
    ['plain text', { name: 'علی', note: 'LM358 x10' }, []],
    ['a NUL in a field', { name: 'a\u0000b' }, ['name']],
    ['the value itself', '\u0000', ['_']],
    ['nested and in lists', { lines: [{ part: 'ok' }, { part: 'x\u0000' }], tags: ['\u0000'] }, ['lines.1.part', 'tags.0']],
    ['in a key', { 'a\u0000': 1 }, ['a']],
    ['numbers, booleans, null', { n: 0, b: false, z: null }, []],
    ['the escaped text "\\u0000" is not a NUL', { note: '\\u0000 %00' }, []],
    ['other control characters are storable', { note: '\u0001\u001f\u007f' }, []],
  ] as const)('%s', (_name, input, expected) => {
    expect(fieldsWithNul(input)).toEqual(expected);
  });

  it('walks 100,000 levels of nesting without exhausting the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => fieldsWithNul(deep)).not.toThrow();
  });
});
