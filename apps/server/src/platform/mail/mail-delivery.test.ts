import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { type JobRunner, startJobRunner } from '../jobs/job-runner';
import { queueMail } from './mail';
import { loadMailConfig } from './mail-config';
import { configureMailDelivery, deliverDueMail, MAIL_DELIVER_JOB, pooledSmtpUrl } from './mail-delivery';

/** An in-process SMTP server that keeps what it receives and refuses the recipients in `refuse`. */
async function startSmtp(port = 0, refuse: ReadonlySet<string> = new Set()) {
  const received: { to: string[]; raw: string }[] = [];
  const stats = { connections: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A pooled client keeps its connection open: closing the server ends it after this long, not 30 s.
    closeTimeout: 200,
    onConnect(_session, callback) {
      stats.connections++;
      callback();
    },
    onRcptTo(address, _session, callback) {
      callback(refuse.has(address.address) ? new Error('550 no such user') : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.server.address() as AddressInfo;
  return {
    received,
    stats,
    port: address.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const outbox = async (t: TestApp, id: number) => {
  const { rows } = await t.db.execute<{ status: string; attempts: number; last_error: string | null }>(
    sql`select status, attempts, last_error from mail_outbox where id = ${id}`,
  );
  return rows[0];
};

describe('mail delivery over real SMTP (pg-boss job)', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let runner: JobRunner;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
      MAIL_FROM: 'p@x.test',
    });
    const { rows } = await t.db.execute<{ db: string }>(sql`select current_database() as db`);
    const url = inject('adminDbUrl').replace(/\/[^/]*$/, `/${rows[0].db}`);
    runner = await startJobRunner({ databaseUrl: url, db: t.db, log: () => {} });
  });
  afterAll(async () => {
    await runner?.stop();
    await t?.close();
    await smtp?.close();
  });

  it('sends a message queued in a transaction through the mail-deliver job', async () => {
    const id = await t.db.transaction((tx) =>
      queueMail(tx, {
        to: 'alice@example.com',
        subject: 'Hello',
        text: 'Open http://x.test/a?b=1',
        tag: 'test',
      }),
    );
    const jobId = await runner.runNow(MAIL_DELIVER_JOB);
    expect(await runner.waitFor(MAIL_DELIVER_JOB, jobId as string)).toBe('completed');
    expect(await outbox(t, id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    const got = smtp.received.find((m) => new RegExp(`^X-Portal-Mail-Id: ${id}\\r?$`, 'im').test(m.raw));
    expect(got?.to).toEqual(['alice@example.com']);
    expect(got?.raw).toContain('Subject: Hello');
    expect(got?.raw).toContain('http://x.test/a?b=1');
  });

  it('sends a backlog over a few pooled connections, not one connection a message', async () => {
    const before = { connections: smtp.stats.connections, received: smtp.received.length };
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 12; i++)
        await queueMail(tx, { to: `pool${i}@example.com`, subject: `Pooled ${i}`, text: 'x', tag: 'test' });
    });
    // This call sends them, or some of them with the mail-deliver job the commit kicked (the same transport).
    await deliverDueMail(t.db);
    for (let i = 0; i < 100 && smtp.received.length - before.received < 12; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(smtp.received.length - before.received).toBe(12);
    // nodemailer's pool opens at most five; one connection a message would be twelve.
    expect(smtp.stats.connections - before.connections).toBeLessThanOrEqual(5);
  });

  it('a rolled-back transaction sends nothing', async () => {
    const before = smtp.received.length;
    await t.db
      .transaction(async (tx) => {
        await queueMail(tx, { to: 'bob@example.com', subject: 'Never', text: 'x', tag: 'test' });
        throw new Error('rollback');
      })
      .catch(() => {});
    await deliverDueMail(t.db);
    expect(smtp.received.length).toBe(before);
  });

  it('delays but loses none: SMTP down keeps the message queued, it goes once SMTP is back', async () => {
    const port = smtp.port;
    await smtp.close();
    const id = await t.db.transaction((tx) =>
      queueMail(tx, { to: 'carol@example.com', subject: 'Later', text: 'body', tag: 'test' }),
    );
    expect(await deliverDueMail(t.db)).toMatchObject({ failed: 1 });
    const failed = await outbox(t, id);
    expect(failed.status).toBe('queued');
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toBeTruthy();
    // Within the backoff nothing is tried again.
    expect(await deliverDueMail(t.db)).toEqual({ sent: 0, failed: 0 });
    smtp = await startSmtp(port);
    // The backoff has passed (simulated).
    await t.db.execute(sql`update mail_outbox set next_attempt_at = now() where id = ${id}`);
    const jobId = await runner.runNow(MAIL_DELIVER_JOB);
    expect(await runner.waitFor(MAIL_DELIVER_JOB, jobId as string)).toBe('completed');
    expect(await outbox(t, id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(smtp.received.some((m) => m.raw.includes('Subject: Later'))).toBe(true);
  });

  it('a batch with one refused recipient: the others go once, the refused one waits for its retry', async () => {
    const port = smtp.port;
    await smtp.close();
    smtp = await startSmtp(port, new Set(['nobody@example.com']));
    const to = ['b1@example.com', 'b2@example.com', 'nobody@example.com', 'b4@example.com', 'b5@example.com'];
    const ids = await t.db.transaction(async (tx) => {
      const out: number[] = [];
      for (const addr of to)
        out.push(await queueMail(tx, { to: addr, subject: `Batch ${addr}`, text: 'x', tag: 'test' }));
      return out;
    });
    expect(await deliverDueMail(t.db)).toEqual({ sent: 4, failed: 1 });
    for (const [i, id] of ids.entries())
      expect(await outbox(t, id)).toMatchObject(
        i === 2 ? { status: 'queued', attempts: 1 } : { status: 'sent', attempts: 1, last_error: null },
      );
    expect((await outbox(t, ids[2])).last_error).toBeTruthy();
    // Each accepted message arrived once, and nothing is sent again.
    for (const addr of to.filter((a) => a !== 'nobody@example.com'))
      expect(smtp.received.filter((m) => m.to.includes(addr))).toHaveLength(1);
    expect(await deliverDueMail(t.db)).toEqual({ sent: 0, failed: 0 });
    await smtp.close();
    smtp = await startSmtp(port);
  });

  it('gives up after MAIL_MAX_ATTEMPTS and a retry from the dev mailbox queues it again', async () => {
    configureMailDelivery({
      ...loadMailConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }, '/tmp', 1),
      maxAttempts: 2,
    });
    const id = await t.db.transaction((tx) =>
      queueMail(tx, { to: 'dan@example.com', subject: 'Doomed', text: 'x', tag: 'test' }),
    );
    await deliverDueMail(t.db);
    await t.db.execute(sql`update mail_outbox set next_attempt_at = now() where id = ${id}`);
    await deliverDueMail(t.db);
    expect(await outbox(t, id)).toMatchObject({ status: 'failed', attempts: 2 });
    configureMailDelivery(
      loadMailConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` }, '/tmp', 1),
    );
    const token = await sessionToken(t, 'admin@demo.test');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/Admin/DevMailbox',
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().rows.find((r: { id: number }) => r.id === id)).toMatchObject({ status: 'failed' });
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/v1/Admin/DevMailbox/${id}/retry`,
      headers: bearer(token),
    });
    expect(retry.json()).toMatchObject({ id, status: 'queued', attempts: 0 });
    // This call sends it, or the mail-deliver job the retry's commit kicked does (it may hold the row meanwhile).
    await deliverDueMail(t.db);
    for (let i = 0; i < 100 && (await outbox(t, id)).status !== 'sent'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await outbox(t, id)).toMatchObject({ status: 'sent' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/Admin/DevMailbox/${id}/retry`,
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('the SMTP URL', () => {
  it('asks for a pool of connections unless it says otherwise, and keeps the rest as it was', () => {
    expect(pooledSmtpUrl('smtp://127.0.0.1:2525?ignoreTLS=true')).toBe(
      'smtp://127.0.0.1:2525?ignoreTLS=true&pool=true',
    );
    expect(pooledSmtpUrl('smtps://user:p%40ss@mail.example.com:465')).toBe(
      'smtps://user:p%40ss@mail.example.com:465?pool=true',
    );
    expect(pooledSmtpUrl('smtp://mail.example.com:587?pool=false')).toBe(
      'smtp://mail.example.com:587?pool=false',
    );
  });
});

describe('file mailbox without SMTP_URL', () => {
  it('writes one .eml per message under <DATA_DIR>/mail', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mail-'));
    const t = await createTestApp({ SMTP_URL: '', DATA_DIR: dataDir });
    try {
      const id = await t.db.transaction((tx) =>
        queueMail(tx, {
          to: 'erin@example.com',
          subject: 'Filed',
          text: 'see http://y.test/z',
          tag: 'password_reset',
        }),
      );
      expect(await deliverDueMail(t.db)).toMatchObject({ sent: 1 });
      const files = await readdir(path.join(dataDir, 'mail'));
      expect(files).toEqual([`${String(id).padStart(8, '0')}-password_reset.eml`]);
      const eml = await readFile(path.join(dataDir, 'mail', files[0]), 'utf8');
      expect(eml).toContain('To: erin@example.com');
      expect(eml).toContain('http://y.test/z');
    } finally {
      await t.close();
    }
  });

  it('a message sent again keeps its Message-ID; another message has its own', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mail-'));
    const t = await createTestApp({
      SMTP_URL: '',
      DATA_DIR: dataDir,
      MAIL_FROM: 'Portal <noreply@forwarder.example>',
    });
    try {
      const queue = (subject: string) =>
        t.db.transaction((tx) => queueMail(tx, { to: 'erin@example.com', subject, text: 'x', tag: 'note' }));
      const a = await queue('A');
      const b = await queue('B');
      const idOf = async (id: number) => {
        const eml = await readFile(
          path.join(dataDir, 'mail', `${String(id).padStart(8, '0')}-note.eml`),
          'utf8',
        );
        return /^Message-ID: (.*)$/m.exec(eml)?.[1];
      };
      expect(await deliverDueMail(t.db)).toMatchObject({ sent: 2 });
      const first = await idOf(a);
      expect(first).toMatch(new RegExp(`^<portal-mail\\.${a}\\.\\d{13}@forwarder\\.example>$`));
      expect(await idOf(b)).not.toBe(first);
      // As after a crash between sending and the sent mark: queued again, sent again, the same Message-ID.
      await t.db.execute(sql`update mail_outbox set status = 'queued', sent_at = null where id = ${a}`);
      expect(await deliverDueMail(t.db)).toMatchObject({ sent: 1 });
      expect(await idOf(a)).toBe(first);
    } finally {
      await t.close();
    }
  });

  it('sends the attachments queued with a message (an invoice PDF)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mail-'));
    const t = await createTestApp({ SMTP_URL: '', DATA_DIR: dataDir });
    try {
      const pdf = Buffer.from('%PDF-1.3 test attachment');
      await t.db.transaction((tx) =>
        queueMail(tx, {
          to: 'ap@example.com',
          subject: 'Invoice',
          text: 'attached',
          tag: 'invoice',
          attachments: [{ fileName: 'AR001.pdf', contentType: 'application/pdf', content: pdf }],
        }),
      );
      expect(await deliverDueMail(t.db)).toMatchObject({ sent: 1 });
      const [file] = await readdir(path.join(dataDir, 'mail'));
      const eml = await readFile(path.join(dataDir, 'mail', file), 'utf8');
      expect(eml).toContain('Content-Type: application/pdf; name=AR001.pdf');
      expect(eml).toContain(pdf.toString('base64'));
    } finally {
      await t.close();
    }
  });

  it('a backlog goes in batches, in order, each message with its own attachments', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'mail-'));
    const t = await createTestApp({ SMTP_URL: '', DATA_DIR: dataDir });
    try {
      // 23 messages (more than two claims' worth), every third with a file of its own.
      const ids = await t.db.transaction(async (tx) => {
        const out: number[] = [];
        for (let i = 0; i < 23; i++)
          out.push(
            await queueMail(tx, {
              to: `m${i}@example.com`,
              subject: `Message ${i}`,
              text: `body ${i}`,
              tag: 'backlog',
              ...(i % 3 === 0
                ? {
                    attachments: [
                      {
                        fileName: `F${i}.pdf`,
                        contentType: 'application/pdf',
                        content: Buffer.from(`file-${i}`),
                      },
                    ],
                  }
                : {}),
            }),
          );
        return out;
      });
      expect(await deliverDueMail(t.db)).toEqual({ sent: 23, failed: 0 });
      const files = (await readdir(path.join(dataDir, 'mail'))).sort();
      expect(files).toEqual(ids.map((id) => `${String(id).padStart(8, '0')}-backlog.eml`));
      for (const [i, file] of files.entries()) {
        const eml = await readFile(path.join(dataDir, 'mail', file), 'utf8');
        expect(eml).toContain(`To: m${i}@example.com`);
        const attached = [...eml.matchAll(/name=(F\d+)\.pdf/g)].map((m) => m[1]);
        expect([...new Set(attached)]).toEqual(i % 3 === 0 ? [`F${i}`] : []);
        if (i % 3 === 0) expect(eml).toContain(Buffer.from(`file-${i}`).toString('base64'));
      }
      const { rows } = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from mail_outbox where status <> 'sent'`,
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await t.close();
    }
  });
});
