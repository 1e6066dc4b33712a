import type { Transferable } from 'node:worker_threads';

/**
 * Messages to another thread, sent together once per turn of this thread's event loop. Under load a
 * turn parses many requests, and each postMessage costs far more than its bytes (the other thread is
 * woken for every one): in the long-tail bench at 100k products the request thread spent 15% of its time
 * in postMessage, one message per search handed over and one per answer to compress.
 */
export class ThreadBatch<T> {
  #items: T[] = [];
  #transfer: Transferable[] = [];
  #scheduled = false;

  /** `send` posts one batch: its items in the order they were added, and what they move. */
  constructor(private readonly send: (items: T[], transfer: Transferable[]) => void) {}

  /** Queued for this turn's batch; `transfer`: buffers the message moves rather than copies. */
  add(item: T, transfer?: readonly Transferable[]): void {
    this.#items.push(item);
    if (transfer) this.#transfer.push(...transfer);
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#flush);
    }
  }

  readonly #flush = (): void => {
    this.#scheduled = false;
    const items = this.#items;
    const transfer = this.#transfer;
    this.#items = [];
    this.#transfer = [];
    if (items.length) this.send(items, transfer);
  };
}
