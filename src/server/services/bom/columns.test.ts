import { describe, expect, it } from 'vitest';
import { detectColumns, foldHeader } from './columns';
import { packageOf } from '../../../lib/bom/part-spec';

describe('header recognition', () => {
  it.each([
    // header row, expected roles (column index per role)
    [['Part Number', 'Qty', 'Reference'], { part: 0, quantity: 1, designators: 2 }],
    [['MPN', 'Quantity', 'Designator'], { part: 0, quantity: 1, designators: 2 }],
    [['Manufacturer Part Number', 'Qty (per board)', 'Refs'], { part: 0, quantity: 1, designators: 2 }],
    [['Mfr. Part #', 'Count'], { part: 0, quantity: 1 }],
    [['شماره قطعه', 'تعداد', 'مرجع'], { part: 0, quantity: 1, designators: 2 }],
    [['پارت نامبر', 'تعداد'], { part: 0, quantity: 1 }],
    // Not words we know: the content decides the roles, and the row of words above it is still the header.
    [['شماره‌ي قطعه', 'تعداد'], { part: 0, quantity: 1 }],
    [['Comment', 'Designator', 'Footprint', 'Quantity'], { value: 0, designators: 1, footprint: 2, quantity: 3 }], // Altium
    [['Reference', 'Value', 'Footprint', 'Qty', 'DNP'], { designators: 0, value: 1, footprint: 2, quantity: 3, dnp: 4 }], // KiCad
    // MPN beats a generic "Part" column.
    [['Part', 'MPN', 'Qty'], { part: 1, quantity: 2 }],
    // Digi-Key: its own "Part Number" loses to the maker's; the customer's reference is its own role.
    [
      ['Index', 'Quantity', 'Part Number', 'Manufacturer Part Number', 'Manufacturer', 'Description', 'Customer Reference'],
      { quantity: 1, part: 3, maker: 4, description: 5, reference: 6 },
    ],
    // Mouser: "Mfr. #" is the maker's number, "Manufacturer" the maker, "Customer #" the reference.
    [['Mouser #', 'Mfr. #', 'Manufacturer', 'Customer #', 'Description', 'Order Qty.'], { part: 1, maker: 2, reference: 3, quantity: 5 }],
    // Eagle values list: "Parts" holds the designators, "MF" the maker.
    [
      ['Qty', 'Value', 'Device', 'Package', 'Parts', 'Description', 'MF', 'MPN'],
      { quantity: 0, value: 1, footprint: 3, designators: 4, maker: 6, part: 7 },
    ],
    // JLCPCB: the LCSC number is not a maker's part number.
    [['Comment', 'Designator', 'Footprint', 'LCSC Part #'], { value: 0, designators: 1, footprint: 2, part: null }],
    // Altium with maker columns.
    [
      ['Comment', 'Description', 'Designator', 'Footprint', 'LibRef', 'Quantity', 'Manufacturer 1', 'Manufacturer Part Number 1'],
      { value: 0, designators: 2, quantity: 5, maker: 6, part: 7 },
    ],
    [['ردیف', 'نام قطعه', 'سازنده', 'پکیج', 'تعداد', 'توضیحات'], { part: 1, maker: 2, footprint: 3, quantity: 4, description: 5 }],
  ] as [string[], Record<string, number | null>][])('%j', (header, roles) => {
    const map = detectColumns([header, ['LM358P', '2', 'U1'], ['NE555P', '1', 'U2']]);
    if (roles.part === null && roles.value === undefined) expect(map.headerRow).toBeNull();
    else expect(map).toMatchObject({ headerRow: 0, ...roles });
  });

  it('folds Persian and punctuation the same way everywhere', () => {
    expect(foldHeader(' Part-No. ')).toBe('partno');
    expect(foldHeader('شماره\u200cقطعه')).toBe(foldHeader('شماره قطعه'));
    expect(foldHeader('كد قطعه')).toBe('کدقطعه');
  });

  it('finds the header below a title and blank-ish rows', () => {
    const map = detectColumns([['BOM for controller v2'], ['Date', '1403/05/01'], ['MPN', 'Qty'], ['LM358P', '2']]);
    expect(map).toMatchObject({ headerRow: 2, part: 0, quantity: 1 });
  });
});

describe('a header row of words we do not know', () => {
  it('is named as the header when the rows below hold part numbers and counts', () => {
    const map = detectColumns([
      ['Pos', 'Our code', 'Supplier PN', 'Count', 'Places'],
      ['1', 'A-001', 'LM358P', '2', 'U1 U2'],
      ['2', 'A-002', 'NE555P', '1', 'U3'],
    ]);
    expect(map.headerRow).toBe(0);
    expect(map.quantity).not.toBeNull();
  });

  it.each([
    [
      'a first row that is a part',
      [
        ['LM358P', '2'],
        ['NE555P', '1'],
      ],
    ],
    ['a single title cell', [['My board'], ['LM358P', '2'], ['NE555P', '1']]],
    [
      'words above words',
      [
        ['Pos', 'Name'],
        ['one', 'resistor'],
        ['two', 'capacitor'],
      ],
    ],
  ])('%s stays without a header', (_name, rows) => {
    expect(detectColumns(rows).headerRow).toBeNull();
  });
});

describe('packages inside footprint names', () => {
  it.each([
    ['Resistor_SMD:R_0805_2012Metric', '0805'],
    ['Capacitor_SMD:C_0603_1608Metric', '0603'],
    ['Package_SO:SOIC-8_3.9x4.9mm_P1.27mm', 'SO-8'],
    ['Package_TO_SOT_SMD:SOT-23', 'SOT-23'],
    ['Package_DIP:DIP-8_W7.62mm', 'DIP-8'],
    ['Connector:USB_C_Receptacle', null],
  ])('%s → %s', (footprint, pkg) => expect(packageOf(footprint)).toBe(pkg));
});
