import type { REGISTRATION_STATUSES } from './maintenance-catalogue';
import { isEmail } from './validators/email-core';

// Registration constants without zod (issue 20: the registration pages import them without the schemas);
// registration.ts re-exports everything here.

/** Message keys of registration and activation (000 §8); translated in the web's `msg` namespace. */
export const REG_MSG = {
  /** "Please enter an email as your login ID" (000 §5). */
  loginIdEmail: 'msgRegLoginIdEmail',
  /** family_name / given_name given as whitespace only. */
  nameBlank: 'msgRegNameBlank',
  /** "Please choose an user type" (000 §5). */
  userTypeRequired: 'msgRegUserTypeRequired',
  /** The country code does not match a looked-up country. */
  countryCodeInvalid: 'msgRegCountryCodeInvalid',
  /** "Login ID already exists or registered" (000 §8). */
  loginIdExists: 'msgRegLoginIdExists',
  /** The referred office is not one of the location's offices (1 SCH, 2 NCH, 3 SEA/LPA/IND). */
  officeNotInLocation: 'msgRegOfficeNotInLocation',
  /** SIS credentials invalid (000 §8). */
  sisInvalid: 'msgRegSisInvalid',
  /** "Cannot map user profiles to the SIS ID" (000 §8). */
  sisCannotMap: 'msgRegSisCannotMap',
  /** 503: the SIS directory cannot be reached. */
  sisUnavailable: 'msgRegSisUnavailable',
  /** Title of a failed activation: "Fail to Activate Account". */
  activateFail: 'msgRegActivateFail',
  /** "Acoount has been activated already or activate period exceeds 7 days" (spelt so, 000 §8). */
  activateExpired: 'msgRegActivateExpired',
  /** "Activate Account Successfully". */
  activateSuccess: 'msgRegActivateSuccess',
  /** "Invalid login email or token" (missing or bad link parameters). */
  invalidLink: 'msgRegInvalidLink',
  /** 422: approving a registration whose account is not activated yet. */
  notActivated: 'msgRegNotActivated',
  /** 409: the registration was already approved or rejected. */
  alreadyDecided: 'msgRegAlreadyDecided',
  /** A rejection needs a reason. */
  rejectReasonRequired: 'msgRegRejectReasonRequired',
} as const;

/** Days an activation link stays valid (000 §9). */
export const ACTIVATION_DAYS = 7;
/** The user type whose location and referral fields are enabled (000 §5). */
export const SHIPPER_USER_TYPE = 'SHIPPER';
/** User types offered to a registration without SIS (pkey = profile type code). */
export const REGISTRATION_USER_TYPES = ['SHIPPER', 'CONSIGNEE', 'AGENT'] as const;
/** Location types (pkey) and the office groups each offers (000 §5). */
export const LOCATION_OFFICE_GROUPS: Record<number, readonly string[]> = {
  1: ['SCH'],
  2: ['NCH'],
  3: ['SEA', 'LPA', 'IND'],
};
export type TRegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The standard e-mail check of 000 §5 (login ids): the portal's one e-mail rule (validators/email). */
export const isRegistrationEmail = isEmail;
