import type { DbOrTx } from '../../platform/db/client';
import { renderEmail } from '../email-template';
import { enqueueWebhookEvent, type WebhookEvent } from '../webhook';

export type { WebhookEvent };

export interface RenderedMail {
  subject: string;
  text: string;
  html?: string;
}

/**
 * THE e-mail rendering call site of the dispatcher: the admin template of the event in the recipient's
 * language (module email-template; a built-in default when none is saved or active).
 */
export async function renderNotificationMail(
  tx: DbOrTx,
  eventCode: string,
  lang: string,
  params: { email_subject_param: Record<string, string>; email_body_param: Record<string, string> },
): Promise<RenderedMail> {
  const { subject, text, html } = await renderEmail(tx, eventCode, lang, params);
  return { subject, text, html };
}

/**
 * THE webhook call site of the dispatcher, inside its transaction: the webhook module queues a signed
 * delivery for each endpoint of a party on the document that wants this event code.
 */
export function forwardToWebhooks(tx: DbOrTx, event: WebhookEvent): Promise<number> {
  return enqueueWebhookEvent(tx, event);
}
