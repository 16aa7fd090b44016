import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * public/zod-jitless.js turns zod's JIT off before the app loads (the CSP forbids eval) by writing the
 * global configuration object zod keeps on globalThis. A zod upgrade that moves it would silently bring
 * the eval probe back: this notices.
 */
describe('zod global configuration', () => {
  it('is the object public/zod-jitless.js writes', () => {
    const global = (globalThis as { __zod_globalConfig?: object }).__zod_globalConfig;
    expect(global).toBeDefined();
    expect(z.config()).toBe(global);
  });
});
