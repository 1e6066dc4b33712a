/**
 * The customer's copy of an order's timeline: each step, when, by whom (the store, not the clerk) and
 * the store's reason. English words for English pages; the store's own reasons stay as written.
 */
import type { FactorDetail } from '../../../api/schemas/shop';
import { dateText, type ShopLocale } from './texts';

const EN_VERBS: Record<string, string> = {
  create: 'Enquiry sent',
  confirm: 'Confirmed, pre-invoice issued',
  contact: 'Please contact the store',
  reject: 'Enquiry rejected',
  ask_again: 'Asked again',
  cancel: 'Cancelled by you',
  pay_online: 'Paid online',
  payment_undone: 'Payment not confirmed by the bank',
  accept_receipt: 'Bank transfer accepted',
  shipping: 'Shipping updated',
};
const EN_ACTORS: Record<string, string> = { customer: 'You', clerk: 'The store', admin: 'The store', system: 'The shop', bank: 'The bank' };

export default function FactorTimeline({ factor, locale }: { factor: FactorDetail; locale: ShopLocale }) {
  if (factor.timeline.length === 0) return null;
  const fa = locale === 'fa';
  return (
    <section className="factor__timeline" aria-labelledby="factor-timeline-title">
      <h2 id="factor-timeline-title">{fa ? 'تاریخچهٔ سفارش' : 'Order history'}</h2>
      <ol>
        {factor.timeline.map((e) => (
          <li key={e.id} data-verb={e.verb}>
            <time dateTime={e.at}>{dateText(locale, e.at)}</time> — <strong>{fa ? e.verbLabel : (EN_VERBS[e.verb] ?? e.verb)}</strong> —{' '}
            {fa ? (e.actorKind === 'customer' ? 'شما' : e.actorLabel) : EN_ACTORS[e.actorKind]}
            {e.reason ? (
              <>
                {' '}
                — <q>{e.reason}</q>
              </>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
