/**
 * Staff console tab: catalogue import with a preview of each line before it is applied, export, a
 * percent change of prices, and the dollar rate that reprices dollar-priced products.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { ImportPreview } from '../../../api/schemas/staff-products';
import { call, CallError } from '../ui/api';

const fa = new Intl.NumberFormat('fa-IR');
const STATUS: Record<ImportPreview['lines'][number]['status'], string> = {
  new: 'تازه',
  changed: 'تغییر',
  unchanged: 'بی‌تغییر',
  error: 'خطا',
};

export default function StaffBulk() {
  const [productsFile, setProductsFile] = useState<File | null>(null);
  const [categoriesFile, setCategoriesFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [message, setMessage] = useState('');
  const [percent, setPercent] = useState('');
  const [category, setCategory] = useState('');
  const [rate, setRate] = useState<{ rialsPerUsd: number | null; dollarPriced: number } | null>(null);
  const [newRate, setNewRate] = useState('');
  const [busy, setBusy] = useState(false);

  const loadRate = async () => setRate((await call('GET', '/staff/exchange-rate')).data);
  useEffect(() => {
    void loadRate().catch(() => undefined);
  }, []);

  async function runImport(apply: boolean) {
    if (!productsFile) {
      setMessage('فایل کالاها را انتخاب کنید.');
      return;
    }
    const form = new FormData();
    form.append('products', productsFile);
    if (categoriesFile) form.append('categories', categoriesFile);
    form.append('apply', apply ? '1' : '0');
    setBusy(true);
    try {
      const { data } = await call('POST', '/staff/catalogue/import', { form });
      setPreview(data);
      setMessage(data.applied ? 'درون‌ریزی انجام شد.' : 'پیش‌نمایش آماده است؛ هنوز چیزی نوشته نشده.');
    } catch (err) {
      setMessage(err instanceof CallError ? err.message || 'خطا' : 'خطا');
      // A refused import still answers with the preview of what was wrong.
      if (err instanceof CallError && err.data?.preview) setPreview(err.data.preview as ImportPreview);
    } finally {
      setBusy(false);
    }
  }

  async function post(request: () => Promise<{ data: { repriced: number } }>, done: (r: { data: { repriced: number } }) => string) {
    setBusy(true);
    try {
      setMessage(done(await request()));
      await loadRate();
    } catch (err) {
      setMessage(err instanceof CallError ? [err.message, ...Object.values(err.errors).flat()].join(' ') : 'خطا');
    } finally {
      setBusy(false);
    }
  }

  const toNumber = (s: string) => Number(s.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/[,٬]/g, ''));
  return (
    <section aria-label="عملیات گروهی" className="staff-bulk">
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void runImport(false);
        }}
      >
        <h2>درون‌ریزی کالاها (CSV یا XLSX)</h2>
        <label>
          فایل کالاها{' '}
          <input type="file" name="products" accept=".csv,.xlsx" onChange={(e) => setProductsFile(e.target.files?.[0] ?? null)} />
        </label>
        <label>
          فایل دسته‌بندی‌ها (اختیاری){' '}
          <input type="file" name="categories" accept=".csv,.xlsx" onChange={(e) => setCategoriesFile(e.target.files?.[0] ?? null)} />
        </label>
        <button type="submit" disabled={busy}>
          پیش‌نمایش
        </button>
        <button
          type="button"
          disabled={busy || !preview || preview.counts.error > 0 || preview.applied}
          onClick={() => void runImport(true)}
        >
          اعمال
        </button>
        <a href="/api/site/v1/staff/catalogue/export" download="products.csv">
          برون‌بری کاتالوگ (CSV)
        </a>
      </form>
      {preview && (
        <>
          <p>
            تازه: {fa.format(preview.counts.new)}، تغییر: {fa.format(preview.counts.changed)}، بی‌تغییر:{' '}
            {fa.format(preview.counts.unchanged)}، خطا: {fa.format(preview.counts.error)}
          </p>
          <table className="staff-table staff-import">
            <thead>
              <tr>
                <th>سطر</th>
                <th>شناسه</th>
                <th>نتیجه</th>
                <th>دلیل</th>
              </tr>
            </thead>
            <tbody>
              {preview.lines
                .filter((l) => l.status !== 'unchanged')
                .slice(0, 500)
                .map((l) => (
                  <tr key={`${l.line}-${l.status}`} data-status={l.status}>
                    <td>{fa.format(l.line)}</td>
                    <td dir="ltr">{l.slug ?? ''}</td>
                    <td>{STATUS[l.status]}</td>
                    <td dir="ltr">{l.reasons.join('; ')}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void post(
            () => call('POST', '/staff/products/bulk/percent', { body: { percent: toNumber(percent), ...(category ? { category } : {}) } }),
            (r) => `قیمت ${fa.format(r.data.repriced)} کالا تغییر کرد.`,
          );
        }}
      >
        <h2>تغییر درصدی قیمت</h2>
        <label>
          درصد (منفی برای کاهش) <input name="percent" inputMode="decimal" value={percent} onChange={(e) => setPercent(e.target.value)} />
        </label>
        <label>
          فقط دسته (شناسه، اختیاری) <input name="category" dir="ltr" value={category} onChange={(e) => setCategory(e.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          اعمال
        </button>
      </form>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void post(
            () => call('POST', '/staff/exchange-rate', { body: { rialsPerUsd: toNumber(newRate) } }),
            (r) => `${fa.format(r.data.repriced)} کالا با نرخ تازه قیمت‌گذاری شد.`,
          );
        }}
      >
        <h2>قیمت‌گذاری با نرخ دلار</h2>
        <p>
          نرخ کنونی: {rate?.rialsPerUsd ? `${fa.format(rate.rialsPerUsd)} ریال` : 'ثبت نشده'} — {fa.format(rate?.dollarPriced ?? 0)} کالا
          قیمت دلاری دارند.
        </p>
        <label>
          نرخ تازه (ریال برای هر دلار){' '}
          <input name="rialsPerUsd" inputMode="numeric" value={newRate} onChange={(e) => setNewRate(e.target.value)} />
        </label>
        <button type="submit" disabled={busy}>
          قیمت‌گذاری همه
        </button>
      </form>
    </section>
  );
}
