import { afterAll, vi } from 'vitest';

/**
 * For a test file that needs the server's modules loaded under other settings (environment variables read
 * when a module loads, such as the cache times): the API project shares one module graph across the files of
 * a worker (vitest.config.ts, `isolate: false`), so the settings are stubbed and the module registry reset
 * before the file imports the app dynamically, and both are undone after it, so the next file loads the
 * modules again under the defaults.
 */
export function freshModules(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  afterAll(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });
}
