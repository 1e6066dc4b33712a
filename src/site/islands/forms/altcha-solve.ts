/**
 * ALTCHA proof of work: find the number n (0..max) whose hash of salt + n equals the challenge. Runs in
 * a Web Worker when it can; `yieldEvery` lets the main-thread fallback give the page a turn.
 */
export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');

export async function findNumber(
  c: AltchaChallenge,
  opts: { yieldEvery?: number; cancelled?: () => boolean } = {},
): Promise<number | null> {
  const encoder = new TextEncoder();
  const max = c.maxnumber ?? 1_000_000;
  for (let n = 0; n <= max; n++) {
    if (opts.yieldEvery && n % opts.yieldEvery === 0) {
      await new Promise((r) => setTimeout(r, 0));
      if (opts.cancelled?.()) return null;
    }
    if (hex(await crypto.subtle.digest(c.algorithm, encoder.encode(c.salt + n))) === c.challenge) return n;
  }
  return null;
}

/** What the server's verifier reads: the challenge, the number found and the time taken, base64 JSON. */
export const altchaPayload = (c: AltchaChallenge, number: number, took: number): string =>
  btoa(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature, took }));
