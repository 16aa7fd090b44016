import { DATETIME_FORMAT } from '@portal/contracts';
import dayjs from 'dayjs';

const ZONED = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?(\.\d+)?$/;

/**
 * A stored time as users read it everywhere (issue 39: never "2026-11-30T12:00"): an instant with its zone in
 * the local time as DATETIME_FORMAT, a local date-time (a cut-off at the port) as "2026-11-30 12:00" with its
 * seconds only when it has them; anything else unchanged. Null when the text is not a time.
 */
export function dateTimeText(v: string): string | null {
  if (ZONED.test(v)) return dayjs(v).format(DATETIME_FORMAT);
  const local = LOCAL.exec(v);
  return local ? `${local[1]} ${local[2]}${local[3] ?? ''}` : null;
}
