import { describe, expect, it } from 'vitest';
import { ThreadBatch } from './thread-batch';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('ThreadBatch', () => {
  it('sends what one turn added as one batch, in order, with what it moves', async () => {
    const sent: { items: string[]; transfer: unknown[] }[] = [];
    const batch = new ThreadBatch<string>((items, transfer) => sent.push({ items, transfer }));
    const a = new ArrayBuffer(4);
    const b = new ArrayBuffer(8);
    batch.add('ask 1', [a]);
    batch.add('changed');
    batch.add('ask 2', [b]);
    expect(sent).toEqual([]);
    await nextTurn();
    expect(sent).toEqual([{ items: ['ask 1', 'changed', 'ask 2'], transfer: [a, b] }]);
  });

  it('starts a new batch on the next turn, and sends nothing for a turn that added nothing', async () => {
    const sent: string[][] = [];
    const batch = new ThreadBatch<string>((items) => sent.push(items));
    batch.add('first');
    await nextTurn();
    await nextTurn();
    batch.add('second');
    batch.add('third');
    await nextTurn();
    expect(sent).toEqual([['first'], ['second', 'third']]);
  });
});
