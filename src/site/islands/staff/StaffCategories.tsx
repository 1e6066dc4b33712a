/**
 * Staff console tab «دسته‌بندی‌ها»: the category tree (create, rename, image, move under another
 * parent, order among siblings with up/down), brands, attribute values renamed on every product,
 * and the departments menu. Every change goes live on the pages with the next rebuild.
 */
import { useState, type FormEvent } from 'react';
import { call, type ApiBody, type ApiResponse } from '../ui/api';
import { useStaffList } from './useStaffList';

type CategoryRow = ApiResponse<'GET', '/staff/categories'>['data'][number];

export default function StaffCategories() {
  const [part, setPart] = useState<'categories' | 'brands' | 'attributes' | 'menu'>('categories');
  return (
    <section aria-label="ساختار فروشگاه">
      <div className="tabs" role="tablist">
        {(
          [
            ['categories', 'دسته‌بندی‌ها'],
            ['brands', 'برندها'],
            ['attributes', 'ویژگی‌ها'],
            ['menu', 'منوی دپارتمان‌ها'],
          ] as const
        ).map(([k, label]) => (
          <button key={k} type="button" role="tab" aria-selected={part === k} onClick={() => setPart(k)}>
            {label}
          </button>
        ))}
      </div>
      {part === 'categories' ? <Categories /> : part === 'brands' ? <Brands /> : part === 'attributes' ? <Attributes /> : <Menu />}
    </section>
  );
}

