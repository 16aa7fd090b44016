import { createServer } from 'node:net';

/**
 * A TCP port nobody holds right now, chosen by the kernel (listen on 0, then close). A random number in the
 * ephemeral range can be the local port of one of the machine's own outgoing connections, and PostgreSQL then
 * fails to bind it (seen once in CI as the kill -9 test's writer exiting early).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
