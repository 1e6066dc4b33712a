/**
 * Iran's 31 provinces and their cities, from our data file (src/server/services/accounts/iran-places.json). Written
 * into the database on start when missing, so addresses can reference them by id.
 */
import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import placesData from './iran-places.json' with { type: 'json' };
import type { Db } from '../../db/client';
import { cities, provinces } from '../../db/schema';
import { normalisePersianText } from '../../../lib/persian';

interface PlacesFile {
  provinces: { code: string; name: string; nameEn: string; cities: string[] }[];
}
const DATA = placesData as PlacesFile;
export const PROVINCE_COUNT = DATA.provinces.length;
export const CITY_COUNT = DATA.provinces.reduce((n, p) => n + p.cities.length, 0);

/** Idempotent: a database that already holds every province and city is left alone. */
export async function ensureIranPlaces(db: Db): Promise<void> {
  const [counts] = await db
    .select({
      p: sql<number>`(select count(*)::int from ${provinces})`,
      c: sql<number>`(select count(*)::int from ${cities})`,
    })
    .from(sql`(select 1) as one`);
  if (counts && counts.p >= PROVINCE_COUNT && counts.c >= CITY_COUNT) return;
  await db.transaction(async (tx) => {
    for (const p of DATA.provinces) {
      const name = normalisePersianText(p.name);
      await tx.insert(provinces).values({ name, nameEn: p.nameEn }).onConflictDoNothing();
      const [row] = await tx.select({ id: provinces.id }).from(provinces).where(eq(provinces.name, name));
      const rows = p.cities.map((c) => ({ provinceId: row!.id, name: normalisePersianText(c) }));
      if (rows.length) await tx.insert(cities).values(rows).onConflictDoNothing();
    }
  });
}

const like = (name: string) => `%${name.replace(/[%_\\]/g, (ch) => `\\${ch}`)}%`;

export async function listProvinces(db: Db, name?: string) {
  return db
    .select({ id: provinces.id, name: provinces.name, nameEn: provinces.nameEn })
    .from(provinces)
    .where(name ? ilike(provinces.name, like(name)) : undefined)
    .orderBy(asc(provinces.name));
}

export async function provinceWithCities(db: Db, id: number) {
  const [province] = await db
    .select({ id: provinces.id, name: provinces.name, nameEn: provinces.nameEn })
    .from(provinces)
    .where(eq(provinces.id, id));
  if (!province) return null;
  const list = await db
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(eq(cities.provinceId, id))
    .orderBy(asc(cities.name));
  return { ...province, cities: list };
}

export async function searchCities(db: Db, opts: { name?: string | undefined; provinceId?: number | undefined }) {
  return db
    .select({ id: cities.id, name: cities.name, provinceId: cities.provinceId })
    .from(cities)
    .where(
      and(
        opts.name ? ilike(cities.name, like(opts.name)) : undefined,
        opts.provinceId ? eq(cities.provinceId, opts.provinceId) : undefined,
      ),
    )
    .orderBy(asc(cities.name))
    .limit(200);
}

/** True when the city belongs to the province: an address never pairs Tabriz with Fars. */
export async function cityInProvince(db: Db, cityId: number, provinceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.id, cityId), eq(cities.provinceId, provinceId)));
  return Boolean(row);
}
