/**
 * Where staff uploads are kept: a folder served by us under /media/uploads/ (default), or an
 * S3-compatible bucket when S3_ENDPOINT and S3_BUCKET are set. Names are content hashes, so a file is
 * never overwritten by another and can be cached for ever.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../config';
import { encodeS3Path, signS3Request } from './s3-sign';

export const UPLOADS_URL_PREFIX = '/media/uploads/';

export interface UploadsStore {
  /** Stores the bytes under `name` (a plain file name) and answers its public address. */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<string>;
}

export const uploadsDir = (config: Config) => resolve(config.UPLOADS_DIR ?? join(config.DATA_DIR, 'uploads'));

export function uploadsStore(config: Config): UploadsStore {
  if (config.S3_ENDPOINT && config.S3_BUCKET) {
    if (!config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY)
      throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed with S3_ENDPOINT');
    const creds = { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY, region: config.S3_REGION };
    const endpoint = config.S3_ENDPOINT.replace(/\/+$/, '');
    const publicBase = (config.S3_PUBLIC_URL ?? `${endpoint}/${config.S3_BUCKET}`).replace(/\/+$/, '');
    return {
      async put(name, bytes, contentType) {
        const url = new URL(`${endpoint}${encodeS3Path(`/${config.S3_BUCKET}/${name}`)}`);
        const headers = signS3Request(
          'PUT',
          url,
          { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable' },
          bytes,
          creds,
          new Date(),
        );
        const res = await fetch(url, { method: 'PUT', headers, body: Buffer.from(bytes) });
        if (!res.ok) throw new Error(`S3 PUT ${name}: ${res.status} ${(await res.text()).slice(0, 200)}`);
        return `${publicBase}/${name}`;
      },
    };
  }
  const dir = uploadsDir(config);
  return {
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, name), bytes);
      return UPLOADS_URL_PREFIX + name;
    },
  };
}
