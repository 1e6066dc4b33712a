/** Writes the demo's non-catalogue content: pages, blog posts, banner messages and the departments menu. */
import type { Db } from '../db/client';
import { blogPosts, contentPages, departments, siteMessages } from '../db/schema';
import { DEMO_POSTS } from './demo-blog';
import { DEMO_PAGES } from './demo-pages';
import { sanitiseRichHtml } from '../../lib/rich-html';

const catalog = (slug: string) => `/shop/catalog/${slug}`;

type Link = [title: string, titleEn: string, url: string];
interface MenuItem {
  title: string;
  titleEn: string;
  url: string;
  submenu?:
    | { type: 'menu'; links: [title: string, titleEn: string, url: string, children?: Link[]][] }
    | { type: 'megamenu'; size: 'sm' | 'nl' | 'lg' | 'xl'; columns: { head: Link; links: Link[] }[] };
}

/** The header's departments menu: megamenus for the big families, a plain menu for the rest. */
const DEPARTMENTS: MenuItem[] = [
  {
    title: 'آی‌سی و میکروکنترلر',
    titleEn: 'ICs & microcontrollers',
    url: catalog('ics'),
    submenu: {
      type: 'megamenu',
      size: 'xl',
      columns: [
        {
          head: ['آی‌سی آنالوگ', 'Analogue ICs', catalog('ics')],
          links: [
            ['آپ‌امپ و مقایسه‌گر', 'Op-amps & comparators', catalog('amplifiers')],
            ['رگولاتور ولتاژ', 'Voltage regulators', catalog('regulators')],
          ],
        },
        {
          head: ['آی‌سی دیجیتال', 'Digital ICs', catalog('ics')],
          links: [
            ['تایمر و منطقی', 'Timers & logic', catalog('timers-logic')],
            ['رابط و درایور', 'Interface & drivers', catalog('interface-drivers')],
            ['حافظه', 'Memory', catalog('memories')],
          ],
        },
        {
          head: ['میکروکنترلر', 'Microcontrollers', catalog('mcu')],
          links: [
            ['AVR', 'AVR', catalog('mcu-avr')],
            ['ARM', 'ARM Cortex-M', catalog('mcu-arm')],
            ['وای‌فای و بلوتوث', 'Wi-Fi & Bluetooth', catalog('mcu-wireless')],
          ],
        },
      ],
    },
  },
  {
    title: 'قطعات پسیو',
    titleEn: 'Passive components',
    url: catalog('passives'),
    submenu: {
      type: 'megamenu',
      size: 'lg',
      columns: [
        {
          head: ['مقاومت', 'Resistors', catalog('resistors')],
          links: [
            ['مقاومت پایه‌دار', 'Through-hole', catalog('resistors-tht')],
            ['مقاومت SMD', 'SMD', catalog('resistors-smd')],
          ],
        },
        {
          head: ['خازن', 'Capacitors', catalog('capacitors')],
          links: [
            ['خازن سرامیکی', 'Ceramic', catalog('capacitors-ceramic')],
            ['خازن الکترولیتی', 'Electrolytic', catalog('capacitors-electrolytic')],
          ],
        },
        { head: ['کریستال', 'Crystals', catalog('crystals')], links: [] },
      ],
    },
  },
  {
    title: 'ترانزیستور و دیود',
    titleEn: 'Transistors & diodes',
    url: catalog('discretes'),
    submenu: {
      type: 'megamenu',
      size: 'sm',
      columns: [
        {
          head: ['ترانزیستور', 'Transistors', catalog('discretes')],
          links: [
            ['دوقطبی', 'Bipolar', catalog('bjt')],
            ['ماسفت', 'MOSFETs', catalog('mosfets')],
          ],
        },
        {
          head: ['دیود', 'Diodes', catalog('diodes-rectifiers')],
          links: [['دیود و یکسوساز', 'Diodes & rectifiers', catalog('diodes-rectifiers')]],
        },
      ],
    },
  },
  {
    title: 'ماژول و برد توسعه',
    titleEn: 'Modules & boards',
    url: catalog('modules'),
    submenu: {
      type: 'megamenu',
      size: 'nl',
      columns: [
        {
          head: ['برد توسعه', 'Development boards', catalog('dev-boards')],
          links: [
            ['آردوینو', 'Arduino', '/shop/search/dev-boards?q=arduino'],
            ['ESP32', 'ESP32', '/shop/search/dev-boards?q=esp32'],
          ],
        },
        {
          head: ['ماژول', 'Modules', catalog('modules')],
          links: [
            ['سنسور', 'Sensors', catalog('sensor-modules')],
            ['تغذیه', 'Power', catalog('power-modules')],
            ['ارتباطی', 'Communication', catalog('radio-modules')],
          ],
        },
      ],
    },
  },
  {
    title: 'اپتو و الکترومکانیک',
    titleEn: 'Opto & electromechanical',
    url: catalog('electromechanical'),
    submenu: {
      type: 'menu',
      links: [
        [
          'ال‌ای‌دی و نمایشگر',
          'LEDs & displays',
          catalog('opto'),
          [
            ['ال‌ای‌دی', 'LEDs', catalog('leds')],
            ['نمایشگر', 'Displays', catalog('displays')],
          ],
        ],
        ['رله', 'Relays', catalog('relays')],
        ['کلید و شستی', 'Switches', catalog('switches')],
        ['پین‌هدر و سوکت', 'Headers & sockets', catalog('pin-headers')],
      ],
    },
  },
  {
    title: 'ابزار و تجهیزات',
    titleEn: 'Tools & instruments',
    url: catalog('tools'),
    submenu: {
      type: 'menu',
      links: [
        ['لحیم‌کاری', 'Soldering', catalog('soldering-tools')],
        ['اندازه‌گیری', 'Measurement', catalog('meters')],
      ],
    },
  },
  { title: 'سیم و کابل', titleEn: 'Cables & wires', url: catalog('cables') },
  { title: 'پیشنهادهای ویژه', titleEn: 'Special offers', url: '/shop/search/all?badge=sale' },
];

