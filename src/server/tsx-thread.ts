import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// A worker thread takes none of the process's loader flags, and a test runner's loader is not tsx: the
// thread registers tsx's loader itself before it imports its TypeScript module.
const require = createRequire(import.meta.url);
const TSX_API = pathToFileURL(require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;

/** The program (for `new Worker(program, { eval: true })`) that runs the TypeScript module at `moduleUrl` in a thread. */
export const tsxThreadProgram = (moduleUrl: string): string =>
  `import(${JSON.stringify(TSX_API)}).then((m) => { m.register(); return import(${JSON.stringify(moduleUrl)}); })`;
