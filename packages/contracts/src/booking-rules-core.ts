import type { TShippingOrderFields } from './booking';
import {
  BOOKING_MSG,
  type ENS_ROLES,
  ETD_CARGO_READY_WARNING_DAYS,
  ISF_ROLES,
  WEIGHT_CBM_TOLERANCE,
} from './booking-catalogue';
import {
  type BookingStage,
  needsEns,
  needsIsf,
  SAILING_FIELDS,
  sailingRequired,
} from './booking-form-catalogue';
import { MSG } from './msg-keys';
import { isValidState, isValidZip } from './validators/address';
import { containerNoError, normalizeContainerNo } from './validators/container-number-core';

// The booking rules without zod (issue 20): they need the schemas' types only, so the booking form can check
// with them before the schemas load. booking-rules.ts re-exports everything here beside its zod schemas.

/** One finding of the booking rules: the field path, its message key (and params), error or warning. */
export interface BookingIssue {
  path: (string | number)[];
  message: string;
  params?: Record<string, string | number>;
  level: 'error' | 'warning';
}

/** Facts the rules need beyond the form: the chosen sailing and rate, when there is one, and the stage. */
export interface BookingRuleContext {
  sailing?: { pol: string; pod: string; is_tbc: boolean } | null;
  rate?: { container_sizes: string[] } | null;
  /** Without a stage the sailing is not required (a save of a new booking). */
  stage?: BookingStage;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * "Required" on each sailing field left blank when the stage needs the sailing. Takes raw input too, so a form
 * whose other fields do not parse yet still shows these beside the schema's own messages.
 */
export function missingSailing(
  v: Partial<Record<string, unknown>>,
  stage: BookingStage | undefined,
): BookingIssue[] {
  if (!sailingRequired(stage)) return [];
  return SAILING_FIELDS.filter((f) => isBlank(v[f])).map((f) => ({
    path: [f],
    message: MSG.fieldRequired,
    level: 'error' as const,
  }));
}

/** ENS roles required for cargo to the EU (see docs/booking-notes/server-core.md). */
export const ENS_REQUIRED_ROLES = [
  'SHIPPER',
  'CONSIGNEE',
] as const satisfies readonly (typeof ENS_ROLES)[number][];
/** ISF roles required for cargo to the US: all six ("10+2" importer security filing). */
export const ISF_REQUIRED_ROLES = ISF_ROLES;

const DAY_MS = 86_400_000;
const dayOf = (localDateTime: string) => localDateTime.slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const num = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? 0 : Number(v);
/** Sums decimals exactly to 3 places (values are kept in thousandths to avoid float drift). */
const sum = (values: (string | number | null | undefined)[]) =>
  values.reduce<number>((a, v) => a + Math.round(num(v) * 1000), 0) / 1000;
const differs = (a: number, b: number, tolerance: number) => Math.abs(a - b) > tolerance + 1e-9;
/** Size codes compared loosely: upper case, "HC" and "HQ" (high cube) treated alike. */
const sizeKey = (s: string) => s.trim().toUpperCase().replace(/HC$/, 'HQ');

type Push = (path: BookingIssue['path'], message: string, params?: BookingIssue['params']) => void;

function partiesAndDates(v: TShippingOrderFields, err: Push, warn: Push) {
  if (!v.nomination_agent_id && !v.release_agent_id) {
    err(['nomination_agent_id'], MSG.fieldRequired);
    err(['release_agent_id'], MSG.fieldRequired);
  }
  if (v.etd <= v.cargo_ready_date) err(['etd'], BOOKING_MSG.etdBeforeCargoReady);
  else if (daysBetween(v.cargo_ready_date, v.etd) > ETD_CARGO_READY_WARNING_DAYS)
    warn(['etd'], BOOKING_MSG.etdFarAfterCargoReady, { days: ETD_CARGO_READY_WARNING_DAYS });
  if (v.pld_eta && (v.pld_eta < v.eta || (v.fd_eta && v.pld_eta > v.fd_eta)))
    err(['pld_eta'], BOOKING_MSG.pldEtaOutOfRange);
  if (v.fd_eta && (v.fd_eta < v.eta || (v.pld_eta && v.fd_eta < v.pld_eta)))
    err(['fd_eta'], BOOKING_MSG.fdEtaTooEarly);
}

function containerLines(v: TShippingOrderFields, err: Push) {
  const booked = new Set(v.equipment.map((e) => sizeKey(e.size_type)));
  const seen = new Set<string>();
  v.containers.forEach((c, i) => {
    const at = (field: string) => ['containers', i, field];
    if (!c.seal_no) err(at('seal_no'), MSG.fieldRequired);
    if (!c.carrier_booking_no) err(at('carrier_booking_no'), MSG.fieldRequired);
    if (c.package_qty === null) err(at('package_qty'), MSG.fieldRequired);
    if (c.container_no) {
      const no = normalizeContainerNo(c.container_no);
      const problem = containerNoError(no);
      if (problem) err(at('container_no'), problem);
      else if (seen.has(no)) err(at('container_no'), BOOKING_MSG.containerNoDuplicate, { value: no });
      seen.add(no);
    }
    if (!booked.has(sizeKey(c.size_type)))
      err(at('size_type'), BOOKING_MSG.containerSizeNotBooked, { value: c.size_type });
    if (c.cy_gate_in_at && dayOf(c.cy_gate_in_at) > v.etd) err(at('cy_gate_in_at'), BOOKING_MSG.dateAfterEtd);
    if (c.cfs_received_at && dayOf(c.cfs_received_at) > v.etd)
      err(at('cfs_received_at'), BOOKING_MSG.dateAfterEtd);
    else if (c.cfs_received_at && c.cy_gate_in_at && c.cfs_received_at > c.cy_gate_in_at)
      err(at('cfs_received_at'), BOOKING_MSG.cfsAfterCyGateIn);
    if (c.ex_factory_date && c.ex_factory_date < v.cargo_ready_date)
      err(at('ex_factory_date'), BOOKING_MSG.exFactoryBeforeCargoReady);
    if (v.service_type === 'LCL') {
      if (c.package_qty !== null && c.package_qty < 1) err(at('package_qty'), BOOKING_MSG.lclContainerEmpty);
      if (!(num(c.gross_weight) > 0)) err(at('gross_weight'), BOOKING_MSG.lclContainerEmpty);
      if (!(num(c.cbm) > 0)) err(at('cbm'), BOOKING_MSG.lclContainerEmpty);
    }
  });
}

function quantities(v: TShippingOrderFields, err: Push) {
  const tolerance = { tolerance: WEIGHT_CBM_TOLERANCE };
  const cs = v.containers;
  const containerGw = sum(cs.map((c) => c.gross_weight));
  const containerCbm = sum(cs.map((c) => c.cbm));
  if (v.gross_weight !== null && cs.some((c) => c.gross_weight !== null))
    if (differs(containerGw, num(v.gross_weight), WEIGHT_CBM_TOLERANCE))
      err(['gross_weight'], BOOKING_MSG.weightCbmMismatch, tolerance);
  if (v.cbm !== null && cs.some((c) => c.cbm !== null))
    if (differs(containerCbm, num(v.cbm), WEIGHT_CBM_TOLERANCE))
      err(['cbm'], BOOKING_MSG.weightCbmMismatch, tolerance);
  if (!v.hs_lines.length) return;
  // HS totals align with the containers, or with the booking's own totals while there are no container lines.
  const target = cs.length
    ? {
        package_qty: cs.some((c) => c.package_qty !== null) ? sum(cs.map((c) => c.package_qty)) : null,
        gross_weight: cs.some((c) => c.gross_weight !== null) ? containerGw : null,
        cbm: cs.some((c) => c.cbm !== null) ? containerCbm : null,
      }
    : {
        package_qty: v.package_qty,
        gross_weight: v.gross_weight === null ? null : num(v.gross_weight),
        cbm: v.cbm === null ? null : num(v.cbm),
      };
  const hs = v.hs_lines;
  const checks = [
    ['package_qty', sum(hs.map((h) => h.package_qty)), target.package_qty, 0],
    ['gross_weight', sum(hs.map((h) => h.gross_weight)), target.gross_weight, WEIGHT_CBM_TOLERANCE],
    ['cbm', sum(hs.map((h) => h.cbm)), target.cbm, WEIGHT_CBM_TOLERANCE],
  ] as const;
  for (const [total, hsTotal, want, tol] of checks) {
    if (want !== null && differs(hsTotal, want, tol))
      err(['hs_lines'], BOOKING_MSG.hsTotalsMismatch, { total, tolerance: tol });
  }
}

function rateAndSailing(v: TShippingOrderFields, ctx: BookingRuleContext, err: Push) {
  if (ctx.rate) {
    const sizes = new Set(ctx.rate.container_sizes.map(sizeKey));
    const missing = v.equipment.map((e) => e.size_type).filter((s) => !sizes.has(sizeKey(s)));
    if (missing.length) err(['rate_id'], BOOKING_MSG.rateSizesMismatch, { value: missing.join(', ') });
  }
  if (ctx.sailing && (ctx.sailing.pol !== v.pol || ctx.sailing.pod !== v.pod))
    err(['sailing_id'], BOOKING_MSG.sailingPortsMismatch);
  if (v.space_status === 'RELEASED_SO') {
    if (!v.sailing_id) err(['sailing_id'], BOOKING_MSG.sailingRequired);
    else if (ctx.sailing?.is_tbc) err(['sailing_id'], BOOKING_MSG.tbcSailingReleased);
  }
}

type Address = { role: string; country_code: string; state: string | null; zip: string | null };

function filingParties(
  list: 'isf_parties' | 'ens_parties',
  parties: readonly Address[],
  required: readonly string[],
  requiredMsg: string,
  err: Push,
) {
  const roles = new Set<string>();
  parties.forEach((p, i) => {
    if (roles.has(p.role)) err([list, i, 'role'], BOOKING_MSG.partyRoleDuplicate, { role: p.role });
    roles.add(p.role);
    if (!isValidState(p.country_code, p.state)) err([list, i, 'state'], BOOKING_MSG.stateInvalid);
    if (!isValidZip(p.country_code, p.zip)) err([list, i, 'zip'], BOOKING_MSG.zipInvalid);
  });
  for (const role of required) if (!roles.has(role)) err([list], requiredMsg, { role });
}

/**
 * Every cross-field rule of 001 §5 Booking, shared by the server (refuses errors with 400 details, returns
 * warnings beside the saved booking) and the form (shows the same messages on the same fields). Paths name
 * form fields, e.g. ['containers', 2, 'seal_no']. Single-field rules live in ZShippingOrderFields.
 */
export function bookingIssues(v: TShippingOrderFields, ctx: BookingRuleContext = {}): BookingIssue[] {
  const issues: BookingIssue[] = [];
  const err: Push = (path, message, params) =>
    issues.push(params ? { path, message, params, level: 'error' } : { path, message, level: 'error' });
  const warn: Push = (path, message, params) =>
    issues.push(params ? { path, message, params, level: 'warning' } : { path, message, level: 'warning' });
  issues.push(...missingSailing(v, ctx.stage));
  partiesAndDates(v, err, warn);
  containerLines(v, err);
  quantities(v, err);
  rateAndSailing(v, ctx, err);
  filingParties(
    'isf_parties',
    v.isf_parties,
    needsIsf(v) ? ISF_REQUIRED_ROLES : [],
    BOOKING_MSG.isfPartyRequired,
    err,
  );
  filingParties(
    'ens_parties',
    v.ens_parties,
    needsEns(v) ? ENS_REQUIRED_ROLES : [],
    BOOKING_MSG.ensPartyRequired,
    err,
  );
  return issues;
}

/** An issue as an API field detail / warning: the path joined with dots ("containers.2.seal_no"). */
export const issueField = (i: BookingIssue) => i.path.join('.');
