import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, sessionToken, type TestApp } from '../../../test/test-app';
import { renderEmail } from './email-template.service';

let on: TestApp;
let off: TestApp;
let admin: Record<string, string>;
let adminOff: Record<string, string>;
let shipper: Record<string, string>;
const url = '/api/v1/EmailTemplate';

type Row = { id: string; event_code: string; subject_en: string; version: number; placeholders: string[] };

beforeAll(async () => {
  on = await createTestApp({ FEATURE_EMAIL_TEMPLATES: 'true' });
  off = await createTestApp({ FEATURE_EMAIL_TEMPLATES: 'false' });
  admin = bearer(await sessionToken(on, 'admin@demo.test'));
  adminOff = bearer(await sessionToken(off, 'admin@demo.test'));
  shipper = bearer(await sessionToken(on, 'shipper@demo.test'));
});
afterAll(async () => {
  await on?.close();
  await off?.close();
});

const call = (
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });

describe('e-mail templates (feature flag on)', () => {
  it('lists the seeded default of every catalogue event, with its placeholders', async () => {
    const res = await call(on, 'GET', `${url}?pageSize=100`, admin);
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as Row[];
    expect(rows.map((r) => r.event_code)).toContain('BOOKING_CONFIRMED');
    expect(res.json().total).toBe(rows.length);
    const confirmed = rows.find((r) => r.event_code === 'BOOKING_CONFIRMED') as Row;
    expect(confirmed.subject_en).toContain('{{event_name}}');
    expect(confirmed.placeholders).toEqual(expect.arrayContaining(['doc_code', 'link', 'so_no']));
    const events = (await call(on, 'GET', `${url}/events`, admin)).json();
    expect(events.every((e: { has_template: boolean }) => e.has_template)).toBe(true);
    // the search finds the code anywhere in it: the carrier's confirmation (issue 42) too
    expect(
      (await call(on, 'GET', `${url}?q=booking_conf`, admin))
        .json()
        .rows.map((r: Row) => r.event_code)
        .sort(),
    ).toEqual(['BOOKING_CONFIRMED', 'CARRIER_BOOKING_CONFIRMED']);
  });

  it('edits a template with a version, refuses an old version, a duplicate and an unknown event code', async () => {
    const [row] = (await call(on, 'GET', `${url}?q=BOOKING_CANCELLED`, admin)).json().rows as Row[];
    const body = {
      subject_en: 'Cancelled: {{so_no}}',
      subject_hk: '已取消：{{so_no}}',
      subject_cn: '',
      body_en: 'Booking {{so_no}} was cancelled.\nSee {{link}}',
      body_hk: '訂艙 {{so_no}} 已取消。',
      body_cn: '',
      active: true,
    };
    const upd = await call(on, 'PUT', `${url}/${row.id}`, admin, { ...body, version: row.version });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({
      subject_en: 'Cancelled: {{so_no}}',
      subject_cn: '',
      version: row.version + 1,
    });
    expect(
      (await call(on, 'PUT', `${url}/${row.id}`, admin, { ...body, version: row.version })).statusCode,
    ).toBe(409);
    const history = (await call(on, 'GET', `${url}/${row.id}/history`, admin)).json();
    expect(history[0]).toMatchObject({ action: 'update' });
    expect(Object.keys(history[0].changes)).toEqual(expect.arrayContaining(['subject_en', 'body_en']));
    const dup = await call(on, 'POST', url, admin, { ...body, event_code: 'BOOKING_CANCELLED' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({
      msgKey: 'msgEmailTemplateDuplicate',
      params: { value: 'BOOKING_CANCELLED' },
    });
    const unknown = await call(on, 'POST', url, admin, { ...body, event_code: 'NO_SUCH_EVENT' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msgKey).toBe('msgEmailTemplateEventUnknown');
    const empty = await call(on, 'POST', url, admin, {
      ...body,
      subject_en: '',
      event_code: 'BOOKING_CREATED',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toContainEqual(
      expect.objectContaining({ field: 'subject_en', msgKey: 'msgFieldRequired' }),
    );
    expect((await call(on, 'GET', `${url}/${crypto.randomUUID()}`, admin)).statusCode).toBe(404);

    // the dispatcher's rendering uses it: zh-HK as written, zh-CN empty → en-US
    const hk = await renderEmail(on.db, 'BOOKING_CANCELLED', 'zh-HK', {
      email_subject_param: { so_no: 'SO1' },
      email_body_param: { so_no: 'SO1' },
    });
    expect(hk).toMatchObject({ subject: '已取消：SO1', text: '訂艙 SO1 已取消。', templateId: row.id });
    const cn = await renderEmail(on.db, 'BOOKING_CANCELLED', 'zh-CN', {
      email_subject_param: { so_no: 'SO1' },
      email_body_param: { so_no: 'SO1', link: 'https://p.example/BMS/shipping_order/SO1' },
    });
    expect(cn.subject).toBe('Cancelled: SO1');
    expect(cn.html).toContain('<a href="https://p.example/BMS/shipping_order/SO1">');
  });

  it('escapes values and template text in the HTML body and keeps the subject on one line', async () => {
    const mail = await renderEmail(on.db, 'BOOKING_CONFIRMED', 'en-US', {
      email_subject_param: { doc_code: 'SO9\r\nBcc: evil@example.com' },
      email_body_param: {
        doc_code: '<img src=x onerror=alert(1)>',
        recipient_name: 'A & B "Ltd"',
        link: 'javascript:alert(1)',
      },
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Booking confirmed: SO9 Bcc: evil@example.com');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('A &amp; B &quot;Ltd&quot;');
    expect(mail.html).not.toContain('href="javascript');
    expect(mail.text).toContain('<img src=x onerror=alert(1)>'); // plain text stays as given
    const preview = await call(on, 'POST', `${url}/preview`, admin, {
      event_code: 'BOOKING_CONFIRMED',
      language: 'zh-HK',
      subject: '<b>{{event_name}}</b> {{so_no}}',
      body: '<script>alert(1)</script>\n{{shipper}} {{unknown}}',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ subject: '<b>訂艙已確認</b> SO2600012' });
    expect(preview.json().html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>');
    expect(preview.json().html).toContain('Shenzhen Bright Star Electronics Co., Ltd. ');
    expect(preview.json().sample.so_no).toBe('SO2600012');
  });

  it('falls back to the built-in default when no active template exists', async () => {
    const [row] = (await call(on, 'GET', `${url}?q=BOOKING_RECOVERED`, admin)).json().rows as (Row &
      Record<string, unknown>)[];
    await call(on, 'PUT', `${url}/${row.id}`, admin, {
      subject_en: 'Custom',
      subject_hk: '',
      subject_cn: '',
      body_en: 'Custom',
      body_hk: '',
      body_cn: '',
      active: false,
      version: row.version,
    });
    const mail = await renderEmail(on.db, 'BOOKING_RECOVERED', 'zh-CN', {
      email_body_param: { doc_code: 'SO7' },
      email_subject_param: { doc_code: 'SO7' },
    });
    expect(mail).toMatchObject({ subject: '[货运平台] 订舱已恢复：SO7', templateId: null });
    const unknown = await renderEmail(on.db, 'SOMETHING_NEW', 'xx', {
      email_subject_param: { doc_code: 'D1' },
    });
    expect(unknown.subject).toBe('[Freight Portal] SOMETHING_NEW: D1');
  });

  it('is for administrators only', async () => {
    for (const [m, p] of [
      ['GET', url],
      ['GET', `${url}/events`],
      ['POST', `${url}/preview`],
      ['POST', url],
    ] as const)
      expect((await call(on, m, p, shipper, m === 'POST' ? {} : undefined)).statusCode, `${m} ${p}`).toBe(
        403,
      );
    expect((await call(on, 'GET', `${url}/feature`, shipper)).json()).toEqual({ enabled: true });
  });
});

describe('e-mail templates (feature flag off)', () => {
  it('answers 404 on every template route and hides the menu item', async () => {
    expect((await call(off, 'GET', `${url}/feature`, adminOff)).json()).toEqual({ enabled: false });
    for (const [m, p] of [
      ['GET', url],
      ['GET', `${url}/events`],
      ['GET', `${url}/${crypto.randomUUID()}`],
      ['POST', `${url}/preview`],
      ['POST', url],
      ['PUT', `${url}/${crypto.randomUUID()}`],
      ['GET', `${url}/${crypto.randomUUID()}/history`],
    ] as const) {
      const res = await call(off, m, p, adminOff, m === 'GET' ? undefined : { bad: 1 });
      expect(res.statusCode, `${m} ${p}`).toBe(404);
    }
    const keys = (r: { json(): { menu: { key: string; children?: { key: string }[] }[] } }) =>
      r.json().menu.flatMap((m) => [m.key, ...(m.children ?? []).map((c) => c.key)]);
    expect(keys(await call(off, 'GET', '/api/v1/Users/UserModuleList', adminOff))).not.toContain(
      'm_admin_email_template',
    );
    expect(keys(await call(on, 'GET', '/api/v1/Users/UserModuleList', admin))).toContain(
      'm_admin_email_template',
    );
    // the templates are still used for mail
    expect((await renderEmail(off.db, 'BOOKING_CONFIRMED', 'en-US')).templateId).not.toBeNull();
  });
});
