/** Customer parts-list (BOM) upload: SaveCustomerFile, customerExcelUpload and picking an alternative. */
import type { Context } from 'hono';
import { z } from 'zod';
import {
  customerUploadQuerySchema, customerUploadSchema, bomLineSchema, includeLineBodySchema, moveUploadBodySchema, myUploadsResponseSchema, moveUploadResponseSchema,
  saveCustomerFileResponseSchema, selectAlternativeBodySchema, sourcingBodySchema, sourcingResponseSchema,
} from '../../api/schemas/bom';
import { persianErrorMap } from '../../lib/validation-messages';
import { optionalUser, requireUser } from '../auth/current-user';
import { UPLOAD_BODY_LIMITS } from '../http/body-limits';
import { HttpError, validationFailed } from '../http/errors';
import { defineRoute, type RouteDef } from '../http/route';
import { toFieldErrors } from '../http/zod-errors';
import { BOM_MESSAGES, BomFileError } from '../services/bom/bom-errors';
import { BOM_LIMITS } from '../services/bom/limits';
import { processUpload, resultRoute } from '../services/bom/process-upload';
import { moveUploadToCart } from '../services/bom/move-to-cart';
import { requestSourcing } from '../services/bom/sourcing';
import { chooseAlternative, customerUploadsOf, setLineSelected } from '../services/bom/uploads';
import { viewLine, viewUpload } from '../services/bom/view';

/** The request body, read with a byte cap so an oversized upload is cut off instead of buffered whole. */
async function readCappedBody(c: Context, max: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > max) throw new BomFileError('tooLarge');
  const body = c.req.raw.body;
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new BomFileError('tooLarge');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** The upload form as the OpenAPI document shows it; the handler reads it itself, with a byte cap. */
const uploadFormSchema = z.object({
  newFile: z.file().describe(`The parts list: .xls, .xlsx, .csv or .txt, at most ${BOM_LIMITS.maxFileBytes / (1024 * 1024)} MB`),
  boardQty: z.coerce.number().int().min(1).max(BOM_LIMITS.maxBoards).default(1).describe('Boards to build (quantities are per board)'),
});
const boardQtySchema = uploadFormSchema.pick({ boardQty: true });

async function readUploadForm(c: Context) {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) throw validationFailed({ newFile: [BOM_MESSAGES.noFile] });
  const raw = await readCappedBody(c, UPLOAD_BODY_LIMITS['/SaveCustomerFile']!.maxBytes);
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'content-type': type } }).formData();
  } catch {
    throw validationFailed({ newFile: [BOM_MESSAGES.noFile] });
  }
  const file = form.get('newFile');
  if (!(file instanceof File) || file.size === 0) {
    throw validationFailed({ newFile: [file instanceof File ? BOM_MESSAGES.empty : BOM_MESSAGES.noFile] });
  }
  if (file.size > BOM_LIMITS.maxFileBytes) throw new BomFileError('tooLarge');
  const boards = boardQtySchema.safeParse({ boardQty: form.get('boardQty') || undefined }, { error: persianErrorMap });
  if (!boards.success) throw validationFailed(toFieldErrors(boards.error));
  return { file, boardQuantity: boards.data.boardQty };
}

/** The name the browser gave the file, as text the database stores (no NUL or other control characters). */
const storableFileName = (name: string) => name.replace(/[\u0000-\u001f\u007f]/g, '').slice(-255) || 'bom.csv';

const asHttpError = (err: unknown): unknown =>
  err instanceof BomFileError
    ? new HttpError(err.status, err.message, err.status === 422 ? { newFile: [err.message] } : undefined)
    : err;

export const bomRoutes: RouteDef[] = [
  defineRoute({
    method: 'post',
    path: '/SaveCustomerFile',
    summary: 'Upload a parts list (multipart: newFile = .xls/.xlsx/.csv/.txt, optional boardQty); returns the identityKey and result route',
    tags: ['bom'],
    multipart: uploadFormSchema,
    response: saveCustomerFileResponseSchema,
    errors: [413, 429, 503],
    handler: async ({ c, deps }) => {
      try {
        const { file, boardQuantity } = await readUploadForm(c);
        const user = await optionalUser(c, deps);
        const bytes = new Uint8Array(await file.arrayBuffer());
        const { timings, ...result } = await processUpload(deps.db, { fileName: storableFileName(file.name), bytes, boardQuantity, userId: user?.user.id ?? null });
        c.header('Server-Timing', `parse;dur=${timings.parseMs.toFixed(1)}, match;dur=${timings.matchMs.toFixed(1)}, save;dur=${timings.saveMs.toFixed(1)}`);
        return result;
      } catch (err) {
        throw asHttpError(err);
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/customerExcelUpload',
    summary: 'One page of an uploaded parts list: each line with its match, chosen part, alternatives, tier price and line total',
    tags: ['bom'],
    query: customerUploadQuerySchema,
    response: customerUploadSchema,
    errors: [404],
    handler: ({ query, deps }) => viewUpload(deps.db, query.identityKey, query.page, query.limit),
  }),
  defineRoute({
    method: 'post',
    path: '/customerExcelUpload/select',
    summary: "Pick one of a line's alternatives as its part",
    tags: ['bom'],
    body: selectAlternativeBodySchema,
    response: bomLineSchema,
    errors: [404],
    handler: async ({ body, deps }) => {
      const { upload, line } = await chooseAlternative(deps.db, body.identityKey, body.lineId, body.productId);
      return viewLine(deps.db, upload, line);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/customerExcelUpload/include',
    summary: 'Tick or untick a line for "add chosen to cart"',
    tags: ['bom'],
    body: includeLineBodySchema,
    response: bomLineSchema,
    errors: [404],
    handler: async ({ body, deps }) => {
      const { upload, line } = await setLineSelected(deps.db, body.identityKey, body.lineId, body.selected);
      return viewLine(deps.db, upload, line);
    },
  }),
  defineRoute({
    // The spec lists moveCustomerExcelUpload with the GETs; it fills the cart, so it is a POST (CSRF-checked for cookies).
    method: 'post',
    path: '/moveCustomerExcelUpload',
    summary: "Puts the ticked (or the given) lines into the signed-in customer's cart in one transaction; reports each line as added or skipped with the reason",
    tags: ['bom', 'cart'],
    body: moveUploadBodySchema,
    response: moveUploadResponseSchema,
    errors: [401, 403, 404],
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      return moveUploadToCart(deps.db, user.id, body.identityKey, body.lineIds);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/customerExcelUpload/sourcing',
    summary: 'Sends the lines the store has no part for as one sourcing request (resupply rows marked with the upload); sending again changes nothing',
    tags: ['bom'],
    body: sourcingBodySchema,
    response: sourcingResponseSchema,
    errors: [401, 403, 404],
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      return requestSourcing(deps.db, { mailer: deps.accounts.mailer, config: deps.config }, user, body.identityKey, body.description || undefined);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/dashboard/customerUploads',
    summary: "The signed-in customer's latest parts-list uploads (newest first) with their result routes",
    tags: ['bom'],
    response: myUploadsResponseSchema,
    errors: [401],
    handler: async ({ c, deps }) => {
      const { user } = await requireUser(c, deps);
      const rows = await customerUploadsOf(deps.db, user.id);
      return { items: rows.map((r) => ({ ...r, route: resultRoute(r.identityKey), createdAt: r.createdAt.toISOString() })) };
    },
  }),
];
