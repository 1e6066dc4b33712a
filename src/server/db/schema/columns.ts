import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** Money is always integer rials in the database; bigint because toman prices × 10 outgrow int4. */
export const rials = (name: string) => bigint(name, { mode: 'number' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
