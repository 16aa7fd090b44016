// Entry of a PDF worker thread (platform/pdf/pdf-pool.ts). Plain JavaScript because a worker does not inherit
// the TypeScript loader of the thread that starts it (a vitest run, `node --import tsx`): it registers tsx for
// itself, then loads the TypeScript worker loop.
import { register } from 'tsx/esm/api';

register();
await import(new URL('./pdf-worker.ts', import.meta.url).href);
