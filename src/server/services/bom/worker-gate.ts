/**
 * At most a few parsing workers at once. Each may use up to BOM_LIMITS.workerHeapMb of memory and a
 * core; without a gate, a burst of hostile uploads would start one worker each. Uploads beyond the
 * queue are refused with "busy" rather than queued without end.
 */
export class WorkerGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly maxRunning: number,
    private readonly maxWaiting: number,
  ) {}

  /** Runs `task` when a slot is free; null (task not run) when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<{ value: T } | null> {
    if (this.running >= this.maxRunning) {
      if (this.waiting.length >= this.maxWaiting) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return { value: await task() };
    } finally {
      // Hand the slot straight to the next in line, or free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
