/** The content of a template line, the same in its input, its stored row and its answer. */
const LINE_CONTENT = [
  'container_size',
  'charge_code',
  'print_description',
  'currency',
  'unit_price',
  'quantity',
  'uom',
  'min_charge',
  'max_charge',
  'description',
] as const;
type LineContentKey = (typeof LINE_CONTENT)[number];

/** A template line's content fields (charge, price, quantity, limits and texts) taken from an input or a row. */
export function lineContent<L extends Record<LineContentKey, unknown>>(l: L): Pick<L, LineContentKey> {
  return Object.fromEntries(LINE_CONTENT.map((k) => [k, l[k]])) as Pick<L, LineContentKey>;
}
