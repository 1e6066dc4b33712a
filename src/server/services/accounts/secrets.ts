import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe secret: bearer tokens, e-mail links, CSRF tokens. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Only this digest is stored, so a database leak hands out no working token or link. */
export const tokenDigest = (token: string): string => createHash('sha256').update(token).digest('hex');
