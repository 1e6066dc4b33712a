/**
 * The back office's product calls: staff only (401 for guests, 403 for customers), every change in
 * staff_actions and the product's history. A write moves updated_at, which both the read cache check
 * and the static site's incremental rebuild follow; this process's cache is dropped at once.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import {
  bulkPercentSchema,
  exchangeRateBodySchema,
  exchangeRateSchema,
  importPreviewSchema,
  productHistorySchema,
  repriceResultSchema,
  staffProductBodySchema,
  staffProductCreateSchema,
  staffProductEnableSchema,
  staffProductEnvelope,
  staffProductListQuerySchema,
  staffProductListSchema,
  staffProductParamsSchema,
  uploadResultSchema,
  markdownPreviewBodySchema,
  markdownPreviewEnvelope,
} from '../../api/schemas/staff-products';
import { markdownToHtml } from '../../lib/markdown';
import type { AppDeps } from '../context';
import { HttpError, validationFailed } from '../http/errors';
import { defineRoute } from '../http/route';
import { repriceByPercent } from '../services/back-office/bulk-pricing';
import { currentExchangeRate, repricePaceFor, repriceByExchangeRate } from '../services/back-office/exchange-rate-run';
import { catalogueCsvStream } from '../services/back-office/console-export';
import {
  catalogueFileText,
  emptyCategoriesFile,
  IMPORT_MESSAGES,
  importFromConsole,
  MAX_IMPORT_BYTES,
} from '../services/back-office/console-import';
import {
  createProduct,
  loadEditorProduct,
  setProductDeleted,
  setProductEnabled,
  updateProduct,
} from '../services/back-office/product-editor';
import { productHistory } from '../services/back-office/product-history';
import { productFilter, listStaffProducts } from '../services/back-office/product-list';
import { storeUpload, UPLOAD_MESSAGES } from '../services/back-office/uploads';
import { requireStaff } from '../auth/staff-guard';
import { uploadsStore } from '../storage/uploads-store';
import { EVERYTHING, productsChanged } from '../services/read-cache';

const tags = ['staff'];
const errors = [401, 403, 404, 409];
const done = z.object({ message: z.string() });

async function formOf(c: Context, field: string): Promise<FormData> {
  if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    throw validationFailed({ [field]: [UPLOAD_MESSAGES.noFile] });
  try {
    return await c.req.formData();
  } catch {
    throw validationFailed({ [field]: [UPLOAD_MESSAGES.noFile] });
  }
}

const fileBytes = async (v: FormDataEntryValue | null) =>
  v instanceof File && v.size > 0 ? { name: v.name, bytes: new Uint8Array(await v.arrayBuffer()) } : null;

/**
 * Changed products drop this process's cached reads at once (other instances are told by the database's
 * notification); naming them lets the search index patch just those. Without ids: many products (a
 * reprice, an import), built again.
 */
const changed = (deps: AppDeps, productIds?: number[]) => deps.cache.invalidate(productIds ? productsChanged(productIds) : EVERYTHING);

