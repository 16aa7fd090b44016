import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../db/client';
import { registerJob } from '../jobs/job-registry';
import { MAIL_CHANNEL } from './mail';
import type { MailConfig } from './mail-config';

/** The durable job that sends queued outbox rows. */
export const MAIL_DELIVER_JOB = 'mail-deliver';
/** Safety-net poll (retries after backoff, missed notifications); new mail is kicked at commit. */
export const MAIL_DELIVER_CRON = '* * * * *';
/**
 * Rows claimed per transaction. The claim holds them until the batch commits: a crash while sending loses no
 * message but may send up to this many again (at-least-once, as any outbox); a larger batch costs fewer
 * statements per message (claim, attachments and the sent mark are one statement each per batch).
 */
const BATCH = 10;
/** Batches per job run, so one run cannot hold a worker for ever. */
const MAX_BATCHES = 20;

let settings: MailConfig | undefined;
let transport: Transporter | undefined;

/**
 * The SMTP URL with `pool=true` unless it says otherwise: nodemailer then keeps a few connections open and sends
 * message after message on them. Without it every message opened its own connection (TCP, greeting, EHLO, and
 * STARTTLS and AUTH on a real relay): to a local SMTP server 112 ms and ~6-8 ms of CPU a message against 7 ms and
 * ~2.8 ms pooled (session 60); a burst of a thousand notifications took minutes to leave.
 */
export function pooledSmtpUrl(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('pool')) u.searchParams.set('pool', 'true');
  return u.toString();
}

/**
 * Sets where mail goes (called once when the app is built, from the mailbox module) and closes the transport set
 * before. Answers what closes this one's pooled SMTP connections (the app's close: a stopping instance leaves none
 * open); a later configuration is not touched by it.
 */
export function configureMailDelivery(config: MailConfig): () => void {
  transport?.close();
  settings = config;
  const mine = config.smtpUrl
    ? nodemailer.createTransport(pooledSmtpUrl(config.smtpUrl))
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  transport = mine;
  return () => mine.close();
}

/** The settings in force (for the dev mailbox and links). */
export function mailSettings(): MailConfig | undefined {
  return settings;
}

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at 1 hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

interface OutboxRow extends Record<string, unknown> {
  id: number;
  /** When it was queued, in epoch milliseconds (with the id, its Message-ID). */
  queued_ms: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  tag: string;
  attempts: number;
  /** Whether the message has attachments (read, for the batch at once, only when one has). */
  has_files: boolean;
}

type Attachment = { file_name: string; content_type: string; content: Buffer };

/** The domain of the sender's address (`Name <user@domain>` or `user@domain`), for Message-IDs. */
export function senderDomain(from: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * The Message-ID of an outbox row: its id and the time it was queued at the sender's domain. The same on every
 * attempt, so a message sent again after a crash in its batch (at-least-once) reads as the same message to the
 * receiving system, which may drop the copy; unique per row and per database (a reseed reuses ids, not times).
 * Given rather than generated: nodemailer's random one took ~40 % of composing a notification (five calls to
 * crypto.randomBytes each).
 */
export function messageIdOf(row: { id: number | string; queued_ms: string }, from: string): string {
  return `<portal-mail.${row.id}.${row.queued_ms}@${senderDomain(from)}>`;
}

/** Sends one message through SMTP, or writes it as `<fileDir>/<id>-<tag>.eml` without SMTP. */
async function sendOne(cfg: MailConfig, tp: Transporter, row: OutboxRow, files: Attachment[]): Promise<void> {
  const info = await tp.sendMail({
    messageId: messageIdOf(row, cfg.from),
    from: cfg.from,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    ...(row.html_body ? { html: row.html_body } : {}),
    headers: { 'X-Portal-Mail-Id': String(row.id), 'X-Portal-Mail-Tag': row.tag },
    ...(files.length
      ? {
          attachments: files.map((f) => ({
            filename: f.file_name,
            contentType: f.content_type,
            content: f.content,
          })),
        }
      : {}),
  });
  if (!cfg.smtpUrl) {
    const message = (info as { message?: Buffer | string }).message ?? '';
    const safeTag = row.tag.replace(/[^a-z0-9_-]/gi, '_');
    await writeFile(path.join(cfg.fileDir, `${String(row.id).padStart(8, '0')}-${safeTag}.eml`), message);
  }
}

