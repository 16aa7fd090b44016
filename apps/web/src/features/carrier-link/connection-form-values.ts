import type { TCarrierAuthKind, TCarrierConnection, TCarrierConnectionSave } from '@portal/contracts';

/**
 * The carrier connection form's values and the save body (contracts ZCarrierConnectionSave). The secrets are
 * write-only: the form starts them empty, and an empty secret is left out of the body so the stored one stays.
 * The standards are ticks: Booking 2.0 and eBL 3.0 (the versions the portal validates with).
 */
export interface ConnectionFormValues {
  base_url: string;
  auth_kind: TCarrierAuthKind;
  token_url: string;
  client_id: string;
  /** OAuth2 client secret or the API key. */
  secret: string;
  api_key_header: string;
  inbound_secret: string;
  booking_version: boolean;
  ebl_version: boolean;
  enabled: boolean;
}

export const DEFAULT_API_KEY_HEADER = 'x-api-key';

export function toConnectionForm(c: TCarrierConnection | null): ConnectionFormValues {
  return {
    base_url: c?.base_url ?? '',
    auth_kind: c?.auth_kind ?? 'OAUTH2',
    token_url: c?.token_url ?? '',
    client_id: c?.client_id ?? '',
    secret: '',
    api_key_header: c?.api_key_header ?? DEFAULT_API_KEY_HEADER,
    inbound_secret: '',
    booking_version: c ? c.booking_version !== null : true,
    ebl_version: c ? c.ebl_version !== null : true,
    enabled: c?.enabled ?? true,
  };
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The body of PUT /Carrier/{id}/connection: the fields of the chosen authentication only (the other kind's are
 * null), secrets only when typed, `version` when the connection exists (absent creates it).
 */
export function toConnectionSave(v: Partial<ConnectionFormValues>, version?: number): TCarrierConnectionSave {
  const oauth = (v.auth_kind ?? 'OAUTH2') === 'OAUTH2';
  const secret = typeof v.secret === 'string' && v.secret !== '' ? v.secret : undefined;
  const inbound =
    typeof v.inbound_secret === 'string' && v.inbound_secret !== '' ? v.inbound_secret : undefined;
  return {
    base_url: trimmed(v.base_url),
    auth_kind: oauth ? 'OAUTH2' : 'API_KEY',
    token_url: oauth ? trimmed(v.token_url) || null : null,
    client_id: oauth ? trimmed(v.client_id) || null : null,
    api_key_header: oauth ? null : trimmed(v.api_key_header) || DEFAULT_API_KEY_HEADER,
    ...(secret ? { secret } : {}),
    ...(inbound ? { inbound_secret: inbound } : {}),
    booking_version: v.booking_version ? '2.0' : null,
    ebl_version: v.ebl_version ? '3.0' : null,
    enabled: v.enabled ?? false,
    ...(version !== undefined ? { version } : {}),
  };
}

/** The fields the form shows for an authentication kind (the others are hidden and not sent). */
export const authFields = (kind: TCarrierAuthKind | undefined) =>
  kind === 'API_KEY'
    ? (['api_key_header', 'secret'] as const)
    : (['token_url', 'client_id', 'secret'] as const);
