/**
 * Posting a review or a question (spec §8): guests go to sign-in and come back to this page; a 422
 * shows the first message of each field under the validation heading; a 406 is an error toast with
 * the server's own message; success is a toast saying it was created.
 */
import { useState } from 'react';
import { showToast } from '../../stores/toasts';
import { loginUrl, maybeSignedIn } from '../account/api';
import { CallError } from '../ui/api';
import type { Locale } from '../ui/locale';
import { engagementTexts } from './texts';

/** Back to this page's tab after sign-in. */
export const returnHere = (anchor: string) => `${location.pathname}${location.search}#${anchor}`;

export function usePost(locale: Locale, anchor: string) {
  const t = engagementTexts(locale);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const toLogin = () => location.assign(loginUrl(locale, returnHere(anchor)));

  /** Runs a typed post (guests go to sign-in first); its answer, or null when it failed. */
  async function send<T>(request: () => Promise<T>): Promise<T | null> {
    if (!maybeSignedIn()) {
      toLogin();
      return null;
    }
    setBusy(true);
    setErrors([]);
    try {
      const res = await request();
      showToast(t.created, 'success');
      return res;
    } catch (err) {
      if (err instanceof CallError && err.status === 401) toLogin();
      else if (err instanceof CallError && err.status === 422)
        setErrors(
          Object.values(err.errors)
            .map((list) => list[0]!)
            .filter(Boolean),
        );
      else if (err instanceof CallError && err.status === 406) showToast(err.message, 'error');
      else showToast(err instanceof CallError && err.status === 0 ? t.noConnection : t.failed, 'error');
      return null;
    } finally {
      setBusy(false);
    }
  }
  return { busy, errors, send, toLogin };
}

export function ValidationList({ errors, heading }: { errors: string[]; heading: string }) {
  if (errors.length === 0) return null;
  return (
    <div className="engagement__errors" role="alert">
      <strong>{heading}</strong>
      <ul>
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}
