import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FilesConfig, loadFilesConfig } from './platform/files/files-config';
import { loadMailConfig, type MailConfig } from './platform/mail/mail-config';

/** Repository root (apps/server/src → ../../..). */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppConfig {
  port: number;
  /** Address to listen on (HOST, default 127.0.0.1; 0.0.0.0 for every interface). */
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  production: boolean;
  /**
   * Serve the API documentation at /api/docs (every route's schema): always outside production; in
   * production only with API_DOCS=on (docs/decisions.md "Security review fixes").
   */
  apiDocs: boolean;
  /**
   * Webhook receivers that may sit on private, loopback or link-local addresses (WEBHOOK_ALLOW_PRIVATE:
   * comma-separated CIDRs, addresses or host names); empty: only public addresses (modules/webhook).
   */
  webhookAllowPrivate: string[];
  /** Token lifetime in seconds. */
  tokenTtlSeconds: number;
  jwtSecret: string | undefined;
  webDistDir: string;
  logLevel: string;
  /** Uploaded files: store, size limit, allowed types, virus scan (platform/files). */
  files: FilesConfig;
  /** SIS account directory (registration with SIS); unset = the SIS path answers msgRegSisUnavailable. */
  sisUrl: string | undefined;
  /** Outgoing e-mail: SMTP or the file mailbox, sender, link base (platform/mail). */
  mail: MailConfig;
  /** Password policy (modules/auth/password-policy). */
  password: { strong: boolean; maxAgeDays: number };
  /** Booking remark limits (REMARK_IMAGE_MAX_KB, REMARK_HTML_MAX_MB, REMARK_TEXT_MAX_CHARS). */
  remarks: { imageMaxKb: number; htmlMaxMb: number; textMaxChars: number };
  /**
   * The mobile site (000 §7 mobile hand-off): its address (MOBILE_SITE_URL; unset = msgMobileSiteNotFound),
   * an optional API key sent as `x-api-key` (MOBILE_SITE_API_KEY) and the call timeout (MOBILE_SITE_TIMEOUT_MS).
   */
  mobile: { siteUrl: string | undefined; apiKey: string | undefined; timeoutMs: number };
  /**
   * The cargo platform (000 §7 GetCargosphereAccessToken; modules/cargo-platform): its address
   * (CARGO_PLATFORM_URL), the forwarder's client credentials (CARGO_PLATFORM_CLIENT_ID,
   * CARGO_PLATFORM_CLIENT_SECRET; any of the three unset = 503 msgCargoPlatformNotConfigured), the call
   * timeout (CARGO_PLATFORM_TIMEOUT_MS) and how long before expiry a cached token is replaced
   * (CARGO_PLATFORM_REFRESH_MARGIN_SECONDS).
   */
  cargoPlatform: {
    url: string | undefined;
    clientId: string | undefined;
    clientSecret: string | undefined;
    timeoutMs: number;
    refreshMarginSeconds: number;
  };
  /**
   * The accounting system (the spec's "SUN" general ledger; modules/ledger, docs/ledger.md): its address
   * (ACCOUNTING_URL; unset = every ledger call answers `unavailable`), the bearer token (ACCOUNTING_TOKEN) and
   * the per-call timeout (ACCOUNTING_TIMEOUT_MS, default 10 s).
   */
  accounting: { url: string | undefined; token: string | undefined; timeoutMs: number };
  /**
   * Posting schedules (modules/accounting, docs/accounting.md), cron in the runner's time zone:
   * ACCOUNTING_POST_CRON (default every minute: due retries; new postings are kicked at once) and
   * ACCOUNTING_AUTO_EXPORT_CRON (default every 15 minutes: Pending Auto Export → Exported (Auto)).
   */
  posting: { cron: string; autoExportCron: string };
  /**
   * Which proxies to believe for the client address (X-Forwarded-For) and protocol: TRUST_PROXY=true (any),
   * a hop count, or comma-separated addresses/CIDRs; unset = none. Set behind a TLS-terminating proxy,
   * which also turns HSTS on (platform/http/security-headers).
   */
  trustProxy: TrustProxy;
  /** Rate limits (platform/http/rate-limit); raise them for load tests, never turn them off in production. */
  rateLimit: RateLimitConfig;
  /** Feature flags. emailTemplates (FEATURE_EMAIL_TEMPLATES=true): the admin e-mail template screens (000 §2.3). */
  features: { emailTemplates: boolean };
  /**
   * Invoices (002 §5): the company's base currency (BASE_CURRENCY, default HKD) and the cap on an invoice's
   * tax-inclusive total in CNY (INVOICE_TAX_INCLUSIVE_CAP_CNY, a decimal string, default 1000000).
   */
  invoice: {
    baseCurrency: string;
    taxInclusiveCapCny: string;
    /**
     * The issuing company on invoice PDFs: INVOICE_COMPANY_NAME, INVOICE_COMPANY_ADDRESS (lines split by "|"),
     * INVOICE_BANK_DETAILS (lines split by "|"); demo defaults when unset.
     */
    print?: { companyName: string; address: string[]; bank: string[] };
  };
  /** Bearer token a Prometheus scraper sends to GET /metrics (METRICS_TOKEN); unset = no /metrics (404). */
  metricsToken: string | undefined;
  /** How long a stopping instance waits for in-flight requests and jobs (SHUTDOWN_TIMEOUT_MS, default 10 s). */
  shutdownTimeoutMs: number;
  /**
   * Report writer (docs/report-writer.md): statement timeout of one run (RW_STATEMENT_TIMEOUT_MS, default 10 s),
   * the time zone of schedule hours (RW_TIME_ZONE, default the process's) and the scheduler's cron (RW_CRON,
   * default every 5 minutes).
   */
  reportWriter: { timeoutMs: number; timeZone: string; cron: string };
  /**
   * Live carrier connectivity over DCSA (modules/carrier-link, docs/carrier-link.md):
   * - retryMs / retryCapMs: the outbox's backoff after a failed send (CARRIER_LINK_RETRY_MS, default 30 s,
   *   doubling, capped at CARRIER_LINK_RETRY_CAP_MS, default 30 min);
   * - pollMs: how old a document's last carrier news may get before the poll job asks (CARRIER_LINK_POLL_MS,
   *   default 15 min; doubling while the carrier has nothing new, capped at 24 h);
   * - timeoutMs: one call to a carrier (CARRIER_LINK_TIMEOUT_MS, default 15 s);
   * - allowPrivate: carrier API hosts allowed on private/loopback addresses (CARRIER_LINK_ALLOW_PRIVATE, as
   *   WEBHOOK_ALLOW_PRIVATE; the demo sets 127.0.0.1 for its stand-in);
   * - secretsKey: the AES-256-GCM key of the stored carrier secrets (SECRETS_KEY: 32 bytes in base64); unset
   *   outside production = a key generated once into DATA_DIR/carrier-link-secrets.key; unset in production =
   *   carrier secrets cannot be saved (msgCarrierLinkSecretsKeyMissing);
   * - notifyPerMinute: notifications one client address may post per minute (CARRIER_LINK_NOTIFY_MAX, 600).
   */
  carrierLink: {
    retryMs: number;
    retryCapMs: number;
    pollMs: number;
    timeoutMs: number;
    allowPrivate: string[];
    secretsKey: string | undefined;
    notifyPerMinute: number;
  };
}

