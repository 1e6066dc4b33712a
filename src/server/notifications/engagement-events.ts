/** Notifications of the engagement area: a question answered, a product back in stock. */
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { comments, products, resupplyRequests } from '../db/schema';
import { renderMail } from './mail/layout';
import { enqueue, type DbOrTx } from './outbox';
import { recipientOf } from './recipients';
import { base, pageUrl, productLabel, storeName } from './texts';

const productUrl = (config: Config, locale: 'fa' | 'en', slug: string) =>
  pageUrl(config, locale, `/shop/products/${encodeURIComponent(slug)}`);

/** The asker of a product question hears the store's answer (guests without an account cannot be told). */
export async function enqueueQuestionAnswered(tx: DbOrTx, config: Config, questionId: number, answerId: number): Promise<void> {
  const [row] = await tx
    .select({ q: comments, slug: products.slug, name: products.name, nameFa: products.nameFa, partNumber: products.partNumber })
    .from(comments)
    .innerJoin(products, eq(products.id, comments.productId))
    .where(eq(comments.id, questionId))
    .limit(1);
  const [answer] = await tx.select({ content: comments.content }).from(comments).where(eq(comments.id, answerId)).limit(1);
  if (!row || !answer || row.q.userId === null) return;
  const asker = await recipientOf(tx, row.q.userId);
  if (!asker) return;
  const l = asker.locale;
  const label = productLabel(row, l);
  const title = l === 'fa' ? `پاسخ پرسش شما درباره ${label}` : `Your question about ${label} was answered`;
  const { html, text } = renderMail({
    locale: l,
    storeName: storeName(config, l),
    baseUrl: base(config),
    title,
    paragraphs:
      l === 'fa'
        ? [`${asker.name} عزیز،`, `پرسش شما: «${row.q.content}»`, `پاسخ فروشگاه: «${answer.content}»`]
        : [`Dear ${asker.name},`, `Your question: “${row.q.content}”`, `The store's answer: “${answer.content}”`],
    button: { label: l === 'fa' ? 'مشاهده کالا' : 'View the product', href: productUrl(config, l, row.slug) },
  });
  await enqueue(tx, [
    {
      channel: 'mail',
      event: 'question_answered',
      recipient: asker.email,
      userId: asker.userId,
      locale: l,
      dedupeKey: `answer:${answerId}`,
      payload: { subject: `${title} — ${storeName(config, l)}`, html, text },
    },
  ]);
}

/**
 * Everyone who asked to be told when a product is back: open restock requests whose product now has
 * stock (however it got there: an import, a staff edit, a cancelled order). Each request is told once
 * and marked answered in the same transaction. Returns how many requests were told.
 */
export async function enqueueBackInStock(tx: DbOrTx, config: Config, limit = 200): Promise<number> {
  const due = await tx
    .select({ r: resupplyRequests, slug: products.slug, name: products.name, nameFa: products.nameFa, partNumber: products.partNumber })
    .from(resupplyRequests)
    .innerJoin(products, eq(products.id, resupplyRequests.productId))
    // Changed since the request (stock written by an import, a staff edit, a cancelled order): a request
    // filed while the product still had stock is not "back in stock" until the product moves again.
    .where(
      and(
        eq(resupplyRequests.status, 'open'),
        sql`${products.stock} > 0`,
        sql`${products.stock} >= ${products.minimumPurchase}`,
        sql`${products.updatedAt} > ${resupplyRequests.createdAt}`,
        eq(products.enable, true),
        sql`${products.deletedAt} IS NULL`,
      ),
    )
    .orderBy(resupplyRequests.id)
    .limit(limit)
    .for('update', { of: resupplyRequests, skipLocked: true });
  let told = 0;
  for (const { r, ...product } of due) {
    const customer = r.userId === null ? null : await recipientOf(tx, r.userId);
    const l = customer?.locale ?? 'fa';
    const label = productLabel(product, l);
    const title = l === 'fa' ? `${label} دوباره موجود شد` : `${label} is back in stock`;
    const { html, text } = renderMail({
      locale: l,
      storeName: storeName(config, l),
      baseUrl: base(config),
      title,
      paragraphs:
        l === 'fa'
          ? [
              `${customer?.name ?? 'مشتری'} عزیز،`,
              `کالایی که خواسته بودید موجود شدنش را خبر دهیم، اکنون موجود است: ${label}.`,
              'موجودی محدود است؛ برای خرید زودتر اقدام کنید.',
            ]
          : [
              `Dear ${customer?.name ?? 'customer'},`,
              `The part you asked us to tell you about is back in stock: ${label}.`,
              'Stock is limited.',
            ],
      button: { label: l === 'fa' ? 'مشاهده و خرید' : 'View and buy', href: productUrl(config, l, product.slug) },
    });
    await enqueue(tx, [
      {
        channel: 'mail',
        event: 'back_in_stock',
        recipient: r.email,
        userId: r.userId,
        locale: l,
        dedupeKey: `restock:${r.id}`,
        payload: { subject: `${title} — ${storeName(config, l)}`, html, text },
      },
    ]);
    await tx.update(resupplyRequests).set({ status: 'answered' }).where(eq(resupplyRequests.id, r.id));
    told++;
  }
  return told;
}
