/**
 * Texts of the engagement islands (reviews, questions, restock); Russian reads English as elsewhere.
 * The card rating labels come from rating-texts.ts.
 */
import type { Locale } from '../ui/locale';
import { ratingTexts } from './rating-texts';

const fa = {
  ...ratingTexts('fa'),
  reviewsTitle: 'نظرات خریداران', stars: '{n} ستاره',
  noReviews: 'هنوز نظری برای این کالا ثبت نشده است؛ اولین نفر باشید.', writeReview: 'نظر خود را بنویسید',
  yourRating: 'امتیاز شما', reviewText: 'متن نظر', submitReview: 'ثبت نظر',
  questionsTitle: 'پرسش و پاسخ', noQuestions: 'هنوز پرسشی درباره این کالا ثبت نشده است.', askQuestion: 'پرسش خود را بنویسید',
  questionText: 'متن پرسش', submitQuestion: 'ثبت پرسش', admin: 'مدیر', answers: 'پاسخ‌ها',
  signInFirst: 'برای ارسال، ابتدا وارد حساب کاربری خود شوید.', sending: 'در حال ارسال…',
  created: 'با موفقیت ثبت شد.', validationHeading: 'لطفاً خطاهای زیر را اصلاح کنید:', failed: 'ارسال ممکن نشد؛ لطفاً دوباره تلاش کنید.',
  loading: 'در حال بارگذاری…', loadFailed: 'دریافت از سرور ممکن نشد؛ لطفاً دوباره تلاش کنید.', retry: 'تلاش دوباره',
  pagination: 'صفحه‌ها', previous: 'قبلی', next: 'بعدی', page: 'صفحه {page}',
  restock: 'درخواست موجودی', restockTitle: 'درخواست تأمین موجودی', product: 'کالا', quantity: 'تعداد',
  description: 'توضیحات (اختیاری)', send: 'ثبت درخواست', cancel: 'انصراف', close: 'بستن',
  number: 'لطفاً این فیلد را با عدد پر کنید.', noConnection: 'ارتباط با سرور برقرار نشد.',
};
export type EngagementTexts = typeof fa;

const en: EngagementTexts = {
  ...ratingTexts('en'),
  reviewsTitle: 'Customer reviews', stars: '{n} stars',
  noReviews: 'No reviews yet; be the first to write one.', writeReview: 'Write a review',
  yourRating: 'Your rating', reviewText: 'Your review', submitReview: 'Post review',
  questionsTitle: 'Questions and answers', noQuestions: 'No questions about this product yet.', askQuestion: 'Ask a question',
  questionText: 'Your question', submitQuestion: 'Post question', admin: 'Admin', answers: 'Answers',
  signInFirst: 'Please sign in to post.', sending: 'Sending…',
  created: 'Successfully created.', validationHeading: 'Please correct the following error(s):', failed: 'Could not send; please try again.',
  loading: 'Loading…', loadFailed: 'Could not load from the server; please try again.', retry: 'Try again',
  pagination: 'Pages', previous: 'Previous', next: 'Next', page: 'Page {page}',
  restock: 'Request stock', restockTitle: 'Restock request', product: 'Product', quantity: 'Quantity',
  description: 'Description (optional)', send: 'Send request', cancel: 'Cancel', close: 'Close',
  number: 'Please fill this field with a number.', noConnection: 'Could not connect to server.',
};

export const engagementTexts = (locale: Locale): EngagementTexts => (locale === 'fa' ? fa : en);
