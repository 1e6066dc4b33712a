/** /account/orders and /account/orders/history/{p|f|a}: dashboard tabs over dashboard/factor, with a detail dialog. */
import { useEffect, useState } from 'react';
import type { FactorDetail, FactorSummary } from '../../../api/schemas/shop';
import { useCustomer } from '../account/useCustomer';
import { call, CallError } from '../ui/api';
import PartText from '../ui/PartText';
import { dateText, num, pathIn, segmentsAfter, shopTexts, toman, type ShopLocale } from './texts';

type Tab = 'p' | 'f' | 'a' | 'all';
const DIALOG_DELAY_MS = 50;

export default function OrdersList({ locale }: { locale: ShopLocale }) {
  const t = shopTexts(locale);
  const user = useCustomer(locale);
  const [tab, setTab] = useState<Tab | null>(null);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ items: FactorSummary[]; pages: number } | null>(null);
  const [detail, setDetail] = useState<FactorDetail | null>(null);

  const load = () =>
    call('GET', '/dashboard/factor', { query: { type: tab, page } })
      .then(setData)
      .catch(() => setData({ items: [], pages: 1 }));
  // The tab comes from the address (/account/orders/history/{p|f|a}), known only in the browser.
  useEffect(() => {
    const wanted = segmentsAfter('/account/orders/history')[0] as Tab | undefined;
    setTab(wanted && ['p', 'f', 'a'].includes(wanted) ? wanted : 'all');
  }, []);
  useEffect(() => {
    if (user && tab) void load();
  }, [user, tab, page]);

  async function open(f: FactorSummary) {
    const r = await call('GET', '/dashboard/factor/detail/{id}', { params: { id: f.factorNumber } });
    setTimeout(() => setDetail(r.data), DIALOG_DELAY_MS);
  }
  async function remove(f: FactorSummary) {
    if (!window.confirm(t.confirmDelete)) return;
    try {
      await call('DELETE', '/dashboard/factor/{id}', { params: { id: f.factorNumber } });
      await load();
    } catch (err) {
      if (err instanceof CallError) window.alert(err.message);
    }
  }

  if (!user || !tab) return <p>{t.loading}</p>;
  return (
    <div className="orders">
      <div role="tablist" className="tabs">
        {(['p', 'f', 'a', 'all'] as const).map((k) => (
          <button
            key={k}
            role="tab"
            type="button"
            aria-selected={tab === k}
            onClick={() => {
              setTab(k);
              setPage(1);
            }}
          >
            {t.tabs[k]}
          </button>
        ))}
      </div>
      {!data ? (
        <p>{t.loading}</p>
      ) : data.items.length === 0 ? (
        <p>{t.noOrders}</p>
      ) : (
        <table className="orders-table">
          <thead>
            <tr>
              <th>{t.factorNumber}</th>
              <th>{t.date}</th>
              <th>{t.state}</th>
              <th>{t.quantity}</th>
              <th>{t.total}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.items.map((f) => (
              <tr key={f.id} data-factor={f.factorNumber}>
                <td dir="ltr">
                  <a href={pathIn(locale, `/account/orders/${f.factorNumber}`)}>{f.factorNumber}</a>
                </td>
                <td>{dateText(locale, f.date)}</td>
                <td>
                  <span className={`state state--${f.stateColour}`}>{t.states[f.state] ?? f.stateLabel}</span>
                </td>
                <td>{num(locale, f.quantity)}</td>
                <td>{toman(locale, f.total)}</td>
                <td>
                  <button type="button" className="link-button" onClick={() => void open(f)}>
                    {t.details}
                  </button>
                  {f.type === 'p' && (
                    <button type="button" className="link-button" onClick={() => void remove(f)}>
                      {t.delete}
                    </button>
                  )}
                  {f.paid && (
                    <a href={`/api/site/v1/dashboard/factor/download/${f.factorNumber}`} download>
                      {t.downloadInvoice}
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.pages > 1 && (
        <nav className="pagination">
          {Array.from({ length: data.pages }, (_, i) => (
            <button key={i} type="button" aria-current={page === i + 1 ? 'page' : undefined} onClick={() => setPage(i + 1)}>
              {num(locale, i + 1)}
            </button>
          ))}
        </nav>
      )}
      {detail && (
        <div className="modal" role="dialog" aria-modal="true" aria-label={t.details}>
          <div className="modal__body">
            <h2>
              {t.factor} {detail.factorNumber}
            </h2>
            <p>
              <span className={`state state--${detail.stateColour}`}>{t.states[detail.state] ?? detail.stateLabel}</span>
            </p>
            <ul>
              {detail.lines.map((l) => (
                <li key={l.id}>
                  <PartText text={locale === 'fa' ? l.product.nameFa : l.product.name} partNumber={l.product.partNumber} locale={locale} />{' '}
                  <span className="pn" dir="ltr">
                    {l.product.partNumber}
                  </span>{' '}
                  × {num(locale, l.quantity)} — {toman(locale, l.lineTotal)}
                </li>
              ))}
            </ul>
            <p>
              {t.total}: {toman(locale, detail.total)}
            </p>
            <button type="button" className="link-button" onClick={() => setDetail(null)}>
              {t.close}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
