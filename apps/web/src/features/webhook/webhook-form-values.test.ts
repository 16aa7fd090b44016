import type { TWebhookEndpointRecord } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { toFormValues, toRequest } from './webhook-form-values';

describe('webhook endpoint form', () => {
  it('starts a new endpoint active with no party, and never loads the secret', () => {
    expect(toFormValues(null)).toEqual({
      party_id: null,
      url: '',
      secret: '',
      event_codes: [],
      description: '',
      active: true,
    });
    const w = { party_id: 12, url: 'https://x.test/h', event_codes: ['booking.created'], active: false };
    expect(toFormValues(w as unknown as TWebhookEndpointRecord)).toMatchObject({
      party_id: '12',
      secret: '',
      active: false,
      description: '',
    });
  });

  it('sends the party as a number and the address trimmed; an empty secret stays empty', () => {
    expect(toRequest({ party_id: '12', url: ' https://x.test/h ', event_codes: ['a'] })).toEqual({
      party_id: 12,
      url: 'https://x.test/h',
      secret: '',
      event_codes: ['a'],
      description: '',
      active: true,
    });
    expect(toRequest({}).party_id).toBe(0);
  });
});
