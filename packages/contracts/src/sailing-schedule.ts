import { z } from 'zod';
import { exportLang, isoDate, optText, optUpperCode, recordStamps, upper, versionRead } from './fields';
import { customFiltersParam, listResponse, ZListQuery } from './list';
import { MSG } from './msg-keys';
import { SAILING_SORTABLE, SAILING_STATUSES } from './screen-catalogue';

export { SAILING_FILTER_FIELDS, SAILING_SORTABLE, SAILING_STATUSES } from './screen-catalogue';

export const MAX_SAILING_LEGS = 10;
/** TBC rule (001 §4, §9): on this day of each month TBC ETDs move to the last day of the next month. */
export const TBC_REFRESH_DAY = 16;

/** True when `imo` is 7 digits whose last is the IMO check digit (weights 7..2 of the first six, mod 10). */
export function isValidImo(imo: string): boolean {
  if (!/^\d{7}$/.test(imo)) return false;
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(imo[i]) * (7 - i);
  return sum % 10 === Number(imo[6]);
}

/** The last day of the month after the one `today` ('YYYY-MM-DD') is in, as 'YYYY-MM-DD'. */
export function lastDayOfNextMonth(today: string): string {
  const [y, m] = today.split('-').map(Number);
  // Day 0 of month m+2 (1-based m → 0-based index m+1) is the last day of month m+1.
  const d = new Date(Date.UTC(y, m + 1, 0));
  return d.toISOString().slice(0, 10);
}

/** UN/LOCODE: 2-letter country + 3 letters or digits 2-9. */
export const ZLocode = z
  .string()
  .transform(upper)
  .pipe(
    z
      .string()
      .min(1, MSG.fieldRequired)
      .regex(/^[A-Z]{2}[A-Z2-9]{3}$/, MSG.locodeInvalid),
  );
const optionalLocode = z
  .string()
  .transform(upper)
  .pipe(z.string().regex(/^([A-Z]{2}[A-Z2-9]{3})?$/, MSG.locodeInvalid))
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * A cut-off: the port's local wall-clock time as the carrier publishes it, 'YYYY-MM-DDTHH:mm'
 * (stored as `timestamp` without zone; see docs/decisions.md).
 */
