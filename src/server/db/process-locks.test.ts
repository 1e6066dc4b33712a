import { describe, expect, it } from 'vitest';
import { processLocks } from './process-locks';

/** A job that records when it starts and ends and finishes when `release` is called. */
function job(log: string[], name: string) {
  let release!: () => void;
  const finished = new Promise<void>((r) => (release = r));
  return {
    release,
    work: async () => {
      log.push(`${name} start`);
      await finished;
      log.push(`${name} end`);
      return name;
    },
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('locks held within one process (PGlite)', () => {
  it('runs holders of one name in turn and of different names side by side', async () => {
    const locks = processLocks();
    const log: string[] = [];
    const a = job(log, 'a');
    const b = job(log, 'b');
    const c = job(log, 'c');
    const ra = locks.withLock('site', a.work);
    const rb = locks.withLock('site', b.work);
    const rc = locks.withLock('search', c.work);
    await tick();
    expect(log).toEqual(['a start', 'c start']);
    a.release();
    await tick();
    expect(log).toEqual(['a start', 'c start', 'a end', 'b start']);
    b.release();
    c.release();
    expect(await Promise.all([ra, rb, rc])).toEqual(['a', 'b', 'c']);
  });

  it('answers busy at once while the name is held, and runs once it is free', async () => {
    const locks = processLocks();
    const log: string[] = [];
    const a = job(log, 'a');
    const ra = locks.withLock('site', a.work);
    await tick();
    expect(await locks.tryWithLock('site', async () => 'never')).toEqual({ ran: false });
    expect(await locks.tryWithLock('other', async () => 'other')).toEqual({ ran: true, value: 'other' });
    a.release();
    await ra;
    expect(await locks.tryWithLock('site', async () => 'now')).toEqual({ ran: true, value: 'now' });
  });

  it('lets the next holder in when the work throws', async () => {
    const locks = processLocks();
    await expect(locks.withLock('site', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await locks.withLock('site', async () => 'after')).toBe('after');
  });
});
