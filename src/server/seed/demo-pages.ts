/** Store pages (terms, returns, FAQ, about) in Persian and English: our own demo wording. */
import type { PageKind } from '../db/schema';

export interface DemoPage {
  slug: string;
  kind: PageKind;
  fa: [title: string, body: string];
  en: [title: string, body: string];
}

export const DEMO_PAGES: DemoPage[] = [
  {
    slug: 'terms',
    kind: 'policy',
    fa: [
      'قوانین و مقررات',
      `<h2>پذیرش قوانین</h2><p>ثبت سفارش در فروشگاه قطعه به معنای پذیرش این قوانین است. قیمت‌ها به تومان و با احتساب {{vat_percent}} مالیات بر ارزش افزوده نمایش داده می‌شوند.</p>
<h2>قیمت و موجودی</h2><p>قیمت قطعات الکترونیکی تابع نرخ ارز است و ممکن است تغییر کند؛ قیمت نهایی همان مبلغی است که هنگام پرداخت پیش‌فاکتور می‌بینید. برای سفارش بیش از سقف تعداد هر کالا با فروشگاه تماس بگیرید.</p>
<h2>پیش‌فاکتور</h2><p>هر پیش‌فاکتور پس از تأیید فروشگاه {{preinvoice_hours}} ساعت برای پرداخت معتبر است. پس از پرداخت، فاکتور رسمی برای شما صادر می‌شود.</p>
<h2>ارسال</h2><p>ارسال با پیک (فقط در شهر فروشگاه) {{courier_price}} است و برای خریدهای از {{courier_free_from}} به بالا رایگان است؛ پست پیشتاز {{post_price}} و از {{post_free_from}} به بالا رایگان است.</p>
<h2>ضمانت بازگشت وجه</h2><p>اگر کالا با مشخصات پیش‌فاکتور یکسان نباشد، تا {{money_back_hours}} ساعت پس از تحویل می‌توانید آن را بازگردانید و کل مبلغ را پس بگیرید.</p>
<h2>حریم خصوصی</h2><p>اطلاعات تماس و نشانی شما فقط برای پردازش و ارسال سفارش به کار می‌رود و در اختیار دیگران قرار نمی‌گیرد.</p>`,
    ],
    en: [
      'Terms and conditions',
      `<h2>Accepting these terms</h2><p>Placing an order with Qateh means you accept these terms. Prices are shown in toman and include {{vat_percent}} VAT.</p>
<h2>Prices and stock</h2><p>Component prices follow the exchange rate and may change; the final price is the amount on the pre-invoice you pay. For quantities above an item's limit, please contact the store.</p>
<h2>Pre-invoices</h2><p>Once the store confirms it, a pre-invoice can be paid for {{preinvoice_hours}} hours. Once it is paid we issue the official invoice.</p>
<h2>Shipping</h2><p>Courier delivery (in the store's own city only) costs {{courier_price}} and is free for orders from {{courier_free_from}}; express post costs {{post_price}} and is free from {{post_free_from}}.</p>
<h2>Money-back guarantee</h2><p>If an item does not match its pre-invoice, you may return it within {{money_back_hours}} hours of delivery for a full refund.</p>
<h2>Privacy</h2><p>Your contact details and address are used only to process and ship your order and are never shared.</p>`,
    ],
  },
  {
    slug: 'returns',
    kind: 'returns',
    fa: [
      'شرایط بازگشت کالا',
      `<p>ضمانت بازگشت وجه: تا {{money_back_hours}} ساعت پس از دریافت سفارش می‌توانید کالای سالم و استفاده‌نشده را در بسته‌بندی اصلی بازگردانید و کل مبلغ را پس بگیرید.</p>
<ul><li>قطعاتی که لحیم شده یا پایه‌های آن‌ها خم شده قابل بازگشت نیستند.</li><li>قطعات حساس به الکتریسیته ساکن باید در بسته ضدالکتریسیته بازگردانده شوند.</li><li>در صورت ایراد فنی، هزینه ارسال بر عهده فروشگاه است.</li></ul>
<p>برای ثبت درخواست بازگشت، شماره فاکتور و شرح ایراد را از بخش تماس با ما برای ما بفرستید.</p>`,
    ],
    en: [
      'Returns',
      `<p>Money-back guarantee: within {{money_back_hours}} hours of delivery you may return unused items in their original packaging for a full refund.</p>
<ul><li>Parts that have been soldered or whose leads are bent cannot be returned.</li><li>Static-sensitive parts must come back in anti-static packaging.</li><li>If an item is faulty, we pay the shipping.</li></ul>
<p>To start a return, send us the invoice number and a description of the problem through the contact page.</p>`,
    ],
  },
  {
    slug: 'faq',
    kind: 'faq',
    fa: [
      'پرسش‌های متداول',
      `<h3>تفاوت کیفیت اورجینال، ری‌نیو و کپی چیست؟</h3><p>اورجینال از نمایندگی یا توزیع‌کننده رسمی سازنده تهیه شده است. ری‌نیو از تجهیزات جداشده و تست شده است. کپی نمونه سازگار یا بازاری قطعه برند است.</p>
<h3>زمان ارسال سفارش چقدر است؟</h3><p>سفارش‌هایی که تا ساعت ۱۴ پرداخت شوند همان روز ارسال می‌شوند. ارسال پستی به شهرستان‌ها ۲ تا ۴ روز کاری طول می‌کشد.</p>
<h3>قیمت پلکانی چیست؟</h3><p>با خرید تعداد بیشتر، قیمت واحد کاهش می‌یابد؛ جدول قیمت هر کالا در صفحه آن آمده است.</p>
<h3>کالای ناموجود را چطور سفارش دهم؟</h3><p>برای کالای ناموجود دکمه «درخواست موجودی» را بزنید تا پس از تأمین به شما خبر دهیم.</p>`,
    ],
    en: [
      'Frequently asked questions',
      `<h3>What do original, renew and copy mean?</h3><p>Original parts come from the maker's official distribution. Renew parts were pulled from equipment and tested. Copy parts are compatible or market versions of a branded part.</p>
<h3>How fast do you ship?</h3><p>Orders paid by 14:00 leave the same day. Post to other cities takes 2 to 4 working days.</p>
<h3>What are quantity prices?</h3><p>The unit price drops as you buy more; each product page shows its price table.</p>
<h3>How can I order an item that is out of stock?</h3><p>Press "Request restock" and we will let you know when it arrives.</p>`,
    ],
  },
  {
    slug: 'about-us',
    kind: 'about',
    fa: [
      'درباره ما',
      `<p>قطعه از سال ۱۳۸۸ در پاساژ امجد تهران قطعات الکترونیکی عرضه می‌کند؛ از مقاومت و خازن تا میکروکنترلر، ماژول و ابزار آزمایشگاهی.</p><p>هدف ما این است که دانشجو، تعمیرکار و تولیدکننده هر قطعه‌ای را که لازم دارد با قیمت روشن و ارسال سریع پیدا کند.</p>`,
    ],
    en: [
      'About us',
      `<p>Since 2009 Qateh has sold electronic components from Amjad Passage in Tehran: resistors and capacitors, microcontrollers, modules and lab tools.</p><p>Our aim is that students, repairers and manufacturers find every part they need with clear prices and fast delivery.</p>`,
    ],
  },
  {
    slug: 'help',
    kind: 'help',
    fa: [
      'راهنمای خرید',
      `<ol><li>کالا را جستجو کنید؛ شماره قطعه را می‌توانید با خط تیره یا بدون آن بنویسید.</li><li>تعداد را انتخاب و به سبد خرید اضافه کنید.</li><li>پیش‌فاکتور را بررسی و پرداخت کنید؛ یا فیش واریز بانکی را ثبت کنید.</li><li>کد رهگیری ارسال از طریق پیامک برای شما فرستاده می‌شود.</li></ol>`,
    ],
    en: [
      'How to order',
      `<ol><li>Search for the part; type the part number with or without dashes.</li><li>Choose the quantity and add it to the cart.</li><li>Check the pre-invoice and pay online, or register a bank transfer receipt.</li><li>You will get the shipment tracking code by text message.</li></ol>`,
    ],
  },
];
