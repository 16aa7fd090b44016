import { type DbOrTx, insertRendered, notifyAfterCommit } from '../db/client';
import { mailOutbox, mailOutboxAttachments } from './mail.tables';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tag: string;
  /** Files sent with the message (kept in mail_outbox_attachments until the message is deleted). */
  attachments?: { fileName: string; contentType: string; content: Buffer }[];
}

/** PostgreSQL channel told (at commit) that the outbox has new mail; the mail kicker listens on it. */
export const MAIL_CHANNEL = 'mail_outbox';

/**
 * Queues an e-mail inside the caller's transaction (so it is sent only if the change commits); the
 * mail delivery job sends it. The NOTIFY is sent only once the transaction has committed (notifyAfterCommit), and
 * wakes the delivery job at once (the job also polls every minute). Answers the outbox id.
 */
export async function queueMail(tx: DbOrTx, message: MailMessage): Promise<number> {
  // Rendered once per shape (with or without an HTML body) and prepared (client.ts insertRendered): written for
  // every notification mail.
  const [row] = await insertRendered<{ id: number }>(
    tx,
    'mail.queue',
    mailOutbox,
    {
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      tag: message.tag,
    },
    { id: mailOutbox.id },
  );
  if (message.attachments?.length)
    await tx.insert(mailOutboxAttachments).values(
      message.attachments.map((a) => ({
        mail_id: row.id,
        file_name: a.fileName,
        content_type: a.contentType,
        content: a.content,
      })),
    );
  await wakeMailDelivery(tx, row.id);
  return row.id;
}

/** Wakes the delivery job once the transaction has committed (a NOTIFY on MAIL_CHANNEL; the job also polls). */
export async function wakeMailDelivery(tx: DbOrTx, outboxId: number): Promise<void> {
  await notifyAfterCommit(tx, MAIL_CHANNEL, [outboxId]);
}
