import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const EMBEDDED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/platform/db/embedded.ts');

describe('exit codes with the embedded PostgreSQL loaded (platform/db/embedded.ts)', () => {
  it('a process that set a failing exit code still exits with it (async-exit-hook answers beforeExit with exit(0))', () => {
    const run = (code: number) =>
      spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `await import(${JSON.stringify(EMBEDDED)}); process.exitCode = ${code};`,
        ],
        { encoding: 'utf8', timeout: 30_000 },
      );
    const failed = run(3);
    expect(failed.stderr).toBe('');
    expect(failed.status).toBe(3);
    expect(run(0).status).toBe(0);
  }, 60_000);
});
