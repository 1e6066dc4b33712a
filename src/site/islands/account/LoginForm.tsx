import { call, safeReturn } from './api';
import { ErrorSummary, Field, Notice } from './Form';
import { accountTexts, pathIn, type AccountLocale } from './texts';
import { useSubmit } from './useSubmit';
import { useMounted } from '../ui/useMounted';

/** Sign-in through the same-origin proxy; tokens land in httpOnly cookies. Then back to the sending page. */
export default function LoginForm({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  // Read only once live: the server-rendered copy knows no query string.
  const params = new URLSearchParams(useMounted() ? location.search : '');
  const registered = params.get('registered') === '1';
  const reset = params.get('reset') === '1';
  const { errors, message, busy, onSubmit } = useSubmit(t, async (v) => {
    await call('POST', '/auth/login', { username: v.username, password: v.password });
    location.assign(safeReturn(params.get('return')) ?? pathIn(locale, '/account/dashboard'));
  });
  return (
    <form className="account-form" onSubmit={onSubmit} noValidate>
      {registered && <Notice>{t.registered}</Notice>}
      {reset && <Notice>{t.resetDone}</Notice>}
      <ErrorSummary t={t} errors={errors} message={message} />
      <Field name="username" label={t.login} errors={errors} required autoComplete="username" dir="ltr" maxLength={190} />
      <Field name="password" label={t.password} type="password" errors={errors} required autoComplete="current-password" dir="ltr" maxLength={128} />
      <button className="button" type="submit" disabled={busy}>{t.signIn}</button>
      <p><a href={pathIn(locale, '/account/forgot-password')}>{t.forgot}</a></p>
      <p>{t.noAccount} <a href={pathIn(locale, '/account/register') + (params.get('return') ? `?return=${encodeURIComponent(params.get('return')!)}` : '')}>{t.signUp}</a></p>
    </form>
  );
}
