/**
 * Drawn product pictures: GET /media/parts/<slug>.svg. Outside the JSON API (it answers an image,
 * not an envelope), so it is mounted beside the API routes rather than declared with defineRoute.
 */
import { sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { illustrationFamily, partIllustrationSvg } from '../../lib/part-illustration';
import type { AppDeps } from '../context';
import { errorBody, MESSAGES } from '../http/errors';
import { rowsOf } from '../db/rows';

const SLUG_RE = /^[a-z0-9][a-z0-9._-]*$/i;

interface PartRow extends Record<string, unknown> {
  part_number: string;
  package: string | null;
  category_slugs: string | null;
  resistance: string | null;
}

async function findPart(deps: AppDeps, slug: string): Promise<PartRow | undefined> {
  const result = await deps.db.execute<PartRow>(sql`
    SELECT p.part_number, p.package,
      (SELECT string_agg(a.slug, ' ') FROM categories a WHERE c.path LIKE a.path || '%') AS category_slugs,
      (SELECT v.value FROM product_attribute_values v JOIN attributes at ON at.id = v.attribute_id
        WHERE v.product_id = p.id AND at.slug = 'resistance' LIMIT 1) AS resistance
    FROM products p JOIN categories c ON c.id = p.category_id
    WHERE p.slug = ${slug} AND p.deleted_at IS NULL`);
  // node-postgres answers { rows }, PGlite the same shape through drizzle.
  return rowsOf<PartRow>(result)[0];
}

export function mountMedia(app: Hono, deps: AppDeps): void {
  app.get('/media/parts/:file', async (c) => {
    const file = c.req.param('file');
    const slug = file.endsWith('.svg') ? file.slice(0, -4) : '';
    if (!SLUG_RE.test(slug)) return c.json(errorBody(404, MESSAGES.notFoundFa), 404);
    const part = await deps.cache.get(`media:part:${slug}`, () => findPart(deps, slug));
    if (!part) return c.json(errorBody(404, MESSAGES.notFoundFa), 404);
    const svg = partIllustrationSvg({
      partNumber: part.part_number,
      package: part.package,
      kind: illustrationFamily({ package: part.package, categorySlugs: (part.category_slugs ?? '').split(' ') }),
      value: part.resistance ?? undefined,
    });
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=86400' });
  });
}

/** Same function under the name the route list uses. */
export const mediaRoutes = mountMedia;
