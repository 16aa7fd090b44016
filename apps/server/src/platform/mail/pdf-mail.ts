import type { DbOrTx } from '../db/client';
import { queueMail } from './mail';

/** A short covering letter: the greeting, one paragraph, then the sender and the company, blank lines between. */
export const coveringLetter = (l: { greeting: string; paragraph: string; sender: string; company: string }) =>
  [l.greeting, '', l.paragraph, '', l.sender, l.company].join('\n');

/**
 * Queues one message with the same PDF attached to each address (one outbox row per address, in order, in the
 * caller's transaction); answers the outbox ids.
 */
export async function queuePdfMails(
  tx: DbOrTx,
  to: readonly string[],
  m: { subject: string; text: string; tag: string; fileName: string; pdf: Buffer },
): Promise<number[]> {
  const ids: number[] = [];
  for (const address of to)
    ids.push(
      await queueMail(tx, {
        to: address,
        subject: m.subject,
        text: m.text,
        tag: m.tag,
        attachments: [{ fileName: m.fileName, contentType: 'application/pdf', content: m.pdf }],
      }),
    );
  return ids;
}
