import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { tsz as ts } from '../../platform/db/columns';
import { userOwner } from './auth.tables';

/**
 * Password-reset links (POST /Password/forgotpassword). Only the SHA-256 of the random token is kept;
 * a token is used once (used_at) and expires (expires_at, RESET_TOKEN_TTL_MINUTES after creation).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_uid: userOwner(),
    token_hash: text('token_hash').notNull().unique(),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.user_uid, t.created_at)],
);

/** Earlier password hashes (argon2) of each user, to refuse a reuse of the last PASSWORD_HISTORY_SIZE. */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_uid: userOwner(),
    password_hash: text('password_hash').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('password_history_user_idx').on(t.user_uid, t.id)],
);
