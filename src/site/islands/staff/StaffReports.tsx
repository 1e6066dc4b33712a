/** Staff console tab «گزارش‌ها»: sales by day or month, best sellers, low stock, searches that found nothing. */
import { useState } from 'react';
import { useStaffList } from './useStaffList';
import { formatToman } from '../../../lib/money';

const fa = (n: number) => new Intl.NumberFormat('fa-IR').format(n);

export default function StaffReports() {
  const [by, setBy] = useState<'day' | 'month'>('day');
  const sales = useStaffList('/staff/reports/sales', { query: { by } });
  const best = useStaffList('/staff/reports/best-sellers');
  const low = useStaffList('/staff/reports/low-stock');
  const none = useStaffList('/staff/reports/no-results');
  return (
    <section aria-label="گزارش‌ها" className="staff-reports">
      <h2>فروش</h2>
      <select aria-label="بازه فروش" value={by} onChange={(e) => setBy(e.target.value as 'day' | 'month')}>
        <option value="day">روزانه (۳۰ روز)</option>
        <option value="month">ماهانه</option>
      </select>
      <table className="staff-table">
        <thead>
          <tr>
            <th>دوره</th>
            <th>سفارش</th>
            <th>جمع</th>
          </tr>
        </thead>
        <tbody>
          {(sales.data?.data ?? []).map((r) => (
            <tr key={r.period}>
              <td dir="ltr">{r.period}</td>
              <td>{fa(r.orders)}</td>
              <td>{formatToman(r.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>پرفروش‌ها (۹۰ روز)</h2>
      <table className="staff-table">
        <tbody>
          {(best.data?.data ?? []).map((r) => (
            <tr key={r.slug}>
              <td>{r.name}</td>
              <td dir="ltr">{r.partNumber}</td>
              <td>{fa(r.quantity)}</td>
              <td>{formatToman(r.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>موجودی کم</h2>
      <table className="staff-table">
        <tbody>
          {(low.data?.data ?? []).map((r) => (
            <tr key={r.id}>
              <td>
                <a href={`/shop/products/${r.slug}`}>{r.name}</a>
              </td>
              <td dir="ltr">{r.partNumber}</td>
              <td>{fa(r.stock)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>جستجوهای بی‌نتیجه (۳۰ روز)</h2>
      <table className="staff-table">
        <tbody>
          {(none.data?.data ?? []).map((r) => (
            <tr key={r.query}>
              <td dir="auto">{r.query}</td>
              <td>{fa(r.searches)} بار</td>
              <td>{new Date(r.lastAt).toLocaleDateString('fa-IR')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
