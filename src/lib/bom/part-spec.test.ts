import { describe, expect, it } from 'vitest';
import { packageOf, specMisfits, specOfLine, specOfProduct } from './part-spec';

describe('packages', () => {
  it.each([
    ['Resistor_SMD:R_0805_2012Metric', '0805'],
    ['Capacitor_SMD:C_0603_1608Metric', '0603'],
    ['R0805', '0805'],
    ['C0603', '0603'],
    ['LED_SMD:LED_0805_2012Metric', '0805'],
    ['Package_SO:SOIC-8_3.9x4.9mm_P1.27mm', 'SO-8'],
    ['SO08', 'SO-8'],
    ['SOP-8', 'SO-8'],
    ['DIL28-3', 'DIP-28'],
    ['PDIP-8', 'DIP-8'],
    ['Package_TO_SOT_SMD:SOT-223-3_TabPin2', 'SOT-223'],
    ['SOT-23-6', 'SOT-23-6'],
    ['SOT23', 'SOT-23'],
    ['TO-220AB', 'TO-220'],
    ['Crystal:Crystal_HC49-4H_Vertical', 'HC-49'],
    ['HC-49/S', 'HC-49'],
    ['HC-49/US SMD', 'HC-49-SMD'],
    ['Crystal_SMD_3225-4Pin_3.2x2.5mm', '3225'],
    ['XTAL_3225', '3225'],
    ['SMD 3215', '3215'],
    ['Capacitor_THT:CP_Radial_D5.0mm_P2.00mm', 'RADIAL'],
    ['LED5MM', 'LED-5MM'],
    ['5mm round', 'LED-5MM'],
    ['SMA (DO-214AC)', 'SMA'],
    ['Connector:USB_C_Receptacle', null],
    ['PinHeader_1x04_P2.54mm_Vertical', null],
  ])('%s → %s', (text, pkg) => expect(packageOf(text)).toBe(pkg));
});

describe('line specs', () => {
  it.each([
    [
      { value: '10k', footprint: 'R_0603_1608Metric', designators: 'R1' },
      { kind: 'resistor', value: 10_000, package: '0603' },
    ],
    [
      { value: '470', footprint: 'R0603', designators: 'R4' },
      { kind: 'resistor', value: 470, package: '0603' },
    ],
    [
      { value: '4K7', designators: 'R9' },
      { kind: 'resistor', value: 4700 },
    ],
    [
      { value: '100n', footprint: 'C0805', designators: 'C1, C2' },
      { kind: 'capacitor', value: 1e-7, package: '0805' },
    ],
    [
      { value: '4.7uF', footprint: 'C_0805_2012Metric', designators: 'C7' },
      { kind: 'capacitor', value: 4.7e-6, package: '0805' },
    ],
    [
      { value: '10uF 16V', footprint: 'CP_Radial_D5.0mm_P2.00mm', designators: 'C8' },
      { kind: 'capacitor', value: 1e-5, voltage: 16, package: 'RADIAL', diameter: 5 },
    ],
    [
      { value: '2.2uH', footprint: '0805', designators: 'L1' },
      { kind: 'inductor', value: 2.2e-6, package: '0805' },
    ],
    [
      { value: '16MHz', footprint: 'Crystal_HC49-4H_Vertical', designators: 'Y1' },
      { kind: 'crystal', value: 16e6, package: 'HC-49' },
    ],
    [
      { value: '16MHz', description: 'CRYSTAL 16MHZ 12PF SMD 3225', footprint: 'XTAL_3225' },
      { kind: 'crystal', value: 16e6, package: '3225' },
    ],
    [
      { value: 'RED', footprint: 'LED_SMD:LED_0805_2012Metric', designators: 'D1' },
      { kind: 'led', colour: 'red', package: '0805' },
    ],
    [
      { value: 'Green', footprint: 'LED_0603', designators: 'LED1' },
      { kind: 'led', colour: 'green', package: '0603' },
    ],
    [
      { value: 'مقاومت ۱۰ کیلو', footprint: '0805' },
      { kind: 'resistor', value: 10_000, package: '0805' },
    ],
    [
      { value: 'خازن ۱۰۰ نانو', footprint: '0603' },
      { kind: 'capacitor', value: 1e-7, package: '0603' },
    ],
    [
      { value: 'کریستال ۸ مگاهرتز', footprint: 'HC-49' },
      { kind: 'crystal', value: 8e6, package: 'HC-49' },
    ],
    [{ value: '10k 0805' }, { kind: 'resistor', value: 10_000, package: '0805' }],
    [{ value: '100nF 0603' }, { kind: 'capacitor', value: 1e-7, package: '0603' }],
    [{ description: 'RES SMD 4.7K OHM 1% 1/10W 0603' }, { kind: 'resistor', value: 4700, tolerance: 1, power: 0.1, package: '0603' }],
    [{ description: 'CAP CER 0.1UF 50V X7R 0603' }, { kind: 'capacitor', value: 1e-7, voltage: 50, package: '0603' }],
  ])('%j', (input, want) => expect(specOfLine(input)).toMatchObject(want));

  it.each([['LM358'], ['AMS1117-3.3'], ['BC847'], ['1N4007'], ['7805'], ['2N7002'], ['Conn_01x04']])(
    '%s is a part number, not a value',
    (value) => {
      expect(specOfLine({ value })).toBeNull();
    },
  );
});

