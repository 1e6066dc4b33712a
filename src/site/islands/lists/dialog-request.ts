/**
 * "Latest request wins" for the product dialogs (spec §4): a dialog opens 50 ms after its data has
 * arrived; a newer request cancels the pending one (its fetch is aborted and it never opens); closing
 * cancels whatever is still pending. Pure so the rule is tested without a browser.
 */
export const DIALOG_DELAY_MS = 50;

export interface LatestRequest<T> {
  /** Resolves with the loaded value once it may be shown, or null when a newer request or cancel() replaced it. */
  run(load: (signal: AbortSignal) => Promise<T>): Promise<T | null>;
  cancel(): void;
}

export function latestRequest<T>(delayMs = DIALOG_DELAY_MS): LatestRequest<T> {
  let pending: AbortController | null = null;
  return {
    async run(load) {
      pending?.abort();
      const ctl = new AbortController();
      pending = ctl;
      try {
        const value = await load(ctl.signal);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (ctl.signal.aborted) return null;
        return value;
      } catch (err) {
        if (ctl.signal.aborted) return null;
        throw err;
      } finally {
        if (pending === ctl) pending = null;
      }
    },
    cancel() {
      pending?.abort();
      pending = null;
    },
  };
}
