import { useCaptcha } from '../forms/useCaptcha';
import { safeReturn } from './api';
import { call, CallError, type ApiBody } from '../ui/api';
import { ErrorSummary, Field } from './Form';
import { accountTexts, pathIn, type AccountLocale } from './texts';
import { useSubmit } from './useSubmit';

/** Sign-up with the spec's fields; on success the verification mail is on its way and sign-in follows. */
export default function RegisterForm({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const back = safeReturn(new URLSearchParams(typeof location === 'undefined' ? '' : location.search).get('return'));
  const captcha = useCaptcha(locale, 'register');
  const { errors, message, busy, onSubmit } = useSubmit(t, async (v) => {
    const answer = await captcha.answer((m) => new CallError(422, m, { captcha: [m] }));
    try {
      await call('POST', '/register', { body: { ...v, locale, captcha: answer } as ApiBody<'POST', '/register'> });
    } finally {
      captcha.reset();
    }
    location.assign(`${pathIn(locale, '/account/login')}?registered=1${back ? `&return=${encodeURIComponent(back)}` : ''}`);
  });
  return (
    <form className="account-form account-form--wide" onSubmit={onSubmit} onFocus={captcha.start} noValidate>
      <ErrorSummary t={t} errors={errors} message={message} />
      <div className="account-grid">
        <Field name="name" label={t.name} errors={errors} required autoComplete="name" maxLength={100} />
        <Field name="company" label={t.company} errors={errors} autoComplete="organization" maxLength={150} />
        <Field name="mobile" label={t.mobile} type="tel" errors={errors} required autoComplete="tel" dir="ltr" maxLength={20} />
        <Field name="phone" label={t.phone} type="tel" errors={errors} dir="ltr" maxLength={20} />
        <Field
          name="username"
          label={t.username}
          errors={errors}
          required
          autoComplete="username"
          dir="ltr"
          hint={t.usernameHint}
          maxLength={50}
        />
        <Field name="website" label={t.website} errors={errors} dir="ltr" maxLength={200} />
        <Field name="email" label={t.email} type="email" errors={errors} required autoComplete="email" dir="ltr" maxLength={190} />
        <Field name="email2" label={t.email2} type="email" errors={errors} dir="ltr" maxLength={190} />
      </div>
      <label className="account-check">
        <input type="checkbox" name="agreeWithEmail2" /> {t.agreeWithEmail2}
      </label>
      <div className="account-grid">
        <Field
          name="password"
          label={t.password}
          type="password"
          errors={errors}
          required
          autoComplete="new-password"
          dir="ltr"
          maxLength={128}
        />
        <Field
          name="password_confirmation"
          label={t.repeatPassword}
          type="password"
          errors={errors}
          required
          autoComplete="new-password"
          dir="ltr"
          maxLength={128}
        />
      </div>
      {captcha.widget}
      <button className="button" type="submit" disabled={busy}>
        {t.signUp}
      </button>
      <p>
        {t.haveAccount} <a href={pathIn(locale, '/account/login')}>{t.signIn}</a>
      </p>
    </form>
  );
}
