/**
 * Staff console tab «محتوا»: store pages (about, terms, returns, FAQ …, per language), blog posts,
 * home slides and banners, the banner message every page shows, and the help files' addresses.
 * Bodies are written in Markdown beside a preview (HTML among it is kept); the server makes the HTML
 * and keeps only what the shared allow-list permits. A body left unedited is sent back as it was.
 */
import { useState, type FormEvent } from 'react';
import { call, type ApiBody, type ApiResponse } from '../ui/api';
import MarkdownField from './MarkdownField';
import { errorText, useStaffList } from './useStaffList';

type PageForm = Pick<ApiResponse<'GET', '/staff/pages'>['data'][number], 'slug' | 'locale' | 'title' | 'body' | 'bodyMarkdown'> & {
  kind: ApiBody<'PUT', '/staff/pages/{slug}/{locale}'>['kind'];
};
type MessageKind = NonNullable<ApiBody<'POST', '/staff/messages'>['kind']>;

const KINDS: [PageForm['kind'], string][] = [
  ['about', 'درباره ما'],
  ['policy', 'قوانین'],
  ['returns', 'بازگشت کالا'],
  ['faq', 'پرسش‌های پرتکرار'],
  ['help', 'راهنما'],
  ['other', 'دیگر'],
];

export default function StaffContent() {
  const [part, setPart] = useState<'pages' | 'posts' | 'slides' | 'messages' | 'help'>('pages');
  return (
    <section aria-label="محتوا">
      <div className="tabs" role="tablist">
        {(
          [
            ['pages', 'صفحه‌ها'],
            ['posts', 'بلاگ'],
            ['slides', 'اسلایدها و بنرها'],
            ['messages', 'پیام سایت'],
            ['help', 'فایل‌های راهنما'],
          ] as const
        ).map(([k, label]) => (
          <button key={k} type="button" role="tab" aria-selected={part === k} onClick={() => setPart(k)}>
            {label}
          </button>
        ))}
      </div>
      {part === 'pages' ? (
        <Pages />
      ) : part === 'posts' ? (
        <Posts />
      ) : part === 'slides' ? (
        <Slides />
      ) : part === 'messages' ? (
        <Messages />
      ) : (
        <HelpFiles />
      )}
    </section>
  );
}

/** What the Markdown editor opens: the Markdown a body was saved from, or its HTML (Markdown keeps HTML). */
const editorText = (html: string, markdown: string | null) => markdown ?? html;

/** An edited body goes as Markdown; one left as opened goes back as it was, so imported HTML stays byte for byte. */
function bodyToSend(html: string, markdown: string | null, text: string): { body: string; bodyMarkdown: string | null } {
  return text === editorText(html, markdown) ? { body: html, bodyMarkdown: markdown } : { body: '', bodyMarkdown: text };
}

