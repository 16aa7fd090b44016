import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { wakeMailDelivery } from '../../platform/mail/mail';

/** An outbox message as the dev mailbox shows it (instants as UTC ISO strings). */
export interface OutboxRow extends Record<string, unknown> {
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
  /** The message's files (no content), by id. */
  attachments: { id: number; file_name: string; content_type: string; size: number }[];
}

const columns = sql`id::int as id, to_address, subject, tag, status, attempts, last_error,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as sent_at,
  to_char(next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as next_attempt_at,
  text_body,
  coalesce((select json_agg(json_build_object('id', a.id::int, 'file_name', a.file_name,
      'content_type', a.content_type, 'size', octet_length(a.content)) order by a.id)
    from mail_outbox_attachments a where a.mail_id = mail_outbox.id), '[]'::json) as attachments`;

/** Queries of the dev mailbox over platform/mail's outbox table. */
export const mailboxRepository = {
  /** The newest `limit` outbox messages. */
  async newest(db: DbOrTx, limit: number): Promise<OutboxRow[]> {
    const { rows } = await db.execute<OutboxRow>(
      sql`select ${columns} from mail_outbox order by id desc limit ${limit}`,
    );
    return rows;
  },

  /** One attachment of a message (its bytes), or undefined. */
  async attachment(db: DbOrTx, mailId: number, id: number) {
    const { rows } = await db.execute<{ file_name: string; content_type: string; content: Buffer }>(
      sql`select file_name, content_type, content from mail_outbox_attachments
           where id = ${id} and mail_id = ${mailId}`,
    );
    return rows[0];
  },

  /** Queues an unsent message again (attempts reset) and wakes delivery; undefined for a sent or unknown one. */
  async requeue(tx: DbOrTx, id: number): Promise<OutboxRow | undefined> {
    const { rows } = await tx.execute<OutboxRow>(
      sql`update mail_outbox set status = 'queued', attempts = 0, next_attempt_at = now()
          where id = ${id} and status <> 'sent' returning ${columns}`,
    );
    if (rows[0]) await wakeMailDelivery(tx, id);
    return rows[0];
  },
};
