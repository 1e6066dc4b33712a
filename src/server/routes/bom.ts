/** Customer parts-list (BOM) upload: SaveCustomerFile, customerExcelUpload and picking an alternative. */
import type { Context } from 'hono';
import { z } from 'zod';
import {
  customerUploadQuerySchema,
  customerUploadSchema,
  bomLineSchema,
  includeLineBodySchema,
  moveUploadBodySchema,
  myUploadsResponseSchema,
  moveUploadResponseSchema,
  saveCustomerFileResponseSchema,
  selectAlternativeBodySchema,
  sourcingBodySchema,
  sourcingResponseSchema,
  editLineBodySchema,
  addLineBodySchema,
  deleteLineBodySchema,
  rereadBodySchema,
  rereadResponseSchema,
  spareBodySchema,
  exportQuerySchema,
  pasteListBodySchema,
  okResponseSchema,
} from '../../api/schemas/bom';
import { getCookie, setCookie } from 'hono/cookie';
import { isHttps } from '../auth/cookies';
import { randomToken } from '../services/accounts/secrets';
import { addLine, deleteLine, editLine, rereadUpload, setSpare } from '../services/bom/edit-upload';
import { exportCsv, exportRows, exportXlsx } from '../services/bom/export-upload';
import type { UploadActor } from '../services/bom/uploads';
import type { AppDeps } from '../context';
import { persianErrorMap } from '../../lib/validation-messages';
import { optionalUser, requireUser } from '../auth/current-user';
import { UPLOAD_BODY_LIMITS } from '../http/body-limits';
import { HttpError, validationFailed } from '../http/errors';
import { defineRoute } from '../http/route';
import { toFieldErrors } from '../http/zod-errors';
import { BOM_MESSAGES, BomFileError } from '../services/bom/bom-errors';
import { BOM_LIMITS } from '../../lib/bom/upload-limits';
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
/**
 * The guest key: a random value in an httpOnly cookie, set when a guest uploads. Only the browser that
 * holds it changes that guest's upload; the identityKey in the address only lets others look.
 */
export const BOM_GUEST_COOKIE = 'qateh_bom_guest';
const GUEST_COOKIE_SECONDS = 180 * 24 * 3600;

function guestKeyFor(c: Context, deps: AppDeps, create: boolean): string | null {
  const existing = getCookie(c, BOM_GUEST_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing)) return existing;
  if (!create) return null;
  const key = randomToken(24);
  setCookie(c, BOM_GUEST_COOKIE, key, {
    httpOnly: true,
    secure: isHttps(c, deps),
    sameSite: 'Lax',
    path: '/api/site/v1',
    maxAge: GUEST_COOKIE_SECONDS,
  });
  return key;
}

async function actorOf(c: Context, deps: AppDeps): Promise<UploadActor> {
  const user = await optionalUser(c, deps);
  return { userId: user?.user.id ?? null, guestKey: guestKeyFor(c, deps, false) };
}

const asHttpError = (err: unknown): unknown =>
  err instanceof BomFileError ? new HttpError(err.status, err.message, err.status === 422 ? { newFile: [err.message] } : undefined) : err;

