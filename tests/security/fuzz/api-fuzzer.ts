/**
 * A deterministic fuzzer over every operation of the server's own OpenAPI document. For each
 * operation it makes inputs from the documented shapes — some plausible, most hostile: wrong types,
 * huge strings, NUL bytes, odd Unicode (lone surrogates, bidi overrides, Arabic letters and digits),
 * deep JSON, wrong content types, malformed and oversized bodies — sends them to the real server and
 * records every answer of 500 or more (or a dropped connection) with the operation and the input.
 * Used by tests/security/fuzz-api.test.ts (bounded) and `npm run fuzz:api` (longer runs).
 */
import { request as httpRequest } from 'node:http';
import { randomSource, type Random } from '../../../src/server/seed/random';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, any>;

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: 'query' | 'path'; required?: boolean; schema: Schema }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}

export interface FuzzOptions {
  /** The server's root, e.g. http://127.0.0.1:4321 (paths in the document are absolute). */
  origin: string;
  doc: OpenApiDocument;
  seed: number;
  /** Requests per operation. */
  perOperation: number;
  /** Bearer tokens: staff calls go with the staff token, others with the customer's or none. */
  tokens: { customer: string; staff: string };
  /** Requests in flight at once. */
  concurrency?: number;
  /** Called after each operation (progress for long runs). */
  onOperation?: (operation: string, sent: number, failures: number) => void;
}

export interface FuzzFailure {
  operation: string;
  status: number | 'no answer';
  input: string;
  answer: string;
}
export interface FuzzReport {
  sent: number;
  resent: number;
  byOperation: Record<string, { sent: number; failures: number }>;
  failures: FuzzFailure[];
}

/** Calls that end the session whose token they carry: sent without one, so the rest of the run stays signed in. */
const SESSION_ENDING = new Set(['POST /api/site/v1/logout', 'POST /api/site/v1/auth/logout', 'POST /api/site/v1/dashboard/password']);

// The seed's PRNG (mulberry32): the same inputs for the same seed on every machine.
const random = randomSource;
type Rng = Random;

const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  'x\u0000y',
  '\u0000',
  'abc\u0000',
  '\ud800',
  'a\udfffb',
  '\ufeff\u200f\u202eabc',
  '\u200c\u200d',
  'يك ي ك',
  '١٢٣٤',
  '۰۹۱۲۱۲۳۴۵۶۷',
  'Z̷̢̛a̵l̶g̸o̴',
  '🧪🔥👨‍👩‍👧',
  '\u0085\u2028\u2029',
  '\r\n\t',
  '../../etc/passwd',
  '%00',
  '%',
  "' OR 1=1 --",
  '"; DROP TABLE products; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '  12  ',
  '9'.repeat(40),
  '-9'.repeat(20),
  '1.5',
  'true',
  'null',
  '[]',
  '{}',
  '2024-02-30T25:61:00Z',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  'a@',
  '@b',
  'a@b',
  'x'.repeat(300),
  'ش'.repeat(2000),
];
const HOSTILE_NUMBERS: readonly number[] = [-1, 0, 1.5, -0.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 4294967296];
const HOSTILE_OTHERS: readonly Json[] = [null, true, false, [], {}, [1, 'a', null], { a: { b: 'c' } }, [[[]]]];

function hostileValue(rng: Rng, huge: number): Json {
  const kind = rng.int(0, 9);
  if (kind <= 4) return rng.pick(HOSTILE_STRINGS);
  if (kind === 5) return rng.pick(HOSTILE_NUMBERS);
  if (kind === 6) return rng.pick(HOSTILE_OTHERS);
  if (kind === 7) return rng.pick(['x', 'ی', '\u0000', '9', '🧪']).repeat(rng.int(1000, huge));
  if (kind === 8) return deepJson(rng.int(50, 1000), rng.chance(0.5));
  return rng.pick(HOSTILE_STRINGS) + rng.pick(HOSTILE_STRINGS);
}

