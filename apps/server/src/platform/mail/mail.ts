import type { DbOrTx } from '../db/client';
import { mailOutbox } from './mail.tables';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tag: string;
}

/**
 * Queues an e-mail inside the caller's transaction (so it is sent only if the change commits); the
 * mail delivery job sends it. Answers the outbox id.
 */
export async function queueMail(tx: DbOrTx, message: MailMessage): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      tag: message.tag,
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}
