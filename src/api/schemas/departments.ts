import { z } from 'zod';
import { envelope } from './common';

/** A link in a departments submenu; menus nest, megamenu links may have one level of children. */
export interface DepartmentLink {
  title: string;
  titleEn: string | null;
  url: string;
  children: DepartmentLink[];
}
export const departmentLinkSchema: z.ZodType<DepartmentLink> = z.object({
  title: z.string(),
  titleEn: z.string().nullable(),
  url: z.string(),
  children: z.array(z.lazy(() => departmentLinkSchema)),
});

export const MEGAMENU_SIZES = ['sm', 'nl', 'lg', 'xl'] as const;

/** Spec §3 "Department item": a top-level entry with an optional menu or megamenu below it. */
export const departmentSubmenuSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('menu'), menu: z.array(departmentLinkSchema) }),
  z.object({
    type: z.literal('megamenu'),
    size: z.enum(MEGAMENU_SIZES),
    columns: z.array(z.object({ items: z.array(departmentLinkSchema) })),
  }),
]);
export type DepartmentSubmenu = z.infer<typeof departmentSubmenuSchema>;

export const departmentItemSchema = z.object({
  title: z.string(),
  titleEn: z.string().nullable(),
  url: z.string(),
  submenu: departmentSubmenuSchema.optional(),
});
export type DepartmentItem = z.infer<typeof departmentItemSchema>;

export const departmentsResponseSchema = envelope(z.array(departmentItemSchema));
export type DepartmentsResponse = z.infer<typeof departmentsResponseSchema>;
