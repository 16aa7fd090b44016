/** Types of the carrier DCSA stand-in (carrier-dcsa-stand-in.mjs), for tests written in TypeScript. */
export declare const DEFAULT_PORT: number;
export declare const DEMO_CARRIER_CODE: string;
export declare const DEMO_CLIENT_ID: string;
export declare const DEMO_CLIENT_SECRET: string;
export declare const DEMO_NOTIFY_SECRET: string;
/** The clause every draft transport document carries (a difference from the shipper's instructions). */
export declare const CARRIER_CLAUSE: string;

export type DcsaSpec = 'BKG' | 'EBL';
export declare const SPECS: Record<DcsaSpec, { file: string; version: string; major: string }>;

export interface CarrierDcsaSailing {
  vesselName: string;
  vesselIMONumber: string;
  carrierExportVoyageNumber: string;
  carrierServiceCode: string;
  /** UN/LOCODEs used where the booking names no POL/POD (and for an SI whose booking the carrier lacks). */
  portOfLoading: string;
  portOfDischarge: string;
  /** Departure when the request has none: `departureDate` (YYYY-MM-DD) if set, else today + daysToDeparture. */
  departureDate?: string;
  daysToDeparture: number;
  transitDays: number;
}
export declare const DEFAULT_SAILING: CarrierDcsaSailing;

export type CarrierDcsaAuth =
  | { kind: 'OAUTH2'; clientId: string; clientSecret: string }
  | { kind: 'API_KEY'; header?: string; key: string };

export type CarrierDcsaMode = 'normal' | 'decline' | 'down' | 'nonsense';

export interface CarrierDcsaOptions {
  /** Path prefix: the carrier's base URL is `{url}/{code}`. 1-20 letters, digits, `_` or `-`. */
  code: string;
  /** Default: OAuth2 with the demo client. */
  auth?: CarrierDcsaAuth;
  /** The portal's notification base (`{portal}/api/v1/carrier-link/{code}`); none → no notifications. */
  notifyBaseUrl?: string;
  /** Sent as `Authorization: Bearer {notifySecret}` with every notification. */
  notifySecret?: string;
  /** Default: true when notifyBaseUrl is set. false: the portal must poll GET. */
  notifications?: boolean;
  mode?: CarrierDcsaMode;
  /** Delays before the carrier's next move (default 1500 ms each); null: only `advance` moves it. */
  confirmDelayMs?: number | null;
  draftDelayMs?: number | null;
  issueDelayMs?: number | null;
  /** Pause before each notification is sent (default 50 ms) and retry backoff base (default 250 ms, 4 retries). */
  notifyDelayMs?: number;
  notifyRetries?: number;
  notifyRetryMs?: number;
  /** Access token lifetime (default 3600). */
  tokenTtlSeconds?: number;
  /** carrierCode in documents (max 4, default the code's first 4 letters, upper case). */
  scac?: string;
  subscriptionReference?: string;
  sailing?: Partial<CarrierDcsaSailing>;
  /** The carrier as issuing party of its transport documents (DCSA IssuingParty). */
  issuingParty?: Record<string, unknown>;
}

/** One request the stand-in received (control API `GET /_control/received`). */
export interface CarrierDcsaReceived {
  at: string;
  carrier: string;
  method: string;
  /** Path below the carrier's base, e.g. `/v2/bookings`. */
  path: string;
  query: string;
  /** authorization (masked), idempotency-key, api-version, content-type, an API key header (masked). */
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: a parsed JSON body of any DCSA shape (the test reads what it needs)
  body: any;
  /** Whether the body validated against the operation's schema; null where there is no body (GET). */
  valid: boolean | null;
  errors?: { jsonPath: string; property?: string; keyword: string; message: string }[];
  /** The status the stand-in answered. */
  status: number;
  /** Answered from the Idempotency-Key memory. */
  replayed?: boolean;
}

export type CarrierDcsaNotificationKind = 'booking' | 'shipping-instructions' | 'transport-document';

export interface CarrierDcsaNotification {
  id: string;
  carrier: string;
  kind: CarrierDcsaNotificationKind;
  // biome-ignore lint/suspicious/noExplicitAny: the CloudEvents notification (validated against the YAML)
  body: any;
  attempts: { at: string; status?: number; body?: string; error?: string; replay?: boolean }[];
  /** not-sent: notifications off or no notifyBaseUrl. */
  state: 'queued' | 'sending' | 'delivered' | 'failed' | 'not-sent';
}

export interface CarrierDcsaStandIn {
  url: string;
  /** `{url}/{code}`. */
  baseUrl(code: string): string;
  received(filter?: { carrier?: string; path?: string }): CarrierDcsaReceived[];
  notifications(filter?: { carrier?: string; kind?: CarrierDcsaNotificationKind }): CarrierDcsaNotification[];
  /** Changes a carrier's settings (mode, delays, notifications, auth, sailing...); adds it when new (auth needed).
   *  `revokeTokens: true` forgets the tokens issued. */
  setCarrier(
    code: string,
    patch: Partial<CarrierDcsaOptions> & { revokeTokens?: boolean },
  ): Record<string, unknown>;
  /** Runs the carrier's next scheduled state change now (all of them with `all`), then waits for its
   *  notifications to be delivered (or given up). */
  advance(code: string, opts?: { all?: boolean }): Promise<{ done: string[]; pending: string[] }>;
  /** Sends a notification again, unchanged; the portal's answer. */
  replay(notificationId: string): Promise<{ status: number; body: string }>;
  /** Sends any body (object or raw text) to the carrier's notification endpoint of `kind` (default 'booking'),
   *  with its notify secret unless `secret` is given (`''` sends no Authorization). */
  notify(req: {
    carrier: string;
    kind?: CarrierDcsaNotificationKind;
    body: unknown;
    secret?: string;
    path?: string;
  }): Promise<{ status: number; body: string }>;
  /** Forgets documents, requests, notifications and scheduled moves; carriers back to their options (issued
   *  tokens are kept). */
  reset(): void;
  /** Every carrier's settings, documents and pending moves. */
  state(): Record<string, unknown>;
  /** Stand-in bugs seen (a document of its own that failed the schema, an exception): tests expect []. */
  problems(): string[];
  /** Resolves when the notifications queued so far are delivered or given up. */
  idle(code?: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts the stand-in; port 0 picks a free port. */
export declare function startCarrierDcsaStandIn(opts?: {
  port?: number;
  host?: string;
  carriers?: CarrierDcsaOptions[];
}): Promise<CarrierDcsaStandIn>;

/** The stand-in's own validator: what is wrong with `value` as schema `schemaName` of the YAML (empty: valid). */
export declare function validateAgainst(
  spec: DcsaSpec,
  schemaName: string,
  value: unknown,
): { jsonPath: string; property?: string; keyword: string; message: string }[];
/** `value` reduced to what schema `schemaName` names (recursively). */
export declare function project(spec: DcsaSpec, schemaName: string, value: unknown): unknown;
export declare function openApiToJsonSchema(node: unknown): unknown;
