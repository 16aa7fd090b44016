import type { TStatusHistoryEntry } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { dateTimeText } from '../i18n/date-time-text';

/** "place_of_delivery" → "Place of delivery", "soNo" → "So no": a readable fallback, never a raw key. */
export function humaniseKey(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

/**
 * How history words a changed field and value (issue 38): labels from the catalogues, part by part for paths;
 * empty as the translated "(empty)", booleans as Yes/No, timestamps in the local time as DATETIME_FORMAT,
 * lists and objects item by item. `t` must have the 'list' namespace.
 */
export function historyWording(
  t: TFunction,
  fieldLabel?: (field: string) => string,
  formatValue?: (field: string, value: unknown) => string | undefined,
) {
  const one = (key: string) => {
    const l = fieldLabel?.(key);
    return l && l !== key ? l : t(`history.fields.${key}`, { defaultValue: humaniseKey(key) });
  };
  const label = (path: string) =>
    path
      .split('.')
      .reduce<string[]>((out, part) => {
        if (/^\d+$/.test(part) && out.length) out[out.length - 1] += ` ${Number(part) + 1}`;
        else out.push(one(part));
        return out;
      }, [])
      .join(' · ');
  const empty = t('history.emptyValue');
  const plain = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return empty;
    if (typeof v === 'boolean') return v ? t('history.yes') : t('history.no');
    // A flag some histories keep as text ("false → true" before issue 39).
    if (v === 'true' || v === 'false') return v === 'true' ? t('history.yes') : t('history.no');
    if (typeof v === 'string') return dateTimeText(v) ?? v;
    if (Array.isArray(v)) return v.length ? v.map(plain).join(', ') : empty;
    if (typeof v === 'object') {
      const parts = Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => x !== null && x !== undefined && x !== '')
        .map(([k, x]) => `${one(k)}: ${value(k, x)}`);
      return parts.length ? `(${parts.join(', ')})` : empty;
    }
    return String(v);
  };
  const value = (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return empty;
    const leaf =
      field
        .split('.')
        .filter((p) => !/^\d+$/.test(p))
        .pop() ?? field;
    for (const f of leaf === field ? [field] : [field, leaf]) {
      const custom = formatValue?.(f, v);
      if (custom !== undefined && custom !== String(v)) return custom;
    }
    return plain(v);
  };
  /** The changes a reader sees: a field whose old and new values read the same (null → "") is left out. */
  const visible = (changes: TStatusHistoryEntry['changes']) =>
    Object.entries(changes ?? {}).filter(([field, c]) => value(field, c.from) !== value(field, c.to));
  return { label, value, visible };
}
