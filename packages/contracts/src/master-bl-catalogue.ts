import type { MBL_SOURCES, MBL_STATUSES } from './screen-catalogue';

// ---------------------------------------------------------------------------------------------------------
// Master BL constants without zod (issue 20: the master BL screens import them without the schemas);
// master-bl.ts re-exports everything here.
// ---------------------------------------------------------------------------------------------------------

export type TMblSource = (typeof MBL_SOURCES)[number];

/** MBL type: an original bill, a sea waybill or a telex release (DCSA: BOL, SWB, BOL). */
export const MBL_TYPES = ['ORIGINAL', 'SEAWAY', 'TELEX'] as const;
export type TMblType = (typeof MBL_TYPES)[number];

export const MBL_FREIGHT_TERMS = ['PREPAID', 'COLLECT'] as const;

export type TMblStatus = (typeof MBL_STATUSES)[number];

/** Actions on a master bill (internal users only); reason required on reopen and cancel. */
export const MBL_ACTIONS = {
  issue: { reason: false },
  reopen: { reason: true },
  cancel: { reason: true },
  recover: { reason: false },
} as const satisfies Record<string, { reason: boolean }>;
export type TMblAction = keyof typeof MBL_ACTIONS;
export const MBL_ACTION_NAMES = Object.keys(MBL_ACTIONS) as TMblAction[];

/**
 * THE transition table of master bills. The server refuses anything else with 422 msgMblActionNotAllowed;
 * the screen offers only these moves.
 */
export const MBL_TRANSITIONS: Record<TMblStatus, Partial<Record<TMblAction, TMblStatus>>> = {
  DRAFT: { issue: 'ISSUED', cancel: 'CANCELLED' },
  ISSUED: { reopen: 'DRAFT', cancel: 'CANCELLED' },
  CANCELLED: { recover: 'DRAFT' },
};
/** Only a draft is edited (an issued bill is reopened first). */
export const MBL_EDITABLE: readonly TMblStatus[] = ['DRAFT'];

/** Master BL message keys (translated in the web app's `msg` namespace). */
export const MBL_MSG = {
  notFound: 'msgMblNotFound',
  actionNotAllowed: 'msgMblActionNotAllowed',
  notEditable: 'msgMblNotEditable',
  consolNotApproved: 'msgMblConsolNotApproved',
  consolHasMbl: 'msgMblConsolHasMbl',
  consolRequired: 'msgMblConsolRequired',
  soNotFound: 'msgMblSoNotFound',
  soNotFcl: 'msgMblSoNotFcl',
  soNotConfirmed: 'msgMblSoNotConfirmed',
  soFieldMismatch: 'msgMblSoFieldMismatch',
  soInOtherMbl: 'msgMblSoInOtherMbl',
  soNotInConsol: 'msgMblSoNotInConsol',
  mainSoNotIncluded: 'msgMblMainSoNotIncluded',
  undgInvalid: 'msgMblUndgInvalid',
  imdgInvalid: 'msgMblImdgInvalid',
  dgIncomplete: 'msgMblDgIncomplete',
  containerNoDuplicate: 'msgMblContainerNoDuplicate',
  containerTotalsMismatch: 'msgMblContainerTotalsMismatch',
  carrierNoDuplicate: 'msgMblCarrierNoDuplicate',
  carrierNoRequired: 'msgMblCarrierNoRequired',
  containerFieldsRequired: 'msgMblContainerFieldsRequired',
  freightAmountCurrency: 'msgMblFreightAmountCurrency',
  partyUnknown: 'msgMblPartyUnknown',
  soNoHsCode: 'msgMblSoNoHsCode',
  reasonRequired: 'msgReasonRequired',
  dcsaInvalid: 'msgDcsaInvalid',
  dcsaForeign: 'msgDcsaForeign',
  /** 422: the carrier's document differs in carrier, POL, POD or ETD; details name each (apply needs a confirm). */
  dcsaMismatch: 'msgDcsaMismatch',
  dcsaMismatchField: 'msgDcsaMismatchField',
  /** 422: applying without the list of accepted differences. */
  dcsaAcceptRequired: 'msgDcsaAcceptRequired',
  /** 409: an accepted path is not a difference of the document against the bill now (reviewed on older data). */
  dcsaChoiceStale: 'msgDcsaChoiceStale',
  /** 422: an accepted path is a difference the import never writes (POL, packages…). */
  dcsaChoiceNotTakeable: 'msgDcsaChoiceNotTakeable',
} as const;
