/**
 * PGlite's compiled WebAssembly (the database and initdb) and its file bundle, read and compiled once
 * per process and handed to every embedded database opened in it. Left to itself, each new PGlite reads
 * the 9 MB module and the 6 MB bundle again and compiles the module again, and V8 drops the compiled
 * code with the last database that used it: a process that opens many databases one after another
 * (the test suite's files, a build beside the shop) paid the compilation, and the optimised code's
 * warm-up, for every one. A compiled module and a Blob cross to a database thread as they are.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface PgliteArtifacts {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

const require = createRequire(import.meta.url);
let artifacts: Promise<PgliteArtifacts> | undefined;

/** The artifacts of the installed PGlite, made on first use. */
export function pgliteArtifacts(): Promise<PgliteArtifacts> {
  artifacts ??= (async () => {
    const dist = dirname(require.resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule, bundle] = await Promise.all([
      readFile(join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)),
      readFile(join(dist, 'initdb.wasm')).then((bytes) => WebAssembly.compile(bytes)),
      readFile(join(dist, 'pglite.data')),
    ]);
    return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle]) };
  })();
  // A failure (a broken install) is not kept: the next database tries again and reports it.
  artifacts.catch(() => (artifacts = undefined));
  return artifacts;
}
