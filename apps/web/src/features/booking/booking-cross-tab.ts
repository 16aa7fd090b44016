import type { TBooking } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type CrossTabKind, signalOtherTabs, useOtherTabSignal } from '../../shared/cross-tab/cross-tab';

/** The booking's sailing as its house bill prints it: changing any of these is a house-bill sailing change. */
export const HBL_SAILING_FIELDS = [
  'sailing_id',
  'carrier_code',
  'vessel_name',
  'voyage',
  'etd',
  'eta',
  'cfs_closing',
  'cy_closing',
  'vgm_closing',
  'si_closing',
] as const satisfies readonly (keyof TBooking)[];
/** The ISF and ENS filing parties. */
export const FILING_PARTY_FIELDS = [
  'isf_parties',
  'ens_parties',
] as const satisfies readonly (keyof TBooking)[];

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const differs = (before: TBooking, after: TBooking, fields: readonly (keyof TBooking)[]) =>
  fields.some((f) => !same(before[f], after[f]));

/**
 * Which 000 §4 cross-tab signals a saved booking raises, comparing it with the version this tab had: its
 * house-bill sailing, its filing parties. A new booking (nothing before) is open in no other tab.
 */
export function bookingSignals(before: TBooking | undefined, after: TBooking): CrossTabKind[] {
  if (!before || before.so_no !== after.so_no) return [];
  const kinds: CrossTabKind[] = [];
  if (differs(before, after, HBL_SAILING_FIELDS)) kinds.push('hblSailing');
  if (differs(before, after, FILING_PARTY_FIELDS)) kinds.push('filingParty');
  return kinds;
}

/** Tells the other tabs what a save changed (called where every booking save lands, before the cache moves on). */
export function signalBookingSaved(before: TBooking | undefined, after: TBooking): void {
  for (const kind of bookingSignals(before, after)) signalOtherTabs(kind, { id: after.so_no });
}

/**
 * The open booking screen listens to the other tabs: a changed sailing schedule re-reads its sailing panel
 * (Related sailings with their cut-offs); a change of this booking's house-bill sailing or filing parties
 * re-reads the booking. The detail page takes the newer version only into a form without unsaved input;
 * otherwise `onStale` lets it say so (and offer Reload) while the input stays.
 */
export function useBookingCrossTab(
  soNo: string | null,
  { version, isDirty, onStale }: { version: number | undefined; isDirty: () => boolean; onStale: () => void },
): void {
  const qc = useQueryClient();
  const related = ['booking', soNo ?? '', 'related'];
  useOtherTabSignal('sailing', () => {
    if (soNo) void qc.invalidateQueries({ queryKey: related });
  });
  const reread = async (flag: { id?: string | number }) => {
    if (!soNo || flag.id !== soNo) return;
    void qc.invalidateQueries({ queryKey: related });
    void qc.invalidateQueries({ queryKey: ['booking', 'list'] });
    await qc.refetchQueries({ queryKey: ['booking', 'one', soNo], exact: true });
    const fresh = qc.getQueryData<TBooking>(['booking', 'one', soNo]);
    if (fresh && version !== undefined && fresh.version !== version && isDirty()) onStale();
  };
  useOtherTabSignal('hblSailing', reread);
  useOtherTabSignal('filingParty', reread);
}
