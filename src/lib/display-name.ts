/**
 * Spec §3: the Persian name if it contains the (Latin) name, else the name if it contains the Persian
 * name, else the Persian name, else the part number.
 */
export function productDisplayName(p: { name: string; nameFa: string; partNumber: string }): string {
  const { name, nameFa, partNumber } = p;
  if (nameFa && name && nameFa.includes(name)) return nameFa;
  if (name && nameFa && name.includes(nameFa)) return name;
  if (nameFa) return nameFa;
  return partNumber;
}
