/** Back office calls for the catalogue's structure: categories, brands, attributes, the departments menu. */
import { z } from 'zod';
import {
  idParamsSchema,
  messageSchema,
  STAFF_CATALOGUE_MESSAGES as M,
  staffAttributeBodySchema,
  staffAttributeRowSchema,
  staffAttributeValueBodySchema,
  staffBrandBodySchema,
  staffBrandRowSchema,
  staffCategoryBodySchema,
  staffCategoryOrderSchema,
  staffCategoryRowSchema,
  staffCategoryUpdateSchema,
  staffMenuBodySchema,
  staffMenuRowSchema,
} from '../../api/schemas/staff-catalogue';
import { defineRoute } from '../http/route';
import {
  createCategory,
  deleteCategory,
  deleteMenuItem,
  renameAttributeValue,
  reorderCategories,
  saveAttribute,
  saveBrand,
  saveMenuItem,
  staffListAttributes,
  staffListBrands,
  staffListCategories,
  staffListMenu,
  updateCategory,
} from '../services/staff/catalogue-structure';
import { requireStaff } from '../auth/staff-guard';

const tags = ['staff'];
const errors = [401, 403, 404, 409];
const created = z.object({ message: z.string(), data: z.object({ id: z.number() }) });

export const staffCatalogueRoutes = [
  defineRoute({
    method: 'get',
    path: '/staff/categories',
    summary: 'Every category in tree order, with its own product count',
    tags,
    response: z.object({ data: z.array(staffCategoryRowSchema) }),
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListCategories(deps.db) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/categories',
    summary: 'Creates a category (last among its siblings)',
    tags,
    body: staffCategoryBodySchema,
    response: created,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      const id = await createCategory(deps.db, user.id, body);
      deps.cache.invalidate();
      return c.json({ message: M.saved, data: { id } }, 201);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/staff/categories/{id}',
    summary: 'Renames, re-images or moves a category (its subtree moves along)',
    tags,
    params: idParamsSchema,
    body: staffCategoryUpdateSchema,
    response: messageSchema,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await updateCategory(deps.db, user.id, params.id, body);
      deps.cache.invalidate();
      return { message: M.saved };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/categories/order',
    summary: "Puts one parent's children in the given order",
    tags,
    body: staffCategoryOrderSchema,
    response: messageSchema,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await reorderCategories(deps.db, user.id, body.parentId, body.ids);
      deps.cache.invalidate();
      return { message: M.saved };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/staff/categories/{id}',
    summary: 'Deletes an empty category (no products, no children)',
    tags,
    params: idParamsSchema,
    response: messageSchema,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await deleteCategory(deps.db, user.id, params.id);
      deps.cache.invalidate();
      return { message: M.deleted };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/brands',
    summary: 'Brands with their product counts',
    tags,
    response: z.object({ data: z.array(staffBrandRowSchema) }),
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListBrands(deps.db) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/brands',
    summary: 'Creates a brand',
    tags,
    body: staffBrandBodySchema,
    response: created,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      const id = await saveBrand(deps.db, user.id, null, body);
      deps.cache.invalidate();
      return c.json({ message: M.saved, data: { id } }, 201);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/staff/brands/{id}',
    summary: 'Changes a brand (its products are rendered again)',
    tags,
    params: idParamsSchema,
    body: staffBrandBodySchema,
    response: messageSchema,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await saveBrand(deps.db, user.id, params.id, body);
      deps.cache.invalidate();
      return { message: M.saved };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/attributes',
    summary: 'Attributes with the values products carry',
    tags,
    response: z.object({ data: z.array(staffAttributeRowSchema) }),
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListAttributes(deps.db) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/attributes',
    summary: 'Creates an attribute',
    tags,
    body: staffAttributeBodySchema,
    response: created,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      const id = await saveAttribute(deps.db, user.id, null, body);
      deps.cache.invalidate();
      return c.json({ message: M.saved, data: { id } }, 201);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/staff/attributes/{id}',
    summary: 'Changes an attribute',
    tags,
    params: idParamsSchema,
    body: staffAttributeBodySchema,
    response: messageSchema,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await saveAttribute(deps.db, user.id, params.id, body);
      deps.cache.invalidate();
      return { message: M.saved };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/attributes/{id}/values',
    summary: 'Renames one value of an attribute on every product',
    tags,
    params: idParamsSchema,
    body: staffAttributeValueBodySchema,
    response: messageSchema,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await renameAttributeValue(deps.db, user.id, params.id, body.from, body.to);
      deps.cache.invalidate();
      return { message: M.saved };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/menu',
    summary: 'The departments menu items',
    tags,
    response: z.object({ data: z.array(staffMenuRowSchema) }),
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await staffListMenu(deps.db) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/menu',
    summary: 'Adds a departments menu item',
    tags,
    body: staffMenuBodySchema,
    response: created,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      const id = await saveMenuItem(deps.db, user.id, null, body);
      deps.cache.invalidate();
      return c.json({ message: M.saved, data: { id } }, 201);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/staff/menu/{id}',
    summary: 'Changes a departments menu item',
    tags,
    params: idParamsSchema,
    body: staffMenuBodySchema,
    response: messageSchema,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await saveMenuItem(deps.db, user.id, params.id, body);
      deps.cache.invalidate();
      return { message: M.saved };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/staff/menu/{id}',
    summary: 'Removes a departments menu item (and its children)',
    tags,
    params: idParamsSchema,
    response: messageSchema,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await deleteMenuItem(deps.db, user.id, params.id);
      deps.cache.invalidate();
      return { message: M.deleted };
    },
  }),
];