async function writeDepartments(db: Db) {
  for (const [i, item] of DEPARTMENTS.entries()) {
    const [top] = await db
      .insert(departments)
      .values({
        title: item.title,
        titleEn: item.titleEn,
        url: item.url,
        sort: i,
        submenuType: item.submenu?.type ?? null,
        size: item.submenu?.type === 'megamenu' ? item.submenu.size : null,
      })
      .returning({ id: departments.id });
    if (!item.submenu) continue;
    if (item.submenu.type === 'megamenu') {
      for (const [column, col] of item.submenu.columns.entries()) {
        const [head] = await db
          .insert(departments)
          .values({ parentId: top!.id, title: col.head[0], titleEn: col.head[1], url: col.head[2], column, sort: 0 })
          .returning({ id: departments.id });
        if (col.links.length) {
          await db
            .insert(departments)
            .values(col.links.map(([title, titleEn, url], sort) => ({ parentId: head!.id, title, titleEn, url, column, sort })));
        }
      }
    } else {
      for (const [sort, [title, titleEn, url, children]] of item.submenu.links.entries()) {
        const [link] = await db
          .insert(departments)
          .values({ parentId: top!.id, title, titleEn, url, sort, submenuType: children ? 'menu' : null })
          .returning({ id: departments.id });
        if (children?.length)
          await db
            .insert(departments)
            .values(children.map(([t, te, u], s) => ({ parentId: link!.id, title: t, titleEn: te, url: u, sort: s })));
      }
    }
  }
}

export async function writeDemoContent(db: Db, now = new Date()): Promise<void> {
  await db.insert(contentPages).values(
    DEMO_PAGES.flatMap((page) => [
      // Pages and posts are stored through the same HTML allow-list as product descriptions.
      { slug: page.slug, locale: 'fa' as const, kind: page.kind, title: page.fa[0], body: sanitiseRichHtml(page.fa[1]) },
      { slug: page.slug, locale: 'en' as const, kind: page.kind, title: page.en[0], body: sanitiseRichHtml(page.en[1]) },
    ]),
  );
  await db.insert(blogPosts).values(
    DEMO_POSTS.map((post) => ({
      slug: post.slug,
      title: post.fa[0],
      excerpt: post.fa[1],
      body: sanitiseRichHtml(post.fa[2]),
      titleEn: post.en[0],
      excerptEn: post.en[1],
      bodyEn: sanitiseRichHtml(post.en[2]),
      image: null,
      category: post.category,
      author: post.author,
      publishedAt: new Date(now.getTime() - post.daysAgo * 86_400_000),
    })),
  );
  await db.insert(siteMessages).values([
    {
      // No amount here: the free-shipping thresholds are configuration (SHIPPING_*_FREE_FROM_TOMAN), and
      // the pages state them from it, so a banner naming its own figure would soon disagree.
      text: 'ارسال رایگان با پیک در تهران و با پست به سراسر ایران؛ حد سفارش در صفحهٔ هر کالا و سبد خرید آمده است.',
      textEn: 'Free courier delivery in Tehran and free post across Iran; the order amount is shown on each product page and in the cart.',
      kind: 'success',
      sort: 0,
    },
    {
      text: 'فروشگاه پنجشنبه‌ها تا ساعت ۱۸ باز است؛ سفارش‌های آنلاین جمعه شنبه ارسال می‌شوند.',
      textEn: 'The shop is open until 18:00 on Thursdays; Friday orders ship on Saturday.',
      kind: 'info',
      sort: 1,
    },
  ]);
  await writeDepartments(db);
}
