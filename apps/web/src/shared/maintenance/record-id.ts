/** A record id from the route: a positive int, 'new', or null when malformed. */
export const parseRecordId = (raw: string | undefined): number | 'new' | null => {
  if (raw === 'new') return 'new';
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};
