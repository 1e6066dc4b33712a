import { z } from 'zod';

/**
 * Every setting the server reads from the environment, validated once at start.
 * Documented one by one in README.md ("Configuration").
 */
const list = z.string().transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));
const optionalUrl = z.string().url().optional().or(z.literal('').transform(() => undefined));
const bool = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  PUBLIC_BASE_URL: z.string().url().default('http://localhost:4321'),
  /** PostgreSQL connection string; when unset the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://').optional(),
  DATA_DIR: z.string().min(1).default('data'),
  /** Write the demo catalogue into an empty database on start. */
  SEED_DEMO: bool.prefault('1'),
  LOG_REQUESTS: bool.prefault('0'),

  SEARCH_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  SEARCH_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** Parts-list uploads (SaveCustomerFile) allowed per client address per window: each one costs a parse. */
  BOM_UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  BOM_UPLOAD_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /**
   * Form writes a guest can make (sign-up, forgot password, e-mail resend and verify, bank receipt, contact,
   * newsletter, restock request) per client address per window, all forms together; counted in the
   * database so every server shares them.
   */
  GUEST_WRITE_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  GUEST_WRITE_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** Behind a reverse proxy, trust its X-Forwarded-For for the client address (rate limits, logs). */
  TRUST_PROXY: bool.prefault('0'),
  /** Entries kept in the in-process cache of catalogue reads. */
  READ_CACHE_SIZE: z.coerce.number().int().min(0).default(5000),
  /** How often the server checks whether another process changed the catalogue (drops its read cache). */
  CACHE_RECHECK_SECONDS: z.coerce.number().positive().default(5),
  /** How often `npm start` checks whether the storefront is behind the catalogue and updates it (src/build/site-updater.ts); 0: never. */
  SITE_UPDATE_SECONDS: z.coerce.number().min(0).default(1),

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
  PCB_ORDER_URL: optionalUrl.default('https://pcb.qateh.example'),
  BLOG_EXTERNAL_URL: optionalUrl,
  HELP_FILES_BASE_URL: z.string().url().default('https://storage.qateh.example/help'),

  /** Outgoing mail: smtp(s):// URL; when unset every mail is written as an .eml file under DATA_DIR/outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Qateh <no-reply@qateh.example>'),
  /** Hours an e-mail verification link stays valid. */
  VERIFY_TOKEN_HOURS: z.coerce.number().positive().default(48),
  /** Minutes a password-reset link stays valid. */
  RESET_TOKEN_MINUTES: z.coerce.number().positive().default(60),
  /** Failed sign-ins per account (and per address, times LOGIN_IP_FACTOR) before answers are slowed down. */
  LOGIN_SLOW_AFTER: z.coerce.number().int().min(0).default(3),
  /** Failed sign-ins per account (and per address, times LOGIN_IP_FACTOR) before sign-in is refused with 429. */
  LOGIN_LOCK_AFTER: z.coerce.number().int().positive().default(10),
  /** An address serves many customers (offices, mobile carriers): its limits are the account's times this. */
  LOGIN_IP_FACTOR: z.coerce.number().int().positive().default(5),
  /** Failures are counted over this window, in seconds; a lock lasts until the window ends. */
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  /** Added delay per failure beyond LOGIN_SLOW_AFTER, in milliseconds (capped at 5 s). */
  LOGIN_DELAY_MS: z.coerce.number().int().min(0).default(500),
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
  /** Hours a confirmed pre-invoice can be paid before it expires. */
  PREINVOICE_VALID_HOURS: z.coerce.number().positive().default(24),

  /** The built-in test gateways; unset means on unless merchant credentials are configured. */
  PAYMENT_SANDBOX: bool.optional(),
  ZARINPAL_MERCHANT_ID: z.string().regex(/^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$/, 'must be a 36-character merchant UUID').optional(),
  ZARINPAL_API_URL: z.string().url().default('https://payment.zarinpal.com/pg/v4/payment/'),
  ZARINPAL_STARTPAY_URL: z.string().url().default('https://payment.zarinpal.com/pg/StartPay/'),
  SADAD_MERCHANT_ID: z.string().regex(/^\d+$/, 'must be digits').optional(),
  SADAD_TERMINAL_ID: z.string().regex(/^\d+$/, 'must be digits').optional(),
  /** Base64 of the 24-byte Triple-DES key Sadad issues with the terminal. */
  SADAD_KEY: z.string().refine((v) => Buffer.from(v, 'base64').length === 24, 'must be the base64 of a 24-byte key').optional(),
  SADAD_API_URL: z.string().url().default('https://sadad.shaparak.ir/VPG/api/v0/'),
  SADAD_PURCHASE_URL: z.string().url().default('https://sadad.shaparak.ir/VPG/Purchase'),

  /** Bank-transfer details shown in the payment modal (spec §2 "bank transfer details"). */
  BANK_ACCOUNT_HOLDER: z.string().default('فروشگاه قطعه'),
  BANK_NAME: z.string().default('بانک ملی'),
  BANK_ACCOUNT_NUMBER: z.string().default('0101234567001'),
  BANK_CARD_NUMBER: z.string().default('6037-9911-2233-4455'),
  BANK_SHEBA: z.string().default('IR120170000000101234567001'),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as most shells and .env files intend.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  throw new ConfigError(`Invalid configuration in environment variables:\n${lines.join('\n')}`);
}
