import type { TCarrierConnection } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { authFields, toConnectionForm, toConnectionSave } from './connection-form-values';

const stored: TCarrierConnection = {
  carrier_id: 7,
  carrier_code: 'MAEU',
  base_url: 'https://api.maeu.example/dcsa',
  auth_kind: 'OAUTH2',
  token_url: 'https://api.maeu.example/oauth/token',
  client_id: 'portal',
  api_key_header: null,
  has_secret: true,
  has_inbound_secret: true,
  booking_version: '2.0',
  ebl_version: null,
  enabled: true,
  credential_state: 'OK',
  credential_error: null,
  notification_urls: { booking: 'b', shipping_instructions: 's', transport_document: 't' },
  updated_at: '2026-11-27T05:00:00Z',
  updated_by: 'admin',
  version: 4,
};

describe('the carrier connection form', () => {
  it('starts a new connection with OAuth2, both standards and on', () => {
    expect(toConnectionForm(null)).toMatchObject({
      auth_kind: 'OAUTH2',
      booking_version: true,
      ebl_version: true,
      enabled: true,
      secret: '',
      inbound_secret: '',
    });
  });

  it('never shows a stored secret', () => {
    const v = toConnectionForm(stored);
    expect(v.secret).toBe('');
    expect(v.inbound_secret).toBe('');
    expect(v.booking_version).toBe(true);
    expect(v.ebl_version).toBe(false);
  });

  it('keeps the stored secrets when left empty and sends the version read', () => {
    const body = toConnectionSave(toConnectionForm(stored), stored.version);
    expect(body).not.toHaveProperty('secret');
    expect(body).not.toHaveProperty('inbound_secret');
    expect(body).toMatchObject({
      base_url: 'https://api.maeu.example/dcsa',
      token_url: 'https://api.maeu.example/oauth/token',
      client_id: 'portal',
      api_key_header: null,
      booking_version: '2.0',
      ebl_version: null,
      version: 4,
    });
  });

  it('sends typed secrets, and only the chosen authentication’s fields', () => {
    const body = toConnectionSave({
      ...toConnectionForm(stored),
      auth_kind: 'API_KEY',
      api_key_header: ' ',
      secret: 'key-1',
      inbound_secret: 'a-long-inbound-secret',
    });
    expect(body).toMatchObject({
      auth_kind: 'API_KEY',
      token_url: null,
      client_id: null,
      api_key_header: 'x-api-key',
      secret: 'key-1',
      inbound_secret: 'a-long-inbound-secret',
    });
    expect(body).not.toHaveProperty('version');
  });

  it('shows the fields of the chosen authentication', () => {
    expect(authFields('OAUTH2')).toEqual(['token_url', 'client_id', 'secret']);
    expect(authFields('API_KEY')).toEqual(['api_key_header', 'secret']);
  });
});
