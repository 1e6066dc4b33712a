import { useEffect, useState } from 'react';
import type { AddressView } from '../../../api/schemas/account';
import { call } from '../ui/api';
import { AddressCard } from './AddressCard';
import { accountTexts, pathIn, type AccountLocale } from './texts';
import { useCustomer } from './useCustomer';

export default function AddressList({ locale }: { locale: AccountLocale }) {
  const t = accountTexts(locale);
  const user = useCustomer(locale);
  const [list, setList] = useState<AddressView[] | null>(null);
  const load = () => call('GET', '/dashboard/address').then((r) => setList(r.data));
  useEffect(() => {
    if (user) void load();
  }, [user]);
  if (!user || !list) return <p>{t.loading}</p>;
  const remove = async (id: number) => {
    if (!confirm(t.confirmDelete)) return;
    await call('DELETE', '/dashboard/address/{id}', { params: { id } });
    await load();
  };
  return (
    <div>
      <p>
        <a className="button" href={pathIn(locale, '/account/addresses/create')}>
          {t.addAddress}
        </a>
      </p>
      {list.length === 0 ? (
        <p className="muted">{t.noAddress}</p>
      ) : (
        <div className="address-cards">
          {list.map((a) => (
            <AddressCard key={a.id} locale={locale} address={a} onDelete={() => void remove(a.id)} />
          ))}
        </div>
      )}
    </div>
  );
}
