import { useRef, useState } from 'react';
import { safeReturn } from './api';
import { call, CallError, type ApiBody } from '../ui/api';
import { ErrorSummary, Field, Notice } from './Form';
import { accountTexts, pathIn, type AccountLocale } from './texts';
import { useSubmit } from './useSubmit';
import { useMounted } from '../ui/useMounted';
import { CaptchaWidget, type CaptchaHandle } from '../forms/CaptchaWidget';
import '../forms/forms.css';

/**
 * Sign-in through the same-origin proxy; tokens land in httpOnly cookies. Then back to the sending page.
 * After a few attempts the server asks for the captcha (X-Captcha-Required): the widget appears and
 * every further attempt carries a freshly solved one.
 */
export default function LoginForm({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  // Read only once live: the server-rendered copy knows no query string.
  const params = new URLSearchParams(useMounted() ? location.search : '');
  const registered = params.get('registered') === '1';
  const reset = params.get('reset') === '1';
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  // Staff with two-factor sign-in: the server answers X-Two-Factor-Required and the code field appears.
  const [needsOtp, setNeedsOtp] = useState(false);
  const captcha = useRef<CaptchaHandle>(null);
  const { errors, message, busy, onSubmit } = useSubmit(t, async (v) => {
    const token = needsCaptcha ? ((await captcha.current?.token()) ?? null) : null;
    if (needsCaptcha && !token) throw new CallError(422, '', { captcha: [t.captchaNeeded] });
    try {
      await call('POST', '/auth/login', {
        body: {
          username: v.username,
          password: v.password,
          ...(token ? { captcha: token } : {}),
          ...(v.otp ? { otp: v.otp } : {}),
        } as ApiBody<'POST', '/auth/login'>,
      });
    } catch (err) {
      if (!(err instanceof CallError)) throw err;
      // A solved captcha is accepted once: whatever the answer, the next attempt needs a new one.
      captcha.current?.reset();
      if (err.headers?.get('x-captcha-required') === '1') setNeedsCaptcha(true);
      if (err.headers?.get('x-two-factor-required') === '1') setNeedsOtp(true);
      if (err.errors.captcha) throw new CallError(err.status, '', { captcha: [t.captchaNeeded] }, err.headers);
      throw err;
    }
    location.assign(safeReturn(params.get('return')) ?? pathIn(locale, '/account/dashboard'));
  });
  return (
    <form className="account-form" onSubmit={onSubmit} onFocus={() => captcha.current?.start()} noValidate data-testid="login-form">
      {registered && <Notice>{t.registered}</Notice>}
      {reset && <Notice>{t.resetDone}</Notice>}
      <ErrorSummary t={t} errors={errors} message={message} />
      <Field name="username" label={t.login} errors={errors} required autoComplete="username" dir="ltr" maxLength={190} />
      <Field
        name="password"
        label={t.password}
        type="password"
        errors={errors}
        required
        autoComplete="current-password"
        dir="ltr"
        maxLength={128}
      />
      {needsOtp && (
        <Field
          name="otp"
          label={locale === 'fa' ? 'کد ورود دومرحله‌ای' : 'Two-factor code'}
          errors={errors}
          required
          autoComplete="one-time-code"
          dir="ltr"
          maxLength={12}
        />
      )}
      {needsCaptcha && <CaptchaWidget ref={captcha} locale={locale} action="login" />}
      <button className="button" type="submit" disabled={busy}>
        {t.signIn}
      </button>
      <p>
        <a href={pathIn(locale, '/account/forgot-password')}>{t.forgot}</a>
      </p>
      <p>
        {t.noAccount}{' '}
        <a
          href={pathIn(locale, '/account/register') + (params.get('return') ? `?return=${encodeURIComponent(params.get('return')!)}` : '')}
        >
          {t.signUp}
        </a>
      </p>
    </form>
  );
}
