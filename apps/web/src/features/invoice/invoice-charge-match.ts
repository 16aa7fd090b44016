import type { PlainOption } from '../../shared/plain/plain-select';

/**
 * The charge box's matches (issue 38): each charge once; codes starting with the typed text first (in code
 * order: "OF" lists OFR before BLF "Bill of lading fee"), then those whose text holds it, in list order.
 */
export function chargeMatches(options: readonly PlainOption[], query: string): PlainOption[] {
  const q = query.trim().toLowerCase();
  const seen = new Set<string>();
  const byCode: PlainOption[] = [];
  const byText: PlainOption[] = [];
  for (const o of options) {
    if (seen.has(o.value)) continue;
    seen.add(o.value);
    if (o.value.toLowerCase().startsWith(q)) byCode.push(o);
    else if (o.label.toLowerCase().includes(q)) byText.push(o);
  }
  byCode.sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return [...byCode, ...byText];
}
