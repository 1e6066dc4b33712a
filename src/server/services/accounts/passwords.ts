/** Password hashing with argon2id (OWASP's first choice); parameters live in the hash string itself. */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** Algorithm.Argon2id; the package declares it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash to verify against when no account matched, so "no such user" costs the same time as
 * "wrong password" and answer times do not reveal which usernames exist.
 */
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword('not-a-real-password-ever'));
