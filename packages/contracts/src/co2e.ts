import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------
// CO2e of a shipment (issue 17; docs/co2e.md): what the booking detail's panel shows, to the customer too.
// Numbers travel as decimal strings.
// ---------------------------------------------------------------------------------------------------------

/** How the figure was computed, or why there is none. */
export const CO2E_METHODS = ['TEU_KM', 'T_KM', 'NO_DISTANCE', 'NO_CARGO', 'NO_FACTOR'] as const;

/** GET /api/v1/Co2e/booking/{so_no}. */
export const ZCo2eBooking = z.object({
  so_no: z.string(),
  pol: z.string(),
  pod: z.string(),
  mode: z.string(),
  service: z.string(),
  teu: z.string(),
  tonnes: z.string(),
  /** Great-circle POL→POD × the mode's distance factor + its added km; null when a port has no coordinates. */
  distance_km: z.string().nullable(),
  /** 'TEU_KM' (kg CO2e per TEU-km) or 'T_KM' (kg CO2e per tonne-km). */
  factor_unit: z.string().nullable(),
  factor: z.string().nullable(),
  kg_co2e: z.string().nullable(),
  method: z.enum(CO2E_METHODS),
  /** The factor's source text from the reference table (GLEC Framework / ISO 14083 default). */
  source: z.string().nullable(),
  /**
   * The shipped GLEC default the source text is ('SEA_FCL', 'AIR_ANY'…), which the web app words in the
   * reader's language (issue 39); null when the reference row's source was edited (then shown as written).
   */
  source_key: z.string().nullable().optional(),
  /** WTW (well-to-wheel). */
  scope: z.string().nullable(),
  /** Null for a cancelled booking (no figure). */
  cancelled: z.boolean(),
});
export type TCo2eBooking = z.infer<typeof ZCo2eBooking>;
