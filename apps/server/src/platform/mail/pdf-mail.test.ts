import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { coveringLetter, queuePdfMails } from './pdf-mail';

describe('coveringLetter', () => {
  it('puts a blank line after the greeting and after the paragraph', () => {
    const text = coveringLetter({
      greeting: 'Dear Ann,',
      paragraph: 'See attached.',
      sender: 'Bob',
      company: 'ACME',
    });
    expect(text).toBe('Dear Ann,\n\nSee attached.\n\nBob\nACME');
  });
});

describe('queuePdfMails', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('queues one message per address with the PDF attached and answers the outbox ids in order', async () => {
    const pdf = Buffer.from('%PDF-1.7 test');
    const ids = await t.db.transaction((tx) =>
      queuePdfMails(tx, ['a@x.test', 'b@x.test'], {
        subject: 'S',
        text: 'T',
        tag: 'pdf-mail-test',
        fileName: 'INV1.pdf',
        pdf,
      }),
    );
    expect(ids).toHaveLength(2);
    const { rows } = await t.db.execute<{
      id: number;
      to_address: string;
      subject: string;
      text_body: string;
      file_name: string;
      content_type: string;
      content: Buffer;
    }>(sql`
      select o.id::int as id, o.to_address, o.subject, o.text_body, a.file_name, a.content_type, a.content
        from mail_outbox o join mail_outbox_attachments a on a.mail_id = o.id
       where o.tag = 'pdf-mail-test' order by o.id`);
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(rows.map((r) => [r.to_address, r.subject, r.text_body, r.file_name, r.content_type])).toEqual([
      ['a@x.test', 'S', 'T', 'INV1.pdf', 'application/pdf'],
      ['b@x.test', 'S', 'T', 'INV1.pdf', 'application/pdf'],
    ]);
    expect(Buffer.from(rows[0].content).toString()).toBe('%PDF-1.7 test');
  });
});
