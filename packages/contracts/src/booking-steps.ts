// The fields each booking step needs beyond a save (issue 39), zod-free: the server refuses the step with these
// fields named in `details`, and the detail screen marks the same fields as required while the step is one of
// the booking's allowed actions, before the user presses it. One table, so the two never disagree (as
// invoice-steps.ts does for the invoice's Prepare).

import type { TBookingAction } from './booking-catalogue';
import { SAILING_FIELDS } from './booking-form-catalogue';
import type { TFieldError } from './errors';
import { MSG } from './msg-keys';

/** A booking step with required fields, and the moves that run it. */
export const BOOKING_STEP_REQUIREMENTS = {
  /**
   * Confirm: the sailing a shipper's e-booking may leave blank (001 §5 "Required: … carrier, vessel, voyage"
   * and "Closing: CFS, CY, VGM and SI closing required"), in the order the Header tab shows them.
   */
  confirm: { actions: ['confirm'], fields: SAILING_FIELDS },
} as const satisfies Record<string, { actions: readonly TBookingAction[]; fields: readonly string[] }>;
export type TBookingStep = keyof typeof BOOKING_STEP_REQUIREMENTS;
const STEPS = Object.keys(BOOKING_STEP_REQUIREMENTS) as TBookingStep[];

/** The step a booking action runs (for its required fields), or null when the action needs no field. */
export function bookingStepOfAction(action: string): TBookingStep | null {
  return (
    STEPS.find((s) => (BOOKING_STEP_REQUIREMENTS[s].actions as readonly string[]).includes(action)) ?? null
  );
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/** The fields a step still needs, as the server's `details` (`carrier_code`, `cy_closing`); empty when it may run. */
export function missingForBookingStep(
  step: TBookingStep,
  v: Partial<Record<string, unknown>>,
): TFieldError[] {
  return BOOKING_STEP_REQUIREMENTS[step].fields
    .filter((f) => blank(v[f]))
    .map((field) => ({ field, msgKey: MSG.fieldRequired }));
}

/** The fields the booking's next steps need (those of every step among `actions`): the form's required markers. */
export function fieldsForNextBookingSteps(actions: readonly string[]): Set<string> {
  const fields = new Set<string>();
  for (const a of actions) {
    const s = bookingStepOfAction(a);
    if (s) for (const f of BOOKING_STEP_REQUIREMENTS[s].fields) fields.add(f);
  }
  return fields;
}
