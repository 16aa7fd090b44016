import path from 'node:path';

/** Mail delivery settings (read once at start into `AppConfig.mail`). */
export interface MailConfig {
  /** nodemailer SMTP URL, e.g. smtp://user:pass@smtp.example.com:587; none = write messages to `fileDir`. */
  smtpUrl: string | undefined;
  /** The From header of every message. */
  from: string;
  /** Where messages go without SMTP: one .eml file per message. */
  fileDir: string;
  /** The site's public address for links in e-mails (no trailing slash). */
  publicBaseUrl: string;
  /** Delivery attempts before a message is marked 'failed' (it can be retried from the dev mailbox). */
  maxAttempts: number;
}

/** Reads SMTP_URL, MAIL_FROM, PUBLIC_BASE_URL and MAIL_MAX_ATTEMPTS. */
export function loadMailConfig(env: NodeJS.ProcessEnv, dataDir: string, port: number): MailConfig {
  return {
    smtpUrl: env.SMTP_URL || undefined,
    from: env.MAIL_FROM || 'Freight Portal <no-reply@portal.local>',
    fileDir: path.join(dataDir, 'mail'),
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    maxAttempts: Math.max(1, Number(env.MAIL_MAX_ATTEMPTS ?? 8)),
  };
}
