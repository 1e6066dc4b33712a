/**
 * Lets timers and I/O run. Embedded PGlite executes each statement synchronously and resolves its
 * promise as a microtask, so a loop of awaited queries never gives the event loop a turn: matching
 * 1,000 BOM lines measured one 8.5 s pause. A macrotask between statements splits that into
 * pauses of one query each, and other shoppers' requests are answered in between.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
