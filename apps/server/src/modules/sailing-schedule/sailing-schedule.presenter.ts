import type { TSailingSchedule } from '@portal/contracts';
import type { SailingLegRow, SailingRow } from './sailing-schedule.repository';

const iso = (v: string) => new Date(v).toISOString();
/** 'YYYY-MM-DD HH:mm:ss' (timestamp without zone) → 'YYYY-MM-DDTHH:mm', the wire format of cut-offs. */
export const localMinute = (v: string | null) => (v ? v.replace(' ', 'T').slice(0, 16) : null);
const DAY_MS = 86_400_000;
/** Whole days from ETD to ETA (both calendar dates). */
export const transitDays = (etd: string, eta: string) =>
  Math.round((Date.parse(`${eta}T00:00:00Z`) - Date.parse(`${etd}T00:00:00Z`)) / DAY_MS);

/** What a sailing looks like on the wire. */
export const presentSailing = (r: SailingRow, legs: SailingLegRow[] = []): TSailingSchedule => ({
  sailing_schedule_id: r.sailing_schedule_id,
  carrier_code: r.carrier_code,
  carrier_name: r.carrier_name,
  vessel_name: r.vessel_name,
  imo: r.imo,
  voyage: r.voyage,
  service_name: r.service_name,
  service_code: r.service_code,
  pol: r.pol,
  pod: r.pod,
  etd: r.etd,
  eta: r.eta,
  transit_days: transitDays(r.etd, r.eta),
  transshipment_port: r.transshipment_port,
  cfs_cutoff: localMinute(r.cfs_cutoff),
  cy_cutoff: localMinute(r.cy_cutoff),
  vgm_cutoff: localMinute(r.vgm_cutoff),
  si_cutoff: localMinute(r.si_cutoff),
  is_manual: r.is_manual,
  is_tbc: r.is_tbc,
  status: r.status,
  legs: legs.map((l) => ({
    seq: l.seq,
    etd: l.etd,
    eta: l.eta,
    vessel_name: l.vessel_name,
    voyage: l.voyage,
    service_code: l.service_code,
    port_from: l.port_from,
    port_to: l.port_to,
  })),
  version: r.version,
  created_at: iso(r.created_at),
  created_by: r.created_by,
  updated_at: iso(r.updated_at),
  updated_by: r.updated_by,
});

/** A sailing's carrier, vessel, voyage, ports and dates (as text): what a proposal copies and the Related panel reads. */
export type SailingVoyage = {
  carrier_code: string;
  vessel_name: string;
  voyage: string;
  pol: string;
  pod: string;
  etd: string;
  eta: string;
};

/** The sailing part of a proposed sailing (booking approval, consolidation): its id and its voyage. */
export const proposedSailing = (s: SailingVoyage & { sailing_schedule_id: number }) => ({
  sailing_id: s.sailing_schedule_id,
  carrier_code: s.carrier_code,
  vessel_name: s.vessel_name,
  voyage: s.voyage,
  pol: s.pol,
  pod: s.pod,
  etd: s.etd,
  eta: s.eta,
});
