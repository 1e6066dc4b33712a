/**
 * The two rating labels product cards show (stars, review count), apart from the other engagement
 * texts so listings and card rows ship only these; texts.ts merges them into engagementTexts.
 */
import type { Locale } from '../ui/locale';

const fa = { average: 'امتیاز {rating} از ۵', count: '{count} نظر' };
export type RatingTexts = typeof fa;
const en: RatingTexts = { average: 'Rated {rating} out of 5', count: '{count} reviews' };

export const ratingTexts = (locale: Locale): RatingTexts => (locale === 'fa' ? fa : en);
