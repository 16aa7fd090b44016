import http from 'node:http';
import net from 'node:net';

/**
 * A small reverse proxy for `npm run demo:cluster` (not for production: use nginx or Caddy, see
 * docs/deploy/): round robin over the upstreams, X-Forwarded-For/-Proto/-Host for TRUST_PROXY, WebSocket
 * upgrades piped through, and a request sent again to the next upstream when the first refused the
 * connection or answered 503 msgServerStopping (a stopping instance did nothing with it). The answering
 * instance is named in `x-upstream`.
 */
export function startDemoProxy(opts: { port: number; upstreams: { name: string; port: number }[] }) {
  let next = 0;
  const order = () => {
    const start = next++ % opts.upstreams.length;
    return [...opts.upstreams.slice(start), ...opts.upstreams.slice(0, start)];
  };
  const forwarded = (req: http.IncomingMessage) => ({
    ...req.headers,
    'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
    'x-forwarded-proto': 'http',
    'x-forwarded-host': req.headers.host ?? '',
  });

  const server = http.createServer(async (req, res) => {
    // The body is kept so the request can go to the other instance (uploads are at most a few MB).
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const candidates = order();
    const attempt = (i: number) => {
      const up = candidates[i];
      const last = i === candidates.length - 1;
      const out = http.request(
        { host: '127.0.0.1', port: up.port, method: req.method, path: req.url, headers: forwarded(req) },
        (answer) => {
          if (answer.statusCode === 503 && !last && req.url !== '/readyz') {
            answer.resume();
            return attempt(i + 1);
          }
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': up.name });
          answer.pipe(res);
        },
      );
      out.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'ECONNREFUSED' && !last) return attempt(i + 1);
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ msgKey: 'msgServerStopping' }));
      });
      out.end(body);
    };
    attempt(0);
  });

  server.on('upgrade', (req, socket, head) => {
    const up = order()[0];
    const conn = net.connect(up.port, '127.0.0.1', () => {
      const headers = forwarded(req);
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [k, v] of Object.entries(headers)) {
        for (const value of [v ?? []].flat()) lines.push(`${k}: ${value}`);
      }
      conn.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) conn.write(head);
      conn.pipe(socket).pipe(conn);
    });
    conn.on('error', () => socket.destroy());
    socket.on('error', () => conn.destroy());
  });

  return new Promise<http.Server>((resolve) => server.listen(opts.port, '127.0.0.1', () => resolve(server)));
}
