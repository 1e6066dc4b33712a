import { readFileSync } from 'node:fs';

/**
 * A PGlite data-folder tarball (dumpDataDir) as the `loadDataDir` PGlite.create takes. PGlite only
 * calls `arrayBuffer()` on it (and reads `type` for gzip), so the file's own bytes are handed over:
 * wrapping them in a real Blob made Node 20 copy them again through its Blob stream — about a second
 * per 70 MB of template on an idle machine, paid by every test file that starts a database.
 */
export function tarballForPglite(path: string): Blob {
  const bytes = readFileSync(path);
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type: 'application/x-tar', size: bytes.byteLength, arrayBuffer: async () => buffer } as unknown as Blob;
}