/** Nesting `depth` levels of arrays or objects: parsers, validators and serialisers that recurse meet it. */
function deepJson(depth: number, objects: boolean): Json {
  let v: Json = objects ? { a: 1 } : [1];
  for (let i = 0; i < depth; i++) v = objects ? { a: v } : [v];
  return v;
}

/** A plausible value of a JSON schema (what a careful client would send), hostile now and then. */
function plausible(schema: Schema | undefined, rng: Rng, doc: OpenApiDocument, depth = 0): Json {
  if (!schema || depth > 6) return 'x';
  if (schema.$ref) return plausible(doc.components?.schemas?.[String(schema.$ref).split('/').pop()!], rng, doc, depth + 1);
  if ('const' in schema) return schema.const as Json;
  if (schema.enum) return rng.pick(schema.enum as Json[]);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return plausible(rng.pick(alternatives as Schema[]), rng, doc, depth + 1);
  if (schema.allOf) return plausible((schema.allOf as Schema[])[0], rng, doc, depth + 1);
  const type = Array.isArray(schema.type) ? rng.pick(schema.type as string[]) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      const required = new Set<string>(schema.required ?? []);
      for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        if (required.has(name) || rng.chance(0.6)) out[name] = plausible(sub, rng, doc, depth + 1);
      }
      return out;
    }
    case 'array': {
      const n = rng.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: n }, () => plausible(schema.items as Schema, rng, doc, depth + 1));
    }
    case 'integer': {
      const lo = typeof schema.minimum === 'number' ? schema.minimum : 1;
      const hi = typeof schema.maximum === 'number' ? Math.min(schema.maximum, lo + 100) : lo + 100;
      return rng.int(lo, hi);
    }
    case 'number':
      return rng.int(0, 1000) / 10;
    case 'boolean':
      return rng.chance(0.5);
    case 'null':
      return null;
    case 'string':
      return plausibleString(schema, rng);
    default:
      return 'x';
  }
}

function plausibleString(schema: Schema, rng: Rng): string {
  if (schema.format === 'email') return `fuzz${rng.int(1, 1e6)}@example.com`;
  if (schema.format === 'date-time') return new Date(Date.UTC(2025, 0, 1) + rng.int(0, 1e9) * 1000).toISOString();
  if (schema.format === 'uri') return 'https://example.com/x';
  if (schema.format === 'binary' || schema.contentEncoding === 'binary') return 'Part Number,Qty\nLM358P,2\n';
  const min = schema.minLength ?? 1;
  const max = Math.max(min, Math.min(schema.maxLength ?? 24, 24));
  const base = rng.pick(['lm358n-dip8', 'تست', 'LM358', 'secret-pass-1', '09121234567', 'abc', '1', 'مقاومت ۱۰ کیلو']);
  let s = base;
  while (s.length < min) s += base;
  return s.slice(0, max);
}

/** Replaces one leaf (or the root) of a plausible value with a hostile one. */
function mutate(value: Json, rng: Rng, huge: number): Json {
  if (value === null || typeof value !== 'object' || rng.chance(0.15)) return hostileValue(rng, huge);
  const copy: any = Array.isArray(value) ? [...value] : { ...value };
  const keys = Object.keys(copy);
  if (!keys.length || rng.chance(0.1)) {
    copy[Array.isArray(copy) ? copy.length : rng.pick(['__proto__', 'constructor', 'x\u0000', 'extra'])] = hostileValue(rng, huge);
    return copy;
  }
  const key = rng.pick(keys);
  copy[key] = rng.chance(0.3) ? mutate(copy[key], rng, huge) : hostileValue(rng, huge);
  return copy;
}

const asText = (v: Json) => (typeof v === 'string' ? v : JSON.stringify(v));

interface Case {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  describe: string;
}

