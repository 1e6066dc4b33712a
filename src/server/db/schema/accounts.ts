import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const USER_ROLES = ['customer', 'staff'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** What a staff member may do: an admin also manages staff and settings, a clerk only runs orders. */
export const STAFF_ROLES = ['admin', 'clerk'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  email: text('email').notNull().unique(),
  email2: text('email2'),
  agreeWithEmail2: boolean('agree_with_email2').notNull().default(false),
  name: text('name').notNull(),
  companyName: text('company_name'),
  phone: text('phone'),
  /** Canonical 09xxxxxxxxx form. */
  mobile: text('mobile').notNull(),
  website: text('website'),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<UserRole>().notNull().default('customer'),
  /** Read only when role is 'staff'; accounts made by the operator (staff:create) are admins. */
  staffRole: text('staff_role').$type<StaffRole>().notNull().default('admin'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** Set by staff: a blocked account can neither sign in nor use a session it already had. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
  /** Staff two-factor sign-in: the TOTP secret, AES-GCM encrypted (never sent back after enrolment). */
  totpSecret: text('totp_secret'),
  /** Null until a code made from totpSecret was verified; only then does sign-in ask for codes. */
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The 30-second step of the last code accepted at sign-in: a code is good once, even when overheard. */
  totpLastStep: integer('totp_last_step'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Bearer tokens are random; only their SHA-256 is stored so a database leak gives no live sessions. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'access' | 'refresh'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** Access and refresh tokens issued together share a session id, so logout revokes both. */
    sessionId: text('session_id').notNull(),
    /**
     * Every pair issued by refreshing descends from one sign-in and keeps its family id: a refresh token
     * presented again after it was rotated means it leaked, and the whole family is revoked.
     */
    familyId: text('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_tokens_user_idx').on(t.userId),
    index('auth_tokens_session_idx').on(t.sessionId),
    index('auth_tokens_family_idx').on(t.familyId),
  ],
);

/**
 * Sign-in attempts per key (an account, a typed unknown login, a client address) in the current
 * window. Kept in the database so that every server instance on one PostgreSQL counts together, and
 * counted with one atomic upsert before the password is checked so parallel guesses cannot overtake
 * the count.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_window_idx').on(t.windowStartedAt)],
);

export const emailTokens = pgTable('email_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<'verify' | 'reset'>().notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const provinces = pgTable('provinces', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  nameEn: text('name_en'),
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    provinceId: integer('province_id')
      .notNull()
      .references(() => provinces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
  },
  (t) => [uniqueIndex('cities_province_name_idx').on(t.provinceId, t.name)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    phone: text('phone'),
    provinceId: integer('province_id')
      .notNull()
      .references(() => provinces.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    address: text('address').notNull(),
    postCode: text('post_code').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    description: text('description'),
    isDefault: boolean('is_default').notNull().default(false),
    lastSelectedAt: timestamp('last_selected_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId)],
);
