/** The header's departments menu, assembled from the self-referencing departments table. */
import { asc } from 'drizzle-orm';
import { MEGAMENU_SIZES, type DepartmentItem, type DepartmentLink } from '../../api/schemas/departments';
import type { Db } from '../db/client';
import { departments } from '../db/schema';

type Row = typeof departments.$inferSelect;

export async function loadDepartments(db: Db): Promise<DepartmentItem[]> {
  const rows = await db.select().from(departments).orderBy(asc(departments.sort), asc(departments.id));
  const childrenOf = new Map<number | null, Row[]>();
  for (const row of rows) {
    const list = childrenOf.get(row.parentId);
    if (list) list.push(row);
    else childrenOf.set(row.parentId, [row]);
  }
  // `seen` guards against a parent cycle typed in by hand: each row is shown at most once.
  const seen = new Set<number>();
  const link = (row: Row): DepartmentLink => {
    seen.add(row.id);
    const children = (childrenOf.get(row.id) ?? []).filter((c) => !seen.has(c.id)).map(link);
    return { title: row.title, titleEn: row.titleEn, url: row.url, children };
  };

  return (childrenOf.get(null) ?? []).map((top): DepartmentItem => {
    seen.add(top.id);
    const item: DepartmentItem = { title: top.title, titleEn: top.titleEn, url: top.url };
    const below = (childrenOf.get(top.id) ?? []).filter((c) => !seen.has(c.id));
    if (top.submenuType === 'menu') {
      item.submenu = { type: 'menu', menu: below.map(link) };
    } else if (top.submenuType === 'megamenu') {
      // Links carry their column number; columns are emitted in number order, gaps closed up.
      const columns = new Map<number, DepartmentLink[]>();
      for (const row of below) {
        const list = columns.get(row.column) ?? [];
        list.push(link(row));
        columns.set(row.column, list);
      }
      const size = top.size && (MEGAMENU_SIZES as readonly string[]).includes(top.size) ? top.size : 'nl';
      item.submenu = {
        type: 'megamenu',
        size,
        columns: [...columns.entries()].sort((a, b) => a[0] - b[0]).map(([, items]) => ({ items })),
      };
    }
    return item;
  });
}
