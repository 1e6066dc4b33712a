/** The signed-in customer's earlier parts lists, each linking to its result page. Guests see nothing. */
import { useEffect, useState } from 'react';
import type { MyUploadsResponse } from '../../../api/schemas/bom';
import { maybeSignedIn } from '../shop/api';
import { call } from '../ui/api';
import { dateText, num, pathIn, type ShopLocale } from '../shop/texts';
import { bomTexts } from './texts';

export function MyUploads({ locale }: { locale: ShopLocale }) {
  const t = bomTexts(locale);
  const [items, setItems] = useState<MyUploadsResponse['items']>([]);
  useEffect(() => {
    if (!maybeSignedIn()) return;
    call('GET', '/dashboard/customerUploads')
      .then((r) => setItems(r.items))
      .catch(() => undefined);
  }, []);
  if (items.length === 0) return null;
  return (
    <section className="bom-mine" data-testid="bom-mine">
      <h2>{t.myUploads}</h2>
      <ul>
        {items.map((u) => (
          <li key={u.identityKey}>
            <a href={pathIn(locale, u.route)} dir="ltr">
              {u.fileName}
            </a>{' '}
            <small>
              {dateText(locale, u.createdAt)} —{' '}
              {t.uploadSummary(num(locale, u.lines), num(locale, u.unmatched), num(locale, u.boardQuantity))}
            </small>
          </li>
        ))}
      </ul>
    </section>
  );
}
