import { useEffect, useState } from 'react';
import type { AddressView } from '../../../api/schemas/account';
import { call } from '../ui/api';
import { AddressCard } from './AddressCard';
import { ResendVerification } from './ResendVerification';
import { accountTexts, digits, formatDate, pathIn, type AccountLocale } from './texts';
import { useCustomer } from './useCustomer';

interface Review {
  id: number;
  rating: number;
  content: string;
  date: string;
  product: { slug: string; name: string; nameFa: string | null };
}

/** /account and /account/dashboard: profile summary, default address, the customer's reviews. */
export default function Dashboard({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const user = useCustomer(locale);
  const [address, setAddress] = useState<AddressView | null | undefined>(undefined);
  const [reviews, setReviews] = useState<Review[]>([]);
  useEffect(() => {
    if (!user) return;
    call('GET', '/dashboard/address')
      .then((r) => setAddress(r.data.find((a) => a.default) ?? null))
      .catch(() => setAddress(null));
    call('GET', '/dashboard/reviews')
      .then((r) => setReviews(r.items))
      .catch(() => setReviews([]));
  }, [user]);
  if (!user) return <p>{t.loading}</p>;
  return (
    <div className="account-dashboard">
      {!user.emailVerified && <ResendVerification locale={locale} />}
      <section className="account-panel">
        <h2>{t.profileSummary}</h2>
        <dl className="account-summary">
          <dt>{t.name}</dt>
          <dd data-field="name">{user.name}</dd>
          <dt>{t.username}</dt>
          <dd dir="ltr">{user.username}</dd>
          <dt>{t.email}</dt>
          <dd dir="ltr">{user.email}</dd>
          <dt>{t.mobile}</dt>
          <dd dir="ltr">{digits(locale, user.mobile)}</dd>
          <dt>{t.memberSince}</dt>
          <dd>{formatDate(locale, user.createdAt)}</dd>
        </dl>
        <a href={pathIn(locale, '/account/profile')}>{t.editProfile}</a>
      </section>
      <section className="account-panel">
        <h2>{t.defaultAddress}</h2>
        {address === undefined ? (
          <p>{t.loading}</p>
        ) : address ? (
          <AddressCard locale={locale} address={address} />
        ) : (
          <p className="muted">{t.noAddress}</p>
        )}
        <a href={pathIn(locale, '/account/addresses')}>{t.addresses}</a>
      </section>
      <section className="account-panel">
        <h2>{t.myReviews}</h2>
        {reviews.length === 0 ? (
          <p className="muted">{t.noReviews}</p>
        ) : (
          <ul>
            {reviews.map((r) => (
              <li key={r.id}>
                <a href={pathIn(locale, `/shop/products/${r.product.slug}`)}>
                  {locale === 'fa' ? (r.product.nameFa ?? r.product.name) : r.product.name}
                </a>{' '}
                — {digits(locale, String(r.rating))}/{digits(locale, '5')} — {formatDate(locale, r.date)}
                <br />
                {r.content}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
