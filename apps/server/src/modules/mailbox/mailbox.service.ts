import { extractLinks, type TDevMailboxMessage, type TDevMailboxResponse } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/http/types';
import { MAIL_CHANNEL } from '../../platform/mail/mail';

/** How many messages the dev mailbox shows. */
const LIMIT = 200;

interface Row extends Record<string, unknown> {
  id: number;
  to_address: string;
  subject: string;
  tag: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string;
  text_body: string;
}

const columns = sql`id::int as id, to_address, subject, tag, status, attempts, last_error,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sent_at,
  to_char(next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as next_attempt_at,
  text_body`;

/** Bodies (which carry reset and activation links) are hidden in production when real SMTP is used. */
const showBodies = (deps: AppDeps) => !(deps.config.production && deps.config.mail.smtpUrl);

function present(row: Row, bodies: boolean): TDevMailboxMessage {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    tag: row.tag,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at,
    sent_at: row.sent_at,
    next_attempt_at: row.next_attempt_at,
    text: bodies ? row.text_body : null,
    links: bodies ? extractLinks(row.text_body) : [],
  };
}

/** GET /Admin/DevMailbox: the newest outbox messages with their links. */
export async function listDevMailbox(deps: AppDeps): Promise<TDevMailboxResponse> {
  const { rows } = await deps.db.execute<Row>(
    sql`select ${columns} from mail_outbox order by id desc limit ${LIMIT}`,
  );
  const bodies = showBodies(deps);
  return { transport: deps.config.mail.smtpUrl ? 'smtp' : 'file', rows: rows.map((r) => present(r, bodies)) };
}

/** POST /Admin/DevMailbox/{id}/retry: queues a message again (attempts reset) and wakes delivery. */
export async function retryMail(deps: AppDeps, id: number): Promise<TDevMailboxMessage | undefined> {
  return deps.db.transaction(async (tx) => {
    const { rows } = await tx.execute<Row>(
      sql`update mail_outbox set status = 'queued', attempts = 0, next_attempt_at = now()
          where id = ${id} and status <> 'sent' returning ${columns}`,
    );
    if (!rows[0]) return undefined;
    await tx.execute(sql`select pg_notify(${MAIL_CHANNEL}, ${String(id)})`);
    return present(rows[0], showBodies(deps));
  });
}
