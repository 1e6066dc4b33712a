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

/** Shared objects and their JSON once made (null until an answer first shows them). */
const kept = new WeakMap<object, Uint8Array | null>();
/** Shared objects made of another and one more field (sharedWith): that one, and the field's JSON (`,"match":"text"}`). */
const extensions = new WeakMap<object, { base: object; tail: string }>();
/** sharedWith's objects by base, one per field and value: the same card with the same match kind is one object. */
const variants = new WeakMap<object, Map<string, object>>();

/**
 * Marks `value` as shared: never changed again, so its JSON is made once and kept beside it. `json`
 * when its bytes are known already (a card read from its packed JSON): they must be what
 * JSON.stringify(value) gives.
 */
export function shared<T extends object>(value: T, json?: Uint8Array): T {
  if (json || !kept.has(value)) kept.set(value, json ?? null);
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
export function sharedWith<T extends object, K extends string, V extends string | number | boolean | null>(
  base: T,
  key: K,
  value: V,
): T & Record<K, V> {
  if (!kept.has(base) || Object.prototype.hasOwnProperty.call(base, key)) return { ...base, [key]: value } as T & Record<K, V>;
  let byField = variants.get(base);
  if (!byField) variants.set(base, (byField = new Map()));
  const name = `${key}\u0000${typeof value}\u0000${String(value)}`;
  let out = byField.get(name) as (T & Record<K, V>) | undefined;
  if (!out) {
    out = { ...base, [key]: value } as T & Record<K, V>;
    kept.set(out, null);
    extensions.set(out, { base, tail: `,${JSON.stringify(key)}:${JSON.stringify(value)}}` });
    byField.set(name, out);
  }
  return out;
}

/** The JSON of a shared object, made the first time an answer shows it. */
function sharedBytes(value: object): Uint8Array {
  let bytes = kept.get(value);
  if (!bytes) {
    const ext = extensions.get(value);
    if (ext) {
      // The base's bytes without their closing brace, then the field and the brace.
      const base = sharedBytes(ext.base);
      bytes = Buffer.concat([base.subarray(0, base.byteLength - 1), Buffer.from(ext.tail)]);
    } else bytes = Buffer.from(JSON.stringify(value));
    kept.set(value, bytes);
  }
  return bytes;
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

  done(): Buffer {
    if (this.text) this.parts.push(this.text);
    if (this.parts.length === 1 && typeof this.parts[0] === 'string') return Buffer.from(this.parts[0]);
    return Buffer.concat(this.parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  }
}

/** Writes `value`, walking it `depth` levels more to find shared objects. */
function write(out: Pieces, value: unknown, depth: number): void {
  if (value !== null && typeof value === 'object') {
    const bytes = kept.get(value);
    if (bytes !== undefined) return out.bytes(bytes ?? sharedBytes(value));
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
