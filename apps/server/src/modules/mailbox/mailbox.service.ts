import { extractLinks, type TDevMailboxMessage, type TDevMailboxResponse } from '@portal/contracts';
import type { AppDeps } from '../../platform/http/types';
import { type OutboxRow as Row, mailboxRepository as repo } from './mailbox.repository';

/** How many messages the dev mailbox shows. */
const LIMIT = 200;

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
    // Hidden with the bodies (an attachment is content too).
    attachments: bodies ? row.attachments : [],
  };
}

/** GET /Admin/DevMailbox: the newest outbox messages with their links. */
export async function listDevMailbox(deps: AppDeps): Promise<TDevMailboxResponse> {
  const rows = await repo.newest(deps.db, LIMIT);
  const bodies = showBodies(deps);
  return { transport: deps.config.mail.smtpUrl ? 'smtp' : 'file', rows: rows.map((r) => present(r, bodies)) };
}

/** POST /Admin/DevMailbox/{id}/retry: queues a message again (attempts reset) and wakes delivery. */
export async function retryMail(deps: AppDeps, id: number): Promise<TDevMailboxMessage | undefined> {
  const row = await deps.db.transaction((tx) => repo.requeue(tx, id));
  return row && present(row, showBodies(deps));
}

/** GET /Admin/DevMailbox/{id}/attachments/{attachment_id}: one file of a message (not when bodies are hidden). */
export async function mailAttachment(deps: AppDeps, mailId: number, id: number) {
  if (!showBodies(deps)) return undefined;
  return repo.attachment(deps.db, mailId, id);
}
