/**
 * Staff console tab: the product list (search, category / brand / status / stock filters, keyset
 * pages) and the editor of one product with every field, image uploads and order, and its change
 * history. Prices are typed in toman and sent as rials.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type { ProductChange, StaffProduct } from '../../../api/schemas/staff-products';
import { PRODUCT_BADGES } from '../../../lib/product-badges';
import { call, CallError, type ApiBody } from '../ui/api';
import { formatToman } from '../../../lib/money';
import MarkdownField from './MarkdownField';

interface Row {
  id: number;
  slug: string;
  partNumber: string;
  nameFa: string;
  brand: string | null;
  category: string;
  price: number;
  stock: number;
  enable: boolean;
  deleted: boolean;
}
const fa = new Intl.NumberFormat('fa-IR');
const FIELD_NAMES: Record<string, string> = {
  price: 'قیمت',
  stock: 'موجودی',
  tiers: 'پله‌های قیمت',
  enable: 'فعال',
  deleted: 'حذف',
  compareAtPrice: 'قیمت پیش از تخفیف',
};

export default function StaffProducts() {
  const [filters, setFilters] = useState({ q: '', category: '', brand: '', status: 'all', stock: 'any' });
  const [rows, setRows] = useState<Row[] | null>(null);
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  const [next, setNext] = useState<number | null>(null);
  const [open, setOpen] = useState<StaffProduct | 'new' | null>(null);
  const [message, setMessage] = useState('');

  async function load(after: number | null) {
    const params = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
    if (after) params.set('after', String(after));
    try {
      const res = await call('GET', '/staff/products', { query: Object.fromEntries(params) });
      setRows(res.data);
      setNext(res.next);
    } catch (err) {
      setMessage(err instanceof CallError ? err.message : 'خطا');
    }
  }
  useEffect(() => {
    void load(null);
  }, []);

  function search(e: FormEvent) {
    e.preventDefault();
    setCursors([null]);
    void load(null);
  }

  async function edit(id: number) {
    setMessage('');
    setOpen((await call('GET', '/staff/products/{id}', { params: { id } })).data);
  }

  async function act(request: () => Promise<unknown>) {
    try {
      await request();
      setMessage('انجام شد.');
      await load(cursors[cursors.length - 1] ?? null);
    } catch (err) {
      setMessage(err instanceof CallError ? err.message : 'خطا');
    }
  }

  if (open)
    return (
      <ProductEditor
        product={open === 'new' ? null : open}
        onClose={(msg) => {
          setOpen(null);
          setMessage(msg);
          void load(cursors[cursors.length - 1] ?? null);
        }}
      />
    );
  return (
    <section aria-label="کالاها" className="staff-products">
      <form role="search" onSubmit={search} className="staff-filters">
        <input
          type="search"
          aria-label="جستجوی کالا"
          name="q"
          value={filters.q}
          onChange={(e) => setFilters({ ...filters, q: e.target.value })}
          placeholder="شماره قطعه، نام یا شناسه"
        />
        <input
          aria-label="دسته‌بندی (شناسه)"
          dir="ltr"
          value={filters.category}
          onChange={(e) => setFilters({ ...filters, category: e.target.value })}
          placeholder="category slug"
        />
        <input
          aria-label="برند (شناسه)"
          dir="ltr"
          value={filters.brand}
          onChange={(e) => setFilters({ ...filters, brand: e.target.value })}
          placeholder="brand slug"
        />
        <select aria-label="وضعیت" value={filters.status} onChange={(e) => setFilters({ ...filters, status: e.target.value })}>
          <option value="all">همه</option>
          <option value="active">فعال</option>
          <option value="disabled">غیرفعال</option>
          <option value="deleted">حذف‌شده</option>
        </select>
        <select aria-label="موجودی" value={filters.stock} onChange={(e) => setFilters({ ...filters, stock: e.target.value })}>
          <option value="any">هر موجودی</option>
          <option value="in">موجود</option>
          <option value="out">ناموجود</option>
        </select>
        <button type="submit">جستجو</button>
        <button type="button" onClick={() => setOpen('new')}>
          کالای تازه
        </button>
      </form>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      {!rows ? (
        <p>در حال بارگذاری…</p>
      ) : rows.length === 0 ? (
        <p>کالایی پیدا نشد.</p>
      ) : (
        <table className="staff-table">
          <thead>
            <tr>
              <th>کالا</th>
              <th>برند</th>
              <th>دسته</th>
              <th>قیمت</th>
              <th>موجودی</th>
              <th>وضعیت</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-product={r.slug}>
                <td>
                  {r.nameFa}{' '}
                  <bdi dir="ltr" className="pn">
                    {r.partNumber}
                  </bdi>
                </td>
                <td>
                  <bdi>{r.brand ?? ''}</bdi>
                </td>
                <td>{r.category}</td>
                <td>{formatToman(r.price)}</td>
                <td>{fa.format(r.stock)}</td>
                <td>{r.deleted ? 'حذف‌شده' : r.enable ? 'فعال' : 'غیرفعال'}</td>
                <td>
                  <button type="button" data-action="edit" onClick={() => void edit(r.id)}>
                    ویرایش
                  </button>
                  {!r.deleted && (
                    <button
                      type="button"
                      onClick={() =>
                        void act(() => call('POST', '/staff/products/{id}/enable', { params: { id: r.id }, body: { enable: !r.enable } }))
                      }
                    >
                      {r.enable ? 'غیرفعال کن' : 'فعال کن'}
                    </button>
                  )}
                  {r.deleted ? (
                    <button
                      type="button"
                      onClick={() => void act(() => call('POST', '/staff/products/{id}/restore', { params: { id: r.id }, body: {} }))}
                    >
                      بازگردانی
                    </button>
                  ) : (
                    <button type="button" onClick={() => void act(() => call('DELETE', '/staff/products/{id}', { params: { id: r.id } }))}>
                      حذف
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav aria-label="صفحه‌ها" className="staff-pager">
        <button
          type="button"
          disabled={cursors.length < 2}
          onClick={() => {
            const c = cursors.slice(0, -1);
            setCursors(c);
            void load(c[c.length - 1] ?? null);
          }}
        >
          صفحه قبل
        </button>
        <button
          type="button"
          disabled={!next}
          onClick={() => {
            setCursors([...cursors, next]);
            void load(next);
          }}
        >
          صفحه بعد
        </button>
      </nav>
    </section>
  );
}

const EMPTY: Omit<StaffProduct, 'id' | 'slug' | 'deleted' | 'updatedAt'> = {
  partNumber: '',
  name: '',
  nameFa: '',
  categorySlug: '',
  brand: null,
  package: null,
  quality: null,
  description: null,
  descriptionFa: null,
  moreDescription: null,
  specification: null,
  moreDescriptionMarkdown: null,
  specificationMarkdown: null,
  price: 0,
  compareAtPrice: null,
  tiers: [],
  minimumPurchase: 1,
  stock: 0,
  threshold: 500,
  availabilityDate: null,
  enable: true,
  badges: [],
  attributes: [],
  datasheetUrl: null,
  files: [],
  images: [],
  basePriceUsdCents: null,
  marginPercent: null,
};

/** Tiers as "min-max:toman" lines, like the import file's column. */
const tiersText = (t: StaffProduct['tiers']) =>
  (t ?? []).map((x) => `${x.minCount}-${x.maxCount ?? ''}:${Math.round(x.price / 10)}`).join('\n');
