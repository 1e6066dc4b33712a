import { useEffect, useRef, useState } from 'react';
import { currentUser, loginUrl, type User } from './api';
import { accountTexts, pathIn, type AccountLocale } from './texts';

/** Header account indicator: guest (sign in / sign up) or the customer's menu (spec §2 "Account menu"). */
export default function AccountMenu({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const [user, setUser] = useState<User | null>(null);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    currentUser().then(setUser).catch(() => setUser(null));
    const close = (e: MouseEvent) => { if (box.current && !box.current.contains(e.target as Node)) setOpen(false); };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, []);
  const p = (path: string) => pathIn(locale, path);
  return (
    <div className="account-menu" ref={box}>
      <button type="button" className="icon-button" aria-haspopup="true" aria-expanded={open} aria-label={t.account} title={t.account} onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true"><circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" /><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
      </button>
      {open && (
        <div className="account-menu__panel" role="menu">
          {user ? (
            <>
              <p className="account-menu__who"><strong dir="ltr">{user.username}</strong><br /><span className="muted" dir="ltr">{user.email}</span></p>
              <ul>
                <li><a href={p('/account/dashboard')}>{t.dashboard}</a></li>
                <li><a href={p('/account/orders/history/p')}>{t.preInvoices}</a></li>
                <li><a href={p('/account/orders/history/f')}>{t.invoices}</a></li>
                <li><a href={p('/account/orders/history/a')}>{t.archives}</a></li>
                <li><a href={p('/account/profile')}>{t.editProfile}</a></li>
                <li><a href={p('/account/addresses')}>{t.addresses}</a></li>
                <li><a href={p('/account/logout')}>{t.logout}</a></li>
              </ul>
            </>
          ) : (
            <>
              <p className="account-menu__who"><strong>{t.guestUser}</strong><br /><span className="muted">{t.pleaseSignIn}</span></p>
              <ul>
                <li><a href={loginUrl(locale)}>{t.signIn}</a></li>
                <li><a href={p('/account/register')}>{t.signUp}</a></li>
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
