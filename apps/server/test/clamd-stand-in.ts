import net from 'node:net';

/** The EICAR anti-virus test string: harmless, and every scanner reports it as a virus. */
export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

/** A running stand-in: its port, how many streams it scanned, and how to stop it. */
export interface ClamdStandIn {
  port: number;
  scanned: () => number;
  close: () => Promise<void>;
}

/**
 * TEST STAND-IN for ClamAV's clamd — not part of the product and never used by it. It speaks just enough
 * of clamd's protocol for the API tests: `zPING\0` → `PONG\0`, and `zINSTREAM\0` followed by
 * <4-byte big-endian length><data> chunks and a zero length → `stream: OK\0`, or
 * `stream: Eicar-Test-Signature FOUND\0` when the data contains the EICAR test string. Then it closes,
 * as clamd does for z-commands outside a session. The real clamd works the same way (STACK.md).
 */
export async function startClamdStandIn(): Promise<ClamdStandIn> {
  let scanned = 0;
  const server = net.createServer((socket) => {
    let buf = Buffer.alloc(0);
    let command: string | null = null;
    const chunks: Buffer[] = [];
    socket.on('error', () => socket.destroy());
    socket.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (command === null) {
        const end = buf.indexOf(0);
        if (end < 0) return;
        command = buf.subarray(0, end).toString('latin1');
        buf = buf.subarray(end + 1);
        if (command === 'zPING') {
          socket.end('PONG\0');
          return;
        }
        if (command !== 'zINSTREAM') {
          socket.end('UNKNOWN COMMAND\0');
          return;
        }
      }
      while (buf.length >= 4) {
        const size = buf.readUInt32BE(0);
        if (size === 0) {
          scanned += 1;
          const found = Buffer.concat(chunks).includes(EICAR, 0, 'latin1');
          socket.end(found ? 'stream: Eicar-Test-Signature FOUND\0' : 'stream: OK\0');
          buf = Buffer.alloc(0);
          return;
        }
        if (buf.length < 4 + size) return;
        chunks.push(buf.subarray(4, 4 + size));
        buf = buf.subarray(4 + size);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('clamd stand-in did not get a port');
  return {
    port: address.port,
    scanned: () => scanned,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A local port where nothing listens (to test "clamd unreachable"). */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