function Categories() {
  const { data, message, send } = useStaffList('/staff/categories');
  const [editing, setEditing] = useState<CategoryRow | null>(null);
  const rows = data?.data ?? [];
  const siblings = (r: CategoryRow) => rows.filter((x) => x.parentId === r.parentId);
  async function shift(r: CategoryRow, by: -1 | 1) {
    const ids = siblings(r).map((x) => x.id);
    const at = ids.indexOf(r.id);
    const to = at + by;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    await send(() => call('POST', '/staff/categories/order', { body: { parentId: r.parentId, ids } }));
  }
  return (
    <div>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      <CategoryForm
        key={editing?.id ?? 'new'}
        rows={rows}
        editing={editing}
        onSave={async (body) => {
          const ok = editing
            ? await send(() => call('PUT', '/staff/categories/{id}', { params: { id: editing.id }, body }))
            : await send(() => call('POST', '/staff/categories', { body }));
          if (ok) setEditing(null);
        }}
        onCancel={() => setEditing(null)}
      />
      {!data ? (
        <p>در حال بارگذاری…</p>
      ) : (
        <table className="staff-table staff-categories">
          <thead>
            <tr>
              <th>نام</th>
              <th>شناسه</th>
              <th>کالا</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-category={r.slug}>
                <td style={{ paddingInlineStart: `${r.depth * 1.5}em` }}>
                  {r.nameFa} <span dir="ltr">({r.name})</span>
                </td>
                <td dir="ltr">{r.slug}</td>
                <td>{new Intl.NumberFormat('fa-IR').format(r.items)}</td>
                <td>
                  <button type="button" onClick={() => setEditing(r)}>
                    ویرایش
                  </button>
                  <button type="button" aria-label={`بالا بردن ${r.nameFa}`} onClick={() => void shift(r, -1)}>
                    ▲
                  </button>
                  <button type="button" aria-label={`پایین بردن ${r.nameFa}`} onClick={() => void shift(r, 1)}>
                    ▼
                  </button>
                  {r.items === 0 && (
                    <button
                      type="button"
                      onClick={() => void send(() => call('DELETE', '/staff/categories/{id}', { params: { id: r.id } }))}
                    >
                      حذف
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function CategoryForm({
  rows,
  editing,
  onSave,
  onCancel,
}: {
  rows: CategoryRow[];
  editing: CategoryRow | null;
  onSave(body: ApiBody<'POST', '/staff/categories'>): Promise<void>;
  onCancel(): void;
}) {
  const [slug, setSlug] = useState(editing?.slug ?? '');
  const [name, setName] = useState(editing?.name ?? '');
  const [nameFa, setNameFa] = useState(editing?.nameFa ?? '');
  const [image, setImage] = useState(editing?.image ?? '');
  const [parentId, setParentId] = useState(editing?.parentId ? String(editing.parentId) : '');
  function submit(e: FormEvent) {
    e.preventDefault();
    void onSave({ slug, name, nameFa, image: image || null, parentId: parentId ? Number(parentId) : null });
  }
  return (
    <form onSubmit={submit} className="staff-form" aria-label={editing ? 'ویرایش دسته‌بندی' : 'دسته‌بندی تازه'}>
      <label>
        نام فارسی <input name="nameFa" value={nameFa} onChange={(e) => setNameFa(e.target.value)} />
      </label>
      <label>
        نام انگلیسی <input name="name" dir="ltr" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        شناسه (نشانی) <input name="slug" dir="ltr" value={slug} onChange={(e) => setSlug(e.target.value)} />
      </label>
      <label>
        تصویر <input name="image" dir="ltr" value={image} placeholder="/media/..." onChange={(e) => setImage(e.target.value)} />
      </label>
      <label>
        زیرِ{' '}
        <select name="parentId" value={parentId} onChange={(e) => setParentId(e.target.value)}>
          <option value="">— سطح بالا —</option>
          {rows
            .filter((r) => r.id !== editing?.id)
            .map((r) => (
              <option key={r.id} value={r.id}>
                {'\u00a0'.repeat(r.depth * 2)}
                {r.nameFa}
              </option>
            ))}
        </select>
      </label>
      <button type="submit">{editing ? 'ذخیره دسته‌بندی' : 'افزودن دسته‌بندی'}</button>
      {editing && (
        <button type="button" onClick={onCancel}>
          انصراف
        </button>
      )}
    </form>
  );
}

function Brands() {
  const { data, message, send } = useStaffList('/staff/brands');
  const [form, setForm] = useState({ id: 0, slug: '', name: '', nameFa: '', image: '' });
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { slug: form.slug, name: form.name, nameFa: form.nameFa || null, image: form.image || null };
    if (
      await send(() =>
        form.id ? call('PUT', '/staff/brands/{id}', { params: { id: form.id }, body }) : call('POST', '/staff/brands', { body }),
      )
    )
      setForm({ id: 0, slug: '', name: '', nameFa: '', image: '' });
  }
  return (
    <div>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      <form onSubmit={submit} className="staff-form" aria-label="برند">
        <label>
          نام <input dir="ltr" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </label>
        <label>
          نام فارسی <input value={form.nameFa} onChange={(e) => setForm({ ...form, nameFa: e.target.value })} />
        </label>
        <label>
          شناسه <input dir="ltr" value={form.slug} onChange={(e) => setForm({ ...form, slug: e.target.value })} />
        </label>
        <label>
          تصویر <input dir="ltr" value={form.image} onChange={(e) => setForm({ ...form, image: e.target.value })} />
        </label>
        <button type="submit">{form.id ? 'ذخیره برند' : 'افزودن برند'}</button>
      </form>
      <ul className="staff-list">
        {(data?.data ?? []).map((b) => (
          <li key={b.id}>
            {b.name} {b.nameFa && `(${b.nameFa})`} — {new Intl.NumberFormat('fa-IR').format(b.products)} کالا
            <button
              type="button"
              onClick={() => setForm({ id: b.id, slug: b.slug, name: b.name, nameFa: b.nameFa ?? '', image: b.image ?? '' })}
            >
              ویرایش
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Attributes() {
  const { data, message, send } = useStaffList('/staff/attributes');
  const [rename, setRename] = useState<{ id: number; from: string; to: string } | null>(null);
  return (
    <div>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      {rename && (
        <form
          className="staff-form"
          aria-label="تغییر مقدار"
          onSubmit={(e) => {
            e.preventDefault();
            void send(() =>
              call('POST', '/staff/attributes/{id}/values', { params: { id: rename.id }, body: { from: rename.from, to: rename.to } }),
            ).then((ok) => ok && setRename(null));
          }}
        >
          <span dir="ltr">{rename.from}</span> ←{' '}
          <label>
            مقدار تازه <input dir="ltr" value={rename.to} onChange={(e) => setRename({ ...rename, to: e.target.value })} />
          </label>
          <button type="submit">ثبت روی همه کالاها</button>
        </form>
      )}
      {(data?.data ?? []).map((a) => (
        <details key={a.id}>
          <summary>
            {a.nameFa ?? a.name} <span dir="ltr">({a.name})</span> — {new Intl.NumberFormat('fa-IR').format(a.values.length)} مقدار
          </summary>
          <ul>
            {a.values.map((v) => (
              <li key={v.slug}>
                <bdi dir="ltr">{v.value}</bdi> ({new Intl.NumberFormat('fa-IR').format(v.products)}){' '}
                <button type="button" onClick={() => setRename({ id: a.id, from: v.value, to: v.value })}>
                  تغییر نام
                </button>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}

function Menu() {
  const { data, message, send } = useStaffList('/staff/menu');
  const empty = { id: 0, title: '', titleEn: '', url: '', parentId: '', sort: 0 };
  const [form, setForm] = useState(empty);
  const rows = data?.data ?? [];
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      title: form.title,
      titleEn: form.titleEn || null,
      url: form.url,
      parentId: form.parentId ? Number(form.parentId) : null,
      sort: form.sort,
    };
    if (
      await send(() =>
        form.id ? call('PUT', '/staff/menu/{id}', { params: { id: form.id }, body }) : call('POST', '/staff/menu', { body }),
      )
    )
      setForm(empty);
  }
  return (
    <div>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      <form onSubmit={submit} className="staff-form" aria-label="گزینه منو">
        <label>
          عنوان <input value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
        </label>
        <label>
          عنوان انگلیسی <input dir="ltr" value={form.titleEn} onChange={(e) => setForm({ ...form, titleEn: e.target.value })} />
        </label>
        <label>
          نشانی <input dir="ltr" value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} />
        </label>
        <label>
          زیرِ{' '}
          <select value={form.parentId} onChange={(e) => setForm({ ...form, parentId: e.target.value })}>
            <option value="">— سطح بالا —</option>
            {rows
              .filter((r) => r.parentId === null)
              .map((r) => (
                <option key={r.id} value={r.id}>
                  {r.title}
                </option>
              ))}
          </select>
        </label>
        <label>
          ترتیب <input type="number" min={0} value={form.sort} onChange={(e) => setForm({ ...form, sort: Number(e.target.value) })} />
        </label>
        <button type="submit">{form.id ? 'ذخیره گزینه' : 'افزودن به منو'}</button>
      </form>
      <ul className="staff-list">
        {rows.map((r) => (
          <li key={r.id}>
            {r.parentId ? '— ' : ''}
            {r.title} <span dir="ltr">{r.url}</span>
            <button
              type="button"
              onClick={() =>
                setForm({
                  id: r.id,
                  title: r.title,
                  titleEn: r.titleEn ?? '',
                  url: r.url,
                  parentId: r.parentId ? String(r.parentId) : '',
                  sort: r.sort,
                })
              }
            >
              ویرایش
            </button>
            <button type="button" onClick={() => void send(() => call('DELETE', '/staff/menu/{id}', { params: { id: r.id } }))}>
              حذف
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
