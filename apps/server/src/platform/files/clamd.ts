import { createReadStream } from 'node:fs';
import net from 'node:net';
import { Readable } from 'node:stream';

/** What clamd said about a file: clean, or infected with the signature it names. */
export type ScanResult = { infected: false } | { infected: true; signature: string };

/** clamd could not be reached or answered something unexpected; uploads are then refused (fail closed). */
export class ScannerUnavailableError extends Error {}

/** Largest INSTREAM chunk sent (clamd's StreamMaxLength still applies to the whole file). */
const CHUNK = 64 * 1024;

/**
 * Streams a file to clamd with the INSTREAM protocol (`zINSTREAM\0`, then chunks of <4-byte big-endian
 * length><data>, then a zero length) and reads its one reply: `stream: OK`, `stream: <name> FOUND`, or an
 * error. Any failure to connect, a timeout or an error reply throws ScannerUnavailableError.
 */
export function scanFile(
  filePath: string,
  opts: { host: string; port: number; timeoutMs: number },
): Promise<ScanResult> {
  return scanStream(createReadStream(filePath, { highWaterMark: CHUNK }), opts);
}

/** scanFile for bytes held in memory (a signature, an image inside remark HTML): the same INSTREAM scan. */
export function scanBytes(
  bytes: Buffer,
  opts: { host: string; port: number; timeoutMs: number },
): Promise<ScanResult> {
  return scanStream(Readable.from(chunksOf(bytes)), opts);
}

function* chunksOf(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
}

function scanStream(
  file: Readable,
  opts: { host: string; port: number; timeoutMs: number },
): Promise<ScanResult> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: opts.host, port: opts.port });
    let reply = '';
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      file.destroy();
      socket.destroy();
      reject(new ScannerUnavailableError(`clamd ${opts.host}:${opts.port}: ${why}`));
    };
    socket.setTimeout(opts.timeoutMs, () => fail('timeout'));
    socket.on('error', (e) => fail(e.message));
    /** Decides on the reply; z-commands end it with a NUL, and clamd closes after answering. */
    const decide = () => {
      if (settled) return;
      const text = reply.replace(/\0/g, '').trim();
      const found = /^stream: (.+) FOUND$/.exec(text);
      if (found) {
        settled = true;
        resolve({ infected: true, signature: found[1] });
      } else if (text === 'stream: OK') {
        settled = true;
        resolve({ infected: false });
      } else {
        fail(`unexpected reply "${text.slice(0, 200)}"`);
      }
      file.destroy();
      socket.destroy();
    };
    socket.on('data', (d) => {
      reply += d.toString('utf8');
      if (reply.includes('\0')) decide();
    });
    socket.on('close', decide);
    socket.on('connect', async () => {
      try {
        socket.write('zINSTREAM\0');
        for await (const chunk of file) {
          const data = chunk as Buffer;
          const size = Buffer.alloc(4);
          size.writeUInt32BE(data.length);
          // Respect back-pressure so a large file is never held in memory.
          if (!socket.write(Buffer.concat([size, data]))) {
            await new Promise<void>((r, j) => {
              const closed = () => j(new Error('closed while sending'));
              socket.once('close', closed);
              socket.once('drain', () => {
                socket.off('close', closed);
                r();
              });
            });
          }
        }
        socket.write(Buffer.alloc(4));
      } catch (e) {
        // clamd may close early (e.g. size limit exceeded) and still answer; the close handler decides.
        if (!socket.destroyed && !settled) socket.end();
        if (!(e instanceof Error) || !/closed while sending/.test(e.message)) fail(String(e));
      }
    });
  });
}

/** Asks clamd for PONG; true when it answers (for health checks and tests). */
export function pingClamd(opts: { host: string; port: number; timeoutMs: number }): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection({ host: opts.host, port: opts.port });
    let reply = '';
    socket.setTimeout(opts.timeoutMs, () => socket.destroy());
    socket.on('error', () => resolve(false));
    socket.on('data', (d) => {
      reply += d.toString('utf8');
    });
    socket.on('close', () => resolve(reply.replace(/\0/g, '').trim() === 'PONG'));
    socket.on('connect', () => socket.end('zPING\0'));
  });
}
