import type { DbOrTx } from '../../platform/db/client';
import { EVENT_TEXTS, MAIL_OPEN } from './notification.texts';

type Lang = 'en-US' | 'zh-HK' | 'zh-CN';
const LANGS: readonly string[] = ['en-US', 'zh-HK', 'zh-CN'];
export const mailLang = (lang: string): Lang => (LANGS.includes(lang) ? (lang as Lang) : 'en-US');

export interface RenderedMail {
  subject: string;
  text: string;
  html?: string;
}

const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => params[k] ?? '');

/**
 * THE e-mail rendering call site of the dispatcher: the built-in text of the event in the recipient's
 * language. Swap point for the admin templates: replace the body with
 * `return renderEmail(tx, eventCode, lang, params)` from '../email-template' (docs/notifications.md).
 */
export async function renderNotificationMail(
  _tx: DbOrTx,
  eventCode: string,
  lang: string,
  params: { email_subject_param: Record<string, string>; email_body_param: Record<string, string> },
): Promise<RenderedMail> {
  const l = mailLang(lang);
  const text = EVENT_TEXTS[eventCode]?.[l] ?? eventCode;
  const subject = fill(text, params.email_subject_param);
  const link = params.email_body_param.link;
  return {
    subject,
    text: `${fill(text, params.email_body_param)}\n\n${link ? `${MAIL_OPEN[l]}\n${link}\n` : ''}`,
  };
}

/** What a customer's webhook gets about one event (the webhook module's enqueue contract). */
export interface WebhookEvent {
  eventCode: string;
  module: string;
  subModule: string | null;
  docCode: string;
  documents: Record<string, string>;
  href: string;
  partyIds: number[];
  occurredAt?: string;
  eventId?: string;
}

/**
 * THE webhook call site of the dispatcher, inside its transaction: hands the event to the customers'
 * webhooks. Extension point until the webhook module lands: replace the body with
 * `return enqueueWebhookEvent(tx, event)` from '../webhook' (docs/notifications.md).
 */
export async function forwardToWebhooks(_tx: DbOrTx, _event: WebhookEvent): Promise<number> {
  return 0;
}