describe('fit against the catalogue', () => {
  const product = (attrs: string, pkg: string) => specOfProduct(Object.fromEntries(attrs.split(';').map((kv) => kv.split('='))), pkg)!;
  const cer47u0805 = product('Package=0805;Capacitance=4.7µF;Voltage=16V;Dielectric=X5R;Tolerance=±10%', '0805');
  const elco47u = product('Package=Radial;Capacitance=47µF;Voltage=50V;Tolerance=±20%;Size=8x11.5mm', 'Radial 8x11.5mm');
  const cap22u0805 = product('Package=0805;Capacitance=2.2µF;Voltage=16V', '0805');
  const elco10u16 = product('Package=Radial;Capacitance=10µF;Voltage=16V;Size=5x11mm', 'Radial 5x11mm');
  const r470 = product('Package=0603;Resistance=470Ω;Tolerance=±1%;Power=0.1W', '0603');
  const c47p = product('Package=0603;Capacitance=47pF;Voltage=50V', '0603');

  it.each([
    ['4.7uF 0805 fits the 4.7µF 0805 ceramic', { value: '4.7uF', footprint: 'C_0805', designators: 'C1' }, cer47u0805, []],
    ['4.7uF 0805 is not a 47µF electrolytic', { value: '4.7uF', footprint: 'C_0805', designators: 'C1' }, elco47u, ['value', 'package']],
    ['2.2uH is not a 2.2µF capacitor', { value: '2.2uH', footprint: '0805', designators: 'L1' }, cap22u0805, ['kind']],
    ['470 Ω R0603 is not a 47 pF capacitor', { value: '470', footprint: 'R0603', designators: 'R5' }, c47p, ['kind']],
    ['470 Ω R0603 fits', { value: '470', footprint: 'R0603', designators: 'R5' }, r470, []],
    [
      'a 25 V line does not take a 16 V part',
      { value: '10uF 25V', footprint: 'CP_Radial_D5.0mm', designators: 'C2' },
      elco10u16,
      ['voltage'],
    ],
    ['a 10 V line takes a 16 V part', { value: '10uF 10V', footprint: 'CP_Radial_D5.0mm', designators: 'C2' }, elco10u16, []],
    ['another diameter does not fit', { value: '10uF', footprint: 'CP_Radial_D8.0mm', designators: 'C2' }, elco10u16, ['diameter']],
  ])('%s', (_name, line, have, misfits) => expect(specMisfits(specOfLine(line)!, have)).toEqual(misfits));
});