export const bomRoutes = [
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
        const guestKey = user ? null : guestKeyFor(c, deps, true);
        const { timings, ...result } = await processUpload(deps.db, {
          fileName: storableFileName(file.name),
          bytes,
          boardQuantity,
          userId: user?.user.id ?? null,
          guestKey,
        });
        c.header(
          'Server-Timing',
          `parse;dur=${timings.parseMs.toFixed(1)}, match;dur=${timings.matchMs.toFixed(1)}, save;dur=${timings.saveMs.toFixed(1)}`,
        );
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
    handler: async ({ query, c, deps }) => viewUpload(deps.db, query.identityKey, query.page, query.limit, await actorOf(c, deps)),
  }),
  defineRoute({
    method: 'post',
    path: '/customerExcelUpload/select',
    summary: "Pick one of a line's alternatives as its part",
    tags: ['bom'],
    body: selectAlternativeBodySchema,
    response: bomLineSchema,
    errors: [404],
    handler: async ({ body, c, deps }) => {
      const { upload, line } = await chooseAlternative(deps.db, body.identityKey, body.lineId, body.productId, await actorOf(c, deps));
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
    handler: async ({ body, c, deps }) => {
      const { upload, line } = await setLineSelected(deps.db, body.identityKey, body.lineId, body.selected, await actorOf(c, deps));
      return viewLine(deps.db, upload, line);
    },
  }),
  defineRoute({
    // The spec lists moveCustomerExcelUpload with the GETs; it fills the cart, so it is a POST (CSRF-checked for cookies).
    method: 'post',
    path: '/moveCustomerExcelUpload',
    summary:
      "Puts the ticked (or the given) lines into the signed-in customer's cart in one transaction; reports each line as added or skipped with the reason",
    tags: ['bom', 'cart'],
    body: moveUploadBodySchema,
    response: moveUploadResponseSchema,
    errors: [401, 404],
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      return moveUploadToCart(deps.db, user.id, body.identityKey, body.lineIds, guestKeyFor(c, deps, false));
    },
  }),
  defineRoute({
    method: 'post',
    path: '/customerExcelUpload/sourcing',
    summary:
      'Sends the lines the store has no part for as one sourcing request (resupply rows marked with the upload); sending again changes nothing',
    tags: ['bom'],
    body: sourcingBodySchema,
    response: sourcingResponseSchema,
    errors: [401, 404],
    handler: async ({ body, c, deps }) => {
      const { user } = await requireUser(c, deps);
      return requestSourcing(
        deps.db,
        { mailer: deps.accounts.mailer, config: deps.config },
        user,
        body.identityKey,
        body.description || undefined,
        guestKeyFor(c, deps, false),
      );
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
  defineRoute({
    method: 'post',
    path: '/SaveCustomerList',
    summary:
      'A parts list pasted as text (one part per line, or columns copied from a spreadsheet) instead of a file; read and matched like an upload',
    tags: ['bom'],
    body: pasteListBodySchema,
    response: saveCustomerFileResponseSchema,
    errors: [429, 503],
    handler: async ({ body, c, deps }) => {
      try {
        const user = await optionalUser(c, deps);
        const guestKey = user ? null : guestKeyFor(c, deps, true);
        const bytes = new TextEncoder().encode(body.text);
        const { timings: _timings, ...result } = await processUpload(deps.db, {
          fileName: 'pasted-list.txt',
          bytes,
          boardQuantity: body.boardQty,
          userId: user?.user.id ?? null,
          guestKey,
        });
        return result;
      } catch (err) {
        const mapped = asHttpError(err);
        if (mapped instanceof HttpError && mapped.status === 422) throw new HttpError(422, mapped.message, { text: [mapped.message] });
        throw mapped;
      }
    },
  }),
  defineRoute({
    method: 'post',
    path: '/customerExcelUpload/line',
    summary: "Change a line's part text (matched again) and/or quantity per board; only the upload's owner",
    tags: ['bom'],
    body: editLineBodySchema,
    response: bomLineSchema,
    errors: [404],
    handler: async ({ body, c, deps }) => {
      const { upload, line } = await editLine(deps.db, await actorOf(c, deps), body);
      return viewLine(deps.db, upload, line);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/customerExcelUpload/line/add',
    summary: 'Add a typed line ("LM358 x10", "10k 0805 50") to a parts list; only the upload\'s owner',
    tags: ['bom'],
    body: addLineBodySchema,
    response: bomLineSchema,
    errors: [404],
    handler: async ({ body, c, deps }) => {
      const { upload, line } = await addLine(deps.db, await actorOf(c, deps), body);
      return viewLine(deps.db, upload, line);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/customerExcelUpload/line/delete',
    summary: "Delete a line of a parts list; only the upload's owner",
    tags: ['bom'],
    body: deleteLineBodySchema,
    response: okResponseSchema,
    errors: [404],
    handler: async ({ body, c, deps }) => {
      await deleteLine(deps.db, await actorOf(c, deps), body);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/customerExcelUpload/columns',
    summary:
      'Read the stored file again with another sheet and/or other columns (remembered for a signed-in customer); every line is matched again',
    tags: ['bom'],
    body: rereadBodySchema,
    response: rereadResponseSchema,
    errors: [404, 409],
    handler: async ({ body, c, deps }) => rereadUpload(deps.db, await actorOf(c, deps), body),
  }),
  defineRoute({
    method: 'post',
    path: '/customerExcelUpload/spare',
    summary: 'Spare parts on every line: a percentage (rounded up) and/or a fixed number per line',
    tags: ['bom'],
    body: spareBodySchema,
    response: okResponseSchema,
    errors: [404],
    handler: async ({ body, c, deps }) => {
      await setSpare(deps.db, await actorOf(c, deps), body);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/customerExcelUpload/export',
    summary: 'The result as a CSV or XLSX file with designators and prices; text cells never run as formulas',
    tags: ['bom'],
    query: exportQuerySchema,
    response: z.string(),
    errors: [404],
    handler: async ({ query, deps }) => {
      const { fileName, rows } = await exportRows(deps.db, query.identityKey, deps.config.PUBLIC_BASE_URL.replace(/\/$/, ''));
      const xlsx = query.format === 'xlsx';
      const bytes = xlsx ? exportXlsx(rows) : exportCsv(rows);
      return new Response(new Uint8Array(bytes), {
        headers: {
          'Content-Type': xlsx ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="bom.${query.format}"; filename*=UTF-8''${encodeURIComponent(`${fileName}.${query.format}`)}`,
          'Cache-Control': 'no-store',
        },
      });
    },
  }),
];
