import { threadId } from 'node:worker_threads';

/** Renderers for the PDF pool's tests (pdf-pool.test.ts): they stand for a layout module. */

/** Answers the text and the thread that rendered it. */
export const echo = (input: { text: string }) =>
  new TextEncoder().encode(`${input.text} on thread ${threadId}`);

/** A layout that throws (bad data, a bug in the renderer). */
export const fails = (): Uint8Array => {
  throw new Error('layout exploded');
};

/** A worker that dies while rendering (in a worker thread, process.exit ends that thread only). */
export const crash = (): Uint8Array => process.exit(3);

/** Busy for `ms` milliseconds of CPU, then answers one byte (a slow document, or one that hangs). */
export const busy = (input: { ms: number }) => {
  const end = Date.now() + input.ms;
  while (Date.now() < end) {
    // burns CPU like a long layout
  }
  return new Uint8Array([1]);
};

let warmed = false;
/** Run by a worker of `start()` before its first document. */
export const warm = async () => {
  await new Promise((r) => setTimeout(r, 50));
  warmed = true;
};
/** Whether this worker ran `warm()`. */
export const wasWarmed = () => new TextEncoder().encode(String(warmed));
