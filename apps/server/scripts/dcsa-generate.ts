// npm run dcsa:generate: writes the DCSA validators generated ahead of time (issue 42; see
// apps/server/src/platform/dcsa/dcsa-generate.ts). Run it after changing a spec YAML, the list of schemas, the
// OpenAPI translation or ajv; dcsa-precompiled.test.ts fails until then.
import path from 'node:path';
import { writeDcsaValidators } from '../src/platform/dcsa/dcsa-generate.js';

for (const { file, bytes } of writeDcsaValidators()) {
  console.info(`${path.relative(process.cwd(), file)}: ${(bytes / 1024).toFixed(0)} KiB`);
}
