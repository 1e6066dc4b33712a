/**
 * Reading a spreadsheet is synchronous CPU work (inflating, XML, CSV). It runs in a worker thread with
 * its own heap cap and a deadline, so a hostile or huge file costs that thread only: the server keeps
 * answering other requests meanwhile, and a file that takes too long or too much memory is refused.
 */
import { Worker } from 'node:worker_threads';
import { tsxThreadProgram } from '../../tsx-thread';
import { BomFileError, type BomErrorCode } from './bom-errors';
import { BOM_LIMITS } from '../../../lib/bom/upload-limits';
import type { FileRows } from './read-rows';
import { WorkerGate } from './worker-gate';

const BOOT = tsxThreadProgram(new URL('./parse-worker.ts', import.meta.url).href);

// Two cores: two files parsed at once, a few more waiting; more than that is refused as busy.
const gate = new WorkerGate(2, 8);

type Reply = { ok: true; result: FileRows; ms: number } | { ok: false; code: BomErrorCode; detail?: string };

export async function readRowsInWorker(
  fileName: string,
  bytes: Uint8Array,
  opts: { maxRows?: number; timeoutMs?: number } = {},
): Promise<FileRows & { ms: number }> {
  const result = await gate.run(() => parseOnce(fileName, bytes, opts));
  if (!result) throw new BomFileError('busy');
  return result.value;
}

async function parseOnce(
  fileName: string,
  bytes: Uint8Array,
  opts: { maxRows?: number; timeoutMs?: number },
): Promise<FileRows & { ms: number }> {
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: { fileName, bytes, maxRows: opts.maxRows ?? BOM_LIMITS.maxRows },
    resourceLimits: { maxOldGenerationSizeMb: BOM_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 64 },
    stdout: false,
    stderr: false,
  });
  try {
    const reply = await new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => reject(new BomFileError('tooSlow')), opts.timeoutMs ?? BOM_LIMITS.parseTimeoutMs);
      worker.once('message', (m: Reply) => {
        clearTimeout(timer);
        resolve(m);
      });
      worker.once('error', (err) => {
        clearTimeout(timer);
        // ERR_WORKER_OUT_OF_MEMORY: the file needed more than the worker's heap.
        reject((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? new BomFileError('zipBomb') : err);
      });
      worker.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`BOM parse worker exited with ${code}`));
      });
    });
    if (!reply.ok) {
      if (reply.detail) console.error('BOM parse failed:', reply.detail);
      throw new BomFileError(reply.code);
    }
    return { ...reply.result, ms: reply.ms };
  } finally {
    void worker.terminate();
  }
}