function pathValue(schema: Schema, rng: Rng, doc: OpenApiDocument): string {
  const v = rng.chance(0.4) ? plausible(schema, rng, doc) : hostileValue(rng, 3000);
  return encodeSegment(asText(v)).replace(/^\.{1,2}$/, (m) => `${m}x`);
}

/** Percent-encodes a path segment; a lone surrogate (not encodable as UTF-8) goes as the invalid bytes ED A0 80. */
function encodeSegment(s: string): string {
  return Array.from(s, (ch) => {
    try {
      return encodeURIComponent(ch);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

function queryString(params: { name: string; schema: Schema }[], rng: Rng, doc: OpenApiDocument): string {
  const q = new URLSearchParams();
  for (const p of params) {
    if (rng.chance(0.3)) continue;
    const value = rng.chance(0.4) ? plausible(p.schema, rng, doc) : hostileValue(rng, 4000);
    q.append(p.name, asText(value));
    if (rng.chance(0.1)) q.append(p.name, asText(hostileValue(rng, 100)));
  }
  if (rng.chance(0.1)) q.append(rng.pick(['x', '__proto__', 'a[b]']), asText(hostileValue(rng, 100)));
  return q.size ? `?${q}` : '';
}

const encoder = new TextEncoder();

/** A body for an operation and how it was made: JSON (plausible or mutated), raw junk, other content types. */
function makeBody(
  schema: Schema | undefined,
  multipart: boolean,
  rng: Rng,
  doc: OpenApiDocument,
): { body?: string | Uint8Array<ArrayBuffer>; type?: string; describe: string } {
  const value = plausible(schema ?? { type: 'object' }, rng, doc);
  const strategy = rng.int(0, 19);
  const json = (v: Json, why: string) => ({ body: JSON.stringify(v), type: 'application/json', describe: why });
  if (multipart || strategy >= 17) return multipartBody(value, rng);
  if (strategy <= 1) return json(value, 'plausible JSON');
  if (strategy <= 8) return json(mutate(value, rng, 200_000), 'mutated JSON');
  if (strategy === 9) return json(hostileValue(rng, 1000), 'hostile JSON root');
  if (strategy === 10) {
    // Written as text: deeper than JSON.stringify itself can go.
    const depth = rng.int(1000, 50_000);
    const [open, close] = rng.chance(0.5) ? ['[', ']'] : ['{"a":', '}'];
    const fields = JSON.stringify(value && typeof value === 'object' && !Array.isArray(value) ? value : {}).slice(1, -1);
    return {
      body: `{${fields}${fields ? ',' : ''}"deep":${open.repeat(depth)}1${close.repeat(depth)}}`,
      type: 'application/json',
      describe: `JSON ${depth} levels deep`,
    };
  }
  if (strategy === 11)
    return {
      body: rng.pick(['{', '{"a":', '[1,2', 'nul', '\u0000', '{"a":"\\ud800"}', '{"a":1}}', '\ufeff{}']),
      type: 'application/json',
      describe: 'malformed JSON',
    };
  if (strategy === 12)
    return {
      body: JSON.stringify(value),
      type: rng.pick([
        'text/plain',
        'application/xml',
        'application/octet-stream',
        'application/json; charset=latin1',
        'application/jsonx',
        '',
      ]),
      describe: 'JSON under another content type',
    };
  if (strategy === 13) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(value && typeof value === 'object' && !Array.isArray(value) ? value : { x: value })) {
      form.append(k, rng.chance(0.5) ? asText(hostileValue(rng, 5000)) : asText(v));
    }
    return {
      body: form.toString() + rng.pick(['', '&%', '&a=%zz', '&=&&']),
      type: 'application/x-www-form-urlencoded',
      describe: 'urlencoded form',
    };
  }
  if (strategy === 14)
    return {
      body: 'x'.repeat(1_200_000),
      type: rng.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']),
      describe: 'oversized body (1.2 MB)',
    };
  if (strategy === 15)
    return {
      body: JSON.stringify({ ...(value as object), pad: 'ی'.repeat(rng.int(100_000, 300_000)) }),
      type: 'application/json',
      describe: 'huge string field',
    };
  return { body: JSON.stringify(value), type: 'application/json', describe: 'plausible JSON again' };
}

function multipartBody(value: Json, rng: Rng): { body: string | Uint8Array<ArrayBuffer>; type: string; describe: string } {
  const boundary = `----fuzz${rng.int(1, 1e9)}`;
  const kind = rng.int(0, 5);
  const fields = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [['x', value] as const];
  const part = (name: string, content: string, file?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: text/csv` : ''}\r\n\r\n${content}\r\n`;
  if (kind === 0)
    return {
      body: fields.map(([k, v]) => part(k, asText(v as Json))).join('') + `--${boundary}--\r\n`,
      type: `multipart/form-data; boundary=${boundary}`,
      describe: 'well-formed multipart',
    };
  if (kind === 1)
    return {
      body:
        part('newFile', 'Part Number,Qty\nLM358P,2\n\u0000', rng.pick(['parts.csv', 'a\u0000.csv', '../x.csv', 'x.exe'])) +
        `--${boundary}--\r\n`,
      type: `multipart/form-data; boundary=${boundary}`,
      describe: 'multipart with an odd file',
    };
  if (kind === 2)
    return {
      body: part('a', 'b').slice(0, rng.int(5, 40)),
      type: `multipart/form-data; boundary=${boundary}`,
      describe: 'truncated multipart',
    };
  if (kind === 3)
    return {
      body: `--${boundary}\r\nno headers here\r\n--${boundary}--`,
      type: 'multipart/form-data',
      describe: 'multipart without a boundary parameter',
    };
  if (kind === 4)
    return {
      body: encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n`),
      type: `multipart/form-data; boundary=${rng.pick([boundary, '', '"', 'x'.repeat(200)])}`,
      describe: 'multipart with no end',
    };
  return {
    body: 'garbage\u0000' + 'x'.repeat(rng.int(0, 5000)),
    type: `multipart/form-data; boundary=${boundary}`,
    describe: 'junk under a multipart type',
  };
}

function makeCases(doc: OpenApiDocument, seed: number, perOperation: number, tokens: FuzzOptions['tokens']): Map<string, Case[]> {
  const out = new Map<string, Case[]>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const name = `${method.toUpperCase()} ${path}`;
      // Each operation gets its own sequence: adding a route does not change the others' inputs.
      const rng = random(seed ^ hash(name));
      const params = op.parameters ?? [];
      const multipartSchema = op.requestBody?.content['multipart/form-data']?.schema;
      const bodySchema = op.requestBody?.content['application/json']?.schema ?? multipartSchema;
      const multipart = Boolean(multipartSchema);
      const cases: Case[] = [];
      for (let i = 0; i < perOperation; i++) {
        const url =
          path.replace(/\{(\w+)\}/g, (_m, n: string) =>
            pathValue(params.find((p) => p.name === n)?.schema ?? { type: 'string' }, rng, doc),
          ) +
          queryString(
            params.filter((p) => p.in === 'query'),
            rng,
            doc,
          );
        const headers: Record<string, string> = {};
        const token = SESSION_ENDING.has(name)
          ? undefined
          : path.includes('/staff/')
            ? tokens.staff
            : rng.chance(0.75)
              ? tokens.customer
              : undefined;
        if (token) headers.authorization = `Bearer ${token}`;
        let describe = 'no body';
        let body: string | Uint8Array<ArrayBuffer> | undefined;
        if (method !== 'get' && method !== 'delete') {
          const made = makeBody(bodySchema, multipart && rng.chance(0.8), rng, doc);
          body = made.body;
          describe = made.describe;
          if (made.type) headers['content-type'] = made.type;
        }
        cases.push({ method: method.toUpperCase(), path: url, headers, body, describe });
      }
      out.set(name, cases);
    }
  }
  return out;
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

async function sendOnce(origin: string, c: Case): Promise<{ status: number | 'no answer'; answer: string }> {
  try {
    const res = await fetch(origin + c.path, {
      method: c.method,
      headers: c.headers,
      body: c.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(120_000),
    });
    const text = await res.text();
    return { status: res.status, answer: text };
  } catch (err) {
    return { status: 'no answer', answer: String((err as Error).cause ?? err) };
  }
}

/** The same request on a connection of its own (no pool), so it cannot meet a socket the server is closing. */
function sendOnFreshConnection(origin: string, c: Case): Promise<{ status: number | 'no answer'; answer: string }> {
  return new Promise((resolve) => {
    const body = c.body === undefined ? undefined : typeof c.body === 'string' ? Buffer.from(c.body) : Buffer.from(c.body);
    const headers: Record<string, string> = { ...c.headers, connection: 'close' };
    if (body) headers['content-length'] = String(body.length);
    const req = httpRequest(new URL(origin + c.path), { method: c.method, headers, agent: false, timeout: 120_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, answer: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (err) => resolve({ status: 'no answer', answer: String(err) }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out after 120 s')));
    req.on('error', (err) => resolve({ status: 'no answer', answer: String(err) }));
    req.end(body);
  });
}

/**
 * A request whose pooled keep-alive connection the server had just closed (after answering an
 * earlier request without reading its whole body) fails on the client's side before reaching the
 * server; it is sent once more, as browsers do, on a fresh connection of its own so the retry
 * cannot meet another closing socket of the pool. A server that really drops requests fails again.
 */
async function send(origin: string, c: Case, report: FuzzReport): Promise<{ status: number | 'no answer'; answer: string }> {
  const first = await sendOnce(origin, c);
  if (first.status !== 'no answer') return first;
  report.resent++;
  return sendOnFreshConnection(origin, c);
}

export async function fuzzApi(opts: FuzzOptions): Promise<FuzzReport> {
  const report: FuzzReport = { sent: 0, resent: 0, byOperation: {}, failures: [] };
  const all = makeCases(opts.doc, opts.seed, opts.perOperation, opts.tokens);
  for (const [operation, cases] of all) {
    const stats = (report.byOperation[operation] = { sent: 0, failures: 0 });
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++]!;
        const { status, answer } = await send(opts.origin, c, report);
        stats.sent++;
        report.sent++;
        if (status === 'no answer' || status >= 500) {
          stats.failures++;
          const body = c.body === undefined ? '' : typeof c.body === 'string' ? c.body : new TextDecoder().decode(c.body);
          report.failures.push({
            operation,
            status,
            input: `${c.describe}: ${c.method} ${clip(c.path, 200)} ${c.headers['content-type'] ?? ''} ${clip(JSON.stringify(body), 300)}`,
            answer: clip(answer, 200),
          });
        }
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
    opts.onOperation?.(operation, stats.sent, stats.failures);
  }
  return report;
}

/** The report as lines a person reads: totals, then failing operations with their first inputs. */
export function formatReport(report: FuzzReport, examplesPerOperation = 3): string {
  const failing = Object.entries(report.byOperation).filter(([, s]) => s.failures);
  const lines = [
    `${report.sent} requests over ${Object.keys(report.byOperation).length} operations (${report.resent} sent again after a closed connection); ${report.failures.length} answered 5xx or not at all.`,
  ];
  for (const [operation, s] of failing) {
    lines.push(`${operation}: ${s.failures} of ${s.sent}`);
    for (const f of report.failures.filter((x) => x.operation === operation).slice(0, examplesPerOperation)) {
      lines.push(`  ${f.status} ← ${f.input}\n     answer: ${f.answer}`);
    }
  }
  return lines.join('\n');
}
