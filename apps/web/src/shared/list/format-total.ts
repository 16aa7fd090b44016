import { COUNT_CAP } from '@portal/contracts';

/** Formats a list total for display: "10,000+" when the server capped the count. */
export function formatTotal(total: number, capped: boolean, locale?: string): string {
  const fmt = new Intl.NumberFormat(locale ?? 'en-US');
  return capped ? `${fmt.format(Math.max(total, COUNT_CAP))}+` : fmt.format(total);
}
