/** Solves one ALTCHA challenge off the main thread and posts the number back (null when none fits). */
import { findNumber, type AltchaChallenge } from './altcha-solve';

const scope = self as unknown as { onmessage: ((e: MessageEvent<AltchaChallenge>) => void) | null; postMessage(value: unknown): void };
scope.onmessage = (e) => {
  void findNumber(e.data)
    .catch(() => null)
    .then((n) => scope.postMessage(n));
};
