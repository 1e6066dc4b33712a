/**
 * Staff console tab: restock requests from product pages and sourcing requests from parts-list
 * uploads, in one generic list (product, quantity, customer, description, date, source).
 */
import { useEffect, useState } from 'react';
import type { ResupplyView } from '../../../api/schemas/engagement';
import { call, CallError } from '../ui/api';

const SOURCES: Record<ResupplyView['source'], string> = { product: 'صفحه کالا', sourcing: 'فهرست قطعات (BOM)' };

export default function StaffResupply() {
  const [rows, setRows] = useState<ResupplyView[] | null>(null);
  const [message, setMessage] = useState('');
  const load = async () => setRows((await call('GET', '/staff/resupply', { query: { status: 'open' } })).data);
  useEffect(() => {
    load().catch((err: unknown) => setMessage(err instanceof CallError ? err.message : 'خطا'));
  }, []);

  async function mark(id: number, status: 'answered' | 'closed') {
    try {
      await call('POST', '/staff/resupply/{id}/{status}', { params: { id, status }, body: {} });
      setMessage('انجام شد.');
      await load();
    } catch (err) {
      setMessage(err instanceof CallError ? err.message : 'خطا');
    }
  }

  return (
    <section aria-label="درخواست‌های موجودی">
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      {!rows ? (
        <p>در حال بارگذاری…</p>
      ) : rows.length === 0 ? (
        <p>درخواست بازی نیست.</p>
      ) : (
        <table className="staff-table staff-resupply">
          <thead>
            <tr>
              <th>کالا</th>
              <th>تعداد</th>
              <th>مشتری</th>
              <th>توضیحات</th>
              <th>تاریخ</th>
              <th>منبع</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-resupply={r.id}>
                <td>{r.productSlug ? <a href={`/shop/products/${r.productSlug}`}>{r.productName}</a> : r.productName}</td>
                <td>{new Intl.NumberFormat('fa-IR').format(r.number)}</td>
                <td>
                  {r.customer ?? ''} <span dir="ltr">{r.email}</span>
                </td>
                <td className="staff-resupply__description">{r.description ?? ''}</td>
                <td>{new Date(r.date).toLocaleString('fa-IR')}</td>
                <td>{SOURCES[r.source]}</td>
                <td>
                  <button type="button" data-action="answered" onClick={() => void mark(r.id, 'answered')}>
                    پاسخ داده شد
                  </button>
                  <button type="button" data-action="closed" onClick={() => void mark(r.id, 'closed')}>
                    بستن
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