export interface RateLimitConfig {
  /** API calls per minute per signed-in user, or per client address when anonymous (RATE_LIMIT_API_MAX). */
  apiPerMinute: number;
  /** Calls per minute per client address to each sign-in, password and registration route (RATE_LIMIT_AUTH_IP_MAX). */
  authPerIpPerMinute: number;
  /** Calls per 15 minutes per login id to each of those routes (RATE_LIMIT_AUTH_LOGIN_MAX). */
  authPerLoginPer15Minutes: number;
}

/** Fastify's trustProxy: all, none, addresses/CIDRs, or a hop count (as the function Fastify would make). */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

function parseTrustProxy(raw: string | undefined): TrustProxy {
  const v = raw?.trim();
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const positive = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw && Number.isFinite(n) && n > 0 ? n : fallback;
};

/** Reads the configuration from the environment once, at start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(ROOT_DIR, env.DATA_DIR ?? 'data');
  return {
    port: Number(env.PORT ?? 8080),
    // Loopback unless HOST opens it (docs/decisions.md "Start-up"): the demo prints its accounts' password.
    host: env.HOST?.trim() || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    production: env.NODE_ENV === 'production',
    apiDocs: env.NODE_ENV !== 'production' || env.API_DOCS === 'on',
    webhookAllowPrivate: (env.WEBHOOK_ALLOW_PRIVATE ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 1800),
    jwtSecret: env.JWT_SECRET || undefined,
    webDistDir: path.resolve(ROOT_DIR, env.WEB_DIST_DIR || 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    files: loadFilesConfig(env, dataDir),
    sisUrl: env.SIS_URL ? env.SIS_URL.replace(/\/+$/, '') : undefined,
    mail: loadMailConfig(env, dataDir, Number(env.PORT ?? 8080)),
    password: {
      strong: env.PASSWORD_STRONG !== 'false',
      maxAgeDays: Math.max(0, Number(env.PASSWORD_MAX_AGE_DAYS ?? 90)),
    },
    remarks: {
      imageMaxKb: Math.floor(positive(env.REMARK_IMAGE_MAX_KB, 500)),
      htmlMaxMb: positive(env.REMARK_HTML_MAX_MB, 2),
      textMaxChars: Math.floor(positive(env.REMARK_TEXT_MAX_CHARS, 4000)),
    },
    mobile: {
      siteUrl: env.MOBILE_SITE_URL ? env.MOBILE_SITE_URL.replace(/\/+$/, '') : undefined,
      apiKey: env.MOBILE_SITE_API_KEY || undefined,
      timeoutMs: positive(env.MOBILE_SITE_TIMEOUT_MS, 5000),
    },
    cargoPlatform: {
      url: env.CARGO_PLATFORM_URL ? env.CARGO_PLATFORM_URL.replace(/\/+$/, '') : undefined,
      clientId: env.CARGO_PLATFORM_CLIENT_ID || undefined,
      clientSecret: env.CARGO_PLATFORM_CLIENT_SECRET || undefined,
      timeoutMs: positive(env.CARGO_PLATFORM_TIMEOUT_MS, 5000),
      refreshMarginSeconds: positive(env.CARGO_PLATFORM_REFRESH_MARGIN_SECONDS, 60),
    },
    accounting: {
      url: env.ACCOUNTING_URL ? env.ACCOUNTING_URL.replace(/\/+$/, '') : undefined,
      token: env.ACCOUNTING_TOKEN || undefined,
      timeoutMs: Math.floor(positive(env.ACCOUNTING_TIMEOUT_MS, 10_000)),
    },
    posting: {
      cron: env.ACCOUNTING_POST_CRON?.trim() || '* * * * *',
      autoExportCron: env.ACCOUNTING_AUTO_EXPORT_CRON?.trim() || '*/15 * * * *',
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimit: {
      apiPerMinute: Math.floor(positive(env.RATE_LIMIT_API_MAX, 600)),
      authPerIpPerMinute: Math.floor(positive(env.RATE_LIMIT_AUTH_IP_MAX, 20)),
      authPerLoginPer15Minutes: Math.floor(positive(env.RATE_LIMIT_AUTH_LOGIN_MAX, 10)),
    },
    features: { emailTemplates: env.FEATURE_EMAIL_TEMPLATES === 'true' },
    invoice: {
      baseCurrency: /^[A-Z]{3}$/.test(env.BASE_CURRENCY ?? '') ? (env.BASE_CURRENCY as string) : 'HKD',
      taxInclusiveCapCny: /^\d{1,14}(\.\d{1,2})?$/.test(env.INVOICE_TAX_INCLUSIVE_CAP_CNY ?? '')
        ? (env.INVOICE_TAX_INCLUSIVE_CAP_CNY as string)
        : '1000000',
      print: {
        companyName: env.INVOICE_COMPANY_NAME || 'Portal Freight Logistics Limited',
        address: (env.INVOICE_COMPANY_ADDRESS || '18/F, Harbour Centre|25 Harbour Road, Wan Chai, Hong Kong')
          .split('|')
          .map((l) => l.trim())
          .filter(Boolean),
        bank: (
          env.INVOICE_BANK_DETAILS ||
          'The Hongkong and Shanghai Banking Corporation Limited|A/C No. 004-123-456789-001 (HKD)|SWIFT HSBCHKHHHKH'
        )
          .split('|')
          .map((l) => l.trim())
          .filter(Boolean),
      },
    },
    metricsToken: env.METRICS_TOKEN || undefined,
    shutdownTimeoutMs: Math.floor(positive(env.SHUTDOWN_TIMEOUT_MS, 10_000)),
    reportWriter: {
      timeoutMs: Math.floor(positive(env.RW_STATEMENT_TIMEOUT_MS, 10_000)),
      timeZone: env.RW_TIME_ZONE?.trim() || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
      cron: env.RW_CRON?.trim() || '*/5 * * * *',
    },
    carrierLink: {
      retryMs: Math.floor(positive(env.CARRIER_LINK_RETRY_MS, 30_000)),
      retryCapMs: Math.floor(positive(env.CARRIER_LINK_RETRY_CAP_MS, 30 * 60_000)),
      pollMs: Math.floor(positive(env.CARRIER_LINK_POLL_MS, 15 * 60_000)),
      timeoutMs: Math.floor(positive(env.CARRIER_LINK_TIMEOUT_MS, 15_000)),
      allowPrivate: (env.CARRIER_LINK_ALLOW_PRIVATE ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
      secretsKey: env.SECRETS_KEY?.trim() || undefined,
      notifyPerMinute: Math.floor(positive(env.CARRIER_LINK_NOTIFY_MAX, 600)),
    },
  };
}
