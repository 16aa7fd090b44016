// Shared pieces of the carrier DCSA stand-in (development and tests only): the carrier's fixed wording, the
// error the flows throw, small date and text helpers.
import { createHash, randomBytes } from 'node:crypto';

/** The demo carrier (main.mjs without CARRIER_DCSA_STANDIN_CARRIERS): env overrides each of these. */
export const DEMO_CARRIER_CODE = 'COSU';
export const DEMO_CLIENT_ID = 'portal-demo';
export const DEMO_CLIENT_SECRET = 'Dcsa-Demo-Secret-2026';
export const DEMO_NOTIFY_SECRET = 'Dcsa-Notify-Secret-2026';

/** The sailing a carrier uses where the request names none (and for an SI whose booking it does not know). */
export const DEFAULT_SAILING = {
  vesselName: 'STAND-IN EXPRESS',
  vesselIMONumber: '9811000',
  carrierExportVoyageNumber: '101E',
  carrierServiceCode: 'SIX',
  portOfLoading: 'CNSHA',
  portOfDischarge: 'USLAX',
  daysToDeparture: 10,
  transitDays: 14,
};
/** The clause every draft transport document carries (not in the shipper's instructions: a visible difference). */
export const CARRIER_CLAUSE = 'SHIPPER LOAD, STOW, WEIGHT AND COUNT. SAID TO CONTAIN.';
export const TERMS =
  'Carriage is subject to the carrier stand-in terms and conditions of carriage (development and tests only).';

/** The carrier's own printed port names (what a draft shows as displayedNameFor...). */
export const PORT_NAMES = {
  CNSHA: 'SHANGHAI, CHINA',
  CNNGB: 'NINGBO, CHINA',
  CNYTN: 'YANTIAN, CHINA',
  CNSZX: 'SHENZHEN, CHINA',
  HKHKG: 'HONG KONG',
  SGSIN: 'SINGAPORE',
  USLAX: 'LOS ANGELES, CA, USA',
  USLGB: 'LONG BEACH, CA, USA',
  USNYC: 'NEW YORK, NY, USA',
  USORF: 'NORFOLK, VA, USA',
  NLRTM: 'ROTTERDAM, NETHERLANDS',
  DEHAM: 'HAMBURG, GERMANY',
  DEBRV: 'BREMERHAVEN, GERMANY',
  GBFXT: 'FELIXSTOWE, UNITED KINGDOM',
};

export const STATUS_TEXT = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

/** An answer the handlers throw: an HTTP status and DCSA DetailedErrors. */
export class Fault extends Error {
  constructor(status, errors) {
    super(errors[0]?.errorCodeMessage ?? STATUS_TEXT[status]);
    this.status = status;
    this.errors = errors;
  }
}
export const fault = (status, text, message, where = {}) =>
  new Fault(status, [{ errorCodeText: text, errorCodeMessage: message, ...where }]);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Drops undefined members (JSON.stringify would too, but the documents are kept and compared as objects). */
export const clean = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
export const today = () => new Date().toISOString().slice(0, 10);
export const addDays = (date, n) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
export const digits = (seed, n) =>
  String(Number.parseInt(createHash('sha256').update(seed).digest('hex').slice(0, 12), 16))
    .slice(-n)
    .padStart(n, '0');
export const alnum = (n) =>
  [...randomBytes(n)].map((b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');
export const truncate = (s, n) => (typeof s === 'string' && s.length > n ? s.slice(0, n) : s);
