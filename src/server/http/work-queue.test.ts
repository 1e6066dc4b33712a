/**
 * The work queue's order of turns: a suggestion (the quick lane) passes the pages that arrived less than
 * the lead before it, never older ones; both lanes count against the bound. The HTTP side (cheap answers before
 * queued work, the 503) is in tests/work-queue.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { WorkQueue, type WorkLane } from './work-queue';

/** Keeps the thread busy for `ms`, as parsing other requests does between two arrivals. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * Queues `jobs` in this order, `gapMs` apart, and resolves with their names in the order their turns
 * came. Every job is queued before the first turn (turns come in the event loop's check phase).
 */
async function turns(queue: WorkQueue, jobs: [string, WorkLane][], gapMs = 1): Promise<string[]> {
  const order: string[] = [];
  const done = jobs.map(([name, lane], i) => {
    if (i > 0) busy(gapMs);
    return queue.run(() => void order.push(name), lane);
  });
  await Promise.all(done);
  return order;
}

describe('WorkQueue', () => {
  it('gives waiting suggestions their turns before pages that arrived less than its lead earlier', async () => {
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

  it('never lets a suggestion pass a page that arrived more than its lead earlier', async () => {
    const queue = new WorkQueue(512, 20);
    // 30 ms between arrivals: each page arrived more than 20 ms before the next suggestion.
    const order = await turns(
      queue,
      [
        ['page 1', 'heavy'],
        ['suggestion 1', 'quick'],
        ['page 2', 'heavy'],
        ['suggestion 2', 'quick'],
      ],
      30,
    );
    expect(order).toEqual(['page 1', 'suggestion 1', 'page 2', 'suggestion 2']);
    // 5 ms apart, well within a 200 ms lead (a loaded machine stretches the gaps, never shrinks them):
    // the suggestions go first.
    const close = await turns(
      new WorkQueue(512, 200),
      [
        ['page 3', 'heavy'],
        ['suggestion 3', 'quick'],
        ['page 4', 'heavy'],
        ['suggestion 4', 'quick'],
      ],
      5,
    );
    expect(close).toEqual(['suggestion 3', 'suggestion 4', 'page 3', 'page 4']);
  });

  it('gives listings a lead of their own over search pages, and suggestions theirs over both', async () => {
    const queue = new WorkQueue(512, 60_000, 30_000);
    const order = await turns(queue, [
      ['search 1', 'heavy'],
      ['listing 1', 'listing'],
      ['search 2', 'heavy'],
      ['suggestion 1', 'quick'],
      ['listing 2', 'listing'],
    ]);
    expect(order).toEqual(['suggestion 1', 'listing 1', 'listing 2', 'search 1', 'search 2']);
    // 30 ms apart with a 20 ms lead: a listing never passes a search page that arrived more than that earlier.
    const fair = await turns(
      new WorkQueue(512, 20, 20),
      [
        ['search 3', 'heavy'],
        ['listing 3', 'listing'],
        ['search 4', 'heavy'],
        ['listing 4', 'listing'],
      ],
      30,
    );
    expect(fair).toEqual(['search 3', 'listing 3', 'search 4', 'listing 4']);
  });

  it('with no lead, is one queue in order of arrival', async () => {
    const queue = new WorkQueue(512, 0);
    const order = await turns(queue, [
      ['suggestion 1', 'quick'],
      ['page 1', 'heavy'],
      ['listing 1', 'listing'],
      ['suggestion 2', 'quick'],
      ['page 2', 'heavy'],
    ]);
    expect(order).toEqual(['suggestion 1', 'page 1', 'listing 1', 'suggestion 2', 'page 2']);
  });

  it('counts every lane against its bound and refuses past it with 503', async () => {
    const queue = new WorkQueue(3);
    const first = queue.turn('heavy');
    const second = queue.turn('quick');
    const third = queue.turn('listing');
    await expect(queue.turn('quick')).rejects.toMatchObject({ status: 503 });
    expect(queue.refused).toBe(1);
    await Promise.all([first, second, third]);
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
