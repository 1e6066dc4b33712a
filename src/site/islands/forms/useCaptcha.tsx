/**
 * The captcha box for any React form: render `widget` inside the form, call `start` when the visitor
 * begins filling it (the proof of work runs meanwhile), `answer()` at submit — it throws the spec's
 * "confirm the captcha" as a field error when there is none — and `reset()` after every send, since a
 * solved challenge is accepted once.
 */
import { useRef } from 'react';
import { CaptchaWidget, type CaptchaHandle } from './CaptchaWidget';
import { formTexts, type FormsLocale } from './texts';
import './forms.css';

export class CaptchaMissing extends Error {
  readonly errors: Record<string, string[]>;
  constructor(message: string) {
    super(message);
    this.errors = { captcha: [message] };
  }
}

export function useCaptcha(locale: FormsLocale, action: string) {
  const ref = useRef<CaptchaHandle>(null);
  return {
    widget: <CaptchaWidget ref={ref} locale={locale} action={action} />,
    start: () => ref.current?.start(),
    /** The answer to send; without one, throws toError(the spec's message) (a CaptchaMissing by default). */
    async answer(toError: (message: string) => Error = (m) => new CaptchaMissing(m)): Promise<string> {
      const token = (await ref.current?.token()) ?? null;
      if (!token) throw toError(formTexts(locale).captcha.missing);
      return token;
    },
    reset: (reason?: string) => ref.current?.reset(reason),
  };
}
