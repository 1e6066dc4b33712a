/**
 * Staff console tab: discount codes. Create one (code, percent up to 90, optional validity window and
 * usage limit) and see every code with its uses and whether it works now.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { DiscountCodeView } from '../../../api/schemas/discount-codes';
import { call, CallError } from '../ui/api';

const num = (n: number) => new Intl.NumberFormat('fa-IR').format(n);
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('fa-IR', { timeZone: 'Asia/Tehran' }) : '—');
const STATUS: Record<DiscountCodeView['status'], string> = {
  active: 'فعال',
  not_started: 'هنوز شروع نشده',
  expired: 'منقضی',
  used_up: 'ظرفیت پر',
};
/** A datetime-local value is Tehran wall-clock time; the API takes ISO with an offset (Iran has no DST since 2022). */
const tehranIso = (local: string) => (local ? `${local}:00+03:30` : null);

export default function StaffDiscountCodes() {
  const [rows, setRows] = useState<DiscountCodeView[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');
  const load = async () => setRows((await call('GET', '/staff/discount-codes')).data);
  const fail = (err: unknown) => {
    setErrors(err instanceof CallError ? err.errors : {});
    setMessage(err instanceof CallError ? err.message : 'خطا');
  };
  useEffect(() => {
    load().catch(fail);
  }, []);

  async function create(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const el = e.currentTarget;
    const f = new FormData(el);
    const limit = String(f.get('usageLimit') ?? '').trim();
    const body = {
      code: String(f.get('code') ?? ''),
      percent: Number(f.get('percent')),
      startsAt: tehranIso(String(f.get('startsAt') ?? '')),
      endsAt: tehranIso(String(f.get('endsAt') ?? '')),
      usageLimit: limit === '' ? null : Number(limit),
    };
    try {
      setErrors({});
      const r = await call('POST', '/staff/discount-codes', { body });
      setMessage(`کد ${r.data.code} ساخته شد.`);
      el.reset();
      await load();
    } catch (err) {
      fail(err);
    }
  }

  const err = (name: string) =>
    errors[name] && (
      <p id={`dc-${name}-error`} className="field-error">
        {errors[name]![0]}
      </p>
    );
  return (
    <section aria-label="کدهای تخفیف" className="staff-discounts">
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      <form onSubmit={(e) => void create(e)} noValidate className="staff-discount-form">
        <h2>کد تخفیف تازه</h2>
        <label htmlFor="dc-code">کد (حروف و ارقام انگلیسی)</label>
        <input
          id="dc-code"
          name="code"
          dir="ltr"
          required
          maxLength={32}
          aria-invalid={!!errors.code}
          aria-describedby={errors.code ? 'dc-code-error' : undefined}
        />
        {err('code')}
        <label htmlFor="dc-percent">درصد تخفیف (۱ تا ۹۰)</label>
        <input
          id="dc-percent"
          name="percent"
          type="number"
          min={1}
          max={90}
          required
          aria-invalid={!!errors.percent}
          aria-describedby={errors.percent ? 'dc-percent-error' : undefined}
        />
        {err('percent')}
        <label htmlFor="dc-starts">آغاز اعتبار (اختیاری، به وقت تهران)</label>
        <input id="dc-starts" name="startsAt" type="datetime-local" />
        {err('startsAt')}
        <label htmlFor="dc-ends">پایان اعتبار (اختیاری، به وقت تهران)</label>
        <input
          id="dc-ends"
          name="endsAt"
          type="datetime-local"
          aria-invalid={!!errors.endsAt}
          aria-describedby={errors.endsAt ? 'dc-endsAt-error' : undefined}
        />
        {err('endsAt')}
        <label htmlFor="dc-limit">سقف دفعات استفاده (خالی: نامحدود)</label>
        <input id="dc-limit" name="usageLimit" type="number" min={1} aria-invalid={!!errors.usageLimit} />
        {err('usageLimit')}
        <p>
          <button type="submit" data-action="create-discount">
            ساخت کد
          </button>
        </p>
      </form>
      {!rows ? (
        <p>در حال بارگذاری…</p>
      ) : rows.length === 0 ? (
        <p>هنوز کد تخفیفی ساخته نشده است.</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th>کد</th>
              <th>درصد</th>
              <th>آغاز</th>
              <th>پایان</th>
              <th>استفاده</th>
              <th>وضعیت</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-discount-code={r.code}>
                <td dir="ltr">{r.code}</td>
                <td>{num(r.percent)}٪</td>
                <td>{when(r.startsAt)}</td>
                <td>{when(r.endsAt)}</td>
                <td>
                  {num(r.usedCount)}
                  {r.usageLimit !== null ? ` از ${num(r.usageLimit)}` : ' (بدون سقف)'}
                </td>
                <td>{STATUS[r.status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
