/**
 * How much of an uploaded parts list (BOM) the server is willing to read, and what the upload dialog
 * checks before a byte leaves the browser (one home for both). A real BOM has tens to a few
 * hundred lines; the caps sit far above that and far below what could hurt the server.
 */
export const BOM_LIMITS = {
  /** Bytes of the uploaded file itself. */
  maxFileBytes: 5 * 1024 * 1024,
  /** Rows read from the file, header included; more is refused rather than cut silently. */
  maxRows: 5000,
  /**
   * Different part numbers looked up per upload: one catalogue query each (10–70 ms on embedded PGlite),
   * so 500 keeps the longest upload near ten seconds. Real BOMs have tens to a few hundred.
   */
  maxDistinctParts: 500,
  /** Cells read per row; wider rows are cut (a BOM needs a handful of columns). */
  maxColumns: 60,
  /** Characters kept per cell. */
  maxCellChars: 500,
  /** Zip archives (.xlsx): entries and bytes once uncompressed, checked before any parsing. */
  maxZipEntries: 1000,
  maxUncompressedBytes: 60 * 1024 * 1024,
  /** A file whose parts compress better than this is a zip bomb, not a spreadsheet. */
  maxCompressionRatio: 200,
  /** The parsing worker is stopped past this time or memory. */
  parseTimeoutMs: 20_000,
  workerHeapMb: 384,
  /** Designator ranges are counted arithmetically; only this many names are listed. */
  maxListedDesignators: 2000,
  /** Boards per order (the multiplier). */
  maxBoards: 10_000,
} as const;
