import { BOOKING_MSG, MSG, type TFieldError, type TRateQuoteRequest } from '@portal/contracts';
import type { DbOrTx } from '../../platform/db/client';
import { AppError } from '../../platform/errors/app-error';
import { rateRepository } from '../rate';
import { proposedSailing, type SailingVoyage } from '../sailing-schedule';
import type { ProposalRateLine } from './booking-approval.tables';
import { approvalSailingsRepository as repo, type SailingRow } from './booking-approval-sailings.repository';

export type { SailingRow };

/** A booking's equipment as a rate quote mix: one line per container type (40HC counts as 40HQ). */
export async function equipmentMix(db: DbOrTx, soId: number) {
  const rows = await repo.equipment(db, soId);
  const mix = new Map<string, number>();
  for (const r of rows) {
    const t = r.size_type.trim().toUpperCase().replace(/HC$/, 'HQ');
    mix.set(t, (mix.get(t) ?? 0) + r.qty);
  }
  return [...mix].map(([container_type, qty]) => ({ container_type, qty }));
}
export type EquipmentMix = Awaited<ReturnType<typeof equipmentMix>>;

/** Rates (any carrier) on the lane valid on `onDate` that price every container type of `mix`, cheapest first. */
export async function quoteRates(
  db: DbOrTx,
  lane: { pol: string; pod: string },
  onDate: string,
  mix: EquipmentMix,
) {
  if (!mix.length) return [];
  const priced = await rateRepository.quote(db, {
    pol: lane.pol,
    pod: lane.pod,
    on_date: onDate,
    containers: mix as TRateQuoteRequest['containers'],
  });
  if (!priced.length) return [];
  const rates = new Map(
    (
      await rateRepository.byIds(
        db,
        priced.map((p) => p.rate_id),
      )
    ).map((r) => [r.rate_id, r]),
  );
  return priced.flatMap((p) => {
    const r = rates.get(p.rate_id);
    if (!r) return [];
    return [
      {
        rate_id: p.rate_id,
        carrier_code: r.carrier_code,
        currency: r.currency,
        rate_containers: p.lines as ProposalRateLine[],
        total_rate: p.total_rate,
      },
    ];
  });
}
export type RateQuote = Awaited<ReturnType<typeof quoteRates>>[number];

export const sailingById = (db: DbOrTx, id: number): Promise<SailingRow | undefined> =>
  repo.activeSailing(db, id);

/** A proposal as stored: the sailing and the rate's prices copied at proposal time. */
export interface PricedProposal extends SailingVoyage {
  sailing_id: number;
  rate_id: number | null;
  is_tbc: boolean;
  cfs_cutoff: string | null;
  cy_cutoff: string | null;
  vgm_cutoff: string | null;
  si_cutoff: string | null;
  currency: string | null;
  rate_containers: ProposalRateLine[];
  total_rate: string | null;
  remarks: string | null;
}

/**
 * Checks and prices the proposed sailings of a booking (001 §5 Rates and sailings): each sailing must exist
 * (active) and run the booking's POL → POD (422 msgSailingPortsMismatch on proposals.<i>.sailing_id); a rate,
 * when given, must be on the same lane, valid on the sailing's ETD and price every container type of the
 * booking's equipment (422 msgRateSizesMismatch on proposals.<i>.rate_id). All problems answer at once.
 */
export async function priceProposals(
  db: DbOrTx,
  booking: { so_id: number; pol: string; pod: string },
  input: { sailing_id: number; rate_id?: number | null; remarks?: string | null }[],
): Promise<PricedProposal[]> {
  const mix = await equipmentMix(db, booking.so_id);
  const details: TFieldError[] = [];
  const out: PricedProposal[] = [];
  for (const [i, p] of input.entries()) {
    const s = await sailingById(db, p.sailing_id);
    if (!s) {
      details.push({ field: `proposals.${i}.sailing_id`, msgKey: MSG.fieldInvalid });
      continue;
    }
    if (s.pol !== booking.pol || s.pod !== booking.pod) {
      details.push({ field: `proposals.${i}.sailing_id`, msgKey: BOOKING_MSG.sailingPortsMismatch });
      continue;
    }
    let rate: RateQuote | undefined;
    if (p.rate_id) {
      rate = (await quoteRates(db, booking, s.etd, mix)).find((q) => q.rate_id === p.rate_id);
      if (!rate) {
        details.push({ field: `proposals.${i}.rate_id`, msgKey: BOOKING_MSG.rateSizesMismatch });
        continue;
      }
    }
    out.push({
      ...proposedSailing(s),
      rate_id: rate?.rate_id ?? null,
      is_tbc: s.is_tbc,
      cfs_cutoff: s.cfs_cutoff,
      cy_cutoff: s.cy_cutoff,
      vgm_cutoff: s.vgm_cutoff,
      si_cutoff: s.si_cutoff,
      currency: rate?.currency ?? null,
      rate_containers: rate?.rate_containers ?? [],
      total_rate: rate?.total_rate ?? null,
      remarks: p.remarks?.trim() || null,
    });
  }
  if (details.length) throw new AppError(422, details[0].msgKey, { details });
  return out;
}

/** Days between two ISO dates (ETA − ETD). */
export const transitDays = (etd: string, eta: string) =>
  Math.round((Date.parse(`${eta}T00:00:00Z`) - Date.parse(`${etd}T00:00:00Z`)) / 86_400_000);
