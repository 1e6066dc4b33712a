/**
 * The API's JSON answers compressed in one worker thread of the process's own, not on the request
 * thread. Issue 19: under the long-tail load, brotli on the request thread cost 0.19–0.23 ms per
 * 8 KB answer while the same call took 0.056 ms in a thread that did nothing else: between two
 * compressions the request thread runs a whole request's other work, and the compressor's code and
 * tables are cold again each time. In a thread of its own they stay warm. libuv's pool (zlib's async
 * calls) was tried before and cost the request thread more than compressing itself (api-compression.ts).
 *
 * Measured (`npm run bench:api -- --long-tail --products 100000 --db postgres --mix uniform`, runs taken
 * in turns with and without it): 0.74–0.89 against 0.82–0.95 ms of the process's CPU per request with
 * one server process (suggestion p95 8.9–15.1 against 20.5–25.4 ms, getProduct 89–99 against 111–120 ms),
 * and 0.75 against 0.84 ms with two.
 *
 * One thread per process (`sharedCompressionThread`), however many servers the process runs (tests
 * run several). It is plain JavaScript (no loader to register), started on first use and unref'd, so it
 * keeps no process alive. Input bytes are copied to it (a few microseconds for an answer: the caller may keep
 * them, as jsonAnswer does for the read cache); the answer is moved back. A thread that fails or exits
 * rejects nothing: what was waiting on it is compressed here instead (the same bytes either way), and
 * the next answer starts a new thread.
 */
import { Worker } from 'node:worker_threads';
import { compressJson, JSON_BROTLI_QUALITY, JSON_GZIP_LEVEL } from './api-compression';
import { ThreadBatch } from '../thread-batch';

type Encoding = 'br' | 'gzip';
interface Waiting {
  bytes: Uint8Array;
  encoding: Encoding;
  resolve: (out: Uint8Array<ArrayBuffer>) => void;
  reject: (err: unknown) => void;
}

/** The thread's whole program: compress each batch that comes, send them back together, each under its number. */
const PROGRAM = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_MODE, BROTLI_MODE_TEXT, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
parentPort.on('message', (jobs) => {
  const done = [];
  const moved = [];
  for (const { id, bytes, encoding } of jobs) {
    const out = encoding === 'br'
      ? zlib.brotliCompressSync(bytes, { params: { [BROTLI_PARAM_QUALITY]: ${JSON_BROTLI_QUALITY}, [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT, [BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } })
      : zlib.gzipSync(bytes, { level: ${JSON_GZIP_LEVEL} });
    const own = out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? out : new Uint8Array(out);
    done.push({ id, out: own });
    moved.push(own.buffer);
  }
  parentPort.postMessage(done, moved);
});
`;

export class CompressionThread {
  private worker: Worker | null = null;
  /** Answers to compress go over together, once per turn of the request thread's loop (thread-batch.ts). */
  private readonly outbox = new ThreadBatch<{ id: number; bytes: Uint8Array; encoding: Encoding }>((jobs) =>
    this.worker?.postMessage(jobs),
  );
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  /** Answers compressed on the request thread because the worker had failed (for the tests and logs). */
  fallbacks = 0;

  /** `bytes` compressed for `encoding` at the API's fast setting (api-compression.ts). */
  compress(bytes: Uint8Array, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> {
    try {
      if (!this.worker) this.start();
    } catch (err) {
      // No thread to be had (the process's thread or memory limits): the answer still goes, compressed here.
      console.error('JSON compression thread could not start; compressing on the request thread:', err);
      this.fallbacks++;
      return Promise.resolve(compressJson(bytes, encoding));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { bytes, encoding, resolve, reject });
      this.outbox.add({ id, bytes, encoding });
    });
  }

  /** Ends the thread; anything still waiting is compressed here. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
    this.compressHere();
  }

  private start(): Worker {
    const worker = new Worker(PROGRAM, { eval: true, stdout: false, stderr: false });
    worker.unref();
    worker.on('message', (done: { id: number; out: Uint8Array<ArrayBuffer> }[]) => {
      for (const { id, out } of done) {
        const job = this.waiting.get(id);
        if (!job) continue;
        this.waiting.delete(id);
        job.resolve(Buffer.from(out.buffer, out.byteOffset, out.byteLength) as Uint8Array<ArrayBuffer>);
      }
    });
    const lost = (why: unknown) => {
      if (this.worker !== worker) return;
      this.worker = null;
      if (why) console.error('JSON compression thread failed; compressing on the request thread until it is back:', why);
      this.compressHere();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(code === 0 ? null : `exit ${code}`));
    this.worker = worker;
    return worker;
  }

  /** What waited on a lost thread, compressed here (an error goes to its own request, not to the event that called this). */
  private compressHere(): void {
    for (const [id, job] of this.waiting) {
      this.waiting.delete(id);
      this.fallbacks++;
      try {
        job.resolve(compressJson(job.bytes, job.encoding));
      } catch (err) {
        job.reject(err);
      }
    }
  }
}

let shared: CompressionThread | undefined;
/** The process's compression thread. */
export function sharedCompressionThread(): CompressionThread {
  return (shared ??= new CompressionThread());
}
