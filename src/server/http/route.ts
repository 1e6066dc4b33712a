import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { fieldsWithNul, NUL_MESSAGE } from '../../lib/storable-text';
import { persianErrorMap } from '../../lib/validation-messages';
import type { AppDeps } from '../context';
import { HttpError, MESSAGES } from './errors';
import type { CompressionThread } from './compression-thread';
import { jsonAnswer, type EncodedJson } from './json-answer';
import { toFieldErrors } from './zod-errors';

export type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * One API call: its path, input schemas, response schema and handler. The same object feeds the
 * Hono router, request validation and the OpenAPI document, so the three can never disagree. The
 * method and path stay literal types, so the route table doubles as the islands' typed client map
 * (src/site/islands/ui/api.ts imports it as types only).
 */
export interface RouteDef<
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  M extends Method = Method,
  Path extends string = string,
> {
  method: M;
  /** OpenAPI style, relative to /api/site/v1: "/categories/{slug}". */
  path: Path;
  summary: string;
  tags: string[];
  query?: Q;
  params?: P;
  body?: B;
  /**
   * For the document only: a multipart/form-data body (z.file() for file parts). Such a handler reads
   * the form itself (e.g. streaming with a size cap), so the router does not parse or validate it.
   */
  multipart?: z.ZodType;
  response: R;
  /** Extra documented error statuses besides 422 and 500. */
  errors?: number[];
  // Method syntax on purpose: its parameter is checked bivariantly, so a route with precise shapes
  // is still a plain RouteDef in the router's list.
  handler(input: {
    query: z.output<Q>;
    params: z.output<P>;
    body: z.output<B>;
    c: Context;
    deps: AppDeps;
  }): Promise<z.input<R> | Response | EncodedJson> | z.input<R> | Response | EncodedJson;
}

/** Keeps every type of the route (its schemas, method and path) for the typed client. */
export const defineRoute = <
  const M extends Method,
  const Path extends string,
  R extends z.ZodType,
  Q extends z.ZodType = z.ZodNever,
  P extends z.ZodType = z.ZodNever,
  B extends z.ZodType = z.ZodNever,
>(
  def: RouteDef<Q, P, B, R, M, Path>,
): RouteDef<Q, P, B, R, M, Path> => def;

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  // Checked before the schema: no transform or refinement may carry a NUL on towards the database.
  const withNul = fieldsWithNul(value);
  if (withNul.length) throw new HttpError(422, MESSAGES.validationFa, Object.fromEntries(withNul.map((f) => [f, [NUL_MESSAGE]])));
  const result = schema.safeParse(value, { error: persianErrorMap });
  if (!result.success) throw new HttpError(422, MESSAGES.validationFa, toFieldErrors(result.error));
  return result.data;
}

const MALFORMED_FORM = 'فرم فرستاده‌شده خراب یا ناقص است؛ لطفاً صفحه را تازه کنید و دوباره بفرستید.';

async function readBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      return await c.req.json();
    } catch {
      throw new HttpError(400, 'بدنه درخواست JSON معتبر نیست.');
    }
  }
  if (type.includes('form')) {
    try {
      return Object.fromEntries(Object.entries(await c.req.parseBody()));
    } catch (err) {
      if (err instanceof HttpError) throw err;
      // A cut-off or mis-framed form (no boundary, a part without headers): the client's fault, not ours.
      throw new HttpError(400, MALFORMED_FORM);
    }
  }
  return {};
}

/**
 * `compressJson`: the API's JSON answers go compressed to clients that take it (json-answer.ts); off
 * for the build's loopback API, as its compression middleware is.
 */
export function mountRoutes(
  app: Hono,
  base: string,
  routes: RouteDef[],
  deps: AppDeps,
  opts: {
    compressJson?: boolean;
    /** Headers every answer carries (security-headers.ts), set with the JSON answer's own. */
    answerHeaders?: (c: Context) => Record<string, string>;
    /** Where the JSON answers are compressed (compression-thread.ts); on the request thread without it. */
    compressionThread?: CompressionThread;
  } = {},
): void {
  const compress = opts.compressJson !== false;
  const thread = opts.compressionThread;
  const answerHeaders = opts.answerHeaders ?? (() => ({}));
  for (const def of routes) {
    const honoPath = base + def.path.replace(/\{(\w+)\??\}/g, ':$1');
    app.on(def.method.toUpperCase(), honoPath, async (c) => {
      const query = def.query ? parseOrThrow(def.query, c.req.query()) : {};
      const params = def.params ? parseOrThrow(def.params, c.req.param()) : {};
      const body = def.body ? parseOrThrow(def.body, await readBody(c)) : {};
      const result = await def.handler({ query, params, body, c, deps });
      return result instanceof Response ? result : jsonAnswer(c, result as object, compress, answerHeaders(c), thread);
    });
  }
}

/** Builds the OpenAPI 3.1 document from the route table. */
export function openApiDocument(base: string, routes: RouteDef[], info: { title: string; version: string }) {
  const shared: Record<string, unknown> = { Error: errorJsonSchema() };
  let conversions = 0;
  // Recursive shapes (the category tree) come out of zod with local $defs; OpenAPI resolves references
  // against the whole document, so they move to components.schemas (named per conversion, so two
  // routes' "__schema0" never collide) and the references follow.
  const json = (schema: z.ZodType, io: 'input' | 'output') => {
    const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
    const defs = (out.$defs ?? {}) as Record<string, unknown>;
    delete out.$defs;
    delete out.$schema;
    const prefix = `${io}${++conversions}`;
    const relink = (value: unknown) =>
      JSON.parse(
        JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, (_m, name: string) => `"#/components/schemas/${prefix}${name}"`),
      ) as unknown;
    for (const [name, def] of Object.entries(defs)) shared[`${prefix}${name}`] = relink(def);
    return relink(out);
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routes) {
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['query', def.query],
      ['path', def.params],
    ] as const) {
      if (!schema) continue;
      const js = json(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, s] of Object.entries(js.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (js.required ?? []).includes(name), schema: s });
      }
    }
    const responses: Record<string, unknown> = {
      200: { description: 'OK', content: { 'application/json': { schema: json(def.response, 'output') } } },
    };
    for (const status of [...(def.errors ?? []), 422, 500]) {
      responses[status] = {
        description: String(status),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    (paths[base + def.path] ??= {})[def.method] = {
      summary: def.summary,
      tags: def.tags,
      parameters,
      ...requestBody(def, (schema) => json(schema, 'input')),
      responses,
    };
  }
  return { openapi: '3.1.0', info, paths, components: { schemas: shared } };
}

/** A JSON body, or a multipart form (file parts come out of z.file() as binary strings). */
function requestBody(def: RouteDef, json: (schema: z.ZodType) => unknown) {
  if (def.body) return { requestBody: { content: { 'application/json': { schema: json(def.body) } } } };
  if (def.multipart) return { requestBody: { required: true, content: { 'multipart/form-data': { schema: json(def.multipart) } } } };
  return {};
}

function errorJsonSchema() {
  return {
    type: 'object',
    required: ['status', 'message'],
    properties: {
      status: { type: 'integer' },
      message: { type: 'string' },
      data: {
        type: 'object',
        properties: { errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
      },
    },
  };
}
