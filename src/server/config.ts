import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { SANDBOX_CREDENTIALS } from './payments/settings';
import { parseTrustProxy, type TrustedProxies } from '../lib/forwarded-client';
import { parseCurrencyRates } from '../lib/currency';

/**
 * Every setting the server reads from the environment, validated once at start.
 * Documented one by one in README.md ("Configuration").
 */
const list = z.string().transform((s) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean),
);
const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));
const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export const configSchema = z.object({
  /** `production` is a real shop: no sandbox, no demo data, no default secrets (see productionRules below). */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  /** The shop's public address (links in pages, mails, the invoice, payment callbacks); required in production. */
  PUBLIC_BASE_URL: z.string().url().default('http://localhost:4321'),
  /** PostgreSQL connection string; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('data'),
  /**
   * Server processes on this machine sharing PORT (src/server/web-processes.ts): a number, or `auto` for
   * one per CPU core. More than one needs PostgreSQL: PGlite's data folder is opened by one process.
   */
  WEB_PROCESSES: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(256)])
    .prefault('1')
    .transform((n) => (n === 'auto' ? availableParallelism() : n)),

  /** Folder of staff uploads (product images, datasheets), served under /media/uploads/; unset: DATA_DIR/uploads. */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** S3-compatible storage for uploads instead of the folder: endpoint (https://s3.example.com), path-style. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Public address of the bucket's objects (a CDN); unset: S3_ENDPOINT/S3_BUCKET. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Write the demo catalogue and the demo staff account into an empty database on start; never in production. */
  SEED_DEMO: bool.prefault('1'),
  LOG_REQUESTS: bool.prefault('0'),

  SEARCH_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  SEARCH_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** Parts-list uploads (SaveCustomerFile) allowed per client address per window: each one costs a parse. */
  BOM_UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  BOM_UPLOAD_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /**
   * Reverse proxies in front (src/lib/forwarded-client.ts): `0` none; a number of proxy hops; or a list
   * of proxy addresses / CIDR ranges. The client address is the right-most X-Forwarded-For entry no
   * trusted proxy stands for (rate limits, sign-in throttling, logs). False when there is no proxy.
   */
  TRUST_PROXY: z
    .string()
    .prefault('0')
    .transform((text, ctx): TrustedProxies | false => {
      const parsed = parseTrustProxy(text);
      if (parsed && 'error' in parsed) {
        ctx.addIssue({
          code: 'custom',
          message: `${parsed.error}; expected 0, a number of proxy hops, or proxy addresses/CIDR ranges separated by commas`,
        });
        return z.NEVER;
      }
      return parsed;
    }),
  /**
   * Form writes a guest can make (sign-up, forgot password, e-mail resend and verify, bank receipt, contact,
   * newsletter, restock request) per client address per window, all forms together; counted in the
   * database so every server shares them.
   */
  GUEST_WRITE_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  GUEST_WRITE_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** Entries kept in the in-process cache of catalogue reads. */
  READ_CACHE_SIZE: z.coerce.number().int().min(0).default(5000),
  /**
   * Searches, listings and product reads the read cache does not hold that may wait at once for the
   * server's thread (src/server/http/work-queue.ts); past it such a request is answered 503 at once.
   * 0: no queue (each runs as soon as it is parsed, as the build's own loopback API does).
   */
  WORK_QUEUE_LIMIT: z.coerce.number().int().min(0).default(512),
  /**
   * How much sooner a suggestion's turn in the work queue is due than a page's (listing, search page,
   * product read) that arrived at the same moment: it passes pages that arrived less than this before
   * it. 0: one queue in order of arrival.
   */
  WORK_QUEUE_SUGGESTION_LEAD_MS: z.coerce.number().int().min(0).default(80),
  /**
   * How much sooner a category listing's turn (getProduct without a search text) is due than a search
   * page's or product read's that arrived at the same moment. 0: no lead. (40 since the searches have a
   * thread of their own: at a million products listings' p95 102 → 68 ms, the others unchanged or better.)
   */
  WORK_QUEUE_LISTING_LEAD_MS: z.coerce.number().int().min(0).default(40),
  /**
   * The search's in-memory index (services/search/suggestion-index.ts): the dropdown and the search
   * page's strict matches without SQL, ~2.3 KB of memory per product (cards held up to 2M products).
   * Needs the read cache (its generation says when the index is stale).
   */
  SEARCH_INDEX: bool.prefault('1'),
  /**
   * On PostgreSQL, those indexes and the searches they answer live in a thread of their own
   * (services/search/search-thread.ts), so the request thread only parses, answers from the read cache
   * and sends. PGlite's database is owned by one thread of this process already: there the searches
   * stay on the request thread whatever this says.
   */
  SEARCH_THREAD: bool.prefault('1'),
  /** How often the server checks whether another process changed the catalogue (drops its read cache). */
  CACHE_RECHECK_SECONDS: z.coerce.number().positive().default(5),
  /** How often `npm start` checks whether the storefront is behind the catalogue and updates it (src/build/site-updater.ts); 0: never. */
  SITE_UPDATE_SECONDS: z.coerce.number().min(0).default(1),
  /**
   * `build`: a full build writes every product page. `on-request`: it writes none (a deploy at a
   * million products starts in minutes, not an hour); each is rendered on its first request and kept
   * as the file the build would have written (src/server/http/product-pages-on-request.ts). Either way
   * a product page missing on disk is rendered on request.
   */
  SITE_PRODUCT_PAGES: z.enum(['build', 'on-request']).default('build'),

  STORE_NAME_FA: z.string().min(1).default('قطعه'),
  STORE_NAME_EN: z.string().min(1).default('Qateh'),
  STORE_ADDRESS_FA: z.string().default('تهران، خیابان جمهوری اسلامی، پاساژ امجد، طبقه اول، پلاک ۱۲'),
  STORE_ADDRESS_EN: z.string().default('Unit 12, First floor, Amjad Passage, Jomhouri St., Tehran'),
  STORE_EMAIL: z.string().email().default('support@qateh.example'),
  STORE_PHONES: list.prefault('021-66712345,021-66712346'),
  STORE_MOBILE: z.string().default('0912-345-6789'),
  STORE_HOURS_FA: z.string().default('شنبه تا چهارشنبه ۸:۳۰ تا ۱۹:۰۰، پنجشنبه ۸:۳۰ تا ۱۸:۰۰'),
  STORE_HOURS_EN: z.string().default('Saturday to Wednesday 8:30–19:00, Thursday 8:30–18:00'),
  SOCIAL_MESSENGER_URL: optionalUrl.default('https://t.me/qateh_shop'),
  SOCIAL_INSTAGRAM_URL: optionalUrl.default('https://instagram.com/qateh_shop'),
  /** The printed-circuit ordering site; unset, the top bar's PCB link goes to the shop's own contact page. */
  PCB_ORDER_URL: optionalUrl,
  BLOG_EXTERNAL_URL: optionalUrl,
  /** The verification page of the store's trust seal (e-Namad, enamad.ir): the footer shows the seal linking there; unset, no seal. */
  TRUST_SEAL_URL: optionalUrl,
  /** Where HowToBuy.pdf and UsersPanelGuide.pdf live; unset (and no address set by staff), the Help links go to the shop's own help page. */
  HELP_FILES_BASE_URL: optionalUrl,

  /** Outgoing mail: smtp(s):// URL; when unset every mail is written as an .eml file under DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Qateh <no-reply@qateh.example>'),
  /** Hours an e-mail verification link stays valid. */
  VERIFY_TOKEN_HOURS: z.coerce.number().positive().default(48),
  /** Minutes a password-reset link stays valid. */
  RESET_TOKEN_MINUTES: z.coerce.number().positive().default(60),
  /** Sign-in attempts per account (and per address, times LOGIN_IP_FACTOR) within the window before answers are slowed down. */
  LOGIN_SLOW_AFTER: z.coerce.number().int().min(0).default(3),
  /**
   * Sign-in attempts per account (and per address, times LOGIN_IP_FACTOR) within the window that are
   * checked without a captcha; later ones need a solved captcha. Never a hard lock, which a stranger
   * could use to keep a customer out.
   */
  LOGIN_CAPTCHA_AFTER: z.coerce.number().int().min(0).default(5),
  /** An address serves many customers (offices, mobile carriers): its marks are the account's times this. */
  LOGIN_IP_FACTOR: z.coerce.number().int().positive().default(5),
  /** Attempts are counted over this window, in seconds (counts live in the database, shared by every instance). */
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Added delay per attempt beyond LOGIN_SLOW_AFTER, in milliseconds (capped at 5 s). */
  LOGIN_DELAY_MS: z.coerce.number().int().min(0).default(500),
  /**
   * Key of the HMAC that binds the website's CSRF token to its session, so a cookie planted by a
   * subdomain or another session is refused. Set a long random value in production.
   */
  CSRF_SECRET: z.string().min(16).default('qateh-development-csrf-secret'),
  /** Map tiles for picking an address's location (Leaflet URL template). */
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),

  /**
   * Captcha of the site's forms (contact, newsletter, sign-up, forgot password, e-mail resend, bank
   * receipt, restock request). By default a self-hosted proof-of-work (ALTCHA) whose challenges are
   * signed with this key; set a long random value in production.
   */
  CAPTCHA_HMAC_KEY: z.string().min(16).default('qateh-development-captcha-key'),
  /** Work asked of the browser: the largest number it may have to try (higher is slower for bots and people). */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1000).max(10_000_000).default(100_000),
  /** Minutes a captcha challenge stays solvable. */
  CAPTCHA_EXPIRES_MINUTES: z.coerce.number().positive().default(10),
  /** reCAPTCHA v2/v3 instead of the self-hosted captcha, when the secret is set. */
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  /** Which reCAPTCHA the storefront loads: 2 (the checkbox) or 3 (invisible, scored). */
  RECAPTCHA_VERSION: z.enum(['2', '3']).default('3'),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** The widget script the storefront loads (Google's api.js, or a mirror / stand-in speaking its API). */
  RECAPTCHA_SCRIPT_URL: z.string().url().default('https://www.google.com/recaptcha/api.js'),
  /** reCAPTCHA v3 answers with a score (0 bot … 1 human); tokens scoring lower are refused. */
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),

  /** Shipping prices and the goods amounts (after discount) from which they are free, in toman (spec §1). */
  SHIPPING_COURIER_PRICE_TOMAN: z.coerce.number().int().min(0).default(80000),
  SHIPPING_COURIER_FREE_FROM_TOMAN: z.coerce.number().int().min(0).default(150000),
  SHIPPING_POST_PRICE_TOMAN: z.coerce.number().int().min(0).default(90000),
  SHIPPING_POST_FREE_FROM_TOMAN: z.coerce.number().int().min(0).default(300000),
  /** Tipax or a freight carrier, any city: one price, never free (bulky or heavy goods). */
  SHIPPING_CARRIER_PRICE_TOMAN: z.coerce.number().int().min(0).default(120000),
  /** The store's own city, as its name is written in the address book: the courier goes only there. */
  STORE_CITY_FA: z.string().trim().min(1).default('تهران'),
  /** The same city as English pages name it (the courier's title, the note on other cities). */
  STORE_CITY_EN: z.string().trim().min(1).default('Tehran'),
  /** Hours a confirmed pre-invoice can be paid before it expires. */
  PREINVOICE_VALID_HOURS: z.coerce.number().positive().default(24),
  /** Hours after delivery within which a buyer may return goods for their money back (spec §1: 48); shown on the terms pages through {{money_back_hours}}. */
  MONEY_BACK_GUARANTEE_HOURS: z.coerce.number().int().positive().default(48),
  /**
   * The currency selector's rates, toman per unit ("USD=105000,EUR=115000,GBP=135000,RUB=1300"): pages
   * show the chosen currency's approximation beside toman prices. The default is a development demo,
   * dropped in production unless set (then no approximation is shown).
   */
  CURRENCY_RATES_TOMAN: z
    .string()
    .default('USD=105000,EUR=115000,GBP=135000,RUB=1300')
    .superRefine((text, ctx) => {
      const parsed = parseCurrencyRates(text);
      if (!parsed.ok) for (const problem of parsed.problems) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
    }),

  /**
   * The built-in test gateways; unset means on unless merchant credentials are configured, and off in
   * production (where `1` turns them on on purpose and every page says test mode).
   */
  PAYMENT_SANDBOX: bool.optional(),
  ZARINPAL_MERCHANT_ID: z
    .string()
    .regex(/^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/, 'must be a 36-character merchant UUID')
    .optional(),
  ZARINPAL_API_URL: z.string().url().default('https://payment.zarinpal.com/pg/v4/payment/'),
  ZARINPAL_STARTPAY_URL: z.string().url().default('https://payment.zarinpal.com/pg/StartPay/'),
  SADAD_MERCHANT_ID: z.string().regex(/^\d+$/, 'must be digits').optional(),
  SADAD_TERMINAL_ID: z.string().regex(/^\d+$/, 'must be digits').optional(),
  /** Base64 of the 24-byte Triple-DES key Sadad issues with the terminal. */
  SADAD_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 24, 'must be the base64 of a 24-byte key')
    .optional(),
  SADAD_API_URL: z.string().url().default('https://sadad.shaparak.ir/VPG/api/v0/'),
  SADAD_PURCHASE_URL: z.string().url().default('https://sadad.shaparak.ir/VPG/Purchase'),

  /** Kavenegar (SMS) API key; unset: SMS go to the local stand-in outside production and are skipped (logged) in production. */
  KAVENEGAR_API_KEY: z.string().min(1).optional(),
  /** Kavenegar's REST base; the key and `sms/send.json` or `verify/lookup.json` follow it. */
  KAVENEGAR_API_URL: z.string().url().default('https://api.kavenegar.com/v1/'),
  /** Sender line for plain sends (sms/send.json); unset: the account's default line. */
  KAVENEGAR_SENDER: z.string().min(1).optional(),
  /** Approved verify/lookup template per event (tokens: factor number, toman amount, …); unset: a plain send of our own text. */
  SMS_TEMPLATE_ENQUIRY_RECEIVED: z.string().min(1).optional(),
  SMS_TEMPLATE_PREINVOICE_READY: z.string().min(1).optional(),
  /** The store's own mobile (09xxxxxxxxx) for store alerts by SMS (a new enquiry); unset: no store SMS. */
  STORE_ALERT_MOBILE: z
    .string()
    .regex(/^09\d{9}$/, 'must be a mobile like 09121234567')
    .optional(),
  /** Where store alerts by mail go (new enquiry, receipt registered, order paid); unset: STORE_EMAIL. */
  STORE_ALERT_EMAIL: z.string().email().optional(),
  /** How often the outbox worker looks for messages due, in seconds. */
  NOTIFY_POLL_SECONDS: z.coerce.number().positive().default(1),
  /** How often the reminder, expiry and back-in-stock checks run, in seconds. */
  NOTIFY_SCHEDULE_SECONDS: z.coerce.number().positive().default(60),
  /** Tries per message before it is marked failed; the wait doubles after each failure. */
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(8),
  NOTIFY_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
  /** A claimed message not marked sent within this time (its server died mid-send) is claimed again. */
  NOTIFY_LEASE_SECONDS: z.coerce.number().positive().default(120),
  /** A reminder goes out once when a confirmed pre-invoice has less than this many hours left. */
  PREINVOICE_REMINDER_HOURS: z.coerce.number().positive().default(6),

  /** Bank-transfer details shown in the payment modal (spec §2 "bank transfer details"). */
  BANK_ACCOUNT_HOLDER: z.string().default('فروشگاه قطعه'),
  BANK_NAME: z.string().default('بانک ملی'),
  BANK_ACCOUNT_NUMBER: z.string().default('0101234567001'),
  BANK_CARD_NUMBER: z.string().default('6037-9911-2233-4455'),
  BANK_SHEBA: z.string().default('IR120170000000101234567001'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;
type ConfigName = keyof Config;

/**
 * What a production shop (NODE_ENV=production) must set itself: each development default is a
 * publicly known secret, an address that is not the shop's, or demo data shown to customers (phone
 * numbers, bank accounts that would take real customers' transfers). Set to the development default
 * counts as not set.
 */
export const SET_IN_PRODUCTION: readonly ConfigName[] = [
  'PUBLIC_BASE_URL',
  'CAPTCHA_HMAC_KEY',
  'CSRF_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'STORE_ADDRESS_FA',
  'STORE_ADDRESS_EN',
  'STORE_EMAIL',
  'STORE_PHONES',
  'STORE_MOBILE',
  'BANK_ACCOUNT_HOLDER',
  'BANK_NAME',
  'BANK_ACCOUNT_NUMBER',
  'BANK_CARD_NUMBER',
  'BANK_SHEBA',
];

/** Demo links that production drops unless set: a shop without a messenger channel shows none. */
const DEMO_LINKS_DROPPED_IN_PRODUCTION: readonly ConfigName[] = ['SOCIAL_MESSENGER_URL', 'SOCIAL_INSTAGRAM_URL'];

/** The sandbox's own test credentials: published in this repository, so never a real merchant's. */
const SANDBOX_VALUES: readonly [ConfigName, string][] = [
  ['ZARINPAL_MERCHANT_ID', SANDBOX_CREDENTIALS.zarinpalMerchantId],
  ['SADAD_MERCHANT_ID', SANDBOX_CREDENTIALS.sadadMerchantId],
  ['SADAD_TERMINAL_ID', SANDBOX_CREDENTIALS.sadadTerminalId],
  ['SADAD_KEY', SANDBOX_CREDENTIALS.sadadKey],
];

/** The development defaults, for telling "set to the demo value" from "set". */
const developmentDefaults = configSchema.parse({});
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Production's own defaults and refusals: the problems found, one line each, naming the variable. */
function productionRules(config: Config, env: Env): string[] {
  const problems: string[] = [];
  for (const name of SET_IN_PRODUCTION) {
    if (env[name] === undefined) problems.push(`  ${name}: must be set in production (the development default is not the shop's)`);
    else if (sameValue(config[name], developmentDefaults[name]))
      problems.push(`  ${name}: must not be the development default in production`);
  }
  for (const [name, value] of SANDBOX_VALUES) {
    if (config[name] === value) problems.push(`  ${name}: is the payment sandbox's test credential, not the shop's`);
  }
  if (env.SEED_DEMO !== undefined && config.SEED_DEMO)
    problems.push('  SEED_DEMO: demo data is never written in production (create staff with `npm run staff:create`)');
  if (problems.length) return problems;
  config.SEED_DEMO = false;
  // Test gateways only when asked for by name; then every page says test mode.
  if (env.PAYMENT_SANDBOX === undefined) config.PAYMENT_SANDBOX = false;
  for (const name of DEMO_LINKS_DROPPED_IN_PRODUCTION) if (env[name] === undefined) (config as Record<string, unknown>)[name] = undefined;
  // Demo exchange rates would price goods at someone else's rate: none unless the store sets its own.
  if (env.CURRENCY_RATES_TOMAN === undefined) config.CURRENCY_RATES_TOMAN = '';
  return [];
}

export function loadConfig(env: Env = process.env): Config {
  // An empty variable means "not set", as most shells and .env files intend.
  const cleaned: Env = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration in environment variables:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.WEB_PROCESSES > 1 && !config.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration in environment variables:\n  WEB_PROCESSES: ${config.WEB_PROCESSES} server processes need PostgreSQL (DATABASE_URL); the embedded database (PGlite) is opened by one process only, so set WEB_PROCESSES=1 or DATABASE_URL`,
    );
  }
  if (config.NODE_ENV === 'production') {
    const problems = productionRules(config, cleaned);
    if (problems.length) {
      throw new ConfigError(
        `Refusing to start in production (NODE_ENV=production) with this configuration:\n${problems.join('\n')}\nSee README.md, "Running in production".`,
      );
    }
  }
  return config;
}
