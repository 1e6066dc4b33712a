/**
 * The contact form (spec §3: name, email, subject, comment, captcha). Empty fields are named before
 * anything is sent; the server's 422 list appears under the validation heading and beside each field;
 * a refused captcha is reset with the spec's message; success clears the form and shows a toast.
 */
import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../stores/toasts';
import { call, CallError, type ApiBody } from '../ui/api';
import { CaptchaWidget, type CaptchaHandle } from './CaptchaWidget';
import { formTexts, type FormsLocale } from './texts';
import { useMounted } from '../ui/useMounted';
import { editFixes } from '../ui/field-errors';
import './forms.css';

const FIELDS = ['name', 'email', 'subject', 'comment'] as const;
type Field = (typeof FIELDS)[number] | 'captcha';

export default function ContactForm({ locale }: { locale: FormsLocale }) {
  const t = formTexts(locale);
  const captcha = useRef<CaptchaHandle>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const live = useMounted();

  // Links such as "request a footprint" arrive with ?subject=&comment= filled in. They are copied into the
  // fields after hydration so the first render matches the static HTML.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    for (const name of ['subject', 'comment'] as const) {
      const value = params.get(name)?.trim();
      const input = formRef.current?.elements.namedItem(name);
      if (value && (input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement) && !input.value)
        input.value = value.slice(0, input.maxLength > 0 ? input.maxLength : undefined);
    }
  }, []);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = Object.fromEntries(FIELDS.map((f) => [f, String(new FormData(form).get(f) ?? '').trim()])) as Record<
      (typeof FIELDS)[number],
      string
    >;
    const missing: Partial<Record<Field, string>> = {};
    for (const f of FIELDS) if (!data[f]) missing[f] = t.required;
    const token = Object.keys(missing).length ? null : ((await captcha.current?.token()) ?? null);
    if (!token && Object.keys(missing).length === 0) missing.captcha = t.captcha.missing;
    setErrors(missing);
    setSent('');
    if (Object.keys(missing).length) return;
    setSending(true);
    try {
      const body = await call('POST', '/contact-us', { body: { ...data, captcha: token } as ApiBody<'POST', '/contact-us'> });
      form.reset();
      captcha.current?.reset();
      const text = locale === 'fa' && body.message ? body.message : t.sent;
      setSent(text);
      showToast(text, 'success');
    } catch (err) {
      if (!(err instanceof CallError) || err.status === 0) {
        setErrors({ captcha: t.network });
        return;
      }
      const firsts = Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0] ?? ''])) as Partial<Record<Field, string>>;
      if (Object.keys(firsts).length === 0) firsts.captcha = err.message || t.network;
      // Each solved captcha is accepted once: any refusal needs a fresh one.
      captcha.current?.reset(firsts.captcha);
      setErrors(firsts);
    } finally {
      setSending(false);
    }
  }

  // Each summary line names its field; the captcha's message speaks for itself.
  const listed = Object.entries(errors)
    .filter(([, m]) => Boolean(m))
    .map(([name, m]) => [name, (FIELDS as readonly string[]).includes(name) ? t[name as (typeof FIELDS)[number]] : '', m] as const);
  const fixed = (e: React.FormEvent<HTMLFormElement>) => {
    const name = editFixes(e.target);
    if (name && (FIELDS as readonly string[]).includes(name) && (e.target as HTMLInputElement).value.trim()) {
      setErrors((now) => (now[name as Field] ? { ...now, [name]: undefined } : now));
    }
  };
  const field = (name: (typeof FIELDS)[number], input: React.ReactNode) => (
    <div className="field">
      <label htmlFor={`contact-${name}`}>{t[name]}</label>
      {input}
      {errors[name] && (
        <span className="field-error" id={`contact-${name}-error`}>
          {errors[name]}
        </span>
      )}
    </div>
  );
  const aria = (name: (typeof FIELDS)[number]) => ({
    id: `contact-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
  });

  return (
    <form
      ref={formRef}
      id="contact-form"
      className="contact-form"
      onSubmit={submit}
      onInput={fixed}
      onFocus={() => captcha.current?.start()}
      noValidate
      data-testid="contact-form"
    >
      <h2>{t.title}</h2>
      {listed.length > 0 && (
        <div className="form-errors" role="alert" data-testid="contact-errors">
          <p>{t.errorsTitle}</p>
          <ul>
            {listed.map(([name, label, m]) => (
              <li key={name}>
                {label ? (
                  <>
                    <a href={`#contact-${name}`}>{label}</a>:{' '}
                  </>
                ) : null}
                {m}
              </li>
            ))}
          </ul>
        </div>
      )}
      {field('name', <input {...aria('name')} autoComplete="name" maxLength={100} />)}
      {field('email', <input {...aria('email')} type="email" dir="ltr" autoComplete="email" maxLength={200} />)}
      {field('subject', <input {...aria('subject')} maxLength={200} />)}
      {field('comment', <textarea {...aria('comment')} rows={5} maxLength={5000} />)}
      <CaptchaWidget ref={captcha} locale={locale} />
      <button type="submit" className="button" disabled={sending || !live}>
        {sending ? t.sending : t.send}
      </button>
      {sent && (
        <p className="notice" role="status" data-testid="contact-sent">
          {sent}
        </p>
      )}
    </form>
  );
}
