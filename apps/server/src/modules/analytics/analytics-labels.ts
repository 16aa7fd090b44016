import type { Language } from '@portal/contracts';
import type { Labels } from '../../platform/i18n/language';

/**
 * Export headers: the web app translates labelKeys with i18next, but the server writes the Excel file itself.
 * A page's module registers its column labels in the three languages (namespaced keys, as in the results);
 * an unregistered key falls back to its last segment made readable ('table.grossKg' → 'Gross Kg').
 */
const labels = new Map<string, Labels>();

export function registerAnalyticsLabels(dict: Record<string, Labels>) {
  for (const [k, v] of Object.entries(dict)) labels.set(k, v);
}

export function analyticsLabel(key: string, lang: Language): string {
  const l = labels.get(key);
  if (l) return l[lang];
  const last = key.split(/[:.]/).at(-1) ?? key;
  return last.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}
