import type { TSisProfile } from '@portal/contracts';
import { REGISTRATION_STATUSES } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, statusCheck, statusText, tsz as ts } from '../../platform/db/columns';
import { users } from '../auth/auth.tables';
import { offices } from '../lookup/lookup.tables';

/**
 * A self-registration (000 §3 Registration user / Registration application): kind SIS (registered with a
 * SIS account; `profiles` holds the SIS profiles mapped to our ids) or APPLICATION (without SIS).
 * Status P pending, A approved, R rejected. The pending `users` row is created at submit (status P) so
 * the login id is reserved; a rejection deletes it again (user_uid becomes null).
 */
export const userRegistrations = pgTable(
  'user_registrations',
  {
    user_registration_id: serial('user_registration_id').primaryKey(),
    kind: text('kind').notNull(),
    user_uid: uuid('user_uid').references(() => users.user_uid, { onDelete: 'set null' }),
    login_id: text('login_id').notNull(),
    sis_user_id: text('sis_user_id'),
    user_type_id: text('user_type_id'),
    location_type_id: smallint('location_type_id'),
    referred_by: text('referred_by'),
    referred_by_office_party_id: integer('referred_by_office_party_id').references(() => offices.office_id),
    email2: text('email2').notNull(),
    family_name: text('family_name').notNull(),
    given_name: text('given_name').notNull(),
    co_address1: text('co_address1').notNull(),
    co_address2: text('co_address2'),
    co_address3: text('co_address3'),
    co_address4: text('co_address4'),
    co_country_code: text('co_country_code'),
    phone: text('phone').notNull(),
    fax: text('fax').notNull(),
    company: text('company').notNull(),
    department: text('department'),
    position: text('position'),
    profiles: jsonb('profiles').$type<TSisProfile[]>().notNull().default([]),
    status: statusText('status', REGISTRATION_STATUSES).notNull().default('P'),
    /** SHA-256 (hex) of the activation token; the token itself only travels in the e-mail. */
    token_hash: text('token_hash'),
    token_issued_at: ts('token_issued_at'),
    /** Set when the password was set through the activation link (the token is then spent). */
    activated_at: ts('activated_at'),
    reject_reason: text('reject_reason'),
    ...auditColumns,
  },
  (t) => [
    index('user_registrations_login_idx').on(sql`lower(${t.login_id})`),
    index('user_registrations_status_idx').on(t.status, t.user_registration_id),
    index('user_registrations_user_idx').on(t.user_uid),
    statusCheck('user_registrations', 'status', REGISTRATION_STATUSES),
  ],
);