function parseTiers(text: string) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const m = /^(\d+)-(\d*):(\d+)$/.exec(l.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))));
      return m
        ? { minCount: Number(m[1]), maxCount: m[2] ? Number(m[2]) : null, price: Number(m[3]) * 10, compareAtPrice: null }
        : { minCount: -1, maxCount: null, price: -1, compareAtPrice: null };
    });
}
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((l) => l.split('|').map((c) => c.trim()))
    .filter((c) => c.some(Boolean));

/** A files line: "kind | Persian title | address", or with the English title before the address (the address is always last). */
const fileOfLine = (cells: string[]) => {
  const [kind = '', label = ''] = cells;
  const rest = cells.slice(2);
  return { kind, label, labelEn: rest.length > 1 ? rest[0]! : null, link: rest.at(-1) ?? '' };
};

function ProductEditor({ product, onClose }: { product: StaffProduct | null; onClose(message: string): void }) {
  const [p, setP] = useState({ ...EMPTY, ...(product ?? {}) });
  // The editors open the Markdown a field was saved from, or its HTML (Markdown keeps HTML as it is).
  const [spec, setSpec] = useState(product?.specificationMarkdown ?? product?.specification ?? '');
  const [more, setMore] = useState(product?.moreDescriptionMarkdown ?? product?.moreDescription ?? '');
  const openedSpec = product?.specificationMarkdown ?? product?.specification ?? '';
  const openedMore = product?.moreDescriptionMarkdown ?? product?.moreDescription ?? '';
  const [slug, setSlug] = useState(product?.slug ?? '');
  const [tiers, setTiers] = useState(tiersText(product?.tiers ?? []));
  const [attrs, setAttrs] = useState((product?.attributes ?? []).map((a) => [a.name, a.value, a.unit ?? ''].join(' | ')).join('\n'));
  const [files, setFiles] = useState(
    (product?.files ?? []).map((f) => [f.kind, f.label, ...(f.labelEn ? [f.labelEn] : []), f.link].join(' | ')).join('\n'),
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');
  const [history, setHistory] = useState<ProductChange[] | null>(null);
  const set = <K extends keyof typeof p>(k: K, v: (typeof p)[K]) => setP({ ...p, [k]: v });
  const text = (k: keyof typeof p, label: string, opts: { ltr?: boolean; area?: boolean } = {}) => (
    <label className="staff-field">
      {label}
      {opts.area ? (
        <textarea
          name={k}
          dir={opts.ltr ? 'ltr' : undefined}
          value={(p[k] as string | null) ?? ''}
          onChange={(e) => set(k, e.target.value as never)}
          rows={5}
        />
      ) : (
        <input
          name={k}
          dir={opts.ltr ? 'ltr' : undefined}
          value={(p[k] as string | null) ?? ''}
          onChange={(e) => set(k, e.target.value as never)}
        />
      )}
      {errors[k] && (
        <span role="alert" className="field-error">
          {errors[k]!.join(' ')}
        </span>
      )}
    </label>
  );
  const num = (k: keyof typeof p, label: string, scale = 1) => (
    <label className="staff-field">
      {label}
      <input
        name={k}
        type="number"
        inputMode="numeric"
        value={p[k] === null ? '' : Number(p[k]) / scale}
        onChange={(e) => set(k, (e.target.value === '' ? null : Math.round(Number(e.target.value) * scale)) as never)}
      />
      {errors[k] && (
        <span role="alert" className="field-error">
          {errors[k]!.join(' ')}
        </span>
      )}
    </label>
  );

  useEffect(() => {
    if (product) void call('GET', '/staff/products/{id}/history', { params: { id: product.id } }).then((r) => setHistory(r.data));
  }, []);

  async function upload(file: File) {
    const form = new FormData();
    form.append('file', file);
    try {
      return (await call('POST', '/staff/uploads', { form })).data;
    } catch (err) {
      setMessage(err instanceof CallError && err.message ? err.message : 'خطا');
      return null;
    }
  }

  function move(i: number, by: number) {
    const images = [...(p.images ?? [])];
    const [img] = images.splice(i, 1);
    images.splice(i + by, 0, img!);
    set('images', images);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const body = {
      ...p,
      // The price field is the first tier's price: the two never disagree.
      tiers: parseTiers(tiers).map((t, i) => (i === 0 ? { ...t, price: p.price ?? 0 } : t)),
      attributes: linesOf(attrs).map(([name = '', value = '', unit = '']) => ({ name, value, unit: unit || null })),
      files: linesOf(files).map(fileOfLine),
      // Only an edited field is sent as Markdown: an imported HTML description left alone is kept byte for byte.
      ...(spec !== openedSpec ? { specificationMarkdown: spec, specification: spec.trim() ? p.specification : null } : {}),
      ...(more !== openedMore ? { moreDescriptionMarkdown: more, moreDescription: more.trim() ? p.moreDescription : null } : {}),
    };
    delete (body as Record<string, unknown>).id;
    delete (body as Record<string, unknown>).deleted;
    delete (body as Record<string, unknown>).updatedAt;
    delete (body as Record<string, unknown>).slug;
    try {
      if (product)
        await call('PUT', '/staff/products/{id}', { params: { id: product.id }, body: body as ApiBody<'PUT', '/staff/products/{id}'> });
      else await call('POST', '/staff/products', { body: { ...body, slug } as ApiBody<'POST', '/staff/products'> });
      onClose('کالا ذخیره شد؛ صفحه آن در چند ثانیه به‌روز می‌شود.');
    } catch (err) {
      if (err instanceof CallError) {
        setErrors(err.errors);
        setMessage(err.message);
      } else setMessage('خطا');
    }
  }

  return (
    <form className="staff-product-editor" aria-label={product ? `ویرایش ${product.partNumber}` : 'کالای تازه'} onSubmit={save}>
      <h2>
        {product ? (
          <>
            ویرایش <bdi dir="ltr">{product.partNumber}</bdi>
          </>
        ) : (
          'کالای تازه'
        )}
      </h2>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      {!product && (
        <label className="staff-field">
          شناسه (slug)
          <input name="slug" dir="ltr" value={slug} onChange={(e) => setSlug(e.target.value)} />
          {errors.slug && <span role="alert">{errors.slug.join(' ')}</span>}
        </label>
      )}
      <fieldset>
        <legend>نام و دسته</legend>
        {text('nameFa', 'نام فارسی')}
        {text('name', 'نام انگلیسی', { ltr: true })}
        {text('partNumber', 'شماره قطعه', { ltr: true })}
        {text('brand', 'برند', { ltr: true })}
        {text('categorySlug', 'دسته‌بندی (شناسه)', { ltr: true })}
        {text('package', 'پکیج', { ltr: true })}
        <label className="staff-field">
          کیفیت
          <select name="quality" value={p.quality ?? ''} onChange={(e) => set('quality', (e.target.value || null) as never)}>
            <option value="">—</option>
            <option value="original">اورجینال</option>
            <option value="renew">ریفربیش</option>
            <option value="copy">کپی</option>
          </select>
        </label>
      </fieldset>
      <fieldset>
        <legend>قیمت و موجودی</legend>
        {num('price', 'قیمت (تومان)', 10)}
        {num('compareAtPrice', 'قیمت پیش از تخفیف (تومان)', 10)}
        <label className="staff-field">
          پله‌های قیمت (هر خط: کمینه-بیشینه:تومان)
          <textarea name="tiers" dir="ltr" rows={3} value={tiers} onChange={(e) => setTiers(e.target.value)} />
          {Object.entries(errors)
            .filter(([k]) => k.startsWith('tiers'))
            .map(([k, v]) => (
              <span key={k} role="alert">
                {v.join(' ')}
              </span>
            ))}
        </label>
        {num('minimumPurchase', 'حداقل خرید (گام افزایش)')}
        {num('stock', 'موجودی')}
        {num('threshold', 'آستانه نمایش موجودی')}
        <label className="staff-field">
          تاریخ رسیدن (پیش‌سفارش)
          <input
            name="availabilityDate"
            type="date"
            value={p.availabilityDate ?? ''}
            onChange={(e) => set('availabilityDate', e.target.value || null)}
          />
        </label>
        {num('basePriceUsdCents', 'قیمت پایه (سنت دلار)')}
        {num('marginPercent', 'سود (درصد)')}
        <label className="staff-field">
          <input type="checkbox" checked={p.enable ?? true} onChange={(e) => set('enable', e.target.checked)} /> فعال
        </label>
      </fieldset>
      <fieldset>
        <legend>نشان‌ها</legend>
        {PRODUCT_BADGES.map((b) => (
          <label key={b}>
            <input
              type="checkbox"
              checked={(p.badges ?? []).includes(b)}
              onChange={(e) => set('badges', e.target.checked ? [...(p.badges ?? []), b] : (p.badges ?? []).filter((x) => x !== b))}
            />{' '}
            <bdi dir="ltr">{b}</bdi>
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>ویژگی‌ها و فایل‌ها</legend>
        <label className="staff-field">
          ویژگی‌ها (هر خط: نام | مقدار | واحد)
          <textarea name="attributes" rows={5} value={attrs} onChange={(e) => setAttrs(e.target.value)} />
        </label>
        {text('datasheetUrl', 'نشانی دیتاشیت', { ltr: true })}
        <label className="staff-field">
          فایل‌ها (هر خط: datasheet یا footprint یا applicationnote | عنوان فارسی | عنوان انگلیسی (اختیاری) | نشانی)
          <textarea name="files" dir="ltr" rows={3} value={files} onChange={(e) => setFiles(e.target.value)} />
        </label>
        <label className="staff-field">
          بارگذاری فایل (PDF، ZIP)
          <input
            type="file"
            accept=".pdf,.zip"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              const up = f && (await upload(f));
              if (up) setFiles(`${files}\ndatasheet | ${f!.name} | ${up.src}`.trim());
            }}
          />
        </label>
      </fieldset>
      <fieldset>
        <legend>تصویرها</legend>
        <ol className="staff-images">
          {(p.images ?? []).map((img, i) => (
            <li key={img.src}>
              <img src={img.src} alt={img.alt ?? ''} width={80} height={80} loading="lazy" />
              <input
                aria-label="متن جایگزین"
                value={img.alt ?? ''}
                onChange={(e) =>
                  set(
                    'images',
                    (p.images ?? []).map((x, j) => (j === i ? { ...x, alt: e.target.value } : x)),
                  )
                }
              />
              <button type="button" disabled={i === 0} onClick={() => move(i, -1)} aria-label="بالاتر">
                ↑
              </button>
              <button type="button" disabled={i === (p.images ?? []).length - 1} onClick={() => move(i, 1)} aria-label="پایین‌تر">
                ↓
              </button>
              <button
                type="button"
                onClick={() =>
                  set(
                    'images',
                    (p.images ?? []).filter((_, j) => j !== i),
                  )
                }
              >
                برداشتن
              </button>
            </li>
          ))}
        </ol>
        <label className="staff-field">
          افزودن تصویر
          <input
            type="file"
            accept="image/*"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              const up = f && (await upload(f));
              if (up) set('images', [...(p.images ?? []), { src: up.src, alt: p.nameFa ?? null }]);
            }}
          />
        </label>
      </fieldset>
      <fieldset>
        <legend>توضیحات</legend>
        {text('descriptionFa', 'توضیح کوتاه فارسی', { area: true })}
        {text('description', 'توضیح کوتاه انگلیسی', { area: true, ltr: true })}
        <MarkdownField
          name="specificationMarkdown"
          label="مشخصات"
          value={spec}
          onChange={setSpec}
          error={errors.specificationMarkdown ?? errors.specification}
        />
        <MarkdownField
          name="moreDescriptionMarkdown"
          label="توضیحات بیشتر"
          value={more}
          onChange={setMore}
          error={errors.moreDescriptionMarkdown ?? errors.moreDescription}
        />
      </fieldset>
      <p>
        <button type="submit" data-action="save">
          ذخیره
        </button>
        <button type="button" onClick={() => onClose('')}>
          بازگشت به فهرست
        </button>
      </p>
      {history && (
        <section aria-label="تاریخچه تغییرات">
          <h3>تاریخچه تغییرات</h3>
          {history.length === 0 ? (
            <p>تغییری ثبت نشده است.</p>
          ) : (
            <table className="staff-table staff-history">
              <tbody>
                {history.map((h) => (
                  <tr key={h.id}>
                    <td>{new Date(h.createdAt).toLocaleString('fa-IR')}</td>
                    <td>{h.staff}</td>
                    <td>{FIELD_NAMES[h.field] ?? h.field}</td>
                    <td>
                      {h.field === 'price'
                        ? `${formatToman(Number(h.before ?? 0))} ← ${formatToman(Number(h.after))}`
                        : h.before === null && h.after === null
                          ? 'تغییر کرد'
                          : `${JSON.stringify(h.before)} ← ${JSON.stringify(h.after)}`}
                    </td>
                    <td>{h.source}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </form>
  );
}
