import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FilesConfig, loadFilesConfig } from './platform/files/files-config';
import { loadMailConfig, type MailConfig } from './platform/mail/mail-config';

/** Repository root (apps/server/src → ../../..). */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  production: boolean;
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
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    production: env.NODE_ENV === 'production',
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
  };
}
