import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { redactingLogger, redactUrl } from './log-redaction';

describe('log redaction', () => {
  it('replaces credentials in query strings and keeps the rest', () => {
    expect(redactUrl('/resetpassword?loginID=ann%40x.test&token=abc123')).toBe(
      '/resetpassword?loginID=ann%40x.test&token=[redacted]',
    );
    expect(redactUrl('https://p/x?access_token=s3cr3t#top')).toBe('https://p/x?access_token=[redacted]#top');
    expect(redactUrl('/api/v1/Party?name=key-account')).toBe('/api/v1/Party?name=key-account');
  });

  it('keeps tokens, passwords and reset links out of what the server logs', async () => {
    let out = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        out += chunk.toString();
        done();
      },
    });
    const app = Fastify({ logger: { ...redactingLogger('info'), stream } });
    app.post('/resetpassword', async (request) => {
      request.log.info(
        {
          input: { username: 'ann@x.test', password: 'hunter2-body' },
          link: 'https://portal.example/resetpassword?loginID=ann&token=LINK-SECRET-1',
        },
        'queued https://portal.example/admin/activateAccount?loginid=ann&token=LINK-SECRET-2',
      );
      request.log.warn({ url: request.url, token: 'FIELD-SECRET' }, 'too many requests');
      return { ok: true };
    });
    const res = await app.inject({
      method: 'POST',
      url: '/resetpassword?loginID=ann&token=URL-SECRET',
      headers: { authorization: 'Bearer HEADER-SECRET', cookie: 'sid=COOKIE-SECRET' },
      payload: { password: 'hunter2-body' },
    });
    expect(res.statusCode).toBe(200);
    await app.close();

    for (const secret of [
      'hunter2',
      'LINK-SECRET',
      'URL-SECRET',
      'HEADER-SECRET',
      'COOKIE-SECRET',
      'FIELD-SECRET',
    ])
      expect(out).not.toContain(secret);
    // still useful: who, which route, which account
    expect(out).toContain('loginID=ann&token=[redacted]');
    expect(out).toContain('ann@x.test');
    expect(out).toContain('"password":"[redacted]"');
    expect(out).toContain('incoming request');
  });
});
