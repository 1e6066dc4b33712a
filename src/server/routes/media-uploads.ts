/** Staff uploads kept in the folder (not S3): GET /media/uploads/<hash>[-width].<ext>, cached for ever (names are content hashes). */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Hono } from 'hono';
import type { AppDeps } from '../context';
import { errorBody, MESSAGES } from '../http/errors';
import { uploadsDir } from '../storage/uploads-store';

const NAME_RE = /^[a-f0-9]{24}(?:-\d{1,5})?\.(webp|avif|pdf|zip)$/;
const TYPES: Record<string, string> = { webp: 'image/webp', avif: 'image/avif', pdf: 'application/pdf', zip: 'application/zip' };

export function mountUploads(app: Hono, deps: AppDeps): void {
  const dir = uploadsDir(deps.config);
  app.get('/media/uploads/:file', async (c) => {
    const file = c.req.param('file');
    const m = NAME_RE.exec(file);
    if (!m) return c.json(errorBody(404, MESSAGES.notFoundFa), 404);
    const bytes = await readFile(join(dir, file)).catch(() => null);
    if (!bytes) return c.json(errorBody(404, MESSAGES.notFoundFa), 404);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': TYPES[m[1]!]!,
      'Cache-Control': 'public, max-age=31536000, immutable',
      // A PDF opens in the browser's viewer; nothing uploaded is ever run as a page of ours.
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  });
}