export const ZLocalDateTime = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, MSG.fieldInvalid)
  .refine((v) => {
    const d = new Date(`${v}:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 16) === v;
  }, MSG.fieldInvalid);
const optionalCutoff = z
  .union([z.literal(''), ZLocalDateTime])
  .nullish()
  .transform((v) => v || null);
const requiredUpper = (max: number) =>
  z.string().transform(upper).pipe(z.string().min(1, MSG.fieldRequired).max(max, MSG.fieldTooLong));

/** IMO number: 7 digits with the check digit; "IMO 9074729" is accepted and stored as 9074729. */
export const ZImo = z
  .string()
  .transform((s) => s.replace(/^\s*IMO\s*/i, '').trim())
  .pipe(z.string().refine((v) => v === '' || isValidImo(v), MSG.imoInvalid))
  .nullish()
  .transform((v) => (v ? v : null));

/** One leg of a sailing, in order: from port_from on etd to port_to on eta. */
export const ZSailingLeg = z.object({
  etd: isoDate,
  eta: isoDate,
  vessel_name: requiredUpper(60),
  voyage: requiredUpper(20),
  service_code: optUpperCode(10),
  port_from: ZLocode,
  port_to: ZLocode,
});
export type TSailingLeg = z.output<typeof ZSailingLeg>;

/** Fields an administrator edits on a sailing (001 §3 Sailing schedule). */
export const ZSailingScheduleFields = z.object({
  carrier_code: z
    .string()
    .transform(upper)
    .pipe(z.string().min(1, MSG.fieldRequired).max(4, MSG.fieldTooLong))
    .describe('Carrier code (carriers)'),
  vessel_name: requiredUpper(60).describe('Mother vessel name'),
  imo: ZImo.describe('IMO number of the mother vessel: 7 digits with the check digit'),
  voyage: requiredUpper(20),
  service_name: optText(60),
  service_code: optUpperCode(10),
  pol: ZLocode.describe('Port of loading, UN/LOCODE'),
  pod: ZLocode.describe('Port of discharge, UN/LOCODE'),
  etd: isoDate.describe('Departure from POL (provisional when is_tbc)'),
  eta: isoDate.describe('Arrival at POD'),
  transshipment_port: optionalLocode,
  cfs_cutoff: optionalCutoff.describe('CFS cut-off, port-local YYYY-MM-DDTHH:mm'),
  cy_cutoff: optionalCutoff.describe('CY cut-off, port-local YYYY-MM-DDTHH:mm'),
  vgm_cutoff: optionalCutoff.describe('VGM cut-off, port-local YYYY-MM-DDTHH:mm'),
  si_cutoff: optionalCutoff.describe('SI cut-off, port-local YYYY-MM-DDTHH:mm'),
  is_manual: z.boolean().default(true).describe('Entered by hand rather than from a carrier feed'),
  is_tbc: z.boolean().default(false).describe('ETD to be confirmed: refreshed on the 16th of each month'),
  status: z.enum(SAILING_STATUSES, { message: MSG.fieldRequired }),
  legs: z.array(ZSailingLeg).max(MAX_SAILING_LEGS).default([]),
});

export const CUTOFF_FIELDS = ['cfs_cutoff', 'cy_cutoff', 'vgm_cutoff', 'si_cutoff'] as const;

type SailingShape = z.output<typeof ZSailingScheduleFields>;
type Issue = { path: (string | number)[]; message: string };

/**
 * The cross-field rules of a sailing (docs/decisions.md "Sailing schedules"): POL ≠ POD, ETA ≥ ETD,
 * every cut-off on or before the ETD day, CFS cut-off ≤ CY cut-off, legs chained from POL to POD with
 * dates in order, first leg ETD = ETD and last leg ETA = ETA, transshipment port between POL and POD.
 */
export function sailingIssues(v: SailingShape): Issue[] {
  const out: Issue[] = [];
  if (v.pol && v.pod && v.pol === v.pod) out.push({ path: ['pod'], message: MSG.polEqualsPod });
  if (v.etd && v.eta && v.eta < v.etd) out.push({ path: ['eta'], message: MSG.etaBeforeEtd });
  for (const f of CUTOFF_FIELDS) {
    const c = v[f];
    if (c && v.etd && c.slice(0, 10) > v.etd) out.push({ path: [f], message: MSG.cutoffAfterEtd });
  }
  if (v.cfs_cutoff && v.cy_cutoff && v.cfs_cutoff > v.cy_cutoff)
    out.push({ path: ['cfs_cutoff'], message: MSG.cfsCutoffAfterCy });
  const legs = v.legs ?? [];
  legs.forEach((leg, i) => {
    const from = i === 0 ? v.pol : legs[i - 1].port_to;
    if (from && leg.port_from !== from)
      out.push({ path: ['legs', i, 'port_from'], message: MSG.legPortsNotConnected });
    if (leg.port_from === leg.port_to)
      out.push({ path: ['legs', i, 'port_to'], message: MSG.legPortsNotConnected });
    if (leg.eta < leg.etd) out.push({ path: ['legs', i, 'eta'], message: MSG.etaBeforeEtd });
    if (i > 0 && leg.etd < legs[i - 1].eta)
      out.push({ path: ['legs', i, 'etd'], message: MSG.legDatesOutOfOrder });
  });
  if (legs.length) {
    const last = legs.length - 1;
    if (v.pod && legs[last].port_to !== v.pod)
      out.push({ path: ['legs', last, 'port_to'], message: MSG.legPortsNotConnected });
    if (v.etd && legs[0].etd !== v.etd)
      out.push({ path: ['legs', 0, 'etd'], message: MSG.legEtdNotSailingEtd });
    if (v.eta && legs[last].eta !== v.eta)
      out.push({ path: ['legs', last, 'eta'], message: MSG.legEtaNotSailingEta });
  }
  const ts = v.transshipment_port;
  if (ts) {
    const via = legs.slice(1).map((l) => l.port_from);
    if (ts === v.pol || ts === v.pod || (legs.length > 1 && !via.includes(ts)))
      out.push({ path: ['transshipment_port'], message: MSG.transshipmentPortInvalid });
  }
  return out;
}

const sailingRules = (v: SailingShape, ctx: z.RefinementCtx) => {
  for (const i of sailingIssues(v)) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
};

export const ZCreateSailingScheduleRequest = ZSailingScheduleFields.superRefine(sailingRules);
export type TCreateSailingScheduleRequest = z.input<typeof ZCreateSailingScheduleRequest>;
export const ZUpdateSailingScheduleRequest = ZSailingScheduleFields.extend({
  version: versionRead,
}).superRefine(sailingRules);
export type TUpdateSailingScheduleRequest = z.input<typeof ZUpdateSailingScheduleRequest>;

export const ZSailingSchedule = z.object({
  sailing_schedule_id: z.number().int(),
  carrier_code: z.string(),
  carrier_name: z.string().nullable(),
  vessel_name: z.string(),
  imo: z.string().nullable(),
  voyage: z.string(),
  service_name: z.string().nullable(),
  service_code: z.string().nullable(),
  pol: z.string(),
  pod: z.string(),
  etd: z.string(),
  eta: z.string(),
  transit_days: z.number().int().describe('ETA minus ETD in days'),
  transshipment_port: z.string().nullable(),
  cfs_cutoff: z.string().nullable(),
  cy_cutoff: z.string().nullable(),
  vgm_cutoff: z.string().nullable(),
  si_cutoff: z.string().nullable(),
  is_manual: z.boolean(),
  is_tbc: z.boolean(),
  status: z.string(),
  legs: z.array(
    z.object({
      seq: z.number().int(),
      etd: z.string(),
      eta: z.string(),
      vessel_name: z.string(),
      voyage: z.string(),
      service_code: z.string().nullable(),
      port_from: z.string(),
      port_to: z.string(),
    }),
  ),
  ...recordStamps,
});
export type TSailingSchedule = z.infer<typeof ZSailingSchedule>;

const boolParam = z.enum(['true', 'false']).transform((v) => v === 'true');
const locodeParam = z
  .string()
  .transform(upper)
  .pipe(z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/, MSG.locodeInvalid));

/** List of sailings; pol + pod + etd_from/etd_to is the comparison query (index sailing_schedules_lane_etd_idx). */

export const ZSailingScheduleListQuery = ZListQuery.extend({
  filters: customFiltersParam('SAILING_FILTER_FIELDS'),
  sort: z.enum(SAILING_SORTABLE).optional(),
  carrier_code: z.string().transform(upper).pipe(z.string().max(4)).optional(),
  pol: locodeParam.optional(),
  pod: locodeParam.optional(),
  etd_from: isoDate.optional().describe('ETD on or after'),
  etd_to: isoDate.optional().describe('ETD on or before'),
  is_tbc: boolParam.optional(),
  status: z.enum(SAILING_STATUSES).optional(),
});

/** The export's query: the list's filters and the language of the column headers. */
export const ZSailingScheduleExportQuery = ZSailingScheduleListQuery.extend(exportLang);
export type TSailingScheduleListQuery = z.infer<typeof ZSailingScheduleListQuery>;
export const ZSailingScheduleListResponse = listResponse(ZSailingSchedule);
export type TSailingScheduleListResponse = z.infer<typeof ZSailingScheduleListResponse>;
export const ZSailingScheduleIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
