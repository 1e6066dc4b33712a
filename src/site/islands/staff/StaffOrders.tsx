/**
 * Staff console tab: the orders, a page at a time, by state, shipping status, order day and a search
 * over factor number, tracking code and customer; opening one shows its order page (StaffOrderPage).
 */
import { useEffect, useState } from 'react';
import { formatToman } from '../../../lib/money';
import { call, CallError } from '../ui/api';
import StaffOrderPage from './StaffOrderPage';
import { faDate, ORDER_STATE_FA, ORDER_STATES, SHIPPING_FA } from './staff-labels';

interface Row {
  id: number;
  factorNumber: string;
  customer: string;
  customerName: string;
  state: string;
  stateLabel: string;
  total: number;
  date: string;
  shippingStatusLabel: string;
  quantity: number;
}
interface Page {
  data: Row[];
  total: number;
  page: number;
  pages: number;
}
interface Filters {
  state: string;
  shipping: string;
  from: string;
  to: string;
  q: string;
}

const digits = new Intl.NumberFormat('fa-IR');

export default function StaffOrders({ initialState = 'awaiting_approval' }: { initialState?: string }) {
  const [draft, setDraft] = useState<Filters>({ state: initialState, shipping: '', from: '', to: '', q: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<Page | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const [message, setMessage] = useState('');

  async function load() {
    const params = new URLSearchParams({ state: filters.state, page: String(page) });
    for (const key of ['shipping', 'from', 'to', 'q'] as const) if (filters[key]) params.set(key, filters[key]);
    try {
      setList(await call('GET', '/staff/orders', { query: Object.fromEntries(params) }));
      setMessage('');
    } catch (err) {
      setMessage(err instanceof CallError ? err.message : 'خطا در بارگذاری سفارش‌ها');
    }
  }
  useEffect(() => {
    void load();
  }, [filters, page]);

  if (openId !== null) {
    return (
      <StaffOrderPage
        id={openId}
        onClose={() => {
          setOpenId(null);
          void load();
        }}
      />
    );
  }
  return (
    <section aria-label="سفارش‌ها">
      <form
        className="staff-filters"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setFilters(draft);
        }}
      >
        <label>
          وضعیت سفارش{' '}
          <select name="state" value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value })}>
            <option value="all">همه</option>
            {ORDER_STATES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATE_FA[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          وضعیت ارسال{' '}
          <select name="shipping" value={draft.shipping} onChange={(e) => setDraft({ ...draft, shipping: e.target.value })}>
            <option value="">همه</option>
            {Object.entries(SHIPPING_FA).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </label>
        <label>
          ثبت از تاریخ <input type="date" name="from" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label>
          تا تاریخ <input type="date" name="to" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <label>
          جست‌وجو (شماره فاکتور، کد رهگیری، نام، نام کاربری یا موبایل مشتری){' '}
          <input type="search" name="q" value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </label>
        <button type="submit">نمایش</button>
      </form>
      {message && <p role="alert">{message}</p>}
      {!list ? (
        <p>در حال بارگذاری…</p>
      ) : list.data.length === 0 ? (
        <p>سفارشی با این شرایط نیست.</p>
      ) : (
        <>
          <p>{digits.format(list.total)} سفارش</p>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">شماره فاکتور</th>
                <th scope="col">مشتری</th>
                <th scope="col">تاریخ ثبت</th>
                <th scope="col">وضعیت</th>
                <th scope="col">تعداد اقلام</th>
                <th scope="col">مبلغ کل</th>
                <th scope="col">ارسال</th>
                <th scope="col">
                  <span className="visually-hidden">کار</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((r) => (
                <tr key={r.id} data-row={r.factorNumber}>
                  <td dir="ltr">{r.factorNumber}</td>
                  <td>
                    {r.customerName} <span dir="ltr">({r.customer})</span>
                  </td>
                  <td>{faDate(r.date)}</td>
                  <td>{r.stateLabel}</td>
                  <td>{digits.format(r.quantity)}</td>
                  <td>{formatToman(r.total)}</td>
                  <td>{r.state === 'paid' ? r.shippingStatusLabel : '—'}</td>
                  <td>
                    <button type="button" onClick={() => setOpenId(r.id)} aria-label={`باز کردن سفارش ${r.factorNumber}`}>
                      باز کردن
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav aria-label="صفحه‌های سفارش‌ها" className="staff-pager">
            <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              صفحهٔ قبل
            </button>
            <span>
              صفحهٔ {digits.format(list.page)} از {digits.format(list.pages)}
            </span>
            <button type="button" disabled={page >= list.pages} onClick={() => setPage(page + 1)}>
              صفحهٔ بعد
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
