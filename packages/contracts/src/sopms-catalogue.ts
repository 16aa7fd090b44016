import { MSG } from './msg-keys';
import type { SOPMS_SECTIONS } from './screen-catalogue';

// ---------------------------------------------------------------------------------------------------------
// SOPMS constants and override rules without zod (issue 20: the SOPMS and invoice screens import them without
// the schemas); sopms.ts re-exports everything here.
// ---------------------------------------------------------------------------------------------------------

/** Message keys of SOPMS (translated in the web app's `msg` namespace). */
export const SOPMS_MSG = {
  /** 422: the step breaks SOPMS rules; params count, level (highest override level), can_override (0/1); details one per violation. */
  violation: 'msgSopmsViolation',
  /** 403: an override reason was sent but the user's level may not override every violation (same details). */
  overrideNotAllowed: 'msgSopmsOverrideNotAllowed',
  /** 400: a criteria range whose start is after its end ("criteria set with an empty range"). */
  emptyRange: 'msgSopmsEmptyRange',
  /** 409: another SOPMS template already has this name (002 §8 "name already used"). */
  duplicateName: 'msgSopmsDuplicateName',
  /** 403: only the owner (or an administrator) edits a SOPMS template (002 §8 "no permission"). */
  notOwner: MSG.noPermission,
  /** 400: a rule without what its type needs (charge code, tax code or sub-type), or min above max. */
  ruleInvalid: 'msgSopmsRuleInvalid',
  /** 422: the invoice's status has no step a SOPMS override could be for. */
  nothingToOverride: 'msgSopmsNothingToOverride',
  /** 400: a criterion names a party, office or charge code that does not exist; params value. */
  unknownCode: 'msgSopmsUnknownCode',
} as const;

/** The message key of one violation kind (`msgSopmsRule_<code>`), translated with the violation's params. */
export const SOPMS_VIOLATION_CODES = [
  'missingCharge',
  'rateMismatch',
  'outOfBounds',
  'forbiddenCharge',
  'taxCodeMismatch',
  'subTypeMismatch',
] as const;
export type TSopmsViolationCode = (typeof SOPMS_VIOLATION_CODES)[number];
export const sopmsViolationMsgKey = (code: TSopmsViolationCode) => `msgSopmsRule_${code}`;

export type TSopmsSection = (typeof SOPMS_SECTIONS)[number];

/** 002 §6: 0 all users; 10 user, supervisor, manager; 20 supervisor and manager; 30 manager only; 99 none. */
export const SOPMS_OVERRIDE_LEVELS = [0, 10, 20, 30, 99] as const;
export type TSopmsOverrideLevel = (typeof SOPMS_OVERRIDE_LEVELS)[number];

/** The invoice steps that run the check (issue 16: saved, prepared or approved). */
export const SOPMS_STEPS = ['save', 'prepare', 'approve_1', 'approve_2'] as const;
export type TSopmsStep = (typeof SOPMS_STEPS)[number];

/**
 * A user's SOPMS role, from the functions of the profile in use (docs/sopms.md): manager = holds
 * inv_approve_manager, supervisor = inv_approve_supervisor, user = inv_edit (the invoice user who prepares,
 * 002 §6), other = none of them (e.g. accounting). The highest one counts.
 */
export type TSopmsRole = 'manager' | 'supervisor' | 'user' | 'other';
export function sopmsRoleOf(funcs: ReadonlySet<string> | readonly string[]): TSopmsRole {
  const has = (f: string) => (Array.isArray(funcs) ? funcs.includes(f) : (funcs as Set<string>).has(f));
  if (has('inv_approve_manager')) return 'manager';
  if (has('inv_approve_supervisor')) return 'supervisor';
  if (has('inv_edit')) return 'user';
  return 'other';
}

const LEVEL_ROLES: Record<TSopmsOverrideLevel, readonly TSopmsRole[]> = {
  0: ['manager', 'supervisor', 'user', 'other'],
  10: ['manager', 'supervisor', 'user'],
  20: ['manager', 'supervisor'],
  30: ['manager'],
  99: [],
};

/** Whether a user of `role` may override a violation of a template at `level` (002 §6). */
export const sopmsMayOverride = (level: number, role: TSopmsRole) =>
  (LEVEL_ROLES[level as TSopmsOverrideLevel] ?? []).includes(role);

/** The roles that may override at `level` (what the refusal dialog tells a user who may not). */
export const sopmsOverriders = (level: number): readonly TSopmsRole[] =>
  LEVEL_ROLES[level as TSopmsOverrideLevel] ?? [];

/** The SOPMS step an override made outside a step is for: the invoice's next checked move. */
export function sopmsNextStep(status: string): TSopmsStep | null {
  if (status === 'NEW' || status === 'REJECTED') return 'prepare';
  if (status === 'PREPARED') return 'approve_1';
  if (status === 'APPROVED_1') return 'approve_2';
  return null;
}

export const SOPMS_OVERSEAS = ['ANY', 'OVERSEAS', 'LOCAL'] as const;
export const SOPMS_RULE_TYPES = ['REQUIRED_CHARGE', 'FORBIDDEN_CHARGE', 'TAX'] as const;
export type TSopmsRuleType = (typeof SOPMS_RULE_TYPES)[number];
export const SOPMS_STATUSES = ['A', 'I'] as const;
