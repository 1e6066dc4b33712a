/**
 * The work queue's order of turns: suggestions (the quick lane) before pages that came earlier, unless a
 * page has waited its limit; both lanes count against the bound. The HTTP side (cheap answers before
 * queued work, the 503) is in tests/work-queue.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { WorkQueue, type WorkLane } from './work-queue';

/** Queues `jobs` in this order and resolves with their names in the order their turns came. */
async function turns(queue: WorkQueue, jobs: [string, WorkLane][], between?: () => void): Promise<string[]> {
  const order: string[] = [];
  const done = jobs.map(([name, lane], i) => {
    if (i > 0 && between) between();
    return queue.run(() => void order.push(name), lane);
  });
  await Promise.all(done);
  return order;
}

/** Keeps the thread busy for `ms`, as a request being parsed or computed does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('WorkQueue', () => {
  it('gives waiting suggestions their turns before pages that came earlier', async () => {
    const queue = new WorkQueue(512, 60_000);
    const order = await turns(queue, [
      ['page 1', 'heavy'],
      ['page 2', 'heavy'],
      ['suggestion 1', 'quick'],
      ['page 3', 'heavy'],
      ['suggestion 2', 'quick'],
    ]);
    expect(order).toEqual(['suggestion 1', 'suggestion 2', 'page 1', 'page 2', 'page 3']);
  });

  it('lets a page that has waited its limit go before the suggestions that came after it', async () => {
    const queue = new WorkQueue(512, 20);
    // 25 ms pass between each job's arrival: by the first turn, page 1 has waited past its 20 ms.
    const order = await turns(
      queue,
      [
        ['page 1', 'heavy'],
        ['suggestion 1', 'quick'],
        ['page 2', 'heavy'],
        ['suggestion 2', 'quick'],
      ],
      () => busy(25),
    );
    expect(order).toEqual(['page 1', 'suggestion 1', 'page 2', 'suggestion 2']);
  });

  it('with no wait allowed, is one queue in order of arrival', async () => {
    const queue = new WorkQueue(512, 0);
    const order = await turns(queue, [
      ['suggestion 1', 'quick'],
      ['page 1', 'heavy'],
      ['suggestion 2', 'quick'],
      ['page 2', 'heavy'],
    ]);
    expect(order).toEqual(['suggestion 1', 'page 1', 'suggestion 2', 'page 2']);
  });

  it('counts both lanes against its bound and refuses past it with 503', async () => {
    const queue = new WorkQueue(2, 150);
    const first = queue.turn('heavy');
    const second = queue.turn('quick');
    await expect(queue.turn('quick')).rejects.toMatchObject({ status: 503 });
    expect(queue.refused).toBe(1);
    await Promise.all([first, second]);
    expect(queue.length).toBe(0);
  });

  it('runs every job at once when it is off (0)', async () => {
    const queue = new WorkQueue(0);
    let ran = false;
    const turn = queue.run(() => (ran = true), 'heavy');
    // Resolved at once: the job runs in this turn's microtasks, with no wait for the check phase.
    await Promise.resolve();
    await Promise.resolve();
    expect(ran).toBe(true);
    await turn;
    expect(queue.length).toBe(0);
  });
});
