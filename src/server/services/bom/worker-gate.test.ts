import { describe, expect, it } from 'vitest';
import { WorkerGate } from './worker-gate';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('worker gate', () => {
  it('runs at most N at once, queues up to M, refuses beyond', async () => {
    const gate = new WorkerGate(2, 1);
    const blockers = [deferred(), deferred(), deferred()];
    let active = 0;
    let peak = 0;
    const task = (i: number) => async () => {
      active++;
      peak = Math.max(peak, active);
      await blockers[i]!.promise;
      active--;
      return i;
    };
    const a = gate.run(task(0));
    const b = gate.run(task(1));
    const c = gate.run(task(2)); // queued
    expect(await gate.run(async () => 'x')).toBeNull(); // queue full
    blockers[0]!.resolve();
    expect(await a).toEqual({ value: 0 });
    blockers[1]!.resolve();
    blockers[2]!.resolve();
    expect(await Promise.all([b, c])).toEqual([{ value: 1 }, { value: 2 }]);
    expect(peak).toBe(2);
    // All slots free again.
    expect(await gate.run(async () => 'y')).toEqual({ value: 'y' });
  });

  it('frees the slot when a task fails', async () => {
    const gate = new WorkerGate(1, 0);
    await expect(
      gate.run(async () => {
        throw new Error('bad file');
      }),
    ).rejects.toThrow('bad file');
    expect(await gate.run(async () => 1)).toEqual({ value: 1 });
  });
});
