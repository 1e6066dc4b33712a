/** Runs readRows off the main thread; see parse-in-worker.ts. */
import { parentPort, workerData } from 'node:worker_threads';
import { BomFileError } from './bom-errors';
import { readRows } from './read-rows';

const { fileName, bytes, maxRows } = workerData as { fileName: string; bytes: Uint8Array; maxRows: number };
try {
  const started = performance.now();
  const result = readRows(fileName, bytes, maxRows);
  parentPort!.postMessage({ ok: true, result, ms: performance.now() - started });
} catch (err) {
  if (err instanceof BomFileError) parentPort!.postMessage({ ok: false, code: err.code });
  else parentPort!.postMessage({ ok: false, code: 'badWorkbook', detail: String((err as Error)?.stack ?? err) });
}
