import { APPROVAL_MSG, BOOKING_MSG, money, type TCompareResponse, type TCompareRow } from '@portal/contracts';
import type { Actor } from '../../platform/access/access';
import type { Db, DbOrTx } from '../../platform/db/client';
import { AppError, notFound } from '../../platform/errors/app-error';
import { visibleOrderOrThrow } from '../booking';
import { equipmentMix, quoteRates, type RateQuote, transitDays } from './booking-approval.pricing';
import { approvalRepository } from './booking-approval.repository';
import { approvalSailingsRepository } from './booking-approval-sailings.repository';

/** Candidate sailings depart within this many days of the earliest ship date. */
export const COMPARE_WINDOW_DAYS = 45;
/** At most this many candidate sailings are compared per booking. */
export const COMPARE_MAX_SAILINGS = 100;

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const localOut = (v: string | null) => (v ? v.slice(0, 16).replace(' ', 'T') : null);

/** Marks the cheapest (lowest total in the most common currency) and fastest (shortest transit) rows. */
export function markBest(rows: TCompareRow[]) {
  const priced = rows.filter((r) => r.total_rate !== null && r.currency !== null);
  const counts = new Map<string, number>();
  for (const r of priced) counts.set(r.currency as string, (counts.get(r.currency as string) ?? 0) + 1);
  const currency = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  const inCurrency = priced.filter((r) => r.currency === currency);
  // Totals compared as decimals (money.ts), never as floats.
  const low = money.min(inCurrency.map((r) => r.total_rate as string));
  const fast = Math.min(...rows.map((r) => r.transit_days));
  for (const r of rows) {
    r.cheapest =
      r.currency === currency &&
      r.total_rate !== null &&
      low !== undefined &&
      money.compare(r.total_rate, low) === 0;
    r.fastest = r.transit_days === fast;
  }
  return rows;
}

/**
 * Rate and sailing comparison of one booking (/BMS/compareso): the active sailings on the booking's POL → POD
 * departing from the earliest ship date (cargo ready date or today, the later) to COMPARE_WINDOW_DAYS after,
 * each priced with the cheapest rate of the same carrier valid on its ETD that covers every container type of
 * the booking (unpriced when none). A failing rate search answers 502 msgRateSearchFailure.
 */
async function compareOne(db: DbOrTx, actor: Actor, soNo: string, today: string): Promise<TCompareResponse> {
  const o = await visibleOrderOrThrow(db, actor, soNo);
  const earliest = o.cargo_ready_date > today ? o.cargo_ready_date : today;
  const sailings = await approvalSailingsRepository.candidateSailings(db, {
    pol: o.pol,
    pod: o.pod,
    from: earliest,
    to: addDays(earliest, COMPARE_WINDOW_DAYS),
    limit: COMPARE_MAX_SAILINGS,
  });
  const mix = await equipmentMix(db, o.so_id);
  const quotes = new Map<string, RateQuote[]>();
  try {
    for (const etd of new Set(sailings.map((s) => s.etd))) quotes.set(etd, await quoteRates(db, o, etd, mix));
  } catch (e) {
    throw new AppError(502, APPROVAL_MSG.rateSearchFailure, { Message: (e as Error).message });
  }
  const proposed = new Set((await approvalRepository.proposals(db, o.so_id)).map((p) => p.sailing_id));
  const rows: TCompareRow[] = sailings.map((s) => {
    const rate = quotes.get(s.etd)?.find((q) => q.carrier_code === s.carrier_code);
    return {
      sailing_id: s.sailing_schedule_id,
      carrier_code: s.carrier_code,
      vessel_name: s.vessel_name,
      voyage: s.voyage,
      etd: s.etd,
      eta: s.eta,
      earliest_ship_date: earliest,
      est_ship_date: s.etd,
      transit_days: transitDays(s.etd, s.eta),
      is_tbc: s.is_tbc,
      cfs_cutoff: localOut(s.cfs_cutoff),
      cy_cutoff: localOut(s.cy_cutoff),
      vgm_cutoff: localOut(s.vgm_cutoff),
      si_cutoff: localOut(s.si_cutoff),
      rate_id: rate?.rate_id ?? null,
      currency: rate?.currency ?? null,
      rate_containers: rate?.rate_containers ?? [],
      total_rate: rate?.total_rate ?? null,
      cheapest: false,
      fastest: false,
      proposed: proposed.has(s.sailing_schedule_id),
    };
  });
  return {
    so_no: o.so_no,
    pol: o.pol,
    pod: o.pod,
    cargo_ready_date: o.cargo_ready_date,
    equipment: mix,
    rows: markBest(rows),
  };
}

const todayIso = () => new Date().toISOString().slice(0, 10);

export const compareService = {
  /** One booking; no candidate sailing at all → 404 msgNoRateFound ("no record or no rate found"). */
  async one(db: Db, actor: Actor, soNo: string): Promise<TCompareResponse> {
    const res = await compareOne(db, actor, soNo, todayIso());
    if (!res.rows.length) throw notFound(APPROVAL_MSG.noRateFound);
    return res;
  },

  /** Several bookings side by side (max 10, in the order asked); one without sailings answers empty rows. */
  async many(db: Db, actor: Actor, soNos: string[]): Promise<TCompareResponse[]> {
    const out: TCompareResponse[] = [];
    for (const so of soNos) out.push(await compareOne(db, actor, so, todayIso()));
    if (!out.length) throw notFound(BOOKING_MSG.notFound);
    return out;
  },
};
