import { MSG } from '../msg-keys';

// The container number check without zod (issue 20: the booking form imports it statically);
// container-number.ts re-exports everything here beside its zod schema.

/** ISO 6346: owner code (3 letters), equipment category (U, J or Z), 6-digit serial, 1 check digit. */
export const CONTAINER_NO_PATTERN = /^[A-Z]{3}[UJZ]\d{6}\d$/;

/** Letter values of ISO 6346: A = 10 upwards, skipping the multiples of 11 (11, 22, 33). */
function letterValue(ch: string): number {
  let v = 10;
  for (let c = 65; c < ch.charCodeAt(0); c++) {
    v++;
    if (v % 11 === 0) v++;
  }
  return v;
}

/** Upper-cases and removes spaces and hyphens, as people type container numbers ("CSQU 305438-3"). */
export function normalizeContainerNo(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * The ISO 6346 check digit of the first 10 characters: each value times 2^position, summed, modulo 11;
 * a remainder of 10 gives check digit 0. Null when the 10 characters are not owner code + category + serial.
 */
export function containerCheckDigit(first10: string): number | null {
  if (!/^[A-Z]{3}[UJZ]\d{6}$/.test(first10)) return null;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const ch = first10[i];
    const v = ch >= '0' && ch <= '9' ? Number(ch) : letterValue(ch);
    sum += v * 2 ** i;
  }
  return (sum % 11) % 10;
}

/** Why a container number is refused (after normalising), or null when it is valid. */
export function containerNoError(
  value: string,
): typeof MSG.containerNoInvalid | typeof MSG.containerNoCheckDigit | null {
  const v = normalizeContainerNo(value);
  if (!CONTAINER_NO_PATTERN.test(v)) return MSG.containerNoInvalid;
  return containerCheckDigit(v.slice(0, 10)) === Number(v[10]) ? null : MSG.containerNoCheckDigit;
}

/** True for a valid ISO 6346 container number (spaces, hyphens and lower case are tolerated). */
export const isContainerNo = (value: string): boolean => containerNoError(value) === null;
