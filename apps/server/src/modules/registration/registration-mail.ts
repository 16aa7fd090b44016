import type { DbOrTx } from '../../platform/db/client';
import { queueMail } from '../../platform/mail/mail';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The activation link of a wizard: `/RegistrationWithSIS` or `/RegistrationWithoutSIS` with loginID and token. */
export function activationLink(baseUrl: string, kind: 'SIS' | 'APPLICATION', loginId: string, token: string) {
  const path = kind === 'SIS' ? '/RegistrationWithSIS' : '/RegistrationWithoutSIS';
  return `${baseUrl}${path}?loginID=${encodeURIComponent(loginId)}&token=${encodeURIComponent(token)}`;
}

/** Queues the activation e-mail (valid 7 days) in the caller's transaction. */
export function queueActivationMail(tx: DbOrTx, to: string, name: string, link: string) {
  return queueMail(tx, {
    to,
    tag: 'registration-activation',
    subject: 'Activate your Freight Portal account',
    text: `Dear ${name},\n\nThank you for registering. Open this link within 7 days to activate your account and set your password:\n\n${link}\n\nIf you did not register, ignore this e-mail.`,
    html: `<p>Dear ${escapeHtml(name)},</p><p>Thank you for registering. Open this link within 7 days to activate your account and set your password:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>If you did not register, ignore this e-mail.</p>`,
  });
}

/** Queues the e-mail telling the user the registration was approved or rejected. */
export function queueDecisionMail(
  tx: DbOrTx,
  to: string,
  name: string,
  decision: { approved: true; loginUrl: string } | { approved: false; reason: string },
) {
  const text = decision.approved
    ? `Dear ${name},\n\nYour registration has been approved. You can now sign in at ${decision.loginUrl} with your login ID ${to}.`
    : `Dear ${name},\n\nYour registration has been rejected.\nReason: ${decision.reason}`;
  return queueMail(tx, {
    to,
    tag: decision.approved ? 'registration-approved' : 'registration-rejected',
    subject: decision.approved
      ? 'Your Freight Portal registration is approved'
      : 'Your Freight Portal registration',
    text,
    html: text
      .split('\n')
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join(''),
  });
}
