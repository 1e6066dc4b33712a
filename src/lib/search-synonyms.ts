/**
 * Words Iranian buyers write in Persian for things the catalogue often names in Latin letters, and
 * back. Folded forms (see foldForSearch): no ZWNJ, Persian ی/ک. A query word matches the product when
 * it or any of its equivalents starts a word of the product's text.
 */
const GROUPS: string[][] = [
  ['نانو', 'nano'],
  ['اونو', 'یونو', 'uno'],
  ['مگا', 'mega'],
  ['آردوینو', 'اردوینو', 'arduino'],
  ['رزبری', 'رزپری', 'raspberry'],
  ['آیسی', 'ic'],
  ['الایدی', 'led'],
  ['اسامدی', 'smd'],
  ['بلوتوث', 'bluetooth'],
  ['وایفای', 'wifi'],
  ['یواسبی', 'usb'],
  ['ماسفت', 'mosfet'],
  ['سروو', 'سرو', 'servo'],
  ['استپر', 'stepper'],
  ['موتور', 'motor'],
  ['رله', 'relay'],
  ['سنسور', 'حسگر', 'sensor'],
  ['ماژول', 'module'],
  ['کریستال', 'crystal'],
  ['باتری', 'battery'],
  ['ترانزیستور', 'transistor'],
  ['خازن', 'capacitor'],
  ['مقاومت', 'resistor'],
  ['دیود', 'diode'],
  ['سلف', 'inductor'],
  ['کانکتور', 'connector'],
  ['پتانسیومتر', 'ولوم', 'potentiometer'],
  ['اپتوکوپلر', 'optocoupler'],
  ['رگولاتور', 'regulator'],
  ['میکروکنترلر', 'میکرو', 'microcontroller', 'mcu'],
  ['السیدی', 'lcd'],
  ['اولد', 'oled'],
  ['شیلد', 'shield'],
  ['مولتیمتر', 'مالتیمتر', 'multimeter'],
  ['اسیلوسکوپ', 'oscilloscope'],
  ['هویه', 'soldering'],
  ['پروگرامر', 'programmer'],
  ['آپامپ', 'opamp'],
  ['فیوز', 'fuse'],
  ['بازر', 'buzzer'],
  ['کلید', 'switch'],
  ['کابل', 'cable'],
];

const BY_WORD = new Map<string, string[]>();
for (const group of GROUPS)
  for (const w of group)
    BY_WORD.set(
      w,
      group.filter((x) => x !== w),
    );

/** The word itself first, then its equivalents. */
export function equivalentsOf(token: string): string[] {
  return [token, ...(BY_WORD.get(token) ?? [])];
}