function Pages() {
  const { data, message, send } = useStaffList('/staff/pages');
  const empty: PageForm = { slug: '', locale: 'fa', kind: 'about', title: '', body: '', bodyMarkdown: null };
  const [form, setForm] = useState<PageForm>(empty);
  const [text, setText] = useState('');
  const openPage = (p: PageForm) => {
    setForm(p);
    setText(editorText(p.body, p.bodyMarkdown));
  };
  function submit(e: FormEvent) {
    e.preventDefault();
    void send(() =>
      call('PUT', '/staff/pages/{slug}/{locale}', {
        params: { slug: form.slug, locale: form.locale },
        body: { kind: form.kind, title: form.title, ...bodyToSend(form.body, form.bodyMarkdown, text) },
      }),
    );
  }
  return (
    <div>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      <ul className="staff-list">
        {(data?.data ?? []).map((p) => (
          <li key={`${p.slug}-${p.locale}`}>
            <button type="button" onClick={() => openPage({ ...p, kind: p.kind as PageForm['kind'] })}>
              {p.title}
            </button>{' '}
            <span dir="ltr">
              {p.slug} ({p.locale})
            </span>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="staff-form" aria-label="ویرایش صفحه">
        <label>
          شناسه <input name="slug" dir="ltr" value={form.slug} onChange={(e) => setForm({ ...form, slug: e.target.value })} />
        </label>
        <label>
          زبان{' '}
          <select name="locale" value={form.locale} onChange={(e) => setForm({ ...form, locale: e.target.value as 'fa' | 'en' })}>
            <option value="fa">فارسی</option>
            <option value="en">English</option>
          </select>
        </label>
        <label>
          نوع{' '}
          <select name="kind" value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as PageForm['kind'] })}>
            {KINDS.map(([k, l]) => (
              <option key={k} value={k}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label>
          عنوان <input name="title" value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
        </label>
        <MarkdownField name="body" label="متن" value={text} onChange={setText} />
        <button type="submit">ذخیره صفحه</button>
      </form>
    </div>
  );
}

function Posts() {
  const { data, message, setMessage, send } = useStaffList('/staff/posts');
  const empty = {
    id: 0,
    slug: '',
    title: '',
    excerpt: '',
    body: '',
    bodyMarkdown: null as string | null,
    bodyEn: null as string | null,
    bodyEnMarkdown: null as string | null,
    category: '',
    author: '',
    image: '',
    publishedAt: '',
  };
  const [form, setForm] = useState(empty);
  const [text, setText] = useState('');
  const [textEn, setTextEn] = useState('');
  async function open(id: number) {
    try {
      const p = (await call('GET', '/staff/posts/{id}', { params: { id } })).data;
      setForm({
        id,
        slug: p.slug ?? '',
        title: p.title ?? '',
        excerpt: p.excerpt ?? '',
        body: p.body ?? '',
        bodyMarkdown: p.bodyMarkdown,
        bodyEn: p.bodyEn,
        bodyEnMarkdown: p.bodyEnMarkdown,
        category: p.category ?? '',
        author: p.author ?? '',
        image: p.image ?? '',
        publishedAt: (p.publishedAt ?? '').slice(0, 16),
      });
      setText(editorText(p.body, p.bodyMarkdown));
      setTextEn(editorText(p.bodyEn ?? '', p.bodyEnMarkdown));
    } catch (err) {
      setMessage(errorText(err));
    }
  }
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      slug: form.slug,
      title: form.title,
      excerpt: form.excerpt,
      ...bodyToSend(form.body, form.bodyMarkdown, text),
      ...(() => {
        const en = bodyToSend(form.bodyEn ?? '', form.bodyEnMarkdown, textEn);
        return { bodyEn: en.body || null, bodyEnMarkdown: en.bodyMarkdown };
      })(),
      category: form.category,
      author: form.author,
      image: form.image || null,
      publishedAt: form.publishedAt ? new Date(form.publishedAt).toISOString() : undefined,
    };
    if (
      await send(() =>
        form.id ? call('PUT', '/staff/posts/{id}', { params: { id: form.id }, body }) : call('POST', '/staff/posts', { body }),
      )
    ) {
      setForm(empty);
      setText('');
      setTextEn('');
    }
  }
  return (
    <div>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      <ul className="staff-list">
        {(data?.data ?? []).map((p) => (
          <li key={p.id}>
            <button type="button" onClick={() => void open(p.id)}>
              {p.title}
            </button>{' '}
            {new Date(p.publishedAt).toLocaleDateString('fa-IR')}
            <button type="button" onClick={() => void send(() => call('DELETE', '/staff/posts/{id}', { params: { id: p.id } }))}>
              حذف
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="staff-form" aria-label="نوشته بلاگ">
        <label>
          عنوان <input value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
        </label>
        <label>
          شناسه <input dir="ltr" value={form.slug} onChange={(e) => setForm({ ...form, slug: e.target.value })} />
        </label>
        <label>
          چکیده <textarea value={form.excerpt} onChange={(e) => setForm({ ...form, excerpt: e.target.value })} />
        </label>
        <MarkdownField name="body" label="متن" value={text} onChange={setText} />
        <MarkdownField name="bodyEn" label="متن انگلیسی" value={textEn} onChange={setTextEn} />
        <label>
          دسته <input value={form.category} onChange={(e) => setForm({ ...form, category: e.target.value })} />
        </label>
        <label>
          نویسنده <input value={form.author} onChange={(e) => setForm({ ...form, author: e.target.value })} />
        </label>
        <label>
          تصویر <input dir="ltr" value={form.image} onChange={(e) => setForm({ ...form, image: e.target.value })} />
        </label>
        <label>
          زمان انتشار{' '}
          <input type="datetime-local" value={form.publishedAt} onChange={(e) => setForm({ ...form, publishedAt: e.target.value })} />
        </label>
        <button type="submit">{form.id ? 'ذخیره نوشته' : 'انتشار نوشته'}</button>
      </form>
    </div>
  );
}

function Slides() {
  const { data, message, send } = useStaffList('/staff/slides');
  const empty = { id: 0, kind: 'slide' as 'slide' | 'banner', title: '', text: '', image: '', url: '', active: true, sort: 0 };
  const [form, setForm] = useState(empty);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      kind: form.kind,
      title: form.title,
      text: form.text || null,
      image: form.image || null,
      url: form.url || null,
      active: form.active,
      sort: form.sort,
    };
    if (
      await send(() =>
        form.id ? call('PUT', '/staff/slides/{id}', { params: { id: form.id }, body }) : call('POST', '/staff/slides', { body }),
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
      <form onSubmit={submit} className="staff-form" aria-label="اسلاید یا بنر">
        <label>
          نوع{' '}
          <select value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as 'slide' | 'banner' })}>
            <option value="slide">اسلاید</option>
            <option value="banner">بنر</option>
          </select>
        </label>
        <label>
          عنوان اسلاید <input value={form.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
        </label>
        <label>
          متن اسلاید <input value={form.text} onChange={(e) => setForm({ ...form, text: e.target.value })} />
        </label>
        <label>
          تصویر اسلاید <input dir="ltr" value={form.image} onChange={(e) => setForm({ ...form, image: e.target.value })} />
        </label>
        <label>
          پیوند اسلاید <input dir="ltr" value={form.url} onChange={(e) => setForm({ ...form, url: e.target.value })} />
        </label>
        <label>
          <input type="checkbox" checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} /> نمایش
        </label>
        <button type="submit">{form.id ? 'ذخیره اسلاید' : 'افزودن اسلاید'}</button>
      </form>
      <ul className="staff-list">
        {(data?.data ?? []).map((s) => (
          <li key={s.id}>
            {s.kind === 'slide' ? 'اسلاید' : 'بنر'}: {s.title} {s.active ? '' : '(پنهان)'}
            <button
              type="button"
              onClick={() =>
                setForm({
                  id: s.id,
                  kind: s.kind,
                  title: s.title,
                  text: s.text ?? '',
                  image: s.image ?? '',
                  url: s.url ?? '',
                  active: s.active,
                  sort: s.sort,
                })
              }
            >
              ویرایش
            </button>
            <button type="button" onClick={() => void send(() => call('DELETE', '/staff/slides/{id}', { params: { id: s.id } }))}>
              حذف
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Messages() {
  const { data, message, send } = useStaffList('/staff/messages');
  const empty = { id: 0, text: '', textEn: '', kind: 'info' as MessageKind, active: true };
  const [form, setForm] = useState(empty);
  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = { text: form.text, textEn: form.textEn || null, kind: form.kind, active: form.active };
    if (
      await send(() =>
        form.id ? call('PUT', '/staff/messages/{id}', { params: { id: form.id }, body }) : call('POST', '/staff/messages', { body }),
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
      <form onSubmit={submit} className="staff-form" aria-label="پیام سایت">
        <label>
          متن پیام <input value={form.text} onChange={(e) => setForm({ ...form, text: e.target.value })} />
        </label>
        <label>
          متن انگلیسی <input dir="ltr" value={form.textEn} onChange={(e) => setForm({ ...form, textEn: e.target.value })} />
        </label>
        <label>
          گونه{' '}
          <select value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value as MessageKind })}>
            <option value="info">اطلاع</option>
            <option value="warning">هشدار</option>
            <option value="success">خبر خوب</option>
          </select>
        </label>
        <label>
          <input type="checkbox" checked={form.active} onChange={(e) => setForm({ ...form, active: e.target.checked })} /> نمایش روی صفحه‌ها
        </label>
        <button type="submit">{form.id ? 'ذخیره پیام' : 'افزودن پیام'}</button>
      </form>
      <ul className="staff-list">
        {(data?.data ?? []).map((m) => (
          <li key={m.id}>
            {m.text} {m.active ? '' : '(خاموش)'}
            <button
              type="button"
              onClick={() => setForm({ id: m.id, text: m.text, textEn: m.textEn ?? '', kind: m.kind as MessageKind, active: m.active })}
            >
              ویرایش
            </button>
            <button type="button" onClick={() => void send(() => call('DELETE', '/staff/messages/{id}', { params: { id: m.id } }))}>
              حذف
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function HelpFiles() {
  const { data, message, send } = useStaffList('/staff/help-files');
  const [urls, setUrls] = useState<Record<string, string>>({});
  return (
    <div>
      {message && (
        <p role="status" className="notice">
          {message}
        </p>
      )}
      {(data?.data ?? []).map((f) => (
        <form
          key={f.name}
          className="staff-form"
          onSubmit={(e) => {
            e.preventDefault();
            void send(() => call('PUT', '/staff/help-files/{name}', { params: { name: f.name }, body: { url: urls[f.name] ?? f.link } }));
          }}
        >
          <label>
            {f.name} <input dir="ltr" value={urls[f.name] ?? f.link} onChange={(e) => setUrls({ ...urls, [f.name]: e.target.value })} />
          </label>
          <button type="submit">ذخیره</button>
        </form>
      ))}
    </div>
  );
}
