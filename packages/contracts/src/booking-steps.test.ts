import { describe, expect, it } from 'vitest';
import { SAILING_FIELDS } from './booking-form-catalogue';
import {
  BOOKING_STEP_REQUIREMENTS,
  bookingStepOfAction,
  fieldsForNextBookingSteps,
  missingForBookingStep,
} from './booking-steps';

describe('booking step requirements (issue 39)', () => {
  it('Confirm needs the sailing; other actions need no field', () => {
    expect(BOOKING_STEP_REQUIREMENTS.confirm.fields).toEqual(SAILING_FIELDS);
    expect(bookingStepOfAction('confirm')).toBe('confirm');
    expect(bookingStepOfAction('cancel')).toBeNull();
    expect([...fieldsForNextBookingSteps(['request_amend', 'confirm'])]).toEqual([...SAILING_FIELDS]);
    expect(fieldsForNextBookingSteps(['request_cancel']).size).toBe(0);
  });

  it("names the blank fields in the table's order, as the server's details", () => {
    expect(
      missingForBookingStep('confirm', {
        carrier_code: 'MAEU',
        vessel_name: '  ',
        voyage: '612W',
        cfs_closing: null,
        cy_closing: '2027-03-08T18:00',
        vgm_closing: '2027-03-08T12:00',
      }),
    ).toEqual([
      { field: 'vessel_name', msgKey: 'msgFieldRequired' },
      { field: 'cfs_closing', msgKey: 'msgFieldRequired' },
      { field: 'si_closing', msgKey: 'msgFieldRequired' },
    ]);
  });
});
