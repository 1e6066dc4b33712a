/**
 * JSON made once for the objects that many answers share. Issue 19: on the long tail every search
 * answer is new, but what it shows is not: the same product cards (the search index keeps the ones
 * read last parsed, packed-cards.ts) and, for a category page, the same sidebar whatever its sort or
 * page. Turning every answer into JSON anew (and that text into UTF-8) took about a tenth of the
 * server's thread under the long-tail load, a fifth of a category listing's.
 *
 * A service marks such an object `shared` (it promises never to change it again, as it already
 * promises for anything an answer or the read cache holds); an answer item that is a shared object
 * with one field more (a card with its match kind) is made by `sharedWith`. `encodeJson` writes an
 * answer as JSON.stringify would, byte for byte, taking each shared object's bytes from where they
 * were kept: the answer's own fields and the items of its arrays are walked, anything deeper is
 * stringified whole.
 */

/** What is kept beside a shared object: its JSON once made, and the objects sharedWith made from it. */
interface Kept {
  bytes: Uint8Array | null;
  /** By field, then value: the same card with the same match kind is one object. */
  variants: Record<string, Record<string, object>> | null;
  /** For an object made by sharedWith: the one it was made from, and its field's JSON (`,"match":"text"}`). */
  base: object | null;
  tail: string;
}

/**
 * One entry per shared object, so an answer's item costs one lookup: a WeakMap lookup per item is
 * cheap, while a copy of a card (about 25 fields) took ~3 µs and a lookup keyed by a made-up string
 * ~1 µs on this machine.
 */
const kept = new WeakMap<object, Kept>();

/**
 * Marks `value` as shared: never changed again, so its JSON is made once and kept beside it. `json`
 * when its bytes are known already (a card read from its packed JSON): they must be what
 * JSON.stringify(value) gives.
 */
export function shared<T extends object>(value: T, json?: Uint8Array): T {
  const entry = kept.get(value);
  if (!entry) kept.set(value, { bytes: json ?? null, variants: null, base: null, tail: '' });
  else if (json) entry.bytes = json;
  return value;
}

/** Whether `value` was marked shared. */
export const isShared = (value: object): boolean => kept.has(value);

/**
 * `{ ...base, [key]: value }`. For a shared base without that field it is itself shared, made once per
 * base, field and value (answers showing the same card with the same match kind show one object), and
 * its JSON is the base's kept bytes with the field added. Otherwise a plain copy: the spread would
 * place a field the base has where the base has it.
 */
export function sharedWith<T extends object, K extends string, V extends string>(base: T, key: K, value: V): T & Record<K, V> {
  const entry = kept.get(base);
  if (!entry || Object.prototype.hasOwnProperty.call(base, key)) return { ...base, [key]: value } as T & Record<K, V>;
  // Null prototypes: a field or value named like Object's own ("constructor") finds nothing inherited.
  const byValue = ((entry.variants ??= Object.create(null) as Record<string, Record<string, object>>)[key] ??= Object.create(
    null,
  ) as Record<string, object>);
  let out = byValue[value] as (T & Record<K, V>) | undefined;
  if (!out) {
    out = { ...base, [key]: value } as T & Record<K, V>;
    // Only an object written field by field ends in the brace the field goes before.
    if (!isPlainObject(base)) return out;
    kept.set(out, { bytes: null, variants: null, base, tail: `,${JSON.stringify(key)}:${JSON.stringify(value)}}` });
    byValue[value] = out;
  }
  return out;
}

/** The JSON of a shared object, made the first time an answer shows it. */
function sharedBytes(value: object, entry: Kept): Uint8Array {
  if (!entry.bytes) {
    if (entry.base) {
      // The base's bytes without their closing brace, then the field and the brace.
      const base = sharedBytes(entry.base, kept.get(entry.base)!);
      // After "{" alone (a base without fields) the field takes no comma.
      const tail = base.byteLength === 2 ? entry.tail.slice(1) : entry.tail;
      entry.bytes = Buffer.concat([base.subarray(0, base.byteLength - 1), Buffer.from(tail)]);
    } else entry.bytes = Buffer.from(JSON.stringify(value));
  }
  return entry.bytes;
}

/** An object JSON.stringify writes field by field (no toJSON of its own, not a Date or a Map). */
function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as object | null;
  return (proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** What JSON.stringify writes for a field's value or an array's item; undefined: the field is left out. */
const isOmitted = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/** Collects an answer's JSON as text runs and kept bytes, in order. */
class Pieces {
  readonly parts: (string | Uint8Array)[] = [];
  text = '';

  bytes(b: Uint8Array): void {
    if (this.text) {
      this.parts.push(this.text);
      this.text = '';
    }
    this.parts.push(b);
  }

  /** The whole answer in one buffer: text runs written into it in place (a Buffer per run of "," cost more than the run). */
  done(): Buffer {
    if (this.text) this.parts.push(this.text);
    const parts = this.parts;
    if (parts.length === 1 && typeof parts[0] === 'string') return Buffer.from(parts[0]);
    let size = 0;
    for (const p of parts) size += typeof p === 'string' ? Buffer.byteLength(p) : p.byteLength;
    const out = Buffer.allocUnsafe(size);
    let at = 0;
    for (const p of parts) {
      if (typeof p === 'string') at += out.write(p, at);
      else {
        out.set(p, at);
        at += p.byteLength;
      }
    }
    return out;
  }
}

/** Writes `value`, walking it `depth` levels more to find shared objects. */
function write(out: Pieces, value: unknown, depth: number): void {
  if (value !== null && typeof value === 'object') {
    const entry = kept.get(value);
    if (entry) return out.bytes(entry.bytes ?? sharedBytes(value, entry));
    if (depth > 0) {
      if (Array.isArray(value)) {
        out.text += '[';
        for (let i = 0; i < value.length; i++) {
          if (i) out.text += ',';
          const item: unknown = value[i];
          if (isOmitted(item)) out.text += 'null';
          else write(out, item, depth - 1);
        }
        out.text += ']';
        return;
      }
      if (isPlainObject(value)) {
        out.text += '{';
        let first = true;
        for (const key in value) {
          if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
          const field = value[key];
          if (isOmitted(field)) continue;
          out.text += `${first ? '' : ','}${JSON.stringify(key)}:`;
          first = false;
          write(out, field, depth - 1);
        }
        out.text += '}';
        return;
      }
    }
  }
  out.text += JSON.stringify(value);
}

/**
 * `Buffer.from(JSON.stringify(value))`, with the kept bytes of the shared objects found in the answer's
 * fields, its arrays and their items (two levels down: `items[3]`, `filters`).
 */
export function encodeJson(value: unknown): Buffer {
  const out = new Pieces();
  write(out, value, 2);
  return out.done();
}
