/**
 * Staff console tab: bank receipts, a page at a time, filtered by status, payment date and a search over
 * factor number, tracking code and amount (toman), so a flood of fake receipts cannot hide the real one.
 * Each row shows the linked invoice's total beside the amount paid.
 */
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { staffReceiptListSchema } from '../../../api/schemas/shop';
import { call, CallError } from '../ui/api';
import { formatToman } from '../../../lib/money';

type ReceiptList = z.infer<typeof staffReceiptListSchema>;
type Status = 'pending' | 'accepted' | 'rejected' | 'all';
interface Filters {
  status: Status;
  from: string;
  to: string;
  q: string;
}

const STATUS_LABELS: Record<Status, string> = { pending: 'در انتظار بررسی', accepted: 'پذیرفته', rejected: 'ردشده', all: 'همه' };
const digits = new Intl.NumberFormat('fa-IR');

/** Empty filters stay out of the query (the client drops empty values). */
const listQuery = (f: Filters, page: number) => ({ status: f.status, page, from: f.from, to: f.to, q: f.q.trim() });

export default function StaffReceipts() {
  const [draft, setDraft] = useState<Filters>({ status: 'pending', from: '', to: '', q: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ReceiptList | null>(null);
  const [message, setMessage] = useState('');

  const load = async () => setList(await call('GET', '/staff/receipts', { query: listQuery(filters, page) }));
  useEffect(() => {
    load().catch((err: unknown) => setMessage(err instanceof CallError ? err.message : 'خطا'));
  }, [filters, page]);

  async function review(id: number, verdict: 'accept' | 'reject') {
    try {
      await (verdict === 'accept'
        ? call('POST', '/staff/receipts/{id}/accept', { params: { id }, body: {} })
        : call('POST', '/staff/receipts/{id}/reject', { params: { id }, body: {} }));
      setMessage('انجام شد.');
      await load();
    } catch (err) {
      setMessage(err instanceof CallError ? err.message : 'خطا');
    }
  }

  return (
    <section aria-label="رسیدهای بانکی">
      <form
        className="staff-filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setFilters(draft);
        }}
      >
        <label>
          وضعیت{' '}
          <select name="status" value={draft.status} onChange={(e) => setDraft({ ...draft, status: e.target.value as Status })}>
            {(Object.keys(STATUS_LABELS) as Status[]).map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          تاریخ پرداخت از{' '}
          <input type="date" name="from" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label>
          تا <input type="date" name="to" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <label>
          شماره فاکتور، کد پیگیری یا مبلغ (تومان){' '}
          <input type="search" name="q" dir="ltr" value={draft.q} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
        </label>
        <button type="submit">جستجو</button>
      </form>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      {!list ? (
        <p>در حال بارگذاری…</p>
      ) : list.data.length === 0 ? (
        <p>موردی نیست.</p>
      ) : (
        <>
          <p className="staff-count">{digits.format(list.total)} رسید</p>
          <table className="staff-table">
            <thead>
              <tr>
                <th>شماره فاکتور</th>
                <th>نام</th>
                <th>مبلغ</th>
                <th>مبلغ فاکتور</th>
                <th>کد پیگیری</th>
                <th>تاریخ پرداخت</th>
                <th>وضعیت</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.map((r) => (
                <tr key={r.id} data-row={r.factorNumber} data-receipt={r.id}>
                  <td dir="ltr">{r.factorNumber}</td>
                  <td>{r.name}</td>
                  <td>{formatToman(r.price)}</td>
                  <td>
                    {r.orderTotal === null
                      ? 'فاکتور یافت نشد'
                      : r.orderTotal === r.price
                        ? formatToman(r.orderTotal)
                        : `${formatToman(r.orderTotal)} (برابر نیست)`}
                  </td>
                  <td dir="ltr">{r.trackingCode}</td>
                  <td>{new Date(r.paymentDate).toLocaleString('fa-IR')}</td>
                  <td>{STATUS_LABELS[r.status]}</td>
                  <td>
                    {r.status === 'pending' && (
                      <>
                        <button type="button" data-action="accept" onClick={() => void review(r.id, 'accept')}>
                          پذیرش
                        </button>
                        <button type="button" data-action="reject" onClick={() => void review(r.id, 'reject')}>
                          رد
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.pages > 1 && (
            <nav aria-label="صفحه‌های رسیدها" className="staff-pager">
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                قبلی
              </button>
              <span>
                صفحه {digits.format(page)} از {digits.format(list.pages)}
              </span>
              <button type="button" disabled={page >= list.pages} onClick={() => setPage(page + 1)}>
                بعدی
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