/** The attachments of the claimed messages that have any, by message id (one statement for the batch). */
async function attachmentsOf(db: DbOrTx, rows: OutboxRow[]) {
  const ids = rows.filter((r) => r.has_files).map((r) => r.id);
  // Keys as text: bigint ids come from node-postgres as strings.
  const byMail = new Map<string, Attachment[]>();
  if (!ids.length) return byMail;
  const { rows: files } = await db.execute<Attachment & { mail_id: string }>(
    sql`select mail_id, file_name, content_type, content from mail_outbox_attachments
        where mail_id = any(${sql.param(ids)}::bigint[]) order by mail_id, id`,
  );
  for (const f of files) {
    const list = byMail.get(String(f.mail_id));
    if (list) list.push(f);
    else byMail.set(String(f.mail_id), [f]);
  }
  return byMail;
}

/**
 * Sends what is due: claims a few queued rows at a time (FOR UPDATE SKIP LOCKED, so several instances
 * never send one row twice), sends each, and marks it sent; a failure keeps the row queued with
 * attempts + 1, the error and a later next_attempt_at, or marks it 'failed' after `maxAttempts`.
 * Answers how many were sent and how many failed.
 */
export async function deliverDueMail(
  db: Db,
  log: (m: string) => void = () => {},
): Promise<{ sent: number; failed: number }> {
  const cfg = settings;
  const tp = transport;
  if (!cfg || !tp) throw new Error('mail delivery is not configured (configureMailDelivery)');
  let sent = 0;
  let failed = 0;
  if (!cfg.smtpUrl) await mkdir(cfg.fileDir, { recursive: true });
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const claimed = await db.transaction(async (tx) => {
      // In id order over the queued rows' own index (mail_outbox_queued_idx): the claim reads the batch, not
      // every queued row sorted with its bodies (a backlog made each claim sort all of it, every batch).
      const { rows } = await tx.execute<OutboxRow>(
        sql`select o.id, (extract(epoch from o.created_at) * 1000)::bigint::text as queued_ms, o.to_address,
              o.subject, o.text_body, o.html_body, o.tag, o.attempts,
              exists (select 1 from mail_outbox_attachments a where a.mail_id = o.id) as has_files
            from mail_outbox o
            where o.status = 'queued' and o.next_attempt_at <= now()
            order by o.id limit ${BATCH} for update of o skip locked`,
      );
      const files = await attachmentsOf(tx, rows);
      const done: (number | string)[] = [];
      for (const row of rows) {
        try {
          await sendOne(cfg, tp, row, files.get(String(row.id)) ?? []);
          done.push(row.id);
        } catch (e) {
          const attempts = row.attempts + 1;
          const error = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
          const gaveUp = attempts >= cfg.maxAttempts;
          await tx.execute(
            sql`update mail_outbox set attempts = ${attempts}, last_error = ${error},
                status = ${gaveUp ? 'failed' : 'queued'},
                next_attempt_at = now() + make_interval(secs => ${backoffSeconds(attempts)})
                where id = ${row.id}`,
          );
          failed++;
          log(
            `mail ${row.id} (${row.tag}) attempt ${attempts} failed${gaveUp ? ', giving up' : ''}: ${error}`,
          );
        }
      }
      if (done.length)
        await tx.execute(
          sql`update mail_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null
              where id = any(${sql.param(done)}::bigint[])`,
        );
      sent += done.length;
      return rows.length;
    });
    if (claimed < BATCH) break;
  }
  return { sent, failed };
}

registerJob({
  name: MAIL_DELIVER_JOB,
  cron: MAIL_DELIVER_CRON,
  // Failures are kept per message in the outbox; the job itself is not retried.
  retryLimit: 0,
  // woken at once when mail commits (the runner listens; several within 100 ms make one job)
  channel: MAIL_CHANNEL,
  run: (ctx) => deliverDueMail(ctx.db, ctx.log),
});
