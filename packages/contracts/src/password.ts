import { z } from 'zod';

/** Longest password accepted anywhere (policy: at least 64 must be allowed). */
export const PASSWORD_MAX = 128;
/** How many previous passwords a new one may not repeat. */
export const PASSWORD_HISTORY_SIZE = 5;
/** Lifetime of a password-reset link, in minutes. */
export const RESET_TOKEN_TTL_MINUTES = 60;

/** POST /Password/forgotpassword (000 §7). */
export const ZForgotPasswordRequest = z.object({
  userName: z.string().trim().min(1, 'msgUsernameRequired').max(256),
});
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** GET /password/resetpassword?loginid&token: validates a reset link (the web sends loginID too). */
export const ZResetPasswordQuery = z.object({
  loginid: z.string().max(256).optional(),
  loginID: z.string().max(256).optional(),
  token: z.string().max(256).optional(),
});
export type TResetPasswordQuery = z.infer<typeof ZResetPasswordQuery>;

/** POST /Password/resetpassword (000 §7). */
export const ZResetPasswordRequest = z.object({
  loginID: z.string().trim().min(1).max(256),
  password: z.string().min(1, 'msgPasswordRequired').max(1024),
  token: z.string().min(1).max(256),
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** GET /Password/getPasswordConfig. */
export const ZPasswordConfigResponse = z.object({
  success: z.boolean(),
  useStrongPassword: z.boolean(),
  maxLength: z.number().int(),
});
export type TPasswordConfigResponse = z.infer<typeof ZPasswordConfigResponse>;

/** One outbox message in the dev mailbox (GET /Admin/DevMailbox). */
export const ZDevMailboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  tag: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string(),
  /** The plain-text body; null when bodies are hidden (production with real SMTP). */
  text: z.string().nullable(),
  /** The http(s) links found in the body. */
  links: z.array(z.string()),
  /** Files sent with the message (an invoice PDF), each downloadable from the dev mailbox. */
  attachments: z
    .array(
      z.object({
        id: z.number().int(),
        file_name: z.string(),
        content_type: z.string(),
        size: z.number().int(),
      }),
    )
    .default([]),
});
export type TDevMailboxMessage = z.infer<typeof ZDevMailboxMessage>;

export const ZDevMailboxResponse = z.object({
  /** 'smtp' when SMTP_URL is set, else 'file' (messages under <DATA_DIR>/mail). */
  transport: z.enum(['smtp', 'file']),
  rows: z.array(ZDevMailboxMessage),
});
export type TDevMailboxResponse = z.infer<typeof ZDevMailboxResponse>;

export const ZMailIdParams = z.object({ id: z.coerce.number().int().positive() });
export const ZMailAttachmentParams = z.object({
  id: z.coerce.number().int().positive(),
  attachment_id: z.coerce.number().int().positive(),
});

/** The http(s) links in a text, in order, without duplicates. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}
