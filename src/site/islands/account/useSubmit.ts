/** One form submission: browser-side required check, the call, field errors and a message. */
import { useRef, useState, type FormEvent } from 'react';
import { editFixes } from '../ui/field-errors';
import type { FieldErrors } from '../../../api/schemas/common';
import { CallError } from '../ui/api';
import { useMounted } from '../ui/useMounted';
import { missingFields, formValues } from './Form';
import type { AccountTexts } from './texts';

export function messageFor(err: unknown, t: AccountTexts): string {
  if (!(err instanceof CallError)) return t.error;
  if (err.status === 0) return t.network;
  if (err.status === 429) return t.tooMany;
  if (err.message === 'User not found.') return t.userNotFound;
  if (err.message === 'Username/password is invalid.') return t.badPassword;
  return err.message || t.error;
}

export function useSubmit(t: AccountTexts, send: (values: Record<string, string | boolean>) => Promise<void>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const watched = useRef<HTMLFormElement | null>(null);
  const mounted = useMounted();
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    if (watched.current !== form) {
      watched.current = form;
      // Once shown, a field's error leaves as soon as the field is fixed.
      form.addEventListener('input', (event) => {
        const name = editFixes(event.target);
        if (name) setErrors((now) => (name in now ? Object.fromEntries(Object.entries(now).filter(([k]) => k !== name)) : now));
      });
    }
    const missing = missingFields(form, t);
    setMessage(null);
    if (Object.keys(missing).length) {
      setErrors(missing);
      return;
    }
    setBusy(true);
    try {
      setErrors({});
      await send(formValues(form));
    } catch (err) {
      setErrors(err instanceof CallError ? err.errors : {});
      setMessage(messageFor(err, t));
    } finally {
      setBusy(false);
    }
  }
  return { errors, message, busy: busy || !mounted, onSubmit, setMessage };
}