export const staffProductRoutes = [
  defineRoute({
    method: 'get',
    path: '/staff/products',
    summary: 'Products for the console: search, filters, keyset pages (newest first)',
    tags,
    query: staffProductListQuerySchema,
    response: staffProductListSchema,
    errors,
    handler: async ({ query, c, deps }) => {
      await requireStaff(c, deps);
      return listStaffProducts(deps.db, query);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/products',
    summary: 'Creates a product',
    tags,
    body: staffProductCreateSchema,
    response: staffProductEnvelope,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      const id = await createProduct(deps.db, user.id, body);
      changed(deps, [id]);
      c.status(201);
      return { data: await loadEditorProduct(deps.db, id) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/products/{id}',
    summary: 'One product with every editable field',
    tags,
    params: staffProductParamsSchema,
    response: staffProductEnvelope,
    errors,
    handler: async ({ params, c, deps }) => {
      await requireStaff(c, deps);
      return { data: await loadEditorProduct(deps.db, params.id) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/staff/products/{id}',
    summary: 'Saves a product (every field; the slug stays)',
    tags,
    params: staffProductParamsSchema,
    body: staffProductBodySchema,
    response: staffProductEnvelope,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await updateProduct(deps.db, user.id, params.id, body);
      changed(deps, [params.id]);
      return { data: await loadEditorProduct(deps.db, params.id) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/markdown-preview',
    summary: "The sanitised HTML a Markdown text is saved as (the editor's live preview)",
    tags,
    body: markdownPreviewBodySchema,
    response: markdownPreviewEnvelope,
    errors,
    handler: async ({ body, c, deps }) => {
      await requireStaff(c, deps);
      return { data: { html: markdownToHtml(body.markdown) } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/products/{id}/enable',
    summary: 'Turns a product on or off',
    tags,
    params: staffProductParamsSchema,
    body: staffProductEnableSchema,
    response: done,
    errors,
    handler: async ({ params, body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await setProductEnabled(deps.db, user.id, params.id, body.enable);
      changed(deps, [params.id]);
      return { message: 'Updated' };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/staff/products/{id}',
    summary: 'Deletes a product (soft: orders and history keep it)',
    tags,
    params: staffProductParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await setProductDeleted(deps.db, user.id, params.id, true);
      changed(deps, [params.id]);
      return { message: 'Deleted' };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/products/{id}/restore',
    summary: 'Brings a deleted product back',
    tags,
    params: staffProductParamsSchema,
    response: done,
    errors,
    handler: async ({ params, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      await setProductDeleted(deps.db, user.id, params.id, false);
      changed(deps, [params.id]);
      return { message: 'Restored' };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/products/{id}/history',
    summary: 'Who changed what of a product (price, stock, …) and when, newest first',
    tags,
    params: staffProductParamsSchema,
    response: productHistorySchema,
    errors,
    handler: async ({ params, c, deps }) => {
      await requireStaff(c, deps);
      await loadEditorProduct(deps.db, params.id);
      return { data: await productHistory(deps.db, params.id) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/uploads',
    summary: 'Stores a product image (made into WebP/AVIF sizes) or a file (PDF, ZIP)',
    tags,
    multipart: z.object({ file: z.file() }),
    response: uploadResultSchema,
    errors: [...errors, 413],
    handler: async ({ c, deps }) => {
      const { user } = await requireStaff(c, deps);
      const file = await fileBytes((await formOf(c, 'file')).get('file'));
      if (!file) throw validationFailed({ file: [UPLOAD_MESSAGES.noFile] });
      c.status(201);
      return { data: await storeUpload(deps.db, uploadsStore(deps.config), user.id, file.bytes) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/products/bulk/percent',
    summary: 'Raises or lowers prices by a percent (all, or one category or brand)',
    tags,
    body: bulkPercentSchema,
    response: repriceResultSchema,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      const filter = await productFilter(deps.db, { category: body.category, brand: body.brand, status: 'all', stock: 'any' });
      if (!filter) throw validationFailed({ [body.category ? 'category' : 'brand']: ['چنین دسته‌بندی یا برندی در فروشگاه نیست.'] });
      const repriced = await repriceByPercent(deps.db, user.id, filter, body.percent, {
        category: body.category ?? null,
        brand: body.brand ?? null,
      });
      changed(deps);
      return { data: { repriced, rialsPerUsd: null } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/exchange-rate',
    summary: 'The dollar rate prices follow, and how many products follow it',
    tags,
    response: exchangeRateSchema,
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return { data: await currentExchangeRate(deps.db) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/exchange-rate',
    summary: 'Enters a new dollar rate: every dollar-priced product is repriced, batch by batch (409 while a run is open)',
    tags,
    body: exchangeRateBodySchema,
    response: repriceResultSchema,
    errors,
    handler: async ({ body, c, deps }) => {
      const { user } = await requireStaff(c, deps);
      const repriced = await repriceByExchangeRate(deps.db, user.id, body.rialsPerUsd, repricePaceFor(deps.database.kind));
      changed(deps);
      return { data: { repriced, rialsPerUsd: body.rialsPerUsd } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/staff/catalogue/import',
    summary: 'Imports products (CSV or XLSX) and optional categories; apply=0 only previews each line',
    tags,
    multipart: z.object({ products: z.file(), categories: z.file().optional(), apply: z.enum(['0', '1']).optional() }),
    response: importPreviewSchema,
    errors: [...errors, 413],
    handler: async ({ c, deps }) => {
      const { user } = await requireStaff(c, deps);
      const form = await formOf(c, 'products');
      const productsFile = await fileBytes(form.get('products'));
      if (!productsFile) throw validationFailed({ products: [UPLOAD_MESSAGES.noFile] });
      const categoriesFile = await fileBytes(form.get('categories'));
      if (productsFile.bytes.length > MAX_IMPORT_BYTES || (categoriesFile?.bytes.length ?? 0) > MAX_IMPORT_BYTES)
        throw new HttpError(413, 'حجم فایل درون‌ریزی بیش از ۸۰ مگابایت است.');
      const apply = form.get('apply') === '1';
      const preview = await importFromConsole(
        deps.db,
        user.id,
        {
          products: catalogueFileText(productsFile.name || 'products.csv', productsFile.bytes),
          categories: categoriesFile
            ? catalogueFileText(categoriesFile.name || 'categories.csv', categoriesFile.bytes)
            : emptyCategoriesFile(),
        },
        apply,
      );
      if (apply && !preview.applied) return c.json({ status: 422, message: IMPORT_MESSAGES.failed, data: { errors: {}, preview } }, 422);
      if (preview.applied) changed(deps);
      return { data: preview };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/staff/catalogue/export',
    summary: 'The catalogue as products.csv (the import format)',
    tags,
    response: z.string(),
    errors,
    handler: async ({ c, deps }) => {
      await requireStaff(c, deps);
      return new Response(catalogueCsvStream(deps.db), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="products.csv"',
          'cache-control': 'no-store',
        },
      });
    },
  }),
];
