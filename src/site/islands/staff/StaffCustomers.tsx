/** Staff console tab «مشتریان»: search and page through customers, open one (orders, addresses), block or unblock. */
import { useState, type FormEvent } from 'react';
import { call } from '../ui/api';
import { Pager } from './StaffModeration';
import { errorText, useStaffList } from './useStaffList';
import { formatToman } from '../../../lib/money';

interface CustomerRow {
  id: number;
  username: string;
  name: string;
  email: string;
  mobile: string;
  blocked: boolean;
  orders: number;
}
interface Detail extends CustomerRow {
  addresses: { id: number; province: string; city: string; address: string; postCode: string }[];
  orderList: { id: number; factorNumber: string; status: string; total: number; createdAt: string }[];
}

export default function StaffCustomers() {
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const list = useStaffList('/staff/customers', { query: { page, q: query } });
  const [open, setOpen] = useState<Detail | null>(null);
  async function show(id: number) {
    try {
      setOpen((await call('GET', '/staff/customers/{id}', { params: { id } })).data);
    } catch (err) {
      list.setMessage(errorText(err));
    }
  }
  async function block(c: CustomerRow, blocked: boolean) {
    if (
      await list.send(() =>
        blocked
          ? call('POST', '/staff/customers/{id}/block', { params: { id: c.id } })
          : call('POST', '/staff/customers/{id}/unblock', { params: { id: c.id } }),
      )
    )
      if (open?.id === c.id) await show(c.id);
  }
  function search(e: FormEvent) {
    e.preventDefault();
    setPage(1);
    setQuery(q.trim());
  }
  return (
    <section aria-label="مشتریان">
      {list.message && (
        <p role="status" className="notice">
          {list.message}
        </p>
      )}
      <form role="search" onSubmit={search}>
        <label>
          جستجو <input value={q} onChange={(e) => setQ(e.target.value)} placeholder="نام، نام کاربری، ایمیل یا موبایل" />
        </label>
        <button type="submit">جستجو</button>
      </form>
      <table className="staff-table">
        <thead>
          <tr>
            <th>نام</th>
            <th>نام کاربری</th>
            <th>موبایل</th>
            <th>سفارش</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(list.data?.data ?? []).map((c) => (
            <tr key={c.id} data-customer={c.username}>
              <td>
                {c.name} {c.blocked && <strong>(مسدود)</strong>}
              </td>
              <td dir="ltr">{c.username}</td>
              <td dir="ltr">{c.mobile}</td>
              <td>{new Intl.NumberFormat('fa-IR').format(c.orders)}</td>
              <td>
                <button type="button" onClick={() => void show(c.id)}>
                  جزئیات
                </button>
                {c.blocked ? (
                  <button type="button" onClick={() => void block(c, false)}>
                    رفع مسدودی
                  </button>
                ) : (
                  <button type="button" onClick={() => void block(c, true)}>
                    مسدود کردن
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} pages={list.data?.pages ?? 1} onPage={setPage} />
      {open && (
        <section aria-label={`مشتری ${open.name}`}>
          <h2>
            {open.name} <span dir="ltr">({open.username})</span>
          </h2>
          <p dir="ltr">
            {open.email} · {open.mobile}
          </p>
          <h3>نشانی‌ها</h3>
          <ul>
            {open.addresses.map((a) => (
              <li key={a.id}>
                {a.province}، {a.city}، {a.address} — کد پستی {a.postCode}
              </li>
            ))}
          </ul>
          <h3>سفارش‌ها</h3>
          <ul>
            {open.orderList.map((o) => (
              <li key={o.id}>
                <span dir="ltr">{o.factorNumber}</span> — {o.status} — {formatToman(o.total)} —{' '}
                {new Date(o.createdAt).toLocaleDateString('fa-IR')}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
