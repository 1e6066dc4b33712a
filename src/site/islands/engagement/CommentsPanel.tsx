/**
 * The product page's questions tab: a page of questions (pager with 3 siblings), each with the staff's
 * answers under it labelled Admin, and the form to ask one. Hydrated when its tab is first shown
 * (engagement/hydrate-panel.ts).
 */
import { useState, type FormEvent } from 'react';
import type { Comment } from '../../../api/schemas/engagement';
import { formatDate } from '../../format';
import { call } from '../ui/api';
import type { Locale } from '../ui/locale';
import Pager from './Pager';
import { engagementTexts, type EngagementTexts } from './texts';
import { usePaged } from './usePaged';
import { usePost, ValidationList } from './usePost';
import { useMounted } from '../ui/useMounted';

function Entry({ c, t, locale }: { c: Omit<Comment, 'children'>; t: EngagementTexts; locale: Locale }) {
  return (
    <>
      <div className="engagement__meta">
        <span className="engagement__author" dir="auto">
          {c.author}
        </span>
        {c.isAdmin && <span className="engagement__admin">{t.admin}</span>}
        <time dateTime={c.date}>{formatDate(c.date, locale)}</time>
      </div>
      <p className="engagement__text" dir="auto">
        {c.text}
      </p>
    </>
  );
}

export default function CommentsPanel({ locale, productId }: { locale: Locale; productId: number }) {
  const t = engagementTexts(locale);
  const { page, setPage, data, failed, reload } = usePaged(
    (page, signal) => call('GET', '/comments/{productId}', { params: { productId }, query: { page }, signal }),
    productId,
  );
  // Hydrated when its tab is first shown: text typed into the server copy would be lost.
  const live = useMounted();
  const { busy, errors, send } = usePost(locale, 'comments-sec');
  const [content, setContent] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (await send(() => call('POST', '/comments', { body: { content, product_id: productId } }))) {
      setContent('');
      reload();
    }
  }

  return (
    <section className="product-section engagement" id="comments-sec" data-ready={data ? 'true' : undefined}>
      <h2>{t.questionsTitle}</h2>
      {failed ? (
        <p role="alert">
          {t.loadFailed}{' '}
          <button type="button" className="link-button" onClick={reload}>
            {t.retry}
          </button>
        </p>
      ) : !data ? (
        <p className="muted">{t.loading}</p>
      ) : data.items.length === 0 ? (
        <p className="muted">{t.noQuestions}</p>
      ) : (
        <ol className="engagement__list">
          {data.items.map((q) => (
            <li key={q.id} className="engagement__item question">
              <Entry c={q} t={t} locale={locale} />
              {q.children.length > 0 && (
                <ul className="engagement__answers" aria-label={t.answers}>
                  {q.children.map((a) => (
                    <li key={a.id} className="answer">
                      <Entry c={a} t={t} locale={locale} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
      {data && <Pager locale={locale} page={page} pages={data.pages} onPage={setPage} />}

      <form className="engagement__form question-form" onSubmit={submit} noValidate>
        <h3>{t.askQuestion}</h3>
        <label htmlFor={`question-text-${productId}`}>{t.questionText}</label>
        <textarea
          id={`question-text-${productId}`}
          disabled={!live}
          name="content"
          value={content}
          maxLength={2000}
          onChange={(e) => setContent(e.target.value)}
        />
        <ValidationList errors={errors} heading={t.validationHeading} />
        <p>
          <button type="submit" className="button" disabled={busy || !live}>
            {busy ? t.sending : t.submitQuestion}
          </button>
        </p>
      </form>
    </section>
  );
}
