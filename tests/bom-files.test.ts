/**
 * The BOM fixtures and hostile files, read the way the server reads them (parsing worker included),
 * without the catalogue: what lines come out, and which files are refused with which message.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOM_MESSAGES, BomFileError } from '../src/server/services/bom/bom-errors';
import { interpretRows } from '../src/server/services/bom/interpret';
import { readRowsInWorker } from '../src/server/services/bom/parse-in-worker';
import { readRows } from '../src/server/services/bom/read-rows';
import { buildZip } from './support/zip';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/bom/${name}`, import.meta.url));
const linesOf = (name: string) => {
  const file = readRows(name, fixture(name));
  return { file, ...interpretRows(file) };
};
const brief = (l: { partNumber: string; mpn: string | null; quantity: number; designators: string | null }) => [
  l.partNumber,
  l.mpn,
  l.quantity,
  l.designators,
];

describe('BOM fixtures', () => {
  it('KiCad CSV export: MPN column, quantities, ranges, DNP skipped', () => {
    const { file, lines, skipped, columns } = linesOf('kicad-export.csv');
    expect(file).toMatchObject({ kind: 'text', encoding: 'utf-8', delimiter: ',' });
    expect(columns).toMatchObject({ headerRow: 0, part: 4, value: 1, quantity: 5, designators: 0, footprint: 2, dnp: 6 });
    expect(lines.map(brief)).toEqual([
      ['CL10B104KB8NNNC', 'CL10B104KB8NNNC', 3, 'C1,C2,C3'],
      ['RC0805JR-0710KL', 'RC0805JR-0710KL', 4, 'R1-R4'],
      ['LM358P', 'LM358P', 1, 'U1'],
      ['NE555', 'NE555', 1, 'U2'],
      ['HC49S-16.000MHZ', 'HC49S-16.000MHZ', 1, 'Y1'],
      ['XC7Z020-1CLG400C', 'XC7Z020-1CLG400C', 1, 'U3'],
      ['AMS1117-3.3', 'AMS1117-3.3', 1, 'U4'],
    ]);
    expect(skipped).toEqual([{ lineNo: 6, reason: 'dnp' }]);
    // No Qty on the last line: counted from its one designator, and the line says so.
    expect(lines[6]!.notes.join(' ')).toMatch(/مرجع/);
  });

  it('Excel sheet with Persian headers under a title row, on its second sheet', () => {
    const { file, lines, columns, sheetName } = linesOf('persian-headers.xlsx');
    expect(file.kind).toBe('xlsx');
    expect(sheetName).toBe('قطعات');
    expect(columns).toMatchObject({ headerRow: 1, part: 1, quantity: 2, description: 3 });
    expect(lines.map((l) => [l.partNumber, l.quantity, l.lineNo])).toEqual([
      ['ATMEGA328P-PU', 1, 3],
      ['STM32F103C8', 2, 4],
      ['AMS1117-3.3', 3, 5],
      ['BC547', 5, 6],
      ['LM358DRR', 2, 7],
      ['ZZTOP-9999', 1, 8],
    ]);
  });

  it('headerless text separated by spaces: part, count, designators per row', () => {
    const { lines } = linesOf('headerless.txt');
    expect(lines.map(brief)).toEqual([
      ['LM358P', 'LM358P', 2, 'U1 U2'],
      ['NE555P', 'NE555P', 1, 'U3'],
      ['1N4007', '1N4007', 4, 'D1 D2 D3 D4'],
      ['IRFZ44N', 'IRFZ44N', 3, null],
    ]);
  });

  it('Windows-1256 CSV with semicolons and Persian headers', () => {
    const { file, lines } = linesOf('windows-1256.csv');
    expect(file).toMatchObject({ encoding: 'windows-1256', delimiter: ';' });
    expect(lines.map((l) => [l.partNumber, l.quantity])).toEqual([
      ['CH340G', 2],
      ['LM7805', 1],
      ['ESP32-WROOM-32', 1],
    ]);
    // The description came through as Persian, the code page's Arabic yeh folded to the Persian one.
    expect(file.sheets[0]!.rows[1]![2]).toBe('مبدل یو اس بی به سریال');
  });

  it('formulas: the values Excel stored are used, never recalculated', () => {
    const { file, lines } = linesOf('formulas.xlsx');
    expect(file.formulaCells).toBe(2);
    // "Qty" is the formula column (B+C); "Qty per board" is a longer header ranked after it.
    expect(lines.map((l) => [l.partNumber, l.quantity])).toEqual([
      ['NE555P', 3],
      ['LM317T', 2],
    ]);
  });

  it('formulas without stored values are refused with a clear message', () => {
    expect(() => readRows('formulas-uncached.xlsx', fixture('formulas-uncached.xlsx'))).toThrow(BOM_MESSAGES.formulas);
  });

  it('old .xls (BIFF8)', () => {
    const { lines } = linesOf('legacy.xls');
    expect(lines.map((l) => [l.partNumber, l.quantity])).toEqual([
      ['CH340G', 2],
      ['HC-05', 1],
    ]);
  });

  it('delimiters: tab and pipe exports read the same lines', () => {
    for (const d of ['\t', '|']) {
      const text = [`MPN${d}Qty${d}Designator`, `NE555P${d}2${d}U1, U2`, `LM317T${d}${d}U3`].join('\n');
      const { lines } = interpretRows(readRows('bom.txt', Buffer.from(text)));
      expect(lines.map((l) => [l.partNumber, l.quantity])).toEqual([
        ['NE555P', 2],
        ['LM317T', 1],
      ]);
    }
  });

  it('headerless CSV is read by column content', () => {
    const text = 'U1,LM358P,2\nU2 U3,NE555P,2\nR1-R10,RC0805JR-0710KL,10\n';
    const { columns, lines } = interpretRows(readRows('x.csv', Buffer.from(text)));
    expect(columns).toMatchObject({ headerRow: null, designators: 0, part: 1, quantity: 2 });
    expect(lines.map((l) => [l.partNumber, l.quantity])).toEqual([
      ['LM358P', 2],
      ['NE555P', 2],
      ['RC0805JR-0710KL', 10],
    ]);
  });
});

const refused = async (name: string, bytes: Uint8Array, message: string) => {
  const err = await readRowsInWorker(name, bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BomFileError);
  expect((err as Error).message).toBe(message);
};

describe('hostile files are refused in the worker with a clear message', () => {
  it('zip bomb with honest sizes (100 MB of zeros in a few hundred KB)', async () => {
    const zeros = Buffer.alloc(100 * 1024 * 1024);
    await refused('bomb.xlsx', buildZip([{ name: 'xl/worksheets/sheet1.xml', data: zeros }]), BOM_MESSAGES.zipBomb);
  });

  it('zip bomb that lies about its sizes in the directory', async () => {
    const zeros = Buffer.alloc(80 * 1024 * 1024);
    const zip = buildZip([{ name: 'xl/worksheets/sheet1.xml', data: zeros, declaredSize: 1000 }]);
    await refused('liar.xlsx', zip, BOM_MESSAGES.zipBomb);
  });

  it('too many zip entries', async () => {
    const entries = Array.from({ length: 1500 }, (_, i) => ({ name: `x/${i}.xml`, data: Buffer.from('<a/>') }));
    await refused('many.xlsx', buildZip(entries), BOM_MESSAGES.zipBomb);
  });

  it('one million rows of CSV', async () => {
    await refused('million.csv', Buffer.from('A,1\n'.repeat(1_000_000)), BOM_MESSAGES.tooManyRows);
  });

  it('a workbook longer than the row cap', async () => {
    const { utils, write } = await import('@e965/xlsx');
    const book = utils.book_new();
    utils.book_append_sheet(book, utils.aoa_to_sheet(Array.from({ length: 6000 }, (_, i) => [`P${i}`, 1])), 'S');
    await refused('long.xlsx', write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, BOM_MESSAGES.tooManyRows);
  });

  it('binary garbage as .csv, .xlsx and .xls', async () => {
    const junk = Buffer.alloc(20_000);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 2654435761) >>> 24;
    await refused('junk.csv', junk, BOM_MESSAGES.binary);
    await refused('junk.xlsx', Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), junk]), BOM_MESSAGES.badWorkbook);
    await refused(
      'junk.xls',
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), junk]),
      BOM_MESSAGES.badWorkbook,
    );
  });

  it('a name that is not one of the four types', async () => {
    await refused('bom.pdf', Buffer.from('%PDF-1.4'), BOM_MESSAGES.wrongType);
  });

  it('a deflated entry that is not valid deflate data', async () => {
    const zip = buildZip([{ name: 'xl/workbook.xml', data: Buffer.from('<x/>') }]);
    // Corrupt the compressed bytes right after the local header and name.
    const at = 30 + 'xl/workbook.xml'.length;
    zip.writeUInt16LE(zip.readUInt16LE(at) ^ 0xffff, at);
    await refused('broken.xlsx', zip, BOM_MESSAGES.badWorkbook);
  });
});
