import type { ProductCard } from '../../../api/schemas/catalogue';
import { shared } from '../shared-json';

/** Bytes per chunk of the store: big enough that a million cards take a few dozen, small enough to grow by. */
const CHUNK_BYTES = 16 * 2 ** 20;
/** Room left after each card, so that a change of stock or price (a digit more) is written in place. */
const SLACK_BYTES = 24;
/** Bytes left behind by cards that outgrew their slot, past which the store is packed anew (and at least this share of the live bytes). */
const WASTE_MIN_BYTES = 8 * 2 ** 20;
const WASTE_SHARE = 0.25;
/** Cards kept parsed, the most recently read: the first results of common prefixes are read again and again. */
const RECENT_MAX = 20_000;

/**
 * The search index's product cards (suggestion-index.ts), one per row, kept as their JSON in UTF-8
 * in a few large buffers instead of as objects. Issue 19: at a million products the cards as objects
 * took ~1.1 GB of the JavaScript heap (about ten objects each), and every full collection walked them
 * (p99 past a second); past 250,000 products they were left out and every search answer read its cards
 * from PostgreSQL (two statements, their rows parsed: ~15% of the server's thread). Here a card costs
 * its bytes outside the heap, and a read parses the few cards an answer shows (a few microseconds each).
 *
 * A card replaced by a patch is written over its old bytes when it fits in them (each has SLACK_BYTES
 * of room), else at the end; the bytes left behind are counted and the store packs itself anew once
 * they pass WASTE_SHARE of the live bytes. The cards read last are kept parsed too (RECENT_MAX): answers
 * share them, as they never change a card they are given, and write their JSON from the bytes they were
 * read from (shared-json.ts).
 */
export class PackedCards {
  private chunks: Buffer[] = [];
  /** Where the current chunk's free bytes start. */
  private used = 0;
  private chunkOf = new Uint16Array(0);
  private startOf = new Int32Array(0);
  /** Bytes of each row's JSON; -1: no card. */
  private lengthOf = new Int32Array(0);
  /** Bytes each row may take where it is (its JSON and its slack). */
  private roomOf = new Int32Array(0);
  private rows = 0;
  private liveBytes = 0;
  private wastedBytes = 0;
  /** Parsed cards by row, least recently read first. */
  private recent = new Map<number, ProductCard>();

  /** Rows held (cards or gaps). */
  get length(): number {
    return this.rows;
  }

  /** Bytes of the buffers: what the store costs outside the heap. */
  get bytes(): number {
    return this.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  }

  /** Appends a row with this card (or none). */
  push(card: ProductCard | undefined): void {
    const row = this.rows++;
    if (row >= this.lengthOf.length) this.grow(Math.max(1024, row * 2));
    this.lengthOf[row] = -1;
    this.roomOf[row] = 0;
    if (card) this.set(row, card);
  }

  /** The card of a row (shared: never change it); undefined when the row has none. */
  get(row: number): ProductCard | undefined {
    let card = this.recent.get(row);
    if (card) {
      // Moved to the end: the least recently read is the first in the map's order.
      this.recent.delete(row);
      this.recent.set(row, card);
      return card;
    }
    if (row < 0 || row >= this.rows) return undefined;
    const length = this.lengthOf[row]!;
    if (length < 0) return undefined;
    const start = this.startOf[row]!;
    // A copy of its bytes goes with it: an answer showing it writes them as they are (shared-json.ts).
    const bytes = Buffer.from(this.chunks[this.chunkOf[row]!]!.subarray(start, start + length));
    card = shared(JSON.parse(bytes.toString('utf8')) as ProductCard, bytes);
    this.recent.set(row, card);
    if (this.recent.size > RECENT_MAX) this.recent.delete(this.recent.keys().next().value!);
    return card;
  }

  /** Replaces a row's card (undefined: none). */
  set(row: number, card: ProductCard | undefined): void {
    if (row < 0 || row >= this.rows) throw new RangeError(`no row ${row} among ${this.rows}`);
    this.recent.delete(row);
    const old = this.lengthOf[row]!;
    if (old >= 0) this.liveBytes -= old;
    if (!card) {
      this.lengthOf[row] = -1;
      return;
    }
    const json = Buffer.from(JSON.stringify(card));
    this.liveBytes += json.byteLength;
    if (json.byteLength <= this.roomOf[row]!) {
      json.copy(this.chunks[this.chunkOf[row]!]!, this.startOf[row]!);
      this.lengthOf[row] = json.byteLength;
      return;
    }
    this.wastedBytes += this.roomOf[row]!;
    this.place(row, json);
    if (this.wastedBytes > WASTE_MIN_BYTES && this.wastedBytes > this.liveBytes * WASTE_SHARE) this.repack();
  }

  /** Writes a row's bytes at the end of the store, with room to grow. */
  private place(row: number, json: Buffer): void {
    const room = json.byteLength + SLACK_BYTES;
    let chunk = this.chunks[this.chunks.length - 1];
    if (!chunk || this.used + room > chunk.byteLength) {
      chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, room));
      this.chunks.push(chunk);
      this.used = 0;
    }
    json.copy(chunk, this.used);
    this.chunkOf[row] = this.chunks.length - 1;
    this.startOf[row] = this.used;
    this.lengthOf[row] = json.byteLength;
    this.roomOf[row] = room;
    this.used += room;
  }

  /** Copies the live cards into fresh chunks, leaving the bytes of replaced ones behind. */
  private repack(): void {
    const old = this.chunks;
    this.chunks = [];
    this.used = 0;
    this.wastedBytes = 0;
    for (let row = 0; row < this.rows; row++) {
      const length = this.lengthOf[row]!;
      if (length < 0) {
        // Its old room is left behind with the old chunks: a card given to it later goes at the end.
        this.roomOf[row] = 0;
        continue;
      }
      const start = this.startOf[row]!;
      this.place(row, old[this.chunkOf[row]!]!.subarray(start, start + length));
    }
  }

  private grow(size: number): void {
    const widen = <A extends Uint16Array | Int32Array>(a: A, make: (n: number) => A): A => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.chunkOf = widen(this.chunkOf, (n) => new Uint16Array(n));
    this.startOf = widen(this.startOf, (n) => new Int32Array(n));
    this.lengthOf = widen(this.lengthOf, (n) => new Int32Array(n));
    this.roomOf = widen(this.roomOf, (n) => new Int32Array(n));
  }
}
